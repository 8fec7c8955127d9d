//! The layout core: XLA shape text -> checked layout -> memory mapping.
//!
//! Pure Rust with no web dependencies, so that the app, the CLI and the
//! tests all stand on the same code. See `docs/architecture.md`.

pub mod api;
pub mod array;
pub mod dump;
pub mod explain;
pub mod hlo;
pub mod mapping;
pub mod mlir;
pub mod sharding;
pub mod sizes;
pub mod steps;
pub mod text;
pub mod validate;

// Modules at the paths they had before each joined its stage's folder
// (`crate::core::ast`, `crate::core::summary`, ...): the app, the CLI,
// the Python package, the tests, benches and fuzz targets use these.
pub use api::{analysis, summary};
pub use array::element_type;
pub use explain::{compare, semantics};
pub use mapping::legacy;
pub use text::{ast, error, parser, span};

pub use analysis::Analysis;
pub use array::{
    ArrayLayout, DimSize, LayoutAttributes, LayoutError, Locus, SplitConfig, Tile, TileDim,
    MAX_SIZE,
};
pub use ast::{ArrayShape, BufferShape, LayoutText, Note, Shape, SplitText, TileText, TupleShape};
pub use element_type::{ElementType, TypeClass};
pub use error::{Error, ErrorKind};
pub use legacy::PaddingValue;
pub use mapping::{Cell, CellInfo, LevelCoords, Mapping, OffsetParts, PaddingSource, NO_TILE};
pub use parser::{parse_syntax, MAX_DEPTH};
pub use sizes::stats;
pub use sizes::{PaddingOrigin, PaddingShare, SizeWarning, Stats};
pub use span::{Span, Spanned};
pub use validate::{parse, validate};
