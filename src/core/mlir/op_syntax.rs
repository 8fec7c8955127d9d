//! An op statement's syntax as the reader needs it: the names of its
//! results, the op, where its trailing types start and how many results
//! they list.

use super::bytes::{
    byte_set, close_of, next_in, skip_space, split_top, string_end, trim, BRACKETS,
};
use super::statement::is_word;
use crate::core::span::Span;

/// What ends a statement's result names: its ` = `, or an opener first
/// (then it has none).
const HEAD_END: [bool; 256] = byte_set(b"=(<{");

/// The result names (`%0`, `%0:2`, `%a, %b`) before ` = `, and the op.
pub(super) fn op_head(b: &[u8], s: usize, e: usize) -> ((usize, usize), Option<Span>) {
    let mut i = s;
    let mut names = (s, s);
    if b.get(i) == Some(&b'%') {
        // Up to the `=` that ends the names.
        let eq = next_in(b, i, e, &HEAD_END);
        if eq < e && b[eq] == b'=' {
            names = trim(b, s, eq);
            i = skip_space(b, eq + 1, e);
        }
    }
    let op_start = if b.get(i) == Some(&b'"') { i + 1 } else { i };
    let k = match b.get(op_start..e) {
        Some(rest) => op_start + rest.iter().position(|&c| !is_word(c)).unwrap_or(rest.len()),
        None => op_start,
    };
    let op = (k > op_start).then(|| Span::new(op_start, k));
    (names, op)
}

/// The name of result `k`: the `k`-th of `%a, %b`, or `%r` of `%r:2`.
pub(super) fn result_name(b: &[u8], names: (usize, usize), k: usize) -> Option<Span> {
    if names.0 == names.1 {
        return None;
    }
    // Names are a few bytes: looked at in one pass, not by searches.
    let list = &b[names.0..names.1];
    if !list.contains(&b',') {
        // `%r` or `%r:2`: one name for every result.
        let e = list
            .iter()
            .position(|&c| c == b':')
            .map_or(names.1, |c| names.0 + c);
        return Some(Span::new(names.0, e));
    }
    let mut list = Vec::new();
    split_top(b, names.0, names.1, &mut list);
    let &(s, e) = if list.len() == 1 {
        list.first()?
    } else {
        list.get(k)?
    };
    let e = (s..e).find(|&i| b[i] == b':').unwrap_or(e);
    Some(Span::new(s, e))
}

/// How many types the results part lists (top-level commas + 1).
pub(super) fn results_count(b: &[u8], (s, e): (usize, usize)) -> usize {
    if s >= e {
        return 0;
    }
    let (s, e) = if b[s] == b'(' {
        (s + 1, close_of(b, s, e).unwrap_or(e))
    } else {
        (s, e)
    };
    let mut list = Vec::new();
    split_top(b, s, e, &mut list);
    list.len().max(1)
}

/// The last top-level ` : ` of a statement: where its types start. The
/// last ` : ` of all is looked at first: when what follows it never
/// closes a bracket it did not open (and holds no string), it is the one.
pub(super) fn trailing_colon(b: &[u8], s: usize, e: usize) -> Option<usize> {
    if let Some(c) = last_spaced_colon(b, s, e) {
        if never_closes_outer(b, c + 1, e) {
            return Some(c);
        }
    }
    trailing_colon_slow(b, s, e)
}

/// The last ` : ` in `b[s..e]`, by its colon: found from the end, a few
/// bytes back in most statements (a searcher's setup costs more).
fn last_spaced_colon(b: &[u8], s: usize, e: usize) -> Option<usize> {
    let mut hi = e;
    while let Some(k) = memchr::memrchr(b':', &b[s..hi]) {
        let c = s + k;
        if c > s && b[c - 1] == b' ' && c + 1 < e && b[c + 1] == b' ' {
            return Some(c);
        }
        hi = c;
    }
    None
}

/// The `)` closing the `(` at `open` when only parentheses and types
/// without strings stand between: `(tensor<..>, tensor<..>)`, counted by
/// parentheses alone; `None` sends the caller to the full match.
pub(super) fn paren_close(b: &[u8], open: usize, e: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, &c) in b[open..e].iter().enumerate() {
        if !BRACKETS[c as usize] {
            continue;
        }
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + k);
                }
            }
            b'"' | b'{' | b'[' => return None,
            _ => {}
        }
    }
    None
}

/// Does `b[s..e]` hold no string and no closer of a bracket opened before it?
fn never_closes_outer(b: &[u8], s: usize, e: usize) -> bool {
    let mut depth = 0usize;
    let mut i = s;
    loop {
        i = next_in(b, i, e, &BRACKETS);
        if i >= e {
            break;
        }
        match b[i] {
            b'"' => return false,
            b'-' if b.get(i + 1) == Some(&b'>') => i += 1,
            b'<' | b'(' | b'[' | b'{' => depth += 1,
            b'>' | b')' | b']' | b'}' => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
        i += 1;
    }
    true
}

fn trailing_colon_slow(b: &[u8], s: usize, e: usize) -> Option<usize> {
    let mut last = None;
    let mut i = s;
    while i < e {
        match b[i] {
            b'"' => {
                i = string_end(b, i, e);
                continue;
            }
            b'<' | b'(' | b'[' | b'{' => match close_of(b, i, e) {
                Ok(c) => i = c,
                Err(_) => return last,
            },
            b':' if i > s && b[i - 1] == b' ' && b.get(i + 1) == Some(&b' ') => last = Some(i),
            _ => {}
        }
        i += 1;
    }
    last
}
