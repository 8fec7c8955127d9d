//! Whole tiles as blocks, for the animation of large arrays.
//!
//! A *block* is one first-level tile, padding included: a box of the
//! first level's pad stage (untiled arrays: one run of the most minor
//! physical dim, a box of the physical stage). In every stage a block is
//! tracked as a box (an interval per dim) through the same ops that move
//! cells; where an op cuts the box into pieces (a later tile that splits a
//! tile-count dim, as `(2,1,1,1)` does, or `*` merges), the block is not
//! one rectangle there and [`Steps::block_rect`] says why instead of
//! inventing a place.

use std::fmt;

use super::grid::{Grid, Rect};
use super::ops::Op;
use super::{Stage, StageKind, Steps};

/// One interval per dim: `(start, len)`.
type Boxed = Vec<(u64, u64)>;

/// Why a block has no rectangle in a stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockError {
    /// No such stage or block.
    OutOfRange,
    /// The block's cells are not one rectangle in this stage's picture.
    Scattered { reason: String },
}

impl fmt::Display for BlockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BlockError::OutOfRange => write!(f, "no such stage or block"),
            BlockError::Scattered { reason } => write!(f, "{reason}"),
        }
    }
}

/// Where blocks are defined and how many there are.
#[derive(Clone, Debug)]
pub(crate) struct Blocks {
    /// The stage in which a block is a box of `lens` at a multiple of them.
    anchor: usize,
    lens: Vec<u64>,
    /// Blocks along each dim of the anchor stage.
    counts: Vec<u64>,
}

impl Blocks {
    pub fn new(stages: &[Stage], ops: &[Op]) -> Blocks {
        let pad = stages
            .iter()
            .position(|s| s.kind == StageKind::Pad { level: 0 });
        let (anchor, lens) = match pad {
            Some(a) => {
                let (first, tiles) = match &ops[a - 1] {
                    Op::Pad { first, tiles, .. } => (*first, tiles.clone()),
                    _ => (stages[a].dims.len(), Vec::new()),
                };
                let mut lens = vec![1; first];
                lens.extend(tiles);
                (a, lens)
            }
            None => {
                let a = stages
                    .iter()
                    .position(|s| s.kind == StageKind::Physical)
                    .unwrap_or(0);
                let sizes = stages[a].sizes();
                let mut lens = vec![1; sizes.len()];
                if let (Some(l), Some(&s)) = (lens.last_mut(), sizes.last()) {
                    *l = s.max(1);
                }
                (a, lens)
            }
        };
        let counts = stages[anchor]
            .sizes()
            .iter()
            .zip(&lens)
            .map(|(s, l)| s / l)
            .collect();
        Blocks {
            anchor,
            lens,
            counts,
        }
    }
}

impl Steps {
    /// Blocks along each dim of the stage where blocks are defined (the
    /// first level's pad stage; untiled: the physical stage).
    pub fn block_shape(&self) -> &[u64] {
        &self.blocks.counts
    }

    /// Cells in one block (first-level padding included).
    pub fn block_cells(&self) -> u64 {
        self.blocks.lens.iter().product()
    }

    /// The block holding a footprint cell, `None` for cells added after the
    /// blocks' stage (later padding, the tail).
    pub fn block_of_offset(&self, offset: u64) -> Option<Vec<u64>> {
        let trace = self.trace_offset(offset)?;
        let at = trace.get(self.blocks.anchor)?.as_ref()?;
        Some(
            at.iter()
                .zip(&self.blocks.lens)
                .map(|(i, l)| i / l)
                .collect(),
        )
    }

    /// The block holding an element.
    pub fn block_of(&self, index: &[u64]) -> Option<Vec<u64>> {
        let at = self.index_in(self.blocks.anchor, index)?;
        Some(
            at.iter()
                .zip(&self.blocks.lens)
                .map(|(i, l)| i / l)
                .collect(),
        )
    }

    /// The rectangle block `block` covers in stage `stage`'s grid: exactly
    /// the places of its cells that exist in that stage. Given when those
    /// cells are a box of the stage's index space whose picture is one
    /// rectangle, and the box could be followed through every stage in
    /// between; otherwise the reason. The refusal is conservative: once an
    /// op cuts the block into pieces, later stages are refused even where
    /// the pieces happen to line up again (`f32[]{:T(4)(3)}` in linear
    /// memory); the app then moves those cells one by one or cross-fades.
    /// It never returns a wrong rectangle. O(stages x dims).
    pub fn block_rect(&self, stage: usize, block: &[u64]) -> Result<Rect, BlockError> {
        let b = &self.blocks;
        if stage >= self.stages.len()
            || block.len() != b.counts.len()
            || block.iter().zip(&b.counts).any(|(i, c)| i >= c)
        {
            return Err(BlockError::OutOfRange);
        }
        // A split stage is drawn exactly as the pad stage before it.
        if let StageKind::Split { .. } = self.stages[stage].kind {
            return self.block_rect(stage - 1, block);
        }
        let mut cur: Boxed = block
            .iter()
            .zip(&b.lens)
            .map(|(i, l)| (i * l, *l))
            .collect();
        if stage >= b.anchor {
            for k in b.anchor..stage {
                cur = forward(&self.ops[k], &cur, &self.stages[k])
                    .map_err(|reason| scattered(&self.stages[k + 1], reason))?;
            }
        } else {
            for k in (stage..b.anchor).rev() {
                cur = backward(&self.ops[k], &cur, &self.stages[k])
                    .map_err(|reason| scattered(&self.stages[k], reason))?;
            }
        }
        let s = &self.stages[stage];
        rect(&s.grid, &cur).map_err(|reason| scattered(s, reason))
    }
}

fn scattered(stage: &Stage, reason: String) -> BlockError {
    BlockError::Scattered {
        reason: format!(
            "in `{}` a first-level tile is not one rectangle: {reason}",
            stage.title
        ),
    }
}

/// The box after `op`; `from` is the op's input stage.
fn forward(op: &Op, cur: &[(u64, u64)], from: &Stage) -> Result<Boxed, String> {
    match op {
        Op::Permute(perm) => Ok(perm.iter().map(|&p| cur[p]).collect()),
        Op::Pad { .. } | Op::Tail { .. } => Ok(cur.to_vec()),
        Op::Regroup { groups, in_sizes } => groups
            .iter()
            .map(|g| {
                merge(&cur[g.clone()], &in_sizes[g.clone()]).ok_or_else(|| {
                    "merging the `*` dims spreads its cells over separate runs".to_owned()
                })
            })
            .collect(),
        Op::Split { first, tiles } => {
            let mut out = cur[..*first].to_vec();
            for (j, (&(a, len), &t)) in cur[*first..].iter().zip(tiles).enumerate() {
                let (q, r) = split(a, len, t).ok_or_else(|| {
                    format!(
                        "splitting `{}` by {t} cuts it into pieces",
                        from.dims[first + j].label
                    )
                })?;
                out.push(q);
                out.push(r);
            }
            Ok(out)
        }
        Op::Linearise { sizes } => merge(cur, sizes)
            .map(|i| vec![i])
            .ok_or_else(|| "its cells are not contiguous in memory".to_owned()),
    }
}

/// The box before `op`; `to` is the op's input stage (the earlier one).
fn backward(op: &Op, cur: &[(u64, u64)], to: &Stage) -> Result<Boxed, String> {
    match op {
        Op::Permute(perm) => {
            let mut out = vec![(0, 1); perm.len()];
            for (i, &p) in perm.iter().enumerate() {
                out[p] = cur[i];
            }
            Ok(out)
        }
        Op::Pad { before, .. } => Ok(cur
            .iter()
            .zip(before)
            .map(|(&(a, len), &s)| (a, (a + len).min(s).saturating_sub(a)))
            .collect()),
        Op::Tail { before } => Ok(vec![(
            cur[0].0,
            (cur[0].0 + cur[0].1).min(*before) - cur[0].0,
        )]),
        Op::Regroup { groups, in_sizes } => {
            let mut out = vec![(0, 1); in_sizes.len()];
            for (g, &(a, len)) in groups.iter().zip(cur) {
                let parts = unmerge(a, len, &in_sizes[g.clone()]).ok_or_else(|| {
                    format!(
                        "its cells in the merged dim do not form a box of {}",
                        to.dims[g.clone()]
                            .iter()
                            .map(|d| d.label.as_str())
                            .collect::<Vec<_>>()
                            .join(",")
                    )
                })?;
                out[g.clone()].copy_from_slice(&parts);
            }
            Ok(out)
        }
        // Blocks are defined at the first pad stage; no split or
        // linearisation comes before it.
        Op::Split { .. } | Op::Linearise { .. } => {
            Err("internal: no box before this stage".to_owned())
        }
    }
}

/// A box over `sizes` as one row-major interval, if it is one: dims more
/// minor than some dim `p` are covered whole, dims more major are single.
fn merge(bx: &[(u64, u64)], sizes: &[u64]) -> Option<(u64, u64)> {
    let mut stride = 1u64;
    let mut start = 0u64;
    let mut len = 1u64;
    let mut whole = true;
    for (&(a, l), &s) in bx.iter().zip(sizes).rev() {
        if whole {
            start = start.checked_add(a.checked_mul(stride)?)?;
            len = len.checked_mul(l)?;
            whole = a == 0 && l == s;
        } else {
            if l != 1 {
                return None;
            }
            start = start.checked_add(a.checked_mul(stride)?)?;
        }
        stride = stride.checked_mul(s)?;
    }
    Some((start, len))
}

/// An interval over `sizes` (row-major) as a box, if it is one.
fn unmerge(a: u64, len: u64, sizes: &[u64]) -> Option<Boxed> {
    let mut out = vec![(0, 1); sizes.len()];
    let mut rest = a;
    let mut count = len;
    let mut whole = true;
    for (o, &s) in out.iter_mut().zip(sizes).rev() {
        let s1 = s.max(1);
        let digit = rest % s1;
        rest /= s1;
        if whole && digit == 0 && count.is_multiple_of(s1) && count >= s1 {
            *o = (0, s1);
            count /= s1;
        } else if whole {
            if digit + count > s1 {
                return None;
            }
            *o = (digit, count);
            count = 1;
            whole = false;
        } else {
            *o = (digit, 1);
        }
    }
    (count == 1).then_some(out)
}

/// `[a, a + len)` split by `t` into a `(quotient, remainder)` box.
fn split(a: u64, len: u64, t: u64) -> Option<((u64, u64), (u64, u64))> {
    if len == 0 {
        return Some(((a / t, 0), (0, 0)));
    }
    if a / t == (a + len - 1) / t {
        Some(((a / t, 1), (a % t, len)))
    } else if a.is_multiple_of(t) && len.is_multiple_of(t) {
        Some(((a / t, len / t), (0, t)))
    } else {
        None
    }
}

/// The grid rectangle of a box in a stage.
fn rect(grid: &Grid, bx: &[(u64, u64)]) -> Result<Rect, String> {
    match grid {
        Grid::Dims {
            row_dims,
            col_dims,
            row_sizes,
            col_sizes,
        } => {
            let pick = |dims: &[usize]| dims.iter().map(|&d| bx[d]).collect::<Vec<_>>();
            let (row, rows) = merge(&pick(row_dims), row_sizes)
                .ok_or_else(|| "its cells are not consecutive rows of this picture".to_owned())?;
            let (col, cols) = merge(&pick(col_dims), col_sizes).ok_or_else(|| {
                "its cells are not consecutive columns of this picture".to_owned()
            })?;
            Ok(Rect {
                row,
                col,
                rows,
                cols,
            })
        }
        Grid::Wrapped { width, .. } => {
            let w = (*width).max(1);
            let (a, len) = bx[0];
            if a % w + len <= w {
                Ok(Rect {
                    row: a / w,
                    col: a % w,
                    rows: 1,
                    cols: len,
                })
            } else if a.is_multiple_of(w) && len.is_multiple_of(w) {
                Ok(Rect {
                    row: a / w,
                    col: 0,
                    rows: len / w,
                    cols: w,
                })
            } else {
                Err(format!(
                    "its {len} cells wrap across rows of {w} without filling them"
                ))
            }
        }
    }
}
