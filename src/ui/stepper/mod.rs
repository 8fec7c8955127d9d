//! Step mode: the tiling one stage at a time (issue 8, "Step through the
//! tiling"), drawn from the core's [`Steps`] (each stage's grid, each
//! footprint cell's place in it). Plain Rust, tested natively; the web
//! side only paints the rectangles this returns.
//!
//! Between stages every drawn rectangle moves from its place in one stage
//! to its place in the next ([`tween`]). Up to [`CELL_MOTION_LIMIT`]
//! footprint cells a rectangle is one cell; beyond, it is one whole
//! first-level tile ([`Motion::Blocks`], placed by
//! [`Steps::block_rect`]), at most [`MAX_BLOCKS`] of them (the first in
//! tile order), so a frame costs O(drawn rectangles) whatever the array.

use crate::core::steps::{Grid, Motion, StageKind, Steps, CELL_MOTION_LIMIT};

use super::state::State;

pub mod look;
mod pixels;
pub mod zoom;
pub use pixels::{fold, placed, rewrap, tween, Fold, Placed, Transition, BAND_GAP, FOLD_BELOW};

/// Most tiles drawn (and moved) in block motion.
pub const MAX_BLOCKS: u64 = 1024;

/// One drawn rectangle of a stage: a footprint cell, or a whole tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StageCell {
    pub row: u64,
    pub col: u64,
    /// Extent in grid cells (1 x 1 for a cell).
    pub rows: u64,
    pub cols: u64,
    /// Which cell or tile it is in every stage (the cell's offset, the
    /// tile's number in tile order).
    pub key: u64,
    /// Its (first) offset in linear memory (colours it).
    pub offset: u64,
    /// Whether it holds an element (else padding, added by some stage).
    pub element: bool,
}

/// A stage ready to paint.
#[derive(Clone, Debug, PartialEq)]
pub struct StagePicture {
    /// The grid region drawn: top-left and extent.
    pub row0: u64,
    pub col0: u64,
    pub rows: u64,
    pub cols: u64,
    /// Every rectangle that exists in this stage, in key order.
    pub cells: Vec<StageCell>,
    /// Whether rectangles are whole tiles.
    pub blocks: bool,
    /// What the picture leaves out, if anything.
    pub note: Option<String>,
    /// Columns the picture may be wrapped at, in multiples (a tile's
    /// width in the stage's grid; `cols` where it must not wrap).
    pub fold_unit: u64,
    /// The same for rows (a tall stage folds into columns side by side).
    pub row_fold_unit: u64,
    /// The offsets the colours spread over (the footprint, or the end of
    /// the last tile drawn when only the first ones are).
    pub colour_span: u64,
    /// Whether the stage is linear memory wrapped into rows (it may then
    /// be drawn wrapped narrower, see [`rewrap`]).
    pub linear: bool,
}

/// How many of a grid's columns stay together when a wide stage is
/// wrapped: all but the most major column dim (for tiles side by side,
/// one tile's width); a single column dim or a linear stage never wraps.
fn fold_unit(grid: &Grid) -> u64 {
    match grid {
        Grid::Dims { col_sizes, .. } => unit_of(col_sizes).unwrap_or(grid.cols()),
        _ => grid.cols(),
    }
}

/// The same for rows, when a tall stage is folded into columns side by
/// side (one tile's height for tiles stacked).
fn row_fold_unit(grid: &Grid) -> u64 {
    match grid {
        Grid::Dims { row_sizes, .. } => unit_of(row_sizes).unwrap_or(grid.rows()),
        _ => grid.rows(),
    }
}

fn unit_of(sizes: &[u64]) -> Option<u64> {
    (sizes.len() > 1).then(|| {
        sizes[1..]
            .iter()
            .try_fold(1u64, |a, &c| a.checked_mul(c))
            .unwrap_or(u64::MAX)
    })
}

/// The rectangles of stage `stage`, or why none are drawn.
pub fn stage_picture(steps: &Steps, stage: usize) -> Result<StagePicture, String> {
    let grid = steps
        .grid(stage)
        .ok_or_else(|| format!("there is no stage {stage}"))?;
    if steps.motion() == Motion::Blocks {
        return block_picture(steps, stage);
    }
    let footprint = steps.footprint();
    debug_assert!(footprint <= CELL_MOTION_LIMIT);
    let mut cells = Vec::new();
    for offset in 0..footprint {
        let Some(trace) = steps.trace_offset(offset) else {
            continue;
        };
        let Some(index) = trace.get(stage).and_then(Option::as_ref) else {
            continue;
        };
        let (row, col) = grid.place(index);
        cells.push(StageCell {
            row,
            col,
            rows: 1,
            cols: 1,
            key: offset,
            offset,
            element: trace.first().is_some_and(Option::is_some),
        });
    }
    Ok(StagePicture {
        row0: 0,
        col0: 0,
        rows: grid.rows(),
        cols: grid.cols(),
        cells,
        blocks: false,
        note: None,
        fold_unit: fold_unit(grid),
        row_fold_unit: row_fold_unit(grid),
        colour_span: footprint,
        linear: matches!(grid, Grid::Wrapped { .. }),
    })
}

/// Tile `k` of `counts` in row-major order.
fn unravel(mut k: u64, counts: &[u64]) -> Vec<u64> {
    let mut out = vec![0; counts.len()];
    for (o, &c) in out.iter_mut().zip(counts).rev() {
        let c = c.max(1);
        *o = k % c;
        k /= c;
    }
    out
}

/// The first [`MAX_BLOCKS`] tiles of stage `stage` as rectangles, framed
/// to the region they cover there.
fn block_picture(steps: &Steps, stage: usize) -> Result<StagePicture, String> {
    let counts = steps.block_shape();
    let total = counts
        .iter()
        .try_fold(1u64, |a, &c| a.checked_mul(c))
        .unwrap_or(u64::MAX);
    if total == 0 {
        return Err("this array has no cells".to_owned());
    }
    let shown = total.min(MAX_BLOCKS);
    let last = steps.stages().len().saturating_sub(1);
    let width = match steps.grid(last) {
        Some(Grid::Wrapped { width, .. }) => (*width).max(1),
        _ => 1,
    };
    let mut cells = Vec::new();
    let mut refused: Option<(u64, String)> = None;
    for k in 0..shown {
        let block = unravel(k, counts);
        // Its first offset, where the tile is one run of memory; else its
        // place in tile order (colour only).
        let offset = steps
            .block_rect(last, &block)
            .ok()
            .and_then(|r| r.row.checked_mul(width)?.checked_add(r.col))
            .unwrap_or_else(|| k.saturating_mul(steps.block_cells()));
        match steps.block_rect(stage, &block) {
            Ok(r) if r.rows > 0 && r.cols > 0 => cells.push(StageCell {
                row: r.row,
                col: r.col,
                rows: r.rows,
                cols: r.cols,
                key: k,
                offset,
                element: true,
            }),
            Ok(_) => {}
            Err(e) => {
                let entry = refused.get_or_insert((0, e.to_string()));
                entry.0 += 1;
            }
        }
    }
    let tiled = steps
        .stages()
        .iter()
        .any(|s| matches!(s.kind(), StageKind::Pad { .. }));
    // Untiled, a block is one run of the most minor physical dim.
    let what = if tiled { "tiles" } else { "rows" };
    let mut notes = Vec::new();
    if shown < total {
        notes.push(format!(
            "{} {what}: the first {shown} in tile order are drawn, each moving as one block",
            crate::render::scene::titles::grouped(u128::from(total))
        ));
    } else {
        notes.push(format!("{total} {what}, each moving as one block"));
        cells.extend(tail_pieces(steps, stage, width));
    }
    if let Some((n, why)) = &refused {
        notes.push(format!("{n} not drawn here: {why}"));
    }
    let note = notes.join("; ");
    if cells.is_empty() {
        return Err(note);
    }
    let colour_span = if shown < total {
        cells
            .iter()
            .map(|c| c.offset)
            .max()
            .unwrap_or(0)
            .saturating_add(steps.block_cells())
    } else {
        steps.footprint()
    };
    let row0 = cells.iter().map(|c| c.row).min().unwrap_or(0);
    let col0 = cells.iter().map(|c| c.col).min().unwrap_or(0);
    let row1 = cells.iter().map(|c| c.row + c.rows).max().unwrap_or(0);
    let col1 = cells.iter().map(|c| c.col + c.cols).max().unwrap_or(0);
    Ok(StagePicture {
        row0,
        col0,
        rows: row1 - row0,
        cols: col1 - col0,
        cells,
        blocks: true,
        note: Some(note),
        fold_unit: steps.grid(stage).map_or(u64::MAX, fold_unit),
        row_fold_unit: steps.grid(stage).map_or(u64::MAX, row_fold_unit),
        colour_span,
        linear: matches!(steps.grid(stage), Some(Grid::Wrapped { .. })),
    })
}

/// The `L(n)` tail's padding in the tail stage, as grey rectangles of the
/// wrapped memory grid (`width` cells a row): the rest of the row the
/// tiles end in, whole rows, the start of the last row. Keyed after every
/// tile, so it grows in place when the stage is reached.
fn tail_pieces(steps: &Steps, stage: usize, width: u64) -> Vec<StageCell> {
    let stages = steps.stages();
    let (Some(here), Some(before)) = (stages.get(stage), stage.checked_sub(1)) else {
        return Vec::new();
    };
    if here.kind() != StageKind::Tail {
        return Vec::new();
    }
    let (Some(&end), Some(&start)) = (here.sizes().first(), stages[before].sizes().first()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut at = start;
    let mut piece = |row: u64, col: u64, rows: u64, cols: u64, offset: u64| {
        out.push(StageCell {
            row,
            col,
            rows,
            cols,
            key: MAX_BLOCKS + out.len() as u64,
            offset,
            element: false,
        });
    };
    if at % width != 0 && at < end {
        let cols = (width - at % width).min(end - at);
        piece(at / width, at % width, 1, cols, at);
        at += cols;
    }
    if end - at >= width {
        let rows = (end - at) / width;
        piece(at / width, 0, rows, width, at);
        at += rows * width;
    }
    if at < end {
        piece(at / width, 0, 1, end - at, at);
    }
    out
}

/// What step mode outlines for the memory offset `offset`: the cell, or
/// in block motion the tile holding it (`None` if not drawn).
pub fn shown_key(steps: &Steps, offset: u64) -> Option<u64> {
    if steps.motion() == Motion::Cells {
        return Some(offset);
    }
    let block = steps.block_of_offset(offset)?;
    let mut k = 0u64;
    for (&i, &c) in block.iter().zip(steps.block_shape()) {
        k = k.checked_mul(c)?.checked_add(i)?;
    }
    (k < MAX_BLOCKS).then_some(k)
}

impl State {
    /// Moves step mode by `by` stages, clamped; opens it at stage 0.
    pub(crate) fn step_stage(&mut self, by: i64) {
        let count = self
            .model
            .as_ref()
            .and_then(|m| m.drawn.as_ref())
            .and_then(|d| d.steps())
            .map_or(0, |s| s.stages().len());
        if count == 0 {
            return;
        }
        // A sharded array's first stage is the cut into shards.
        let sharded = self.model.as_ref().is_some_and(|m| m.shard.is_some());
        match (self.stage, self.stage_cut) {
            (None, _) if sharded => {
                self.stage = Some(0);
                self.stage_cut = true;
                return;
            }
            (Some(_), true) => {
                self.stage_cut = by <= 0;
                return;
            }
            (Some(0), false) if sharded && by < 0 => {
                self.stage_cut = true;
                return;
            }
            _ => {}
        }
        self.stage = Some(match self.stage {
            None => 0,
            Some(k) => {
                let last = count - 1;
                let next = i64::try_from(k).unwrap_or(i64::MAX).saturating_add(by);
                usize::try_from(next.max(0)).unwrap_or(last).min(last)
            }
        });
    }
}

#[cfg(test)]
mod tests;
