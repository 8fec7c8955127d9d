//! Rectangles on screen and cameras over a world of cells.
//!
//! Screen coordinates are CSS pixels from the canvas's top-left corner.
//! World coordinates are cells: cell `(x, y)` covers `[x, x+1) x [y, y+1)`.
//! A camera puts world point `(cam.x, cam.y)` at its pane's top-left corner
//! and draws `cam.scale` pixels per cell, the same along both axes.

/// An axis-aligned rectangle (CSS pixels, or cells for world rects).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub const fn new(x: f64, y: f64, w: f64, h: f64) -> Rect {
        Rect { x, y, w, h }
    }

    pub fn right(&self) -> f64 {
        self.x + self.w
    }

    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }

    pub fn contains(&self, x: f64, y: f64) -> bool {
        x >= self.x && x < self.right() && y >= self.y && y < self.bottom()
    }

    /// Width over height (1 for a degenerate rect).
    pub fn aspect(&self) -> f64 {
        if self.w > 0.0 && self.h > 0.0 {
            self.w / self.h
        } else {
            1.0
        }
    }
}

/// Largest zoom: pixels per cell.
pub const MAX_SCALE: f64 = 160.0;
/// Largest scale [`Camera::fit`] picks, so that tiny arrays stay readable.
pub const FIT_MAX_SCALE: f64 = 56.0;
/// How far out of the fitted view one may zoom (a factor of the fit scale).
pub const ZOOM_OUT_LIMIT: f64 = 0.5;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// World point at the pane's top-left corner.
    pub x: f64,
    pub y: f64,
    /// Pixels per cell.
    pub scale: f64,
}

impl Camera {
    /// Shows all of a `world_w` x `world_h` world, centred in `pane`.
    pub fn fit(world_w: f64, world_h: f64, pane: Rect) -> Camera {
        Camera::fit_at_most(world_w, world_h, pane, FIT_MAX_SCALE)
    }

    /// [`Camera::fit`] with cells at most `most` pixels (presentation
    /// mode lets small arrays fill the pane).
    pub fn fit_at_most(world_w: f64, world_h: f64, pane: Rect, most: f64) -> Camera {
        let (w, h) = (world_w.max(1.0), world_h.max(1.0));
        let scale = (pane.w / w)
            .min(pane.h / h)
            .clamp(f64::MIN_POSITIVE, most.max(f64::MIN_POSITIVE));
        Camera {
            x: (w - pane.w / scale) / 2.0,
            y: (h - pane.h / scale) / 2.0,
            scale,
        }
    }

    /// Screen point of world point `(wx, wy)`.
    pub fn to_screen(&self, pane: &Rect, wx: f64, wy: f64) -> (f64, f64) {
        (
            pane.x + (wx - self.x) * self.scale,
            pane.y + (wy - self.y) * self.scale,
        )
    }

    /// World point under screen point `(sx, sy)`.
    pub fn to_world(&self, pane: &Rect, sx: f64, sy: f64) -> (f64, f64) {
        (
            self.x + (sx - pane.x) / self.scale,
            self.y + (sy - pane.y) / self.scale,
        )
    }

    /// Screen rectangle of the world rectangle `world`.
    pub fn screen_rect(&self, pane: &Rect, world: Rect) -> Rect {
        let (x, y) = self.to_screen(pane, world.x, world.y);
        Rect::new(x, y, world.w * self.scale, world.h * self.scale)
    }

    /// The world rectangle the pane shows.
    pub fn visible(&self, pane: &Rect) -> Rect {
        Rect::new(self.x, self.y, pane.w / self.scale, pane.h / self.scale)
    }

    /// Zooms by `factor` keeping the world point under `(sx, sy)` in place,
    /// with the scale kept within `[min_scale, MAX_SCALE]`.
    pub fn zoom_at(&self, pane: &Rect, sx: f64, sy: f64, factor: f64, min_scale: f64) -> Camera {
        if !factor.is_finite() || factor <= 0.0 {
            return *self;
        }
        let scale = (self.scale * factor).clamp(min_scale.min(MAX_SCALE), MAX_SCALE);
        let (wx, wy) = self.to_world(pane, sx, sy);
        Camera {
            x: wx - (sx - pane.x) / scale,
            y: wy - (sy - pane.y) / scale,
            scale,
        }
    }

    /// Moves the picture by `(dx, dy)` pixels.
    pub fn pan(&self, dx: f64, dy: f64) -> Camera {
        Camera {
            x: self.x - dx / self.scale,
            y: self.y - dy / self.scale,
            scale: self.scale,
        }
    }

    /// Centres world point `(wx, wy)` in the pane.
    pub fn centred_on(&self, pane: &Rect, wx: f64, wy: f64) -> Camera {
        Camera {
            x: wx - pane.w / self.scale / 2.0,
            y: wy - pane.h / self.scale / 2.0,
            scale: self.scale,
        }
    }

    /// Keeps at least a tenth of the pane (or all of a smaller world) on
    /// the world, so that the picture can never be lost off screen.
    pub fn clamped(&self, pane: &Rect, world_w: f64, world_h: f64) -> Camera {
        let axis = |pos: f64, view: f64, world: f64| {
            let keep = (view * 0.1).min(world);
            pos.clamp(keep - view, (world - keep).max(keep - view))
        };
        Camera {
            x: axis(self.x, pane.w / self.scale, world_w),
            y: axis(self.y, pane.h / self.scale, world_h),
            scale: self.scale,
        }
    }

    /// Whether the whole world is in view.
    pub fn shows_all(&self, pane: &Rect, world_w: f64, world_h: f64) -> bool {
        let v = self.visible(pane);
        v.x <= 1e-9 && v.y <= 1e-9 && v.right() >= world_w - 1e-9 && v.bottom() >= world_h - 1e-9
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PANE: Rect = Rect::new(10.0, 20.0, 400.0, 200.0);

    #[test]
    fn fit_centres_the_world_and_caps_the_scale() {
        let cam = Camera::fit(100.0, 10.0, PANE);
        assert_eq!(cam.scale, 4.0);
        let (x0, _) = cam.to_screen(&PANE, 0.0, 0.0);
        let (x1, _) = cam.to_screen(&PANE, 100.0, 0.0);
        assert_eq!((x0, x1), (10.0, 410.0));
        let (_, y0) = cam.to_screen(&PANE, 0.0, 0.0);
        assert_eq!(y0, 20.0 + (200.0 - 40.0) / 2.0);
        assert_eq!(Camera::fit(2.0, 3.0, PANE).scale, FIT_MAX_SCALE);
        assert!(cam.shows_all(&PANE, 100.0, 10.0));
    }

    #[test]
    fn zoom_keeps_the_point_under_the_pointer() {
        let cam = Camera::fit(1000.0, 500.0, PANE);
        let (wx, wy) = cam.to_world(&PANE, 123.0, 77.0);
        let zoomed = cam.zoom_at(&PANE, 123.0, 77.0, 8.0, 0.0);
        let (zx, zy) = zoomed.to_world(&PANE, 123.0, 77.0);
        assert!((wx - zx).abs() < 1e-9 && (wy - zy).abs() < 1e-9);
        assert_eq!(zoomed.scale, cam.scale * 8.0);
        assert_eq!(cam.zoom_at(&PANE, 0.0, 0.0, 1e9, 0.0).scale, MAX_SCALE);
        assert_eq!(cam.zoom_at(&PANE, 0.0, 0.0, 1e-9, 0.1).scale, 0.1);
        assert_eq!(cam.zoom_at(&PANE, 0.0, 0.0, f64::NAN, 0.1), cam);
    }

    #[test]
    fn a_huge_world_keeps_cell_precision() {
        // 2^40 cells across: a camera there still tells neighbours apart.
        let world = (1u64 << 40) as f64;
        let cam = Camera::fit(world, 1.0, PANE)
            .zoom_at(&PANE, 400.0, 120.0, 1e12, 0.0)
            .centred_on(&PANE, world - 3.5, 0.5);
        let (a, _) = cam.to_world(&PANE, PANE.x + PANE.w / 2.0, 0.0);
        assert_eq!(a.floor(), world - 4.0);
        let (b, _) = cam.to_world(&PANE, PANE.x + PANE.w / 2.0 + cam.scale, 0.0);
        assert_eq!(b.floor(), world - 3.0);
    }

    #[test]
    fn clamping_keeps_part_of_the_world_on_screen() {
        let cam = Camera::fit(50.0, 50.0, PANE).pan(1e6, -1e6);
        let clamped = cam.clamped(&PANE, 50.0, 50.0);
        let v = clamped.visible(&PANE);
        assert!(v.right() > 0.0 && v.x < 50.0 && v.bottom() > 0.0 && v.y < 50.0);
    }
}
