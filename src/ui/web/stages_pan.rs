//! Panning the zoomed stage view (issue 71): `#step-pan` holds the
//! buttons that move its window by one window (`#step-pan-left`,
//! `-right`, `-up`, `-down`; disabled at the stage's edge, none along an
//! axis the window already spans), and Shift+arrow keys move it the same
//! way while the zoomed stage view is open and the focus is in it (or on
//! nothing): elsewhere on the page Shift+← → still step by a tile
//! (`keys.rs`). The window itself is `ui/stepper/zoom.rs`'s. (Every
//! string here is in the app's first part, with all data: few and short.)

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions, EventListenerPhase};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use crate::ui::stepper::zoom::Window;

/// The window shown and what moves it (to a new top-left), while zoomed.
pub(super) type PanNow = Rc<RefCell<Option<(Window, Callback<(u64, u64)>)>>>;

/// The buttons: direction, arrow key, (down, right), text.
const PANS: [(&str, &str, (i64, i64), &str); 4] = [
    ("left", "ArrowLeft", (0, -1), "←"),
    ("right", "ArrowRight", (0, 1), "→"),
    ("up", "ArrowUp", (-1, 0), "↑"),
    ("down", "ArrowDown", (1, 0), "↓"),
];

/// The pan buttons for `window` (nothing when it shows the whole stage);
/// `go` gets the window's new top-left.
pub(super) fn pan_buttons(window: &Window, go: &Callback<(u64, u64)>) -> Html {
    let rows = window.all_rows > window.step_rows;
    let cols = window.all_cols > window.step_cols;
    if !rows && !cols {
        return html! {};
    }
    html! {
        <span id="step-pan" role="group" aria-label="Pan the stage">
            { for PANS.iter().filter(|p| if p.2 .0 == 0 { cols } else { rows }).map(|&(dir, _, (dr, dc), text)| {
                let to = window.moved(dr, dc);
                let go = go.reform(move |_: MouseEvent| to);
                let label = format!("Pan the stage {dir}");
                html! {
                    <button type="button" id={format!("step-pan-{dir}")} aria-label={label.clone()} title={label}
                        disabled={!window.can(dr, dc)} onclick={go}>{ text }</button>
                }
            }) }
        </span>
    }
}

/// While mounted: Shift+arrows move the window in `now` (when zoomed),
/// if the focus is on the stage view's buttons or on nothing. Listened
/// for before the page's keys (`keys.rs`), which then do not see them.
#[hook]
pub(super) fn use_pan_keys(now: PanNow) {
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|window| {
            let options = EventListenerOptions {
                phase: EventListenerPhase::Capture,
                passive: false,
            };
            EventListener::new_with_options(&window, "keydown", options, move |e| {
                let Some(e) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if !e.shift_key() || e.ctrl_key() || e.meta_key() || e.alt_key() {
                    return;
                }
                let Some(&(_, _, (dr, dc), _)) = PANS.iter().find(|p| p.1 == e.key()) else {
                    return;
                };
                let focus = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.active_element());
                let here = focus.is_none_or(|a| {
                    let id = a.id();
                    a.tag_name().eq_ignore_ascii_case("body")
                        || id.starts_with("step-pan")
                        || matches!(
                            id.as_str(),
                            "step-prev" | "step-next" | "step-zoom" | "step-off"
                        )
                });
                let Some((w, go)) = now.borrow().clone() else {
                    return;
                };
                // Only along an axis the window pans: else the key keeps
                // its page meaning (Shift+← → step by a tile).
                let pans = if dr != 0 {
                    w.all_rows > w.step_rows
                } else {
                    w.all_cols > w.step_cols
                };
                if !here || !pans {
                    return;
                }
                e.prevent_default();
                e.stop_propagation();
                if w.can(dr, dc) {
                    go.emit(w.moved(dr, dc));
                }
            })
        });
        move || drop(listener)
    });
}
