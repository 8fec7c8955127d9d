//! Tile boundaries of every tiling level, found by comparing neighbours.
//!
//! Two neighbouring cells whose level-`k` tile numbers differ have a
//! level-`k` boundary between them. That rule needs no knowledge of how
//! the tiles sit in the picture, so it is right for every layout: any
//! minor_to_major, `*` merges, later tiles that reach the tile counts, and
//! the wrapped memory strip alike. Work is per sample pair, so it is
//! bounded by the pane's pixels. When a sample stands for a block of cells,
//! the exact boundary between two samples is found by bisection along the
//! row (or column) of the first one; along a memory row whose level's
//! tiles are aligned runs of offsets ([`crate::core::Mapping::tile_run`]),
//! it is the next multiple of the run, computed.

use crate::core::NO_TILE;

use super::camera::{Camera, Rect};
use super::raster::Raster;
use super::views::{Pane, Probe, View};

/// A level's boundaries in one direction are drawn only when they are at
/// least this many pixels apart on average: closer, they would only paint
/// the pane. (In a memory strip zoomed out, tiles can be wide but only a
/// sample tall: their vertical edges are drawn, their horizontal ones not.)
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
    tile_boundaries_by(view, raster, camera, pane, true)
}

/// [`tile_boundaries`], with memory rows' edges computed from the tile run
/// (`compute_runs`) or bisected like every other edge (the tests draw both
/// ways and compare).
pub fn tile_boundaries_by(
    view: &mut dyn View,
    raster: &Raster,
    camera: &Camera,
    pane: &Rect,
    compute_runs: bool,
) -> Vec<LevelLines> {
    let mut row = Vec::new();
    (0..raster.levels)
        .map(|level| level_lines(view, raster, camera, pane, level, compute_runs, &mut row))
        .collect()
}

/// Per sample: its level-`level` tile number, or [`NO_TILE`] outside the
/// picture or where the cell has no tile at that level (the raster's own
/// numbers when it has one level; else 8 bytes a sample, read three times
/// below: half of an `Option<u64>`'s memory traffic).
fn tile_row<'r>(raster: &'r Raster, level: usize, row: &'r mut Vec<u64>) -> &'r [u64] {
    let n = raster.rows * raster.cols;
    if raster.levels == 1 {
        return &raster.tiles[..n];
    }
    row.clear();
    row.extend(
        raster
            .tiles
            .chunks_exact(raster.levels.max(1))
            .take(n)
            .map(|tiles| tiles.get(level).copied().unwrap_or(NO_TILE)),
    );
    row
}

/// For each direction, across rows and down columns: how many pairs of
/// neighbouring samples (of the `rows x cols` tile numbers `t`) are both
/// in a tile, and how many of those are in different tiles. Where samples
/// show noise (`noisy`, `super::sampling`), which pairs count is
/// unpredictable, and the count has no branches; at the blocks' corners
/// the branches are predictable and skip work (deep zooms' logical scenes
/// had become 10-30% slower with the noise, most of it this count counting
/// without branches everywhere; docs/performance/samples.md).
/// Inlined into its one caller: as a call it cost more instructions.
#[inline(always)]
fn pair_counts(t: &[u64], rows: usize, cols: usize, noisy: bool) -> [(u64, u64); 2] {
    if noisy {
        pairs_tallied(t, rows, cols, |count, a, b| {
            let both = a != NO_TILE && b != NO_TILE;
            count.0 += u64::from(both);
            count.1 += u64::from(both & (a != b));
        })
    } else {
        pairs_tallied(t, rows, cols, |count, a, b| {
            if a != NO_TILE && b != NO_TILE {
                count.0 += 1;
                count.1 += u64::from(a != b);
            }
        })
    }
}

/// [`pair_counts`]' walk over the pairs, each pair given to `tally` with
/// its direction's count.
#[inline(always)]
fn pairs_tallied(
    t: &[u64],
    rows: usize,
    cols: usize,
    tally: impl Fn(&mut (u64, u64), u64, u64),
) -> [(u64, u64); 2] {
    let mut count = [(0u64, 0u64); 2];
    for i in 0..rows {
        let row = &t[i * cols..(i + 1) * cols];
        for pair in row.windows(2) {
            tally(&mut count[0], pair[0], pair[1]);
        }
        if i + 1 < rows {
            let below = &t[(i + 1) * cols..(i + 2) * cols];
            for (&here, &under) in row.iter().zip(below) {
                tally(&mut count[1], here, under);
            }
        }
    }
    count
}

fn level_lines(
    view: &mut dyn View,
    raster: &Raster,
    camera: &Camera,
    pane: &Rect,
    level: usize,
    compute_runs: bool,
    t: &mut Vec<u64>,
) -> LevelLines {
    let (rows, cols) = (raster.rows, raster.cols);
    let t = tile_row(raster, level, t);
    // Density, for each direction: the average on-screen distance between
    // boundaries across rows (vertical lines) and down columns.
    let count = pair_counts(t, rows, cols, raster.samples.moved());
    let sample_px = raster.block as f64 * camera.scale;
    let draw = count.map(|(pairs, diffs)| {
        diffs > 0 && pairs as f64 / diffs as f64 * sample_px >= MIN_SPACING_PX
    });
    let any_diffs = count.iter().any(|&(_, d)| d > 0);
    let mut lines = LevelLines {
        level,
        segments: Vec::new(),
        too_dense: any_diffs && !draw[0] && !draw[1],
    };
    if !draw[0] && !draw[1] {
        return lines;
    }
    // A memory row's cells are consecutive offsets (cell `(x, y)` at
    // `y * world width + x`): where the level's tiles are aligned runs of
    // offsets, the edge after a sample is the next multiple of the run, no
    // probe needed.
    let (world_w, world_h) = view.world();
    let tile_run = match view.pane() {
        Pane::Memory if compute_runs => view.mapping().tile_run(level),
        _ => None,
    };
    let mut finder = Finder {
        view,
        tiles: vec![0u64; raster.levels],
        level,
    };
    let (block, samples) = (raster.block, &raster.samples);
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
    // Vertical lines lie between horizontal neighbours, horizontal lines
    // between vertical ones: the same walk with the axes swapped. Runs of
    // edges at the same coordinate along the walk merge into one segment,
    // which spans the blocks of the samples (the cells the picture gives
    // them); the edge itself is searched for between the cells the two
    // samples show.
    for vertical in [true, false] {
        let (outer, inner, along0, along_end) = if vertical {
            (cols, rows, raster.y0, world_h)
        } else {
            (rows, cols, raster.x0, world_w)
        };
        if !draw[usize::from(!vertical)] {
            continue;
        }
        for o in 0..outer.saturating_sub(1) {
            let mut run: Option<(u64, u64, u64)> = None;
            for n in 0..inner {
                let along = along0 + n as u64 * block;
                // Indexed directly, not through closures returning
                // Options: this loop visits every sample of every level.
                let (here, next) = if vertical {
                    (t[n * cols + o], t[n * cols + o + 1])
                } else {
                    (t[o * cols + n], t[(o + 1) * cols + n])
                };
                let differ = here != NO_TILE && next != NO_TILE && here != next;
                // Most pairs have no edge and no run of edges is open:
                // nothing to end or extend.
                if !differ && run.is_none() {
                    continue;
                }
                let edge = if differ {
                    // The search runs from the first sample's cell towards
                    // the second's, along the first one's row (or column);
                    // the second sample's cell is on that line unless the
                    // samples moved off their corners differently.
                    let (a, b) = if vertical {
                        (samples.at(n, o), samples.at(n, o + 1))
                    } else {
                        (samples.at(o, n), samples.at(o + 1, n))
                    };
                    let (start, end, line, known) = if vertical {
                        (a.0, b.0, a.1, a.1 == b.1)
                    } else {
                        (a.1, b.1, a.0, a.0 == b.0)
                    };
                    let guess = run.map(|(e, _, _)| e);
                    let ruled = tile_run
                        .filter(|_| vertical && known)
                        .and_then(|s| {
                            Some(start + s - line.checked_mul(world_w)?.checked_add(start)? % s)
                        })
                        .filter(|&e| e <= end);
                    ruled.or_else(|| {
                        finder.find(here, (start, end, known), guess, |v, t, c| {
                            if vertical {
                                v.probe(c, line, t)
                            } else {
                                v.probe(line, c, t)
                            }
                        })
                    })
                } else {
                    None
                };
                let end = (along + block).min(along_end);
                run = match (run, edge) {
                    (Some((e, from, to)), Some(x)) if e == x && to == along => Some((e, from, end)),
                    (previous, edge) => {
                        push(&mut lines.segments, previous, vertical);
                        edge.map(|e| (e, along, end))
                    }
                };
            }
            push(&mut lines.segments, run, vertical);
        }
    }
    lines
}

/// Finds exact boundaries between two samples.
struct Finder<'v> {
    view: &'v mut dyn View,
    tiles: Vec<u64>,
    level: usize,
}

impl Finder<'_> {
    /// The first coordinate in `(start, end]` where the tile number stops
    /// being `tile`, probing along one axis with `probe`; `known`: the cell
    /// at `end` is the next sample's, whose tile is known to differ (else
    /// it is probed, and no edge is found when its tile is the same).
    /// `guess` (the edge found for the previous row) is tried first: edges
    /// are usually straight, and then two probes replace a bisection (one
    /// when the edge is the next sample itself, as when tiles are a whole
    /// number of samples: its tile is known).
    fn find(
        &mut self,
        tile: u64,
        (start, end, known): (u64, u64, bool),
        guess: Option<u64>,
        mut probe: impl FnMut(&mut dyn View, &mut [u64], u64) -> Probe,
    ) -> Option<u64> {
        let level = self.level;
        if end == start + 1 && known {
            return Some(end);
        }
        let mut same = |f: &mut Self, x: u64| -> Option<bool> {
            if x == end && known {
                return Some(false);
            }
            let p = probe(&mut *f.view, &mut f.tiles, x);
            (p != Probe::Outside).then(|| f.tiles[level] == tile)
        };
        if !known && same(self, end) == Some(true) {
            return None;
        }
        if let Some(g) = guess.filter(|&g| g > start && g <= end) {
            if same(self, g - 1) == Some(true) && same(self, g) == Some(false) {
                return Some(g);
            }
        }
        let (mut lo, mut hi) = (start, end);
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if same(self, mid) == Some(true) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        // The first different cell outside the picture: a gap between
        // slices, which the slice outline already marks.
        same(self, hi).map(|_| hi)
    }
}

#[cfg(test)]
mod tests {
    use super::{pair_counts, NO_TILE};

    /// Both ways of counting give what counting each pair one by one gives.
    #[test]
    fn pair_counts_agree_with_and_without_branches() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for (rows, cols) in [(1, 1), (1, 7), (5, 1), (9, 13), (16, 31)] {
            for round in 0..20 {
                let t: Vec<u64> = (0..rows * cols)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        // Few tiles, so that neighbours often agree; some
                        // samples outside every tile.
                        if state.is_multiple_of(5) && round % 2 == 0 {
                            NO_TILE
                        } else {
                            state % 3
                        }
                    })
                    .collect();
                let mut expected = [(0u64, 0u64); 2];
                let mut pair = |d: usize, a: u64, b: u64| {
                    if a != NO_TILE && b != NO_TILE {
                        expected[d].0 += 1;
                        expected[d].1 += u64::from(a != b);
                    }
                };
                for i in 0..rows {
                    for j in 0..cols {
                        if j + 1 < cols {
                            pair(0, t[i * cols + j], t[i * cols + j + 1]);
                        }
                        if i + 1 < rows {
                            pair(1, t[i * cols + j], t[(i + 1) * cols + j]);
                        }
                    }
                }
                for noisy in [false, true] {
                    assert_eq!(
                        pair_counts(&t, rows, cols, noisy),
                        expected,
                        "{rows}x{cols} {noisy}"
                    );
                }
            }
        }
    }
}
