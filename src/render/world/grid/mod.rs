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
//! which few are visible at once. When one of those dims at most is longer
//! than 1, and it is linear, the slice (or outer) term is linear in the
//! slice (or group) number `sr * slices per row + sc`: a part per sampled
//! row plus a part per sampled column, and a sample is the sum of a row's
//! record and a column's (`pairs.rs`). Linear leading dims give a slice's
//! term by arithmetic; others, when each is its own group, by the sum of
//! its coordinates' terms, the coordinates being a sampled row's digits
//! plus a sampled column's (`slices.rs`). Otherwise (a merge joining
//! leading dims) each slice is looked up once. When a merge joins the row
//! and column dims, `term(r, c)` is one term, looked up once per distinct
//! `(r, c)` in view: the slices repeat them. A merge joining a leading dim
//! to the row or column dim leaves no sum to use.

mod joint;
mod pairs;
mod slices;
mod terms;

use std::collections::HashMap;

use crate::core::{Mapping, PaddingSource};

use super::geometry::LogicalGeometry;
use super::sampling::Samples;
use super::views::Probe;
use joint::Joint;
use pairs::SliceTerm;
use slices::Digits;
use terms::Terms;

type TermId = u32;

/// A sampled column: slice column, its group, `c`, term of `c`, term of
/// the last leading coordinate (when split), its group's digits
/// ([`Digits`], when kept).
type Col = (u64, u64, u64, TermId, TermId, usize);

/// A sampled row: slice row, `r`, term of `r`, its first group's digits
/// (when kept).
type Row = (u64, u64, TermId, usize);

/// Where a sampled position falls on one axis: the slice row or column,
/// and the position inside the slice.
fn place(pos: u64, pitch: u64, len: u64, count: u64) -> Option<(u64, u64)> {
    let (s, k) = (pos / pitch.max(1), pos % pitch.max(1));
    (k < len && s < count).then_some((s, k))
}

/// The terms of one view's samples: set up, then looked up for each
/// sampled row and column of each class of samples
/// (`crate::render::world::sampling`), and summed per sample.
pub struct TermGrid<'m> {
    mapping: &'m Mapping,
    g: &'m LogicalGeometry,
    terms: Terms<'m>,
    joint: Option<Joint>,
    index: Vec<u64>,
    /// The slots that linear slice terms are written to, one per entry
    /// of the recent slices' table.
    linear: Vec<TermId>,
    /// The last leading dim's size, and whether slices split into (outer,
    /// last leading coordinate).
    last: u64,
    split: bool,
    /// The terms of 1 in each outer leading dim, when all are linear.
    units: Option<Vec<TermId>>,
    /// The slice (or outer) term, when it is linear in the slice's (or
    /// group's) number: samples are then sums of a row's record and a
    /// column's (`pairs.rs`).
    pairs: Option<SliceTerm>,
    /// Whether the dims of the slice (or outer) terms are each their own
    /// group: a slice term is then the sum of its coordinates' terms.
    per_dim: bool,
    parts: Vec<TermId>,
    /// The digits of the sampled rows' and columns' parts of the slice
    /// numbers, when slice terms are looked up by their coordinates.
    digits: Option<Digits>,
    coords: Vec<u64>,
    row_term_dim: Option<usize>,
    col_term_dim: Option<usize>,
    values: Vec<(usize, u64, TermId)>,
    cache: HashMap<u64, TermId>,
    /// Terms of one coordinate in one dim, looked up once each (the
    /// classes of samples repeat them): per dim, by coordinate below
    /// [`UNITS_SEEN`], `TermId::MAX` until looked up.
    units_seen: Vec<Vec<TermId>>,
}

/// Coordinates whose one-coordinate terms are kept (a table of this many
/// entries per dim at most).
const UNITS_SEEN: usize = 1 << 14;

/// Slices (or outer groups) whose terms are kept, by a hash of the slice
/// row and group: samples moved off their blocks' corners visit the few
/// slices near them in no order (`crate::render::world::sampling`).
const RECENT: usize = 64;

/// An entry of the recent slices' table: (slice row, group) and its term
/// (`None`: outside the array).
type Recent = ((u64, u64), Option<TermId>);

/// The table entry of slice row `sr` and group `group`.
fn recent_slot((sr, group): (u64, u64)) -> usize {
    let h = (sr.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ group).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    (h >> 58) as usize % RECENT
}

impl<'m> TermGrid<'m> {
    /// `None` when the cells are not sums of terms, or when the row and
    /// column dims are merged and `cells` samples repeat too few `(r, c)`.
    pub fn new(mapping: &'m Mapping, g: &'m LogicalGeometry, cells: usize) -> Option<TermGrid<'m>> {
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
            return None;
        }
        let joined = match (row_dim, col_dim) {
            (Some(rd), Some(cd)) if row_group == col_group => Some((rd, cd)),
            _ => None,
        };
        // Decided before any term is looked up: declining then wastes nothing.
        let joint = Joint::new(joined, g, cells)?;
        let mut terms = Terms::new(mapping);
        let index = vec![0u64; n];
        // (Each slot is set before it is read: `set_linear`.)
        let linear = (0..RECENT).map(|_| terms.push_linear(&[])).collect();
        // Slices decompose into (outer, last leading coordinate) when a row of
        // slices holds whole runs of the last leading dim.
        let last = g.leading.last().copied().unwrap_or(1).max(1);
        let split = k >= 1
            && g.slices_per_row.is_multiple_of(last)
            && !groups[..k - 1].contains(&groups[k - 1]);
        // (The terms of `r` and `c` are 0 when the row and column dims are
        // joined: `Joint` looks the pair up.)
        let (row_term_dim, col_term_dim) = match joined {
            Some(_) => (None, None),
            None => (row_dim, col_dim),
        };
        let mut grid = TermGrid {
            mapping,
            g,
            terms,
            joint,
            index,
            linear,
            last,
            split,
            units: None,
            pairs: None,
            per_dim: false,
            parts: Vec::new(),
            digits: None,
            coords: Vec::new(),
            row_term_dim,
            col_term_dim,
            values: Vec::new(),
            cache: HashMap::new(),
            units_seen: vec![Vec::new(); n],
        };
        // Slice (or outer) terms: arithmetic when every dim they cover is
        // linear (batch dims), else looked up once each.
        let outer_dims = if split { k.saturating_sub(1) } else { k };
        grid.units = (0..outer_dims)
            .map(|d| {
                if g.leading[d] <= 1 {
                    Some(0)
                } else if mapping.is_linear_dim(d) {
                    Some(grid.unit(Some(d), 1))
                } else {
                    None
                }
            })
            .collect();
        let outer = &groups[..outer_dims];
        grid.per_dim = outer
            .iter()
            .enumerate()
            .all(|(i, h)| !outer[..i].contains(h));
        // At most one of those dims longer than 1, linear and not padded:
        // the slice (or outer) term is linear in the slice (or group) number
        // `sr * per row + sc`, a row part plus a column part (a view of many
        // small slices otherwise reaches a new slice every sample or two).
        let mut long = (0..outer_dims).filter(|&d| g.leading[d] > 1);
        let (first_long, more) = (long.next(), long.next().is_some());
        grid.pairs = match (grid.units.as_deref(), first_long) {
            _ if grid.joint.is_some() || more => None,
            (Some(_), None) => Some(SliceTerm::Zero),
            (Some(units), Some(dim)) if g.leading[dim] <= mapping.dims()[dim] => {
                Some(SliceTerm::Along {
                    dim,
                    unit: units[dim],
                })
            }
            _ => None,
        };
        // Slices whose coordinates' terms are looked up one by one: their
        // numbers' digits as a row's part plus a column's.
        if grid.units.is_none() && grid.per_dim {
            grid.digits = Digits::new(&g.leading[..outer_dims]);
        }
        Some(grid)
    }

    /// The term of `value` in `dim` (every other coordinate 0).
    fn unit(&mut self, dim: Option<usize>, value: u64) -> TermId {
        match dim {
            Some(d) if value > 0 => {
                let seen = usize::try_from(value).ok().filter(|&v| v < UNITS_SEEN);
                if let Some(v) = seen {
                    let table = &mut self.units_seen[d];
                    if table.len() <= v {
                        table.resize(v + 1, TermId::MAX);
                    }
                    if table[v] != TermId::MAX {
                        return table[v];
                    }
                }
                self.index.iter_mut().for_each(|i| *i = 0);
                self.index[d] = value;
                let t = self.terms.add(&self.index);
                if let Some(v) = seen {
                    self.units_seen[d][v] = t;
                }
                t
            }
            _ => 0,
        }
    }

    /// Probes every sample, row by row, appending to `probes` and the tile
    /// numbers to `tiles`, like [`super::views::View::probe_samples`].
    pub fn probe(&mut self, samples: &Samples, probes: &mut Vec<Probe>, tiles: &mut Vec<u64>) {
        match self.pairs {
            Some(lin) => self.probe_pairs(lin, samples, probes, tiles),
            None => self.probe_slices(samples, probes, tiles),
        }
    }

    /// [`TermGrid::probe`] when slice terms are looked up. Kept out of line,
    /// as [`TermGrid::probe_pairs`] is: V8 compiles a wasm function for speed
    /// once it has run enough, inlining the calls it saw made, so a loop in
    /// the same function as another that ran first would be compiled
    /// without its own calls inlined.
    #[inline(never)]
    fn probe_slices(&mut self, samples: &Samples, probes: &mut Vec<Probe>, tiles: &mut Vec<u64>) {
        let (g, mapping, levels) = (self.g, self.mapping, self.terms.levels);
        let (k, last, spr) = (g.leading.len(), self.last, g.slices_per_row);
        let (ncols, nrows) = samples.size();
        let col_classes = samples.classes().1;
        // Per sampled column of each class: slice column, its group (the
        // outer group when split, else the slice column: divided here, not
        // once per cell), term of x, term of the last leading coordinate
        // (when split).
        let cols: Vec<Option<Col>> = samples
            .all_xs()
            .iter()
            .map(|&x| {
                let (sc, c) = place(x, g.pitch_x(), g.cols, g.slices_per_row)?;
                let tc = self.unit(self.col_term_dim, c);
                let (group, tz) = if self.split {
                    (sc / last, self.unit(Some(k - 1), sc % last))
                } else {
                    (sc, 0)
                };
                let digits = self.digits.as_mut().map_or(0, |d| d.push(group));
                Some((sc, group, c, tc, tz, digits))
            })
            .collect();
        // A row's first group: `sr * groups per row` (slices per row are
        // whole runs of the last leading dim when split).
        let per_row = if self.split { spr / last } else { spr };
        let rows: Vec<Option<Row>> = samples
            .all_ys()
            .iter()
            .map(|&y| {
                let (sr, r) = place(y, g.pitch_y(), g.rows, g.slice_grid_rows)?;
                let tr = self.unit(self.row_term_dim, r);
                let digits = match self.digits.as_mut() {
                    Some(d) => d.push(sr.checked_mul(per_row)?),
                    None => 0,
                };
                Some((sr, r, tr, digits))
            })
            .collect();
        // The slices seen lately, by `recent_slot`: (slice row, group), term.
        let mut recent: [Option<Recent>; RECENT] = [None; RECENT];
        let mut last: Recent = ((u64::MAX, u64::MAX), None);
        let col_class = samples.col_classes();
        for i in 0..nrows {
            let cols = &cols[samples.row_class(i) * ncols..][..ncols];
            // One class of columns (samples at their blocks' corners): one
            // row entry for the whole row.
            let same = (col_classes == 1).then(|| &rows[i]);
            for (j, col) in cols.iter().enumerate() {
                let row = match same {
                    Some(row) => row,
                    None => &rows[usize::from(col_class[j]) * nrows + i],
                };
                let (Some((sr, r, tr, rd)), Some((sc, group, c, tc, tz, cd))) = (row, col) else {
                    probes.push(Probe::Outside);
                    tiles.extend(std::iter::repeat_n(0, levels));
                    continue;
                };
                // Nearby samples usually share a few slices (or outer groups).
                let group = (*sr, *group);
                let slot = recent_slot(group);
                let ts = match recent[slot] {
                    // Samples at their blocks' corners: mostly the slice
                    // of the sample before.
                    _ if last.0 == group => last.1,
                    Some((g0, t)) if g0 == group => {
                        last = (group, t);
                        t
                    }
                    _ => {
                        let t = self.slice_term(*sr, *sc, Some((*rd, *cd)), slot);
                        recent[slot] = Some((group, t));
                        last = (group, t);
                        t
                    }
                };
                let Some(ts) = ts else {
                    probes.push(Probe::Outside);
                    tiles.extend(std::iter::repeat_n(0, levels));
                    continue;
                };
                let terms = &mut self.terms;
                let (tr, tc) = match &mut self.joint {
                    Some(jt) => (jt.term(terms, *r, *c), 0),
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
    }
}
