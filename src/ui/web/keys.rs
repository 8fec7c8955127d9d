//! Keyboard: space plays or pauses, arrows step (with Shift, by a tile),
//! `+` / `-` change the speed, `f` fits, Home / End jump, Escape unpins,
//! `[` / `]` step through the tiling (Escape closes it first), `p` turns
//! presentation mode on or off, `z` / `x` zoom the views in and out at
//! their centres, `w` `a` `s` `d` pan them. In the zoomed stage view,
//! `stages_pan.rs` takes Shift+arrows first (to pan the stage).
//! Keys typed into a text field or a menu are left alone, and so are the
//! keys that scroll a focused box that scrolls.

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent};
use yew::prelude::*;

use crate::ui::state::Action;

/// One zoom key's factor.
const ZOOM_STEP: f64 = 1.25;

/// The action for a key, if it has one.
pub fn action_for(key: &str, shift: bool) -> Option<Action> {
    Some(match (key, shift) {
        (" ", _) => Action::TogglePlay,
        ("ArrowRight", false) => Action::Step(1),
        ("ArrowLeft", false) => Action::Step(-1),
        ("ArrowRight", true) => Action::StepTile(1),
        ("ArrowLeft", true) => Action::StepTile(-1),
        ("+" | "=", _) => Action::Faster,
        ("-" | "_", _) => Action::Slower,
        ("f" | "F", _) => Action::Fit(None),
        ("Home", _) => Action::Seek(0),
        ("End", _) => Action::Seek(u64::MAX),
        ("Escape", _) => Action::Escape,
        ("[", _) => Action::StageStep(-1),
        ("]", _) => Action::StageStep(1),
        ("p" | "P", _) => Action::TogglePresent,
        ("z", _) => Action::ZoomKey(ZOOM_STEP),
        ("x" | "Z", _) => Action::ZoomKey(1.0 / ZOOM_STEP),
        ("w" | "W", _) => Action::PanKey(0.0, 1.0),
        ("s" | "S", _) => Action::PanKey(0.0, -1.0),
        ("a" | "A", _) => Action::PanKey(1.0, 0.0),
        ("d" | "D", _) => Action::PanKey(-1.0, 0.0),
        _ => return None,
    })
}

/// Whether the key belongs to the focused element: any key in a text
/// field, slider or menu; space and Enter on a button (which clicks it);
/// the keys that scroll, on a box that scrolls (the device grid's).
fn belongs_to_target(target: Option<web_sys::EventTarget>, key: &str) -> bool {
    let Some(el) = target.and_then(|t| t.dyn_into::<Element>().ok()) else {
        return false;
    };
    let kind = el.get_attribute("type").unwrap_or_default();
    match el.tag_name().to_ascii_lowercase().as_str() {
        // Space plays from a slider or a check box too (issue 71).
        "input" if key == " " && matches!(kind.as_str(), "range" | "checkbox") => false,
        "input" | "select" | "textarea" => true,
        "button" => matches!(key, " " | "Enter"),
        "body" | "html" => false,
        _ if el.scroll_height() > el.client_height() && el.has_attribute("tabindex") => {
            matches!(
                key,
                " " | "Home" | "End" | "PageUp" | "PageDown" | "ArrowUp" | "ArrowDown"
            ) || el.has_attribute("contenteditable")
        }
        _ => el.has_attribute("contenteditable"),
    }
}

/// Listens for the keys above on the whole page while mounted.
#[hook]
pub fn use_keyboard(dispatch: Callback<Action>) {
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|window| {
            // Not passive: the keys it takes must not also scroll the page.
            let options = EventListenerOptions::enable_prevent_default();
            EventListener::new_with_options(&window, "keydown", options, move |e| {
                let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if e.ctrl_key()
                    || e.meta_key()
                    || e.alt_key()
                    || belongs_to_target(e.target(), &e.key())
                {
                    return;
                }
                if let Some(action) = action_for(&e.key(), e.shift_key()) {
                    e.prevent_default();
                    dispatch.emit(action);
                }
            })
        });
        move || drop(listener)
    });
}
