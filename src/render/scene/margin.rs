//! A pane's margin text at presentation size: the title, ticks and
//! addresses `k` times as large, as far from the pane as the margins
//! (`Frame::scaled`) grew, and ticks that would now overlap thinned out.

use super::commands::{text_width, PaneScene};
use super::pane::fit_text;

/// Gap kept between two tick labels on one axis, in pixels at size 1.
const GAP: f64 = 4.0;

/// Scales `scene`'s margin by `k` (nothing to do at 1).
pub fn scale_margin(scene: &mut PaneScene, k: f64) {
    if k == 1.0 {
        return;
    }
    let r = scene.rect;
    let (mut top_end, mut left_end) = (f64::NEG_INFINITY, f64::NEG_INFINITY);
    scene.margin.retain_mut(|l| {
        l.size *= k;
        if l.y < r.y {
            l.y = r.y - (r.y - l.y) * k;
        }
        if l.bold {
            // The title, from the canvas's left edge.
            l.text = fit_text(&l.text, l.size, r.right() - l.x);
            return true;
        }
        if l.x < r.x {
            // A row's tick or address, right-aligned left of the pane.
            l.x = r.x - (r.x - l.x) * k;
            let keep = l.y - l.size / 2.0 >= left_end;
            if keep {
                left_end = l.y + l.size / 2.0;
            }
            return keep;
        }
        let half = text_width(&l.text, l.size) / 2.0;
        let keep = l.x - half >= top_end;
        if keep {
            top_end = l.x + half + GAP * k;
        }
        keep
    });
}
