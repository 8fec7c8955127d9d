//! One HLO instruction, as `HloInstruction::ToString` prints it
//! (xla/hlo/ir/hlo_instruction.cc) or the docs show it:
//!
//! ```text
//! [ROOT] [%]name = shape opcode(operand, ...), attribute=value, ...
//! ```
//!
//! Operands are written with their shapes (`f32[2]{0} %x`) or without
//! (`x`); every fifth one after the first is preceded by an `/*index=5*/`
//! comment. The result shape may be a tuple. Attribute values are skipped
//! as balanced text: quoted strings (with `\"` escapes; one not closed on
//! its line runs to its closing quote on a later one, as XLA's lexer reads
//! it, hiding everything inside), and `{...}`, `[...]`, `(...)` nested to
//! any depth, so that `metadata={op_name="a{b"}`, `dimensions={2,3}`,
//! `sharding={devices=[2,1]0,1}` and `backend_config={"a":{"b":1}}` are
//! never mistaken for shapes. An instruction may continue over several
//! lines (as the docs print it): after its result shape, inside its
//! operand list, and after a trailing comma; a tuple result type may run
//! over several lines too.

use super::scan::{is_inline_space, name_end, skip_inline, starts_at};
use super::shape_bytes::{free_shapes, FreeText, Strings};
use super::shape_memo::ShapeMemo;
use crate::core::span::Span;
use reader::{Cross, Reader};

#[path = "instruction_reader.rs"]
mod reader;

/// An operand as written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Arg {
    /// The whole operand text (`bf16[32]{0} %fusion.32`).
    pub span: Span,
    /// Its shape, when written.
    pub shape: Option<Span>,
    /// Its name without `%`, when it has one.
    pub name: Option<Span>,
}

/// An attribute `name=value`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attr {
    pub span: Span,
    pub name: Span,
    pub value: Span,
}

/// The parts of one instruction, as spans into the text.
#[derive(Clone, Debug, Default)]
pub struct Parts {
    /// `ROOT`, when written.
    pub root: Option<Span>,
    /// The name without `%`.
    pub name: Span,
    /// The name as written (with `%` if any).
    pub name_written: Span,
    /// The result shape (array or tuple), when written.
    pub shape: Option<Span>,
    /// The opcode (`add`, `fusion`), when there is an operand list.
    pub opcode: Option<Span>,
    /// The operand list from `(` to `)`.
    pub operand_list: Option<Span>,
    pub args: Vec<Arg>,
    pub attrs: Vec<Attr>,
    /// Shapes inside attribute values (`operand_layout_constraints`, ...).
    pub text_shapes: Vec<Span>,
    /// Where the instruction's text ends (a line end).
    pub end: usize,
    /// Shapes measured in earlier instructions: kept with the parts, which
    /// the scanner reuses from one instruction to the next.
    memo: ShapeMemo,
}

impl Parts {
    fn clear(&mut self) {
        self.root = None;
        self.shape = None;
        self.opcode = None;
        self.operand_list = None;
        self.args.clear();
        self.attrs.clear();
        self.text_shapes.clear();
    }
}

/// The head of an instruction, `[ROOT ]name = `, as [`head`] read it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Head {
    root: Option<Span>,
    /// The name as written (with `%` if any).
    name_written: Span,
    /// Just past the `=`.
    after_eq: usize,
}

/// Does an instruction start at `c` (the first non-space byte of a line)?
/// `[ROOT ]name = ` with at least one space before `=`, which attributes
/// (`kind=kCustom`) never have. Its head, if so, which
/// [`parse_instruction_on`] goes on from, not reading it again.
pub(crate) fn head(b: &[u8], c: usize, end: usize) -> Option<Head> {
    let mut i = c;
    let mut root = None;
    if starts_at(b, i, end, b"ROOT ") {
        root = Some(Span::new(i, i + 4));
        i = skip_inline(b, i + 5, end);
    }
    let e = name_end(b, i, end)?;
    if e >= end || !is_inline_space(b[e]) {
        return None;
    }
    let j = skip_inline(b, e, end);
    (j < end && b[j] == b'=' && b.get(j + 1) != Some(&b'=')).then_some(Head {
        root,
        name_written: Span::new(i, e),
        after_eq: j + 1,
    })
}

/// Does an instruction start at `c`? ([`head`], when only the answer is
/// wanted.)
pub(crate) fn starts_instruction(b: &[u8], c: usize, end: usize) -> bool {
    head(b, c, end).is_some()
}

/// Does the line from `at` to `le` continue an instruction (rather than
/// start something else or end a computation)?
pub(crate) fn continues(b: &[u8], at: usize, le: usize) -> bool {
    if at >= le {
        return false;
    }
    let c = skip_inline(b, at, le);
    if c >= le || b[c] == b'}' || starts_at(b, c, le, b"//") {
        return false;
    }
    !(starts_at(b, c, le, b"ENTRY ")
        || starts_at(b, c, le, b"HloModule")
        || starts_instruction(b, c, le))
}

fn trim_back(b: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && b[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    end
}

/// An opcode (`add`, `all-reduce-scatter`, `get-tuple-element`) directly
/// followed by `(`: its end.
fn opcode_end(b: &[u8], i: usize, end: usize) -> Option<usize> {
    if i >= end || !b[i].is_ascii_lowercase() {
        return None;
    }
    let mut j = i;
    while j < end
        && (b[j].is_ascii_lowercase() || b[j].is_ascii_digit() || b[j] == b'-' || b[j] == b'_')
    {
        j += 1;
    }
    (j < end && b[j] == b'(').then_some(j)
}

/// Which lines an instruction is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Lines {
    /// Only its head's line, ending at `line_end` (its `\n` or the text's
    /// end): a report's `XLA label:`.
    One { line_end: usize },
    /// Its head's line, ending at `line_end`, and the lines after it that
    /// continue it, up to `text_end`: HLO text.
    Following { line_end: usize, text_end: usize },
}

/// Parses the instruction whose head [`head`] read as `h` from `lines`
/// into `parts`; `parts.end` is the end of its last line.
pub(crate) fn parse_instruction_on(b: &[u8], h: &Head, lines: Lines, parts: &mut Parts) {
    parts.clear();
    let mut r = Reader::new(b, lines);
    parts.root = h.root;
    let nw = h.name_written;
    parts.name_written = nw;
    parts.name = Span::new(
        if b[nw.start] == b'%' {
            nw.start + 1
        } else {
            nw.start
        },
        nw.end,
    );
    let mut i = r.skip(h.after_eq);
    if let Some(e) = r.result_shape(i, &mut parts.memo) {
        parts.shape = Some(Span::new(i, e));
        i = r.skip(e);
    }
    let le = r.line_end();
    let Some(oe) = opcode_end(b, i, le) else {
        // No operand list: whatever follows is text.
        free_shapes(b, FreeText::rest_of_line(i, le), Strings::Skip, |s, e| {
            parts.text_shapes.push(Span::new(s, e))
        });
        parts.end = le;
        return;
    };
    parts.opcode = Some(Span::new(i, oe));
    let open = oe;
    let close = if &b[i..oe] == b"constant" {
        // A literal, not operands.
        let stop = r.balanced(open + 1, Cross::Lines, None);
        (stop < r.line_end() && b[stop] == b')').then_some(stop)
    } else {
        operands(&mut r, open, parts)
    };
    let Some(close) = close else {
        parts.end = r.line_end();
        return;
    };
    parts.operand_list = Some(Span::new(open, close + 1));
    attributes(&mut r, close + 1, parts);
    parts.end = r.line_end();
}

/// The operand list from its `(`; returns the offset of its `)`.
fn operands(r: &mut Reader, open: usize, parts: &mut Parts) -> Option<usize> {
    let b = r.b;
    let mut j = open + 1;
    loop {
        j = r.skip(j);
        // The line `j` is on (the skip may have crossed lines): read
        // again after every call that may cross.
        let le = r.line_end();
        if j >= le {
            return None;
        }
        if b[j] == b')' {
            return Some(j);
        }
        let start = j;
        let mut arg = Arg::default();
        if let Some(e) = parts.memo.shape_end(b, j, le) {
            arg.shape = Some(Span::new(j, e));
            j = skip_inline(b, e, le);
        }
        if j < le && (b[j] == b'%' || b[j].is_ascii_alphabetic() || b[j] == b'_') {
            if let Some(e) = name_end(b, j, le) {
                arg.name = Some(Span::new(if b[j] == b'%' { j + 1 } else { j }, e));
                j = e;
            }
        }
        // After its name an operand mostly ends: no call to walk nothing.
        let stop = match b.get(j) {
            Some(b',' | b')') if j < le => j,
            _ => r.balanced(j, Cross::Lines, None),
        };
        arg.span = Span::new(start, trim_back(b, start, stop));
        if !arg.span.is_empty() {
            parts.args.push(arg);
        }
        j = stop;
        match b.get(j).filter(|_| j < r.line_end()) {
            Some(b',') => j += 1,
            Some(b')') => return Some(j),
            _ => return None,
        }
    }
}

/// `, name=value, ...` after the operand list, to the end of the
/// instruction.
fn attributes(r: &mut Reader, mut i: usize, parts: &mut Parts) {
    let b = r.b;
    let mut after_comma = false;
    loop {
        let le = r.line_end();
        i = skip_inline(b, i, le);
        if i >= le {
            // Only a comma carries the list onto the next line. (Stepping
            // onto it first and then declining took the line into the
            // instruction unread: a line of text after an instruction
            // lost its shapes.)
            if !after_comma {
                return;
            }
            match r.next_line() {
                Some(at) => {
                    i = at;
                    continue;
                }
                None => return,
            }
        }
        if b[i] == b',' {
            after_comma = true;
            i += 1;
            continue;
        }
        after_comma = false;
        let name = name_end(b, i, le).filter(|&e| b[i] != b'%' && e < le && b[e] == b'=');
        let Some(ne) = name else {
            // Not an attribute: the rest of the line is text.
            free_shapes(b, FreeText::rest_of_line(i, le), Strings::Skip, |s, e| {
                parts.text_shapes.push(Span::new(s, e))
            });
            return;
        };
        // A value may run onto later lines (a string, brackets): the line
        // end moves with it.
        let stop = r.balanced(ne + 1, Cross::Nested, Some(&mut parts.text_shapes));
        let value_end = trim_back(b, ne + 1, stop);
        parts.attrs.push(Attr {
            span: Span::new(i, value_end),
            name: Span::new(i, ne),
            value: Span::new(ne + 1, value_end),
        });
        i = if stop < r.line_end() && b[stop] != b',' {
            stop + 1
        } else {
            stop
        };
    }
}

#[cfg(test)]
#[path = "instruction_tests.rs"]
mod tests;
