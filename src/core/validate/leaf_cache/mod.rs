//! Validating the leaves of one parsed text once per distinct leaf text.
//!
//! HLO tuples repeat the same leaf thousands of times
//! (`(f32[2,3]{1,0:T(2,128)}, f32[2,3]{1,0:T(2,128)}, ...)`), and checking
//! one builds its [`Mapping`](crate::core::mapping::Mapping). Whether a
//! leaf is valid depends only on its text: the same bytes lex to the same
//! tokens (a leaf starts at a token's start and ends with `]` or `}`, which
//! no token runs past) and parse to the same tree with shifted spans, and
//! [`ArrayShape::validate`] reads the values, using spans only to say where
//! an error is. So a leaf whose text equals that of a leaf already found
//! valid is valid; an invalid leaf is never remembered (its error is the
//! result).
//!
//! Only for trees fresh from the parser, whose spans point into `text`: the
//! AST's fields are public, so an edited leaf (see
//! [`with_layout`](crate::core::sizes::variant::with_layout)) can say
//! something other than its text, and [`validate`](super::validate) checks
//! every leaf.

use std::collections::HashSet;

use crate::core::ast::{ArrayShape, Shape};
use crate::core::error::Error;

/// The texts of the leaves found valid so far, borrowed from the parsed
/// text: memory stays linear in it.
pub(super) struct ValidLeaves<'t> {
    text: &'t str,
    valid: HashSet<&'t str>,
}

impl<'t> ValidLeaves<'t> {
    /// For leaves parsed from `text`.
    pub(super) fn new(text: &'t str) -> ValidLeaves<'t> {
        ValidLeaves {
            text,
            valid: HashSet::new(),
        }
    }

    /// Validates `leaf` (parsed from this text) unless a leaf with the same
    /// text was found valid before.
    pub(super) fn check(&mut self, leaf: &ArrayShape) -> Result<(), Error> {
        // A span outside the text cannot happen for a parsed leaf; such a
        // leaf is validated and not remembered.
        let Some(key) = self.text.get(leaf.span.range()) else {
            return leaf.validate().map(drop);
        };
        if self.valid.contains(key) {
            return Ok(());
        }
        leaf.validate()?;
        self.valid.insert(key);
        Ok(())
    }
}

/// Calls `f` on every array leaf of `shape` in order (as
/// [`Shape::leaves`], without building index paths), stopping at the first
/// error.
pub(super) fn each_leaf<'s>(
    shape: &'s Shape,
    f: &mut dyn FnMut(&'s ArrayShape) -> Result<(), Error>,
) -> Result<(), Error> {
    match shape {
        Shape::Array(a) => f(a),
        Shape::Buffer(b) => f(&b.array),
        Shape::Tuple(t) => t.elements.iter().try_for_each(|e| each_leaf(e, f)),
        Shape::Token(_) | Shape::Opaque(_) => Ok(()),
    }
}

#[cfg(test)]
mod tests;
