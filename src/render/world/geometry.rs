//! Where cells sit in the two worlds the canvas shows.
//!
//! **Logical world**: the array as the user thinks of it. The two most
//! minor dims form a slice (y = dim N-2 down, x = dim N-1 across); the
//! higher dims index a grid of slices, row by row, separated by gaps. The
//! slice includes the ghost region (first-level tiling padding and older
//! padded dimensions, [`Mapping::ghost_dims`]).
//!
//! ```text
//!   [p=0,z=0]   gap  [p=0,z=1]   gap  [p=0,z=2]      slices_per_row = 3
//!   +-------+        +-------+        +-------+
//!   | y,x   |        |       |        |       |
//!   +-------+        +-------+        +-------+
//!      gap
//!   [p=1,z=0] ...
//! ```
//!
//! **Memory world**: linear memory wrapped into rows of `row_width`
//! elements: offset `o` at column `o % row_width`, row `o / row_width`.
//!
//! Every size here is at most XLA's int64 limit; world extents that could
//! exceed it are computed in `u128` and saturated.

use crate::core::Mapping;

use super::camera::Rect;
use super::fold::{self, Fold};

/// Gaps between slices are about this fraction of a slice's extent.
const GAP_FRACTION: u64 = 12;
/// Memory rows are about this wide at most when chosen automatically from
/// the first tile.
const MAX_UNIT: u64 = 4096;
/// All of memory goes on one row when its cells get at least this many
/// pixels there.
const ONE_ROW_MIN_PX: f64 = 24.0;

/// Layout of the logical world.
#[derive(Clone, Debug, PartialEq)]
pub struct LogicalGeometry {
    /// The ghost dims (dimension-number order) the picture covers.
    pub ghost: Vec<u64>,
    /// The array's own dims.
    pub dims: Vec<u64>,
    /// Rows and columns of one slice (ghost region included).
    pub rows: u64,
    pub cols: u64,
    /// Ghost sizes of the dims that index slices (all but the last two).
    pub leading: Vec<u64>,
    pub num_slices: u64,
    pub slices_per_row: u64,
    pub slice_grid_rows: u64,
    pub gap_x: u64,
    pub gap_y: u64,
    /// The world cut into stacked bands (`fold.rs`); every method below
    /// then speaks of the folded world, the fields of the unfolded one.
    pub fold: Option<Fold>,
}

impl LogicalGeometry {
    /// Lays out `mapping`'s ghost region for a pane of width/height `aspect`.
    pub fn new(mapping: &Mapping, aspect: f64) -> LogicalGeometry {
        let ghost = mapping.ghost_dims().to_vec();
        let dims = mapping.dims().to_vec();
        let n = ghost.len();
        let (rows, cols) = match n {
            0 => (1, 1),
            1 => (1, ghost[0]),
            _ => (ghost[n - 2], ghost[n - 1]),
        };
        let leading = ghost[..n.saturating_sub(2)].to_vec();
        let num_slices = leading
            .iter()
            .try_fold(1u64, |acc, &d| acc.checked_mul(d))
            .unwrap_or(u64::MAX);
        let (gap_x, gap_y) = if num_slices > 1 {
            (
                cols.div_ceil(GAP_FRACTION).max(1),
                rows.div_ceil(GAP_FRACTION).max(1),
            )
        } else {
            (0, 0)
        };
        let slices_per_row = slices_per_row(
            num_slices,
            leading.last().copied(),
            (cols.saturating_add(gap_x)) as f64,
            (rows.saturating_add(gap_y)) as f64,
            aspect,
        );
        LogicalGeometry {
            slice_grid_rows: num_slices.div_ceil(slices_per_row.max(1)),
            ghost,
            dims,
            rows,
            cols,
            leading,
            num_slices,
            slices_per_row,
            gap_x,
            gap_y,
            fold: None,
        }
    }

    /// Folds this layout into bands when that draws it better in a pane
    /// of `pane` pixels, captions `text` times their size
    /// ([`fold::choose`]).
    pub fn fold_for(&mut self, mapping: &Mapping, pane: &Rect, text: f64) {
        self.fold = fold::choose(self, mapping, pane, text);
    }

    /// The same layout without its fold.
    pub fn unfolded(&self) -> LogicalGeometry {
        LogicalGeometry {
            fold: None,
            ..self.clone()
        }
    }

    /// Distance between the left edges of neighbouring slices, in cells.
    pub fn pitch_x(&self) -> u64 {
        self.cols.saturating_add(self.gap_x)
    }

    pub fn pitch_y(&self) -> u64 {
        self.rows.saturating_add(self.gap_y)
    }

    /// World width and height in cells.
    pub fn world(&self) -> (u64, u64) {
        match &self.fold {
            Some(f) => f.world(),
            None => self.unfolded_world(),
        }
    }

    /// The world's width and height before any fold.
    pub fn unfolded_world(&self) -> (u64, u64) {
        let extent = |count: u64, pitch: u64, gap: u64| {
            let total = u128::from(count) * u128::from(pitch);
            u64::try_from(total.saturating_sub(u128::from(gap))).unwrap_or(u64::MAX)
        };
        (
            extent(self.slices_per_row, self.pitch_x(), self.gap_x),
            extent(self.slice_grid_rows, self.pitch_y(), self.gap_y),
        )
    }

    /// The slice number and the (row, column) inside it of world cell
    /// `(wx, wy)`; `None` in a gap or outside.
    pub fn cell(&self, wx: u64, wy: u64) -> Option<(u64, u64, u64)> {
        let (wx, wy) = match &self.fold {
            Some(f) => f.unfold(wx, wy)?,
            None => (wx, wy),
        };
        let (px, py) = (self.pitch_x().max(1), self.pitch_y().max(1));
        let (sc, c) = (wx / px, wx % px);
        let (sr, r) = (wy / py, wy % py);
        if c >= self.cols || r >= self.rows || sc >= self.slices_per_row {
            return None;
        }
        let slice = sr.checked_mul(self.slices_per_row)?.checked_add(sc)?;
        (slice < self.num_slices).then_some((slice, r, c))
    }

    /// World cell of slice `slice`'s (row, column).
    pub fn world_of(&self, slice: u64, r: u64, c: u64) -> (u64, u64) {
        let per_row = self.slices_per_row.max(1);
        let (x, y) = (
            (slice % per_row)
                .saturating_mul(self.pitch_x())
                .saturating_add(c),
            (slice / per_row)
                .saturating_mul(self.pitch_y())
                .saturating_add(r),
        );
        match &self.fold {
            Some(f) => f.fold(x, y),
            None => (x, y),
        }
    }

    /// Writes the full index (dimension-number order) of slice `slice`'s
    /// (row, column) into `index` (length = number of dims).
    pub fn index_of(&self, slice: u64, r: u64, c: u64, index: &mut [u64]) {
        let n = index.len();
        let mut rest = slice;
        for d in (0..self.leading.len()).rev() {
            let size = self.leading[d].max(1);
            index[d] = rest % size;
            rest /= size;
        }
        match n {
            0 => {}
            1 => index[0] = c,
            _ => {
                index[n - 2] = r;
                index[n - 1] = c;
            }
        }
    }

    /// The slice number, row and column of a full index.
    pub fn place_of(&self, index: &[u64]) -> (u64, u64, u64) {
        let n = index.len();
        let slice = self
            .leading
            .iter()
            .zip(index)
            .fold(0u64, |acc, (&size, &i)| {
                acc.saturating_mul(size).saturating_add(i)
            });
        match n {
            0 => (0, 0, 0),
            1 => (0, 0, index[0]),
            _ => (slice, index[n - 2], index[n - 1]),
        }
    }
}

/// How many slices go on a row of the slice grid: about what makes the
/// world's shape match the pane's, rounded to whole rows of the last
/// leading dim when that fits (so that a row of slices reads `z = 0, 1, ...`).
fn slices_per_row(
    num_slices: u64,
    last_leading: Option<u64>,
    pitch_x: f64,
    pitch_y: f64,
    aspect: f64,
) -> u64 {
    if num_slices <= 1 {
        return 1;
    }
    let ideal = (num_slices as f64 * pitch_y / pitch_x.max(1.0) * aspect.max(0.01)).sqrt();
    let ideal = ideal.clamp(1.0, num_slices as f64);
    let k = match last_leading {
        Some(l) if l > 1 && (l as f64) <= ideal => {
            let whole_rows = (ideal / l as f64).round().max(1.0) as u64;
            l.saturating_mul(whole_rows)
        }
        _ => ideal.round() as u64,
    };
    k.clamp(1, num_slices)
}

/// Layout of the memory world.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemoryGeometry {
    pub row_width: u64,
    pub footprint: u64,
}

impl MemoryGeometry {
    pub fn new(footprint: u64, row_width: u64) -> MemoryGeometry {
        MemoryGeometry {
            row_width: row_width.max(1),
            footprint,
        }
    }

    pub fn rows(&self) -> u64 {
        self.footprint.div_ceil(self.row_width)
    }

    pub fn world(&self) -> (u64, u64) {
        (self.row_width, self.rows().max(1))
    }

    /// The offset at world cell `(wx, wy)`, if inside memory.
    pub fn offset(&self, wx: u64, wy: u64) -> Option<u64> {
        if wx >= self.row_width {
            return None;
        }
        let offset = wy.checked_mul(self.row_width)?.checked_add(wx)?;
        (offset < self.footprint).then_some(offset)
    }

    /// World cell of `offset`.
    pub fn cell(&self, offset: u64) -> (u64, u64) {
        (offset % self.row_width, offset / self.row_width)
    }
}

/// The natural unit of a memory row: one first-level tile when it has at
/// most 4096 elements, else the tile's most minor size; untiled, the most
/// minor physical dim (at most 4096).
pub fn row_unit(mapping: &Mapping) -> u64 {
    match (mapping.tile_elements(0), mapping.level_tile(0)) {
        (Some(t), _) if (1..=MAX_UNIT).contains(&t) => t,
        (_, Some(tile)) => tile.last().copied().unwrap_or(1).clamp(1, MAX_UNIT),
        _ => mapping
            .memory_shape()
            .last()
            .copied()
            .unwrap_or(1)
            .clamp(1, MAX_UNIT),
    }
}

/// The row width chosen when the user has not picked one: all of memory on
/// one row when its cells stay readable there; else [`row_unit`] times or
/// divided by a power of two (dividing only while it divides evenly), the
/// one that makes the strip's shape closest to the pane's.
pub fn auto_row_width(mapping: &Mapping, pane_w: f64, pane_h: f64) -> u64 {
    let footprint = mapping.footprint();
    let unit = row_unit(mapping);
    if footprint == 0 {
        return unit;
    }
    if footprint as f64 * ONE_ROW_MIN_PX <= pane_w {
        return footprint;
    }
    let aspect = if pane_h > 0.0 { pane_w / pane_h } else { 1.0 };
    let ideal = (footprint as f64 * aspect).sqrt() / unit as f64;
    let exponent = ideal.log2().round().clamp(-62.0, 62.0) as i32;
    let width = if exponent >= 0 {
        unit.saturating_mul(1u64 << exponent)
    } else {
        let mut w = unit;
        for _ in 0..-exponent {
            if !w.is_multiple_of(2) {
                break;
            }
            w /= 2;
        }
        w
    };
    width.min(footprint).max(1)
}
