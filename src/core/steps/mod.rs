//! XLA's tiling, one stage at a time (issue 8, "Step through the tiling").
//!
//! XLA's `docs/tiled_layout.md` ("Tiling as pad-reshape-transpose",
//! "Repeated tiling", "Combining dimensions using tiles") defines a tiled
//! layout as a sequence of steps; [`Steps`] makes each step a *stage* with
//! its own shape, and says where every cell is in every stage:
//!
//! ```text
//! f32[3,5]{1,0:T(2,2)}, element (2,3)
//!   logical                      (3,5)      (2,3)
//!   physical order               (3,5)      (2,3)      dims major to minor (minor_to_major reversed)
//!   level 1 T(2,2): pad          (4,6)      (2,3)      each tiled dim up to a multiple of the tile
//!   level 1 T(2,2): split        (2,2,3,2)  (1,0,1,1)  x -> (floor(x/t), x mod t)
//!   level 1 T(2,2): tiles major  (2,3,2,2)  (1,1,0,1)  tile counts major, within-tile minor
//!   linear memory                (24)       (17)       row-major linear index
//! ```
//!
//! Before a level's pad, a *combine* stage appears when the tile is longer
//! than the shape (leading dims of size 1) or holds `*` (merged dims);
//! after the last level, an `L(n)` *tail* stage when `n > 1`.
//!
//! Every op between stages is O(number of dims) on one cell's index, so
//! the app can place any cell in any stage without walking the array:
//! [`Steps::index_in`] / [`Steps::place`] for elements,
//! [`Steps::trace_offset`] / [`Steps::place_offset`] for any footprint cell
//! (padding appears at the stage that adds it), and [`Steps::grid`] for a
//! 2-D picture of a stage. Above [`CELL_MOTION_LIMIT`] footprint cells the
//! app moves whole first-level tiles as blocks ([`blocks`]).

mod blocks;
mod build;
mod formula;
mod grid;
mod ops;
mod report;

pub use blocks::BlockError;
pub use grid::{Grid, Rect};
pub use report::{StepJson, StepsError, StepsReport};

use crate::core::array::ArrayLayout;
use crate::core::error::ErrorKind;
use ops::Op;

/// Up to this many footprint cells, every cell moves on its own between
/// stages; beyond, whole first-level tiles move as blocks.
pub const CELL_MOTION_LIMIT: u64 = 4096;

/// What kind of step made a stage. `level` is 0-based (titles say
/// `level 1` for level 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StageKind {
    /// The array in dimension-number order.
    Logical,
    /// Dims ordered major to minor (minor_to_major reversed).
    Physical,
    /// Leading size-1 dims added and `*` dims merged, before a level.
    Combine { level: usize },
    /// Each tiled dim padded to a multiple of its tile entry.
    Pad { level: usize },
    /// Each tiled dim reshaped into (tile count, within tile).
    Split { level: usize },
    /// Tile counts moved major, within-tile indices minor.
    TilesMajor { level: usize },
    /// One dim: the offset.
    Linear,
    /// `L(n)` tail padding.
    Tail,
}

/// One dim of a stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageDim {
    pub size: u64,
    /// `y`, `x/2`, `(y%8)/2`, `(z,y)` for merged dims, `1` for an added
    /// leading dim, `offset` in linear memory.
    pub label: String,
}

impl StageDim {
    fn new(size: u64, label: String) -> StageDim {
        StageDim { size, label }
    }
}

/// One stage of the tiling.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    kind: StageKind,
    title: String,
    dims: Vec<StageDim>,
    note: Option<String>,
    grid: Grid,
    /// Row width for linear stages built after this one.
    default_width: u64,
}

impl Stage {
    pub fn kind(&self) -> StageKind {
        self.kind
    }

    /// `level 1 T(2,2): pad`, `physical order`, `linear memory`.
    pub fn title(&self) -> &str {
        &self.title
    }

    /// The stage's shape, major to minor.
    pub fn dims(&self) -> &[StageDim] {
        &self.dims
    }

    pub fn sizes(&self) -> Vec<u64> {
        self.dims.iter().map(|d| d.size).collect()
    }

    /// What to know about this stage (why it exists, what XLA's docs say a
    /// packing tile is for, where XLA's own size figure differs).
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// How the stage is drawn in 2-D.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }
}

/// How cells move between stages in the app's animation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// Every footprint cell moves on its own.
    Cells,
    /// Whole blocks (first-level tiles) move; see [`Steps::block_rect`].
    Blocks,
}

/// All stages of one array's layout.
#[derive(Clone, Debug)]
pub struct Steps {
    stages: Vec<Stage>,
    /// `ops[k]` turns stage `k` into stage `k + 1`.
    ops: Vec<Op>,
    blocks: blocks::Blocks,
}

impl Steps {
    /// The stages of `layout`. Fails on unbounded (`?`) dims and on sizes
    /// beyond int64 (only reachable for empty arrays, whose other dims are
    /// not otherwise bounded).
    pub fn new(layout: &ArrayLayout) -> Result<Steps, ErrorKind> {
        let (stages, ops) = build::build(layout)?;
        let blocks = blocks::Blocks::new(&stages, &ops);
        Ok(Steps {
            stages,
            ops,
            blocks,
        })
    }

    pub fn stages(&self) -> &[Stage] {
        &self.stages
    }

    /// The grid of stage `stage` (`None` past the last stage).
    pub fn grid(&self, stage: usize) -> Option<&Grid> {
        self.stages.get(stage).map(|s| &s.grid)
    }

    /// Cells in memory: the last stage's size (padding and tail included).
    pub fn footprint(&self) -> u64 {
        self.stages.last().map_or(0, |s| s.dims[0].size)
    }

    /// Whether the app should move cells or whole blocks.
    pub fn motion(&self) -> Motion {
        if self.footprint() <= CELL_MOTION_LIMIT {
            Motion::Cells
        } else {
            Motion::Blocks
        }
    }

    /// Wraps the linear stages into rows of `width` cells (default: one
    /// first-level tile per row, or the most minor dim when untiled).
    pub fn set_row_width(&mut self, width: u64) {
        for s in &mut self.stages {
            if let Grid::Wrapped { width: w, .. } = &mut s.grid {
                *w = width.max(1);
            }
        }
    }

    /// The element's index (dimension-number order) in every stage; `None`
    /// if it is not an element (wrong length or out of range).
    pub fn trace(&self, index: &[u64]) -> Option<Vec<Vec<u64>>> {
        let mut out = Vec::with_capacity(self.stages.len());
        out.push(self.trace_prefix(index)?);
        for op in &self.ops {
            let next = op.forward(out.last()?);
            out.push(next);
        }
        Some(out)
    }

    /// The element's index in stage `stage`. O(stages x dims).
    pub fn index_in(&self, stage: usize, index: &[u64]) -> Option<Vec<u64>> {
        let mut cur = self.trace_prefix(index)?;
        for op in self.ops.iter().take(stage) {
            cur = op.forward(&cur);
        }
        (stage < self.stages.len()).then_some(cur)
    }

    /// The element's `(row, column)` in stage `stage`'s grid.
    pub fn place(&self, stage: usize, index: &[u64]) -> Option<(u64, u64)> {
        let at = self.index_in(stage, index)?;
        Some(self.stages[stage].grid.place(&at))
    }

    /// A footprint cell (memory offset) in every stage: its index where it
    /// exists, `None` in the stages before the one that added it (padding).
    /// `None` past the footprint.
    pub fn trace_offset(&self, offset: u64) -> Option<Vec<Option<Vec<u64>>>> {
        if offset >= self.footprint() {
            return None;
        }
        let mut out = vec![None; self.stages.len()];
        let mut cur = vec![offset];
        out[self.stages.len() - 1] = Some(cur.clone());
        for (k, op) in self.ops.iter().enumerate().rev() {
            match op.backward(&cur) {
                Some(prev) => {
                    out[k] = Some(prev.clone());
                    cur = prev;
                }
                None => break,
            }
        }
        Some(out)
    }

    /// A footprint cell's `(row, column)` in stage `stage`, `None` if it
    /// does not exist there.
    pub fn place_offset(&self, stage: usize, offset: u64) -> Option<(u64, u64)> {
        let mut cur = vec![offset];
        if offset >= self.footprint() {
            return None;
        }
        for op in self.ops.iter().skip(stage).rev() {
            cur = op.backward(&cur)?;
        }
        Some(self.stages.get(stage)?.grid.place(&cur))
    }

    /// The element's offset (the last stage's index).
    pub fn offset_of(&self, index: &[u64]) -> Option<u64> {
        self.index_in(self.stages.len() - 1, index).map(|i| i[0])
    }

    fn trace_prefix(&self, index: &[u64]) -> Option<Vec<u64>> {
        let first = self.stages.first()?;
        let ok = index.len() == first.dims.len()
            && index.iter().zip(&first.dims).all(|(i, d)| *i < d.size);
        ok.then(|| index.to_vec())
    }
}
