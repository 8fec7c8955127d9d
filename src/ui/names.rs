//! The names the app says beside its short forms (issue 71). What the
//! legend says the cells are labelled with: arrays of at most
//! [`MAX_LETTERED`] elements are lettered `a b c ...` like XLA's "Shapes
//! and layout" page; past that the labels turn into numbers (the
//! renderer's `CellLabels::Auto`, `render/scene/style.rs`), which nothing
//! said (`ui/web/legend.rs` shows it as `#legend-labels`). And `L(n)`
//! under the name that page gives it, `tail_padding_alignment_in_elements`
//! (the summary's `sum-tail` row, `ui/web/summary.rs`). Plain Rust.

/// Arrays with at most this many elements are lettered.
pub const MAX_LETTERED: u64 = 26;

/// The legend's line about the cells' labels, for an array of `elements`
/// elements.
pub fn label_note(elements: u64) -> &'static str {
    if elements <= MAX_LETTERED {
        "cells lettered a, b, c, ... in row-major order"
    } else {
        "over 26 elements: cells show their memory offset (logical view) and index (memory view), not letters"
    }
}

pub use crate::core::array::TAIL_FIELD;

/// The summary's line on `L(n)`, `None` for XLA's default 1 (no tail).
pub fn tail_text(alignment: u64) -> Option<String> {
    (alignment > 1).then(|| {
        format!(
            "L({alignment}), {TAIL_FIELD} = {alignment}: after tiling, padding up to a multiple of {alignment} elements"
        )
    })
}
