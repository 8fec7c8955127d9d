//! Warming the scanner up before the first paste.
//!
//! V8 first runs a wasm function in its baseline compiler and optimises it
//! once it has run for a while. In the paste harness the first megabyte of
//! a 5 MB module scanned at 20-40 KB/ms and the rest at 80-100 KB/ms, so a
//! paste paid for the warm-up inside the 200 ms it is given (issue 7). The
//! full app scans a small made-up module once the page is idle, so that
//! the optimised scanner is ready before the user pastes; the result is
//! dropped.

use std::rc::Rc;

use gloo::timers::callback::Timeout;

use crate::ui::document::Document;
use crate::ui::warm_sample::WARM_SAMPLE;

/// How long after the app mounts the warm-up runs: after the first paint
/// and the start-up work (issue 9's first paint is about 220 ms).
const AFTER_MS: u32 = 600;
/// Tasks of the warm-up, each scanning the sample this many times: a few
/// milliseconds each in the baseline compiler.
const TASKS: u32 = 4;
const REPEAT: usize = 60;

/// Schedules the warm-up (short, so nothing cancels it).
pub(super) fn warm_up_later() {
    Timeout::new(AFTER_MS, || {
        let text: Rc<str> = WARM_SAMPLE.repeat(REPEAT).into();
        task(text, TASKS);
    })
    .forget();
}

fn task(text: Rc<str>, left: u32) {
    if left == 0 {
        return;
    }
    Document::new(Rc::clone(&text)).scan_all();
    // Each task in its own turn of the event loop: input is never kept
    // waiting behind more than one of them.
    Timeout::new(0, move || task(text, left - 1)).forget();
}
