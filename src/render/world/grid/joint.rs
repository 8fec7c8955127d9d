//! The table of joined row and column terms: when a `*` merge joins the
//! row and column dims, `term(r, c)` is one term, looked up once per
//! distinct `(r, c)` in view (the slices repeat them).

use super::{TermId, Terms};
use crate::render::world::geometry::LogicalGeometry;

/// The terms of joined row and column dims, one per `(r, c)` of a slice,
/// looked up when first needed (`TermId::MAX` until then), row-major.
pub(super) struct Joint {
    /// The row and column dims.
    dims: (usize, usize),
    cols: u64,
    table: Vec<TermId>,
    index: Vec<u64>,
}

impl Joint {
    /// `None` when the row and column are joined but a slice has at least
    /// half as many cells as the view samples (too few repeats for the
    /// terms to pay); `Some(None)` when they are not joined.
    pub(super) fn new(
        joined: Option<(usize, usize)>,
        g: &LogicalGeometry,
        cells: usize,
    ) -> Option<Option<Joint>> {
        let Some(dims) = joined else {
            return Some(None);
        };
        let size = usize::try_from(g.rows.checked_mul(g.cols)?).ok()?;
        (size.checked_mul(2)? < cells).then(|| {
            Some(Joint {
                dims,
                cols: g.cols,
                table: vec![TermId::MAX; size],
                index: Vec::new(),
            })
        })
    }

    /// The term of row `r` and column `c`.
    pub(super) fn term(&mut self, terms: &mut Terms<'_>, r: u64, c: u64) -> TermId {
        let slot = (r * self.cols + c) as usize;
        if self.table[slot] == TermId::MAX {
            self.index.clear();
            self.index.resize(terms.mapping.num_dims(), 0);
            self.index[self.dims.0] = r;
            self.index[self.dims.1] = c;
            self.table[slot] = terms.add(&self.index);
        }
        self.table[slot]
    }
}
