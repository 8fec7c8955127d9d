//! The stage view zoomed in where its cells are too small to see (issue
//! 71): `bf16[16,256]{1,0:T(8,128)(2,1)}` on a 640 x 400 picture draws
//! 2.5 px cells, so the (2,1) pairs of its second tiling level cannot be
//! told apart. Zoomed, the stage shows a window of it (linear memory: a
//! run of its offsets, in rows of a power of two) at cells of about
//! [`ZOOM_CELL`] pixels, and says which. The window starts at the top
//! left and is panned a whole window at a time ([`Window::moved`]), so it
//! always starts at a multiple of its own power-of-two size and never
//! cuts an aligned power-of-two group (a `(2,1)` pair). Plain Rust;
//! `ui/web/stages.rs` paints it.

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

/// Where a zoomed stage's window is. Rows and columns are the stage's
/// (relative to its top left); in linear memory they are rows of `step_cols`
/// offsets (row `r` starts at offset `r * step_cols`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Window {
    /// Top-left (a multiple of the step) and the extent shown (the step,
    /// less at the stage's bottom or right edge).
    pub row0: u64,
    pub col0: u64,
    pub rows: u64,
    pub cols: u64,
    /// The window's full size: what one pan moves it by.
    pub step_rows: u64,
    pub step_cols: u64,
    /// The stage's extent.
    pub all_rows: u64,
    pub all_cols: u64,
    pub linear: bool,
}

impl Window {
    /// Whether the window can move by (`down`, `right`) windows (signs
    /// only count).
    pub fn can(&self, down: i64, right: i64) -> bool {
        let (r, c) = self.moved(down, right);
        (r, c) != (self.row0, self.col0)
    }

    /// The top-left one window over (`down` and `right` are -1, 0 or 1),
    /// held at the edges.
    pub fn moved(&self, down: i64, right: i64) -> (u64, u64) {
        let go = |at: u64, by: i64, step: u64, all: u64| match by.signum() {
            -1 => at.saturating_sub(step),
            1 if at.saturating_add(step) < all => at + step,
            _ => at,
        };
        (
            go(self.row0, down, self.step_rows, self.all_rows),
            go(self.col0, right, self.step_cols, self.all_cols),
        )
    }
}

/// A window start: `at` rounded down to a multiple of `step`, at most the
/// last such start inside `all`.
fn snap(at: u64, step: u64, all: u64) -> u64 {
    let step = step.max(1);
    let last = all.saturating_sub(1) / step * step;
    (at / step * step).min(last)
}

/// [`zoomed_at`] at the top left.
pub fn zoomed(picture: &StagePicture, w: f64, h: f64) -> Option<StagePicture> {
    zoomed_at(picture, w, h, (0, 0)).map(|(p, _)| p)
}

/// `picture` cut to what a `w` x `h` picture shows at [`ZOOM_CELL`]
/// pixels a cell, when its own cells are under [`ZOOM_BELOW`] pixels;
/// `None` when they are not (or it draws whole tiles). The window is a
/// power of two of rows and of columns, placed at `at` (row, column;
/// rounded down to a multiple of its size and kept inside the stage);
/// linear memory is rewrapped in rows of that width first. The note says
/// what is shown.
pub fn zoomed_at(
    picture: &StagePicture,
    w: f64,
    h: f64,
    at: (u64, u64),
) -> Option<(StagePicture, Window)> {
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
    let whole = "(\"Whole stage\" shows all)";
    if picture.linear {
        let len = rows.saturating_mul(cols);
        let width = fit_cols.min(len);
        let lines = len.div_ceil(width);
        let step = fit_rows.min(lines);
        let row0 = snap(at.0, step, lines);
        let start = row0 * width;
        let end = len.min(start.saturating_add(width.saturating_mul(step)));
        out.cells = picture
            .cells
            .iter()
            .filter_map(|c| {
                let at = (c.row - picture.row0) * cols + (c.col - picture.col0);
                (c.rows == 1 && c.cols == 1 && (start..end).contains(&at)).then(|| {
                    super::StageCell {
                        row: (at - start) / width,
                        col: (at - start) % width,
                        ..*c
                    }
                })
            })
            .collect();
        (out.row0, out.col0) = (0, 0);
        (out.rows, out.cols) = ((end - start).div_ceil(width), width);
        out.fold_unit = width;
        out.row_fold_unit = out.rows;
        out.note = Some(format!(
            "Zoomed in: offsets {start} to {} of {len}, {width} a row {whole}",
            end - 1
        ));
        let window = Window {
            row0,
            col0: 0,
            rows: out.rows,
            cols: width,
            step_rows: step,
            step_cols: width,
            all_rows: lines,
            all_cols: width,
            linear: true,
        };
        Some((out, window))
    } else {
        let (step_rows, step_cols) = (rows.min(fit_rows), cols.min(fit_cols));
        let (r0, c0) = (snap(at.0, step_rows, rows), snap(at.1, step_cols, cols));
        let (keep_rows, keep_cols) = (step_rows.min(rows - r0), step_cols.min(cols - c0));
        out.cells.retain(|c| {
            let (r, k) = (c.row - picture.row0, c.col - picture.col0);
            r >= r0 && k >= c0 && r + c.rows <= r0 + keep_rows && k + c.cols <= c0 + keep_cols
        });
        (out.row0, out.col0) = (picture.row0 + r0, picture.col0 + c0);
        (out.rows, out.cols) = (keep_rows, keep_cols);
        out.note = Some(format!(
            "Zoomed in: rows {r0} to {} and columns {c0} to {} of {rows} x {cols} cells {whole}",
            r0 + keep_rows - 1,
            c0 + keep_cols - 1
        ));
        let window = Window {
            row0: r0,
            col0: c0,
            rows: keep_rows,
            cols: keep_cols,
            step_rows,
            step_cols,
            all_rows: rows,
            all_cols: cols,
            linear: false,
        };
        Some((out, window))
    }
}

#[cfg(test)]
#[path = "zoom_tests.rs"]
mod tests;
