//! The tables a scan's finds name by number, and the one rule that keeps
//! every number pointing into the table it was given for.
//!
//! # The rule
//!
//! A find ([`Found`]) names its shape's facts, and its report entry or
//! sharding, by number in the [`Tables`] of the [`super::Finds`] that hold
//! it. The scanner writes a new table for every step whose finds are
//! taken and for every piece scanned on a thread, and its caches (the
//! facts cache, the sharding cache) remember the number each value got so
//! that it is handed out again without a count taken. A number is
//! therefore right only with the table it was given for, and the types
//! hold that, not the callers:
//!
//! 1. **A table owns its id.** [`Tables`] holds a [`TableId`] no other
//!    table had in this process, with its entries. Entries are only ever
//!    pushed onto the end; a table whose entries are moved out
//!    ([`Tables::append`]'s source, a table taken with `mem::take`) is
//!    left with a new id. So a number given for an id stays right for as
//!    long as that id names a table.
//! 2. **A remembered number carries its table's id.** [`Numbered`] (a
//!    cache's value with its number) is asked for its number only with
//!    the table itself ([`Numbered::at`]), never with an id passed apart:
//!    there is no "now a new table" call to forget.
//! 3. **A find's numbers carry their table's tag.** [`Number`] holds the
//!    low byte of its table's id, and a find keeps it (in a byte its
//!    layout had spare: a find stays 56 bytes). Read against tables with
//!    another tag, a find names nothing ([`Tables::get`]), and every
//!    place that pairs a find with its own tables (`Finds::iter`, `get`,
//!    the hand-over in `take_found`, a report entry's `attach`) checks the
//!    tag with `debug_assert!`: a mix-up fails the tests loudly, where it
//!    used to give empty facts silently. (Ids are counted up, so the
//!    previous table's tag always differs; two tables 256 ids apart share
//!    one, which only the debug checks' coverage, not correctness,
//!    depends on.)

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use super::attached::Attached;
use super::found::{Found, ShapeFacts};

/// The name of one [`Tables`], unique in the process.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TableId(u64);

impl TableId {
    /// A name no table had before.
    fn fresh() -> TableId {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        TableId(NEXT.fetch_add(1, Ordering::Relaxed))
    }

    /// What a [`Number`] and a find keep of it.
    fn tag(self) -> u8 {
        self.0 as u8
    }
}

/// The tables a scan's finds name by number: one entry per distinct facts,
/// one per report entry or distinct sharding. See the module's docs for
/// the rule that keeps numbers and tables together.
///
/// A clone keeps the id: it holds the same entries at the same numbers,
/// so the finds cloned with it name the same things. Only the scanner's
/// own tables are numbered into by its caches, and those are never cloned.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    id: TableId,
    facts: Vec<Arc<ShapeFacts>>,
    attached: Vec<Arc<Attached>>,
}

impl Default for Tables {
    fn default() -> Tables {
        Tables {
            id: TableId::fresh(),
            facts: Vec::new(),
            attached: Vec::new(),
        }
    }
}

/// Entry `at` of the table tagged `tag`, of kind `T`. Made only by
/// [`Tables::push`], kept in a find as its tag and two 32-bit numbers.
pub(crate) struct Number<T> {
    tag: u8,
    at: u32,
    kind: PhantomData<fn() -> T>,
}

impl<T> Clone for Number<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Number<T> {}

impl<T> std::fmt::Debug for Number<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "#{}@{}", self.at, self.tag)
    }
}

impl<T> Number<T> {
    /// A number as a find keeps it: `at` past `u32::MAX - 1` (never, for
    /// a text the scanner reads) becomes one no table has.
    pub(crate) fn from_parts(tag: u8, at: usize) -> Number<T> {
        Number {
            tag,
            at: u32::try_from(at).unwrap_or(u32::MAX),
            kind: PhantomData,
        }
    }

    pub(crate) fn tag(self) -> u8 {
        self.tag
    }

    pub(crate) fn at(self) -> u32 {
        self.at
    }
}

/// What [`Tables`] holds: facts, and report entries or shardings, each in
/// its own column.
pub(crate) trait Column: Sized {
    fn column(t: &Tables) -> &Vec<Arc<Self>>;
    fn column_mut(t: &mut Tables) -> &mut Vec<Arc<Self>>;
}

impl Column for ShapeFacts {
    fn column(t: &Tables) -> &Vec<Arc<Self>> {
        &t.facts
    }
    fn column_mut(t: &mut Tables) -> &mut Vec<Arc<Self>> {
        &mut t.facts
    }
}

impl Column for Attached {
    fn column(t: &Tables) -> &Vec<Arc<Self>> {
        &t.attached
    }
    fn column_mut(t: &mut Tables) -> &mut Vec<Arc<Self>> {
        &mut t.attached
    }
}

impl Tables {
    /// The tag every number given by these tables carries.
    pub(crate) fn tag(&self) -> u8 {
        self.id.tag()
    }

    /// No entries in either column.
    pub(crate) fn is_empty(&self) -> bool {
        self.facts.is_empty() && self.attached.is_empty()
    }

    /// Puts `value` at the end of its column: its number.
    pub(crate) fn push<T: Column>(&mut self, value: Arc<T>) -> Number<T> {
        let tag = self.id.tag();
        let column = T::column_mut(self);
        column.push(value);
        Number::from_parts(tag, column.len() - 1)
    }

    /// The entry `n` names, if `n` is a number of these tables.
    #[inline]
    pub(crate) fn get<T: Column>(&self, n: Number<T>) -> Option<&Arc<T>> {
        if n.tag != self.id.tag() {
            return None;
        }
        T::column(self).get(n.at as usize)
    }

    /// Moves `other`'s entries after these: the numbers `other` gave are
    /// these tables' numbers moved past `(facts, attached)`, returned.
    /// `other` is left empty, with a new id (its old numbers name nothing
    /// any more, and no cache may hand them out for it again).
    pub(crate) fn append(&mut self, other: &mut Tables) -> (usize, usize) {
        let moved = (self.facts.len(), self.attached.len());
        self.facts.append(&mut other.facts);
        self.attached.append(&mut other.attached);
        other.id = TableId::fresh();
        moved
    }
}

/// Something the finds name by number (a shape's facts, a sharding), with
/// its number in the last table it was put in. The facts cache and the
/// sharding cache both keep theirs so.
#[derive(Debug)]
pub(crate) struct Numbered<T> {
    value: Arc<T>,
    /// The table `at` numbers; `None` before the first.
    table: Option<TableId>,
    at: Number<T>,
}

impl<T> Clone for Numbered<T> {
    fn clone(&self) -> Self {
        Numbered {
            value: Arc::clone(&self.value),
            table: self.table,
            at: self.at,
        }
    }
}

impl<T: Column> Numbered<T> {
    /// `value`, in no table yet.
    pub(crate) fn new(value: Arc<T>) -> Numbered<T> {
        Numbered {
            value,
            table: None,
            at: Number::from_parts(0, usize::MAX),
        }
    }

    /// Its number in `tables`: the one it has there, or a new one, the
    /// first time it is asked for there (one count).
    #[inline]
    pub(crate) fn at(&mut self, tables: &mut Tables) -> Number<T> {
        if self.table != Some(tables.id) {
            self.table = Some(tables.id);
            self.at = tables.push(Arc::clone(&self.value));
        }
        self.at
    }
}

/// A find's numbers are of `tables`: the check the finds' own paths make
/// (module docs, rule 3). Free in release builds.
#[inline]
pub(crate) fn debug_check_own(f: &Found, tables: &Tables) {
    debug_assert_eq!(
        f.table_tag(),
        tables.tag(),
        "a find names tables other than the ones it is held with: {f:?}"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(n: u64) -> Arc<ShapeFacts> {
        Arc::new(ShapeFacts {
            elements: Some(n),
            ..ShapeFacts::default()
        })
    }

    /// A value asked for again in the same tables keeps its number; in
    /// other tables it gets one there, and a number of one table names
    /// nothing in the next.
    #[test]
    fn a_number_names_only_its_own_table() {
        let (mut one, mut two) = (Tables::default(), Tables::default());
        let mut a = Numbered::new(facts(1));
        let mut b = Numbered::new(facts(2));
        let (a1, b1) = (a.at(&mut one), b.at(&mut one));
        assert_eq!((a1.at(), b1.at()), (0, 1));
        assert_eq!(a.at(&mut one).at(), 0);
        assert_eq!(one.facts.len(), 2);
        let b2 = b.at(&mut two);
        assert_eq!(b2.at(), 0);
        assert_eq!(two.get(b2).and_then(|f| f.elements), Some(2));
        // `a1` is number 0 of `one`; in `two` number 0 is `b`'s: the tag
        // keeps `a1` from naming it.
        assert!(two.get(a1).is_none());
        assert_eq!(one.get(a1).and_then(|f| f.elements), Some(1));
    }

    /// Appending moves numbers past the entries before and renews the
    /// emptied tables' id: a cache asked again for them pushes anew.
    #[test]
    fn an_emptied_table_is_a_new_table() {
        let (mut into, mut from) = (Tables::default(), Tables::default());
        let mut a = Numbered::new(facts(1));
        let mut b = Numbered::new(facts(2));
        a.at(&mut into);
        let old = b.at(&mut from);
        assert_eq!(into.append(&mut from), (1, 0));
        assert!(from.is_empty());
        assert!(from.get(old).is_none());
        let again = b.at(&mut from);
        assert_eq!(from.get(again).and_then(|f| f.elements), Some(2));
        let moved = Number::<ShapeFacts>::from_parts(into.tag(), old.at() as usize + 1);
        assert_eq!(into.get(moved).and_then(|f| f.elements), Some(2));
    }

    /// Ids are counted up, and the next id's tag always differs: a
    /// table and the one made after it never share a tag.
    #[test]
    fn the_next_id_has_another_tag() {
        for k in 0..600u64 {
            assert_ne!(TableId(k).tag(), TableId(k + 1).tag());
        }
        let (a, b) = (TableId::fresh(), TableId::fresh());
        assert!(b.0 > a.0);
    }
}
