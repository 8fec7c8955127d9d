//! Element index <-> linear memory offset, for any valid layout.
//!
//! Offsets are in elements, from the start of the array's buffer. The math,
//! for one tiling level with tile `t` over physical dims `d` (XLA's
//! `linear_index_with_tile`):
//!
//! ```text
//! offset(e) = linear(e div t, ceil(d / t)) * prod(t) + linear(e mod t, t)
//! ```
//!
//! Later levels apply the same rule to the shape the previous level produced;
//! `*` merges a dim into the next more-minor one first; `L(n)` pads the end.
//! [`plan`] compiles all of that into a handful of divisions by constants
//! (shifts for powers of two), so one lookup costs nanoseconds, whatever the
//! array's size.

mod describe;
mod digits;
pub mod fastdiv;
pub mod legacy;
mod linear;
mod parts;
mod plan;
mod probe;
mod regions;
pub mod walk;

pub use parts::{ColumnPart, OffsetParts, RowPart};
pub use plan::MAX_NODES;
pub use probe::NO_TILE;

use crate::core::array::{ArrayLayout, MAX_SIZE};
use crate::core::error::ErrorKind;
use plan::Plan;

/// Why a memory cell holds no element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaddingSource {
    /// Rounding a dimension up to a multiple of the tile at this tiling
    /// level (0-based: `T(8,128)(2,1)` has levels 0 and 1).
    Tile { level: usize },
    /// `L(n)`: the tail added to make the footprint a multiple of `n`.
    TailAlignment,
    /// The older Layout proto's `padded_dimensions`.
    LegacyPadding,
}

/// What a memory offset holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// The element with this row-major id (its index in dimension-number
    /// order, linearized with the last dimension fastest).
    Element(u64),
    /// No element: padding, and who added it.
    Padding(PaddingSource),
}

/// Which tile a cell is in at one tiling level, and where inside it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LevelCoords {
    /// The tile's index: untouched major coordinates, then the tile counts.
    pub tile: Vec<u64>,
    /// The position inside the tile, one entry per tile size.
    pub within: Vec<u64>,
}

/// Everything about one memory cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellInfo {
    pub offset: u64,
    pub cell: Cell,
    /// The element's index in dimension-number order (elements only).
    pub index: Option<Vec<u64>>,
    /// Per tiling level, where known: a cell that is padding of level `k`
    /// has coordinates at levels `k..`, not before.
    pub levels: Vec<Option<LevelCoords>>,
}

/// The layout of one array, compiled for fast lookups both ways.
#[derive(Clone, Debug)]
pub struct Mapping {
    plan: Plan,
    /// Sizes in dimension-number order as laid out (padded if legacy).
    extents: Vec<u64>,
    /// Element bounds in dimension-number order (the real dims).
    dims: Vec<u64>,
    /// Row-major element strides in dimension-number order.
    row_major: Vec<u64>,
    num_elements: u64,
    footprint: u64,
    legacy: bool,
    element_bits: u64,
    /// The node holding each dimension's coordinate (dimension-number order).
    dim_nodes: Vec<usize>,
    /// [`Mapping::ghost_dims`], computed once.
    ghost: Vec<u64>,
}

/// Coordinates that fit on the stack; more spill to the heap.
const STACK_REGS: usize = 32;

impl Mapping {
    /// Compiles `layout`. Fails when a dimension is unbounded (`?`), when
    /// any size (elements, footprint, bytes) overflows XLA's int64, or when
    /// the layout needs more than [`MAX_NODES`] coordinates.
    pub fn new(layout: &ArrayLayout) -> Result<Mapping, ErrorKind> {
        let dims = extents_of(layout)?;
        Mapping::build(layout, dims.clone(), dims, false)
    }

    /// The older Layout proto's `padded_dimensions` (seed files 000-002,
    /// 004): the array is laid out as if each dim had its padded size; the
    /// extra cells are padding. `padded` is in dimension-number order.
    pub fn with_padded_dims(layout: &ArrayLayout, padded: &[u64]) -> Result<Mapping, ErrorKind> {
        let dims = extents_of(layout)?;
        if padded.len() != dims.len() {
            return Err(ErrorKind::PaddedDimsLength {
                expected: dims.len(),
                found: padded.len(),
            });
        }
        for (dim, (&size, &p)) in dims.iter().zip(padded).enumerate() {
            if p < size {
                return Err(ErrorKind::PaddedDimTooSmall {
                    dim,
                    size,
                    padded: p,
                });
            }
            if p > MAX_SIZE {
                return Err(ErrorKind::TooLarge { value: p });
            }
        }
        Mapping::build(layout, dims, padded.to_vec(), true)
    }

    fn build(
        layout: &ArrayLayout,
        dims: Vec<u64>,
        extents: Vec<u64>,
        legacy: bool,
    ) -> Result<Mapping, ErrorKind> {
        let num_elements = checked_product(&dims).ok_or(ErrorKind::Overflow {
            what: "element count",
        })?;
        checked_product(&extents).ok_or(ErrorKind::Overflow {
            what: "padded element count",
        })?;
        let plan = Plan::new(layout, &extents)?;
        let footprint = round_up(plan.raw_footprint, layout.tail_padding_alignment())
            .ok_or(ErrorKind::Overflow { what: "footprint" })?;
        let element_bits = layout.element_bits();
        bits_to_bytes(footprint, element_bits).ok_or(ErrorKind::Overflow {
            what: "footprint in bytes",
        })?;
        let mut row_major = vec![0u64; dims.len()];
        let mut stride = 1u64;
        for (d, &size) in dims.iter().enumerate().rev() {
            row_major[d] = stride;
            stride = stride.saturating_mul(size);
        }
        let mut dim_nodes = vec![0; dims.len()];
        for (&node, &d) in plan.physical.iter().zip(&plan.physical_dims) {
            dim_nodes[d] = node;
        }
        let mut mapping = Mapping {
            plan,
            extents,
            dims,
            row_major,
            num_elements,
            footprint,
            legacy,
            element_bits,
            dim_nodes,
            ghost: Vec::new(),
        };
        mapping.ghost = regions::ghost_dims(&mapping.plan, &mapping.extents);
        Ok(mapping)
    }

    /// Dimension sizes in dimension-number order (bounded dims at their
    /// bound).
    pub fn dims(&self) -> &[u64] {
        &self.dims
    }

    /// Number of dimensions.
    pub fn num_dims(&self) -> usize {
        self.dims.len()
    }

    /// Number of elements (no padding).
    pub fn num_elements(&self) -> u64 {
        self.num_elements
    }

    /// Elements of memory the array occupies: every tiling level's padding
    /// and the `L(n)` tail included.
    pub fn footprint(&self) -> u64 {
        self.footprint
    }

    /// The footprint before the `L(n)` round-up.
    pub fn footprint_before_tail(&self) -> u64 {
        self.plan.raw_footprint
    }

    /// Bits each element occupies in memory.
    pub fn element_bits(&self) -> u64 {
        self.element_bits
    }

    /// Number of tiling levels.
    pub fn num_levels(&self) -> usize {
        self.plan.levels.len()
    }

    /// Tile sizes of a level after merging `*` dims.
    pub fn level_tile(&self, level: usize) -> Option<&[u64]> {
        self.plan.levels.get(level).map(|l| l.tile.as_slice())
    }

    /// Sizes of the coordinates a level tiles (after leading size-1 dims
    /// and `*` merges), major to minor.
    pub fn level_input_shape(&self, level: usize) -> Option<Vec<u64>> {
        let l = self.plan.levels.get(level)?;
        Some(l.input.iter().map(|&n| self.plan.sizes[n]).collect())
    }

    /// Sizes of the final coordinates, whose row-major order is memory
    /// order (before `L(n)`).
    pub fn memory_shape(&self) -> Vec<u64> {
        self.plan
            .final_nodes
            .iter()
            .map(|&n| self.plan.sizes[n])
            .collect()
    }

    /// Elements in one tile of a level (product of its sizes).
    pub fn tile_elements(&self, level: usize) -> Option<u64> {
        self.level_tile(level).map(|t| t.iter().product())
    }

    /// Row-major strides of the dims: the row-major id of an index is
    /// `sum of index[d] * strides[d]`.
    pub fn row_major_strides(&self) -> &[u64] {
        &self.row_major
    }

    /// The row-major id of an index (dimension-number order), if in range.
    pub fn row_major_id(&self, index: &[u64]) -> Option<u64> {
        if index.len() != self.dims.len() || index.iter().zip(&self.dims).any(|(i, d)| i >= d) {
            return None;
        }
        Some(index.iter().zip(&self.row_major).map(|(i, s)| i * s).sum())
    }

    /// The index (dimension-number order) of a row-major id.
    pub fn unravel(&self, id: u64, index: &mut [u64]) {
        let mut rest = id;
        for d in (0..self.dims.len()).rev() {
            let size = self.dims[d].max(1);
            index[d] = rest % size;
            rest /= size;
        }
    }

    /// The linear offset of the element at `index` (dimension-number order),
    /// or `None` if the index has the wrong length or is out of range.
    #[inline]
    pub fn offset_of(&self, index: &[u64]) -> Option<u64> {
        if index.len() != self.dims.len() || index.iter().zip(&self.dims).any(|(i, d)| i >= d) {
            return None;
        }
        if let Some(terms) = &self.plan.pow2_terms {
            return Some(digits::Pow2Term::offset(terms, index));
        }
        if let Some(terms) = &self.plan.terms {
            let dims = &self.plan.physical_dims;
            return Some(Plan::digit_offset(terms, |j| index[dims[j]]));
        }
        Some(self.with_regs(|regs| {
            self.load_index(index, regs);
            self.plan.forward(regs);
            self.plan.final_offset(regs)
        }))
    }

    /// The offset of the element with row-major id `id`.
    pub fn offset_of_id(&self, id: u64) -> Option<u64> {
        if id >= self.num_elements {
            return None;
        }
        Some(self.with_regs(|regs| {
            let mut rest = id;
            for d in (0..self.dims.len()).rev() {
                let size = self.dims[d];
                regs[self.dim_nodes[d]] = rest % size;
                rest /= size;
            }
            self.plan.forward(regs);
            self.plan.final_offset(regs)
        }))
    }

    /// What is stored at `offset`; `None` past the footprint.
    pub fn at(&self, offset: u64) -> Option<Cell> {
        if offset >= self.footprint {
            return None;
        }
        if offset >= self.plan.raw_footprint {
            return Some(Cell::Padding(PaddingSource::TailAlignment));
        }
        Some(self.with_regs(|regs| match self.decode(offset, regs) {
            Err(source) => Cell::Padding(source),
            Ok(()) => Cell::Element(self.id_from_regs(regs)),
        }))
    }

    /// Unravels `offset` (below the raw footprint) into the final nodes and
    /// runs the plan backward. On success `regs` holds the physical index.
    pub(crate) fn decode(&self, offset: u64, regs: &mut [u64]) -> Result<(), PaddingSource> {
        self.unravel_final(offset, regs);
        if let Some(level) = self.plan.backward(regs) {
            return Err(PaddingSource::Tile { level });
        }
        if self.legacy {
            for (j, &node) in self.plan.physical.iter().enumerate() {
                if regs[node] >= self.dims[self.plan.physical_dims[j]] {
                    return Err(PaddingSource::LegacyPadding);
                }
            }
        }
        Ok(())
    }

    /// Writes the final nodes' digits of `offset` into `regs`.
    #[inline]
    pub(crate) fn unravel_final(&self, offset: u64, regs: &mut [u64]) {
        let mut rest = offset;
        for (&node, &stride) in self
            .plan
            .final_nodes
            .iter()
            .zip(&self.plan.final_stride_divs)
        {
            // Strides are exact products of the more-minor sizes, so this
            // is the mixed-radix digit of `offset` for `node`.
            let (digit, r) = stride.div_rem(rest);
            regs[node] = digit;
            rest = r;
        }
    }

    pub(crate) fn id_from_regs(&self, regs: &[u64]) -> u64 {
        self.plan
            .physical
            .iter()
            .zip(&self.plan.physical_dims)
            .map(|(&node, &d)| regs[node] * self.row_major[d])
            .sum()
    }

    pub(crate) fn load_index(&self, index: &[u64], regs: &mut [u64]) {
        for (&node, &d) in self.plan.physical.iter().zip(&self.plan.physical_dims) {
            regs[node] = index[d];
        }
    }

    /// Runs `f` with a zeroed register file big enough for the plan.
    #[inline]
    pub(crate) fn with_regs<R>(&self, f: impl FnOnce(&mut [u64]) -> R) -> R {
        let n = self.plan.num_nodes();
        if n <= STACK_REGS {
            let mut regs = [0u64; STACK_REGS];
            f(&mut regs[..n])
        } else {
            let mut regs = vec![0u64; n];
            f(&mut regs)
        }
    }
}

fn extents_of(layout: &ArrayLayout) -> Result<Vec<u64>, ErrorKind> {
    layout
        .dims()
        .iter()
        .enumerate()
        .map(|(dim, d)| d.extent().ok_or(ErrorKind::UnboundedDim { dim }))
        .collect()
}

/// Product of sizes, `None` beyond XLA's int64.
pub(crate) fn checked_product(sizes: &[u64]) -> Option<u64> {
    sizes.iter().try_fold(1u64, |acc, &s| {
        acc.checked_mul(s).filter(|&p| p <= MAX_SIZE)
    })
}

/// `n` rounded up to a multiple of `m >= 1`, `None` beyond int64.
pub(crate) fn round_up(n: u64, m: u64) -> Option<u64> {
    n.div_ceil(m).checked_mul(m).filter(|&p| p <= MAX_SIZE)
}

/// Whole bytes holding `elements` of `bits` each, `None` beyond int64.
pub(crate) fn bits_to_bytes(elements: u64, bits: u64) -> Option<u64> {
    let bytes = (u128::from(elements) * u128::from(bits)).div_ceil(8);
    u64::try_from(bytes).ok().filter(|&b| b <= MAX_SIZE)
}
