//! The same array with a different layout: a candidate tiling, a different
//! minor_to_major. Built on the parsed text so that the printer writes the
//! variant's canonical text.

use crate::core::array::TileDim;
use crate::core::ast::{ArrayShape, LayoutText};
use crate::core::span::{Span, Spanned};

/// `array` with its layout changed by `edit` (a missing layout is first
/// written out as XLA's default).
pub fn with_layout(array: &ArrayShape, edit: impl FnOnce(&mut LayoutText)) -> ArrayShape {
    let mut out = array.clone();
    let mut layout = out.layout.take().unwrap_or_else(|| {
        let mut l = Box::new(LayoutText::empty(Span::default()));
        l.minor_to_major = (0..array.dims.len() as i64)
            .rev()
            .map(|d| Spanned::new(d, Span::default()))
            .collect();
        l
    });
    edit(&mut layout);
    out.layout = Some(layout);
    out
}

/// Tile texts for `tiles` (entries major to minor; `None` is `*`).
pub fn tile_texts(tiles: &[&[u64]]) -> Vec<Spanned<Vec<Spanned<TileDim>>>> {
    tiles
        .iter()
        .map(|t| {
            Spanned::new(
                t.iter()
                    .map(|&n| Spanned::new(TileDim::Size(n), Span::default()))
                    .collect(),
                Span::default(),
            )
        })
        .collect()
}
