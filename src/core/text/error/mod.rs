//! One error type for everything that can be wrong with a shape text.
//!
//! An [`Error`] keeps the input, the byte span of the offending characters
//! and a typed [`ErrorKind`] carrying context. Its `Display` prints three
//! lines: the input line holding the span, a `^^^` caret line under the
//! span, and `line:column: reason` (1-based, columns in characters):
//!
//! ```text
//! f32[2,3]{1,0:L(0)}
//!                ^
//! 1:16: L(n) must be at least 1: the footprint is rounded up to a multiple of n elements
//! ```
//!
//! A line longer than about 100 characters is cut around the caret, with
//! `...` at each cut end (see `error/window.rs`), and user text quoted in a
//! reason is cut to [`QUOTE_MAX`] characters: printing an error costs the
//! same for a 5 MB input as for a short one, apart from one pass over the
//! text before the span.

mod quote;
#[cfg(test)]
mod tests;
mod window;

use std::fmt;
use std::sync::Arc;

use crate::core::element_type::ElementType;
use crate::core::span::Span;

pub(crate) use quote::Short;
pub use quote::QUOTE_MAX;
use window::floor_boundary;
pub(crate) use window::Window;
pub use window::WINDOW;

/// Everything that can be wrong with a shape text, syntax or meaning.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    // ---- syntax ----
    /// A character that cannot start any token.
    UnexpectedChar { found: char },
    /// A token other than the one the grammar needs here.
    Expected {
        expected: &'static str,
        found: String,
    },
    /// The text ended where the grammar needs more.
    UnexpectedEnd { expected: &'static str },
    /// Text after a complete shape.
    TrailingInput,
    /// A name that is not an XLA element type.
    UnknownElementType {
        name: String,
        suggestion: Option<&'static str>,
    },
    /// An integer above XLA's int64 range.
    NumberTooLarge,
    /// A negative number where only non-negative ones make sense.
    NegativeNumber { what: &'static str, value: i128 },
    /// A layout attribute written after one that XLA prints after it.
    AttributeOutOfOrder {
        attribute: &'static str,
        after: &'static str,
    },
    /// A layout attribute written twice.
    DuplicateAttribute { attribute: &'static str },
    /// A layout attribute letter XLA does not know.
    UnknownAttribute { name: String },
    /// `/*` without `*/`.
    UnterminatedComment,
    /// Tuples nested deeper than the parser allows.
    TooDeep { limit: usize },
    /// A list longer than this tool reads (split configs and their
    /// indices, dim level types): entry `limit + 1` is the error.
    TooManyEntries { what: &'static str, limit: usize },
    /// `token[2]`, `opaque[]{0}`: these shapes have no dims and no layout.
    NotAnArrayType { name: &'static str },
    /// `b(...)` around something that is not one array shape.
    BadBuffer,

    // ---- meaning ----
    /// minor_to_major has the wrong number of entries.
    MinorToMajorLength { expected: usize, found: usize },
    /// A dimension number outside `0..num_dims`.
    DimOutOfRange { dim: i64, num_dims: usize },
    /// A dimension named twice in minor_to_major.
    DuplicateDim { dim: usize },
    /// `T()`.
    EmptyTile,
    /// A tile size of 0 (or negative, which XLA aborts on).
    TileSizeNotPositive { value: i128 },
    /// `*` as the most-minor entry of a tile: nothing to combine it into.
    CombineMostMinor,
    /// `L(0)`.
    TailAlignmentZero,
    /// `E(0)` written out.
    ElementSizeZero,
    /// `S(n)` beyond what XLA stores (8 bits).
    MemorySpaceTooLarge { value: u64 },
    /// `#(f32)`: index and pointer types must be integers.
    NotIntegral { ty: ElementType, what: &'static str },
    /// `P(...)`: XLA only allows a physical shape on sparse arrays.
    PhysicalShapeNotAllowed,
    /// A split config naming a dimension or index that does not exist.
    BadSplitIndex { index: u64 },
    /// A size beyond XLA's int64.
    TooLarge { value: u64 },
    /// An element count, footprint or byte size beyond XLA's int64.
    Overflow { what: &'static str },
    /// A `?` dimension where a size is needed.
    UnboundedDim { dim: usize },
    /// Legacy `padded_dimensions` with the wrong number of entries.
    PaddedDimsLength { expected: usize, found: usize },
    /// A legacy padded size smaller than the dimension it pads.
    PaddedDimTooSmall { dim: usize, size: u64, padded: u64 },
    /// More dimensions and tiling levels than the mapping handles.
    TooComplex { nodes: usize, limit: usize },
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ErrorKind::*;
        match self {
            UnexpectedChar { found } => write!(f, "unexpected character {found:?}"),
            Expected { expected, found } => {
                write!(f, "expected {expected}, found {}", Short::new(found))
            }
            UnexpectedEnd { expected } => write!(f, "the text ends here, but {expected} should follow"),
            TrailingInput => write!(f, "unexpected text after the shape"),
            UnknownElementType { name, suggestion: Some(s) } => {
                write!(f, "unknown element type `{}`; did you mean `{s}`?", Short::new(name))
            }
            UnknownElementType { name, suggestion: None } => write!(
                f,
                "unknown element type `{}` (expected pred, s1..s64, u1..u64, f16, bf16, f32, f64, c64, c128, f8e4m3fn, ...)",
                Short::new(name)
            ),
            NumberTooLarge => write!(f, "number out of range: XLA numbers are int64 (-9223372036854775808 to 9223372036854775807)"),
            NegativeNumber { what, value } => write!(f, "{what} cannot be negative (found {value})"),
            AttributeOutOfOrder { attribute, after } => write!(
                f,
                "`{attribute}` must come before `{after}`: XLA reads layout attributes in the order D T L # * E S SC P M"
            ),
            DuplicateAttribute { attribute } => write!(f, "`{attribute}` is given twice"),
            UnknownAttribute { name } => write!(
                f,
                "unknown layout attribute `{}` (expected one of D T L # * E S SC P M)",
                Short::new(name)
            ),
            UnterminatedComment => write!(f, "comment opened with /* is never closed"),
            TooDeep { limit } => write!(f, "shapes nested more than {limit} deep"),
            TooManyEntries { what, limit } => write!(
                f,
                "more than {limit} {what}: this tool reads at most {limit} (its own limit, not XLA's)"
            ),
            NotAnArrayType { name } => write!(f, "`{name}` is not an array: it is written `{name}[]`, with no dimensions and no layout"),
            BadBuffer => write!(f, "a buffer `b(...)` holds exactly one array shape"),
            MinorToMajorLength { expected, found } => write!(
                f,
                "minor_to_major has {found} {}, but the shape has {expected} {}",
                plural(*found, "entry", "entries"),
                plural(*expected, "dimension", "dimensions")
            ),
            DimOutOfRange { dim, num_dims } => match num_dims {
                0 => write!(f, "dimension {dim} does not exist: the shape has no dimensions"),
                n => write!(f, "dimension {dim} does not exist: the shape has dimensions 0..{}", n - 1),
            },
            DuplicateDim { dim } => write!(f, "dimension {dim} appears twice in minor_to_major"),
            EmptyTile => write!(f, "a tile needs at least one size: T() is empty"),
            TileSizeNotPositive { value } => write!(f, "tile sizes must be at least 1 (found {value})"),
            CombineMostMinor => write!(
                f,
                "`*` cannot be a tile's most-minor entry: it combines a dimension with the next more-minor one, and there is none"
            ),
            TailAlignmentZero => write!(f, "L(n) must be at least 1: the footprint is rounded up to a multiple of n elements"),
            ElementSizeZero => write!(f, "E(0) means the type's own width and is not written: leave E out or give E(n) with n >= 1"),
            MemorySpaceTooLarge { value } => write!(f, "memory space {value} is too large: XLA stores S(n) in 8 bits (at most 127)"),
            NotIntegral { ty, what } => write!(f, "the {what} type must be an integer type, not {ty}"),
            PhysicalShapeNotAllowed => write!(
                f,
                "P(...) physical shapes are only for sparse arrays, which XLA no longer supports"
            ),
            BadSplitIndex { index } => write!(
                f,
                "split index {index} must be inside the dimension and larger than the split before it"
            ),
            TooLarge { value } => write!(f, "{value} is too large: XLA sizes are int64"),
            Overflow { what } => write!(f, "the {what} overflows XLA's int64"),
            UnboundedDim { dim } => write!(
                f,
                "dimension {dim} is unbounded (`?`): it has no size in memory, so the layout cannot be drawn; give a bound like `<=128`"
            ),
            PaddedDimsLength { expected, found } => write!(
                f,
                "padded dimensions need one size per dimension: {expected} expected, {found} given"
            ),
            PaddedDimTooSmall { dim, size, padded } => write!(
                f,
                "dimension {dim} has size {size}, so it cannot be padded to {padded}"
            ),
            TooComplex { nodes, limit } => write!(
                f,
                "too many dimensions and tiling levels: the mapping would track {nodes} coordinates (limit {limit})"
            ),
        }
    }
}

fn plural(n: usize, one: &'static str, many: &'static str) -> &'static str {
    if n == 1 {
        one
    } else {
        many
    }
}

/// An error in a shape text: what is wrong, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    span: Span,
    /// Shared with the parsed shape's nodes when made from them: an error
    /// in a 5 MB text does not copy it.
    input: Arc<str>,
}

impl Error {
    pub fn new(kind: ErrorKind, span: Span, input: &str) -> Error {
        Error::in_source(kind, span, &Arc::from(input))
    }

    /// [`Error::new`] in a text already shared (a parse's source).
    pub(crate) fn in_source(kind: ErrorKind, span: Span, input: &Arc<str>) -> Error {
        // Keep the span inside the text, on character boundaries, so that
        // rendering never slices in the middle of a character.
        let start = floor_boundary(input, span.start);
        let end = floor_boundary(input, span.end).max(start);
        Error {
            kind,
            span: Span::new(start, end),
            input: Arc::clone(input),
        }
    }

    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// Byte range of the offending characters in [`Error::input`]. Empty
    /// (start == end) when the problem is that something is missing there.
    pub fn span(&self) -> Span {
        self.span
    }

    /// The text that was parsed.
    pub fn input(&self) -> &str {
        &self.input
    }

    /// The one-line reason, without the caret picture.
    pub fn reason(&self) -> String {
        self.kind.to_string()
    }
}

impl fmt::Display for Error {
    /// Three lines: the input line holding the span (cut around the caret
    /// when long), a caret line under the span (at least one `^`), and
    /// `line:column: reason`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let window = Window::new(&self.input, self.span);
        writeln!(f, "{window}")?;
        write!(f, "{}:{}: {}", window.line, window.column, self.kind)
    }
}

impl std::error::Error for Error {}
