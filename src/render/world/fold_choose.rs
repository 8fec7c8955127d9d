//! Choosing the fold of a logical world ([`super::fold`]): whether a
//! world is folded at all, and the band length, strip and scale that draw
//! it best in a pane (`fold.rs` says what the fold is and draws).

use super::camera::{Camera, Rect};
use super::fold::{Fold, FoldAxis, LINE_PX, MIN_PX, MIN_SHARE, READ_PX};
use super::geometry::LogicalGeometry;

/// Worlds whose fitted cells get this many pixels are never folded (a
/// sample per element: every cell and tile shows).
const FOLD_BELOW_PX: f64 = READ_PX;
/// Worlds are folded only when this many times wider (or taller), for
/// their height, than the pane.
const MIN_STRETCH: f64 = 4.0;
/// Height of a caption strip, in pixels at the default scale.
const STRIP_PX: f64 = 16.0;
/// A tall world's bands are this many pixels apart at the default scale.
const GAP_PX: f64 = 12.0;
/// Most band lengths tried when looking for the best fit.
const MAX_TRIES: u64 = 4096;

/// The cells of the long axis from one tile edge to the next: where the
/// first-level tile number first changes along it (1 untiled).
fn tile_unit(g: &LogicalGeometry, mapping: &crate::core::Mapping, axis: FoldAxis) -> u64 {
    let n = g.ghost.len();
    let (dim, length) = match axis {
        FoldAxis::Columns => (n.checked_sub(1), g.cols),
        FoldAxis::Rows => (n.checked_sub(2), g.rows),
    };
    let (Some(dim), true) = (dim, mapping.num_levels() > 0) else {
        return 1;
    };
    let mut index = vec![0u64; n];
    let mut tiles = vec![0u64; mapping.num_levels()];
    mapping.locate(&index, &mut tiles);
    let first = tiles[0];
    for i in 1..length.min(1 << 16) {
        index[dim] = i;
        mapping.locate(&index, &mut tiles);
        if tiles[0] != first {
            return i;
        }
    }
    1
}

/// The fold of `g` (unfolded) that draws it best in `pane`, if the
/// unfolded world fitted there gives its elements less than [`MIN_PX`]
/// or covers less than [`MIN_SHARE`] of the pane; its captions `text`
/// times their size (presentation mode, `Frame::text`).
pub fn choose(
    g: &LogicalGeometry,
    mapping: &crate::core::Mapping,
    pane: &Rect,
    text: f64,
) -> Option<Fold> {
    let (w, h) = g.world();
    let (pw, ph) = (pane.w, pane.h);
    if w == 0 || h == 0 || pw < 1.0 || ph < 1.0 || g.ghost.is_empty() {
        return None;
    }
    // Small arrays drawn at the largest fitted scale, and any whose
    // every tile edge shows, are left as they are.
    // So are worlds of about the pane's shape, however large: a fold is
    // for a line, not for a big array.
    let fitted = Camera::fit(w as f64, h as f64, *pane).scale;
    let stretch = (w as f64 / h as f64) / (pw / ph);
    if fitted >= FOLD_BELOW_PX || stretch.max(1.0 / stretch) < MIN_STRETCH {
        return None;
    }
    search(g, mapping, pane, (w, h), text)
}

/// [`choose`] for a world that may be folded: the band. Out of line, so
/// that the first picture of an array that is not folded does not compile
/// it (`tests/e2e/firstframe.test.mjs`).
#[inline(never)]
fn search(
    g: &LogicalGeometry,
    mapping: &crate::core::Mapping,
    pane: &Rect,
    (w, h): (u64, u64),
    text: f64,
) -> Option<Fold> {
    if meets(w as f64, h as f64, pane) {
        return None;
    }
    let (pw, ph) = (pane.w, pane.h);
    // The long axis must be a dim's own coordinate: one column of slices
    // for a flat world, one row of them for a tall one.
    let (axis, length, across) = if (w as f64) * ph > (h as f64) * pw {
        (FoldAxis::Columns, w, h)
    } else {
        (FoldAxis::Rows, h, w)
    };
    let single = match axis {
        FoldAxis::Columns => g.slices_per_row == 1,
        FoldAxis::Rows => g.slice_grid_rows == 1 && g.ghost.len() >= 2,
    };
    if !single {
        return None;
    }
    let unit = tile_unit(g, mapping, axis).clamp(1, length);
    // The whole array folded at the largest scale, if that reads.
    let mut best: Option<Fold> = None;
    let tries = length.div_ceil(unit).min(MAX_TRIES);
    for k in 1..=tries {
        let tiles = length.div_ceil(unit).div_ceil(k);
        let band = tiles.saturating_mul(unit).min(length);
        let Some(fold) = make(axis, band, length, across, pane, None, text) else {
            continue;
        };
        let (fw, fh) = fold.world();
        let scale = Camera::fit(fw as f64, fh as f64, *pane).scale;
        if best.is_none_or(|b| scale > b.scale) {
            best = Some(Fold { scale, ..fold });
        }
    }
    if let Some(b) = best.filter(|b| {
        let (fw, fh) = b.world();
        meets(fw as f64, fh as f64, pane)
    }) {
        return Some(Fold { whole: true, ..b });
    }
    // Else the first bands at a readable scale: as many whole tiles across
    // as fit at READ_PX, or one tile at the scale that fits it (halving
    // the unit when even MIN_PX does not fit one).
    let room = match axis {
        FoldAxis::Columns => pw,
        FoldAxis::Rows => ph - (STRIP_PX + rows_lines(text) * LINE_PX) * text,
    };
    let mut unit = unit;
    while unit > 1 && (unit as f64) * MIN_PX > room {
        unit = unit.div_ceil(2);
    }
    let scale = (room / unit as f64).clamp(MIN_PX, READ_PX);
    let fit_units = ((room / scale) as u64 / unit).max(1);
    let band = fit_units.saturating_mul(unit).min(length);
    make(axis, band, length, across, pane, Some(scale), text)
}

/// Caption lines a tall world's strip holds beyond the first: its bands
/// are narrow, so their captions are broken ("rows 0..175 of 1024" over
/// "band 1 of 8", `scene::bands`); in presentation mode (`text` > 1),
/// into three ("rows 176..351", "of 1024", "band 2 of 6").
fn rows_lines(text: f64) -> f64 {
    if text > 1.0 {
        2.0
    } else {
        1.0
    }
}

/// A fold of `band` cells per band, its strip and gap sized for `scale`
/// (the whole world's fit when `None`) and captions `text` times their
/// size; `None` when the bands would not fit in 64 bits.
fn make(
    axis: FoldAxis,
    band: u64,
    length: u64,
    across: u64,
    pane: &Rect,
    scale: Option<f64>,
    text: f64,
) -> Option<Fold> {
    let bands = length.div_ceil(band.max(1));
    // The strip and gap in cells at the scale the fold is drawn at: that
    // scale depends on them, so guess it from the bands alone first.
    let guess = scale.unwrap_or_else(|| {
        let (w, h) = match axis {
            FoldAxis::Columns => (band as f64, bands as f64 * across as f64),
            FoldAxis::Rows => (bands as f64 * across as f64, band as f64),
        };
        Camera::fit(w, h, *pane).scale
    });
    let cells = |px: f64| (px / guess.max(1e-9)).ceil().clamp(1.0, 1e15) as u64;
    let strip = match axis {
        FoldAxis::Columns => cells(STRIP_PX * text),
        FoldAxis::Rows => cells((STRIP_PX + rows_lines(text) * LINE_PX) * text),
    };
    let gap = match axis {
        FoldAxis::Columns => 0,
        FoldAxis::Rows => cells(GAP_PX),
    };
    let fold = Fold {
        axis,
        band,
        bands,
        length,
        across,
        strip,
        gap,
        scale: scale.unwrap_or(guess),
        whole: false,
        text,
    };
    bands.checked_mul(fold.pitch())?;
    let (fw, fh) = fold.world();
    (fw > 0 && fh > 0).then_some(fold)
}

/// Whether a `w x h` world fitted in `pane` gives its cells [`MIN_PX`]
/// and covers [`MIN_SHARE`] of the pane.
fn meets(w: f64, h: f64, pane: &Rect) -> bool {
    let scale = Camera::fit(w, h, *pane).scale;
    let share = (w * scale).min(pane.w) * (h * scale).min(pane.h) / (pane.w * pane.h);
    scale >= MIN_PX && share >= MIN_SHARE
}
