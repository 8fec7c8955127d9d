//! Byte-level helpers: spaces, line ends, identifiers, quoted strings and
//! comments. Where a shape starts and ends is [`super::shape_bytes`].
//!
//! Everything here works on bytes and never looks past the `end` it is
//! given, so that a candidate can never run away over a 50 MB text. All
//! the bytes these helpers stop at are ASCII, so every returned offset is
//! a character boundary of the UTF-8 text.

/// A byte of an HLO name: `add.936`, `all-reduce-scatter.3`, `param_0`.
pub(crate) fn is_name_byte(b: u8) -> bool {
    NAME_BYTES[usize::from(b)]
}

/// [`is_name_byte`] as a table: names are most of a module's bytes, and
/// one load per byte beats four comparisons.
static NAME_BYTES: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'-';
        c += 1;
    }
    t
};

/// Spaces, tabs and carriage returns (not newlines).
pub(crate) fn is_inline_space(b: u8) -> bool {
    b == b' ' || b == b'\t' || b == b'\r'
}

/// Does `lit` start at `i` (and end by `end`)? Its first byte is compared
/// first: the scanner asks on most lines (`ROOT `, `ENTRY `, `HloModule`),
/// and the library's compare of a few bytes is a call.
pub(crate) fn starts_at(b: &[u8], i: usize, end: usize, lit: &[u8]) -> bool {
    i < end && b.get(i) == lit.first() && b[i..end].starts_with(lit)
}

/// The end of the line holding `at`: the offset of its `\n`, or `end`.
pub(crate) fn line_end(b: &[u8], at: usize, end: usize) -> usize {
    let end = end.min(b.len());
    if at >= end {
        return end;
    }
    memchr::memchr(b'\n', &b[at..end]).map_or(end, |i| at + i)
}

/// Skips spaces, tabs, `\r` and `/* ... */` comments on one line. An
/// unterminated comment runs to `end`.
///
/// Inlined with a test of the first byte: most calls (over a million in a
/// 5 MB module) stand on something that is not a space, and the call
/// itself was most of their cost. Always, natively; in the browser's
/// module, where bytes cost more, as the compiler sees fit.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
#[cfg_attr(target_arch = "wasm32", inline)]
pub(crate) fn skip_inline(b: &[u8], i: usize, end: usize) -> usize {
    match b.get(i) {
        // One space before something else, the commonest case of all, is
        // answered here without the call.
        Some(b' ') if i + 1 < end && !matches!(b[i + 1], b' ' | b'\t' | b'\r' | b'/') => i + 1,
        Some(b' ' | b'\t' | b'\r' | b'/') if i < end => skip_inline_from(b, i, end),
        _ => i,
    }
}

fn skip_inline_from(b: &[u8], mut i: usize, end: usize) -> usize {
    while i < end {
        match b[i] {
            b' ' | b'\t' | b'\r' => i += 1,
            b'/' if i + 1 < end && b[i + 1] == b'*' => i = comment_end(b, i, end),
            _ => break,
        }
    }
    i
}

/// Just past the `*/` closing the comment opened at `i`, or `end`. Kept
/// out of [`skip_inline_from`]'s loop: inlined, its searcher's set-up made
/// every call to skip a space cost about 50 instructions.
#[cold]
#[inline(never)]
fn comment_end(b: &[u8], i: usize, end: usize) -> usize {
    match memchr::memmem::find(&b[i + 2..end], b"*/") {
        Some(k) => i + 2 + k + 2,
        None => end,
    }
}

/// `[%]name`: the end of the name starting at `i` (after an optional `%`),
/// or `None` if no name starts there.
pub(crate) fn name_end(b: &[u8], i: usize, end: usize) -> Option<usize> {
    let mut j = i;
    if j < end && b[j] == b'%' {
        j += 1;
    }
    let first = *b.get(j).filter(|_| j < end)?;
    if !(first.is_ascii_alphanumeric() || first == b'_') {
        return None;
    }
    let end = end.min(b.len());
    let run = b[j..end].iter().position(|&c| !is_name_byte(c));
    Some(run.map_or(end, |k| j + k))
}

/// The end of a `"..."` string starting at `i` (just past the closing
/// quote). Backslash escapes are honoured; a string never spans lines: an
/// unterminated one ends at the line's end.
pub(crate) fn string_end(b: &[u8], i: usize, end: usize) -> usize {
    let mut j = i + 1;
    while j < end {
        match memchr::memchr3(b'"', b'\\', b'\n', &b[j..end]) {
            None => return end,
            Some(k) => {
                j += k;
                match b[j] {
                    b'"' => return j + 1,
                    b'\\' => j += 2,
                    _ => return j,
                }
            }
        }
    }
    end
}

/// The end of a `"..."` string starting at `i` that runs over lines, as
/// XLA's lexer reads one (`HloLexer::LexString`, xla/hlo/parser/
/// hlo_lexer.cc: to the closing quote, newlines included): just past the
/// closing quote, looked for before `limit`; `None` when there is none.
pub(crate) fn long_string_end(b: &[u8], i: usize, limit: usize) -> Option<usize> {
    let limit = limit.min(b.len());
    let mut j = i + 1;
    while j < limit {
        let k = memchr::memchr2(b'"', b'\\', &b[j..limit])?;
        j += k;
        if b[j] == b'"' {
            return Some(j + 1);
        }
        j += 2;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_honour_escapes_and_stop_at_the_line_end() {
        let s = r#""a\"}b" x"#;
        assert_eq!(string_end(s.as_bytes(), 0, s.len()), 7);
        let s = "\"open\nnext";
        assert_eq!(string_end(s.as_bytes(), 0, s.len()), 5);
    }
}
