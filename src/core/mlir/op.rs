//! One MLIR op line in parts, for the same "explain this line" view as an
//! HLO instruction: the results it names, the op, its operands, its
//! attributes and its trailing types (operands' and results').

use super::bytes::{close_of, inner_end, skip_space, split_top, string_end, trim};
use super::statement::{is_word, statement};
use crate::core::span::Span;

/// One op, part by part, as byte spans into the text given to
/// [`breakdown`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpParts {
    /// The whole statement (over all its lines).
    pub span: Span,
    /// The values it defines (`%0`, `%a`), or none.
    pub results: Vec<Span>,
    /// The op (`stablehlo.dot_general`), without the quotes of the
    /// generic form.
    pub op: Span,
    /// The `%` values it reads, in order.
    pub operands: Vec<Span>,
    /// `name = value` attributes of its `{...}` or `<{...}>` dictionary,
    /// and `name = value` pairs written inline (`contracting_dims = [1] x [0]`).
    pub attributes: Vec<(Span, Span)>,
    /// The operands' types, from its trailing `: (...) -> ...`.
    pub operand_types: Vec<Span>,
    /// The results' types.
    pub result_types: Vec<Span>,
}

/// The parts of the first op in `text` (a line defining `%` values, or
/// an op name followed by operands). `None` if no line holds one.
pub fn breakdown(text: &str) -> Option<OpParts> {
    let b = text.as_bytes();
    let mut pos = 0;
    while pos < b.len() {
        let (s, e) = statement(b, pos);
        pos = e + 1;
        let s = skip_space(b, s, e);
        if s == e || b[s..].starts_with(b"//") || b[s..].starts_with(b"}") {
            continue;
        }
        if let Some(parts) = parts(b, s, e) {
            return Some(parts);
        }
    }
    None
}

fn parts(b: &[u8], s: usize, e: usize) -> Option<OpParts> {
    let mut results = Vec::new();
    let mut i = s;
    if b[s] == b'%' {
        let eq = (s..e).find(|&k| b[k] == b'=')?;
        let mut list = Vec::new();
        split_top(b, s, eq, &mut list);
        results = list.iter().map(|&(a, z)| Span::new(a, z)).collect();
        i = skip_space(b, eq + 1, e);
    }
    let quoted = b.get(i) == Some(&b'"');
    let os = if quoted { i + 1 } else { i };
    let mut oe = os;
    while oe < e && is_word(b[oe]) {
        oe += 1;
    }
    if oe == os || !b[os..oe].contains(&b'.') && &b[os..oe] != b"return" {
        return None;
    }
    let op = Span::new(os, oe);
    i = if quoted { string_end(b, i, e) } else { oe };
    let (mut operands, mut attributes) = (Vec::new(), Vec::new());
    let (mut operand_types, mut result_types) = (Vec::new(), Vec::new());
    while i < e {
        match b[i] {
            b'%' => {
                let st = i;
                i += 1;
                while i < e && is_word(b[i]) {
                    i += 1;
                }
                operands.push(Span::new(st, i));
                continue;
            }
            b'"' => {
                i = string_end(b, i, e);
                continue;
            }
            b'{' => {
                let c = close_of(b, i, e).unwrap_or(e);
                dictionary(b, i + 1, c.min(e), &mut attributes);
                i = c + 1;
                continue;
            }
            b'(' | b'[' | b'<' => {
                // Operands inside parentheses are read; the rest skipped.
                let c = close_of(b, i, e).unwrap_or(e);
                if b[i] == b'<' && b.get(i + 1) == Some(&b'{') {
                    // `<{...}>`: the dictionary's inside.
                    dictionary(b, i + 2, inner_end(b, i + 2, c, b'}'), &mut attributes);
                } else if b[i] == b'(' {
                    let mut k = i + 1;
                    while k < c {
                        if b[k] == b'%' {
                            let st = k;
                            k += 1;
                            while k < c && is_word(b[k]) {
                                k += 1;
                            }
                            operands.push(Span::new(st, k));
                        } else {
                            k += 1;
                        }
                    }
                }
                i = c + 1;
                continue;
            }
            b':' if b[i - 1] == b' ' && b.get(i + 1) == Some(&b' ') => {
                types(b, i + 1, e, &mut operand_types, &mut result_types);
                break;
            }
            b'=' if b[i - 1] == b' ' => {
                // `name = value` written inline: the word before, the
                // value up to the next top-level comma.
                let ns = (s..i - 1).rev().take_while(|&k| is_word(b[k])).last();
                if let Some(ns) = ns {
                    let vs = skip_space(b, i + 1, e);
                    let mut ve = vs;
                    while ve < e && b[ve] != b',' && !(b[ve] == b':' && b[ve - 1] == b' ') {
                        ve = match b[ve] {
                            b'(' | b'[' | b'<' | b'{' => close_of(b, ve, e).map_or(e, |c| c + 1),
                            _ => ve + 1,
                        };
                    }
                    let (vs, ve) = trim(b, vs, ve);
                    attributes.push((Span::new(ns, i - 1), Span::new(vs, ve)));
                    i = ve;
                    continue;
                }
            }
            _ => {}
        }
        i += 1;
    }
    if op_is_return(&b[os..oe]) {
        operand_types.append(&mut result_types);
    }
    Some(OpParts {
        span: Span::new(s, e),
        results,
        op,
        operands,
        attributes,
        operand_types,
        result_types,
    })
}

fn op_is_return(op: &[u8]) -> bool {
    op == b"return" || op.ends_with(b".return")
}

/// `name = value, ...` inside a dictionary's braces.
fn dictionary(b: &[u8], s: usize, e: usize, out: &mut Vec<(Span, Span)>) {
    let mut items = Vec::new();
    split_top(b, s, e, &mut items);
    for (a, z) in items {
        let eq = (a..z).find(|&k| b[k] == b'=');
        match eq {
            Some(eq) => {
                let (ns, ne) = trim(b, a, eq);
                let (vs, ve) = trim(b, eq + 1, z);
                out.push((Span::new(ns, ne), Span::new(vs, ve)));
            }
            None if a < z => out.push((Span::new(a, z), Span::new(z, z))),
            None => {}
        }
    }
}

/// `(A, B) -> C` or `A, B` after the trailing colon.
fn types(b: &[u8], s: usize, e: usize, operands: &mut Vec<Span>, results: &mut Vec<Span>) {
    let t = skip_space(b, s, e);
    let mut list = Vec::new();
    if b.get(t) == Some(&b'(') {
        let c = close_of(b, t, e).unwrap_or(e);
        split_top(b, t + 1, c, &mut list);
        operands.extend(
            list.iter()
                .filter(|p| p.0 < p.1)
                .map(|&(a, z)| Span::new(a, z)),
        );
        let arrow = skip_space(b, (c + 1).min(e), e);
        if b[arrow..e].starts_with(b"->") {
            let r = skip_space(b, arrow + 2, e);
            if b.get(r) == Some(&b'(') {
                let rc = close_of(b, r, e).unwrap_or(e);
                split_top(b, r + 1, rc, &mut list);
            } else {
                split_top(b, r, e, &mut list);
            }
            results.extend(
                list.iter()
                    .filter(|p| p.0 < p.1)
                    .map(|&(a, z)| Span::new(a, z)),
            );
        }
    } else {
        split_top(b, t, e, &mut list);
        results.extend(
            list.iter()
                .filter(|p| p.0 < p.1)
                .map(|&(a, z)| Span::new(a, z)),
        );
    }
}
