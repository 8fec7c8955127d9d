//! The terms a logical cell is the sum of: one per group of dims that
//! `*` merges join, stored flat, looked up through the mapping or set by
//! arithmetic for linear leading dims.

use crate::core::Mapping;

use super::TermId;

/// Terms, stored flat: term `k` has `offset[k]`, `id[k]`, tiles
/// `tiles[k * levels..]` and the two inside-flags.
pub(super) struct Terms<'a> {
    pub(super) mapping: &'a Mapping,
    /// The mapping's row-major strides.
    pub(super) strides: &'a [u64],
    pub(super) levels: usize,
    pub(super) offset: Vec<u64>,
    pub(super) id: Vec<u64>,
    pub(super) tiles: Vec<u64>,
    pub(super) in_dims: Vec<bool>,
    pub(super) in_extents: Vec<bool>,
    pub(super) scratch: Vec<u64>,
    /// A record ([`Terms::sum_into`]) reused by the setters.
    record: Vec<u64>,
}

impl<'a> Terms<'a> {
    pub(super) fn new(mapping: &'a Mapping) -> Terms<'a> {
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
            record: vec![0; HEAD + levels],
        };
        // Term 0: all coordinates 0 (a dimension that is not set).
        terms.add(&vec![0; mapping.num_dims()]);
        terms
    }

    /// Adds the term of `index` (coordinates not concerned are 0).
    pub(super) fn add(&mut self, index: &[u64]) -> TermId {
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

/// One addend of a sum of terms: the term, how many times, and whether it
/// is inside the dims and inside the extents.
pub(super) type Addend = (TermId, u64, bool, bool);

/// A sum of terms as a record: offset, id, flags (bit 0 inside the dims,
/// bit 1 inside the extents), then the tile numbers.
pub(super) const HEAD: usize = 3;

impl Terms<'_> {
    /// Term `t`, once.
    #[inline(always)]
    pub(super) fn once(&self, t: TermId) -> Addend {
        let i = t as usize;
        (t, 1, self.in_dims[i], self.in_extents[i])
    }

    /// `v` times `unit`, the term of 1 in linear dim `d`
    /// ([`Mapping::is_linear_dim`]): the term of `v` in `d`. (A unit
    /// term's id is its dim's stride, so `v` times it is `v`'s id.)
    #[inline(always)]
    pub(super) fn times(&self, d: usize, v: u64, unit: TermId) -> Addend {
        let m = self.mapping;
        (unit, v, v < m.dims()[d], v < m.extents()[d])
    }

    /// Writes the sum of `addends` into `out` as a record ([`HEAD`] then
    /// the tile numbers). Sums of terms compose: offsets, ids and tile
    /// numbers add, the inside-flags are and-ed.
    pub(super) fn sum_into(&self, addends: impl Iterator<Item = Addend>, out: &mut [u64]) {
        let levels = self.levels;
        let out = &mut out[..HEAD + levels];
        out.fill(0);
        let mut flags = 3u64;
        for (t, times, in_dims, in_extents) in addends {
            let t = t as usize;
            out[0] = out[0].wrapping_add(times.wrapping_mul(self.offset[t]));
            out[1] = out[1].wrapping_add(times.wrapping_mul(self.id[t]));
            for (x, &y) in out[HEAD..].iter_mut().zip(&self.tiles[t * levels..]) {
                *x = x.wrapping_add(times.wrapping_mul(y));
            }
            flags &= u64::from(in_dims) | (u64::from(in_extents) << 1);
        }
        out[2] = flags;
    }

    /// Sets term `slot` to the record `r` ([`Terms::sum_into`]).
    #[inline(always)]
    fn store(&mut self, slot: TermId, r: &[u64]) {
        let (levels, k) = (self.levels, slot as usize);
        self.offset[k] = r[0];
        self.id[k] = r[1];
        self.in_dims[k] = r[2] & 1 != 0;
        self.in_extents[k] = r[2] & 2 != 0;
        self.tiles[k * levels..(k + 1) * levels].copy_from_slice(&r[HEAD..HEAD + levels]);
    }

    /// Sets term `slot` to that of a leading index whose dims are all
    /// linear ([`Mapping::is_linear_dim`]): `sum of v * term(1 in dim d)`
    /// over the `(dim, v, term of 1)` given, with no lookup. One slot is
    /// rewritten for each new slice, since only the latest is in use: a view
    /// of many slices would otherwise add a term for nearly every sample.
    pub(super) fn set_linear(&mut self, slot: TermId, values: &[(usize, u64, TermId)]) {
        let mut r = std::mem::take(&mut self.record);
        let addends = values.iter().map(|&(d, v, unit)| self.times(d, v, unit));
        self.sum_into(addends, &mut r);
        self.store(slot, &r);
        self.record = r;
    }

    /// Sets term `slot` to the sum of `parts`: the term of a leading index
    /// whose dims are each their own group ([`Mapping::merge_groups`]),
    /// from the terms of its coordinates one by one.
    pub(super) fn set_sum(&mut self, slot: TermId, parts: &[TermId]) {
        let mut r = std::mem::take(&mut self.record);
        self.sum_into(parts.iter().map(|&p| self.once(p)), &mut r);
        self.store(slot, &r);
        self.record = r;
    }

    /// A new term, set by [`Terms::set_linear`].
    pub(super) fn push_linear(&mut self, values: &[(usize, u64, TermId)]) -> TermId {
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
