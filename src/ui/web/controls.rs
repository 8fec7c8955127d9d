//! The bar above the canvas: the animation (play, steps, scrubbing, speed,
//! loop, follow) and how the pictures look (colours, row width, fit).

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::render::world::ColourMode;
use crate::ui::anim::{slider_to_speed, speed_to_slider};
use crate::ui::state::{Action, State};

#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    pub state: UseReducerHandle<State>,
    pub dispatch: Callback<Action>,
}

/// `1.5 k/s`, `2 /s`, `10 M/s`.
pub fn speed_text(speed: f64) -> String {
    let (value, unit) = if speed >= 1e6 {
        (speed / 1e6, "M")
    } else if speed >= 1e3 {
        (speed / 1e3, "k")
    } else {
        (speed, "")
    };
    let digits = if value < 10.0 && value.fract() > 0.05 {
        1
    } else {
        0
    };
    format!("{value:.digits$} {unit}/s")
}

#[function_component]
pub fn Controls(props: &ControlsProps) -> Html {
    let s = &props.state;
    let d = &props.dispatch;
    let footprint = s.anim.footprint;
    let disabled = footprint == 0;
    let last = footprint.saturating_sub(1);
    let tiled = s.mapping().is_some_and(|m| m.num_levels() > 0);
    // A button's accessible name starts with its visible text (WCAG 2.5.3,
    // label in name: a voice user says what they see), then what it does;
    // its key is in aria-keyshortcuts and the tooltip. All literals: no
    // formatting or case mapping code in the bundle for them.
    let button = |label: &'static str,
                  name: &'static str,
                  title: &'static str,
                  keys: &'static str,
                  id: &'static str,
                  action: Action| {
        let onclick = d.reform(move |_: MouseEvent| action.clone());
        html! {
            <button {id} type="button" {title} aria-label={name} aria-keyshortcuts={keys}
                {onclick} {disabled}>{ label }</button>
        }
    };
    let on_scrub = d.reform(|e: InputEvent| {
        let v = e
            .target_unchecked_into::<HtmlInputElement>()
            .value_as_number();
        Action::Seek(if v.is_finite() && v > 0.0 {
            v as u64
        } else {
            0
        })
    });
    let on_speed = d.reform(|e: InputEvent| {
        let v = e
            .target_unchecked_into::<HtmlInputElement>()
            .value_as_number();
        Action::Speed(slider_to_speed(v))
    });
    let on_loop =
        d.reform(|e: Event| Action::Loop(e.target_unchecked_into::<HtmlInputElement>().checked()));
    let on_follow = d
        .reform(|e: Event| Action::Follow(e.target_unchecked_into::<HtmlInputElement>().checked()));
    let on_mode = d.reform(|e: Event| {
        Action::Mode(
            match e
                .target_unchecked_into::<HtmlSelectElement>()
                .value()
                .as_str()
            {
                "tile" => ColourMode::Tile,
                "logical" => ColourMode::Logical,
                _ => ColourMode::Offset,
            },
        )
    });
    let on_row = d.reform(|e: Event| {
        let v = e
            .target_unchecked_into::<HtmlInputElement>()
            .value_as_number();
        Action::RowWidth((v.is_finite() && v >= 1.0).then_some(v.min(1e15) as u64))
    });
    let play_label = if s.anim.playing {
        "❚❚ Pause"
    } else {
        "▶ Play"
    };
    let on_play = d.reform(|_: MouseEvent| Action::TogglePlay);
    let mode = s.settings.mode;
    html! {
        <div class="controls" role="toolbar" aria-label="Animation and view">
            <div class="group">
                { button("|◀", "|◀: back to offset 0", "Back to offset 0 (Home)", "Home", "seek-start", Action::Seek(0)) }
                { button("−tile", "−tile: back one tile", "Back one tile (Shift+←)", "Shift+ArrowLeft", "step-tile-back", Action::StepTile(-1)) }
                { button("−1", "−1: back one element", "Back one element (←)", "ArrowLeft", "step-back", Action::Step(-1)) }
                <button id="play" type="button" class="primary" onclick={on_play} {disabled}
                    title="Play or pause (space)" aria-keyshortcuts="Space" aria-pressed={s.anim.playing.to_string()}>{ play_label }</button>
                { button("+1", "+1: forward one element", "Forward one element (→)", "ArrowRight", "step-forward", Action::Step(1)) }
                { button("+tile", "+tile: forward one tile", "Forward one tile (Shift+→)", "Shift+ArrowRight", "step-tile-forward", Action::StepTile(1)) }
                { button("▶|", "▶|: to the last offset", "To the last offset (End)", "End", "seek-end", Action::Seek(last)) }
            </div>
            <div class="group grow">
                <input id="scrub" class="scrub" type="range" min="0" max={last.to_string()} step="1"
                    value={s.anim.cursor.to_string()} oninput={on_scrub} {disabled} aria-label="Memory offset" />
                <output id="cursor-readout" class="readout">{ format!("offset {} of {}", s.anim.cursor, last) }</output>
            </div>
            <div class="group">
                <label title="Elements per second (+ / −)">{ "Speed " }
                    <input id="speed" type="range" min="0" max="7" step="0.05"
                        value={speed_to_slider(s.anim.speed).to_string()} oninput={on_speed} />
                </label>
                <output id="speed-readout" class="readout">{ speed_text(s.anim.speed) }</output>
                <label><input id="loop" type="checkbox" checked={s.anim.looping} onchange={on_loop} />{ " loop" }</label>
                <label title="Pan zoomed views to keep the cursor in sight">
                    <input id="follow" type="checkbox" checked={s.settings.follow} onchange={on_follow} />{ " follow" }
                </label>
            </div>
            <div class="group">
                <label>{ "Colour by " }
                    <select id="colour-mode" onchange={on_mode}>
                        <option value="offset" selected={mode == ColourMode::Offset}>{ "memory offset" }</option>
                        <option value="tile" selected={mode == ColourMode::Tile} disabled={!tiled}>{ "tile" }</option>
                        <option value="logical" selected={mode == ColourMode::Logical}>{ "logical index" }</option>
                    </select>
                </label>
                <label title="Elements per memory row (empty: automatic)">{ "Row " }
                    <input id="row-width" type="number" min="1" class="row-width"
                        placeholder={s.worlds.as_ref().map(|w| w.memory.row_width.to_string()).unwrap_or_default()}
                        value={s.settings.row_width.map(|w| w.to_string()).unwrap_or_default()}
                        onchange={on_row} />
                </label>
                { button("Fit", "Fit: show everything", "Show everything (f)", "F", "fit", Action::Fit(None)) }
            </div>
        </div>
    }
}
