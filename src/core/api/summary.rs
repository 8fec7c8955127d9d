//! Everything worth knowing about a shape, in one value: what the CLI
//! prints as JSON and the app shows in its summary panel.

use serde::Serialize;

use crate::core::analysis::Analysis;
use crate::core::array::{ArrayLayout, DimSize, TileDim};
use crate::core::ast::{ArrayShape, Shape};
use crate::core::error::Error;
use crate::core::mapping::PaddingSource;
use crate::core::semantics::{dim_letters, memory_space_name, minor_to_major_name, true_num_dims};
use crate::core::sizes::PaddingOrigin;

/// A whole shape: its canonical text and every array leaf.
#[derive(Clone, Debug, Serialize)]
pub struct Summary {
    pub canonical: String,
    /// `array`, `tuple`, `buffer`, `token` or `opaque`.
    pub kind: &'static str,
    /// The array's own facts when the shape is one array (or a buffer of
    /// one), flattened into this object.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub array: Option<LeafSummary>,
    /// Every array leaf with its index path, for tuples.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub leaves: Option<Vec<Leaf>>,
}

/// A tuple's leaf: where it is, its text, and its facts.
#[derive(Clone, Debug, Serialize)]
pub struct Leaf {
    /// Index path inside the tuple.
    pub path: Vec<usize>,
    pub canonical: String,
    #[serde(flatten)]
    pub summary: LeafSummary,
}

/// One array: type, dims, layout, names and sizes.
#[derive(Clone, Debug, Serialize)]
pub struct LeafSummary {
    pub element_type: String,
    /// The type's own width.
    pub type_bits: u32,
    /// Bits an element occupies in memory (`E(n)`, else whole bytes).
    pub element_bits: u64,
    /// Sizes in dimension-number order (bounded dims at their bound,
    /// unbounded `?` as null).
    pub dims: Vec<Option<u64>>,
    /// Dims as written: `3`, `<=10`, `?`.
    pub dims_text: Vec<String>,
    /// `y,x` / `z,y,x` / `p,z,y,x` where XLA names them.
    pub dim_letters: Option<Vec<&'static str>>,
    pub num_dims: usize,
    pub true_num_dims: usize,
    pub minor_to_major: Vec<usize>,
    pub minor_to_major_name: Option<&'static str>,
    /// Dimension numbers from most major to most minor.
    pub physical_order: Vec<usize>,
    /// Tiling levels; each entry a size or `"*"`.
    pub tiles: Vec<Vec<serde_json::Value>>,
    pub tail_padding_alignment: u64,
    pub element_size_bits: u64,
    pub memory_space: u64,
    pub memory_space_name: String,
    pub elements: Option<u64>,
    pub footprint_elements: Option<u64>,
    pub padding_elements: Option<u64>,
    pub padding_percent: Option<f64>,
    /// Footprint bits over data bits.
    pub expansion: Option<f64>,
    pub padding_by_source: Vec<PaddingCount>,
    /// Bits of one element's data: the type's whole bytes, or `E(n)`
    /// where narrower (sub-byte packing).
    pub data_bits: u64,
    /// Elements at `data_bits` each: the report's "Unpadded size".
    pub bytes_data: Option<u64>,
    /// `bytes_footprint - bytes_data`: the report's "Extra memory due to
    /// padding".
    pub bytes_padding: Option<u64>,
    pub bytes_footprint: Option<u64>,
    /// What XLA's `ShapeUtil::ArraySize` reports; null where XLA's figure
    /// is meaningless (a warning says why).
    pub bytes_xla: Option<u64>,
    /// Why XLA's figure differs from the footprint.
    pub warnings: Vec<String>,
    /// Remarks on the text (attributes XLA ignores, ...).
    pub notes: Vec<String>,
    /// Where the padding comes from: one row per tiling level and
    /// coordinate, then `L(n)`, packing and widening (see
    /// [`crate::core::explain::Factor`]).
    pub factors: Vec<crate::core::explain::Factor>,
    /// Why the array cannot be laid out (unbounded dims), if it cannot.
    pub mapping_error: Option<String>,
}

/// Padding added by one source.
#[derive(Clone, Debug, Serialize)]
pub struct PaddingCount {
    pub source: String,
    /// Padding cells (0 for widened elements, which add bits, not cells).
    pub elements: u64,
    /// Padding bits: cells times the stored element size, or the extra
    /// bits of every widened element.
    pub bits: u128,
}

/// Words for a padding origin: a source of cells, or widened elements
/// (`element widened from 8 to 32 bits`).
pub fn describe_origin(origin: PaddingOrigin, layout: Option<&ArrayLayout>) -> String {
    match origin {
        PaddingOrigin::Cells(source) => describe_padding(source, layout),
        PaddingOrigin::Widened { from_bits, to_bits } => {
            format!("element widened from {from_bits} to {to_bits} bits")
        }
    }
}

/// Words for a padding source: `tiling level 1 (T(2,2))`.
pub fn describe_padding(source: PaddingSource, layout: Option<&ArrayLayout>) -> String {
    match source {
        PaddingSource::Tile { level } => {
            let tile = layout
                .and_then(|l| l.tiles().get(level))
                .map(|t| format!(" {}", tile_text(t.dims())));
            format!("tiling level {}{}", level + 1, tile.unwrap_or_default())
        }
        PaddingSource::TailAlignment => match layout {
            Some(l) => format!("tail alignment L({})", l.tail_padding_alignment()),
            None => "tail alignment".to_owned(),
        },
        PaddingSource::LegacyPadding => "padded_dimensions (older XLA)".to_owned(),
    }
}

/// `(8,128)` / `(2,*,128)`.
pub fn tile_text(dims: &[TileDim]) -> String {
    let parts: Vec<String> = dims
        .iter()
        .map(|d| match d {
            TileDim::Size(n) => n.to_string(),
            TileDim::Combine => "*".to_owned(),
        })
        .collect();
    format!("({})", parts.join(","))
}

impl Summary {
    /// Summarizes a validated shape (from [`parse`](crate::core::parse)).
    pub fn of(shape: &Shape) -> Summary {
        Summary::with(shape, |_, array| LeafSummary::of(array))
    }

    /// [`Summary::of`] with each array leaf's summary given by `leaf` (its
    /// path and text): for callers that have laid some leaves out already
    /// (the app's picture, the Python package's leaves), so that they are
    /// not laid out again. `None` leaves the leaf out, as
    /// [`LeafSummary::of`] does for an invalid layout.
    pub fn with(
        shape: &Shape,
        mut leaf: impl FnMut(&[usize], &ArrayShape) -> Option<LeafSummary>,
    ) -> Summary {
        let canonical = shape.to_string();
        let leaves: Vec<Leaf> = shape
            .leaves()
            .into_iter()
            .filter_map(|(path, a)| {
                let summary = leaf(&path, a)?;
                Some(Leaf {
                    path,
                    canonical: a.to_string(),
                    summary,
                })
            })
            .collect();
        match shape {
            Shape::Array(_) | Shape::Buffer(_) => {
                let kind = if matches!(shape, Shape::Array(_)) {
                    "array"
                } else {
                    "buffer"
                };
                Summary {
                    canonical,
                    kind,
                    array: leaves.into_iter().next().map(|l| l.summary),
                    leaves: None,
                }
            }
            Shape::Tuple(_) => Summary {
                canonical,
                kind: "tuple",
                array: None,
                leaves: Some(leaves),
            },
            Shape::Token(_) => Summary {
                canonical,
                kind: "token",
                array: None,
                leaves: None,
            },
            Shape::Opaque(_) => Summary {
                canonical,
                kind: "opaque",
                array: None,
                leaves: None,
            },
        }
    }
}

impl LeafSummary {
    /// Summarizes one array leaf; `None` if its layout is invalid (never
    /// for a validated shape).
    pub fn of(array: &ArrayShape) -> Option<LeafSummary> {
        LeafSummary::with(array, Analysis::of(array).as_ref())
    }

    /// [`LeafSummary::of`] with the array's analysis (or why there is none)
    /// given.
    pub fn with(array: &ArrayShape, analysis: Result<&Analysis, &Error>) -> Option<LeafSummary> {
        let layout = array.layout().ok()?;
        let stats = analysis.ok().map(|a| &a.stats);
        let dims: Vec<Option<u64>> = layout.dims().iter().map(|d| d.extent()).collect();
        let known: Vec<u64> = dims.iter().map(|d| d.unwrap_or(0)).collect();
        let s = stats;
        Some(LeafSummary {
            element_type: layout.element_type().name().to_owned(),
            type_bits: layout.element_type().bit_width(),
            element_bits: layout.element_bits(),
            dims_text: layout.dims().iter().map(dim_text).collect(),
            dims,
            dim_letters: dim_letters(layout.num_dims()).map(<[_]>::to_vec),
            num_dims: layout.num_dims(),
            true_num_dims: true_num_dims(&known),
            minor_to_major: layout.minor_to_major().to_vec(),
            minor_to_major_name: minor_to_major_name(layout.minor_to_major()),
            physical_order: layout.physical_order(),
            tiles: layout
                .tiles()
                .iter()
                .map(|t| {
                    t.dims()
                        .iter()
                        .map(|d| match d {
                            TileDim::Size(n) => serde_json::Value::from(*n),
                            TileDim::Combine => serde_json::Value::from("*"),
                        })
                        .collect()
                })
                .collect(),
            tail_padding_alignment: layout.tail_padding_alignment(),
            element_size_bits: layout.element_size_bits_attr(),
            memory_space: layout.memory_space(),
            memory_space_name: memory_space_name(layout.memory_space()),
            elements: s.map(|s| s.elements),
            footprint_elements: s.map(|s| s.footprint_elements),
            padding_elements: s.map(|s| s.padding_elements),
            padding_percent: s.map(|s| s.padding_percent()),
            expansion: s.and_then(|s| s.expansion()),
            padding_by_source: s
                .map(|s| {
                    s.padding_by_source
                        .iter()
                        .map(|share| PaddingCount {
                            source: describe_origin(share.origin, Some(&layout)),
                            elements: share.elements,
                            bits: share.bits,
                        })
                        .collect()
                })
                .unwrap_or_default(),
            data_bits: crate::core::sizes::data_bits(&layout),
            bytes_data: s.map(|s| s.bytes_data),
            bytes_padding: s.map(|s| s.bytes_padding()),
            bytes_footprint: s.map(|s| s.bytes_footprint),
            bytes_xla: s.and_then(|s| s.bytes_xla),
            warnings: s
                .map(|s| s.warnings.iter().map(|w| w.to_string()).collect())
                .unwrap_or_default(),
            notes: array.notes().into_iter().map(|n| n.message).collect(),
            factors: analysis
                .map(crate::core::explain::factors)
                .unwrap_or_default(),
            mapping_error: analysis.err().map(|e| e.reason()),
        })
    }
}

fn dim_text(d: &DimSize) -> String {
    match d {
        DimSize::Static(n) => n.to_string(),
        DimSize::Bounded(n) => format!("<={n}"),
        DimSize::Unbounded => "?".to_owned(),
    }
}
