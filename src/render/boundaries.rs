//! Tile boundaries of every tiling level, found by comparing neighbours.
//!
//! Two neighbouring cells whose level-`k` tile numbers differ have a
//! level-`k` boundary between them. That rule needs no knowledge of how
//! the tiles sit in the picture, so it is right for every layout: any
//! minor_to_major, `*` merges, later tiles that reach the tile counts, and
//! the wrapped memory strip alike. Work is per sample pair, so it is
//! bounded by the pane's pixels. When a sample stands for a block of cells,
//! the exact boundary between two samples is found by bisection along the
//! row (or column) of the first one.

use crate::core::NO_TILE;

use super::camera::{Camera, Rect};
use super::raster::Raster;
use super::views::{Probe, View};

/// A level's boundaries are drawn only when they are at least this many
/// pixels apart on average: closer, they would only paint the pane.
pub const MIN_SPACING_PX: f64 = 8.0;

/// The boundaries of one tiling level, as screen segments `[x0, y0, x1, y1]`.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelLines {
    pub level: usize,
    pub segments: Vec<[f64; 4]>,
    /// True when the level's tiles are too small on screen to outline.
    pub too_dense: bool,
}

/// Boundaries of every level of `raster` (sampled from `view`).
pub fn tile_boundaries(
    view: &mut dyn View,
    raster: &Raster,
    camera: &Camera,
    pane: &Rect,
) -> Vec<LevelLines> {
    (0..raster.levels)
        .map(|level| level_lines(view, raster, camera, pane, level))
        .collect()
}

fn known(raster: &Raster, i: usize, j: usize, level: usize) -> Option<u64> {
    match raster.probe(i, j) {
        Probe::Outside => None,
        _ => Some(raster.tile(i, j, level)).filter(|&t| t != NO_TILE),
    }
}

fn differs(raster: &Raster, a: (usize, usize), b: (usize, usize), level: usize) -> Option<bool> {
    Some(known(raster, a.0, a.1, level)? != known(raster, b.0, b.1, level)?)
}

fn level_lines(
    view: &mut dyn View,
    raster: &Raster,
    camera: &Camera,
    pane: &Rect,
    level: usize,
) -> LevelLines {
    let (rows, cols) = (raster.rows, raster.cols);
    // Density: the average on-screen distance between boundaries.
    let (mut pairs, mut diffs) = (0u64, 0u64);
    for i in 0..rows {
        for j in 0..cols {
            for (di, dj) in [(0, 1), (1, 0)] {
                if i + di < rows && j + dj < cols {
                    if let Some(d) = differs(raster, (i, j), (i + di, j + dj), level) {
                        pairs += 1;
                        diffs += u64::from(d);
                    }
                }
            }
        }
    }
    let sample_px = raster.block as f64 * camera.scale;
    let spacing = if diffs == 0 {
        f64::INFINITY
    } else {
        pairs as f64 / diffs as f64 * sample_px
    };
    let mut lines = LevelLines {
        level,
        segments: Vec::new(),
        too_dense: spacing < MIN_SPACING_PX,
    };
    if lines.too_dense || diffs == 0 {
        return lines;
    }
    let mut tiles = vec![0u64; raster.levels];
    let block = raster.block;
    let (world_w, world_h) = view.world();
    let push = |segments: &mut Vec<[f64; 4]>, run: Option<(u64, u64, u64)>, vertical: bool| {
        if let Some((at, from, to)) = run {
            let (x0, y0, x1, y1) = if vertical {
                (at, from, at, to)
            } else {
                (from, at, to, at)
            };
            let (sx0, sy0) = camera.to_screen(pane, x0 as f64, y0 as f64);
            let (sx1, sy1) = camera.to_screen(pane, x1 as f64, y1 as f64);
            segments.push([sx0, sy0, sx1, sy1]);
        }
    };
    // Vertical lines, between horizontal neighbours; runs down a column
    // with the same x merge into one segment.
    for j in 0..cols.saturating_sub(1) {
        let mut run: Option<(u64, u64, u64)> = None;
        for i in 0..rows {
            let wy = raster.y0 + i as u64 * block;
            let edge = if differs(raster, (i, j), (i, j + 1), level) == Some(true) {
                let wx = raster.x0 + j as u64 * block;
                let a = raster.tile(i, j, level);
                boundary(view, &mut tiles, level, a, wx, block, |v, t, x| {
                    v.probe(x, wy, t)
                })
            } else {
                None
            };
            let y_end = (wy + block).min(world_h);
            run = match (run, edge) {
                (Some((x, from, to)), Some(e)) if x == e && to == wy => Some((x, from, y_end)),
                (previous, edge) => {
                    push(&mut lines.segments, previous, true);
                    edge.map(|e| (e, wy, y_end))
                }
            };
        }
        push(&mut lines.segments, run, true);
    }
    // Horizontal lines, between vertical neighbours.
    for i in 0..rows.saturating_sub(1) {
        let mut run: Option<(u64, u64, u64)> = None;
        for j in 0..cols {
            let wx = raster.x0 + j as u64 * block;
            let edge = if differs(raster, (i, j), (i + 1, j), level) == Some(true) {
                let wy = raster.y0 + i as u64 * block;
                let a = raster.tile(i, j, level);
                boundary(view, &mut tiles, level, a, wy, block, |v, t, y| {
                    v.probe(wx, y, t)
                })
            } else {
                None
            };
            let x_end = (wx + block).min(world_w);
            run = match (run, edge) {
                (Some((y, from, to)), Some(e)) if y == e && to == wx => Some((y, from, x_end)),
                (previous, edge) => {
                    push(&mut lines.segments, previous, false);
                    edge.map(|e| (e, wx, x_end))
                }
            };
        }
        push(&mut lines.segments, run, false);
    }
    lines
}

/// The first coordinate in `(start, start + block]` where the level's tile
/// number stops being `tile`, probing along one axis; `None` when that
/// first different cell is outside the picture (a gap between slices,
/// which the slice outline already marks).
fn boundary(
    view: &mut dyn View,
    tiles: &mut [u64],
    level: usize,
    tile: u64,
    start: u64,
    block: u64,
    mut probe: impl FnMut(&mut dyn View, &mut [u64], u64) -> Probe,
) -> Option<u64> {
    let (mut lo, mut hi) = (start, start + block);
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        let p = probe(view, tiles, mid);
        if p != Probe::Outside && tiles[level] == tile {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    if block > 1 && probe(view, tiles, hi) == Probe::Outside {
        return None;
    }
    Some(hi)
}
