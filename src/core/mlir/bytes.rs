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

/// The offset of the bracket closing the one at `open`, before `end`.
/// Quoted strings are skipped and `->` is an arrow, not a closer.
pub(crate) fn close_of(b: &[u8], open: usize, end: usize) -> Result<usize, Unmatched> {
    let mut stack = [0u8; MAX_DEPTH];
    stack[0] = closer(b[open]);
    let mut depth = 1;
    let mut i = open + 1;
    while i < end {
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
    fn top_level_commas_split() {
        let t = br#"{"x", "y"}, {}, {"z", ?}p1"#;
        let mut out = Vec::new();
        split_top(t, 0, t.len(), &mut out);
        let pieces: Vec<&[u8]> = out.iter().map(|&(s, e)| &t[s..e]).collect();
        assert_eq!(pieces, [&br#"{"x", "y"}"#[..], b"{}", br#"{"z", ?}p1"#]);
    }
}
