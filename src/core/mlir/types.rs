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

use super::bytes::{byte_set, close_of, fit, next_in, short, split_top};
use super::tensor::tensor_body;

/// Where and why a type is not an XLA shape (offsets into the text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TypeError {
    pub start: usize,
    pub end: usize,
    pub message: String,
}

/// How many dims a tensor may have here (XLA's own limit is lower).
pub(super) const MAX_DIMS: usize = 64;
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
    let i = next_in(b, open + 1, end, &QUICK_STOP);
    (i < end && b[i] == b'>').then_some(i)
}

/// Where [`quick_close`] stops: the `>`, or what sends it to the full match.
const QUICK_STOP: [bool; 256] = byte_set(b"><\"(-\n");

/// The type starting at `i` (before `end`): its end, and its XLA text
/// written into `out` (cleared first), or why not (a span fitted onto the
/// text's characters).
pub fn read_type(
    text: &str,
    i: usize,
    end: usize,
    out: &mut String,
) -> (usize, Result<(), TypeError>) {
    out.clear();
    let (stop, r) = read(text, i, end, out, 0);
    let r = r.map_err(|e| {
        let (start, end) = fit(text, e.start, e.end);
        TypeError {
            start,
            end,
            message: e.message,
        }
    });
    (stop, r)
}

pub(super) fn err<T>(start: usize, end: usize, message: String) -> Result<T, TypeError> {
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

#[cfg(test)]
#[path = "types_tests.rs"]
mod tests;
