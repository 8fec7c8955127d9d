//! Two layouts of the same array: is converting one into the other a
//! bitcast (the same bytes in the same order, no data moves) or a copy,
//! and how many elements move (issue 8, "Compare two layouts").
//!
//! An element *moves* when its bit position in memory (offset x element
//! bits) differs between the layouts; the pair is a bitcast when no
//! element moves and both footprints have the same size in bytes.
//! Counting walks both layouts in logical order with O(dims) memory, up to
//! [`COUNT_LIMIT`] elements; above that only structural reasoning answers
//! (identical layouts; untiled layouts whose physical orders agree once
//! size-1 dims are dropped), otherwise the count is reported as unknown
//! with the reason, never guessed.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::core::analysis::Analysis;
use crate::core::array::ArrayLayout;
use crate::core::ast::ArrayShape;
use crate::core::mapping::Mapping;
use crate::core::span::Span;
use crate::core::text::error::Window;

/// Most elements a comparison walks.
pub const COUNT_LIMIT: u64 = 1 << 24;

/// The verdict; `compare --json` prints exactly this.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Comparison {
    /// Same bytes in the same order; `null` when the arrays are too large
    /// to check and nothing structural decides it (see `reason`).
    pub bitcast: Option<bool>,
    pub elements: u64,
    /// Elements at a different bit position; `null` when too large to
    /// count (see `reason`).
    pub elements_moved: Option<u64>,
    pub bytes_footprint_a: u64,
    pub bytes_footprint_b: u64,
    /// Why `bitcast` or `elements_moved` is `null`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Why two shapes cannot be compared, pointing into the second text where
/// the first and second disagree.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompareError {
    pub reason: String,
    /// Byte range in `input`, when the error is in a text.
    pub span: Option<Span>,
    pub input: String,
}

impl fmt::Display for CompareError {
    /// As a parse error: the line holding the span, cut to a window around
    /// it (never the whole text), a `^^^` line under the span, and
    /// `line:column: reason`; only the reason when there is no span.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(span) = self.span {
            let window = Window::new(&self.input, span);
            writeln!(f, "{window}")?;
            return write!(f, "{}:{}: {}", window.line, window.column, self.reason);
        }
        write!(f, "{}", self.reason)
    }
}

/// Compares two analysed array shapes: `a` is the reference, `b` the one
/// whose text errors point into.
pub fn compare(a: &ArrayShape, b: &ArrayShape) -> Result<Comparison, CompareError> {
    let err = |reason: String, span: Option<Span>| CompareError {
        reason,
        span,
        input: b.source().to_owned(),
    };
    if a.element_type.value != b.element_type.value {
        return Err(err(
            format!(
                "the element types differ: {} and {}; a layout change keeps the element type",
                a.element_type.value, b.element_type.value
            ),
            Some(b.element_type.span),
        ));
    }
    let la = Analysis::of(a).map_err(|e| err(format!("the first shape: {}", e.reason()), None))?;
    let lb = Analysis::of(b).map_err(|e| err(e.reason(), Some(e.span())))?;
    let (da, db) = (la.mapping.dims(), lb.mapping.dims());
    if da.len() != db.len() {
        return Err(err(
            format!(
                "the dims differ: {} against {} dims; a layout change keeps the dims",
                da.len(),
                db.len()
            ),
            Some(b.dims_span),
        ));
    }
    if let Some(d) = (0..da.len()).find(|&d| da[d] != db[d]) {
        return Err(err(
            format!(
                "dim {d} has size {} in the first shape and {} here; a layout change keeps the dims (elements: {} against {})",
                da[d],
                db[d],
                la.mapping.num_elements(),
                lb.mapping.num_elements()
            ),
            Some(b.dims.get(d).map_or(b.dims_span, |s| s.span)),
        ));
    }
    Ok(compare_mappings(
        (&la.layout, &la.mapping, la.stats.bytes_footprint),
        (&lb.layout, &lb.mapping, lb.stats.bytes_footprint),
    ))
}

/// The verdict for two mappings of the same dims.
pub fn compare_mappings(
    a: (&ArrayLayout, &Mapping, u64),
    b: (&ArrayLayout, &Mapping, u64),
) -> Comparison {
    let (la, ma, bytes_a) = a;
    let (lb, mb, bytes_b) = b;
    let elements = ma.num_elements();
    let mut out = Comparison {
        bitcast: None,
        elements,
        elements_moved: None,
        bytes_footprint_a: bytes_a,
        bytes_footprint_b: bytes_b,
        reason: None,
    };
    if same_offsets(la, lb) && ma.element_bits() == mb.element_bits() {
        out.elements_moved = Some(0);
        out.bitcast = Some(bytes_a == bytes_b);
        return out;
    }
    let (bits_a, bits_b) = (u128::from(ma.element_bits()), u128::from(mb.element_bits()));
    let moved = |(x, y): (u64, u64)| u128::from(x) * bits_a != u128::from(y) * bits_b;
    let pairs = ma.walk_logical().zip(mb.walk_logical());
    if elements <= COUNT_LIMIT {
        let n = pairs.filter(|&p| moved(p)).count() as u64;
        out.elements_moved = Some(n);
        out.bitcast = Some(n == 0 && bytes_a == bytes_b);
        return out;
    }
    let limit =
        format!("the arrays have {elements} elements; counting walks at most {COUNT_LIMIT} (2^24)");
    if bytes_a != bytes_b {
        out.bitcast = Some(false);
        out.reason = Some(format!(
            "{limit}; the footprints differ, so it is not a bitcast"
        ));
    } else if pairs.take(COUNT_LIMIT as usize).any(moved) {
        out.bitcast = Some(false);
        out.reason = Some(format!(
            "{limit}; an element moves among the first {COUNT_LIMIT}, so it is not a bitcast"
        ));
    } else {
        out.reason = Some(format!(
            "{limit}; the first {COUNT_LIMIT} elements do not move, which does not decide the rest"
        ));
    }
    out
}

/// Whether two layouts of the same dims put every element at the same
/// offset for structural reasons: identical tiling, or untiled with the
/// same physical order of the dims larger than 1 (dims of size 1 add no
/// term to the linear index), and the same `L(n)`.
fn same_offsets(a: &ArrayLayout, b: &ArrayLayout) -> bool {
    if a.tail_padding_alignment() != b.tail_padding_alignment() || a.tiles() != b.tiles() {
        return false;
    }
    if a.minor_to_major() == b.minor_to_major() {
        return true;
    }
    if !a.tiles().is_empty() {
        return false;
    }
    let order = |l: &ArrayLayout| -> Vec<usize> {
        let sizes = l.extents().unwrap_or_default();
        l.physical_order()
            .into_iter()
            .filter(|&d| sizes.get(d).copied().unwrap_or(0) != 1)
            .collect()
    };
    order(a) == order(b)
}
