//! Folding a flat or tall logical world into stacked bands.
//!
//! With one square cell per element, `bf16[8,4096]` is a line: fitted in
//! the app's logical pane its elements were a quarter of a pixel and its
//! tiles invisible. When the fitted world is that far from the pane's
//! shape, the world is cut along its long axis at tile boundaries into
//! bands of `band` cells, and the bands are stacked: a flat world's bands
//! one under the other (each under a strip for its caption, "columns
//! 512..1023 of 4096"), a tall world's side by side (under one strip for
//! their captions). A band holds every row (or column) of the unfolded
//! world, slices included, so slices, tiles and padding read as before;
//! only the long axis wraps, like text.
//!
//! ```text
//!   columns 0..511 of 4096, band 1 of 8          (strip)
//!   +--------------------------------------+
//!   | rows 0..7, columns 0..511            |     (band 1)
//!   +--------------------------------------+
//!   columns 512..1023 of 4096, band 2 of 8       (strip)
//!   +--------------------------------------+
//!   ...
//! ```
//!
//! The view is chosen for a pane ([`choose`]): the whole folded world at
//! the largest scale when its elements then get [`MIN_PX`] pixels, else
//! the first bands at [`READ_PX`] (a tile across at most), the rest a pan
//! away. Zooming out past the folded world shows the line again (the app
//! drops the fold, `ui::view_state`).
//!
//! What an unfolded world's paths call (`Fold::world`, `fold`, `unfold`,
//! `camera`, the search) is out of line: most arrays are not folded, and
//! their first picture then compiles none of it
//! (`tests/e2e/firstframe.test.mjs`).

use super::camera::{Camera, Rect};
use super::geometry::LogicalGeometry;

/// Elements of a default view get at least this many pixels.
pub const MIN_PX: f64 = 1.5;
/// A default view that cannot show the whole array draws its elements
/// this big (one sample per element), or as big as one tile across allows.
pub const READ_PX: f64 = 3.0;
/// A default view covers at least this share of its pane.
pub const MIN_SHARE: f64 = 0.25;
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

/// Which axis of the unfolded world is cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoldAxis {
    /// A flat world: columns cut, bands stacked downwards.
    Columns,
    /// A tall world: rows cut, bands side by side.
    Rows,
}

/// How the logical world is folded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fold {
    pub axis: FoldAxis,
    /// Cells of the long axis per band (a whole number of first-level
    /// tiles), how many bands, and the long axis's length.
    pub band: u64,
    pub bands: u64,
    pub length: u64,
    /// The unfolded world's extent across the long axis.
    pub across: u64,
    /// Cells of the caption strip above each band (above all, for rows).
    pub strip: u64,
    /// Cells between side-by-side bands (rows only).
    pub gap: u64,
    /// Pixels per cell of the default view, and whether it shows the
    /// whole folded world (else its first bands).
    pub scale: f64,
    pub whole: bool,
    /// How much the captions are scaled (presentation mode's `k`,
    /// `Frame::text`; 1 else): the strip is sized for them.
    pub text: f64,
}

impl Fold {
    /// `columns,BAND,BANDS,STRIP` or `rows,BAND,BANDS,STRIP`: the
    /// canvas's `data-fold` (docs/visualizer.md).
    pub fn attr(&self) -> String {
        let axis = match self.axis {
            FoldAxis::Columns => "columns",
            FoldAxis::Rows => "rows",
        };
        format!("{axis},{},{},{}", self.band, self.bands, self.strip)
    }

    /// A band's pitch along the axis the bands are stacked on.
    pub fn pitch(&self) -> u64 {
        match self.axis {
            FoldAxis::Columns => self.strip + self.across,
            FoldAxis::Rows => self.across + self.gap,
        }
    }

    /// The folded world's width and height.
    #[inline(never)]
    pub fn world(&self) -> (u64, u64) {
        let stacked = self.bands.saturating_mul(self.pitch());
        match self.axis {
            FoldAxis::Columns => (self.band, stacked),
            FoldAxis::Rows => (stacked - self.gap, self.strip + self.band),
        }
    }

    /// The unfolded world cell shown at folded cell `(fx, fy)`; `None` in
    /// a strip, a gap or past the array's end.
    #[inline(never)]
    pub fn unfold(&self, fx: u64, fy: u64) -> Option<(u64, u64)> {
        let pitch = self.pitch().max(1);
        let (run, stack) = match self.axis {
            FoldAxis::Columns => (fx, fy),
            FoldAxis::Rows => (fy.checked_sub(self.strip)?, fx),
        };
        let (k, o) = (stack / pitch, stack % pitch);
        let across = match self.axis {
            FoldAxis::Columns => o.checked_sub(self.strip)?,
            FoldAxis::Rows => o,
        };
        if k >= self.bands || run >= self.band || across >= self.across {
            return None;
        }
        let along = k.checked_mul(self.band)?.checked_add(run)?;
        (along < self.length).then_some(match self.axis {
            FoldAxis::Columns => (along, across),
            FoldAxis::Rows => (across, along),
        })
    }

    /// The folded cell showing unfolded cell `(ux, uy)`.
    #[inline(never)]
    pub fn fold(&self, ux: u64, uy: u64) -> (u64, u64) {
        let (along, across) = match self.axis {
            FoldAxis::Columns => (ux, uy),
            FoldAxis::Rows => (uy, ux),
        };
        let band = self.band.max(1);
        let stack = (along / band)
            .saturating_mul(self.pitch())
            .saturating_add(across);
        match self.axis {
            FoldAxis::Columns => (along % band, stack.saturating_add(self.strip)),
            FoldAxis::Rows => (stack, self.strip + along % band),
        }
    }

    /// A view's repeat `(x, y)` (`View::repeat`) over this fold: the
    /// bands repeat at their pitch, and a band narrower than a few
    /// blocks is missed by their corners.
    #[inline(never)]
    pub fn repeat(&self, (x, y): (u64, u64)) -> (u64, u64) {
        match self.axis {
            FoldAxis::Columns => (x, y.min(self.across)),
            FoldAxis::Rows => (x.min(self.across), y),
        }
    }

    /// Band `k`'s cells of the long axis: `k * band ..` its end.
    pub fn range(&self, k: u64) -> (u64, u64) {
        let start = k.saturating_mul(self.band).min(self.length);
        (start, start.saturating_add(self.band).min(self.length))
    }

    /// Folded minus unfolded position in band `k`, along x and y (the
    /// band is the unfolded world moved by this much).
    pub fn shift(&self, k: u64) -> (i128, i128) {
        let (band, stack) = (
            i128::from(k) * i128::from(self.band),
            i128::from(k) * i128::from(self.pitch()),
        );
        let strip = i128::from(self.strip);
        match self.axis {
            FoldAxis::Columns => (-band, stack + strip),
            FoldAxis::Rows => (stack, strip - band),
        }
    }

    /// [`Fold::shift`] in pixels' arithmetic (floats).
    pub fn shift_f64(&self, k: u64) -> (f64, f64) {
        let (k, strip) = (k as f64, self.strip as f64);
        let (band, stack) = (k * self.band as f64, k * self.pitch() as f64);
        match self.axis {
            FoldAxis::Columns => (-band, stack + strip),
            FoldAxis::Rows => (stack, strip - band),
        }
    }

    /// Band `k`'s cells in the folded world.
    pub fn band_rect(&self, k: u64) -> Rect {
        let (lo, hi) = self.range(k);
        let (dx, dy) = self.shift_f64(k);
        let (long, across) = ((hi - lo) as f64, self.across as f64);
        match self.axis {
            FoldAxis::Columns => Rect::new(0.0, dy, long, across),
            FoldAxis::Rows => Rect::new(dx, self.strip as f64, across, long),
        }
    }

    /// The bands a folded world rectangle touches.
    pub fn bands_in(&self, v: &Rect) -> std::ops::Range<u64> {
        let pitch = self.pitch().max(1) as f64;
        let (from, to) = match self.axis {
            FoldAxis::Columns => (v.y, v.bottom()),
            FoldAxis::Rows => (v.x, v.right()),
        };
        let lo = (from / pitch).floor().clamp(0.0, self.bands as f64) as u64;
        let hi = (to / pitch).ceil().clamp(0.0, self.bands as f64) as u64;
        lo..hi.max(lo)
    }

    /// The camera of the default view of pane `pane`.
    #[inline(never)]
    pub fn camera(&self, pane: &Rect) -> Camera {
        let (w, h) = self.world();
        let fit = Camera::fit(w as f64, h as f64, *pane);
        if self.whole {
            return fit;
        }
        let (vw, vh) = (pane.w / self.scale, pane.h / self.scale);
        let centred = |world: u64, view: f64| (world as f64 - view) / 2.0;
        match self.axis {
            FoldAxis::Columns => Camera {
                x: centred(w, vw),
                y: 0.0,
                scale: self.scale,
            },
            FoldAxis::Rows => Camera {
                x: 0.0,
                y: centred(h, vh),
                scale: self.scale,
            },
        }
    }
}

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
        FoldAxis::Rows => ph - STRIP_PX * text,
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
    let strip = cells(STRIP_PX * text);
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
