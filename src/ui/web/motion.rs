//! The reader's motion preference, read by every panel that animates,
//! and the move between two stages that the step panel (embed mode) and
//! the stage view (the app) both make.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::render::{request_animation_frame, AnimationFrame};

use crate::ui::stepper::{Placed, Transition};

/// Whether the system asks for less motion (`prefers-reduced-motion:
/// reduce`): embed mode's autoplay stays off, the stages change without
/// animating.
pub(super) fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|q| q.matches())
}

/// The animation frame a panel has asked for, if any (dropping it stops
/// the move).
pub(super) type Frame = Rc<RefCell<Option<AnimationFrame>>>;

/// How long cells take to move between stages.
const MOVE_MS: f64 = 450.0;

/// A stage as a panel paints it: its cells in pixels, and whatever else
/// its painter needs (fills, letters).
pub(super) trait Stage {
    fn cells(&self) -> &[Placed];
}

/// Shows `to`, the stage of `model`: when the stage drawn last (`last`)
/// is another of the same model's, every cell moves from its place there
/// to its place in `to` over [`MOVE_MS`] (the pairing made once, a frame
/// only interpolating and painting), unless the system asks for less
/// motion; else `to` is painted at once. `paint(stage, cells)` paints
/// `cells` with `stage`'s fills. Whatever move was running stops.
// Out of line: a panel's effect runs when the app starts, a stage change
// only once the user opens the stages (wasm-split leaves this in the
// app's second part).
#[inline(never)]
pub(super) fn change_stage<K: PartialEq, S: Stage + 'static>(
    frame: &Frame,
    last: &RefCell<Option<(K, Rc<S>)>>,
    model: K,
    to: Rc<S>,
    paint: impl Fn(&S, &[Placed]) + 'static,
) {
    frame.borrow_mut().take();
    let from = last
        .borrow()
        .as_ref()
        .filter(|(m, from)| *m == model && !Rc::ptr_eq(from, &to))
        .map(|(_, from)| from.clone());
    match from {
        Some(from) if !reduced_motion() => {
            let moving = Transition::new(from.cells(), to.cells());
            let end = to.clone();
            let draw = move |t: Option<f64>| match t {
                Some(t) => paint(&end, &moving.at(t)),
                None => paint(&end, end.cells()),
            };
            animate(frame.clone(), Rc::new(draw), None);
        }
        _ => paint(&to, to.cells()),
    }
    *last.borrow_mut() = Some((model, to));
}

/// `draw(Some(t))` each frame for `t` from 0 towards 1 over [`MOVE_MS`],
/// then `draw(None)` once, the move's end.
fn animate<D: Fn(Option<f64>) + 'static>(frame: Frame, draw: Rc<D>, start: Option<f64>) {
    let next = frame.clone();
    let handle = request_animation_frame(move |now| {
        let start = start.unwrap_or(now);
        let t = (now - start) / MOVE_MS;
        if t >= 1.0 {
            draw(None);
            next.borrow_mut().take();
            return;
        }
        draw(Some(t));
        animate(next, draw, Some(start));
    });
    *frame.borrow_mut() = Some(handle);
}
