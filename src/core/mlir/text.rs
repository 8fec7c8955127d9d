//! Telling MLIR text from HLO text, and reading a small text whole.

use super::reader::{Find, Reader, Role};
use super::sdy::SdyError;
use super::types::TypeError;
use crate::core::span::Span;

/// Does `text` look like MLIR rather than HLO? Its first statement (past
/// blank lines, comments and `#loc` aliases) opens a `module`, a
/// `func.func`, an `sdy.mesh`, or is an op on `%` values with a
/// `tensor<...>` type; an `HloModule` never is.
pub fn looks_like_mlir(text: &str) -> bool {
    let head = &text[..text.len().min(1 << 16)];
    for line in head.lines() {
        let t = line.trim_start();
        if t.is_empty() || t.starts_with("//") || t.starts_with("#loc") {
            continue;
        }
        return t.starts_with("module")
            || t.starts_with("func.func")
            || t.starts_with("sdy.mesh")
            || (t.starts_with('%') && t.contains("tensor<"));
    }
    false
}

/// Every type of `text` with its XLA shape and sharding, owned (for
/// tests and small texts; a scan uses [`Reader`]).
pub fn read_all(text: &str) -> Vec<Owned> {
    let mut out = Vec::new();
    let mut reader = Reader::new(text);
    reader.step(text, usize::MAX, &mut |f| out.push(Owned::from(&f)));
    out
}

/// A [`Find`] that owns its texts.
#[derive(Clone, Debug, PartialEq)]
pub struct Owned {
    pub role: Role,
    pub span: Span,
    pub name: Option<Span>,
    pub op: Option<Span>,
    pub index: Option<usize>,
    pub shape: Result<String, TypeError>,
    pub sharding: Option<(Span, Result<String, SdyError>)>,
}

impl From<&Find<'_>> for Owned {
    fn from(f: &Find<'_>) -> Owned {
        Owned {
            role: f.role,
            span: f.span,
            name: f.name,
            op: f.op,
            index: f.index,
            shape: f.shape.map(str::to_owned).map_err(Clone::clone),
            sharding: f
                .sharding
                .as_ref()
                .map(|(s, r)| (*s, r.map(str::to_owned).map_err(Clone::clone))),
        }
    }
}
