//! Module-level lines: `HloModule ... entry_computation_layout={...}` and
//! computation signatures `[ENTRY] %name (p: shape, ...) -> shape {`, as
//! `HloModule::ToString` and `HloComputation::ToString` print them
//! (xla/hlo/ir/hlo_module.cc, xla/hlo/ir/hlo_computation.cc).

use super::scan::{line_end, long_string_end, name_end, skip_inline, starts_at, string_end};
use super::shape_bytes::shape_end;
use crate::core::span::Span;

/// How far a module header written over several lines is followed.
pub(crate) const MAX_HEADER_SPAN: usize = 1 << 24;

/// The end of the `HloModule` header starting at `c`, on the line ending
/// at `le`: `le`, or, when a bracket or a quoted string opened on that
/// line is still open there, the end of the line where the last one
/// closes. XLA's lexer reads a header token by token, newlines being
/// whitespace like any other (`HloLexer::LexToken`, and a string to its
/// closing quote, `HloLexer::LexString`, xla/hlo/parser/hlo_lexer.cc), and
/// `HloModule::Print` (xla/hlo/ir/hlo_module.cc) writes its
/// `origin_recovery_table={` over several lines, each recovery module
/// quoted whole inside it, `HloModule` line and instructions included.
/// `None` when they do not close before `limit` (the text's end, or
/// [`MAX_HEADER_SPAN`] on): the header is its first line then.
pub(crate) fn header_end(b: &[u8], c: usize, le: usize, limit: usize) -> Option<usize> {
    let limit = limit.min(b.len());
    let (mut i, mut le, mut depth) = (c, le, 0usize);
    loop {
        if i >= le {
            if depth == 0 {
                return Some(le);
            }
            if le >= limit {
                return None;
            }
            i = le + 1;
            le = line_end(b, i, limit);
            continue;
        }
        match b[i] {
            b'"' => {
                let e = string_end(b, i, le);
                i = if e > i + 1 && b[e - 1] == b'"' {
                    e
                } else {
                    // Open on its line: to its closing quote, lines and
                    // all, as the lexer reads it.
                    let far = long_string_end(b, i, limit)?;
                    le = line_end(b, far, limit);
                    far
                };
            }
            b'{' | b'(' | b'[' => {
                depth += 1;
                i += 1;
            }
            b'}' | b')' | b']' => {
                depth = depth.saturating_sub(1);
                i += 1;
            }
            _ => i += 1,
        }
    }
}

/// The shapes of `entry_computation_layout={(p0, p1, ...)->result}`:
/// parameters in order, then the result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct EntryLayout {
    pub params: Vec<Span>,
    pub result: Option<Span>,
}

/// Reads the `HloModule` line starting at `c`.
pub(crate) fn entry_layout(b: &[u8], c: usize, le: usize) -> EntryLayout {
    let mut out = EntryLayout::default();
    const KEY: &[u8] = b"entry_computation_layout={";
    let Some(k) = memchr::memmem::find(&b[c..le], KEY) else {
        return out;
    };
    let mut j = skip_inline(b, c + k + KEY.len(), le);
    if j >= le || b[j] != b'(' {
        return out;
    }
    j = skip_inline(b, j + 1, le);
    if j < le && b[j] == b')' {
        j += 1;
    } else {
        loop {
            let Some(e) = shape_end(b, j, le, true) else {
                return out;
            };
            out.params.push(Span::new(j, e));
            j = skip_inline(b, e, le);
            match b.get(j).filter(|_| j < le) {
                Some(b',') => j = skip_inline(b, j + 1, le),
                Some(b')') => {
                    j += 1;
                    break;
                }
                _ => return out,
            }
        }
    }
    j = skip_inline(b, j, le);
    if b[j..le].starts_with(b"->") {
        let s = skip_inline(b, j + 2, le);
        out.result = shape_end(b, s, le, true).map(|e| Span::new(s, e));
    }
    out
}

/// A computation's signature.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Signature {
    /// The computation's name, without `%`.
    pub name: Span,
    /// `(name, shape)` of each parameter.
    pub params: Vec<(Span, Span)>,
    pub result: Option<Span>,
    /// The end of the signature's line.
    pub end: usize,
}

/// Reads `[ENTRY ]%name (p: shape, ...) -> shape {` starting at `c`, or
/// `None` if the line is not a signature.
pub(crate) fn signature(b: &[u8], c: usize, end: usize) -> Option<Signature> {
    let le = line_end(b, c, end);
    let mut i = c;
    if starts_at(b, i, le, b"ENTRY ") {
        i = skip_inline(b, i + 6, le);
    }
    let ne = name_end(b, i, le)?;
    let name = Span::new(if b[i] == b'%' { i + 1 } else { i }, ne);
    let mut j = skip_inline(b, ne, le);
    if j == ne || j >= le || b[j] != b'(' {
        return None;
    }
    let mut params = Vec::new();
    j = skip_inline(b, j + 1, le);
    if j < le && b[j] == b')' {
        j += 1;
    } else {
        loop {
            let pe = name_end(b, j, le)?;
            let pname = Span::new(if b[j] == b'%' { j + 1 } else { j }, pe);
            j = skip_inline(b, pe, le);
            if j >= le || b[j] != b':' {
                return None;
            }
            j = skip_inline(b, j + 1, le);
            let se = shape_end(b, j, le, true)?;
            params.push((pname, Span::new(j, se)));
            j = skip_inline(b, se, le);
            match b.get(j).filter(|_| j < le) {
                Some(b',') => j = skip_inline(b, j + 1, le),
                Some(b')') => {
                    j += 1;
                    break;
                }
                _ => return None,
            }
        }
    }
    j = skip_inline(b, j, le);
    if !b[j..le].starts_with(b"->") {
        return None;
    }
    let s = skip_inline(b, j + 2, le);
    let result = shape_end(b, s, le, true).map(|e| Span::new(s, e));
    Some(Signature {
        name,
        params,
        result,
        end: le,
    })
}

/// `[ENTRY ]%name {`: a computation opened without its signature (as
/// JAX prints a lowered module); returns the name without `%`.
pub(crate) fn computation_header(b: &[u8], c: usize, le: usize) -> Option<Span> {
    let mut i = c;
    let entry = starts_at(b, i, le, b"ENTRY ");
    if entry {
        i = skip_inline(b, i + 6, le);
    }
    let ne = name_end(b, i, le)?;
    let j = skip_inline(b, ne, le);
    let name = Span::new(if b[i] == b'%' { i + 1 } else { i }, ne);
    let opens = j < le && b[j] == b'{' && skip_inline(b, j + 1, le) >= le;
    (opens && (entry || j > ne) && !name.is_empty()).then_some(name)
}

/// A computation named `..._spmd` was written by XLA's SPMD partitioner
/// (`SpmdPartitioningVisitor`'s constructor, spmd_partitioner.cc).
pub(crate) fn is_partitioned(b: &[u8], name: Span) -> bool {
    b.get(name.range()).is_some_and(|n| n.ends_with(b"_spmd"))
}

/// `ENTRY ...` or `name (`: worth trying as a computation signature.
pub(crate) fn may_be_signature(b: &[u8], c: usize, le: usize) -> bool {
    if starts_at(b, c, le, b"ENTRY ") {
        return true;
    }
    match name_end(b, c, le) {
        Some(e) => {
            e < le && b[e] == b' ' && skip_inline(b, e, le) < le && b[skip_inline(b, e, le)] == b'('
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A header whose brackets or strings run over lines ends where they
    /// close; one that never closes is its first line.
    #[test]
    fn headers_end_where_their_brackets_and_strings_close() {
        fn end(s: &str) -> Option<&str> {
            let b = s.as_bytes();
            header_end(b, 0, line_end(b, 0, b.len()), b.len()).map(|e| &s[..e])
        }
        assert_eq!(
            end("HloModule m, a={x}\nENTRY e {"),
            Some("HloModule m, a={x}")
        );
        let table = "HloModule m, t={\n  {\"c\"} : {\"d\"},\n  \"\n  HloModule r\n  }{\n  \"\n}";
        assert_eq!(end(&format!("{table}\nENTRY e {{")), Some(table));
        assert_eq!(
            end("HloModule m, a=\"x\ny\"\nz"),
            Some("HloModule m, a=\"x\ny\"")
        );
        assert_eq!(end("HloModule m, a={\nb"), None);
        assert_eq!(end("HloModule m, a=\"open\nb"), None);
    }

    #[test]
    fn entry_layouts_list_parameters_then_the_result() {
        let s = "HloModule jit_f, is_scheduled=true, entry_computation_layout={(f32[8,128]{1,0:T(8,128)}, /*index=1*/(s32[], u8[4]{0}))->(f32[8,128]{1,0})}, num_partitions=2";
        let e = entry_layout(s.as_bytes(), 0, s.len());
        let params: Vec<&str> = e.params.iter().map(|p| &s[p.range()]).collect();
        assert_eq!(params, ["f32[8,128]{1,0:T(8,128)}", "(s32[], u8[4]{0})"]);
        assert_eq!(&s[e.result.unwrap().range()], "(f32[8,128]{1,0})");
    }

    #[test]
    fn signatures_name_their_parameters() {
        let s = "ENTRY %main.5 (Arg_0.1: f32[2,3]{1,0}, p: (s32[], f32[])) -> f32[2,3]{1,0} {";
        let g = signature(s.as_bytes(), 0, s.len()).unwrap();
        assert_eq!(&s[g.name.range()], "main.5");
        let p: Vec<(&str, &str)> = g
            .params
            .iter()
            .map(|(n, t)| (&s[n.range()], &s[t.range()]))
            .collect();
        assert_eq!(p, [("Arg_0.1", "f32[2,3]{1,0}"), ("p", "(s32[], f32[])")]);
        assert_eq!(&s[g.result.unwrap().range()], "f32[2,3]{1,0}");
        assert!(signature(b"add(a, b)", 0, 9).is_none());
        assert!(signature(b"see (the docs) here", 0, 19).is_none());
    }
}
