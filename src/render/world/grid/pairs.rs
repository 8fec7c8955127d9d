//! Samples as the sum of two terms, one per sampled row and one per
//! sampled column, when a slice's term is linear in its number.
//!
//! A cell of slice `s` at `(r, c)` is `term(s) + term(r) + term(c)` (plus
//! the last leading coordinate's term when slices split into outer groups,
//! a function of the slice column alone). When at most one of the leading
//! dims that the slice term covers is longer than 1, and that one is
//! linear and not padded, `term(s)` is that dim's unit term times the
//! slice's (or outer group's) number `sr * per row + sc`: a row's part plus
//! a column's. Everything that depends on the row is then summed once per
//! sampled row, everything that depends on the column once per sampled
//! column, and a sample adds two records instead of four terms. Sums of
//! terms compose (offsets, ids and tile numbers add, the inside-flags are
//! and-ed), so the result is the same as adding the four.

use crate::core::PaddingSource;

use super::super::sampling::Samples;
use super::super::views::Probe;
use super::terms::HEAD;
use super::{place, TermGrid, TermId};

/// A slice's (or outer group's) term when it is linear in the slice's
/// (or group's) number.
#[derive(Clone, Copy, Debug)]
pub(super) enum SliceTerm {
    /// Every slice's term is 0: no outer leading dim is longer than 1.
    Zero,
    /// The number times `unit`, the term of 1 in leading dim `dim`.
    Along { dim: usize, unit: TermId },
}

/// Per sampled row (or column): its first slice number (or slice column)
/// and where its record starts.
type Side = Option<(u64, usize)>;

impl TermGrid<'_> {
    /// Appends to `rec` the record of the sum of the terms `parts` and of
    /// the term of slice (or group) number `v`; returns where it starts.
    /// Nothing is added to the terms: a view has a record per sampled row
    /// and column of each class, thousands of them.
    fn record(&self, parts: &[TermId], lin: SliceTerm, v: u64, rec: &mut Vec<u64>) -> usize {
        let terms = &self.terms;
        let at = rec.len();
        rec.resize(at + HEAD + terms.levels, 0);
        let linear = match lin {
            SliceTerm::Along { dim, unit } if v > 0 => Some(terms.times(dim, v, unit)),
            _ => None,
        };
        let addends = parts.iter().map(|&p| terms.once(p)).chain(linear);
        terms.sum_into(addends, &mut rec[at..]);
        at
    }

    /// [`TermGrid::probe`] when slice terms are linear (`lin`); out of line
    /// (see [`TermGrid::probe_slices`]).
    #[inline(never)]
    pub(super) fn probe_pairs(
        &mut self,
        lin: SliceTerm,
        samples: &Samples,
        probes: &mut Vec<Probe>,
        tiles: &mut Vec<u64>,
    ) {
        let (g, levels) = (self.g, self.terms.levels);
        let (k, spr) = (g.leading.len(), g.slices_per_row);
        // Slices per outer group (1 when slices do not split).
        let group = if self.split { self.last } else { 1 };
        let mut rec = Vec::new();
        let cols: Vec<Side> = samples
            .all_xs()
            .iter()
            .map(|&x| {
                let (sc, c) = place(x, g.pitch_x(), g.cols, spr)?;
                let tz = if self.split {
                    self.unit(Some(k - 1), sc % group)
                } else {
                    0
                };
                let parts = [self.unit(self.col_term_dim, c), tz];
                Some((sc, self.record(&parts, lin, sc / group, &mut rec)))
            })
            .collect();
        let rows: Vec<Side> = samples
            .all_ys()
            .iter()
            .map(|&y| {
                let (sr, r) = place(y, g.pitch_y(), g.rows, g.slice_grid_rows)?;
                let first = sr.checked_mul(spr)?;
                let parts = [self.unit(self.row_term_dim, r)];
                Some((first, self.record(&parts, lin, first / group, &mut rec)))
            })
            .collect();
        let (ncols, nrows) = samples.size();
        let one_class = samples.classes().1 == 1;
        let col_class = samples.col_classes();
        let legacy = self.mapping.is_legacy();
        let stride = HEAD + levels;
        // Every sample starts outside; those inside are written in place.
        let (p0, t0) = (probes.len(), tiles.len());
        probes.resize(p0 + nrows * ncols, Probe::Outside);
        tiles.resize(t0 + nrows * ncols * levels, 0);
        let mut row_of_class: Vec<Side> = vec![None; samples.classes().1];
        let rec = rec.as_slice();
        for i in 0..nrows {
            for (c, row) in row_of_class.iter_mut().enumerate() {
                *row = rows[c * nrows + i];
            }
            let cols = &cols[samples.row_class(i) * ncols..][..ncols];
            let out = &mut probes[p0 + i * ncols..][..ncols];
            let row_tiles = &mut tiles[t0 + i * ncols * levels..][..ncols * levels];
            for (j, (col, probe)) in cols.iter().zip(out).enumerate() {
                let class = if one_class {
                    0
                } else {
                    usize::from(col_class[j])
                };
                let (Some((first, a)), Some((sc, b))) = (row_of_class[class], col) else {
                    continue;
                };
                if first.saturating_add(*sc) >= g.num_slices {
                    continue;
                }
                let (a, b) = (&rec[a..a + stride], &rec[*b..*b + stride]);
                let offset = a[0].wrapping_add(b[0]);
                let at = j * levels;
                for l in 0..levels {
                    row_tiles[at + l] = a[HEAD + l].wrapping_add(b[HEAD + l]);
                }
                let flags = a[2] & b[2];
                *probe = if flags & 1 != 0 {
                    Probe::Element {
                        offset,
                        id: a[1].wrapping_add(b[1]),
                    }
                } else {
                    Probe::Padding {
                        offset,
                        source: if legacy && flags & 2 != 0 {
                            PaddingSource::LegacyPadding
                        } else {
                            PaddingSource::Tile { level: 0 }
                        },
                    }
                };
            }
        }
    }
}
