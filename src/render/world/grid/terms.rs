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

impl Terms<'_> {
    /// Sets term `slot` to that of a leading index whose dims are all
    /// linear ([`Mapping::is_linear_dim`]): `sum of v * term(1 in dim d)`
    /// over the `(dim, v, term of 1)` given, with no lookup. One slot is
    /// rewritten for each new slice, since only the latest is in use: a view
    /// of many slices would otherwise add a term for nearly every sample.
    pub(super) fn set_linear(&mut self, slot: TermId, values: &[(usize, u64, TermId)]) {
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

    /// Sets term `slot` to the sum of `parts`: the term of a leading index
    /// whose dims are each their own group ([`Mapping::merge_groups`]),
    /// from the terms of its coordinates one by one.
    pub(super) fn set_sum(&mut self, slot: TermId, parts: &[TermId]) {
        let (levels, k) = (self.levels, slot as usize);
        let mut offset = 0u64;
        let mut id = 0u64;
        let (mut in_dims, mut in_extents) = (true, true);
        self.scratch.fill(0);
        for &p in parts {
            let u = p as usize;
            offset = offset.wrapping_add(self.offset[u]);
            id = id.wrapping_add(self.id[u]);
            for l in 0..levels {
                self.scratch[l] = self.scratch[l].wrapping_add(self.tiles[u * levels + l]);
            }
            in_dims &= self.in_dims[u];
            in_extents &= self.in_extents[u];
        }
        self.tiles[k * levels..(k + 1) * levels].copy_from_slice(&self.scratch);
        self.offset[k] = offset;
        self.id[k] = id;
        self.in_dims[k] = in_dims;
        self.in_extents[k] = in_extents;
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
