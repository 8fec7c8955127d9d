//! What a scan (or one step of one) found: its [`Found`]s in text order,
//! and the facts they name by number.
//!
//! A find holds no pointer: its shape's facts and its report entry or
//! sharding are numbers into tables held here, beside the finds. So the
//! finds are plain bytes (`Copy`): making one takes no count, dropping a
//! scan's finds is freeing one buffer, not a walk over every find
//! (docs/performance/native-scan.md, "Finds without pointers"). Which
//! table a number points into is `tables.rs`'s rule: the tables own their
//! id, and every find carries its tables' tag.

use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Arc;

use super::attached::{Allocation, Attached};
use super::found::{Found, ShapeFacts};
use super::role::Role;
use super::sharding::ShardingFacts;
use super::tables::{debug_check_own, Number, Tables};
use crate::core::span::Span;

/// Finds, in text order, with the tables their numbers point into.
/// Printed (`{:?}`), it lists each find with what it names, not the
/// numbers: two scans that found the same print the same, however their
/// tables were filled.
#[derive(Clone, Default)]
pub struct Finds {
    pub(crate) found: Vec<Found>,
    pub(crate) tables: Tables,
    /// The computations the finds' instructions are in, in text order:
    /// where each opens (a byte offset) and its name. The first may have
    /// opened before these finds (an earlier step's finds list it too).
    pub(crate) computations: Vec<(usize, Span)>,
    /// The entry of `computations` the last lookup found: finds are most
    /// often read in text order, so the next one is mostly in it.
    last: LastComputation,
}

/// [`Finds::computations`]' last hit: an atomic, so that finds stay
/// `Sync` (Python's scan reads them with the GIL released), relaxed, as it
/// is only where a lookup starts, never what it finds.
#[derive(Default)]
struct LastComputation(AtomicUsize);

impl Clone for LastComputation {
    fn clone(&self) -> LastComputation {
        LastComputation(AtomicUsize::new(self.0.load(Relaxed)))
    }
}

/// A find with what it names: its facts, and its report entry or sharding.
/// It reads as the [`Found`] it wraps (`f.span()`, `f.role`).
#[derive(Clone, Copy)]
pub struct FoundRef<'a> {
    found: &'a Found,
    /// Canonical text, error and sizes of the shape's text.
    pub facts: &'a ShapeFacts,
    attached: Option<&'a Attached>,
    computations: &'a [(usize, Span)],
    last: &'a AtomicUsize,
}

impl Finds {
    /// How many shapes were found.
    pub fn len(&self) -> usize {
        self.found.len()
    }

    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// The finds alone, in text order.
    pub fn found(&self) -> &[Found] {
        &self.found
    }

    /// Find `i` with what it names.
    pub fn get(&self, i: usize) -> Option<FoundRef<'_>> {
        self.found.get(i).map(|f| self.own(f))
    }

    /// Every find with what it names, in text order.
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            finds: self,
            inner: self.found.iter(),
        }
    }

    /// `f`, one of these finds, with what it names.
    ///
    /// A find of another scan names nothing here (empty facts, no report
    /// entry or sharding): its numbers are of other tables, which it
    /// carries the tag of. Never a panic. (One tag in 256 is shared by
    /// other tables: such a find names what is at its numbers here, or
    /// nothing.)
    pub fn with<'a>(&'a self, f: &'a Found) -> FoundRef<'a> {
        static NONE: ShapeFacts = ShapeFacts::empty();
        FoundRef {
            found: f,
            facts: self.tables.get(f.facts_at()).map_or(&NONE, |a| a),
            attached: f
                .attached_at()
                .and_then(|k| self.tables.get(k))
                .map(|a| &**a),
            computations: &self.computations,
            last: &self.last.0,
        }
    }

    /// [`Finds::with`] for a find held here: its tag is checked in debug
    /// builds (a find of these finds naming other tables is a bug).
    #[inline]
    fn own<'a>(&'a self, f: &'a Found) -> FoundRef<'a> {
        debug_check_own(f, &self.tables);
        self.with(f)
    }

    /// Room for `additional` more finds without moving them.
    pub fn reserve_exact(&mut self, additional: usize) {
        self.found.reserve_exact(additional);
    }

    /// How many finds fit before the finds move.
    pub fn capacity(&self) -> usize {
        self.found.capacity()
    }

    /// Moves `other`'s finds (a later part of the same text's scan) after
    /// these, with what they name; `other` is left empty.
    pub fn append(&mut self, other: &mut Finds) {
        self.append_lines_down(other, 0);
    }

    /// [`Finds::append`], the finds moved `lines` lines down (a piece of a
    /// text scanned on its own counts its lines from its start).
    pub(crate) fn append_lines_down(&mut self, other: &mut Finds, lines: usize) {
        if self.found.is_empty() && self.tables.is_empty() && lines == 0 {
            // Nothing here yet: `other`'s tables become these, as they
            // are, and its finds' numbers stay right.
            self.found.append(&mut other.found);
            std::mem::swap(&mut self.tables, &mut other.tables);
            other.tables = Tables::default();
            self.append_computations(&mut other.computations);
            return;
        }
        self.append_computations(&mut other.computations);
        let moved = self.tables.append(&mut other.tables);
        let tag = self.tables.tag();
        self.found.extend(other.found.drain(..).map(|mut f| {
            f.rebase(lines, moved, tag);
            f
        }));
    }

    /// `later`'s computations after these, the one both list once.
    fn append_computations(&mut self, later: &mut Vec<(usize, Span)>) {
        let skip = usize::from(
            self.computations.last().is_some() && self.computations.last() == later.first(),
        );
        self.computations.extend(later.drain(..).skip(skip));
    }

    /// Gives `f`, a find naming `from`'s tables, the same facts in these
    /// tables.
    pub(crate) fn adopt(&mut self, f: &mut Found, from: &Finds) {
        debug_check_own(f, &from.tables);
        let facts = from.tables.get(f.facts_at()).map(Arc::clone);
        let facts = match facts {
            Some(a) => self.tables.push(a),
            None => Number::from_parts(self.tables.tag(), usize::MAX),
        };
        let attached = f.attached_at().and_then(|k| from.tables.get(k));
        let attached = attached.map(|a| self.tables.push(Arc::clone(a)));
        f.renumber(facts, attached);
    }

    /// The number of a report entry or sharding put in the tables.
    pub(crate) fn attach(&mut self, a: Arc<Attached>) -> Number<Attached> {
        self.tables.push(a)
    }
}

/// [`Finds::iter`].
#[derive(Clone, Debug)]
pub struct Iter<'a> {
    finds: &'a Finds,
    inner: std::slice::Iter<'a, Found>,
}

impl<'a> Iterator for Iter<'a> {
    type Item = FoundRef<'a>;

    fn next(&mut self) -> Option<FoundRef<'a>> {
        self.inner.next().map(|f| self.finds.own(f))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }

    fn nth(&mut self, n: usize) -> Option<FoundRef<'a>> {
        self.inner.nth(n).map(|f| self.finds.own(f))
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|f| self.finds.own(f))
    }
}

impl ExactSizeIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a Finds {
    type Item = FoundRef<'a>;
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

impl std::fmt::Debug for Finds {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl std::fmt::Debug for FoundRef<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Found")
            .field("role", &self.role)
            .field("root", &self.root)
            .field("span", &self.span())
            .field("line", &self.line())
            .field("column", &self.column())
            .field("instruction", &self.instruction())
            .field("opcode", &self.opcode())
            .field("index", &self.index())
            .field("name", &self.name())
            .field("computation", &self.computation())
            .field("facts", self.facts)
            .field("attached", &self.attached)
            .finish()
    }
}

impl std::ops::Deref for FoundRef<'_> {
    type Target = Found;

    fn deref(&self) -> &Found {
        self.found
    }
}

impl<'a> FoundRef<'a> {
    /// The find itself.
    pub fn found(&self) -> &'a Found {
        self.found
    }

    /// The computation the shape is in: the one whose signature holds it,
    /// or, for an instruction's shapes (its result, operands and the
    /// shapes in its attributes), the computation the instruction is in;
    /// `None` outside any (an instruction pasted alone, a memory report).
    pub fn computation(&self) -> Option<Span> {
        let f = self.found;
        if let Some(c) = f.computation() {
            return Some(c);
        }
        if f.instruction().is_none() || !matches!(f.role, Role::Result | Role::Operand | Role::Text)
        {
            return None;
        }
        let at = f.span().start;
        let c = self.computations;
        // The last hit, when the find is in it (reading in text order);
        // else a binary search.
        let k = self.last.load(Relaxed);
        let within = |k: usize| {
            c.get(k).is_some_and(|&(start, _)| start <= at)
                && c.get(k + 1).is_none_or(|&(next, _)| next > at)
        };
        if within(k) {
            return Some(c[k].1);
        }
        let k = c
            .partition_point(|&(start, _)| start <= at)
            .checked_sub(1)?;
        self.last.store(k, Relaxed);
        Some(c[k].1)
    }

    /// `N` of an instruction `parameter(N)`, on its result: which argument
    /// of its computation it is.
    pub fn parameter_number(&self, text: &str) -> Option<u64> {
        let f = self.found;
        if f.role != Role::Result || text.get(f.opcode()?.range())? != "parameter" {
            return None;
        }
        let rest = text.get(f.opcode()?.end..)?.strip_prefix('(')?;
        let digits = &rest[..rest.find(')')?];
        digits.trim().parse().ok()
    }

    /// The memory report entry, for [`super::Role::Allocation`].
    pub fn allocation(&self) -> Option<&'a Allocation> {
        match self.attached? {
            Attached::Allocation(a) => Some(a),
            Attached::Sharding(_) => None,
        }
    }

    /// The instruction's `sharding=` (or Shardy's), on its result only.
    pub fn sharding(&self) -> Option<&'a ShardingFacts> {
        match self.attached? {
            Attached::Sharding(s) => Some(s),
            Attached::Allocation(_) => None,
        }
    }

    /// The error's span in the whole text, when the shape is invalid.
    pub fn error_span(&self) -> Option<Span> {
        let start = self.span().start;
        self.facts
            .error
            .as_ref()
            .map(|e| Span::new(start.saturating_add(e.start), start.saturating_add(e.end)))
    }

    /// Our sizes agree with the report's `Size` and `Unpadded size`
    /// (within their printed rounding). `None` unless an allocation.
    pub fn matches(&self) -> Option<bool> {
        let a = self.allocation()?;
        let checks = [
            a.size.as_ref().map(|_| a.size_matches(self.facts)),
            a.unpadded.as_ref().map(|_| a.unpadded_matches(self.facts)),
        ];
        // Nothing reported to compare with, or sizes we could not compute
        // (an invalid shape), is no match.
        let mut any = false;
        for c in checks.into_iter().flatten() {
            any = true;
            if c != Some(true) {
                return Some(false);
            }
        }
        Some(any)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::hlo::found::Ctx;

    /// A find held with tables it was not numbered in is a bug: the
    /// debug build says so when the finds are read, where it used to
    /// show empty facts.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "a find names tables other than")]
    fn a_find_held_with_other_tables_fails_loudly() {
        let mut finds = crate::core::hlo::scan("f32[2]{0}");
        let other = Number::from_parts(finds.tables.tag().wrapping_add(1), 0);
        finds.found[0] = Found::new(Role::Text, Span::new(0, 9), (1, 1), &Ctx::default(), other);
        for f in &finds {
            std::hint::black_box(f.facts);
        }
    }

    /// Read through `with`, the same find names nothing, in any build.
    #[test]
    fn a_find_of_other_tables_names_nothing() {
        let finds = crate::core::hlo::scan("f32[2]{0}");
        let tag = finds.tables.tag();
        let own = Number::from_parts(tag, 0);
        let f = Found::new(Role::Text, Span::new(0, 9), (1, 1), &Ctx::default(), own);
        assert!(finds.with(&f).facts.canonical.is_some());
        let other = Number::from_parts(tag.wrapping_add(1), 0);
        let f = Found::new(Role::Text, Span::new(0, 9), (1, 1), &Ctx::default(), other);
        assert!(finds.with(&f).facts.canonical.is_none());
    }
}
