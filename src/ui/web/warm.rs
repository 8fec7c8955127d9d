//! Warming up, when the page is idle, the code a first paste or a first
//! keystroke would otherwise run cold.
//!
//! V8 first runs a wasm function in its baseline compiler and optimises it
//! once it has run for a while. In the paste harness the first megabyte of
//! a 5 MB module scanned at 20-40 KB/ms and the rest at 80-100 KB/ms, so a
//! paste paid for the warm-up inside the 200 ms it is given (issue 7). The
//! full app scans a small made-up module once the page is idle, so that
//! the optimised scanner is ready before the user pastes; the result is
//! dropped.
//!
//! The same holds for the panes' scenes (issue 24): the first keystrokes
//! after a load took twice as long as later ones (first-round p95 21-24 ms
//! against 9.5 warm), all of it in scene building. Once the first picture
//! has painted, the app builds a few scenes of four tiled shapes in small
//! tasks (0.2-4.5 ms each) and drops them: the logical and memory panes,
//! multi-level tiles, `*` merges, boundaries at every level. Each is also
//! drawn on a canvas outside the page, which warms the drawing (the glue,
//! fonts, line paths): a first keystroke's drawing took 3-9.5 ms without.
//! Before the scenes, the same canvas draws the cell labels' characters
//! at each of their sizes and the hatching of padding, which the page's
//! canvas then finds ready. Each task posts the next as a message
//! (`soon.rs`), so the whole warm-up is done about 120 ms after the first
//! picture, not after the 4 ms a nested `setTimeout` chain waits a task.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::callback::Timeout;

use super::soon::soon;
use super::timing;
use crate::render::backend::canvas::paint::Painter;
use crate::render::scene::annotate::CELL_LABEL_SIZES;
use crate::render::scene::{pane_scene, Labelling, Style};
use crate::render::world::{ColourMode, Colouring, Frame, Pane, Theme, ThemeKind, Worlds};
use crate::ui::document::Document;
use crate::ui::model::{analyse, Request};
use crate::ui::warm_sample::WARM_SAMPLE;

/// How long after the app mounts the warm-up runs: after the first paint
/// and the start-up work (issue 9's first paint is about 220 ms).
const AFTER_MS: u32 = 600;
/// Tasks of the warm-up, each scanning the sample this many times: a few
/// milliseconds each in the baseline compiler.
const TASKS: u32 = 4;
const REPEAT: usize = 60;

/// Shapes whose scenes warm the renderer: two tiling levels with a minor
/// dimension of 1, and `*` merges over five dimensions; then the first
/// again with one outer dimension longer than 1, whose slices' terms are
/// linear: the logical pane then sums a row's and a column's record
/// (`grid/pairs.rs`), a loop the other two never run; and a 5-d shape whose
/// slices split into outer groups, which makes those records by the
/// thousand. Without the last two, the first keystroke of such a shape
/// (`bf16[8,1,1280,16384]`, `s32[2048,1,128,128,4]` in the harness) had V8
/// compile that code with its optimising compiler on the other core while
/// the keystroke ran (docs/performance/warm-up.md, "The first round's optimising
/// compiles").
const SCENE_SAMPLES: [&str; 4] = [
    "bf16[4,3,40,300]{3,2,0,1:T(8,128)(2,1)}",
    "f32[2,5,6,7,9]{4,3,2,1,0:T(*,*,2,*,3)}",
    "bf16[4,1,40,300]{3,2,0,1:T(8,128)(2,1)}",
    "s32[16,1,8,128,4]{4,3,2,0,1:T(8,128)}",
];
/// The frame the warm-up scenes fill, round by round (one task per round,
/// shape and pane): small, so that each task stays short, and smallest
/// first, while the code still runs in the baseline compiler (the first
/// task took up to 20 ms at the full size). The last rounds repeat the
/// largest frame: with five rounds the first keystroke of the `*` shape
/// still built its scenes in 6-15 ms (3.1-3.4 once warm); with nine,
/// 3.5-7 ms, and those later tasks take under 1 ms each once optimised
/// (docs/performance/keystrokes.md, "The panels follow the picture"). The last three
/// rounds fill a canvas-sized frame, once the code is optimised (tasks of
/// 1-3 ms, at most 7): scenes sampled at small frames leave the paths a
/// full pane takes (more samples, tile edges found between them) cold, and
/// the first round's p95 went from 10.0-10.4 to 9.0-9.3 ms.
const SCENE_FRAMES: [(f64, f64); 9] = [
    (120.0, 80.0),
    (240.0, 150.0),
    (360.0, 225.0),
    (480.0, 300.0),
    (480.0, 300.0),
    (480.0, 300.0),
    (960.0, 600.0),
    (960.0, 600.0),
    (960.0, 600.0),
];

thread_local! {
    /// The warm-up's painter, on canvases outside the page.
    static PAINTER: RefCell<Option<Painter>> = const { RefCell::new(None) };
}

/// Schedules the scanner's warm-up (short, so nothing cancels it).
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

/// Schedules the scenes' warm-up for after the first picture has painted,
/// so that it never delays it: first the cell labels' glyphs, then the
/// scenes.
pub(super) fn warm_scenes_after_first_picture() {
    timing::on_first_picture(|| super::document::after_paint(|| glyph_task(0)));
}

/// Draws the cell labels' glyphs at the `step`-th of their sizes, one size
/// a task, then the hatching of padding in both themes, then starts the
/// scenes. A keystroke that draws labels at a size the page has not drawn
/// yet waits while the canvas rasterises them (the first drawing of
/// `f32[5,5]{1,0:T(2,2)}` took 6.7 ms against 3.8 at a size seen before),
/// and the first padded picture made its hatching pattern (1.8 ms):
/// docs/performance/warm-up.md, "Glyphs at new sizes, and the hatching".
fn glyph_task(step: usize) {
    let start = timing::now();
    let size = CELL_LABEL_SIZES.get(step).copied();
    match size {
        Some(size) => {
            let dpr = super::canvas::device_pixel_ratio();
            with_painter(|p| p.warm_glyphs(size, dpr));
        }
        None => with_painter(|p| {
            p.warm_hatch(&Theme::of(ThemeKind::Light));
            p.warm_hatch(&Theme::of(ThemeKind::Dark));
        }),
    }
    timing::since("warm", start);
    if size.is_some() {
        soon(move || glyph_task(step + 1));
    } else {
        soon(|| scene_task(0));
    }
}

/// Runs `f` with the warm-up's painter, made on first use.
fn with_painter(f: impl FnOnce(&mut Painter)) {
    PAINTER.with(|p| {
        let mut p = p.borrow_mut();
        if p.is_none() {
            *p = Painter::offscreen();
        }
        if let Some(p) = p.as_mut() {
            f(p);
        }
    });
}

/// Builds the `step`-th warm-up scene and schedules the next.
fn scene_task(step: usize) {
    let per_round = SCENE_SAMPLES.len() * 2;
    let Some(&(width, height)) = SCENE_FRAMES.get(step / per_round) else {
        // Done: the painter's canvases go.
        PAINTER.with(|p| p.borrow_mut().take());
        return;
    };
    let start = timing::now();
    let text = SCENE_SAMPLES[step % per_round / 2];
    let pane = if step.is_multiple_of(2) {
        Pane::Logical
    } else {
        Pane::Memory
    };
    // The reducer's own analysis (parse, layout, sizes, explanation, step
    // stages), in every task on purpose: the rest of a keystroke's work
    // warms too (V8 optimises what has run often), and no second copy of
    // that path enters the module.
    let request = Request {
        text: text.to_owned(),
        ..Request::default()
    };
    if let Some(drawn) = analyse(&request).ok().and_then(|model| model.drawn) {
        let mapping = drawn.analysis.mapping;
        let frame = Frame::new(width, height);
        let worlds = Worlds::new(&mapping, &frame, None);
        let theme = Theme::of(ThemeKind::Light);
        let colours = Colouring::new(&mapping, ColourMode::Offset, &theme);
        let labelling = Labelling {
            letters: false,
            pad_label: None,
        };
        let style = Style::canvas(&colours, &theme, &labelling);
        let camera = worlds.fit(pane, &frame);
        let scene = pane_scene(&mapping, &worlds, &frame, pane, &camera, &style);
        with_painter(|p| p.warm(&scene, &frame, &theme));
    }
    timing::since("warm", start);
    soon(move || scene_task(step + 1));
}
