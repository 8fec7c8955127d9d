//! What changes every frame, drawn over the cached panes: the animation
//! cursor and its trail, the hovered and the pinned cell; plus hit testing
//! (screen point -> cell) and the minimap's rectangles.

use super::camera::{Camera, Rect};
use super::views::{Pane, Probe, View};

/// A marked cell is drawn at least this big, so that it stays visible
/// when cells are smaller than a pixel.
pub const MARKER_MIN_PX: f64 = 9.0;

/// The screen rectangle marking the cell that shows `offset` in `view`,
/// grown around its centre to at least [`MARKER_MIN_PX`]; `None` when the
/// view has no cell for it.
pub fn marker_rect(view: &mut dyn View, camera: &Camera, pane: &Rect, offset: u64) -> Option<Rect> {
    Some(cell_marker(view.cell_of_offset(offset)?, camera, pane))
}

/// The screen rectangle marking world cell `(wx, wy)`, grown around its
/// centre to at least [`MARKER_MIN_PX`].
pub fn cell_marker((wx, wy): (u64, u64), camera: &Camera, pane: &Rect) -> Rect {
    let cell = camera.screen_rect(pane, Rect::new(wx as f64, wy as f64, 1.0, 1.0));
    let grow = |pos: f64, len: f64| {
        if len >= MARKER_MIN_PX {
            (pos, len)
        } else {
            (pos + len / 2.0 - MARKER_MIN_PX / 2.0, MARKER_MIN_PX)
        }
    };
    let (x, w) = grow(cell.x, cell.w);
    let (y, h) = grow(cell.y, cell.h);
    Rect::new(x, y, w, h)
}

/// Centres of the cells showing `offsets` in the logical view, in order;
/// `None` breaks the path (a cell with no logical place).
pub fn trail_points(
    view: &mut dyn View,
    camera: &Camera,
    pane: &Rect,
    offsets: &[u64],
) -> Vec<Option<(f64, f64)>> {
    offsets
        .iter()
        .map(|&o| {
            view.cell_of_offset(o)
                .map(|(wx, wy)| camera.to_screen(pane, wx as f64 + 0.5, wy as f64 + 0.5))
        })
        .collect()
}

/// A cell under the pointer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub pane: Pane,
    pub wx: u64,
    pub wy: u64,
    pub probe: Probe,
}

/// The cell of `view` under screen point `(sx, sy)`, if any.
pub fn hit(view: &mut dyn View, camera: &Camera, pane: &Rect, sx: f64, sy: f64) -> Option<Hit> {
    if !pane.contains(sx, sy) {
        return None;
    }
    let (wx, wy) = camera.to_world(pane, sx, sy);
    let (w, h) = view.world();
    if !(wx >= 0.0 && wy >= 0.0 && wx < w as f64 && wy < h as f64) {
        return None;
    }
    let (wx, wy) = (wx.floor() as u64, wy.floor() as u64);
    let mut tiles = vec![0u64; view.mapping().num_levels()];
    match view.probe(wx, wy, &mut tiles) {
        Probe::Outside => None,
        probe => Some(Hit {
            pane: view.pane(),
            wx,
            wy,
            probe,
        }),
    }
}

/// Largest minimap edge.
pub const MINIMAP_MAX: f64 = 150.0;

/// Where the minimap goes (bottom-right of the pane, the world's shape)
/// and the visible part inside it; `None` when the whole world is in view.
pub fn minimap_rects(world: (u64, u64), camera: &Camera, pane: &Rect) -> Option<(Rect, Rect)> {
    let (ww, wh) = (world.0.max(1) as f64, world.1.max(1) as f64);
    if camera.shows_all(pane, ww, wh) {
        return None;
    }
    let max_w = MINIMAP_MAX.min(pane.w * 0.3);
    let max_h = MINIMAP_MAX.min(pane.h * 0.45);
    let scale = (max_w / ww).min(max_h / wh);
    let (w, h) = ((ww * scale).max(12.0), (wh * scale).max(12.0));
    let thumb = Rect::new(pane.right() - w - 8.0, pane.bottom() - h - 8.0, w, h);
    let v = camera.visible(pane);
    let (sx, sy) = (w / ww, h / wh);
    let x0 = (v.x * sx).clamp(0.0, w);
    let y0 = (v.y * sy).clamp(0.0, h);
    let x1 = (v.right() * sx).clamp(0.0, w);
    let y1 = (v.bottom() * sy).clamp(0.0, h);
    // At least 3 pixels, so that a deep zoom still shows where it is.
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    let (vw, vh) = ((x1 - x0).max(3.0), (y1 - y0).max(3.0));
    Some((
        thumb,
        Rect::new(thumb.x + cx - vw / 2.0, thumb.y + cy - vh / 2.0, vw, vh),
    ))
}

/// The world point at screen point `(sx, sy)` inside the minimap `thumb`.
pub fn minimap_to_world(world: (u64, u64), thumb: &Rect, sx: f64, sy: f64) -> (f64, f64) {
    (
        (sx - thumb.x) / thumb.w * world.0 as f64,
        (sy - thumb.y) / thumb.h * world.1 as f64,
    )
}
