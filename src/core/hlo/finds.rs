//! What a scan (or one step of one) found: its [`Found`]s in text order,
//! and the facts they name by number.
//!
//! A find holds no pointer: its shape's facts and its report entry or
//! sharding are numbers into tables held here, beside the finds. So the
//! finds are plain bytes (`Copy`): making one takes no count, dropping a
//! scan's finds is freeing one buffer, not a walk over every find
//! (docs/performance/native-scan.md, "Finds without pointers").

use std::sync::Arc;

use super::attached::{Allocation, Attached};
use super::found::{Found, ShapeFacts};
use super::sharding::ShardingFacts;
use crate::core::span::Span;

/// Finds, in text order, with the tables their numbers point into.
/// Printed (`{:?}`), it lists each find with what it names, not the
/// numbers: two scans that found the same print the same, however their
/// tables were filled.
#[derive(Clone, Default)]
pub struct Finds {
    pub(crate) found: Vec<Found>,
    pub(crate) facts: Vec<Arc<ShapeFacts>>,
    pub(crate) attached: Vec<Arc<Attached>>,
}

/// A find with what it names: its facts, and its report entry or sharding.
/// It reads as the [`Found`] it wraps (`f.span()`, `f.role`).
#[derive(Clone, Copy)]
pub struct FoundRef<'a> {
    found: &'a Found,
    /// Canonical text, error and sizes of the shape's text.
    pub facts: &'a ShapeFacts,
    attached: Option<&'a Attached>,
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
        self.found.get(i).map(|f| self.with(f))
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
    /// A find of another scan names the facts at its numbers here, or
    /// empty ones past the tables' ends: never a panic.
    pub fn with<'a>(&'a self, f: &'a Found) -> FoundRef<'a> {
        static NONE: ShapeFacts = ShapeFacts::empty();
        FoundRef {
            found: f,
            facts: self.facts.get(f.facts_at()).map_or(&NONE, |a| a),
            attached: f
                .attached_at()
                .and_then(|k| self.attached.get(k))
                .map(|a| &**a),
        }
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
        let (facts, attached) = (self.facts.len(), self.attached.len());
        if facts == 0 && attached == 0 && lines == 0 {
            self.found.append(&mut other.found);
        } else {
            self.found.extend(other.found.drain(..).map(|mut f| {
                f.rebase(lines, facts, attached);
                f
            }));
        }
        self.facts.append(&mut other.facts);
        self.attached.append(&mut other.attached);
    }

    /// Gives `f`, a find naming `from`'s tables, the same facts in these
    /// tables.
    pub(crate) fn adopt(&mut self, f: &mut Found, from: &Finds) {
        let facts = from.facts.get(f.facts_at()).map(Arc::clone);
        let facts = facts.map_or(u32::MAX as usize, |a| push(&mut self.facts, a));
        let attached = f.attached_at().and_then(|k| from.attached.get(k));
        let attached = attached.map(|a| push(&mut self.attached, Arc::clone(a)));
        f.renumber(facts, attached);
    }

    /// The number of a report entry or sharding put in the table.
    pub(crate) fn attach(&mut self, a: Arc<Attached>) -> usize {
        push(&mut self.attached, a)
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
        self.inner.next().map(|f| self.finds.with(f))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }

    fn nth(&mut self, n: usize) -> Option<FoundRef<'a>> {
        self.inner.nth(n).map(|f| self.finds.with(f))
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|f| self.finds.with(f))
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

/// Something the finds name by number (a shape's facts, a sharding), with
/// its number in the table named `table`, the last one it was put in.
/// The facts cache and the sharding cache both keep theirs so.
#[derive(Clone, Debug)]
pub(crate) struct Numbered<T> {
    value: Arc<T>,
    table: u64,
    at: usize,
}

impl<T> Numbered<T> {
    /// `value`, in no table yet: no table is named `u64::MAX` (the facts
    /// cache counts names up from 0, one for each table the finds are
    /// written into).
    pub(crate) fn new(value: Arc<T>) -> Numbered<T> {
        Numbered {
            value,
            table: u64::MAX,
            at: 0,
        }
    }

    /// Its number in `table`, the table named `now`: the one it has there,
    /// or a new one, the first time it is asked for there (one count).
    #[inline]
    pub(crate) fn at(&mut self, now: u64, table: &mut Vec<Arc<T>>) -> usize {
        if self.table != now {
            self.table = now;
            self.at = push(table, Arc::clone(&self.value));
        }
        self.at
    }
}

/// Puts `t` at the end of `v`: its number.
pub(crate) fn push<T>(v: &mut Vec<T>, t: T) -> usize {
    v.push(t);
    v.len() - 1
}
