//! Where a statement of MLIR text ends: a line, continued onto the next
//! while that one starts with `->`, or while the line ends in `,`, `(`,
//! `[`, `<` or `x` and the next does not start a statement (at most
//! [`MAX_LINES`] lines): so a bracket left open is an error where it is,
//! and the next statement is read as usual.

/// Lines one statement may span.
pub const MAX_LINES: usize = 64;

/// A byte of an MLIR identifier (`%arg0`, `@main`, `stablehlo.add`): one
/// load from a table (every op name and value name is walked by it).
#[inline(always)]
pub(crate) fn is_word(b: u8) -> bool {
    WORD[b as usize]
}

const WORD: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$' | b'-' | b'#');
        c += 1;
    }
    t
};

/// The statement starting at `pos`: `(start, end)` with `end` at its last
/// line's `\n` (or the text's end).
pub(crate) fn statement(b: &[u8], pos: usize) -> (usize, usize) {
    let line_end = |at: usize| memchr::memchr(b'\n', &b[at..]).map_or(b.len(), |k| at + k);
    let mut e = line_end(pos);
    for _ in 1..MAX_LINES {
        if e >= b.len() {
            break;
        }
        let next = skip_inline(b, e + 1);
        let last = b[pos..e]
            .iter()
            .rposition(|c| !c.is_ascii_whitespace())
            .map(|k| b[pos + k]);
        let continues = b[next..].starts_with(b"->")
            || (matches!(last, Some(b',' | b'(' | b'[' | b'<' | b'x'))
                && !starts_statement(b, next));
        if !continues {
            break;
        }
        e = line_end(e + 1);
    }
    (pos, e)
}

fn skip_inline(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t' || b[i] == b'\r') {
        i += 1;
    }
    i
}

/// Does a statement start at `i` (a line's first non-space byte)?
fn starts_statement(b: &[u8], i: usize) -> bool {
    match b.get(i) {
        None | Some(b'}' | b'^' | b'"' | b'/' | b'\n') => true,
        Some(b'%') => {
            let mut k = i + 1;
            while k < b.len() && is_word(b[k]) {
                k += 1;
            }
            match b.get(k) {
                Some(b':') => b.get(k + 1).is_some_and(|c| c.is_ascii_digit()),
                Some(b',') => true,
                _ => b.get(skip_inline(b, k)) == Some(&b'='),
            }
        }
        Some(c) if c.is_ascii_lowercase() => {
            let mut k = i;
            while k < b.len() && is_word(b[k]) {
                k += 1;
            }
            let word = &b[i..k];
            word.contains(&b'.') && !word.starts_with(b"tensor")
                || word == b"return"
                || word == b"module"
        }
        _ => false,
    }
}
