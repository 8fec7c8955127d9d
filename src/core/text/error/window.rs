//! The caret picture of an [`Error`](super::Error): the line holding the
//! span, cut to a window of about [`WINDOW`] characters around the caret,
//! never the whole input.
//!
//! ```text
//! ...f32[2,3]{1,0}, f32[2,3]{1,0}, f32[2,3]{1,0}, f32[2,%], f32[2,3]{1,0}, f32[2,3]...
//!                                                       ^
//! 1:5000016: unexpected character '%'
//! ```
//!
//! A cut end is marked `...`. Columns count characters (a tab is drawn as
//! four spaces, so the carets still line up). A span running over several
//! lines is underlined to the end of its first line. Finding the line and
//! its number is one pass over the text before the span; cutting the window
//! looks at no more than [`WINDOW`] characters.

use std::fmt;

use crate::core::span::Span;

/// The most characters of the line drawn (the `...` marks not counted).
pub const WINDOW: usize = 100;

/// How many characters before the span's start a cut line keeps, unless the
/// line ends sooner after the span (then the window slides left).
pub const BEFORE: usize = 40;

/// The mark of a cut end.
const CUT: &str = "...";

/// Where the span sits in its line, and the part of the line to draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window<'a> {
    /// 1-based line number of the span's start.
    pub line: usize,
    /// 1-based column of the span's start, in characters.
    pub column: usize,
    /// The part of the line drawn.
    pub text: &'a str,
    /// Whether the line goes on before / after `text`.
    pub cut_left: bool,
    pub cut_right: bool,
    /// Byte range of the underlined part, relative to `text`.
    pub carets: (usize, usize),
}

impl<'a> Window<'a> {
    /// The window around `span` in `input`. A span outside the text or off
    /// character boundaries is pulled back onto them first.
    pub fn new(input: &'a str, span: Span) -> Window<'a> {
        let start = floor_boundary(input, span.start);
        let end = floor_boundary(input, span.end).max(start);
        let bytes = input.as_bytes();
        let before = bytes.get(..start).unwrap_or_default();
        // memchr: the span may sit 5 MB into the text.
        let line_start = memchr::memrchr(b'\n', before).map_or(0, |i| i + 1);
        let line_no = 1 + memchr::memchr_iter(b'\n', before).count();
        let mut line_end = bytes
            .get(start..)
            .and_then(|rest| memchr::memchr(b'\n', rest))
            .map_or(input.len(), |i| start + i);
        // A CRLF line ends before its `\r`, unless the span starts on it.
        if line_end > start && bytes.get(line_end - 1) == Some(&b'\r') {
            line_end -= 1;
        }
        let line = input.get(line_start..line_end).unwrap_or_default();
        let at = start - line_start;
        let head = line.get(..at).unwrap_or_default();
        let tail = line.get(at..).unwrap_or_default();
        let column = 1 + head.chars().count();

        // BEFORE characters to the left, the rest of the budget to the
        // right; what the right cannot use goes back to the left.
        let (mut left, taken_left) = back(head, head.len(), BEFORE);
        let (right, taken_right) = forward(tail, WINDOW - taken_left);
        if right == tail.len() {
            left = back(head, left, WINDOW - taken_left - taken_right).0;
        }
        let text = line.get(left..at + right).unwrap_or_default();
        let under = (end.min(line_end) - start).min(right);
        Window {
            line: line_no,
            column,
            text,
            cut_left: left > 0,
            cut_right: at + right < line.len(),
            carets: (at - left, at - left + under),
        }
    }
}

impl fmt::Display for Window<'_> {
    /// Two lines: the (cut) line and the carets under the span, at least
    /// one `^`. No newline after the carets.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mark = if self.cut_left { CUT } else { "" };
        f.write_str(mark)?;
        for c in self.text.chars() {
            match c {
                '\t' => f.write_str("    ")?,
                c if hides(c) => f.write_str("\u{FFFD}")?,
                c => write!(f, "{c}")?,
            }
        }
        if self.cut_right {
            f.write_str(CUT)?;
        }
        f.write_str("\n")?;
        let (from, to) = self.carets;
        let pad = mark.len() + width(self.text.get(..from).unwrap_or_default());
        let carets = width(self.text.get(from..to).unwrap_or_default()).max(1);
        write!(f, "{:pad$}{:^<carets$}", "", "")
    }
}

/// Characters drawn as U+FFFD so that they cannot move the terminal's
/// cursor or reorder the line (control characters, bidirectional
/// overrides): the carets must stay under the characters they point at.
fn hides(c: char) -> bool {
    c.is_control() || matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Columns `s` takes when drawn: a tab four, any other character one.
fn width(s: &str) -> usize {
    s.chars().map(|c| if c == '\t' { 4 } else { 1 }).sum()
}

/// The byte offset `max` characters before `from` in `s` (or 0), and how
/// many characters that is.
fn back(s: &str, from: usize, max: usize) -> (usize, usize) {
    let mut at = from;
    let mut taken = 0;
    for (i, _) in s.get(..from).unwrap_or_default().char_indices().rev() {
        if taken == max {
            break;
        }
        at = i;
        taken += 1;
    }
    (at, taken)
}

/// The byte length of the first `max` characters of `s`, and how many
/// characters that is.
fn forward(s: &str, max: usize) -> (usize, usize) {
    match s.char_indices().nth(max) {
        Some((i, _)) => (i, max),
        None => (s.len(), s.chars().take(max).count()),
    }
}

/// `i` moved into `s` and down onto a character boundary.
pub fn floor_boundary(s: &str, i: usize) -> usize {
    let mut i = i.min(s.len());
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}
