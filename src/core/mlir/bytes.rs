//! Byte-level helpers for MLIR text: matching brackets (`<..>`, `(..)`,
//! `[..]`, `{..}`) past quoted strings and arrows, splitting at top-level
//! commas, quoting user text into messages.
//!
//! Every helper stops at the `end` it is given and keeps a bounded stack,
//! so that no input, however unbalanced, makes it run away or allocate
//! without bound. The bytes they stop at are ASCII: every offset returned
//! is a character boundary of the UTF-8 text.

/// How deep brackets may nest before a text is refused.
pub(crate) const MAX_DEPTH: usize = 64;

/// Why a bracket has no match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Unmatched {
    /// The opener at this offset is not closed before the end.
    Open(usize),
    /// The closer at this offset closes nothing it may close.
    Close(usize),
    /// Nested deeper than [`MAX_DEPTH`], at this offset.
    Deep(usize),
}

impl Unmatched {
    /// The offending byte's offset and a sentence about it.
    pub(crate) fn describe(&self, b: &[u8]) -> (usize, String) {
        match *self {
            Unmatched::Open(at) => (at, format!("`{}` is not closed", b[at] as char)),
            Unmatched::Close(at) => (
                at,
                format!("`{}` closes nothing opened here", b[at] as char),
            ),
            Unmatched::Deep(at) => (at, format!("brackets nest deeper than {MAX_DEPTH}")),
        }
    }
}

/// A table of the bytes in `set`, for loops that pass other bytes by
/// one load (a `match` of many arms costs several compares per byte).
pub(crate) const fn byte_set(set: &[u8]) -> [bool; 256] {
    let mut t = [false; 256];
    let mut k = 0;
    while k < set.len() {
        t[set[k] as usize] = true;
        k += 1;
    }
    t
}

/// What bracket matching stops at: strings, arrows, brackets.
pub(crate) const BRACKETS: [bool; 256] = byte_set(b"\"-<([{>)]}");

/// The first byte at or after `i` (before `end`) in `set`, or `end`.
#[inline(always)]
pub(crate) fn next_in(b: &[u8], i: usize, end: usize, set: &[bool; 256]) -> usize {
    match b.get(i..end) {
        Some(hay) => hay
            .iter()
            .position(|&c| set[c as usize])
            .map_or(end, |k| i + k),
        None => end,
    }
}

fn closer(open: u8) -> u8 {
    match open {
        b'<' => b'>',
        b'(' => b')',
        b'[' => b']',
        _ => b'}',
    }
}

/// The end of the string whose opening `"` is at `at`: one past its
/// closing quote, or `end`.
pub(crate) fn string_end(b: &[u8], at: usize, end: usize) -> usize {
    let mut i = at + 1;
    while i < end {
        match b[i] {
            b'\\' => i += 2,
            b'"' => return i + 1,
            _ => i += 1,
        }
    }
    end
}

/// Where the inside of a bracket or string ends, given where its inside
/// starts (just past the opener) and where the whole ends (`end`: one past
/// its closer, or the line's end when it is left open): one before the
/// closer when `b[end - 1]` is that closer, else `end` itself (one left
/// open runs to the line's end). The closer is ASCII, so when `end` is a
/// character boundary the result is one too: `start..inner_end(..)` never
/// cuts a character, whatever precedes `end`.
pub(crate) fn inner_end(b: &[u8], start: usize, end: usize, closer: u8) -> usize {
    if end > start && b[end - 1] == closer {
        end - 1
    } else {
        end
    }
}

/// The inside of `b[start..end]` when that is one bracketed piece: it
/// starts with `open` and ends with its `closer` (see [`inner_end`]).
/// `None` when either is missing (an empty piece included).
pub(crate) fn inside(
    b: &[u8],
    start: usize,
    end: usize,
    open: u8,
    closer: u8,
) -> Option<(usize, usize)> {
    if start >= end || b[start] != open {
        return None;
    }
    let inner = inner_end(b, start + 1, end, closer);
    (inner < end).then_some((start + 1, inner))
}

/// The offset of the bracket closing the one at `open`, before `end`.
/// Quoted strings are skipped and `->` is an arrow, not a closer.
pub(crate) fn close_of(b: &[u8], open: usize, end: usize) -> Result<usize, Unmatched> {
    let mut stack = [0u8; MAX_DEPTH];
    stack[0] = closer(b[open]);
    let mut depth = 1;
    let mut i = open + 1;
    loop {
        i = next_in(b, i, end, &BRACKETS);
        if i >= end {
            break;
        }
        let c = b[i];
        match c {
            b'"' => {
                i = string_end(b, i, end);
                continue;
            }
            b'-' if b.get(i + 1) == Some(&b'>') => {
                i += 2;
                continue;
            }
            b'<' | b'(' | b'[' | b'{' => {
                if depth == MAX_DEPTH {
                    return Err(Unmatched::Deep(i));
                }
                stack[depth] = closer(c);
                depth += 1;
            }
            b'>' | b')' | b']' | b'}' => {
                if stack[depth - 1] != c {
                    return Err(Unmatched::Close(i));
                }
                depth -= 1;
                if depth == 0 {
                    return Ok(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    Err(Unmatched::Open(open))
}

/// The pieces of `b[start..end]` between top-level commas, trimmed, as
/// `(start, end)` pairs; a bracket that does not match ends the list.
pub(crate) fn split_top(b: &[u8], start: usize, end: usize, out: &mut Vec<(usize, usize)>) {
    out.clear();
    let mut piece = start;
    let mut i = start;
    while i < end {
        match b[i] {
            b'"' => {
                i = string_end(b, i, end);
                continue;
            }
            b'<' | b'(' | b'[' | b'{' => match close_of(b, i, end) {
                Ok(c) => i = c,
                Err(_) => break,
            },
            b',' => {
                out.push(trim(b, piece, i));
                piece = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    let last = trim(b, piece, end);
    if last.0 < last.1 || !out.is_empty() {
        out.push(last);
    }
}

/// `(start, end)` without the spaces at either side.
pub(crate) fn trim(b: &[u8], mut start: usize, mut end: usize) -> (usize, usize) {
    while start < end && b[start].is_ascii_whitespace() {
        start += 1;
    }
    while end > start && b[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    (start, end)
}

/// Skips spaces and newlines from `i`.
pub(crate) fn skip_space(b: &[u8], mut i: usize, end: usize) -> usize {
    while i < end && b[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// The span of `text` an error at `start..end` points at: inside the
/// text, on character boundaries (widened to the characters it touches),
/// and one character at least (the last one when it is at the text's
/// end), unless the text is empty.
pub(crate) fn fit(text: &str, start: usize, end: usize) -> (usize, usize) {
    let len = text.len();
    let mut s = start.min(len);
    while !text.is_char_boundary(s) {
        s -= 1;
    }
    let mut e = end.clamp(s, len);
    while !text.is_char_boundary(e) {
        e += 1;
    }
    if e == s {
        match text[s..].chars().next() {
            Some(c) => e = s + c.len_utf8(),
            None => s = text[..s].char_indices().next_back().map_or(s, |(i, _)| i),
        }
    }
    (s, e)
}

/// User text for a message: at most 40 characters, `...` where cut.
pub(crate) fn short(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &s[..cut]),
        None => s.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brackets_match_past_strings_and_arrows() {
        let t = br#"<@m, [{"x>"}, {}]> : (a) -> b"#;
        assert_eq!(close_of(t, 0, t.len()), Ok(17));
        let t = b"(tensor<2xf32>) -> tensor<3xf32>";
        assert_eq!(close_of(t, 0, t.len()), Ok(14));
        let t = b"tensor<2x(f32>";
        assert_eq!(close_of(t, 6, t.len()), Err(Unmatched::Close(13)));
        let t = b"tensor<2xf32";
        assert_eq!(close_of(t, 6, t.len()), Err(Unmatched::Open(6)));
    }

    #[test]
    fn nesting_is_bounded() {
        let t = "<".repeat(1000);
        assert_eq!(
            close_of(t.as_bytes(), 0, t.len()),
            Err(Unmatched::Deep(MAX_DEPTH))
        );
    }

    #[test]
    fn an_inside_ends_before_its_closer_or_runs_to_the_end() {
        let t = "\"ab\"".as_bytes();
        assert_eq!(inner_end(t, 1, t.len(), b'"'), 3);
        // Left open before a wide character: the line's end, not a byte
        // inside "é".
        let t = "\"aé".as_bytes();
        assert_eq!(inner_end(t, 1, t.len(), b'"'), t.len());
        // The opener alone is not its own closer.
        let t = b"\"";
        assert_eq!(inner_end(t, 1, 1, b'"'), 1);
        assert_eq!(inside(b"[1]", 0, 3, b'[', b']'), Some((1, 2)));
        assert_eq!(inside(b"[]", 0, 2, b'[', b']'), Some((1, 1)));
        assert_eq!(inside(b"[", 0, 1, b'[', b']'), None);
        assert_eq!(inside("[1é".as_bytes(), 0, 4, b'[', b']'), None);
        assert_eq!(inside(b"1]", 0, 2, b'[', b']'), None);
        assert_eq!(inside(b"]", 1, 1, b'[', b']'), None);
    }

    #[test]
    fn an_error_span_is_fitted_onto_whole_characters_of_the_text() {
        let t = "aé b";
        assert_eq!(fit(t, 0, 1), (0, 1));
        // Inside "é" (bytes 1..3): widened to it.
        assert_eq!(fit(t, 2, 2), (1, 3));
        assert_eq!(fit(t, 1, 2), (1, 3));
        // Empty: one character.
        assert_eq!(fit(t, 3, 3), (3, 4));
        // At or past the end: the last character.
        assert_eq!(fit(t, 5, 6), (4, 5));
        assert_eq!(fit(t, 9, 9), (4, 5));
        assert_eq!(fit(t, 4, 9), (4, 5));
        assert_eq!(fit("é", 2, 3), (0, 2));
        assert_eq!(fit("", 0, 1), (0, 0));
    }

    #[test]
    fn top_level_commas_split() {
        let t = br#"{"x", "y"}, {}, {"z", ?}p1"#;
        let mut out = Vec::new();
        split_top(t, 0, t.len(), &mut out);
        let pieces: Vec<&[u8]> = out.iter().map(|&(s, e)| &t[s..e]).collect();
        assert_eq!(pieces, [&br#"{"x", "y"}"#[..], b"{}", br#"{"z", ?}p1"#]);
    }
}
