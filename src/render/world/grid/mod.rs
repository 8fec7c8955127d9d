//! The logical view's fast path: a grid of cells looked up with one
//! lookup per sampled column, per sampled row and per visible group of
//! slices, instead of one per cell.
//!
//! A layout's offset and tile numbers are sums of one term per group of
//! dims that `*` merges join, each dim a group of its own without merges
//! ([`Mapping::merge_groups`]); so are the row-major id and "inside the
//! array". A cell of slice `s` at `(r, c)` is then
//!
//! ```text
//!   term(outer leading coordinates of s) + term(last leading coordinate of s)
//!     + term(r) + term(c)
//! ```
//!
//! When a row of slices holds whole runs of the last leading dim `L` (the
//! geometry arranges that whenever it can), the last leading coordinate is
//! `column of slice % L`, a function of the column alone, and the outer
//! coordinates are a function of `(slice row, column of slice / L)`, of
//! which few are visible at once. With one leading dim that is linear, the
//! slice term is linear in the slice number `sr * slices per row + sc`: a
//! part per sampled row plus a part per sampled column. Otherwise (or when
//! a merge joins the last leading dim to an outer one) each slice is looked
//! up once. When a merge joins the row and column dims, `term(r, c)` is one
//! term, looked up once per distinct `(r, c)` in view: the slices repeat
//! them. A merge joining a leading dim to the row or column dim leaves no
//! sum to use.

mod joint;

use std::collections::HashMap;

use crate::core::{Mapping, PaddingSource};

use super::geometry::LogicalGeometry;
use super::views::Probe;
use joint::Joint;

/// Terms, stored flat: term `k` has `offset[k]`, `id[k]`, tiles
/// `tiles[k * levels..]` and the two inside-flags.
struct Terms<'a> {
    mapping: &'a Mapping,
    /// The mapping's row-major strides.
    strides: &'a [u64],
    levels: usize,
    offset: Vec<u64>,
    id: Vec<u64>,
    tiles: Vec<u64>,
    in_dims: Vec<bool>,
    in_extents: Vec<bool>,
    scratch: Vec<u64>,
}

type TermId = u32;

/// A sampled column: slice column, its group, `c`, term of `c`, term of
/// the last leading coordinate (when split) or the column's part of the
/// slice term (when the slice terms are by parts).
type Col = (u64, u64, u64, TermId, TermId);

/// A sampled row: slice row, `r`, term of `r`, the row's first slice
/// number, its slice term (when the slice terms are by parts).
type Row = (u64, u64, TermId, u64, TermId);

impl<'a> Terms<'a> {
    fn new(mapping: &'a Mapping) -> Terms<'a> {
        let levels = mapping.num_levels();
        let mut terms = Terms {
            mapping,
            strides: mapping.row_major_strides(),
            levels,
            offset: Vec::new(),
            id: Vec::new(),
            tiles: Vec::new(),
            in_dims: Vec::new(),
            in_extents: Vec::new(),
            scratch: vec![0; levels],
        };
        // Term 0: all coordinates 0 (a dimension that is not set).
        terms.add(&vec![0; mapping.num_dims()]);
        terms
    }

    /// Adds the term of `index` (coordinates not concerned are 0).
    fn add(&mut self, index: &[u64]) -> TermId {
        let offset = self.mapping.locate(index, &mut self.scratch).unwrap_or(0);
        self.offset.push(offset);
        self.tiles.extend_from_slice(&self.scratch);
        self.id.push(
            index
                .iter()
                .zip(self.strides)
                .fold(0u64, |acc, (i, s)| acc.wrapping_add(i.wrapping_mul(*s))),
        );
        self.in_dims
            .push(index.iter().zip(self.mapping.dims()).all(|(i, d)| i < d));
        self.in_extents
            .push(index.iter().zip(self.mapping.extents()).all(|(i, e)| i < e));
        (self.offset.len() - 1) as TermId
    }
}

impl Terms<'_> {
    /// Sets term `slot` to that of a leading index whose dims are all
    /// linear ([`Mapping::is_linear_dim`]): `sum of v * term(1 in dim d)`
    /// over the `(dim, v, term of 1)` given, with no lookup. One slot is
    /// rewritten for each new slice, since only the latest is in use: a view
    /// of many slices would otherwise add a term for nearly every sample.
    fn set_linear(&mut self, slot: TermId, values: &[(usize, u64, TermId)]) {
        let (levels, k) = (self.levels, slot as usize);
        let mut offset = 0u64;
        let mut id = 0u64;
        let (mut in_dims, mut in_extents) = (true, true);
        self.scratch.fill(0);
        for &(d, v, unit) in values {
            let u = unit as usize;
            offset = offset.wrapping_add(v.wrapping_mul(self.offset[u]));
            id = id.wrapping_add(v.wrapping_mul(self.strides[d]));
            for l in 0..levels {
                self.scratch[l] =
                    self.scratch[l].wrapping_add(v.wrapping_mul(self.tiles[u * levels + l]));
            }
            in_dims &= v < self.mapping.dims()[d];
            in_extents &= v < self.mapping.extents()[d];
        }
        self.tiles[k * levels..(k + 1) * levels].copy_from_slice(&self.scratch);
        self.offset[k] = offset;
        self.id[k] = id;
        self.in_dims[k] = in_dims;
        self.in_extents[k] = in_extents;
    }

    /// A new term, set by [`Terms::set_linear`].
    fn push_linear(&mut self, values: &[(usize, u64, TermId)]) -> TermId {
        let slot = self.offset.len() as TermId;
        self.offset.push(0);
        self.id.push(0);
        self.in_dims.push(true);
        self.in_extents.push(true);
        self.tiles.extend(std::iter::repeat_n(0, self.levels));
        self.set_linear(slot, values);
        slot
    }
}

/// Where a sampled position falls on one axis: the slice row or column,
/// and the position inside the slice.
fn place(pos: u64, pitch: u64, len: u64, count: u64) -> Option<(u64, u64)> {
    let (s, k) = (pos / pitch.max(1), pos % pitch.max(1));
    (k < len && s < count).then_some((s, k))
}

/// Like probing every cell of the grid with the logical view, when the
/// cells are sums of terms (see the module docs); returns false, having
/// probed nothing, when they are not, or when the row and column dims are
/// merged and the view repeats too few `(r, c)` for the terms to pay.
pub fn probe_by_terms(
    mapping: &Mapping,
    g: &LogicalGeometry,
    xs: &[u64],
    ys: &[u64],
    probes: &mut Vec<Probe>,
    tiles: &mut Vec<u64>,
) -> bool {
    let n = mapping.num_dims();
    let k = g.leading.len();
    let groups = mapping.merge_groups();
    let col_dim = n.checked_sub(1);
    let row_dim = n.checked_sub(2);
    let group_of = |d: Option<usize>| d.map(|d| groups[d]);
    let (row_group, col_group) = (group_of(row_dim), group_of(col_dim));
    if groups[..k]
        .iter()
        .any(|&h| Some(h) == row_group || Some(h) == col_group)
    {
        return false;
    }
    let joined = match (row_dim, col_dim) {
        (Some(rd), Some(cd)) if row_group == col_group => Some((rd, cd)),
        _ => None,
    };
    // Decided before any term is looked up: declining then wastes nothing.
    let Some(mut joint) = Joint::new(joined, g, xs.len() * ys.len()) else {
        return false;
    };
    let mut terms = Terms::new(mapping);
    let levels = terms.levels;
    let mut index = vec![0u64; n];
    // The slot that linear slice terms are written to (term 0's copy).
    let linear = terms.add(&index);
    let mut unit = |terms: &mut Terms<'_>, dim: Option<usize>, value: u64| -> TermId {
        match dim {
            Some(d) if value > 0 => {
                index.iter_mut().for_each(|i| *i = 0);
                index[d] = value;
                terms.add(&index)
            }
            _ => 0,
        }
    };
    // Slices decompose into (outer, last leading coordinate) when a row of
    // slices holds whole runs of the last leading dim.
    let last = g.leading.last().copied().unwrap_or(1).max(1);
    let split = k >= 1
        && g.slices_per_row.is_multiple_of(last)
        && !groups[..k - 1].contains(&groups[k - 1]);
    // Slice (or outer) terms: arithmetic when every dim they cover is
    // linear (batch dims), else looked up once each.
    let outer_dims = if split { k.saturating_sub(1) } else { k };
    let units: Option<Vec<TermId>> = (0..outer_dims)
        .map(|d| {
            if g.leading[d] <= 1 {
                Some(0)
            } else if mapping.is_linear_dim(d) {
                Some(unit(&mut terms, Some(d), 1))
            } else {
                None
            }
        })
        .collect();
    // One linear leading dim, not split, every slice in view within the
    // array: the slice term is linear in the slice number `sr * slices per
    // row + sc`, so it is a row part plus a column part, each set once per
    // sampled row and column (a view of many small slices otherwise reaches
    // a new slice every sample or two).
    let spr = g.slices_per_row;
    let by_parts = match units.as_deref() {
        Some(&[u]) if !split && u != 0 && g.leading[0] <= mapping.dims()[0] => Some(u),
        _ => None,
    };
    // Per sampled column: slice column, its group (the outer group when
    // split, else the slice column: divided here, not once per cell), term
    // of x, term of the last leading coordinate (when split) or the
    // column's part of the slice term (by parts).
    // (The terms of `r` and `c` are 0 when the row and column dims are
    // joined: `Joint` looks the pair up.)
    let (row_term_dim, col_term_dim) = match joined {
        Some(_) => (None, None),
        None => (row_dim, col_dim),
    };
    let cols: Vec<Option<Col>> = xs
        .iter()
        .map(|&x| {
            let (sc, c) = place(x, g.pitch_x(), g.cols, g.slices_per_row)?;
            let tc = unit(&mut terms, col_term_dim, c);
            let (group, tz) = match by_parts {
                _ if split => (sc / last, unit(&mut terms, Some(k - 1), sc % last)),
                Some(u) => (sc, terms.push_linear(&[(0, sc, u)])),
                None => (sc, 0),
            };
            Some((sc, group, c, tc, tz))
        })
        .collect();
    let rows: Vec<Option<Row>> = ys
        .iter()
        .map(|&y| {
            let (sr, r) = place(y, g.pitch_y(), g.rows, g.slice_grid_rows)?;
            let tr = unit(&mut terms, row_term_dim, r);
            let first = sr.checked_mul(spr)?;
            let ts = by_parts.map_or(0, |u| terms.push_linear(&[(0, first, u)]));
            Some((sr, r, tr, first, ts))
        })
        .collect();
    let mut values: Vec<(usize, u64, TermId)> = Vec::with_capacity(outer_dims);
    let mut cache: HashMap<u64, Option<TermId>> = HashMap::new();
    let outer_count = g.num_slices / last;
    let mut slice_term = |terms: &mut Terms<'_>, sr: u64, sc: u64| -> Option<TermId> {
        if k == 0 {
            return Some(0);
        }
        let slice = sr.checked_mul(g.slices_per_row)?.checked_add(sc)?;
        let (key, limit, dims) = if split {
            (slice / last, outer_count, &g.leading[..k - 1])
        } else {
            (slice, g.num_slices, &g.leading[..])
        };
        if key >= limit {
            return None;
        }
        if let Some(units) = &units {
            values.clear();
            let mut rest = key;
            for d in (0..dims.len()).rev() {
                let size = dims[d].max(1);
                if rest % size > 0 {
                    values.push((d, rest % size, units[d]));
                }
                rest /= size;
            }
            terms.set_linear(linear, &values);
            return Some(linear);
        }
        *cache.entry(key).or_insert_with(|| {
            let mut lead = vec![0u64; n];
            let mut rest = key;
            for d in (0..dims.len()).rev() {
                let size = dims[d].max(1);
                lead[d] = rest % size;
                rest /= size;
            }
            Some(terms.add(&lead))
        })
    };
    let mut last_slice: Option<((u64, u64), Option<TermId>)> = None;
    for row in &rows {
        for col in &cols {
            let (Some((sr, r, tr, first, row_ts)), Some((sc, group, c, tc, tz))) = (row, col)
            else {
                probes.push(Probe::Outside);
                tiles.extend(std::iter::repeat_n(0, levels));
                continue;
            };
            // Neighbouring samples usually share a slice (or outer group).
            let group = (*sr, *group);
            let ts = match last_slice {
                _ if by_parts.is_some() => {
                    (first.saturating_add(*sc) < g.num_slices).then_some(*row_ts)
                }
                Some((g0, t)) if g0 == group => t,
                _ => {
                    let t = slice_term(&mut terms, *sr, *sc);
                    last_slice = Some((group, t));
                    t
                }
            };
            let Some(ts) = ts else {
                probes.push(Probe::Outside);
                tiles.extend(std::iter::repeat_n(0, levels));
                continue;
            };
            let (tr, tc) = match &mut joint {
                Some(jt) => (jt.term(&mut terms, *r, *c), 0),
                None => (*tr, *tc),
            };
            let parts = [ts as usize, *tz as usize, tr as usize, tc as usize];
            let offset = parts
                .iter()
                .fold(0u64, |acc, &p| acc.wrapping_add(terms.offset[p]));
            for l in 0..levels {
                tiles.push(parts.iter().fold(0u64, |acc, &p| {
                    acc.wrapping_add(terms.tiles[p * levels + l])
                }));
            }
            probes.push(if parts.iter().all(|&p| terms.in_dims[p]) {
                Probe::Element {
                    offset,
                    id: parts
                        .iter()
                        .fold(0u64, |acc, &p| acc.wrapping_add(terms.id[p])),
                }
            } else {
                let legacy = mapping.is_legacy() && parts.iter().all(|&p| terms.in_extents[p]);
                Probe::Padding {
                    offset,
                    source: if legacy {
                        PaddingSource::LegacyPadding
                    } else {
                        PaddingSource::Tile { level: 0 }
                    },
                }
            });
        }
    }
    true
}
