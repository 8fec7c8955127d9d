//! The layout core: XLA shape text -> checked layout -> memory mapping.
//!
//! Pure Rust with no web dependencies, so that the app, the CLI and the
//! tests all stand on the same code. See `docs/architecture.md`.

pub mod analysis;
pub mod array;
pub mod ast;
pub mod compare;
pub mod element_type;
pub mod explain;
pub mod hlo;
pub mod legacy;
pub mod mapping;
pub mod semantics;
pub mod sharding;
pub mod sizes;
pub mod span;
pub mod steps;
pub mod summary;
pub mod text;
pub mod validate;

// The text stage's modules, where they were before it had a folder.
pub use text::{error, parser};

pub use analysis::Analysis;
pub use array::{
    ArrayLayout, DimSize, LayoutAttributes, LayoutError, Locus, SplitConfig, Tile, TileDim,
    MAX_SIZE,
};
pub use ast::{ArrayShape, BufferShape, LayoutText, Note, Shape, SplitText, TileText, TupleShape};
pub use element_type::{ElementType, TypeClass};
pub use error::{Error, ErrorKind};
pub use legacy::PaddingValue;
pub use mapping::{Cell, CellInfo, LevelCoords, Mapping, PaddingSource, NO_TILE};
pub use parser::{parse_syntax, MAX_DEPTH};
pub use sizes::stats;
pub use sizes::{PaddingOrigin, PaddingShare, SizeWarning, Stats};
pub use span::{Span, Spanned};
pub use validate::{parse, validate};
