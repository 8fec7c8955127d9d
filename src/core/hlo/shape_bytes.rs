//! Where a shape's bytes start and end in HLO text: an array
//! `type[dims]{layout}` or a tuple `(shape, ...)`, and every array in a
//! stretch of free text (a memory report, a comment).
//!
//! Like [`super::scan`]'s helpers, these never look past the `end` they
//! are given and stop only at ASCII bytes.

use super::scan::{line_end, skip_inline, string_end};
use super::type_name::{is_type_name_in, MAX_TYPE_NAME};

/// The longest dims list or layout we follow. XLA's layouts are tens of
/// characters; anything longer is cut here and reported as invalid.
pub(crate) const MAX_PART: usize = 4096;

/// How deep tuples may nest before a candidate is given up.
const MAX_TUPLE_DEPTH: usize = 64;

/// Could a byte be the first of an element type's name? (`bf16`, `c64`,
/// `f32`, `pred`, `s8`, `u4`, `token`, `opaque`.)
fn may_start_type(b: u8) -> bool {
    matches!(b, b'b' | b'c' | b'f' | b'p' | b's' | b'u' | b't' | b'o')
}

/// Where an array shape whose `[` is at `open` starts: the start of the
/// type name just before it, if that is an element type name preceded by
/// something that is not part of a word. Never looks before `floor`.
pub(crate) fn array_start_before(b: &[u8], open: usize, floor: usize) -> Option<usize> {
    let mut k = open;
    while k > floor
        && open - k < MAX_TYPE_NAME
        && (b[k - 1].is_ascii_lowercase() || b[k - 1].is_ascii_digit())
    {
        k -= 1;
    }
    if k == open || !may_start_type(b[k]) {
        return None;
    }
    if k > 0 && (b[k - 1].is_ascii_alphanumeric() || b[k - 1] == b'_') {
        return None;
    }
    is_type_name_in(b, k, open, false).then_some(k)
}

/// The end of the shape starting at `i`, if one starts there: an array
/// `type[dims]{layout}` or a tuple `(shape, ...)`. `special` also accepts
/// `token[]` and `opaque[]`.
///
/// A dims list holding anything but digits, commas, spaces, `<=` and `?`
/// is no shape at all (`xs[i]`). A layout is followed to its closing `}`
/// on the same line; a layout cut short (by the line's end, by a
/// character no layout holds, or by [`MAX_PART`]) ends the candidate
/// there, and parsing it reports what is missing.
pub(crate) fn shape_end(b: &[u8], i: usize, end: usize, special: bool) -> Option<usize> {
    if i >= end {
        return None;
    }
    if b[i] == b'(' {
        return tuple_end(b, i, end, special, 0);
    }
    let mut j = i;
    while j < end && j - i <= MAX_TYPE_NAME && (b[j].is_ascii_lowercase() || b[j].is_ascii_digit())
    {
        j += 1;
    }
    if j >= end || b[j] != b'[' || !is_type_name_in(b, i, j, special) {
        return None;
    }
    array_rest(b, j, end)
}

/// What a byte is to [`array_rest`] and [`layout_end`], one table load
/// per byte (the `match`es these replaced took about 15 instructions a
/// byte, an eighth of a scan).
const DIMS: u8 = 1; // digits, `,`, ` `, `<`, `=`, `?`, `-`, tab: inside `[...]`
const LINE: u8 = 2; // `\n`, `\r`: a dims list cut by the line's end
const STOP: u8 = 4; // ends a layout cut short: `\n " = ; % ' \``, non-ASCII
const BRACE: u8 = 8; // `{`, `}`
static CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let mut k = 0;
        if b.is_ascii_digit() || matches!(b, b',' | b' ' | b'<' | b'=' | b'?' | b'-' | b'\t') {
            k |= DIMS;
        }
        if matches!(b, b'\n' | b'\r') {
            k |= LINE;
        }
        if matches!(b, b'\n' | b'"' | b'=' | b';' | b'%' | b'\'' | b'`') || b >= 0x80 {
            k |= STOP;
        }
        if matches!(b, b'{' | b'}') {
            k |= BRACE;
        }
        t[c] = k;
        c += 1;
    }
    t
};

/// From the `[` of an array shape: the end of its dims and layout, or
/// `None` if the brackets hold something other than dims (`xs[i]`).
pub(crate) fn array_rest(b: &[u8], open: usize, end: usize) -> Option<usize> {
    let limit = end.min(open.saturating_add(MAX_PART)).min(b.len());
    let mut j = open + 1;
    while j < limit && CLASS[usize::from(b[j])] & DIMS != 0 {
        j += 1;
    }
    if j >= limit {
        // Cut short: the parser says what is missing here.
        return Some(j);
    }
    match b[j] {
        b']' => j += 1,
        c if CLASS[usize::from(c)] & LINE != 0 => return Some(j),
        _ => return None,
    }
    Some(if j < end && b[j] == b'{' {
        layout_end(b, j, end)
    } else {
        j
    })
}

/// From a layout's `{`: just past its matching `}`, or where it is cut
/// short.
fn layout_end(b: &[u8], open: usize, end: usize) -> usize {
    let limit = end.min(open.saturating_add(MAX_PART)).min(b.len());
    let mut depth = 0usize;
    let mut j = open;
    while j < limit {
        let c = b[j];
        let k = CLASS[usize::from(c)];
        if k & (STOP | BRACE) != 0 {
            if k & STOP != 0 {
                return j;
            }
            if c == b'{' {
                depth += 1;
            } else {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
        }
        j += 1;
    }
    j
}

/// From a tuple's `(`: just past its matching `)`, if everything inside
/// looks like shapes (no names, strings or operators).
fn tuple_end(b: &[u8], open: usize, end: usize, special: bool, depth: usize) -> Option<usize> {
    if depth >= MAX_TUPLE_DEPTH {
        return None;
    }
    let mut j = skip_space_and_comments(b, open + 1, end);
    if j < end && b[j] == b')' {
        return Some(j + 1);
    }
    loop {
        // A nested tuple is entered here, one level deeper, and only here:
        // going through `shape_end` would restart the depth count at 0 (no
        // bound on the recursion) and, as this once did, measure the same
        // nested tuple twice per level (2^depth work on `a = ((((...`,
        // found by the `scan` fuzz target).
        let e = if j < end && b[j] == b'(' {
            tuple_end(b, j, end, special, depth + 1)?
        } else {
            shape_end(b, j, end, special)?
        };
        j = skip_space_and_comments(b, e, end);
        match b.get(j).filter(|_| j < end) {
            Some(b',') => j = skip_space_and_comments(b, j + 1, end),
            Some(b')') => return Some(j + 1),
            _ => return None,
        }
    }
}

/// Like [`skip_inline`] but also over newlines (inside a tuple).
fn skip_space_and_comments(b: &[u8], mut i: usize, end: usize) -> usize {
    loop {
        let j = skip_inline(b, i, end);
        if j < end && b[j] == b'\n' {
            i = j + 1;
        } else {
            return j;
        }
    }
}

/// Where [`free_shapes`] looks: shapes starting in `from..to`, each
/// running at most to `end` (its line's end), whose type name is read
/// back no further than `floor` (the line's start).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FreeText {
    pub floor: usize,
    pub from: usize,
    pub to: usize,
    pub end: usize,
}

impl FreeText {
    /// The rest of a line: from `from` to its end `le`.
    pub(crate) fn rest_of_line(from: usize, le: usize) -> FreeText {
        FreeText {
            floor: from,
            from,
            to: le,
            end: le,
        }
    }
}

/// What [`free_shapes`] does with a double-quoted string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Strings {
    /// Skip it: an instruction's text, where a string is a value.
    Skip,
    /// Search it as the rest: free text, a report's label.
    Search,
}

/// Every array shape `w` holds, outside double-quoted strings when they
/// are skipped: `(start, end)` pairs in order. Candidates may extend past
/// `w.to` (up to `w.end`). Returns where it stopped: `w.to` or past.
pub(crate) fn free_shapes(
    b: &[u8],
    w: FreeText,
    strings: Strings,
    mut found: impl FnMut(usize, usize),
) -> usize {
    let FreeText { from, to, end, .. } = w;
    let skip_strings = strings == Strings::Skip;
    let mut i = from;
    let mut floor = w.floor.min(from);
    let wanted = |c: u8| c == b'[' || (skip_strings && c == b'"');
    while i < to {
        // The next byte is often the one wanted (runs of `[`): look at a
        // few bytes before paying for a vector search.
        let near = b[i..to.min(i + 8)].iter().position(|&c| wanted(c));
        let hit = near.or_else(|| {
            if skip_strings {
                memchr::memchr2(b'[', b'"', &b[i..to])
            } else {
                memchr::memchr(b'[', &b[i..to])
            }
        });
        let Some(k) = hit else { break };
        let at = i + k;
        if b[at] == b'"' {
            i = string_end(b, at, end.min(line_end(b, at, end)));
            floor = i;
            continue;
        }
        // A type name ends in a lowercase letter or a digit.
        if at == floor || !(b[at - 1].is_ascii_lowercase() || b[at - 1].is_ascii_digit()) {
            i = at + 1;
            continue;
        }
        match array_start_before(b, at, floor).and_then(|s| Some((s, array_rest(b, at, end)?))) {
            Some((start, e)) => {
                found(start, e);
                i = e.max(at + 1);
                floor = i;
            }
            None => i = at + 1,
        }
    }
    i.max(to)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn end_of(s: &str) -> Option<&str> {
        shape_end(s.as_bytes(), 0, s.len(), true).map(|e| &s[..e])
    }

    #[test]
    fn arrays_end_after_their_layout() {
        assert_eq!(end_of("f32[2,3]{1,0} add"), Some("f32[2,3]{1,0}"));
        assert_eq!(
            end_of("bf16[8]{0:T(8,128)(2,1)S(1)}, x"),
            Some("bf16[8]{0:T(8,128)(2,1)S(1)}")
        );
        assert_eq!(end_of("s32[] constant"), Some("s32[]"));
        assert_eq!(end_of("f32[<=10,?]"), Some("f32[<=10,?]"));
        assert_eq!(end_of("token[] after-all()"), Some("token[]"));
        assert_eq!(end_of("xyz[2]"), None);
        assert_eq!(end_of("f32[i]"), None, "an index, not a dims list");
    }

    #[test]
    fn layouts_cut_short_end_where_they_stop() {
        assert_eq!(end_of("u32[1,2]{1,0:T(\nnext"), Some("u32[1,2]{1,0:T("));
        assert_eq!(end_of("f32[2,3"), Some("f32[2,3"));
    }

    #[test]
    fn tuples_hold_only_shapes() {
        assert_eq!(
            end_of("(f32[2]{0}, /*index=1*/ s32[]) add"),
            Some("(f32[2]{0}, /*index=1*/ s32[])")
        );
        assert_eq!(end_of("((f32[]), ()) x"), Some("((f32[]), ())"));
        assert_eq!(end_of("(a, b)"), None);
        assert_eq!(end_of("(f32[2] %x)"), None);
    }

    #[test]
    fn tuples_nest_at_most_max_tuple_depth_deep() {
        let nested = |n: usize| format!("{}f32[]{} x", "(".repeat(n), ")".repeat(n));
        let deepest = nested(MAX_TUPLE_DEPTH);
        assert_eq!(end_of(&deepest), Some(&deepest[..deepest.len() - 2]));
        assert_eq!(end_of(&nested(MAX_TUPLE_DEPTH + 1)), None);
    }

    /// Regression (the `scan` fuzz target): each level of an unclosed
    /// nesting was measured twice, 2^depth work; this did not finish.
    #[test]
    fn unclosed_nesting_is_linear() {
        let text = format!("a = {}f32[2]{{0}}, (", "(".repeat(4000));
        assert_eq!(end_of(&text[4..]), None);
        let found = crate::core::hlo::scan(&text);
        assert!(found.iter().all(|f| f.span().end <= text.len()));
    }

    #[test]
    fn free_text_shapes_need_a_word_boundary() {
        let s = "xf32[2] f32[3]{0} _u8[1] \"f32[4]\" (pred[2])";
        let mut got = Vec::new();
        let all = FreeText::rest_of_line(0, s.len());
        free_shapes(s.as_bytes(), all, Strings::Skip, |a, e| got.push(&s[a..e]));
        assert_eq!(got, ["f32[3]{0}", "pred[2]"]);
        got.clear();
        free_shapes(s.as_bytes(), all, Strings::Search, |a, e| {
            got.push(&s[a..e])
        });
        assert_eq!(got, ["f32[3]{0}", "f32[4]", "pred[2]"]);
    }
}
