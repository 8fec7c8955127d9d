//! MLIR types as the XLA shapes they become: `TypeToShape`
//! (`xla/hlo/translate/mhlo_to_hlo/type_to_shape.cc`).
//!
//! - `tensor<8x6xf32>` is `f32[8,6]{1,0}`: the element type by
//!   [`super::element`], the dims in order, and the layout XLA gives an
//!   array before layout assignment, `LayoutUtil::MakeDescendingLayout`
//!   (`{N-1,...,0}`, major to minor). The compiler may choose another
//!   later: the compiled module's text has the final one.
//! - `tensor<f32>` is `f32[]`; `tensor<?x8xf32, #stablehlo.bounds<16, ?>>`
//!   is `f32[<=16,8]{1,0}` (a bounded dynamic dim); a `?` without a bound,
//!   `tensor<*xf32>` (unranked) and other encodings are refused: XLA has
//!   no shape for them.
//! - `tuple<A, B>` is `(A, B)`; `!stablehlo.token` is `token[]`.

use super::bytes::{close_of, short, skip_space, split_top};
use super::element::xla_element;

/// Where and why a type is not an XLA shape (offsets into the text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeError {
    pub start: usize,
    pub end: usize,
    pub message: String,
}

/// How many dims a tensor may have here (XLA's own limit is lower).
const MAX_DIMS: usize = 64;
/// How deep tuples may nest.
const MAX_TUPLE_DEPTH: usize = 8;

/// Does an MLIR type this module reads start at `i`?
pub(crate) fn type_at(b: &[u8], i: usize) -> bool {
    let rest = &b[i..];
    rest.starts_with(b"tensor<")
        || rest.starts_with(b"tuple<")
        || rest.starts_with(b"!stablehlo.token")
        || rest.starts_with(b"!mhlo.token")
}

/// The `>` closing the `<` at `open` when nothing is nested inside (most
/// tensor types): one pass over a few bytes; `None` sends the caller to
/// the full bracket match.
#[inline]
pub(crate) fn quick_close(b: &[u8], open: usize, end: usize) -> Option<usize> {
    let mut i = open + 1;
    while i < end {
        match b[i] {
            b'>' => return Some(i),
            b'<' | b'"' | b'(' | b'-' | b'\n' => return None,
            _ => i += 1,
        }
    }
    None
}

/// The type starting at `i` (before `end`): its end, and its XLA text
/// written into `out` (cleared first), or why not.
pub fn read_type(
    text: &str,
    i: usize,
    end: usize,
    out: &mut String,
) -> (usize, Result<(), TypeError>) {
    out.clear();
    read(text, i, end, out, 0)
}

fn err<T>(start: usize, end: usize, message: String) -> Result<T, TypeError> {
    Err(TypeError {
        start,
        end,
        message,
    })
}

fn read(
    text: &str,
    i: usize,
    end: usize,
    out: &mut String,
    depth: usize,
) -> (usize, Result<(), TypeError>) {
    let b = text.as_bytes();
    for token in ["!stablehlo.token", "!mhlo.token"] {
        if b[i..end].starts_with(token.as_bytes()) {
            out.push_str("token[]");
            return (i + token.len(), Ok(()));
        }
    }
    let (open, tuple) = if b[i..end].starts_with(b"tuple<") {
        (i + 5, true)
    } else if b[i..end].starts_with(b"tensor<") {
        (i + 6, false)
    } else {
        let stop = (i + 1..end)
            .find(|&k| !b[k].is_ascii_alphanumeric() && text.is_char_boundary(k))
            .unwrap_or(end);
        return (
            stop,
            err(
                i,
                stop,
                format!("`{}` is not a tensor type", short(&text[i..stop])),
            ),
        );
    };
    let close = match quick_close(b, open, end).map_or_else(|| close_of(b, open, end), Ok) {
        Ok(c) => c,
        Err(u) => {
            // The type ends where its line does: the rest is read on.
            let stop = memchr::memchr(b'\n', &b[i..end])
                .map_or(end, |k| i + k)
                .max(open + 1);
            let (at, why) = match u.describe(b) {
                (at, why) if at < stop => (at, why),
                _ => (open, "`<` is not closed on its line".to_owned()),
            };
            return (
                stop,
                err(
                    at,
                    at + 1,
                    format!("{why}: the type starting here does not end"),
                ),
            );
        }
    };
    let result = if tuple {
        tuple_body(text, open + 1, close, out, depth)
    } else {
        tensor_body(text, open + 1, close, out)
    };
    (close + 1, result)
}

fn tuple_body(
    text: &str,
    start: usize,
    end: usize,
    out: &mut String,
    depth: usize,
) -> Result<(), TypeError> {
    if depth >= MAX_TUPLE_DEPTH {
        return err(
            start,
            end,
            format!("tuples nest deeper than {MAX_TUPLE_DEPTH}"),
        );
    }
    let b = text.as_bytes();
    let mut items = Vec::new();
    split_top(b, start, end, &mut items);
    out.push('(');
    for (k, &(s, e)) in items.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        if s == e {
            if items.len() == 1 {
                break;
            }
            return err(s, e.max(s + 1).min(end), "an empty tuple element".into());
        }
        let (stop, r) = read(text, s, e, out, depth + 1);
        r?;
        if stop != e {
            return err(
                stop,
                e,
                format!("`{}` after a tuple element", short(&text[stop..e])),
            );
        }
    }
    out.push(')');
    Ok(())
}

fn tensor_body(text: &str, start: usize, end: usize, out: &mut String) -> Result<(), TypeError> {
    let b = text.as_bytes();
    // Up to 8 dims on the stack (most tensors), more in a vector.
    let mut small = [(0u64, false); 8];
    let mut big: Vec<(u64, bool)> = Vec::new();
    let mut rank = 0;
    let mut i = skip_space(b, start, end);
    // Dims: digits or `?`, each followed by `x`.
    loop {
        let d = i;
        let (value, dynamic) = match b.get(i) {
            Some(b'?') => {
                i += 1;
                (0, true)
            }
            Some(b'*') => return err(i, i + 1, "an unranked tensor (`*`) has no XLA shape".into()),
            Some(c) if c.is_ascii_digit() => {
                while i < end && b[i].is_ascii_digit() {
                    i += 1;
                }
                let v = b[d..i].iter().try_fold(0u64, |v, &c| {
                    v.checked_mul(10)?.checked_add(u64::from(c - b'0'))
                });
                match v {
                    Some(v) if v <= i64::MAX as u64 => (v, false),
                    _ => {
                        return err(
                            d,
                            i,
                            format!("the dim `{}` is too large", short(&text[d..i])),
                        )
                    }
                }
            }
            _ => break,
        };
        if b.get(i) != Some(&b'x') || i >= end {
            return err(
                d,
                i.max(d + 1).min(end),
                "a dim must be followed by `x` and more".into(),
            );
        }
        i += 1;
        if rank == MAX_DIMS {
            return err(d, i, format!("more than {MAX_DIMS} dims"));
        }
        if rank < small.len() {
            small[rank] = (value, dynamic);
        } else {
            if big.is_empty() {
                big.extend_from_slice(&small);
            }
            big.push((value, dynamic));
        }
        rank += 1;
    }
    let dims: &[(u64, bool)] = if rank <= small.len() {
        &small[..rank]
    } else {
        &big
    };
    // The element type, then an optional `, encoding` (the common case,
    // no comma, is read without splitting).
    let mut pieces = Vec::new();
    let (first, rest) = if !b[i..end].contains(&b',') {
        (Some(super::bytes::trim(b, i, end)), &pieces[..])
    } else {
        split_top(b, i, end, &mut pieces);
        (pieces.first().copied(), pieces.get(1..).unwrap_or(&[]))
    };
    let Some((es, ee)) = first else {
        return err(
            start,
            end.max(start + 1),
            "a tensor type needs an element type".into(),
        );
    };
    if es == ee {
        return err(
            es,
            (es + 1).min(end.max(es + 1)),
            "a tensor type needs an element type".into(),
        );
    }
    let element = xla_element(&text[es..ee]).map_err(|message| TypeError {
        start: es,
        end: ee,
        message,
    })?;
    let mut bounds: Option<Vec<Option<u64>>> = None;
    if let Some(&(ns, ne)) = rest.first() {
        bounds = Some(encoding(text, ns, ne, rank)?);
    }
    if let Some(&(xs, xe)) = rest.get(1) {
        return err(xs, xe, "a tensor type has one encoding at most".into());
    }
    out.push_str(element.name());
    out.push('[');
    for (k, &(value, dynamic)) in dims.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        if dynamic {
            match bounds.as_ref().and_then(|b| b[k]) {
                Some(bound) => {
                    out.push_str("<=");
                    push_u64(out, bound);
                }
                None => {
                    let at = dim_offset(b, start, k);
                    return err(
                        at,
                        at + 1,
                        "a dynamic dim (`?`) without a bound has no XLA shape (#stablehlo.bounds gives one)".into(),
                    );
                }
            }
        } else {
            push_u64(out, value);
        }
    }
    out.push(']');
    if rank > 0 {
        out.push('{');
        for k in (0..rank).rev() {
            push_u64(out, k as u64);
            if k > 0 {
                out.push(',');
            }
        }
        out.push('}');
    }
    Ok(())
}

/// The offset of dim `k`'s first byte in a body starting at `start`.
fn dim_offset(b: &[u8], start: usize, k: usize) -> usize {
    let mut i = skip_space(b, start, b.len());
    for _ in 0..k {
        while i < b.len() && b[i] != b'x' {
            i += 1;
        }
        i += 1;
    }
    i
}

/// `#stablehlo.bounds<16, ?>` (or `#mhlo.type_extensions<bounds = [16,
/// ?]>`): a bound per dim, `None` for `?`.
fn encoding(
    text: &str,
    start: usize,
    end: usize,
    rank: usize,
) -> Result<Vec<Option<u64>>, TypeError> {
    let b = text.as_bytes();
    let closed = |rest: &str, close: &str| {
        let s = end - rest.len();
        match rest.strip_suffix(close) {
            Some(inner) => Ok((s, s + inner.len())),
            None => err(start, end, format!("the bounds do not end with `{close}`")),
        }
    };
    let body = if let Some(rest) = text[start..end].strip_prefix("#stablehlo.bounds<") {
        closed(rest, ">")?
    } else if let Some(rest) = text[start..end].strip_prefix("#mhlo.type_extensions<bounds = [") {
        closed(rest, "]>")?
    } else {
        return err(
            start,
            end,
            format!(
                "the encoding `{}` is not read (only #stablehlo.bounds)",
                short(&text[start..end])
            ),
        );
    };
    let mut items = Vec::new();
    split_top(b, body.0, body.1, &mut items);
    if items.len() != rank {
        return err(
            start,
            end,
            format!("{} bounds for {rank} dims", items.len()),
        );
    }
    items
        .iter()
        .map(|&(s, e)| match &text[s..e] {
            "?" => Ok(None),
            n => n.parse::<u64>().map(Some).map_err(|_| TypeError {
                start: s,
                end: e,
                message: format!("`{}` is not a bound", short(n)),
            }),
        })
        .collect()
}

fn push_u64(out: &mut String, v: u64) {
    let mut buf = itoa::Buffer::new();
    out.push_str(buf.format(v));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn xla(t: &str) -> Result<String, (String, String)> {
        let mut out = String::new();
        let (stop, r) = read_type(t, 0, t.len(), &mut out);
        match r {
            Ok(()) => {
                assert_eq!(stop, t.len(), "{t}");
                Ok(out)
            }
            Err(e) => Err((t[e.start..e.end].to_owned(), e.message)),
        }
    }

    #[test]
    fn the_issue_s_examples() {
        assert_eq!(xla("tensor<56xf16>").unwrap(), "f16[56]{0}");
        assert_eq!(xla("tensor<f32>").unwrap(), "f32[]");
        assert_eq!(xla("tensor<2x3xi1>").unwrap(), "pred[2,3]{1,0}");
        assert_eq!(xla("tensor<8x128xbf16>").unwrap(), "bf16[8,128]{1,0}");
        assert_eq!(
            xla("tensor<2x3x4xcomplex<f32>>").unwrap(),
            "c64[2,3,4]{2,1,0}"
        );
        assert_eq!(xla("tensor<0x5xui8>").unwrap(), "u8[0,5]{1,0}");
    }

    #[test]
    fn tuples_tokens_and_bounds() {
        assert_eq!(
            xla("tuple<tensor<2xf32>, tuple<tensor<i32>, !stablehlo.token>>").unwrap(),
            "(f32[2]{0}, (s32[], token[]))"
        );
        assert_eq!(xla("tuple<>").unwrap(), "()");
        assert_eq!(
            xla("tensor<?x8xf32, #stablehlo.bounds<16, ?>>").unwrap(),
            "f32[<=16,8]{1,0}"
        );
    }

    #[test]
    fn what_xla_has_no_shape_for_is_refused_where_it_is() {
        let (at, why) = xla("tensor<4x?x128xf32>").unwrap_err();
        assert_eq!(at, "?");
        assert!(why.contains("dynamic"), "{why}");
        let (at, why) = xla("tensor<*xf32>").unwrap_err();
        assert_eq!((at.as_str(), why.contains("unranked")), ("*", true));
        let (at, why) = xla("tensor<2xf7>").unwrap_err();
        assert_eq!(at, "f7");
        assert!(why.contains("element type"), "{why}");
        let (at, why) = xla("tensor<2x3xf32").unwrap_err();
        assert_eq!((at.as_str(), why.contains("not closed")), ("<", true));
        let (_, why) = xla("tensor<2x3xf32, #foo<1>>").unwrap_err();
        assert!(why.contains("encoding"), "{why}");
        let (at, _) = xla("tensor<99999999999999999999xf32>").unwrap_err();
        assert_eq!(at, "99999999999999999999");
        assert!(xla("tensor<2x>").is_err());
        assert!(xla("tensor<>").is_err());
        assert!(xla(&format!("tensor<{}f32>", "1x".repeat(100))).is_err());
        assert!(xla(&format!(
            "{}tensor<f32>{}",
            "tuple<".repeat(20),
            ">".repeat(20)
        ))
        .is_err());
    }
}
