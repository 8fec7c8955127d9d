//! The layout core: XLA shape text -> checked layout -> memory mapping.
//!
//! Pure Rust with no web dependencies, so that the app, the CLI and the
//! tests all stand on the same code. See `docs/architecture.md`.

pub mod array;
pub mod element_type;
pub mod error;
pub mod mapping;
pub mod span;

pub use array::{
    ArrayLayout, DimSize, LayoutAttributes, LayoutError, Locus, SplitConfig, Tile, TileDim,
    MAX_SIZE,
};
pub use element_type::{ElementType, TypeClass};
pub use error::{Error, ErrorKind};
pub use mapping::{Cell, CellInfo, LevelCoords, Mapping, PaddingSource};
pub use span::{Span, Spanned};
