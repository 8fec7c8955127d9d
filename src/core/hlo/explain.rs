//! The parts of one HLO instruction, for an "explain this instruction"
//! view, as XLA's "Shapes and layout" page explains its two examples: op
//! name, shape (element type and dims), layout (minor_to_major, tiling,
//! memory space), operation, arguments and attributes.

use super::instruction::{head, parse_instruction_on, Arg, Attr, Lines, Parts};
use super::scan::{line_end, skip_inline};
use crate::core::ast::Shape;
use crate::core::parser::parse_syntax;
use crate::core::semantics::memory_space_name;
use crate::core::span::Span;

/// One instruction, part by part, as byte spans into the text given to
/// [`explain`].
#[derive(Clone, Debug, PartialEq)]
pub struct Breakdown {
    /// The whole instruction, from its name (or `ROOT`) to its last
    /// attribute, over all its lines.
    pub span: Span,
    /// `ROOT`, when written.
    pub root: Option<Span>,
    /// The op name as written (`%fusion.3`).
    pub name: Span,
    /// The result shape as written (array or tuple).
    pub shape: Option<Span>,
    /// Element type and dims of an array result (`bf16[32,32,4096]`).
    pub dtype_dims: Option<Span>,
    pub element_type: Option<Span>,
    /// `[...]`.
    pub dims: Option<Span>,
    /// The result's layout, when written.
    pub layout: Option<LayoutParts>,
    /// The operation (`add`, `fusion`).
    pub opcode: Option<Span>,
    /// The operands, each with its shape and name when written.
    pub arguments: Vec<Arg>,
    /// `kind=kCustom`, `calls=...`, `metadata={...}`.
    pub attributes: Vec<Attr>,
}

/// The layout of an array result, part by part.
#[derive(Clone, Debug, PartialEq)]
pub struct LayoutParts {
    /// From `{` to `}`.
    pub span: Span,
    /// The dimension numbers, most minor first (`3,2,0,1`).
    pub minor_to_major: Span,
    /// All tiling levels (`T(8,128)(2,1)`), when written.
    pub tiling: Option<Span>,
    /// `S(n)`, its value and what XLA's docs say the space is.
    pub memory_space: Option<(Span, u64, String)>,
}

/// Breaks down the first HLO instruction in `text` (it may continue over
/// several lines). `None` if no line starts an instruction.
pub fn explain(text: &str) -> Option<Breakdown> {
    let b = text.as_bytes();
    let mut ls = 0;
    while ls < b.len() {
        let le = line_end(b, ls, b.len());
        let c = skip_inline(b, ls, le);
        if let Some(h) = head(b, c, le) {
            let mut parts = Parts::default();
            let lines = Lines::Following {
                line_end: le,
                text_end: b.len(),
            };
            parse_instruction_on(b, &h, lines, &mut parts);
            return Some(breakdown(text, c, parts));
        }
        ls = le + 1;
    }
    None
}

fn breakdown(text: &str, start: usize, p: Parts) -> Breakdown {
    let last = p
        .attrs
        .last()
        .map(|a| a.span.end)
        .or(p.operand_list.map(|s| s.end))
        .or(p.shape.map(|s| s.end))
        .unwrap_or(p.name_written.end);
    let mut out = Breakdown {
        span: Span::new(start, last),
        root: p.root,
        name: p.name_written,
        shape: p.shape,
        dtype_dims: None,
        element_type: None,
        dims: None,
        layout: None,
        opcode: p.opcode,
        arguments: p.args,
        attributes: p.attrs,
    };
    let Some(shape) = p.shape else { return out };
    let Some(shape_text) = text.get(shape.range()) else {
        return out;
    };
    let Ok(Shape::Array(a)) = parse_syntax(shape_text) else {
        return out;
    };
    let at = |s: Span| Span::new(shape.start + s.start, shape.start + s.end);
    out.element_type = Some(at(a.element_type.span));
    out.dims = Some(at(a.dims_span));
    out.dtype_dims = Some(at(a.element_type.span.to(a.dims_span)));
    if let Some(l) = &a.layout {
        let tiling = match (l.tiles.first(), l.tiles.last()) {
            (Some(f), Some(t)) => Some(at(Span::new(f.span.start.saturating_sub(1), t.span.end))),
            _ => None,
        };
        let memory_space = l.memory_space.map(|n| {
            // The parser keeps the number's span; widen it to `S(n)`.
            let s = shape_text.as_bytes();
            let start = n.span.start.saturating_sub(2);
            let end = if s.get(n.span.end) == Some(&b')') {
                n.span.end + 1
            } else {
                n.span.end
            };
            let value = u64::try_from(n.value).unwrap_or(0);
            (at(Span::new(start, end)), value, memory_space_name(value))
        });
        out.layout = Some(LayoutParts {
            span: at(l.span),
            minor_to_major: at(l.minor_to_major_span),
            tiling,
            memory_space,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_fusion_example_part_by_part() {
        // XLA's "Shapes and layout" page, second example.
        let s = "%fusion.3 = bf16[32,32,4096]{2,1,0:T(8,128)(2,1)S(1)}\n            fusion(bf16[32,32,8192]{2,1,0:T(8,128)(2,1)S(1)} %fusion.32),\n            kind=kCustom, calls=%all-reduce-scatter.3";
        let d = explain(s).unwrap();
        let t = |sp: Span| &s[sp.range()];
        assert_eq!(t(d.name), "%fusion.3");
        assert_eq!(t(d.dtype_dims.unwrap()), "bf16[32,32,4096]");
        let l = d.layout.as_ref().unwrap();
        assert_eq!(t(l.span), "{2,1,0:T(8,128)(2,1)S(1)}");
        assert_eq!(t(l.minor_to_major), "2,1,0");
        assert_eq!(t(l.tiling.unwrap()), "T(8,128)(2,1)");
        let (ms, value, words) = l.memory_space.clone().unwrap();
        assert_eq!((t(ms), value), ("S(1)", 1));
        assert!(words.contains("VMEM"), "{words}");
        assert_eq!(t(d.opcode.unwrap()), "fusion");
        assert_eq!(d.arguments.len(), 1);
        assert_eq!(t(d.arguments[0].name.unwrap()), "fusion.32");
        let attrs: Vec<&str> = d.attributes.iter().map(|a| t(a.name)).collect();
        assert_eq!(attrs, ["kind", "calls"]);
        assert!(t(d.span).ends_with("calls=%all-reduce-scatter.3"));
    }

    #[test]
    fn the_seeds_first_example_part_by_part() {
        let s = "add.936 = bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}\n          add(exponential.183, broadcast.3115)";
        let d = explain(s).unwrap();
        let t = |sp: Span| &s[sp.range()];
        assert_eq!(t(d.name), "add.936");
        assert_eq!(t(d.dtype_dims.unwrap()), "bf16[8,1,1280,16384]");
        assert_eq!(t(d.element_type.unwrap()), "bf16");
        assert_eq!(t(d.dims.unwrap()), "[8,1,1280,16384]");
        let l = d.layout.unwrap();
        assert_eq!(t(l.minor_to_major), "3,2,0,1");
        assert_eq!(t(l.tiling.unwrap()), "T(8,128)(2,1)");
        assert_eq!(l.memory_space, None);
        assert_eq!(t(d.opcode.unwrap()), "add");
        let args: Vec<&str> = d.arguments.iter().map(|a| t(a.span)).collect();
        assert_eq!(args, ["exponential.183", "broadcast.3115"]);
        assert!(d.attributes.is_empty());
    }

    #[test]
    fn no_instruction_no_breakdown() {
        assert_eq!(explain("f32[2,3]{1,0}"), None);
        assert_eq!(explain(""), None);
    }
}
