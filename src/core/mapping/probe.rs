//! Allocation-free lookups for drawing: what a memory cell is and which
//! tile holds it at every level, and where a memory cell sits in the
//! logical picture (including the ghost region of first-level padding).
//!
//! A picture calls these once per cell it draws, so they never allocate
//! (registers live on the stack, see [`Mapping::with_regs`]).

use super::plan::Op;
use super::{Cell, Mapping, PaddingSource};

/// Tile number of a level whose coordinates a padding cell does not have
/// (padding added by a later level has no place in earlier levels' tiles).
pub const NO_TILE: u64 = u64::MAX;

impl Mapping {
    /// Whether the older Layout proto's padded dimensions are in use
    /// ([`Mapping::with_padded_dims`]).
    pub fn is_legacy(&self) -> bool {
        self.legacy
    }

    /// Sizes as laid out, dimension-number order: the padded dimensions
    /// when [`Mapping::is_legacy`], else [`Mapping::dims`].
    pub fn extents(&self) -> &[u64] {
        &self.extents
    }

    /// Whether [`Mapping::locate`] is a sum of one term per coordinate:
    /// `locate(i) = sum over d of locate(i_d in dim d, 0 elsewhere)`, for
    /// the offset and for every level's tile number. True when no `*`
    /// merges two coordinates: every intermediate coordinate is then a
    /// function of one physical coordinate, and both the offset and the
    /// tile numbers are linear in the intermediate coordinates. A picture
    /// can then look up a grid of cells with one lookup per row and one per
    /// column.
    pub fn is_separable(&self) -> bool {
        !self
            .plan
            .ops
            .iter()
            .any(|op| matches!(op, Op::Merge { .. }))
    }

    /// Which dims `*` merges join, directly or through a later level's
    /// merge of their tile coordinates: `groups[d] == groups[e]` when dims
    /// `d` and `e` end up in one merged coordinate. Every intermediate
    /// coordinate is then a function of one group's coordinates, so
    /// [`Mapping::locate`] is a sum of one term per group (each term with
    /// the other groups' coordinates at 0), for the offset and every tile
    /// number; without merges each dim is its own group
    /// ([`Mapping::is_separable`]).
    pub fn merge_groups(&self) -> Vec<usize> {
        // Each node's group, by its first node; a merge moves the low
        // side's whole group into the high side's.
        let mut group: Vec<usize> = (0..self.plan.sizes.len()).collect();
        for op in &self.plan.ops {
            match *op {
                Op::Split { src, q, r, .. } => {
                    group[q] = group[src];
                    group[r] = group[src];
                }
                Op::Merge { hi, lo, dst, .. } => {
                    let (keep, gone) = (group[hi], group[lo]);
                    group
                        .iter_mut()
                        .filter(|g| **g == gone)
                        .for_each(|g| *g = keep);
                    group[dst] = keep;
                }
            }
        }
        self.dim_nodes.iter().map(|&n| group[n]).collect()
    }

    /// Whether dimension `dim` goes through every tiling level untouched
    /// (no tile splits or merges it). Its term in [`Mapping::locate`] is
    /// then linear: `locate(v in dim, 0 elsewhere) = v * locate(1 in dim)`,
    /// for the offset and every tile number. Batch dims of TPU layouts are
    /// like that.
    pub fn is_linear_dim(&self, dim: usize) -> bool {
        let Some(&node) = self.dim_nodes.get(dim) else {
            return false;
        };
        !self.plan.ops.iter().any(|op| match *op {
            Op::Split { src, .. } => src == node,
            Op::Merge { hi, lo, .. } => hi == node || lo == node,
        })
    }

    /// What is stored at `offset` (like [`Mapping::at`]), writing into
    /// `tiles[k]` the row-major number of the level-`k` tile holding the
    /// cell, or [`NO_TILE`] where the cell has none. `tiles` must have
    /// [`Mapping::num_levels`] entries; `None` past the footprint or on a
    /// wrong length.
    pub fn probe_offset(&self, offset: u64, tiles: &mut [u64]) -> Option<Cell> {
        self.with_regs(|regs| self.probe_offset_in(offset, tiles, regs))
    }

    /// [`Mapping::probe_offset`] with the caller's registers, sized to the
    /// mapping's and not zeroed: the decode writes every
    /// register before it reads it (the final nodes' digits first, then
    /// each op undone in reverse writes what the op before it reads, and
    /// the tile numbers read only levels the decode reached). A loop
    /// probing many offsets (the memory pane's samples) then does no
    /// per-offset set-up. Debug builds fill the registers with junk each
    /// time, so that a read before a write fails the tests.
    pub fn probe_offset_with(
        &self,
        offset: u64,
        tiles: &mut [u64],
        regs: &mut Vec<u64>,
    ) -> Option<Cell> {
        regs.resize(self.plan.num_nodes(), 0);
        if cfg!(debug_assertions) {
            regs.fill(0x5a5a_5a5a_5a5a_5a5a);
        }
        self.probe_offset_in(offset, tiles, regs)
    }

    fn probe_offset_in(&self, offset: u64, tiles: &mut [u64], regs: &mut [u64]) -> Option<Cell> {
        if offset >= self.footprint || tiles.len() != self.num_levels() {
            return None;
        }
        if offset >= self.plan.raw_footprint {
            tiles.fill(NO_TILE);
            return Some(Cell::Padding(PaddingSource::TailAlignment));
        }
        let result = self.decode(offset, regs);
        let first_known = match result {
            Err(PaddingSource::Tile { level }) => level,
            _ => 0,
        };
        self.tile_numbers(regs, first_known, tiles);
        Some(match result {
            Err(source) => Cell::Padding(source),
            Ok(()) => Cell::Element(self.id_from_regs(regs)),
        })
    }

    /// The length `s` of the aligned runs of offsets `[a*s, (a+1)*s)`
    /// below [`Mapping::footprint_before_tail`] that each lie in one level-`level`
    /// tile, when the layout shows it: every tile coordinate of the level
    /// is a final coordinate (no later level splits or merges it), so the
    /// level's tile number is a function of the offset's digits of stride
    /// at least `s` (the smallest stride of a coordinate longer than 1),
    /// and it changes from each run to the next; and no later level pads,
    /// so no cell in a run lacks the level's tile ([`NO_TILE`]). A memory
    /// row's tile edges are then at multiples of `s`, found without
    /// probing. `None` otherwise, or when the level has one tile.
    pub fn tile_run(&self, level: usize) -> Option<u64> {
        let plan = &self.plan;
        let later_pads = plan
            .ops
            .iter()
            .any(|op| matches!(*op, Op::Split { level: l, pads: true, .. } if l > level));
        if later_pads {
            return None;
        }
        let mut run = u64::MAX;
        for &node in &plan.levels.get(level)?.outer {
            let at = plan.final_nodes.iter().position(|&f| f == node)?;
            if plan.sizes[node] > 1 {
                run = run.min(plan.final_strides[at]);
            }
        }
        // An empty array's strides can be 0: it has no cells to run over.
        Some(run).filter(|r| (1..u64::MAX).contains(r))
    }

    /// Writes level-`k` tile numbers from fully decoded registers, with
    /// [`NO_TILE`] for levels before `first_known`.
    pub(crate) fn tile_numbers(&self, regs: &[u64], first_known: usize, tiles: &mut [u64]) {
        for (k, (slot, level)) in tiles.iter_mut().zip(&self.plan.levels).enumerate() {
            *slot = if k < first_known {
                NO_TILE
            } else {
                level
                    .outer
                    .iter()
                    .fold(0u64, |acc, &n| acc * self.plan.sizes[n] + regs[n])
            };
        }
    }

    /// The index (dimension-number order) at which the logical picture
    /// shows memory cell `offset`: the element's own index, or, for
    /// padding that the first tiling level (or the older padded
    /// dimensions) added around the array, its place in the ghost region
    /// ([`Mapping::ghost_dims`]). Returns `false` for cells with no such
    /// place (later levels' padding, `L(n)` tails, padding of `*`-merged
    /// dims) and when `index` has the wrong length.
    pub fn ghost_index(&self, offset: u64, index: &mut [u64]) -> bool {
        if offset >= self.plan.raw_footprint || index.len() != self.dims.len() {
            return false;
        }
        self.with_regs(|regs| {
            self.unravel_final(offset, regs);
            // First-level padding is kept: it has a ghost place if the
            // split coordinate is a physical dim.
            if self.plan.backward_keeping(regs, true).is_some() {
                return false;
            }
            for (&node, &d) in self.plan.physical.iter().zip(&self.plan.physical_dims) {
                index[d] = regs[node];
            }
            // Size-1 nodes put in front by a tile longer than the shape
            // are not dims: padding there has no ghost place.
            let physical = &self.plan.physical;
            let extra_ok = (0..self.plan.num_nodes())
                .filter(|n| !physical.contains(n))
                .all(|n| regs[n] < self.plan.sizes[n]);
            extra_ok && index.iter().zip(&self.ghost).all(|(i, g)| i < g)
        })
    }
}
