//! Sizes: what the array holds, what it occupies, and what XLA reports.
//!
//! XLA's own figure is `ShapeUtil::ArraySize`: it looks at the *first* tile
//! only, matching tile entries to the most-minor physical dims (dims beyond
//! the shape count as 1 and are still rounded up), rounds up to `L(n)`, and
//! multiplies by the element size (`E(n)` bits, else the type's whole
//! bytes). Its quirks, which a sanity check must show rather than hide:
//! later tiles are assumed to add no padding; a `*` entry does not merge
//! dims but rounds the dim up to the second tile's entry or to a 32-bit
//! packing factor; an untiled layout ignores `L(n)`; a split config sizes
//! the largest split piece, not the whole array.

use super::array::{ArrayLayout, TileDim};
use super::error::ErrorKind;
use super::mapping::{bits_to_bytes, checked_product, round_up, Mapping, PaddingSource};

/// Why XLA's size differs from the real footprint.
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
}

impl std::fmt::Display for SizeWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SizeWarning::LaterTilesAddPadding { elements } => write!(
                f,
                "later tiling levels add {elements} padding elements that XLA's ArraySize ignores (it looks at the first tile only)"
            ),
            SizeWarning::TailIgnoredWithoutTiles { elements } => write!(
                f,
                "L(n) adds {elements} tail elements that XLA's ArraySize ignores on an untiled layout"
            ),
            SizeWarning::CombineDimsNotMerged => write!(
                f,
                "XLA's ArraySize does not merge `*` dims: it rounds each up to a packing factor instead"
            ),
            SizeWarning::SplitConfigsSizeOnePiece => {
                write!(f, "with split configs, XLA's ArraySize is the size of the largest split piece")
            }
        }
    }
}

/// Every size of one array.
#[derive(Clone, Debug, PartialEq)]
pub struct Stats {
    /// Elements the array holds.
    pub elements: u64,
    /// Elements of memory it occupies (all tiling levels and the tail).
    pub footprint_elements: u64,
    /// `footprint_elements - elements`.
    pub padding_elements: u64,
    /// Padding elements by who added them, in order (only non-zero ones).
    pub padding_by_source: Vec<(PaddingSource, u64)>,
    /// Bits one element occupies.
    pub element_bits: u64,
    /// Bytes of the elements alone, packed as laid out.
    pub bytes_data: u64,
    /// Bytes the footprint occupies: `ceil(footprint * bits / 8)`.
    pub bytes_footprint: u64,
    /// What XLA's `ShapeUtil::ArraySize` reports.
    pub bytes_xla: u64,
    pub warnings: Vec<SizeWarning>,
}

impl Stats {
    /// All sizes of `layout` as mapped by `mapping` (built from it).
    pub fn new(layout: &ArrayLayout, mapping: &Mapping) -> Result<Stats, ErrorKind> {
        let elements = mapping.num_elements();
        let footprint = mapping.footprint();
        let bits = mapping.element_bits();
        let bytes_xla = xla_array_size(layout)?;
        let padding_by_source: Vec<(PaddingSource, u64)> = mapping
            .padding_by_source()
            .into_iter()
            .filter(|&(_, n)| n > 0)
            .collect();
        let mut warnings = Vec::new();
        let later: u64 = padding_by_source
            .iter()
            .filter(|(s, _)| matches!(s, PaddingSource::Tile { level } if *level > 0))
            .map(|&(_, n)| n)
            .sum();
        if later > 0 {
            warnings.push(SizeWarning::LaterTilesAddPadding { elements: later });
        }
        let tail = footprint - mapping.footprint_before_tail();
        if layout.tiles().is_empty() && tail > 0 {
            warnings.push(SizeWarning::TailIgnoredWithoutTiles { elements: tail });
        }
        if layout
            .tiles()
            .iter()
            .any(|t| t.dims().contains(&TileDim::Combine))
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
            bytes_data: bits_to_bytes(elements, bits).ok_or(overflow.clone())?,
            bytes_footprint: bits_to_bytes(footprint, bits).ok_or(overflow)?,
            bytes_xla,
            warnings,
        })
    }

    /// Footprint over data: how many times larger the array is in memory
    /// than its elements. `None` for an empty array.
    pub fn expansion(&self) -> Option<f64> {
        (self.elements > 0).then(|| self.footprint_elements as f64 / self.elements as f64)
    }

    /// Share of the footprint that is padding, in percent.
    pub fn padding_percent(&self) -> f64 {
        if self.footprint_elements == 0 {
            0.0
        } else {
            100.0 * self.padding_elements as f64 / self.footprint_elements as f64
        }
    }
}

/// XLA's `ShapeUtil::ArraySize`, step for step (see the module docs).
pub fn xla_array_size(layout: &ArrayLayout) -> Result<u64, ErrorKind> {
    let overflow = || ErrorKind::Overflow {
        what: "size XLA reports",
    };
    let extents = layout.extents().ok_or(ErrorKind::UnboundedDim {
        dim: layout
            .dims()
            .iter()
            .position(|d| d.extent().is_none())
            .unwrap_or(0),
    })?;
    let bits = layout.element_bits();
    let Some(first) = layout.tiles().first() else {
        let n = checked_product(&extents).ok_or_else(overflow)?;
        return bits_to_bytes(n, bits).ok_or_else(overflow);
    };
    let m2m = layout.minor_to_major();
    let tile = first.dims();
    let k = tile.len();
    let split_size = |d: usize| max_split_size(layout, &extents, d);
    let mut n = 1u64;
    for dim in 0..k {
        let size = if dim < m2m.len() {
            split_size(m2m[dim])
        } else {
            1
        };
        let t = match tile[k - dim - 1] {
            TileDim::Size(t) => t,
            TileDim::Combine => {
                let packing = (32 / bits).max(1);
                match layout.tiles().get(1).map(|t| t.dims()) {
                    Some(second) if dim < second.len() => match second[second.len() - 1 - dim] {
                        TileDim::Size(t) => t,
                        TileDim::Combine => packing,
                    },
                    _ => packing,
                }
            }
        };
        n = n
            .checked_mul(round_up(size, t).ok_or_else(overflow)?)
            .ok_or_else(overflow)?;
    }
    for &d in m2m.iter().skip(k) {
        n = n.checked_mul(split_size(d)).ok_or_else(overflow)?;
    }
    let n = round_up(n, layout.tail_padding_alignment()).ok_or_else(overflow)?;
    bits_to_bytes(n, bits).ok_or_else(overflow)
}

/// XLA's `LayoutUtil::MaxSplitSize`: the largest piece of logical dim `d`
/// under a split config naming it (by its physical position from the most
/// major), else the whole dim.
fn max_split_size(layout: &ArrayLayout, extents: &[u64], d: usize) -> u64 {
    let size = extents[d];
    let physical = layout.physical_order();
    let Some(config) = layout
        .split_configs()
        .iter()
        .find(|c| physical.get(c.dimension) == Some(&d))
    else {
        return size;
    };
    let mut cuts = vec![0];
    cuts.extend(config.split_indices.iter().copied());
    cuts.push(size);
    cuts.windows(2)
        .map(|w| w[1].saturating_sub(w[0]))
        .max()
        .unwrap_or(size)
}
