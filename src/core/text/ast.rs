//! The parsed form of a shape text: what the text said, with spans.
//!
//! [`parse_syntax`](crate::core::parser::parse_syntax) builds these types
//! and [`parse`](crate::core::validate::parse) checks them. Every item keeps
//! the byte span it was written at, so that errors found long after parsing
//! still point at the right characters.
//!
//! Equality ignores spans and compares what the text *means*: an absent
//! layout equals the default one written out (`f32[2,3]` == `f32[2,3]{1,0}`),
//! an absent attribute equals its default (`{1,0}` == `{1,0:L(1)S(0)}`), and
//! `D(...)`, which current XLA drops, is not compared at all. That is what
//! makes `parse(&shape.to_string()) == Ok(shape)` hold although the printer
//! writes defaults out and leaves `D(...)` away.

use std::fmt;
use std::sync::Arc;

use crate::core::array::{DimSize, TileDim};
use crate::core::element_type::ElementType;
use crate::core::span::{Span, Spanned};

/// A whole shape: an array, a tuple, a buffer, `token[]` or `opaque[]`.
#[derive(Clone, Debug)]
pub enum Shape {
    /// `f32[2,3]{1,0}`.
    Array(ArrayShape),
    /// `(f32[], s32[2]{0})`, possibly empty or nested.
    Tuple(TupleShape),
    /// `b(f32[16]{0})`: one array behind a buffer.
    Buffer(BufferShape),
    /// `token[]`, with the span it was written at.
    Token(Span),
    /// `opaque[]`, with the span it was written at.
    Opaque(Span),
}

/// An array shape: element type, dims and an optional layout.
#[derive(Clone)]
pub struct ArrayShape {
    /// The element type, `f32`.
    pub element_type: Spanned<ElementType>,
    /// Dimension sizes in dimension-number order, each with its span.
    pub dims: Vec<Spanned<DimSize>>,
    /// The span of the whole `[...]` list.
    pub dims_span: Span,
    /// The `{...}` layout as written; `None` means XLA's default layout.
    /// Boxed: most of an array's size, moved with every array otherwise.
    pub layout: Option<Box<LayoutText>>,
    /// The span of the whole array shape, type to closing brace.
    pub span: Span,
    /// The text the spans point into, shared by every node of one parse.
    pub(crate) source: Arc<str>,
}

/// A tuple of shapes, `(a, b, c)`.
#[derive(Clone, Debug)]
pub struct TupleShape {
    /// The elements in order; index paths count from 0.
    pub elements: Vec<Shape>,
    /// From `(` to `)`.
    pub span: Span,
}

/// A buffer shape `b(array)`.
#[derive(Clone, Debug)]
pub struct BufferShape {
    /// The one array the buffer holds.
    pub array: ArrayShape,
    /// From `b` to `)`.
    pub span: Span,
}

/// One tiling level as written: `(8,128)` or `(2,*,128)`, entries from most
/// major to most minor. The span covers the parentheses.
pub type TileText = Spanned<Vec<Spanned<TileDim>>>;

/// One split config as written, `(0:512,1024)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitText {
    /// The physical dimension being split (0 is the most major).
    pub dimension: Spanned<i64>,
    /// Where the splits are.
    pub indices: Vec<Spanned<i64>>,
}

/// A layout `{minor_to_major:attributes}` as written.
///
/// Numbers are kept as written, negatives included, so that validation can
/// say what is wrong with them; only [`parse`](crate::core::validate::parse)
/// guarantees they make sense.
#[derive(Clone, Debug)]
pub struct LayoutText {
    /// Dimension numbers, most minor first.
    pub minor_to_major: Vec<Spanned<i64>>,
    /// The span of the minor_to_major list; empty (just after `{`) when the
    /// list is.
    pub minor_to_major_span: Span,
    /// Where `D(...)` was written. Its contents are parsed and dropped, as
    /// current XLA does.
    pub dim_level_types: Option<Span>,
    /// `T(...)(...)`: tiling levels in the order they apply.
    pub tiles: Vec<TileText>,
    /// `L(n)`: tail padding alignment in elements (default 1).
    pub tail_padding_alignment: Option<Spanned<i64>>,
    /// `#(type)`: index type of sparse arrays.
    pub index_type: Option<Spanned<ElementType>>,
    /// `*(type)`: pointer type of sparse arrays.
    pub pointer_type: Option<Spanned<ElementType>>,
    /// `E(n)`: element size in bits (default 0, the type's own width).
    pub element_size_bits: Option<Spanned<i64>>,
    /// `S(n)`: memory space (default 0).
    pub memory_space: Option<Spanned<i64>>,
    /// `SC(d:i,j)(...)`: split configs.
    pub split_configs: Vec<Spanned<SplitText>>,
    /// `P(shape)`: physical shape of sparse arrays; the span covers `P(...)`.
    pub physical_shape: Option<Spanned<Box<Shape>>>,
    /// `M(n)`: dynamic shape metadata prefix bytes (default 0).
    pub dynamic_shape_metadata_prefix_bytes: Option<Spanned<i64>>,
    /// From `{` to `}`.
    pub span: Span,
}

/// A non-fatal remark about a shape: something accepted but worth knowing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The text the remark is about.
    pub span: Span,
    /// One sentence.
    pub message: String,
}

impl Shape {
    /// Every array leaf with its index path, in order. The array inside
    /// `b(...)` is a leaf at the buffer's own path; `token[]` and `opaque[]`
    /// are not leaves.
    pub fn leaves(&self) -> Vec<(Vec<usize>, &ArrayShape)> {
        let mut out = Vec::new();
        let mut path = Vec::new();
        self.collect_leaves(&mut path, &mut out);
        out
    }

    fn collect_leaves<'a>(
        &'a self,
        path: &mut Vec<usize>,
        out: &mut Vec<(Vec<usize>, &'a ArrayShape)>,
    ) {
        match self {
            Shape::Array(a) => out.push((path.clone(), a)),
            Shape::Buffer(b) => out.push((path.clone(), &b.array)),
            Shape::Tuple(t) => {
                for (i, element) in t.elements.iter().enumerate() {
                    path.push(i);
                    element.collect_leaves(path, out);
                    path.pop();
                }
            }
            Shape::Token(_) | Shape::Opaque(_) => {}
        }
    }

    /// The array at an index path: `&[]` is the shape itself, `&[1, 0]` the
    /// first element of the second element. `None` if the path leads nowhere
    /// or to something that is not an array.
    pub fn leaf(&self, path: &[usize]) -> Option<&ArrayShape> {
        match (self, path.split_first()) {
            (Shape::Array(a), None) => Some(a),
            (Shape::Buffer(b), None) => Some(&b.array),
            (Shape::Tuple(t), Some((&i, rest))) => t.elements.get(i)?.leaf(rest),
            _ => None,
        }
    }

    /// The span of the whole shape.
    pub fn span(&self) -> Span {
        match self {
            Shape::Array(a) => a.span,
            Shape::Tuple(t) => t.span,
            Shape::Buffer(b) => b.span,
            Shape::Token(s) | Shape::Opaque(s) => *s,
        }
    }

    /// The notes of every leaf, in order.
    pub fn notes(&self) -> Vec<Note> {
        self.leaves()
            .into_iter()
            .flat_map(|(_, a)| a.notes())
            .collect()
    }
}

impl ArrayShape {
    /// Whether the shape has no dimensions (`f32[]`).
    pub fn is_scalar(&self) -> bool {
        self.dims.is_empty()
    }

    /// The text the spans point into.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// minor_to_major as it applies: the written list, or XLA's default
    /// `N-1,...,1,0` when the layout is absent.
    pub fn effective_minor_to_major(&self) -> Vec<i64> {
        match &self.layout {
            Some(l) => l.minor_to_major.iter().map(|m| m.value).collect(),
            None => self.default_minor_to_major().collect(),
        }
    }

    fn default_minor_to_major(&self) -> impl Iterator<Item = i64> {
        (0..self.dims.len()).rev().map(|d| d as i64)
    }

    /// Non-fatal remarks about the layout.
    pub fn notes(&self) -> Vec<Note> {
        let mut notes = Vec::new();
        let Some(layout) = &self.layout else {
            return notes;
        };
        if let Some(span) = layout.dim_level_types {
            notes.push(Note {
                span,
                message: "D(...) dim level types are ignored: current XLA dropped sparse layouts"
                    .to_owned(),
            });
        }
        for (ty, what) in [
            (&layout.index_type, "#(..) index"),
            (&layout.pointer_type, "*(..) pointer"),
        ] {
            if let Some(ty) = ty {
                notes.push(Note {
                    span: ty.span,
                    message: format!(
                        "{what} types are only meaningful for sparse arrays; current XLA's verifier rejects them on dense layouts"
                    ),
                });
            }
        }
        notes
    }
}

impl LayoutText {
    /// A layout with no entries and every attribute at its default: `{}`.
    pub fn empty(span: Span) -> LayoutText {
        LayoutText {
            minor_to_major: Vec::new(),
            minor_to_major_span: Span::new(span.start, span.start),
            dim_level_types: None,
            tiles: Vec::new(),
            tail_padding_alignment: None,
            index_type: None,
            pointer_type: None,
            element_size_bits: None,
            memory_space: None,
            split_configs: Vec::new(),
            physical_shape: None,
            dynamic_shape_metadata_prefix_bytes: None,
            span,
        }
    }

    /// `L(n)` as it applies (1 when absent).
    pub fn tail_padding_alignment_value(&self) -> i64 {
        self.tail_padding_alignment.map_or(1, |v| v.value)
    }

    /// `E(n)` as it applies (0, the type's own width, when absent).
    pub fn element_size_bits_value(&self) -> i64 {
        self.element_size_bits.map_or(0, |v| v.value)
    }

    /// `S(n)` as it applies (0 when absent).
    pub fn memory_space_value(&self) -> i64 {
        self.memory_space.map_or(0, |v| v.value)
    }

    /// `M(n)` as it applies: 0 when absent, and, as XLA prints it only when
    /// positive, 0 for anything below.
    pub fn dynamic_shape_metadata_prefix_bytes_value(&self) -> i64 {
        self.dynamic_shape_metadata_prefix_bytes
            .map_or(0, |v| v.value.max(0))
    }

    /// Whether every attribute after the colon is at its default, so that
    /// XLA prints nothing after the minor_to_major list.
    pub fn has_default_attributes(&self) -> bool {
        self.attributes_eq(&LayoutText::empty(Span::default()))
    }

    /// Compares everything after the colon by meaning.
    fn attributes_eq(&self, other: &LayoutText) -> bool {
        self.tiles == other.tiles
            && self.tail_padding_alignment_value() == other.tail_padding_alignment_value()
            && self.index_type == other.index_type
            && self.pointer_type == other.pointer_type
            && self.element_size_bits_value() == other.element_size_bits_value()
            && self.memory_space_value() == other.memory_space_value()
            && self.split_configs == other.split_configs
            && self.physical_shape == other.physical_shape
            && self.dynamic_shape_metadata_prefix_bytes_value()
                == other.dynamic_shape_metadata_prefix_bytes_value()
    }
}

impl PartialEq for Shape {
    fn eq(&self, other: &Shape) -> bool {
        match (self, other) {
            (Shape::Array(a), Shape::Array(b)) => a == b,
            (Shape::Tuple(a), Shape::Tuple(b)) => a == b,
            (Shape::Buffer(a), Shape::Buffer(b)) => a == b,
            (Shape::Token(_), Shape::Token(_)) | (Shape::Opaque(_), Shape::Opaque(_)) => true,
            _ => false,
        }
    }
}

impl Eq for Shape {}

impl PartialEq for ArrayShape {
    fn eq(&self, other: &ArrayShape) -> bool {
        let empty = LayoutText::empty(Span::default());
        self.element_type == other.element_type
            && self.dims == other.dims
            && self.effective_minor_to_major() == other.effective_minor_to_major()
            && self
                .layout
                .as_deref()
                .unwrap_or(&empty)
                .attributes_eq(other.layout.as_deref().unwrap_or(&empty))
    }
}

impl Eq for ArrayShape {}

impl PartialEq for TupleShape {
    fn eq(&self, other: &TupleShape) -> bool {
        self.elements == other.elements
    }
}

impl Eq for TupleShape {}

impl PartialEq for BufferShape {
    fn eq(&self, other: &BufferShape) -> bool {
        self.array == other.array
    }
}

impl Eq for BufferShape {}

impl PartialEq for LayoutText {
    fn eq(&self, other: &LayoutText) -> bool {
        self.minor_to_major == other.minor_to_major && self.attributes_eq(other)
    }
}

impl Eq for LayoutText {}

impl fmt::Debug for ArrayShape {
    /// Everything but the shared source text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ArrayShape")
            .field("element_type", &self.element_type)
            .field("dims", &self.dims)
            .field("dims_span", &self.dims_span)
            .field("layout", &self.layout)
            .field("span", &self.span)
            .finish()
    }
}
