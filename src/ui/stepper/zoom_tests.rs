//! The zoomed stage's window panned (issue 71): every cell reachable,
//! no aligned group cut, the edges held. Expected values by brute force
//! over the whole (unzoomed) stage.
use std::collections::{BTreeSet, HashSet};

use super::*;
use crate::core::steps::Steps;
use crate::core::{self, Shape};
use crate::ui::stepper::look::with_memory_rows;
use crate::ui::stepper::stage_picture;

const W: f64 = 640.0;
const H: f64 = 400.0;

fn steps(text: &str, row_width: u64) -> Steps {
    let Shape::Array(a) = core::parse(text).unwrap() else {
        panic!("not an array: {text}");
    };
    with_memory_rows(&Steps::new(&a.layout().unwrap()).unwrap(), row_width)
}

/// Every window reached from the top left by panning (the buttons' and
/// keys' moves), with its picture.
fn all_windows(p: &StagePicture) -> Vec<(StagePicture, Window)> {
    let mut seen = HashSet::new();
    let mut todo = vec![(0, 0)];
    let mut out = Vec::new();
    while let Some(at) = todo.pop() {
        let (z, win) = zoomed_at(p, W, H, at).unwrap();
        assert_eq!((win.row0, win.col0), at, "a move lands on a window start");
        if !seen.insert(at) {
            continue;
        }
        for (dr, dc) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
            assert_eq!(win.can(dr, dc), win.moved(dr, dc) != at);
            todo.push(win.moved(dr, dc));
        }
        out.push((z, win));
    }
    out
}

const SHAPES: &[(&str, u64)] = &[
    ("bf16[16,256]{1,0:T(8,128)(2,1)}", 128),
    ("f32[24,100]{1,0}", 100),
    ("f32[24,100]{0,1}", 64),
    ("s8[40,96]{1,0:T(8,32)(4,1)}", 96),
];

#[test]
fn the_windows_over_all_pan_positions_cover_the_whole_stage_once() {
    let mut kinds = BTreeSet::new();
    for &(text, width) in SHAPES {
        let s = steps(text, width);
        for k in 0..s.stages().len() {
            let whole = stage_picture(&s, k).unwrap();
            let Some((_, first)) = zoomed_at(&whole, W, H, (0, 0)) else {
                continue;
            };
            kinds.insert(first.linear);
            let windows = all_windows(&whole);
            assert!(windows.len() > 1, "{text} stage {k}: one window only");
            let mut union = Vec::new();
            for (z, win) in &windows {
                // A whole window (a power of two) at a multiple of itself,
                // cut only by the stage's edge.
                assert!(win.step_rows.is_power_of_two() || win.step_rows == win.all_rows);
                assert!(win.step_cols.is_power_of_two() || win.step_cols == win.all_cols);
                assert_eq!(win.row0 % win.step_rows, 0, "{text} stage {k}: {win:?}");
                assert_eq!(win.col0 % win.step_cols, 0, "{text} stage {k}: {win:?}");
                assert_eq!(win.rows, win.step_rows.min(win.all_rows - win.row0));
                assert_eq!(win.cols, win.step_cols.min(win.all_cols - win.col0));
                assert!(z.cells.len() as u64 <= win.rows * win.cols);
                // What it draws is what the whole stage holds there.
                let inside: BTreeSet<u64> = whole
                    .cells
                    .iter()
                    .filter(|c| {
                        let (r, col) = if win.linear {
                            let at = c.row * whole.cols + c.col;
                            (at / win.step_cols, at % win.step_cols)
                        } else {
                            (c.row, c.col)
                        };
                        (win.row0..win.row0 + win.rows).contains(&r)
                            && (win.col0..win.col0 + win.cols).contains(&col)
                    })
                    .map(|c| c.key)
                    .collect();
                let drawn: BTreeSet<u64> = z.cells.iter().map(|c| c.key).collect();
                assert_eq!(drawn, inside, "{text} stage {k}: {win:?}");
                union.extend(drawn);
            }
            union.sort_unstable();
            let all: Vec<u64> = whole.cells.iter().map(|c| c.key).collect();
            assert_eq!(
                union, all,
                "{text} stage {k}: each cell in exactly one window"
            );
        }
    }
    assert_eq!(kinds.len(), 2, "grid and linear stages were both panned");
}

// tiled_layout.md: a (2,1) tile below T(8,128) holds elements (2i, j) and
// (2i+1, j) at adjacent offsets 2m and 2m+1 (a (4,1) tile: 4m..4m+3).
// No window over any stage holds part of one.
#[test]
fn no_window_cuts_a_minor_tile() {
    for (text, group) in [
        ("bf16[16,256]{1,0:T(8,128)(2,1)}", 2),
        ("s8[40,96]{1,0:T(8,32)(4,1)}", 4),
    ] {
        let s = steps(text, 128);
        for k in 0..s.stages().len() {
            let whole = stage_picture(&s, k).unwrap();
            if zoomed_at(&whole, W, H, (0, 0)).is_none() {
                continue;
            }
            for (z, win) in all_windows(&whole) {
                let mut count = std::collections::HashMap::new();
                for c in &z.cells {
                    *count.entry(c.offset / group).or_insert(0) += 1;
                }
                assert!(
                    count.values().all(|&n| n == group),
                    "{text} stage {k} {win:?}: a tile of {group} cut"
                );
            }
        }
    }
}

#[test]
fn the_window_is_held_at_the_edges_and_snapped_to_its_size() {
    // f32[24,100]{1,0}: 24 x 100 cells, a 16 x 32 window (400 / 16 = 25
    // rows, 640 / 16 = 40 columns, each down to a power of two).
    let s = steps("f32[24,100]{1,0}", 100);
    let p = stage_picture(&s, 0).unwrap();
    let (z, w) = zoomed_at(&p, W, H, (0, 0)).unwrap();
    assert_eq!((w.row0, w.col0, w.rows, w.cols), (0, 0, 16, 32));
    assert!(!w.can(-1, 0) && !w.can(0, -1) && w.can(1, 0) && w.can(0, 1));
    assert_eq!(
        z.note.as_deref(),
        Some("Zoomed in: rows 0 to 15 and columns 0 to 31 of 24 x 100 cells (\"Whole stage\" shows all)")
    );
    // Unaligned or past the end: snapped down, held inside.
    let (_, w) = zoomed_at(&p, W, H, (9, 70)).unwrap();
    assert_eq!((w.row0, w.col0), (0, 64));
    let (z, w) = zoomed_at(&p, W, H, (1000, 1000)).unwrap();
    assert_eq!((w.row0, w.col0, w.rows, w.cols), (16, 96, 8, 4));
    assert!(w.can(-1, 0) && w.can(0, -1) && !w.can(1, 0) && !w.can(0, 1));
    assert_eq!(w.moved(1, 1), (16, 96));
    assert_eq!(z.cells.len(), 8 * 4);
    assert!(z
        .note
        .as_deref()
        .unwrap()
        .contains("rows 16 to 23 and columns 96 to 99"));
    // Its cells keep their places in the stage (and their offsets, row-major).
    for c in &z.cells {
        assert!((16..24).contains(&c.row) && (96..100).contains(&c.col));
        assert_eq!(c.offset, c.row * 100 + c.col);
    }
    assert_eq!((z.row0, z.col0, z.rows, z.cols), (16, 96, 8, 4));
    // Linear memory: 2400 offsets, 32 a row, 16 rows a window.
    let last = s.stages().len() - 1;
    let p = stage_picture(&s, last).unwrap();
    let (z, w) = zoomed_at(&p, W, H, (16, 5)).unwrap();
    assert!(w.linear);
    assert_eq!((w.row0, w.col0, w.rows, w.cols), (16, 0, 16, 32));
    assert!(!w.can(0, 1) && !w.can(0, -1) && w.can(-1, 0) && w.can(1, 0));
    assert!(z
        .note
        .as_deref()
        .unwrap()
        .starts_with("Zoomed in: offsets 512 to 1023 of 2400, 32 a row"));
    let (z, w) = zoomed_at(&p, W, H, (u64::MAX, 0)).unwrap();
    assert_eq!((w.row0, w.rows), (64, 11), "2400 = 64 * 32 + 352");
    assert!(z
        .note
        .as_deref()
        .unwrap()
        .starts_with("Zoomed in: offsets 2048 to 2399 of 2400"));
    assert!(z
        .cells
        .iter()
        .all(|c| c.offset == 2048 + c.row * 32 + c.col));
}

#[test]
fn a_stage_with_cells_large_enough_has_no_window() {
    let s = steps("f32[3,5]{1,0}", 5);
    for k in 0..s.stages().len() {
        assert_eq!(
            zoomed_at(&stage_picture(&s, k).unwrap(), W, H, (0, 0)),
            None
        );
    }
}
