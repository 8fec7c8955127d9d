//! Memory cells looked up as sums of a row's part and a column's part.
//!
//! The memory pane wraps linear memory into rows of `width` cells, so the
//! cell in row `y`, column `x` is offset `y * width + x`. When `width`
//! splits the offset's mixed-radix digits (the final coordinates, see
//! `plan.rs`) without a carry, every digit of `y * width + x` is the sum of
//! that digit of `y * width` and of `x`. That holds when some final stride
//! `S_j` divides `width` and `width` divides the next more-major stride
//! `S_(j-1)` (nothing when `j` is the most major digit, which has no digit
//! above to carry into): `x < width` then only adds to digits `j..`, and
//! `y * width`'s digit `j` is a multiple of `width / S_j`, at most
//! `size_j - width / S_j`, so the sum stays below `size_j`. Automatic row
//! widths are a tile or its minor size times a power of two, which does
//! that for TPU layouts.
//!
//! Without `*` merges, running the ops backward is linear (each split
//! rebuilds `q * t + r`), so every node, every level's tile number, the
//! row-major id and the coordinate each padding check compares are sums of
//! the two parts' values too. A grid of cells then costs one decode per
//! sampled row and per sampled column, and a few additions per cell.

use super::plan::Op;
use super::{Cell, Mapping, PaddingSource, NO_TILE};

/// A row's part ([`OffsetParts::row`]): the index of its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowPart(usize);

/// A column's part ([`OffsetParts::column`]). Rows and columns are
/// separate types: only a row's part plus a column's adds without a carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ColumnPart(usize);

/// Row and column parts of one mapping's offsets for one row width; see
/// the module docs. Built by [`Mapping::offset_parts`].
pub struct OffsetParts<'a> {
    mapping: &'a Mapping,
    width: u64,
    /// The splits that can add padding, in the order the backward run
    /// checks them: source node, its size, the split's level.
    checks: Vec<(usize, u64, usize)>,
    /// Values per part: one per check, one tile number per level, the id.
    stride: usize,
    /// Each part's offset.
    offsets: Vec<u64>,
    values: Vec<u64>,
    regs: Vec<u64>,
}

impl Mapping {
    /// Row and column parts for a memory picture `width` cells wide, when
    /// cells there are sums of the two (no `*` merges, not the older
    /// padded dims, `width` splits the digits without a carry); `None`
    /// otherwise, and the caller probes each cell.
    pub fn offset_parts(&self, width: u64) -> Option<OffsetParts<'_>> {
        if self.legacy || !self.is_separable() || width == 0 || !self.splits_digits(width) {
            return None;
        }
        let checks: Vec<(usize, u64, usize)> = self
            .plan
            .ops
            .iter()
            .rev()
            .filter_map(|op| match *op {
                Op::Split {
                    src,
                    level,
                    pads: true,
                    ..
                } => Some((src, self.plan.sizes[src], level)),
                _ => None,
            })
            .collect();
        Some(OffsetParts {
            mapping: self,
            width,
            stride: checks.len() + self.num_levels() + 1,
            checks,
            offsets: Vec::new(),
            values: Vec::new(),
            regs: vec![0; self.plan.num_nodes()],
        })
    }

    /// Whether `y * width + x` (`x < width`) adds digit by digit.
    fn splits_digits(&self, width: u64) -> bool {
        let raw = self.plan.raw_footprint;
        if width >= raw {
            return true;
        }
        // The most major digit has no digit above to carry into: offsets
        // past the raw footprint are never decoded.
        let mut upper: Option<u64> = None;
        for &stride in &self.plan.final_strides {
            if width.is_multiple_of(stride) && upper.is_none_or(|u| u.is_multiple_of(width)) {
                return true;
            }
            upper = Some(stride);
        }
        false
    }
}

impl OffsetParts<'_> {
    /// Tiling levels: the length of the `tiles` that [`OffsetParts::cell`]
    /// fills.
    pub fn levels(&self) -> usize {
        self.mapping.num_levels()
    }

    /// The part of row `y` (offset `y * width`); `None` when that overflows.
    pub fn row(&mut self, y: u64) -> Option<RowPart> {
        let offset = y.checked_mul(self.width)?;
        Some(RowPart(self.add(offset)))
    }

    /// The part of column `x`; `None` past the row's end.
    pub fn column(&mut self, x: u64) -> Option<ColumnPart> {
        (x < self.width).then(|| ColumnPart(self.add(x)))
    }

    fn add(&mut self, offset: u64) -> usize {
        let id = self.offsets.len();
        let m = self.mapping;
        self.offsets.push(offset);
        if offset >= m.plan.raw_footprint {
            // Every cell with this part is past the raw footprint too:
            // tail padding or outside, which need no values.
            self.values.extend(std::iter::repeat_n(0, self.stride));
            return id;
        }
        let regs = &mut self.regs[..];
        regs.fill(0);
        m.unravel_final(offset, regs);
        // The whole backward run, without stopping at padding: linear.
        // Wrapping: only the sums of two parts must be exact, and they are
        // a real cell's values. That is also why the tile numbers and the
        // id below are not `Mapping::tile_numbers` and `id_from_regs`:
        // those only see cells whose backward run stopped at their padding,
        // and their checked arithmetic must not wrap.
        let plan = &m.plan;
        for op in plan.ops.iter().rev() {
            if let Op::Split { src, q, r, t, .. } = *op {
                regs[src] = regs[q].wrapping_mul(t.divisor()).wrapping_add(regs[r]);
            }
        }
        self.values
            .extend(self.checks.iter().map(|&(src, _, _)| regs[src]));
        self.values.extend(plan.levels.iter().map(|level| {
            level.outer.iter().fold(0u64, |acc, &n| {
                acc.wrapping_mul(plan.sizes[n]).wrapping_add(regs[n])
            })
        }));
        let row_major = &m.row_major;
        self.values.push(
            plan.physical
                .iter()
                .zip(&plan.physical_dims)
                .fold(0u64, |acc, (&n, &d)| {
                    acc.wrapping_add(regs[n].wrapping_mul(row_major[d]))
                }),
        );
        id
    }

    /// What offset `row + column` holds, like [`Mapping::probe_offset`]:
    /// the offset and the cell, with `tiles` filled; `None` past the
    /// footprint, when `tiles` is not one entry per level, or for a part
    /// that is not this one's.
    #[inline]
    pub fn cell(&self, row: RowPart, column: ColumnPart, tiles: &mut [u64]) -> Option<(u64, Cell)> {
        let m = self.mapping;
        let (a, b) = (row.0, column.0);
        let offset = self.offsets.get(a)?.checked_add(*self.offsets.get(b)?)?;
        if offset >= m.footprint || tiles.len() != m.num_levels() {
            return None;
        }
        if offset >= m.plan.raw_footprint {
            tiles.fill(NO_TILE);
            return Some((offset, Cell::Padding(PaddingSource::TailAlignment)));
        }
        let va = self.values.get(a * self.stride..(a + 1) * self.stride)?;
        let vb = self.values.get(b * self.stride..(b + 1) * self.stride)?;
        let sum = |k: usize| va[k].wrapping_add(vb[k]);
        let n = self.checks.len();
        let padding = (0..n)
            .find(|&k| sum(k) >= self.checks[k].1)
            .map(|k| self.checks[k].2);
        let first_known = padding.unwrap_or(0);
        for (k, slot) in tiles.iter_mut().enumerate() {
            *slot = if k < first_known { NO_TILE } else { sum(n + k) };
        }
        Some((
            offset,
            match padding {
                Some(level) => Cell::Padding(PaddingSource::Tile { level }),
                None => Cell::Element(sum(self.stride - 1)),
            },
        ))
    }
}
