//! Step mode in pixels: where each rectangle of a stage is drawn on the
//! canvas ([`placed`], folding very wide stages into bands), and where it
//! is on its way between two stages ([`tween`]).

use super::StagePicture;

/// A rectangle placed in pixels on a `w` x `h` picture.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Placed {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    pub key: u64,
    pub offset: u64,
    pub element: bool,
}

/// Pixels between two bands of a folded stage.
pub const BAND_GAP: f64 = 6.0;

/// How a stage is laid out on the canvas: `bands` rows of the picture's
/// columns, each `band_cols` wide, cells `size` pixels square.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fold {
    pub bands: u64,
    pub band_cols: u64,
    pub size: f64,
}

/// Cells smaller than this (pixels) make a stage worth folding.
pub const FOLD_BELOW: f64 = 4.0;

/// The fold with the largest cells on a `w` x `h` picture. A stage far
/// wider than the canvas (tiles side by side), whose cells would be under
/// [`FOLD_BELOW`] pixels, wraps into bands, like text, at multiples of [`StagePicture::fold_unit`] columns (so a tile is
/// never cut) and only where no rectangle would straddle two bands.
pub fn fold(picture: &StagePicture, w: f64, h: f64) -> Fold {
    let (rows, cols) = (picture.rows.max(1), picture.cols.max(1));
    let unit = picture.fold_unit.clamp(1, cols);
    let units = cols.div_ceil(unit);
    let fits = |band_cols: u64| {
        picture.cells.iter().all(|c| {
            let c0 = c.col - picture.col0;
            let c1 = c0 + c.cols.max(1) - 1;
            c0 / band_cols == c1 / band_cols
        })
    };
    let mut best = Fold {
        bands: 1,
        band_cols: cols,
        size: (w / cols as f64).min(h / rows as f64),
    };
    if best.size >= FOLD_BELOW {
        return best;
    }
    // At most 64 bands: beyond, cells are too small to tell apart anyway.
    for bands in 2..=units.min(64) {
        let band_cols = units.div_ceil(bands).saturating_mul(unit);
        let bands = cols.div_ceil(band_cols);
        let height = h - (bands - 1) as f64 * BAND_GAP;
        if height <= 0.0 {
            break;
        }
        let size = (w / band_cols as f64).min(height / (bands * rows) as f64);
        if size > best.size && fits(band_cols) {
            best = Fold {
                bands,
                band_cols,
                size,
            };
        }
    }
    best
}

/// A linear stage far wider than the canvas (one tile a row: cells under
/// [`FOLD_BELOW`] pixels) drawn in narrower rows: memory is one line, so
/// any row width shows it; this takes the width (the stage's row width
/// halved, and again) with the largest cells. `None` keeps the stage's
/// own rows. Every rectangle must be a run of memory (one row piece, or
/// whole rows).
pub fn rewrap(picture: &StagePicture, w: f64, h: f64) -> Option<(u64, f64)> {
    let (rows, width) = (picture.rows.max(1), picture.cols.max(1));
    if !picture.linear || picture.col0 != 0 {
        return None;
    }
    let own = (w / width as f64).min(h / rows as f64);
    let runs = picture
        .cells
        .iter()
        .all(|c| c.rows == 1 || (c.col == 0 && c.cols == width));
    if own >= FOLD_BELOW || !runs {
        return None;
    }
    let len = rows.checked_mul(width)?;
    let mut best: Option<(u64, f64)> = None;
    let mut narrow = width;
    while narrow % 2 == 0 && narrow > 1 {
        narrow /= 2;
        let size = (w / narrow as f64).min(h / len.div_ceil(narrow) as f64);
        if size > best.map_or(own, |b| b.1) {
            best = Some((narrow, size));
        }
    }
    best
}

/// The rectangles of `picture` in pixels: square cells as large as fit,
/// the stage folded into bands by [`fold`] or, for linear memory,
/// rewrapped by [`rewrap`] (a run that then spans rows is drawn as up to
/// three pieces with the same key).
pub fn placed(picture: &StagePicture, w: f64, h: f64) -> Vec<Placed> {
    if let Some((narrow, size)) = rewrap(picture, w, h) {
        let width = picture.cols.max(1);
        let mut out = Vec::with_capacity(picture.cells.len());
        for c in &picture.cells {
            let mut at = (c.row - picture.row0) * width + c.col;
            let end = at + c.rows * c.cols;
            let piece = |from: u64, rows: u64, cols: u64| Placed {
                x: (from % narrow) as f64 * size,
                y: (from / narrow) as f64 * size,
                w: cols as f64 * size,
                h: rows as f64 * size,
                key: c.key,
                offset: c.offset,
                element: c.element,
            };
            if !at.is_multiple_of(narrow) {
                let cols = (narrow - at % narrow).min(end - at);
                out.push(piece(at, 1, cols));
                at += cols;
            }
            if end - at >= narrow {
                let rows = (end - at) / narrow;
                out.push(piece(at, rows, narrow));
                at += rows * narrow;
            }
            if at < end {
                out.push(piece(at, 1, end - at));
            }
        }
        return out;
    }
    let f = fold(picture, w, h);
    // A stage far taller than the canvas (tiles stacked) folds its rows
    // into columns side by side: the same fold, transposed.
    let t = transposed(picture);
    let ft = fold(&t, h, w);
    if ft.size > f.size {
        return banded(&t, ft)
            .into_iter()
            .map(|p| Placed {
                x: p.y,
                y: p.x,
                w: p.h,
                h: p.w,
                ..p
            })
            .collect();
    }
    banded(picture, f)
}

/// `picture` with rows and columns swapped.
fn transposed(picture: &StagePicture) -> StagePicture {
    StagePicture {
        row0: picture.col0,
        col0: picture.row0,
        rows: picture.cols,
        cols: picture.rows,
        cells: picture
            .cells
            .iter()
            .map(|c| super::StageCell {
                row: c.col,
                col: c.row,
                rows: c.cols,
                cols: c.rows,
                ..*c
            })
            .collect(),
        blocks: picture.blocks,
        note: None,
        fold_unit: picture.row_fold_unit,
        row_fold_unit: picture.fold_unit,
        colour_span: picture.colour_span,
        linear: false,
    }
}

/// The rectangles of `picture` placed by the fold `f`.
fn banded(picture: &StagePicture, f: Fold) -> Vec<Placed> {
    let band_h = picture.rows.max(1) as f64 * f.size + BAND_GAP;
    picture
        .cells
        .iter()
        .map(|c| {
            let col = c.col - picture.col0;
            let band = (col / f.band_cols) as f64;
            Placed {
                x: (col % f.band_cols) as f64 * f.size,
                y: band * band_h + (c.row - picture.row0) as f64 * f.size,
                w: c.cols as f64 * f.size,
                h: c.rows as f64 * f.size,
                key: c.key,
                offset: c.offset,
                element: c.element,
            }
        })
        .collect()
}

/// A move between two stages, paired once (not per frame): for every
/// rectangle of the new stage, where it starts and where it ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Transition {
    moves: Vec<(Placed, Placed)>,
}

impl Transition {
    /// Pairs each rectangle of `to` with the same key in `from`; one
    /// `from` does not have (padding the stage adds, a tile that was not
    /// one rectangle) starts as a point at its centre and grows in place.
    /// Both lists are in key order. O(len(to) x log len(from)), once.
    pub fn new(from: &[Placed], to: &[Placed]) -> Transition {
        let moves = to
            .iter()
            .map(|c| match from.binary_search_by_key(&c.key, |p| p.key) {
                Ok(i) => (from[i], *c),
                Err(_) => (
                    Placed {
                        x: c.x + c.w / 2.0,
                        y: c.y + c.h / 2.0,
                        w: 0.0,
                        h: 0.0,
                        ..*c
                    },
                    *c,
                ),
            })
            .collect();
        Transition { moves }
    }

    /// The rectangles at time `t` in [0, 1] (eased), in the order of the
    /// new stage's list. O(len) arithmetic, nothing looked up.
    pub fn at(&self, t: f64) -> Vec<Placed> {
        let t = t.clamp(0.0, 1.0);
        let e = t * t * (3.0 - 2.0 * t);
        let mix = |a: f64, b: f64| a + (b - a) * e;
        self.moves
            .iter()
            .map(|(p, c)| Placed {
                x: mix(p.x, c.x),
                y: mix(p.y, c.y),
                w: mix(p.w, c.w),
                h: mix(p.h, c.h),
                ..*c
            })
            .collect()
    }
}

/// The rectangles of `to` on their way from where they were in `from`, at
/// time `t` ([`Transition::new`] then [`Transition::at`]).
pub fn tween(from: &[Placed], to: &[Placed], t: f64) -> Vec<Placed> {
    Transition::new(from, to).at(t)
}
