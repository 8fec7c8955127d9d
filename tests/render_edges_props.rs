//! Tile boundaries between samples a block apart (`tile_boundaries`, its
//! bisection and its shortcuts, memory rows' edges computed from the tile
//! run or bisected alike) must land exactly where probing every cell
//! between the two samples finds the first different tile, for any layout,
//! either view and coarse sampling; and none may be missing.

use std::collections::BTreeSet;

use proptest::prelude::*;
use xla_layout_viz::core::NO_TILE;
use xla_layout_viz::render::world::boundaries::{tile_boundaries_by, LevelLines};
use xla_layout_viz::render::world::geometry::{auto_row_width, row_unit};
use xla_layout_viz::render::world::raster::Raster;
use xla_layout_viz::render::world::{
    Camera, ColourMode, Colouring, LogicalGeometry, LogicalView, MemoryView, Probe, Rect, Theme,
    ThemeKind, View,
};

use crate::layout_cases;

use layout_cases::{build, case as layout_case};

/// The level-`level` tile of cell (x, y), or None outside the picture.
fn tile(view: &mut dyn View, x: u64, y: u64, level: usize, t: &mut [u64]) -> Option<u64> {
    (view.probe(x, y, t) != Probe::Outside).then(|| t[level])
}

/// Edges as `(vertical, at, sample index along the walk)`.
type Edges = BTreeSet<(bool, u64, usize)>;

/// A pair of neighbouring samples with different tiles, and what probing
/// every cell between them shows.
struct Pair {
    vertical: bool,
    n: usize,
    /// The two samples' cells along the line searched, and the line.
    start: u64,
    end: u64,
    along: u64,
    here: u64,
    /// When every cell in `(start, start + block]` is inside the picture,
    /// has a tile at the level (no later level's padding, whose earlier
    /// tiles are unknown), and the first sample's tile, once left, does
    /// not come back: the first different cell, where the edge must be.
    /// (Later levels can interleave a level's tiles in memory, as
    /// `f32[1,3]{1,0:T(4,1)(2,*,1)}` does: there bisection finds a change,
    /// not necessarily the first.)
    plain: Option<u64>,
    /// The line from the first sample's cell to the second's row (samples
    /// moved off their corners differently) stays in the first's tile:
    /// no edge may be drawn.
    none: bool,
}

/// The pairs of neighbouring samples whose tiles differ.
fn pairs(view: &mut dyn View, r: &Raster, level: usize) -> Vec<Pair> {
    let mut t = vec![0u64; r.levels];
    let sample = |i: usize, j: usize| match r.probes[i * r.cols + j] {
        Probe::Outside => NO_TILE,
        _ => r.tiles[(i * r.cols + j) * r.levels + level],
    };
    let mut out = Vec::new();
    for vertical in [true, false] {
        let (outer, inner) = if vertical {
            (r.cols, r.rows)
        } else {
            (r.rows, r.cols)
        };
        for o in 0..outer.saturating_sub(1) {
            for n in 0..inner {
                let (here, next) = if vertical {
                    (sample(n, o), sample(n, o + 1))
                } else {
                    (sample(o, n), sample(o + 1, n))
                };
                if here == NO_TILE || next == NO_TILE || here == next {
                    continue;
                }
                // The cells the two samples show (their blocks' corners,
                // or elsewhere in their blocks where a corner would draw a
                // beat): the search runs along the first one's line.
                let s = &r.samples;
                let (a, b) = if vertical {
                    (s.at(n, o), s.at(n, o + 1))
                } else {
                    (s.at(o, n), s.at(o + 1, n))
                };
                let (start, end, along, known) = if vertical {
                    (a.0, b.0, a.1, a.1 == b.1)
                } else {
                    (a.1, b.1, a.0, a.0 == b.0)
                };
                let cells: Vec<Option<u64>> = (start + 1..=end)
                    .map(|c| {
                        let (x, y) = if vertical { (c, along) } else { (along, c) };
                        tile(view, x, y, level, &mut t)
                    })
                    .collect();
                // None: the line never leaves the first tile (possible only
                // when the second sample is off it), so no edge.
                let first = cells.iter().position(|&k| k != Some(here));
                assert!(first.is_some() || !known, "the next sample differs");
                let plain = first.filter(|&first| {
                    cells.iter().all(|k| k.is_some_and(|k| k != NO_TILE))
                        && !cells[first..].contains(&Some(here))
                });
                out.push(Pair {
                    vertical,
                    n,
                    start,
                    end,
                    along,
                    here,
                    plain: plain.map(|first| start + 1 + first as u64),
                    none: first.is_none(),
                });
            }
        }
    }
    out
}

/// What `tile_boundaries` drew for one level (`lines`), as edges per
/// sample, and which directions it drew at all (it leaves out directions
/// too dense to show).
fn drawn(lines: &LevelLines, r: &Raster, camera: &Camera, pane: &Rect) -> (Edges, [bool; 2]) {
    let mut out = Edges::new();
    let mut any = [false; 2];
    for s in &lines.segments {
        let (x0, y0) = camera.to_world(pane, s[0], s[1]);
        let (x1, y1) = camera.to_world(pane, s[2], s[3]);
        let vertical = (x0 - x1).abs() < 1e-6;
        any[usize::from(!vertical)] = true;
        let (at, from, to, along0) = if vertical {
            (x0, y0.min(y1), y0.max(y1), r.y0)
        } else {
            (y0, x0.min(x1), x0.max(x1), r.x0)
        };
        let (at, from, to) = (at.round() as u64, from.round() as u64, to.round() as u64);
        let inner = if vertical { r.rows } else { r.cols };
        for n in 0..inner {
            let along = along0 + n as u64 * r.block;
            if from <= along && along < to {
                out.insert((vertical, at, n));
            }
        }
    }
    (out, any)
}

fn check(view: &mut dyn View, max_samples: u64) -> Result<(), TestCaseError> {
    let (w, h) = view.world();
    let pane = Rect::new(0.0, 0.0, 320.0, 240.0);
    let camera = Camera::fit(w as f64, h as f64, pane);
    let colours = Colouring::new(
        view.mapping(),
        ColourMode::Offset,
        &Theme::of(ThemeKind::Light),
    );
    let raster = Raster::sample_at_most(view, &camera, &pane, &colours, max_samples);
    let mut t = vec![0u64; raster.levels];
    let lines = tile_boundaries_by(view, &raster, &camera, &pane, false);
    prop_assert_eq!(lines.len(), raster.levels);
    // Memory rows' edges computed from the tile run (what every module
    // draws) are the edges bisection finds.
    let ruled = tile_boundaries_by(view, &raster, &camera, &pane, true);
    prop_assert_eq!(&ruled, &lines);
    for level_lines in &lines {
        let level = level_lines.level;
        let (got, directions) = drawn(level_lines, &raster, &camera, &pane);
        let shown = |vertical: bool| directions[usize::from(!vertical)];
        let mut accounted = Edges::new();
        for p in pairs(view, &raster, level)
            .into_iter()
            .filter(|p| shown(p.vertical))
        {
            let found: Vec<u64> = got
                .range((p.vertical, p.start + 1, 0)..=(p.vertical, p.end, usize::MAX))
                .filter(|e| e.2 == p.n)
                .map(|e| e.1)
                .collect();
            if p.none {
                prop_assert!(
                    found.is_empty(),
                    "level {}: {:?} on a line of one tile",
                    level,
                    found
                );
            }
            match p.plain {
                // Exact, and not missing.
                Some(edge) => prop_assert_eq!(
                    &found,
                    &vec![edge],
                    "level {} pair at {} along {} (block {})",
                    level,
                    p.start,
                    p.along,
                    raster.block
                ),
                // Else at most one edge, where the tile stops being the
                // first sample's: it stays before, differs (inside) at.
                None => {
                    prop_assert!(found.len() <= 1, "level {}: {:?}", level, found);
                    for &x in &found {
                        let at = |c: u64| {
                            if p.vertical {
                                (c, p.along)
                            } else {
                                (p.along, c)
                            }
                        };
                        let (bx, by) = at(x - 1);
                        let before = if x - 1 == p.start {
                            Some(p.here)
                        } else {
                            tile(view, bx, by, level, &mut t)
                        };
                        let (ax, ay) = at(x);
                        let after = tile(view, ax, ay, level, &mut t);
                        prop_assert_eq!(before, Some(p.here), "level {} edge {}", level, x);
                        prop_assert!(
                            after.is_some() && after != Some(p.here),
                            "level {} edge {}",
                            level,
                            x
                        );
                    }
                }
            }
            accounted.extend(found.iter().map(|&x| (p.vertical, x, p.n)));
        }
        // Nothing drawn between samples whose tiles are the same.
        let stray: Vec<_> = got.difference(&accounted).collect();
        prop_assert!(
            stray.is_empty(),
            "level {}: edges {:?} between samples of one tile",
            level,
            stray
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    #[test]
    fn edges_between_samples_are_exact_in_the_logical_view(
        (c, aspect, max) in (layout_case(5, 6, 2), prop_oneof![Just(0.5), Just(1.0), Just(3.0)], 16u64..400)
    ) {
        let m = build(&c);
        let geometry = LogicalGeometry::new(&m, aspect);
        let (w, h) = geometry.world();
        prop_assume!(w <= 400 && h <= 400);
        check(&mut LogicalView::new(&m, geometry), max)?;
    }

    #[test]
    fn edges_between_samples_are_exact_in_the_memory_view(
        (c, pick, max) in (layout_case(5, 6, 2), 0u8..8, 16u64..400)
    ) {
        let m = build(&c);
        let width = match pick % 2 {
            0 => auto_row_width(&m, 320.0, 240.0),
            _ => row_unit(&m) << (pick / 2),
        };
        let mut view = MemoryView::new(&m, width);
        let (w, h) = view.world();
        prop_assume!(w <= 400 && h <= 400);
        check(&mut view, max)?;
    }
}
