//! What the scanner finds: a shape's span in the text, where it came from
//! (its [`Role`], `role.rs`), and its facts (canonical text or error,
//! sizes).
//!
//! A [`Found`] holds spans, never copies of the text around it; the facts
//! of one shape text are computed once and named by number by every place
//! that writes the same text (the table is the scan's: [`super::Finds`];
//! which table a number points into is `tables.rs`'s rule).

use super::attached::Attached;
use super::role::Role;
use super::tables::Number;
use crate::core::span::Span;

/// The longest text the scanner reads: its finds keep offsets, lines and
/// columns in 32 bits (a find takes 64 bytes instead of 176, and a scan's
/// time is largely the writing of its finds: docs/performance/native-scan.md). A
/// longer text is refused ([`super::Outcome::TooLong`]).
pub const MAX_SCAN_LEN: usize = u32::MAX as usize - 1;

/// Where a shape sits besides its span: the instruction, operand,
/// parameter or computation it belongs to.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Ctx {
    pub instruction: Option<Span>,
    pub opcode: Option<Span>,
    pub root: bool,
    pub index: Option<usize>,
    pub name: Option<Span>,
    pub computation: Option<Span>,
}

/// A span of a text no longer than [`MAX_SCAN_LEN`], in 8 bytes; `start`
/// `u32::MAX` is none (no offset of such a text is that large).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct At {
    start: u32,
    end: u32,
}

impl At {
    const NONE: At = At {
        start: u32::MAX,
        end: u32::MAX,
    };

    fn of(s: Option<Span>) -> At {
        s.map_or(At::NONE, |s| At {
            start: small(s.start),
            end: small(s.end),
        })
    }

    fn get(self) -> Option<Span> {
        (self.start != u32::MAX).then(|| Span::new(self.start as usize, self.end as usize))
    }
}

/// An offset, line, column or index of a text the scanner reads: it fits
/// below `u32::MAX`. Past that (never, for such a text) it saturates.
fn small(v: usize) -> u32 {
    // Clamped first: the conversion then never fails, one compare in all.
    u32::try_from(v.min(SMALL_MAX)).unwrap_or(u32::MAX - 1)
}

/// The most [`small`] keeps (`u32::MAX` marks an absent span).
const SMALL_MAX: usize = u32::MAX as usize - 1;

/// One shape found in the text. Its positions are read through methods
/// (`span()`, `line()`, `instruction()`, ...): they are kept compact. Its
/// facts, report entry and sharding are read through the scan's
/// [`super::Finds`] ([`super::FoundRef`]).
#[derive(Clone, Copy, Debug)]
pub struct Found {
    pub role: Role,
    /// The instruction is its computation's `ROOT`.
    pub root: bool,
    /// The shape is in a computation's signature: `owner` is the
    /// computation then, else the instruction. (A signature's shapes have
    /// no instruction and an instruction's no computation: one span holds
    /// either, and a find is 8 bytes smaller.)
    in_signature: bool,
    /// The tag of the tables its two numbers are of (`tables.rs`, rule 3),
    /// in the byte the fields above leave spare.
    table: u8,
    span: At,
    line: u32,
    column: u32,
    index: u32,
    owner: At,
    opcode: At,
    name: At,
    /// The number of the shape's facts in its scan's table (`table`).
    facts: u32,
    /// The number of its memory report entry or its instruction's
    /// sharding in its scan's table; `u32::MAX` for none.
    attached: u32,
}

impl Found {
    /// A find at `span` (line and column of its start) in a text no longer
    /// than [`MAX_SCAN_LEN`].
    pub(crate) fn new(
        role: Role,
        span: Span,
        (line, column): (usize, usize),
        ctx: &Ctx,
        facts: Number<ShapeFacts>,
    ) -> Found {
        // The scanner gives a computation only to a signature's shapes,
        // which have no instruction.
        debug_assert!(ctx.computation.is_none() || ctx.instruction.is_none());
        let in_signature = ctx.computation.is_some();
        Found {
            role,
            root: ctx.root,
            in_signature,
            table: facts.tag(),
            span: At::of(Some(span)),
            line: small(line),
            column: small(column),
            index: ctx.index.map_or(u32::MAX, small),
            owner: At::of(ctx.computation.or(ctx.instruction)),
            opcode: At::of(ctx.opcode),
            name: At::of(ctx.name),
            facts: facts.at(),
            attached: u32::MAX,
        }
    }

    /// Moves the find `lines` lines down and its numbers past `facts` and
    /// `attached` entries, into the tables tagged `tag` (a piece of the
    /// text scanned on its own counted its lines from its start, and
    /// numbered its own facts: `Tables::append` says how far they moved).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(crate) fn rebase(&mut self, lines: usize, (facts, attached): (usize, usize), tag: u8) {
        self.line = small((self.line as usize).saturating_add(lines));
        self.facts = small((self.facts as usize).saturating_add(facts));
        if self.attached != u32::MAX {
            self.attached = small((self.attached as usize).saturating_add(attached));
        }
        self.table = tag;
    }

    /// Gives the find other numbers for its facts and its attachment, both
    /// of one other table.
    pub(crate) fn renumber(
        &mut self,
        facts: Number<ShapeFacts>,
        attached: Option<Number<Attached>>,
    ) {
        self.table = facts.tag();
        self.facts = facts.at();
        self.attach(attached);
    }

    /// Gives the find the report entry or sharding numbered `k`, of the
    /// table its facts are in.
    pub(crate) fn attach(&mut self, k: Option<Number<Attached>>) {
        debug_assert!(
            k.is_none_or(|k| k.tag() == self.table),
            "an attachment of other tables than the find's facts: {k:?} on {self:?}"
        );
        self.attached = k.map_or(u32::MAX, |k| k.at());
    }

    /// The tag of the tables the find's numbers are of.
    pub(crate) fn table_tag(&self) -> u8 {
        self.table
    }

    /// Where its facts are in its scan's tables.
    pub(crate) fn facts_at(&self) -> Number<ShapeFacts> {
        Number::from_parts(self.table, self.facts as usize)
    }

    /// Where its report entry or sharding is in its scan's tables.
    pub(crate) fn attached_at(&self) -> Option<Number<Attached>> {
        (self.attached != u32::MAX).then(|| Number::from_parts(self.table, self.attached as usize))
    }

    /// The shape as written (byte span into the scanned text).
    pub fn span(&self) -> Span {
        Span::new(self.span.start as usize, self.span.end as usize)
    }

    /// 1-based line of `span().start`.
    pub fn line(&self) -> usize {
        self.line as usize
    }

    /// 1-based column of `span().start`, counted in characters.
    pub fn column(&self) -> usize {
        self.column as usize
    }

    /// The instruction the shape belongs to (its name, without `%`), for
    /// results, operands, shapes in attributes and report labels.
    pub fn instruction(&self) -> Option<Span> {
        (!self.in_signature).then(|| self.owner.get()).flatten()
    }

    /// The instruction's opcode (`add`, `fusion`).
    pub fn opcode(&self) -> Option<Span> {
        self.opcode.get()
    }

    /// Operand number (from 0) or parameter number (from 0).
    pub fn index(&self) -> Option<usize> {
        (self.index != u32::MAX).then_some(self.index as usize)
    }

    /// The operand's name (without `%`) or the parameter's name.
    pub fn name(&self) -> Option<Span> {
        self.name.get()
    }

    /// The computation whose signature holds the shape.
    pub fn computation(&self) -> Option<Span> {
        self.in_signature.then(|| self.owner.get()).flatten()
    }
}

/// What a shape text is, computed once per distinct text.
#[derive(Clone, Debug, PartialEq)]
pub struct ShapeFacts {
    /// `array`, `tuple`, `token`, `opaque`, `buffer`; `None` when the text
    /// does not parse.
    pub kind: Option<&'static str>,
    /// XLA's canonical text; `None` when the text does not parse or is
    /// invalid.
    pub canonical: Option<String>,
    /// Why the shape is invalid (or cannot be laid out).
    pub error: Option<ShapeError>,
    /// Elements (summed over a tuple's leaves).
    pub elements: Option<u64>,
    /// Bytes of the elements alone.
    pub bytes_data: Option<u64>,
    /// Bytes the array occupies with all its padding.
    pub bytes_footprint: Option<u64>,
    /// What XLA's `ShapeUtil::ArraySize` reports (summed over leaves).
    pub bytes_xla: Option<u64>,
    /// Footprint elements over elements.
    pub expansion: Option<f64>,
    /// Share of the footprint that is padding, in percent.
    pub padding_percent: Option<f64>,
    /// These facts as JSON members, written by the first record that
    /// prints them ([`super::FoundRef::write_json`]) and copied by the
    /// next ones.
    pub(crate) json: super::record_json::FactsJson,
}

impl Default for ShapeFacts {
    fn default() -> ShapeFacts {
        ShapeFacts::empty()
    }
}

impl ShapeFacts {
    /// No facts (the default): what a find names past its tables' ends.
    pub(crate) const fn empty() -> ShapeFacts {
        ShapeFacts {
            kind: None,
            canonical: None,
            error: None,
            elements: None,
            bytes_data: None,
            bytes_footprint: None,
            bytes_xla: None,
            expansion: None,
            padding_percent: None,
            json: super::record_json::FactsJson::new(),
        }
    }
}

/// An invalid shape's reason and where, relative to the shape's start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeError {
    pub message: String,
    pub start: usize,
    pub end: usize,
}

#[cfg(test)]
#[path = "found_tests.rs"]
mod tests;
