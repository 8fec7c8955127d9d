//! Timings for the in-page harness (`static/bench.js`,
//! `scripts/bench-browser.mjs`): the app appends milliseconds to arrays in
//! `window.__xlaLayoutTimings`:
//!
//! - `frame`: an animation frame's work, from the requestAnimationFrame
//!   callback to the end of the paint (reducer, render and paint);
//! - `input`: from an input event on the shape field to the end of the
//!   paint that shows its result;
//! - `paint`: every paint, alone; `rebuild`: paints that redrew a pane;
//! - `suggest`: the reducer's work for "Suggest layouts" (the search);
//! - `warm`: each scene the idle warm-up builds (`warm.rs`);
//! - `panels`: from an input event to the render of the side panels that
//!   show its model, which follows the picture's paint (`later.rs`);
//! - `render.info`: when the cell panel rendered (ms from the page's time
//!   origin): a keystroke renders it once, after the picture's paint
//!   (tests/e2e/explain.test.mjs).
//!
//! [`paint_done`] also knows when the first picture has been drawn, so
//! [`on_first_picture`] runs work that must wait for it (the warm-up).

use std::cell::Cell;

use js_sys::{Array, Object, Reflect};
use wasm_bindgen::JsValue;

/// Entries kept per series; older ones are dropped.
const MAX_ENTRIES: u32 = 20_000;

thread_local! {
    static FRAME_START: Cell<Option<f64>> = const { Cell::new(None) };
    static INPUT_START: Cell<Option<f64>> = const { Cell::new(None) };
    static PANELS_START: Cell<Option<f64>> = const { Cell::new(None) };
    /// True once a paint has drawn a pane.
    static PICTURED: Cell<bool> = const { Cell::new(false) };
    /// Runs once, right after that first picture.
    static FIRST_PICTURE: Cell<Option<fn()>> = const { Cell::new(None) };
}

/// Runs `f` once the first paint that draws a pane is done (at once if it
/// already is): for work that must never delay the first picture.
pub fn on_first_picture(f: fn()) {
    if PICTURED.with(Cell::get) {
        f();
    } else {
        FIRST_PICTURE.with(|c| c.set(Some(f)));
    }
}

/// Milliseconds from the page's time origin.
pub fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// An animation frame starts now.
pub fn frame_started() {
    FRAME_START.with(|c| c.set(Some(now())));
}

/// An input event on the shape field started at `at` (the event's time).
pub fn input_started(at: f64) {
    INPUT_START.with(|c| c.set(Some(at)));
    PANELS_START.with(|c| c.set(Some(at)));
}

/// The side panels have rendered a new model: the end of the last input's
/// `panels` time, if an input is waiting for it.
pub fn panels_done() {
    if let Some(t) = PANELS_START.with(Cell::take) {
        record("panels", now() - t);
    }
}

/// A paint that started at `start` is done; `rebuilt` when it redrew a
/// pane, with the time spent building scenes and drawing them.
pub fn paint_done(start: f64, rebuilt: bool, scene_ms: f64, draw_ms: f64) {
    let end = now();
    record("paint", end - start);
    if rebuilt {
        record("rebuild", end - start);
        record("scene", scene_ms);
        record("draw", draw_ms);
    }
    if let Some(t) = FRAME_START.with(|c| c.take()) {
        record("frame", end - t);
    }
    if let Some(t) = INPUT_START.with(|c| c.take()) {
        record("input", end - t);
    }
    if rebuilt && !PICTURED.with(|c| c.replace(true)) {
        if let Some(f) = FIRST_PICTURE.with(Cell::take) {
            f();
        }
    }
}

/// A component rendered: the time under `series` (see `render.info`).
pub fn rendered(series: &str) {
    record(series, now());
}

/// Records the time since `start` under `series` (the paste harness reads
/// `paste.*`, `scan.*` and `save.*` to show where a large paste's time goes;
/// the suggestion benchmark reads `suggest`, the search alone).
pub fn since(series: &str, start: f64) {
    record(series, now() - start);
}

fn record(series: &str, ms: f64) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let key = JsValue::from_str("__xlaLayoutTimings");
    let root = match Reflect::get(&window, &key) {
        Ok(v) if v.is_object() => v,
        _ => {
            let o = Object::new();
            let _ = Reflect::set(&window, &key, &o);
            o.into()
        }
    };
    let name = JsValue::from_str(series);
    let list: Array = match Reflect::get(&root, &name) {
        Ok(v) if Array::is_array(&v) => v.into(),
        _ => {
            let a = Array::new();
            let _ = Reflect::set(&root, &name, &a);
            a
        }
    };
    if list.length() >= MAX_ENTRIES {
        list.shift();
    }
    list.push(&JsValue::from_f64(ms));
    // The paste harness (DETAIL=1) also wants when: `[series, end, ms]`,
    // kept only when it has set up `__xlaLayoutTimeline`.
    let key = JsValue::from_str("__xlaLayoutTimeline");
    if let Ok(v) = Reflect::get(&window, &key) {
        if Array::is_array(&v) {
            let line: Array = v.into();
            if line.length() < MAX_ENTRIES {
                let entry = Array::of3(&name, &JsValue::from_f64(now()), &JsValue::from_f64(ms));
                line.push(&entry);
            }
        }
    }
}
