//! Regions of a mapping: padding counts, the ghost region around the
//! array, tile numbers.

use super::plan::Plan;
use super::{Mapping, PaddingSource};

/// The product of sizes that are part of a mapping's checked sizes: zero
/// when any is zero (an empty array), without multiplying the others,
/// which may overflow then (`f32[0,5,4611686018427387903]`); otherwise it
/// divides the checked footprint, so it fits.
fn size_product(sizes: impl Iterator<Item = u64> + Clone) -> u64 {
    if sizes.clone().any(|s| s == 0) {
        0
    } else {
        sizes.fold(1u64, |acc, s| acc.saturating_mul(s))
    }
}

/// See [`Mapping::ghost_dims`].
pub(crate) fn ghost_dims(plan: &Plan, extents: &[u64]) -> Vec<u64> {
    let mut ghost = extents.to_vec();
    if let Some(level) = plan.levels.first() {
        let tiled = &level.input[level.input.len() - level.tile.len()..];
        for (&node, &d) in plan.physical.iter().zip(&plan.physical_dims) {
            if let Some(k) = tiled.iter().position(|&n| n == node) {
                ghost[d] = plan.sizes[node].div_ceil(level.tile[k]) * level.tile[k];
            }
        }
    }
    ghost
}

impl Mapping {
    /// How many padding elements each source adds: legacy padded dims,
    /// each tiling level (its output minus its input), the `L(n)` tail.
    pub fn padding_by_source(&self) -> Vec<(PaddingSource, u64)> {
        let product = |nodes: &[usize]| size_product(nodes.iter().map(|&n| self.plan.sizes[n]));
        let mut out = Vec::with_capacity(self.num_levels() + 2);
        if self.legacy {
            out.push((
                PaddingSource::LegacyPadding,
                size_product(self.extents.iter().copied()) - self.num_elements,
            ));
        }
        for (level, nodes) in self.plan.levels.iter().enumerate() {
            let before = product(&nodes.input);
            let after = product(&nodes.outer) * product(&nodes.within);
            out.push((PaddingSource::Tile { level }, after - before));
        }
        out.push((
            PaddingSource::TailAlignment,
            self.footprint - self.plan.raw_footprint,
        ));
        out
    }

    /// Sizes in dimension-number order including the first tiling level's
    /// padding, for dims the first tile rounds up on their own (not merged
    /// by `*`), and the older padded dimensions: the "ghost" region a
    /// logical picture can show around the array. Equal to
    /// [`Mapping::dims`] for untiled layouts without padded dimensions.
    pub fn ghost_dims(&self) -> &[u64] {
        &self.ghost
    }

    /// Offset and per-level tile numbers of a cell in the ghost region
    /// (an element, or first-level padding around it): `index` must be
    /// inside [`Mapping::ghost_dims`]. `tiles` receives, for each tiling
    /// level, the row-major number of the tile holding the cell, so that
    /// neighbours with different numbers have a tile boundary between them.
    pub fn locate(&self, index: &[u64], tiles: &mut [u64]) -> Option<u64> {
        if index.len() != self.dims.len() || tiles.len() != self.num_levels() {
            return None;
        }
        let ghost = &self.ghost;
        if index.iter().zip(ghost).any(|(i, g)| i >= g) {
            return None;
        }
        Some(self.with_regs(|regs| {
            self.load_index(index, regs);
            self.plan.forward(regs);
            for (slot, level) in tiles.iter_mut().zip(&self.plan.levels) {
                *slot = level
                    .outer
                    .iter()
                    .fold(0u64, |acc, &n| acc * self.plan.sizes[n] + regs[n]);
            }
            self.plan.final_offset(regs)
        }))
    }
}
