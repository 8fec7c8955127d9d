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
use super::{place, TermGrid, TermId};

/// The linear slice term: the leading dim it runs along and its unit
/// term, or `None` when every slice (or outer group) has term 0.
pub(super) type Linear = Option<(usize, TermId)>;

/// A record: offset, id, flags (bit 0 inside the dims, bit 1 inside the
/// extents), then the tile numbers.
const HEAD: usize = 3;

/// Per sampled row (or column): its first slice number (or slice column)
/// and where its record starts.
type Side = Option<(u64, usize)>;

impl TermGrid<'_> {
    /// Appends to `rec` the record of the sum of the terms `parts` and of
    /// `v` times `lin`'s unit; returns where it starts. Nothing is added to
    /// the terms: a view has a record per sampled row and column of each
    /// class, thousands of them.
    fn record(&self, parts: &[TermId], lin: Linear, v: u64, rec: &mut Vec<u64>) -> usize {
        let (terms, levels) = (&self.terms, self.terms.levels);
        let at = rec.len();
        rec.resize(at + HEAD + levels, 0);
        let r = &mut rec[at..];
        // Each addend: (term, times, inside the dims, inside the extents).
        // (A unit term's id is its dim's stride: `v` times it is `v`'s id.)
        let linear = lin.filter(|_| v > 0).map(|(d, u)| {
            let m = self.mapping;
            (u, v, v < m.dims()[d], v < m.extents()[d])
        });
        let units = parts.iter().map(|&p| {
            let i = p as usize;
            (p, 1, terms.in_dims[i], terms.in_extents[i])
        });
        let mut flags = 3u64;
        for (t, times, in_dims, in_extents) in units.chain(linear) {
            let t = t as usize;
            r[0] = r[0].wrapping_add(times.wrapping_mul(terms.offset[t]));
            r[1] = r[1].wrapping_add(times.wrapping_mul(terms.id[t]));
            for (x, &y) in r[HEAD..].iter_mut().zip(&terms.tiles[t * levels..]) {
                *x = x.wrapping_add(times.wrapping_mul(y));
            }
            flags &= u64::from(in_dims) | (u64::from(in_extents) << 1);
        }
        r[2] = flags;
        at
    }

    /// [`TermGrid::probe`] when slice terms are linear (`lin`); out of line
    /// (see [`TermGrid::probe_slices`]).
    #[inline(never)]
    pub(super) fn probe_pairs(
        &mut self,
        lin: Linear,
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
        for i in 0..nrows {
            for (c, row) in row_of_class.iter_mut().enumerate() {
                *row = rows[c * nrows + i];
            }
            let cols = &cols[samples.row_class(i) * ncols..][..ncols];
            let out = &mut probes[p0 + i * ncols..][..ncols];
            let mut t = t0 + i * ncols * levels;
            for (j, (col, probe)) in cols.iter().zip(out).enumerate() {
                let at = t;
                t += levels;
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
                let (a, b) = (&rec[a..][..stride], &rec[*b..][..stride]);
                let offset = a[0].wrapping_add(b[0]);
                for l in 0..levels {
                    tiles[at + l] = a[HEAD + l].wrapping_add(b[HEAD + l]);
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
