//! Sizes: what the array holds, what it occupies, and what XLA reports.
//!
//! - *Data* is what the TPU compiler's out-of-memory report calls the
//!   "Unpadded size": every element at the type's own size in whole bytes
//!   (XLA's `ShapeUtil::ByteSizeOfPrimitiveType`, `xla/shape_util.cc`), or
//!   at `E(n)` bits where `E(n)` is narrower than that (sub-byte packing:
//!   `s4` with `E(4)` is half a byte each).
//! - *Footprint* is every cell of memory the layout occupies (all tiling
//!   levels, the `L(n)` tail) at the stored element size (`E(n)` bits, else
//!   whole bytes; XLA's `ShapeUtil::ElementSizeInBits`).
//! - An `E(n)` wider than the type's storage (`pred` with `E(32)`) widens
//!   each element: its extra bits are padding, counted next to the padding
//!   cells of each tiling level and of `L(n)`.
//! - `expansion` is footprint bits over data bits.
//!
//! XLA's own figure is in [`super::xla_size`].

use super::xla_size::{xla_array_size, NoXlaSize};
use crate::core::array::{ArrayLayout, TileDim};
use crate::core::error::ErrorKind;
use crate::core::mapping::{bits_to_bytes, Mapping, PaddingSource};

/// Why XLA's size differs from the real footprint, or is missing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SizeWarning {
    /// Tiling levels after the first add this many padding elements, which
    /// `ShapeUtil::ArraySize` assumes away.
    LaterTilesAddPadding { elements: u64 },
    /// An untiled layout's `L(n)` tail, which `ArraySize` ignores.
    TailIgnoredWithoutTiles { elements: u64 },
    /// `*` combine dims: `ArraySize` rounds those dims up instead of
    /// merging them.
    CombineDimsNotMerged,
    /// Split configs: `ArraySize` sizes the largest split piece.
    SplitConfigsSizeOnePiece,
    /// XLA's figure is missing or meaningless, and why.
    NoXlaFigure(NoXlaSize),
}

impl std::fmt::Display for SizeWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SizeWarning::LaterTilesAddPadding { elements } => write!(
                f,
                "later tiling levels add {elements} padding elements that XLA's ShapeUtil::ArraySize (xla/shape_util.cc) ignores: it looks at the first tile only"
            ),
            SizeWarning::TailIgnoredWithoutTiles { elements } => write!(
                f,
                "L(n) adds {elements} tail elements that XLA's ShapeUtil::ArraySize (xla/shape_util.cc) ignores on an untiled layout"
            ),
            SizeWarning::CombineDimsNotMerged => write!(
                f,
                "XLA's ShapeUtil::ArraySize (xla/shape_util.cc) does not merge `*` dims: it rounds each up to the second tile's entry at that position, or to max(1, 32 / element bits) without one"
            ),
            SizeWarning::SplitConfigsSizeOnePiece => write!(
                f,
                "with split configs, XLA's ShapeUtil::ArraySize (xla/shape_util.cc) is the size of the largest split piece (LayoutUtil::MaxSplitSize)"
            ),
            SizeWarning::NoXlaFigure(why) => write!(f, "no XLA figure: {why}"),
        }
    }
}

/// Who added padding: cells of memory, or bits inside each element.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PaddingOrigin {
    /// Whole cells added by a tiling level, `L(n)` or padded dims.
    Cells(PaddingSource),
    /// `E(n)` wider than the type's storage: every element stored in
    /// `to_bits` of which only `from_bits` are data.
    Widened { from_bits: u64, to_bits: u64 },
}

/// Padding added by one origin.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PaddingShare {
    pub origin: PaddingOrigin,
    /// Padding cells (0 for widening, which adds bits, not cells).
    pub elements: u64,
    /// Padding bits: cells times the stored element size, or the extra
    /// bits of every element for widening.
    pub bits: u128,
}

/// Every size of one array.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Elements the array holds.
    pub elements: u64,
    /// Elements of memory it occupies (all tiling levels and the tail).
    pub footprint_elements: u64,
    /// `footprint_elements - elements`: padding cells.
    pub padding_elements: u64,
    /// Padding by who added it, in order (only non-zero ones): cells of
    /// each source, then widened elements.
    pub padding_by_source: Vec<PaddingShare>,
    /// Bits one element occupies in memory.
    pub element_bits: u64,
    /// Bits of one element's data (see the module docs).
    pub data_bits: u64,
    /// Bytes of the elements' data: `ceil(elements * data_bits / 8)`.
    pub bytes_data: u64,
    /// Bytes the footprint occupies: `ceil(footprint * element_bits / 8)`.
    pub bytes_footprint: u64,
    /// What XLA's `ShapeUtil::ArraySize` reports, when meaningful.
    pub bytes_xla: Option<u64>,
    pub warnings: Vec<SizeWarning>,
}

/// Bits of one element's data for a layout: the type's whole bytes, or
/// `E(n)` where narrower.
pub fn data_bits(layout: &ArrayLayout) -> u64 {
    let storage = u64::from(layout.element_type().bit_width().div_ceil(8) * 8);
    layout.element_bits().min(storage)
}

impl Stats {
    /// All sizes of `layout` as mapped by `mapping` (built from it).
    pub fn new(layout: &ArrayLayout, mapping: &Mapping) -> Result<Stats, ErrorKind> {
        let elements = mapping.num_elements();
        let footprint = mapping.footprint();
        let bits = mapping.element_bits();
        let data_bits = data_bits(layout);
        let mut warnings = Vec::new();
        let bytes_xla = match xla_array_size(layout) {
            Ok(b) => Some(b),
            Err(why) => {
                warnings.push(SizeWarning::NoXlaFigure(why));
                None
            }
        };
        let mut padding_by_source: Vec<PaddingShare> = mapping
            .padding_by_source()
            .into_iter()
            .filter(|&(_, n)| n > 0)
            .map(|(source, n)| PaddingShare {
                origin: PaddingOrigin::Cells(source),
                elements: n,
                bits: u128::from(n) * u128::from(bits),
            })
            .collect();
        if bits > data_bits && elements > 0 {
            padding_by_source.push(PaddingShare {
                origin: PaddingOrigin::Widened {
                    from_bits: data_bits,
                    to_bits: bits,
                },
                elements: 0,
                bits: u128::from(elements) * u128::from(bits - data_bits),
            });
        }
        let later: u64 = padding_by_source
            .iter()
            .filter(|s| {
                matches!(s.origin, PaddingOrigin::Cells(PaddingSource::Tile { level }) if level > 0)
            })
            .map(|s| s.elements)
            .sum();
        if later > 0 {
            warnings.insert(0, SizeWarning::LaterTilesAddPadding { elements: later });
        }
        let tail = footprint - mapping.footprint_before_tail();
        if layout.tiles().is_empty() && tail > 0 {
            warnings.push(SizeWarning::TailIgnoredWithoutTiles { elements: tail });
        }
        if layout
            .tiles()
            .first()
            .is_some_and(|t| t.dims().contains(&TileDim::Combine))
        {
            warnings.push(SizeWarning::CombineDimsNotMerged);
        }
        if !layout.split_configs().is_empty() {
            warnings.push(SizeWarning::SplitConfigsSizeOnePiece);
        }
        let overflow = ErrorKind::Overflow {
            what: "size in bytes",
        };
        Ok(Stats {
            elements,
            footprint_elements: footprint,
            padding_elements: footprint - elements,
            padding_by_source,
            element_bits: bits,
            data_bits,
            bytes_data: bits_to_bytes(elements, data_bits).ok_or(overflow.clone())?,
            bytes_footprint: bits_to_bytes(footprint, bits).ok_or(overflow)?,
            bytes_xla,
            warnings,
        })
    }

    /// Bits of the footprint: `footprint_elements * element_bits`.
    pub fn bits_footprint(&self) -> u128 {
        u128::from(self.footprint_elements) * u128::from(self.element_bits)
    }

    /// Bits of the data: `elements * data_bits`.
    pub fn bits_data(&self) -> u128 {
        u128::from(self.elements) * u128::from(self.data_bits)
    }

    /// Padding bits: footprint bits minus data bits (the sum of
    /// [`Stats::padding_by_source`]).
    pub fn bits_padding(&self) -> u128 {
        self.bits_footprint() - self.bits_data()
    }

    /// `bytes_footprint - bytes_data`: what the TPU compiler's report calls
    /// "Extra memory due to padding".
    pub fn bytes_padding(&self) -> u64 {
        self.bytes_footprint - self.bytes_data
    }

    /// Footprint bits over data bits: how many times larger the array is
    /// in memory than its data. `None` for an empty array.
    pub fn expansion(&self) -> Option<f64> {
        let data = self.bits_data();
        (data > 0).then(|| self.bits_footprint() as f64 / data as f64)
    }

    /// Share of the footprint's bits that is padding, in percent.
    pub fn padding_percent(&self) -> f64 {
        let footprint = self.bits_footprint();
        if footprint == 0 {
            0.0
        } else {
            100.0 * self.bits_padding() as f64 / footprint as f64
        }
    }
}
