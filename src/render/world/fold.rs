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

pub use super::fold_choose::choose;

/// Elements of a default view get at least this many pixels.
pub const MIN_PX: f64 = 1.5;
/// A default view that cannot show the whole array draws its elements
/// this big (one sample per element), or as big as one tile across allows.
pub const READ_PX: f64 = 3.0;
/// A default view covers at least this share of its pane.
pub const MIN_SHARE: f64 = 0.25;
/// A caption line's pitch in pixels at the default scale (times
/// presentation mode's `k`): a tall world's bands are narrow, so their
/// strip holds a second line ("rows 0..175 of 1024" over "band 1 of 8",
/// `scene::bands`).
pub const LINE_PX: f64 = 13.0;

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
