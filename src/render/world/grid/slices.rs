//! A slice's (or outer group's) term, from its leading coordinates.
//!
//! Decomposing a slice number into its leading coordinates takes a
//! division per dim, and a view of many small slices reaches a new slice
//! every sample or two: an 8-dim array's logical pane spent most of its
//! time there. The number (`sr * per row + sc`, in groups when slices
//! split) is a row's part plus a column's part, so its mixed-radix digits
//! are the two parts' digits added digit by digit, with a carry into the
//! next more-major digit where a sum reaches its dim's size. Each part is
//! decomposed once per sampled row or column ([`Digits`]), and a sample
//! adds them.

use super::{TermGrid, TermId};

/// The mixed-radix digits of row and column parts over the outer leading
/// dims, most major first (that digit unbounded), `sizes.len()` per part.
pub(super) struct Digits {
    sizes: Vec<u64>,
    values: Vec<u64>,
}

impl Digits {
    /// `None` without dims, or with a size of 0 or a product past `u64`
    /// (the slice numbers' own checks then apply).
    pub(super) fn new(sizes: &[u64]) -> Option<Digits> {
        let product = sizes.iter().try_fold(1u64, |acc, &s| acc.checked_mul(s));
        (!sizes.is_empty() && product.is_some_and(|p| p > 0)).then(|| Digits {
            sizes: sizes.to_vec(),
            values: Vec::new(),
        })
    }

    /// Appends the digits of `v`; returns the part's index.
    pub(super) fn push(&mut self, mut v: u64) -> usize {
        let k = self.sizes.len();
        let at = self.values.len();
        self.values.resize(at + k, 0);
        for d in (1..k).rev() {
            self.values[at + d] = v % self.sizes[d];
            v /= self.sizes[d];
        }
        self.values[at] = v;
        at / k
    }

    /// The digits of parts `a` plus `b` into `out` (one per dim); `false`
    /// when the sum is past the last slice (its most major digit not below
    /// that dim's size).
    pub(super) fn add(&self, a: usize, b: usize, out: &mut [u64]) -> bool {
        let k = self.sizes.len();
        let (da, db) = (&self.values[a * k..][..k], &self.values[b * k..][..k]);
        let mut carry = 0;
        for d in (0..k).rev() {
            let sum = da[d].saturating_add(db[d]).saturating_add(carry);
            if d > 0 && sum >= self.sizes[d] {
                out[d] = sum - self.sizes[d];
                carry = 1;
            } else {
                out[d] = sum;
                carry = 0;
            }
        }
        out[0] < self.sizes[0]
    }
}

impl TermGrid<'_> {
    /// The term of slice `(sr, sc)` (or of its outer group when split);
    /// linear and per-coordinate terms are written to slot `slot` of
    /// [`TermGrid::linear`]. `parts`: the row's and the column's digits
    /// ([`Digits`]), when kept.
    pub(super) fn slice_term(
        &mut self,
        sr: u64,
        sc: u64,
        parts: Option<(usize, usize)>,
        slot: usize,
    ) -> Option<TermId> {
        let (g, k) = (self.g, self.g.leading.len());
        if k == 0 {
            return Some(0);
        }
        let dims = if self.split {
            &g.leading[..k - 1]
        } else {
            &g.leading[..]
        };
        if let (Some((a, b)), Some(digits)) = (parts, &self.digits) {
            let mut coords = std::mem::take(&mut self.coords);
            coords.clear();
            coords.resize(dims.len(), 0);
            let inside = digits.add(a, b, &mut coords);
            let term = inside.then(|| self.sum_of_units(&coords, slot));
            self.coords = coords;
            return term;
        }
        let slice = sr.checked_mul(g.slices_per_row)?.checked_add(sc)?;
        let (key, limit) = if self.split {
            (slice / self.last, g.num_slices / self.last)
        } else {
            (slice, g.num_slices)
        };
        if key >= limit {
            return None;
        }
        if let Some(units) = &self.units {
            self.values.clear();
            let mut rest = key;
            for d in (0..dims.len()).rev() {
                let size = dims[d].max(1);
                if rest % size > 0 {
                    self.values.push((d, rest % size, units[d]));
                }
                rest /= size;
            }
            self.terms.set_linear(self.linear[slot], &self.values);
            return Some(self.linear[slot]);
        }
        let mut coords = std::mem::take(&mut self.coords);
        coords.clear();
        coords.resize(dims.len(), 0);
        let mut rest = key;
        for d in (0..dims.len()).rev() {
            let size = dims[d].max(1);
            coords[d] = rest % size;
            rest /= size;
        }
        let term = if self.per_dim {
            self.sum_of_units(&coords, slot)
        } else {
            let terms = &mut self.terms;
            let n = self.mapping.num_dims();
            *self.cache.entry(key).or_insert_with(|| {
                let mut lead = vec![0u64; n];
                lead[..coords.len()].copy_from_slice(&coords);
                terms.add(&lead)
            })
        };
        self.coords = coords;
        Some(term)
    }

    /// The term of outer leading coordinates `coords` whose dims are each
    /// their own group: each coordinate's term, looked up once
    /// (`units_seen`), summed into slot `slot` of [`TermGrid::linear`].
    fn sum_of_units(&mut self, coords: &[u64], slot: usize) -> TermId {
        let mut parts = std::mem::take(&mut self.parts);
        parts.clear();
        for (d, &v) in coords.iter().enumerate() {
            parts.push(self.unit(Some(d), v));
        }
        self.terms.set_sum(self.linear[slot], &parts);
        self.parts = parts;
        self.linear[slot]
    }
}
