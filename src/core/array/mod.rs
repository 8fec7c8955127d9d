//! The validated description of one array's memory layout.
//!
//! An [`ArrayLayout`] is what the mapping works from: plain numbers, no
//! source text. It can only be built through [`ArrayLayout::new`], which
//! checks the invariants below, so code holding one may rely on them:
//!
//! 1. `minor_to_major` is a permutation of `0..num_dims`.
//! 2. Every tile has at least one entry; every tile entry is a size `>= 1`
//!    or the combine marker `*`, and `*` is never a tile's most-minor entry.
//! 3. `tail_padding_alignment >= 1` (elements).
//! 4. `element_size_bits` is `0` (the type's own width) or `>= 1`.
//! 5. Index and pointer types, when present, are integral.
//! 6. Split configs name a dimension of the array, in range, with split
//!    indices strictly increasing and inside the dimension.
//! 7. Every dim size fits in XLA's `int64`.
//!
//! Sizes that need the whole tiling (footprint, bytes) are checked for
//! overflow when a mapping is built, not here.

mod checks;
pub mod element_type;
mod parts;

pub use checks::{LayoutError, Locus};
pub use parts::{DimSize, SplitConfig, Tile, TileDim};

use super::error::ErrorKind;
use checks::{check_permutation, check_split_config};
use element_type::ElementType;

/// XLA keeps the memory space in an `int8_t`; larger `S(n)` would wrap.
pub const MAX_MEMORY_SPACE: u64 = 127;

/// The largest size XLA can represent (`int64_t` max). Every element count,
/// footprint and byte size we accept stays at or below it.
pub const MAX_SIZE: u64 = i64::MAX as u64;

/// Most coordinates a mapping may track (our limit, not XLA's: XLA's
/// shapes have no such bound). Real layouts use a dozen or two. Every dim
/// is one coordinate, so the parser already refuses dim 257
/// (`text/parser/dims.rs`) instead of building millions of dims first.
pub const MAX_NODES: usize = 256;

/// Everything about an array's element storage. See the module docs for the
/// invariants [`ArrayLayout::new`] establishes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ArrayLayout {
    element_type: ElementType,
    dims: Vec<DimSize>,
    minor_to_major: Vec<usize>,
    tiles: Vec<Tile>,
    tail_padding_alignment: u64,
    element_size_bits: u64,
    memory_space: u64,
    index_type: Option<ElementType>,
    pointer_type: Option<ElementType>,
    split_configs: Vec<SplitConfig>,
    dynamic_shape_metadata_prefix_bytes: u64,
}

/// The layout proto's field that the text form writes `L(n)` (XLA's
/// "Shapes and layout" page, "Padding"; `LayoutProto` in
/// xla/xla_data.proto): the app and the explanation say it beside `L(n)`.
pub const TAIL_FIELD: &str = "tail_padding_alignment_in_elements";

/// The parts of a layout besides minor_to_major and tiles, with XLA's
/// defaults.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LayoutAttributes {
    /// `L(n)`, in elements; XLA's default 1.
    pub tail_padding_alignment: u64,
    /// `E(n)`, in bits; 0 means the element type's own width.
    pub element_size_bits: u64,
    /// `S(n)`; 0 is the default memory space (HBM on TPU and GPU).
    pub memory_space: u64,
    /// `#(type)`.
    pub index_type: Option<ElementType>,
    /// `*(type)`.
    pub pointer_type: Option<ElementType>,
    /// `SC(...)`.
    pub split_configs: Vec<SplitConfig>,
    /// `M(n)`, in bytes.
    pub dynamic_shape_metadata_prefix_bytes: u64,
}

impl Default for LayoutAttributes {
    fn default() -> Self {
        LayoutAttributes {
            tail_padding_alignment: 1,
            element_size_bits: 0,
            memory_space: 0,
            index_type: None,
            pointer_type: None,
            split_configs: Vec::new(),
            dynamic_shape_metadata_prefix_bytes: 0,
        }
    }
}

impl ArrayLayout {
    /// Checks invariants 1-7 and builds the layout. `minor_to_major` of
    /// `None` means XLA's default, `N-1,...,1,0`.
    pub fn new(
        element_type: ElementType,
        dims: Vec<DimSize>,
        minor_to_major: Option<Vec<usize>>,
        tiles: Vec<Tile>,
        attributes: LayoutAttributes,
    ) -> Result<ArrayLayout, LayoutError> {
        let n = dims.len();
        for (i, d) in dims.iter().enumerate() {
            if let Some(size) = d.extent() {
                if size > MAX_SIZE {
                    return Err(LayoutError::new(
                        ErrorKind::TooLarge { value: size },
                        Locus::Dim(i),
                    ));
                }
            }
        }
        let minor_to_major = match minor_to_major {
            None => (0..n).rev().collect(),
            Some(m) => {
                check_permutation(&m, n)?;
                m
            }
        };
        // Invariant 2 was checked by Tile::new, without knowing its level.
        for (level, tile) in tiles.iter().enumerate() {
            Tile::new(tile.dims().to_vec()).map_err(|e| e.at_level(level))?;
        }
        let a = attributes;
        if a.tail_padding_alignment == 0 {
            return Err(LayoutError::new(
                ErrorKind::TailAlignmentZero,
                Locus::TailAlignment,
            ));
        }
        for (value, locus) in [
            (a.tail_padding_alignment, Locus::TailAlignment),
            (a.element_size_bits, Locus::ElementSize),
            (a.memory_space, Locus::MemorySpace),
            (a.dynamic_shape_metadata_prefix_bytes, Locus::DynamicPrefix),
        ] {
            if value > MAX_SIZE {
                return Err(LayoutError::new(ErrorKind::TooLarge { value }, locus));
            }
        }
        if let Some(t) = a.index_type.filter(|t| !t.is_integral()) {
            return Err(LayoutError::new(
                ErrorKind::NotIntegral {
                    ty: t,
                    what: "index",
                },
                Locus::IndexType,
            ));
        }
        if let Some(t) = a.pointer_type.filter(|t| !t.is_integral()) {
            return Err(LayoutError::new(
                ErrorKind::NotIntegral {
                    ty: t,
                    what: "pointer",
                },
                Locus::PointerType,
            ));
        }
        if a.memory_space > MAX_MEMORY_SPACE {
            return Err(LayoutError::new(
                ErrorKind::MemorySpaceTooLarge {
                    value: a.memory_space,
                },
                Locus::MemorySpace,
            ));
        }
        let physical: Vec<usize> = minor_to_major.iter().rev().copied().collect();
        for (k, sc) in a.split_configs.iter().enumerate() {
            check_split_config(sc, &dims, &physical)
                .map_err(|kind| LayoutError::new(kind, Locus::SplitConfig(k)))?;
        }
        Ok(ArrayLayout {
            element_type,
            dims,
            minor_to_major,
            tiles,
            tail_padding_alignment: a.tail_padding_alignment,
            element_size_bits: a.element_size_bits,
            memory_space: a.memory_space,
            index_type: a.index_type,
            pointer_type: a.pointer_type,
            split_configs: a.split_configs,
            dynamic_shape_metadata_prefix_bytes: a.dynamic_shape_metadata_prefix_bytes,
        })
    }

    /// A static array with the default layout and no tiling.
    pub fn dense(element_type: ElementType, dims: &[u64]) -> Result<ArrayLayout, LayoutError> {
        let dims = dims.iter().map(|&d| DimSize::Static(d)).collect();
        ArrayLayout::new(
            element_type,
            dims,
            None,
            Vec::new(),
            LayoutAttributes::default(),
        )
    }

    pub fn element_type(&self) -> ElementType {
        self.element_type
    }

    /// Dimension sizes in dimension-number order, as written.
    pub fn dims(&self) -> &[DimSize] {
        &self.dims
    }

    /// Sizes in dimension-number order as laid out in memory (bounded dims
    /// at their bound); `None` if any dim is unbounded (`?`).
    pub fn extents(&self) -> Option<Vec<u64>> {
        self.dims.iter().map(|d| d.extent()).collect()
    }

    /// Number of dimensions (XLA's old "rank").
    pub fn num_dims(&self) -> usize {
        self.dims.len()
    }

    /// Dims from most minor to most major; a permutation of `0..num_dims`.
    pub fn minor_to_major(&self) -> &[usize] {
        &self.minor_to_major
    }

    /// Dimension numbers from most major to most minor: the order in which
    /// an untiled array's elements are nested in memory.
    pub fn physical_order(&self) -> Vec<usize> {
        self.minor_to_major.iter().rev().copied().collect()
    }

    /// Tiling levels in the order they are applied.
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// `L(n)`: the footprint is rounded up to a multiple of this many
    /// elements; 1 when absent. Named [`TAIL_FIELD`] in XLA's layout proto.
    pub fn tail_padding_alignment(&self) -> u64 {
        self.tail_padding_alignment
    }

    /// `E(n)` as written; 0 when absent (meaning the type's own width).
    pub fn element_size_bits_attr(&self) -> u64 {
        self.element_size_bits
    }

    /// Bits one element occupies in memory: `E(n)` if set, else the type's
    /// width rounded up to whole bytes (XLA's `ElementSizeInBits`: without
    /// `E(n)`, `s4` and `pred` take a byte each, unpacked).
    pub fn element_bits(&self) -> u64 {
        if self.element_size_bits != 0 {
            self.element_size_bits
        } else {
            u64::from(self.element_type.bit_width().div_ceil(8) * 8)
        }
    }

    /// Whether `E(n)` packs elements tighter than a byte each.
    pub fn is_packed(&self) -> bool {
        self.element_size_bits != 0 && self.element_size_bits < 8
    }

    pub fn memory_space(&self) -> u64 {
        self.memory_space
    }

    pub fn index_type(&self) -> Option<ElementType> {
        self.index_type
    }

    pub fn pointer_type(&self) -> Option<ElementType> {
        self.pointer_type
    }

    pub fn split_configs(&self) -> &[SplitConfig] {
        &self.split_configs
    }

    pub fn dynamic_shape_metadata_prefix_bytes(&self) -> u64 {
        self.dynamic_shape_metadata_prefix_bytes
    }

    /// Whether minor_to_major is XLA's default `N-1,...,0`.
    pub fn has_default_minor_to_major(&self) -> bool {
        self.minor_to_major
            .iter()
            .rev()
            .copied()
            .eq(0..self.dims.len())
    }
}
