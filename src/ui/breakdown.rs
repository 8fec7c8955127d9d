//! One HLO instruction part by part, as XLA's "Shapes and layout" page
//! explains its two examples (op name, shape, layout with tiling and memory
//! space, operation, arguments, attributes), ready to list and to highlight
//! in the text. Plain Rust over [`crate::core::hlo::explain`].

use std::ops::Range;

use crate::core::hlo::explain;
use crate::core::Span;

/// What a part is: the CSS class and the label of the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PartKind {
    Name,
    Shape,
    Layout,
    Operation,
    Argument,
    Attribute,
}

impl PartKind {
    pub fn label(self) -> &'static str {
        match self {
            PartKind::Name => "Op name",
            PartKind::Shape => "Shape",
            PartKind::Layout => "Layout",
            PartKind::Operation => "Operation",
            PartKind::Argument => "Argument",
            PartKind::Attribute => "Attribute",
        }
    }

    pub fn class(self) -> &'static str {
        match self {
            PartKind::Name => "hl-name",
            PartKind::Shape => "hl-shape",
            PartKind::Layout => "hl-layout",
            PartKind::Operation => "hl-op",
            PartKind::Argument => "hl-arg",
            PartKind::Attribute => "hl-attr",
        }
    }
}

/// One part: where it is, and what it says in words.
#[derive(Clone, Debug, PartialEq)]
pub struct Part {
    pub kind: PartKind,
    pub span: Span,
    /// Further words: dtype and dims, the layout's pieces, an operand's shape.
    pub notes: Vec<String>,
    /// A shape to draw with one click (the result, or an operand's).
    pub shape: Option<Span>,
}

/// The parts of the first instruction in `text`, in the seed page's order;
/// `None` when no line of `text` is an instruction.
pub fn parts(text: &str) -> Option<Vec<Part>> {
    // An MLIR op line (`core::mlir`): the same list, where the page reads
    // MLIR (`breakdown_mlir::enable`).
    if let Some(mlir) = super::breakdown_mlir::support().and_then(|s| (s.parts)(text)) {
        return mlir;
    }
    let b = explain(text)?;
    let slice = |s: Span| text.get(s.range()).unwrap_or("");
    let mut out = vec![Part {
        kind: PartKind::Name,
        span: b.name,
        notes: vec!["the unique name of the operation".into()],
        shape: None,
    }];
    if let Some(dd) = b.dtype_dims.or(b.shape) {
        let mut notes = Vec::new();
        if let (Some(t), Some(d)) = (b.element_type, b.dims) {
            notes.push(format!("element type {}, dims {}", slice(t), slice(d)));
        }
        out.push(Part {
            kind: PartKind::Shape,
            span: dd,
            notes,
            shape: b.shape,
        });
    }
    if let Some(l) = &b.layout {
        let inner = Span::new(
            l.span.start + 1,
            l.span.end.saturating_sub(1).max(l.span.start + 1),
        );
        let mut notes = vec![format!(
            "minor_to_major {}: the order of the dims in memory, most minor first",
            slice(l.minor_to_major)
        )];
        if let Some(t) = l.tiling {
            notes.push(format!("tiling {}: the tiles and padding used", slice(t)));
        }
        if let Some((s, n, name)) = &l.memory_space {
            notes.push(format!("memory space {}: {n}, {name}", slice(*s)));
        }
        out.push(Part {
            kind: PartKind::Layout,
            span: inner,
            notes,
            shape: None,
        });
    }
    if let Some(op) = b.opcode {
        out.push(Part {
            kind: PartKind::Operation,
            span: op,
            notes: Vec::new(),
            shape: None,
        });
    }
    for (k, a) in b.arguments.iter().enumerate() {
        let mut notes = vec![format!("operand {k}")];
        if let Some(s) = a.shape {
            notes.push(format!("shape {}", slice(s)));
        }
        out.push(Part {
            kind: PartKind::Argument,
            span: a.span,
            notes,
            shape: a.shape,
        });
    }
    for a in &b.attributes {
        out.push(Part {
            kind: PartKind::Attribute,
            span: a.span,
            notes: vec![format!("{} = {}", slice(a.name), slice(a.value))],
            shape: None,
        });
    }
    Some(out)
}

/// The text cut into pieces, each inside at most one part (by index into
/// `parts`); parts that overlap an earlier one are left unmarked.
pub fn segments(len: usize, parts: &[Part]) -> Vec<(Range<usize>, Option<usize>)> {
    let mut order: Vec<usize> = (0..parts.len()).collect();
    order.sort_by_key(|&i| parts[i].span.start);
    let mut out = Vec::new();
    let mut at = 0;
    for i in order {
        let Span { start, end } = parts[i].span;
        if start < at || end > len || start >= end {
            continue;
        }
        if start > at {
            out.push((at..start, None));
        }
        out.push((start..end, Some(i)));
        at = end;
    }
    if at < len {
        out.push((at..len, None));
    }
    out
}

#[cfg(test)]
#[path = "breakdown_tests.rs"]
mod tests;
