//! Scanning the held document between frames: tasks of about 30 ms
//! (issue 15: no task over 50 ms), the table sorted again at most every
//! half second and the page rendered again at most every 100 ms while the
//! scan runs, and not at all before the end when the rest will take less
//! than 150 ms; then, after the frame that shows the list, the first row is
//! picked (when the box draws nothing of its own) and what waits for the
//! scan (the save) runs.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::timers::callback::Timeout;

use super::document::after_paint;
use super::timing;
use crate::ui::document::{Document, SCAN_CHUNK};

/// One task scans until this many milliseconds have passed, then yields so
/// the page can paint and take input (issue 15: no task over 50 ms).
const TASK_MS: f64 = 30.0;
/// A scan whose rest will take at most this long (at the pace so far)
/// renders no progress before it ends: the listing target for a 5 MB
/// paste (issue 7) is 200 ms, and each progress render costs 15-40 ms with
/// its layout and paint. A 20 MB module (about 250 ms of scanning) has
/// about 120 ms left after its second task, so it shows `scanning N%`
/// and lists every row at the end (440-460 ms after the key press).
const QUIET_MS: f64 = 150.0;
/// The smallest chunk scanned in one go.
const MIN_CHUNK: usize = 4 * 1024;
/// The first chunk scanned.
const FIRST_CHUNK: usize = 16 * 1024;
/// While scanning, the table is sorted again at most this often.
const REFRESH_MS: f64 = 500.0;
/// While scanning, the page (summary and progress) is rendered again at
/// most this often: each render diffs the whole app and lays out the table.
const PROGRESS_MS: f64 = 100.0;

/// When the running scan last sorted the table and rendered the page, and
/// how many bytes its next step takes.
struct Pacing {
    refreshed: Cell<f64>,
    /// How long the last sort of the table took.
    refresh_ms: Cell<f64>,
    rendered: Cell<f64>,
    budget: Cell<usize>,
    /// Tasks run so far.
    tasks: Cell<u32>,
}

/// What to do once the scan is done (run in a task of its own).
pub(super) type AfterScan = Rc<RefCell<Option<Box<dyn FnOnce()>>>>;

/// Scans the next part of the document in a later task; once it is done
/// and its list painted, calls `pick` and then runs what `after` holds.
pub(super) fn scan_later(
    doc: Rc<RefCell<Option<Document>>>,
    task: Rc<RefCell<Option<Timeout>>>,
    bump: Rc<dyn Fn()>,
    after: AfterScan,
    pick: Rc<dyn Fn()>,
) {
    // The first step is small: some texts scan far slower than HLO (5 MB
    // of brackets took 320 ms for a first 256 KB); later steps are sized
    // from how fast the earlier ones went.
    let pacing = Rc::new(Pacing {
        refreshed: Cell::new(f64::NEG_INFINITY),
        refresh_ms: Cell::new(0.0),
        rendered: Cell::new(f64::NEG_INFINITY),
        budget: Cell::new(FIRST_CHUNK),
        tasks: Cell::new(0),
    });
    scan_task(doc, task, bump, pacing, after, pick);
}

fn scan_task(
    doc: Rc<RefCell<Option<Document>>>,
    task: Rc<RefCell<Option<Timeout>>>,
    bump: Rc<dyn Fn()>,
    pacing: Rc<Pacing>,
    after: AfterScan,
    pick: Rc<dyn Fn()>,
) {
    let next = task.clone();
    *task.borrow_mut() = Some(Timeout::new(0, move || {
        let started = timing::now();
        let (done, show) = {
            let mut guard = doc.borrow_mut();
            let Some(d) = guard.as_mut() else { return };
            let budget = &pacing.budget;
            let scanned_before = d.scanned;
            // A task that will sort the table leaves time for that.
            let limit = if started + TASK_MS - pacing.refreshed.get() >= REFRESH_MS {
                (TASK_MS - pacing.refresh_ms.get()).max(TASK_MS / 3.0)
            } else {
                TASK_MS
            };
            pacing.tasks.set(pacing.tasks.get() + 1);
            let done = loop {
                let before = timing::now();
                let bytes = budget.get();
                if d.scan_only(bytes) {
                    break true;
                }
                let now = timing::now();
                // Some texts scan far slower than HLO (long runs of
                // brackets): the chunk shrinks so one stays near TASK_MS / 3.
                let took = (now - before).max(0.1);
                // It grows at most fourfold a step: a step that went fast
                // by chance must not make the next one take 100 ms.
                let next = (bytes as f64 * (TASK_MS / 3.0) / took) as usize;
                let next = next.min(bytes.saturating_mul(4));
                budget.set(next.clamp(MIN_CHUNK, SCAN_CHUNK * 16));
                if now - started > limit {
                    break false;
                }
            };
            timing::since("scan.scan", started);
            // The page shows progress, but not after every step, and not
            // when the rest will be scanned within QUIET_MS at this task's
            // pace: the last render shows the whole table soon anyway, and
            // a render with its layout and paint costs 15-40 ms of a 5 MB
            // paste's 200 ms (issue 7). The pace is the whole task's, and
            // never the first task's: V8 first runs wasm in its baseline
            // compiler and optimises hot functions while they run, so the
            // first megabyte of a 5 MB module scanned at 20-40 KB/ms and
            // the rest at 80-100 (measured in the paste harness).
            let now = timing::now();
            let pace = (d.scanned - scanned_before) as f64 / (now - started).max(0.1);
            let rest = d.text.len().saturating_sub(d.scanned) as f64;
            let show = done
                || (pacing.tasks.get() >= 2
                    && rest > pace * QUIET_MS
                    && now - pacing.rendered.get() >= PROGRESS_MS);
            // Sorting many rows is itself work: while the scan runs, the
            // table is brought up to date at most every REFRESH_MS, and
            // only for a render.
            if show && (done || now - pacing.refreshed.get() >= REFRESH_MS) {
                pacing.refreshed.set(now);
                d.refresh();
                pacing.refresh_ms.set(timing::now() - now);
                timing::since("scan.refresh", now);
            }
            (done, show)
        };
        timing::since("scan.task", started);
        if show {
            let t1 = timing::now();
            pacing.rendered.set(t1);
            bump();
            // The render runs in a microtask queued by the bump; this one
            // runs after it (the paste harness shows `scan.render`).
            wasm_bindgen_futures::spawn_local(async move { timing::since("scan.render", t1) });
        }
        if !done {
            scan_task(doc, next, bump, pacing, after, pick);
        } else {
            // After the frame that shows the whole list: a task queued now
            // would run before that frame's paint (issue 7).
            let after = after.borrow_mut().take();
            after_paint(move || {
                pick();
                if let Some(f) = after {
                    f();
                }
            });
        }
    }));
}
