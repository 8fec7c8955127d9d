//! One pane's draw commands, for either view.

use crate::core::Mapping;
use crate::render::world::camera::Camera;
use crate::render::world::frame::Frame;
use crate::render::world::views::{LogicalView, MemoryView, Pane};
use crate::render::world::worlds::Worlds;

use super::commands::PaneScene;
use super::logical::logical_pane;
use super::memory::memory_pane;
use super::style::Style;
use super::titles::{logical_title, memory_title};

/// The draw commands of one pane.
pub fn pane_scene(
    mapping: &Mapping,
    worlds: &Worlds,
    frame: &Frame,
    pane: Pane,
    camera: &Camera,
    style: &Style<'_>,
) -> PaneScene {
    let rect = frame.pane(pane);
    let mut scene = match pane {
        Pane::Logical => logical_pane(
            &mut LogicalView::new(mapping, worlds.logical.clone()),
            camera,
            &rect,
            style,
            logical_title(mapping),
        ),
        Pane::Memory => memory_pane(
            &mut MemoryView::new(mapping, worlds.memory.row_width),
            camera,
            &rect,
            style,
            memory_title(mapping, &worlds.memory),
        ),
    };
    super::margin::scale_margin(&mut scene, frame.text);
    scene
}
