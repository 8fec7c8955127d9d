//! Byte spans into the user's input text.
//!
//! Every syntactic item the parser produces remembers where it was written so
//! that validation errors, found long after parsing, can still point at the
//! offending characters.

use std::fmt;
use std::ops::Range;

/// A half-open byte range `start..end` into the input text.
///
/// Spans compare by value. AST nodes wrap their values in [`Spanned`], whose
/// equality ignores the span, so that `parse(print(x)) == x` holds even
/// though the printed text puts things at other offsets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// The smallest span covering both `self` and `other`.
    pub fn to(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }

    pub fn range(self) -> Range<usize> {
        self.start..self.end
    }

    pub fn is_empty(self) -> bool {
        self.start >= self.end
    }
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}..{}", self.start, self.end)
    }
}

/// A value together with the span of text it was parsed from.
///
/// Equality and hashing look at the value only: where a thing was written is
/// not part of what it is.
#[derive(Clone, Copy, Debug, Default)]
pub struct Spanned<T> {
    pub value: T,
    pub span: Span,
}

impl<T> Spanned<T> {
    pub const fn new(value: T, span: Span) -> Spanned<T> {
        Spanned { value, span }
    }

    /// A value with no source text (built in code, not parsed).
    pub fn synthetic(value: T) -> Spanned<T> {
        Spanned::new(value, Span::default())
    }
}

impl<T: PartialEq> PartialEq for Spanned<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Spanned<T> {}

impl<T: std::hash::Hash> std::hash::Hash for Spanned<T> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.value.hash(state)
    }
}
