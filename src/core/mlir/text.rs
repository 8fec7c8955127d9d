//! Telling MLIR text from HLO text, and reading a small text whole.

use super::reader::{Find, Reader, Role};
use super::sdy::SdyError;
use super::types::TypeError;
use crate::core::span::Span;

/// Does `text` look like MLIR rather than HLO? Its first statement (past
/// blank lines, `//` comments and `#loc` lines) opens a `module`, a
/// `func.func`, an `sdy.mesh`, or is an op on `%` values with a
/// `tensor<...>` type; an `HloModule` never is.
///
/// Bytes and plain loops only, inlined: every scan asks, the app's idle
/// warm-up included, which must not call into the second part of the
/// app's module (docs/dependencies.md, "The app in two parts").
#[inline(always)]
pub fn looks_like_mlir(text: &str) -> bool {
    let b = text.as_bytes();
    let end = b.len().min(1 << 16);
    let mut i = 0;
    while i < end {
        while i < end && matches!(b[i], b' ' | b'\t' | b'\r' | b'\n') {
            i += 1;
        }
        let mut le = i;
        while le < end && b[le] != b'\n' {
            le += 1;
        }
        let line = &b[i..le];
        if line.is_empty() || line.starts_with(b"//") || line.starts_with(b"#loc") {
            i = le + 1;
            continue;
        }
        if line.starts_with(b"module")
            || line.starts_with(b"func.func")
            || line.starts_with(b"sdy.mesh")
        {
            return true;
        }
        if line[0] != b'%' {
            return false;
        }
        let mut k = 0;
        while k + 7 <= line.len() {
            if &line[k..k + 7] == b"tensor<" {
                return true;
            }
            k += 1;
        }
        return false;
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
