//! The logical pane's additions over a folded world
//! (`render::world::fold`): each visible band is the unfolded world seen
//! through a camera of its own, so the slices' outlines, labels and the
//! ticks are the unfolded pane's, cut to the band; above each band, its
//! caption ("columns 512..1023 of 4096, band 2 of 8"). A band's ends are
//! left open where the array goes on in the next band, so that the fold
//! reads as a wrap, not as another dim.

use crate::render::world::camera::{Camera, Rect};
use crate::render::world::colour::Theme;
use crate::render::world::fold::{Fold, FoldAxis, LINE_PX};
use crate::render::world::geometry::LogicalGeometry;

use super::commands::{text_width, Align, Label, Lines};
use super::logical::{logical_ticks, slice_labels, slice_outlines};
use super::pane::{fit_text, Extras};

/// A caption's size in pixels, times the fold's `text` (presentation
/// mode's `k`, as the margins' labels, `scene::margin`); captions are
/// drawn when their strip is at least this high.
const CAPTION_PX: f64 = 11.0;
/// Most bands marked in one frame.
const MAX_BANDS: u64 = 512;

/// A band's screen rectangle cut to the pane, and the camera that shows
/// the unfolded world there.
fn band_view(f: &Fold, k: u64, camera: &Camera, rect: &Rect) -> Option<(Rect, Rect, Camera)> {
    let whole = camera.screen_rect(rect, f.band_rect(k));
    let (x0, y0) = (whole.x.max(rect.x), whole.y.max(rect.y));
    let (x1, y1) = (
        whole.right().min(rect.right()),
        whole.bottom().min(rect.bottom()),
    );
    if x1 <= x0 || y1 <= y0 {
        return None;
    }
    let cut = Rect::new(x0, y0, x1 - x0, y1 - y0);
    let (dx, dy) = f.shift_f64(k);
    let s = camera.scale;
    let inner = Camera {
        x: camera.x - dx + (cut.x - rect.x) / s,
        y: camera.y - dy + (cut.y - rect.y) / s,
        scale: s,
    };
    Some((whole, cut, inner))
}

/// Keeps the part of each axis-aligned segment inside `r` (grown by a
/// pixel, so that edges on its border stay).
fn clip(segments: Vec<[f64; 4]>, r: &Rect) -> Vec<[f64; 4]> {
    let (x0, y0, x1, y1) = (r.x - 1.0, r.y - 1.0, r.right() + 1.0, r.bottom() + 1.0);
    segments
        .into_iter()
        .filter_map(|[ax, ay, bx, by]| {
            let (lx, hx) = (ax.min(bx).max(x0), ax.max(bx).min(x1));
            let (ly, hy) = (ay.min(by).max(y0), ay.max(by).min(y1));
            (lx <= hx && ly <= hy).then_some([lx, ly, hx, hy])
        })
        .collect()
}

/// What band `k` holds, for its caption, in phrases: its range ("rows",
/// "0..175", "of 1024") and last "band 1 of 8"; and the axis's name.
fn caption_parts(g: &LogicalGeometry, f: &Fold, k: u64) -> (&'static str, Vec<String>) {
    let n = g.dims.len();
    let (name, real) = match f.axis {
        FoldAxis::Columns => ("columns", g.dims.get(n.wrapping_sub(1)).copied()),
        FoldAxis::Rows => ("rows", g.dims.get(n.wrapping_sub(2)).copied()),
    };
    let real = real.unwrap_or(f.length);
    let (lo, hi) = f.range(k);
    let mut parts = vec![name.to_owned(), format!("{lo}..{}", hi.saturating_sub(1))];
    if lo >= real {
        parts.insert(0, "padding".into());
    } else {
        parts[1] = format!("{lo}..{}", hi.min(real).saturating_sub(1));
        parts.push(format!("of {real}"));
        if hi > real {
            parts.push("and padding".into());
        }
    }
    parts.push(format!("band {} of {}", k + 1, f.bands));
    (name, parts)
}

/// Band `k`'s caption in at most `room` lines of `size` px text each at
/// most `width` px wide: on one line when it fits ("rows 0..175 of 1024,
/// band 1 of 8"), else its range broken between phrases over "band k of
/// n", without the axis's name if that takes too many lines; cut with an
/// ellipsis only where even that does not fit. Never on one line when
/// `broken` (another band's caption is broken: all are, alike).
fn caption_lines(
    g: &LogicalGeometry,
    f: &Fold,
    k: u64,
    size: f64,
    width: f64,
    room: u64,
    broken: bool,
) -> Vec<String> {
    let (name, mut parts) = caption_parts(g, f, k);
    let of = parts.pop().unwrap_or_default();
    let one = format!("{}, {of}", parts.join(" "));
    if (!broken && text_width(&one, size) <= width) || room < 2 {
        return vec![fit_text(&one, size, width)];
    }
    // Monospace: a line fits when its characters do.
    let most = (width / text_width("0", size)) as usize;
    for named in [true, false] {
        let mut lines: Vec<String> = Vec::new();
        let mut wide = of.len() > most;
        for p in &parts {
            if !named && p == name {
                continue;
            }
            match lines.last_mut() {
                Some(l) if l.len() + 1 + p.len() <= most => {
                    l.push(' ');
                    l.push_str(p);
                }
                _ => {
                    wide |= p.len() > most;
                    lines.push(p.clone());
                }
            }
        }
        lines.push(of.clone());
        if !wide && lines.len() as u64 <= room {
            return lines;
        }
    }
    vec![fit_text(&one, size, width)]
}

/// The outlines, labels and ticks of a folded logical pane. Out of line,
/// so that an unfolded pane's first picture does not compile it.
#[inline(never)]
pub fn band_extras(
    g: &LogicalGeometry,
    f: &Fold,
    camera: &Camera,
    rect: &Rect,
    theme: &Theme,
    outline_level0: bool,
) -> Extras {
    let unfolded = g.unfolded();
    let mut extras = Extras::default();
    let bands = f.bands_in(&camera.visible(rect));
    if bands.end - bands.start > MAX_BANDS {
        return extras;
    }
    let strip_px = f.strip as f64 * camera.scale;
    let size = CAPTION_PX * f.text;
    let pitch = LINE_PX * f.text;
    let room = 1 + ((strip_px - size).max(0.0) / pitch).floor() as u64;
    // Side-by-side bands' captions are all broken when the widest in view
    // (the last's or, past the array's end, the one before) is.
    let full = f.across as f64 * camera.scale - 4.0;
    let broken = f.axis == FoldAxis::Rows
        && [bands.end.saturating_sub(1), bands.end.saturating_sub(2)]
            .iter()
            .any(|&b| caption_lines(g, f, b, size, full, room, false).len() > 1);
    let mut first = true;
    for k in bands {
        let Some((whole, cut, inner)) = band_view(f, k, camera, rect) else {
            continue;
        };
        for lines in slice_outlines(&unfolded, &inner, &cut, theme, outline_level0) {
            let segments = clip(lines.segments, &cut);
            extras.lines.push(Lines { segments, ..lines });
        }
        for mut label in slice_labels(&unfolded, &inner, &cut, theme) {
            label.x = label.x.max(cut.x + 3.0);
            if label.y >= cut.y - 12.0 && label.y <= cut.bottom() {
                extras.labels.push(label);
            }
        }
        // Ticks across the bands for each band; along them, for the first
        // band in view (the captions say where the others start).
        for mut tick in logical_ticks(&unfolded, &inner, &cut, theme) {
            let along = (tick.align == Align::Centre) == (f.axis == FoldAxis::Columns);
            if along && !first {
                continue;
            }
            if tick.align == Align::Centre {
                tick.y = rect.y - 8.0;
            }
            extras.margin.push(tick);
        }
        first = false;
        if strip_px >= size {
            // (A band cut by the pane's right edge: the part in view.)
            let x = whole.x.max(rect.x) + 2.0;
            let width = match f.axis {
                FoldAxis::Columns => rect.right() - x + 2.0,
                FoldAxis::Rows => whole.w.min(rect.right() - x + 2.0),
            };
            let lines = caption_lines(g, f, k, size, width - 4.0, room, broken);
            let top = whole.y - strip_px / 2.0 - (lines.len() - 1) as f64 * pitch / 2.0;
            for (i, text) in lines.into_iter().enumerate() {
                let y = top + i as f64 * pitch;
                if y >= rect.y && y <= rect.bottom() {
                    extras.labels.push(Label::new(x, y, text, size, theme.text));
                }
            }
        }
    }
    extras
}
