//! The stage view zoomed in where its cells are too small to see (issue
//! 71): `bf16[16,256]{1,0:T(8,128)(2,1)}` on a 640 x 400 picture draws
//! 2.5 px cells, so the (2,1) pairs of its second tiling level cannot be
//! told apart. Zoomed, the stage shows its top-left corner (linear memory:
//! its first offsets, in rows of a power of two) at cells of about
//! [`ZOOM_CELL`] pixels, and says so. Plain Rust; `ui/web/stages.rs`
//! paints it.

use super::{placed, StagePicture};

/// Cells smaller than this (pixels) are zoomed in on.
pub const ZOOM_BELOW: f64 = 8.0;
/// The size (pixels) a zoomed stage's cells are drawn at, at least.
pub const ZOOM_CELL: f64 = 16.0;

/// The largest power of two at most `n` (1 for 0).
fn power_of_two_at_most(n: u64) -> u64 {
    if n <= 1 {
        1
    } else {
        1 << (63 - n.leading_zeros())
    }
}

/// `picture` cut to what a `w` x `h` picture shows at [`ZOOM_CELL`]
/// pixels a cell, when its own cells are under [`ZOOM_BELOW`] pixels;
/// `None` when they are not (or it draws whole tiles). The cut keeps
/// whole rows and columns from the top left, a power of two of each (so
/// a pair of a `(2,1)` tile is never cut); linear memory keeps
/// its first offsets, rewrapped in rows of that width. The note says how
/// much is shown.
pub fn zoomed(picture: &StagePicture, w: f64, h: f64) -> Option<StagePicture> {
    if picture.blocks || picture.cells.is_empty() {
        return None;
    }
    let size = placed(picture, w, h)
        .iter()
        .map(|p| p.w.min(p.h))
        .fold(f64::MAX, f64::min);
    if size >= ZOOM_BELOW {
        return None;
    }
    let fit_cols = power_of_two_at_most((w / ZOOM_CELL) as u64);
    let fit_rows = power_of_two_at_most((h / ZOOM_CELL) as u64);
    let (rows, cols) = (picture.rows.max(1), picture.cols.max(1));
    let mut out = picture.clone();
    if picture.linear {
        let len = rows.saturating_mul(cols);
        let width = fit_cols.min(len);
        let shown = len.min(width.saturating_mul(fit_rows));
        out.cells = picture
            .cells
            .iter()
            .filter_map(|c| {
                let at = (c.row - picture.row0) * cols + (c.col - picture.col0);
                (c.rows == 1 && c.cols == 1 && at < shown).then(|| super::StageCell {
                    row: at / width,
                    col: at % width,
                    ..*c
                })
            })
            .collect();
        (out.row0, out.col0) = (0, 0);
        (out.rows, out.cols) = (shown.div_ceil(width), width);
        out.fold_unit = width;
        out.row_fold_unit = out.rows;
        out.note = Some(format!(
            "Zoomed in: offsets 0 to {} of {len}, {width} a row (\"Whole stage\" shows all)",
            shown - 1
        ));
    } else {
        let (keep_rows, keep_cols) = (rows.min(fit_rows), cols.min(fit_cols));
        out.cells.retain(|c| {
            c.row - picture.row0 + c.rows <= keep_rows && c.col - picture.col0 + c.cols <= keep_cols
        });
        (out.rows, out.cols) = (keep_rows, keep_cols);
        out.note = Some(format!(
            "Zoomed in: the top-left {keep_rows} x {keep_cols} of {rows} x {cols} cells (\"Whole stage\" shows all)"
        ));
    }
    Some(out)
}
