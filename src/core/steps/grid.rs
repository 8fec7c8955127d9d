//! Where a stage's cells sit in a 2-D picture of that stage.
//!
//! A multi-dimensional stage is drawn as a grid: some of its dims, taken
//! row-major, give the row; the others give the column. The choice per
//! stage (see [`super::build`]) keeps a tile a rectangle where it is one:
//!
//! ```text
//! f32[3,5]{1,0:T(2,2)}     pad (4,6)         rows: y      cols: x
//!                          split (2,2,3,2)   rows: y/2,y%2 cols: x/2,x%2  (the same picture)
//!                          tiles major       rows: y%2    cols: y/2,x/2,x%2  (tiles side by side)
//!                          linear memory     offset o at row o / W, column o % W
//! ```

use super::ops::linear;

/// A rectangle of grid cells: top-left `(row, col)` and its extent.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rect {
    pub row: u64,
    pub col: u64,
    pub rows: u64,
    pub cols: u64,
}

/// How one stage is drawn in two dimensions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Grid {
    /// Row = row-major index over `row_dims`, column = over `col_dims`
    /// (positions in the stage's dims, major to minor).
    Dims {
        row_dims: Vec<usize>,
        col_dims: Vec<usize>,
        row_sizes: Vec<u64>,
        col_sizes: Vec<u64>,
    },
    /// A one-dim stage (linear memory) wrapped into rows of `width` cells:
    /// offset `o` at row `o / width`, column `o % width`.
    Wrapped { width: u64, len: u64 },
}

impl Grid {
    pub(crate) fn dims(sizes: &[u64], row_dims: Vec<usize>, col_dims: Vec<usize>) -> Grid {
        let row_sizes = row_dims.iter().map(|&d| sizes[d]).collect();
        let col_sizes = col_dims.iter().map(|&d| sizes[d]).collect();
        Grid::Dims {
            row_dims,
            col_dims,
            row_sizes,
            col_sizes,
        }
    }

    /// Number of rows (0 for a stage without cells).
    pub fn rows(&self) -> u64 {
        match self {
            Grid::Dims {
                row_sizes,
                col_sizes,
                ..
            } => extent(row_sizes, col_sizes),
            Grid::Wrapped { width, len } => len.div_ceil((*width).max(1)),
        }
    }

    /// Number of columns (0 for a stage without cells).
    pub fn cols(&self) -> u64 {
        match self {
            Grid::Dims {
                row_sizes,
                col_sizes,
                ..
            } => extent(col_sizes, row_sizes),
            Grid::Wrapped { width, len } => (*width).min(*len),
        }
    }

    /// `(row, column)` of the cell with this index in the stage. O(number
    /// of dims). The index must be in range for the stage.
    pub fn place(&self, index: &[u64]) -> (u64, u64) {
        match self {
            Grid::Dims {
                row_dims,
                col_dims,
                row_sizes,
                col_sizes,
            } => {
                let pick = |dims: &[usize], sizes: &[u64]| {
                    let digits: Vec<u64> = dims.iter().map(|&d| index[d]).collect();
                    linear(&digits, sizes)
                };
                (pick(row_dims, row_sizes), pick(col_dims, col_sizes))
            }
            Grid::Wrapped { width, .. } => {
                let w = (*width).max(1);
                (index[0] / w, index[0] % w)
            }
        }
    }
}

/// Product of `sizes`, 0 when the stage has no cells at all (a zero in
/// either group), saturating otherwise (only reachable for empty stages,
/// whose other sizes are unchecked).
fn extent(sizes: &[u64], others: &[u64]) -> u64 {
    if sizes.iter().chain(others).any(|&s| s == 0) {
        return 0;
    }
    sizes.iter().fold(1u64, |acc, &s| acc.saturating_mul(s))
}
