//! One MLIR op line part by part, for the same list as an HLO
//! instruction's (`#hlo-breakdown`): the value it defines, its result type
//! with the XLA shape it becomes, the op, its operands with their types,
//! its attributes. Plain Rust over [`crate::core::mlir::breakdown`].
//!
//! Reached through [`support`]: natively always, in the browser once the
//! app has called [`enable`] (with `core::hlo::enable_mlir`), so that the
//! embed modules leave the MLIR reader out.

use super::breakdown::{Part, PartKind};
use crate::core::mlir::{breakdown, looks_like_mlir, read_type};
use crate::core::{Shape, Span};

/// What the page reads of MLIR lines.
#[derive(Clone, Copy)]
pub struct Support {
    /// `None` when the text is not MLIR, else its op's parts (if any).
    pub parts: fn(&str) -> Option<Option<Vec<Part>>>,
    /// `None` when the text is not MLIR, else its op's result (if any).
    pub result: fn(&str) -> Option<Option<Shape>>,
}

static SUPPORT: Support = Support {
    parts: |t| looks_like_mlir(t).then(|| mlir_parts(t)),
    result: |t| looks_like_mlir(t).then(|| mlir_result(t)),
};

#[cfg(target_arch = "wasm32")]
static ENABLED: std::sync::OnceLock<Support> = std::sync::OnceLock::new();

/// Turns MLIR lines on for this page (and MLIR text in its scans).
pub fn enable() {
    crate::core::hlo::enable_mlir();
    #[cfg(target_arch = "wasm32")]
    ENABLED.get_or_init(|| SUPPORT);
}

/// Turns MLIR on when `text` looks like MLIR: the app calls it on each
/// text that comes in (a paste, a drop, an edit, the text kept from the
/// last visit) before reading it, so that a module pasted first is held
/// and scanned, and an op line typed first is read as one. HLO text with
/// Shardy's attributes (`xla.sdy.`) turns their reader on
/// (`core::hlo::enable_sdy`). For any other text it is a few byte
/// comparisons and a search, inlined: typing shapes never calls into the
/// second part of the app's module.
#[inline(always)]
pub fn enable_for(text: &str) {
    if looks_like_mlir(text) {
        enable();
    } else if text.contains("xla.sdy.") {
        // HLO text's Shardy attributes, read by the same code.
        crate::core::hlo::enable_sdy();
    }
}

/// The registered support: always natively.
#[inline(always)]
pub fn support() -> Option<Support> {
    #[cfg(target_arch = "wasm32")]
    return ENABLED.get().copied();
    #[cfg(not(target_arch = "wasm32"))]
    Some(SUPPORT)
}

/// The XLA shape of an MLIR type's text, or why not.
fn xla(text: &str, span: Span) -> Result<String, String> {
    let mut out = String::new();
    match read_type(text, span.start, span.end, &mut out).1 {
        Ok(()) => Ok(out),
        Err(e) => Err(e.message),
    }
}

fn note(text: &str, span: Span) -> String {
    match xla(text, span) {
        Ok(s) => format!("XLA shape {s} (the default layout, before layout assignment)"),
        Err(why) => format!("no XLA shape: {why}"),
    }
}

/// The parts of the first op of the MLIR `text`; `None` when no line of
/// it is an op.
pub fn mlir_parts(text: &str) -> Option<Vec<Part>> {
    let b = breakdown(text)?;
    let slice = |s: Span| text.get(s.range()).unwrap_or("");
    let mut out = Vec::new();
    for (k, &r) in b.results.iter().enumerate() {
        out.push(Part {
            kind: PartKind::Name,
            span: r,
            notes: vec![format!("the value it defines (result {k})")],
            shape: None,
        });
    }
    for &t in &b.result_types {
        out.push(Part {
            kind: PartKind::Shape,
            span: t,
            notes: vec![note(text, t)],
            shape: None,
        });
    }
    out.push(Part {
        kind: PartKind::Operation,
        span: b.op,
        notes: Vec::new(),
        shape: None,
    });
    for (k, &o) in b.operands.iter().enumerate() {
        let mut notes = vec![format!("operand {k}")];
        if let Some(&t) = b.operand_types.get(k) {
            notes.push(format!("type {}: {}", slice(t), note(text, t)));
        }
        out.push(Part {
            kind: PartKind::Argument,
            span: o,
            notes,
            shape: None,
        });
    }
    for &(n, v) in &b.attributes {
        out.push(Part {
            kind: PartKind::Attribute,
            span: Span::new(n.start, v.end.max(n.end)),
            notes: vec![format!("{} = {}", slice(n), slice(v))],
            shape: None,
        });
    }
    Some(out)
}

/// The XLA shape of the first result of the MLIR op `text` holds, if it
/// has one (what the picture draws for such a line).
pub fn mlir_result(text: &str) -> Option<Shape> {
    let t = *breakdown(text)?.result_types.first()?;
    crate::core::parse(&xla(text, t).ok()?).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_op_line_lists_its_parts_and_draws_its_result() {
        let text = "%0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<8x6xf32>, tensor<6x8xf32>) -> tensor<8x8xbf16>";
        let p = mlir_parts(text).unwrap();
        let listed: Vec<(PartKind, &str)> =
            p.iter().map(|p| (p.kind, &text[p.span.range()])).collect();
        use PartKind::*;
        assert_eq!(
            listed,
            [
                (Name, "%0"),
                (Shape, "tensor<8x8xbf16>"),
                (Operation, "stablehlo.dot_general"),
                (Argument, "%arg0"),
                (Argument, "%arg1"),
                (Attribute, "contracting_dims = [1] x [0]"),
            ]
        );
        assert!(p[1].notes[0].contains("bf16[8,8]{1,0}"), "{:?}", p[1].notes);
        assert!(p[3].notes[1].contains("f32[8,6]{1,0}"), "{:?}", p[3].notes);
        assert_eq!(mlir_result(text).unwrap().to_string(), "bf16[8,8]{1,0}");
        let bad = "%0 = stablehlo.add %a, %a : tensor<?x8xf32>";
        assert!(mlir_parts(bad).unwrap()[1].notes[0].contains("dynamic"));
        assert!(mlir_result(bad).is_none());
    }
}
