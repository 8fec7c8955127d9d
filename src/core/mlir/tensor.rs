//! A tensor type's body (`8x6xf32`, `?x8xf32, #stablehlo.bounds<16, ?>`)
//! as the XLA array shape it becomes, for [`super::types`]: dims, element
//! type, bounded dynamic dims, the default layout.

use super::bytes::{inner_end, short, skip_space, split_top};
use super::element::xla_element;
use super::types::{err, TypeError, MAX_DIMS};

pub(super) fn tensor_body(
    text: &str,
    start: usize,
    end: usize,
    out: &mut String,
) -> Result<(), TypeError> {
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
    // The bounds' inside, from `s`: before the closers `close` (innermost
    // first), refused if one is missing.
    let closed = |s: usize, close: &[u8]| {
        let mut inner = end;
        for &c in close {
            let before = inner;
            inner = inner_end(b, s, inner, c);
            if inner == before {
                return err(
                    start,
                    end,
                    format!("the bounds do not end with `{}`", c as char),
                );
            }
        }
        Ok((s, inner))
    };
    let body = if text[start..end].starts_with("#stablehlo.bounds<") {
        closed(start + "#stablehlo.bounds<".len(), b">")?
    } else if text[start..end].starts_with("#mhlo.type_extensions<bounds = [") {
        closed(start + "#mhlo.type_extensions<bounds = [".len(), b">]")?
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
