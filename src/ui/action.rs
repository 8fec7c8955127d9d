//! What the page can ask of its state ([`super::state::State::apply`]):
//! one [`Action`] per user gesture or page event.

use crate::render::world::{ColourMode, Pane};

use super::model::PadValue;
use super::presets::Preset;
use super::settings::ThemeChoice;

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// The user changed the shape text.
    Edit(String),
    /// The user picked a preset.
    Preset(&'static Preset),
    /// Draw this tuple leaf.
    Leaf(Vec<usize>),
    /// The older proto's padded dims text, and its padding value.
    Padded(String),
    PadValue(PadValue),
    Mode(ColourMode),
    Theme(ThemeChoice),
    SystemDark(bool),
    RowWidth(Option<u64>),
    Follow(bool),
    /// The canvas's CSS size.
    Resize(f64, f64),
    /// Zoom by a factor at a canvas point (the pane under it).
    Zoom {
        x: f64,
        y: f64,
        factor: f64,
    },
    /// Move a pane's picture by pixels.
    Pan {
        pane: Pane,
        dx: f64,
        dy: f64,
    },
    /// The zoom and pan keys: both panes, at their centres / by a fifth
    /// of the pane in the direction given (`1`: the picture moves right
    /// or down).
    ZoomKey(f64),
    PanKey(f64, f64),
    /// Show everything again (one pane, or both).
    Fit(Option<Pane>),
    /// The pointer is at a canvas point, or left it.
    Hover(Option<(f64, f64)>),
    /// The pointer is over this memory offset of the drawn leaf in another
    /// view (the compare view), or left it: lit like a hover.
    HoverOffset(Option<u64>),
    /// A click at a canvas point: pin or unpin a cell, or jump via a minimap.
    Click(f64, f64),
    /// Pin the cell at this memory offset of the drawn leaf, clicked in
    /// another view (the stage view), or unpin it when it is pinned.
    PinOffset(u64),
    Unpin,
    /// The Escape key: closes the stages when open, else unpins.
    Escape,
    Play,
    Pause,
    TogglePlay,
    /// Move the cursor by elements, or by whole tiles.
    Step(i64),
    StepTile(i64),
    Seek(u64),
    /// Elements per second.
    Speed(f64),
    Faster,
    Slower,
    Loop(bool),
    /// An animation frame at this time (milliseconds).
    Tick(f64),
    /// Work out the layouts that occupy less (on demand: up to 8! orders).
    Suggest,
    /// Open the "compare with" box (prefilled with another layout of the
    /// same dims), or close it.
    CompareToggle,
    /// The text of the "compare with" box (opens it).
    CompareEdit(String),
    /// Step mode: move by stages (opens it at the first stage).
    StageStep(i64),
    /// Leave step mode.
    StageOff,
    /// Presentation mode on or off (`ui::present`); `TogglePresent` flips it.
    Present(bool),
    TogglePresent,
    /// The sharding field's text.
    Sharding(String),
    /// Show this device's shard (an index into the devices listed).
    Device(usize),
}
