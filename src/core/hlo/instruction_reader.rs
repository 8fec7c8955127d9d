//! The reader under [`super::parse_instruction_on`]: the instruction's
//! text, line by line, stepping onto a following line only where the
//! instruction continues, and over lines inside a tuple result type or a
//! quoted string.
//!
//! **The moving line end.** The reader is on one line at a time, and
//! [`Reader::line_end`] is that line's end. The calls that may step onto
//! later lines say so in their docs ("Moves the line end"): [`Reader::skip`],
//! [`Reader::balanced`], [`Reader::string`], [`Reader::result_shape`],
//! [`Reader::next_line`]. After any of them an offset the caller holds may
//! lie on a later line than before, so a line end read before the call is
//! stale: callers read `line_end()` again after each, and never keep one
//! across such a call. The field itself is private, so that no caller
//! bounds a search by a copy of it.

use super::{continues, Lines};
use crate::core::hlo::scan::{line_end, long_string_end, skip_inline, string_end};
use crate::core::hlo::shape_bytes::{array_rest, array_start_before, shape_end};
use crate::core::hlo::shape_memo::ShapeMemo;
use crate::core::span::Span;

/// How far a tuple result type written over several lines is followed.
const MAX_TUPLE_SPAN: usize = 1 << 20;
/// How far a quoted string written over several lines is followed.
const MAX_STRING_SPAN: usize = 1 << 24;

/// How many lines one instruction may continue over.
pub(super) const MAX_LINES: usize = 256;

/// How far [`Reader::balanced`] follows text onto later lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Cross {
    /// At any depth: an operand list, a literal (their line end does not
    /// end them).
    Lines,
    /// Only inside brackets or a string: an attribute's value, which its
    /// line's end ends at depth 0.
    Nested,
}

/// A reader over the instruction's text that may step onto the next line.
pub(super) struct Reader<'b> {
    pub(super) b: &'b [u8],
    /// The text's end, or the first line's when reading one line.
    end: usize,
    /// The end of the current line: see the module's docs.
    le: usize,
    multiline: bool,
    lines: usize,
}

impl<'b> Reader<'b> {
    pub(super) fn new(b: &'b [u8], lines: Lines) -> Reader<'b> {
        let (le, end, multiline) = match lines {
            Lines::One { line_end } => (line_end, line_end, false),
            Lines::Following { line_end, text_end } => (line_end, text_end, true),
        };
        Reader {
            b,
            end,
            le,
            multiline,
            lines: 0,
        }
    }
}

impl Reader<'_> {
    /// The end of the line the reader is on (its `\n` or the text's end).
    /// Read it again after every call that moves it.
    #[inline]
    pub(super) fn line_end(&self) -> usize {
        self.le
    }

    /// Steps onto the next line if allowed and it continues the
    /// instruction; returns its first byte. Moves the line end.
    pub(super) fn next_line(&mut self) -> Option<usize> {
        let at = self.le.checked_add(1)?;
        if !self.multiline || self.lines >= MAX_LINES {
            return None;
        }
        let le = line_end(self.b, at, self.end);
        if !continues(self.b, at, le) {
            return None;
        }
        self.lines += 1;
        self.le = le;
        Some(at)
    }

    /// Makes the line holding `e` (just past something that ran over
    /// lines) the current one. Moves the line end.
    fn reach(&mut self, e: usize) {
        if e > self.le {
            let crossed = memchr::memchr_iter(b'\n', &self.b[self.le..e]).count();
            self.lines = self.lines.saturating_add(crossed);
            self.le = line_end(self.b, e, self.end);
        }
    }

    /// A string from its `"`: to its closing quote on this line, or, as
    /// XLA's lexer reads one, on a later line (not when reading one line).
    /// Moves the line end.
    fn string(&mut self, i: usize) -> usize {
        let e = string_end(self.b, i, self.le);
        let closed = e > i + 1 && self.b[e - 1] == b'"';
        if closed || !self.multiline {
            return e;
        }
        match long_string_end(self.b, i, self.end.min(i.saturating_add(MAX_STRING_SPAN))) {
            Some(far) => {
                self.reach(far);
                far
            }
            None => e,
        }
    }

    /// A result type from `i`: on this line, or a tuple written over
    /// several lines (`(f32[2]{0}, /*index=1*/` then `s32[])`). Moves the
    /// line end.
    pub(super) fn result_shape(&mut self, i: usize, memo: &mut ShapeMemo) -> Option<usize> {
        if let Some(e) = memo.shape_end(self.b, i, self.le) {
            return Some(e);
        }
        if !self.multiline || self.b.get(i) != Some(&b'(') {
            return None;
        }
        let far = self.end.min(i.saturating_add(MAX_TUPLE_SPAN));
        let e = shape_end(self.b, i, far, true)?;
        self.reach(e);
        Some(e)
    }

    /// Skips spaces and comments, onto following lines that continue the
    /// instruction. Moves the line end. Inlined natively, with the lines'
    /// crossing a call: it runs between every two parts of an instruction
    /// and nearly always stays on the line (the call itself was most of
    /// its cost).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    pub(super) fn skip(&mut self, i: usize) -> usize {
        let i = skip_inline(self.b, i, self.le);
        if i < self.le {
            return i;
        }
        self.skip_lines(i)
    }

    #[inline(never)]
    fn skip_lines(&mut self, mut i: usize) -> usize {
        while i >= self.le {
            match self.next_line() {
                Some(at) => i = skip_inline(self.b, at, self.le),
                None => break,
            }
        }
        i
    }

    /// Walks balanced text from `i` to the first `,` or unmatched closing
    /// bracket at depth 0 (returned), or to the end of the line at depth 0
    /// (with [`Cross::Nested`]). Shapes written inside (outside strings)
    /// are pushed to `shapes` when given. Moves the line end.
    pub(super) fn balanced(
        &mut self,
        mut i: usize,
        cross: Cross,
        mut shapes: Option<&mut Vec<Span>>,
    ) -> usize {
        let b = self.b;
        let mut depth = 0usize;
        let floor = i;
        loop {
            if i >= self.le {
                if depth == 0 && cross == Cross::Nested {
                    return self.le;
                }
                match self.next_line() {
                    Some(at) => {
                        i = at;
                        continue;
                    }
                    None => return self.le,
                }
            }
            match b[i] {
                b'"' => i = self.string(i),
                b'/' if b.get(i + 1) == Some(&b'*') => i = skip_inline(b, i, self.le),
                b'[' => {
                    // Only when shapes are wanted: following a layout
                    // costs up to MAX_PART bytes per `[`.
                    let hit = shapes
                        .as_ref()
                        .and_then(|_| array_start_before(b, i, floor))
                        .and_then(|s| Some((s, array_rest(b, i, self.le)?)));
                    if let (Some(out), Some((start, e))) = (shapes.as_deref_mut(), hit) {
                        out.push(Span::new(start, e));
                        i = e;
                    } else {
                        depth += 1;
                        i += 1;
                    }
                }
                b'{' | b'(' => {
                    depth += 1;
                    i += 1;
                }
                b'}' | b')' | b']' => {
                    if depth == 0 {
                        return i;
                    }
                    depth -= 1;
                    i += 1;
                }
                b',' if depth == 0 => return i,
                // A plain byte: skip the run of them to the next one that
                // matters (or the line's end) with one table load each.
                _ => i = skip_plain(b, i + 1, self.le),
            }
        }
    }
}

/// The bytes [`Reader::balanced`] acts on: strings, comments, brackets
/// and commas.
static BALANCED_STOPS: [bool; 256] = {
    let mut t = [false; 256];
    let stops = b"\"/[]{}(),";
    let mut k = 0;
    while k < stops.len() {
        t[stops[k] as usize] = true;
        k += 1;
    }
    t
};

/// From `i`, the first byte before `le` that [`Reader::balanced`] acts on,
/// or `le`.
fn skip_plain(b: &[u8], i: usize, le: usize) -> usize {
    b[i.min(le)..le]
        .iter()
        .position(|&c| BALANCED_STOPS[usize::from(c)])
        .map_or(le, |k| i + k)
}
