//! The logical pane: cells, ghost padding, tile boundaries, slice outlines
//! and labels, axis ticks.

use crate::core::{semantics::dim_letters, Mapping};
use crate::render::world::camera::{Camera, Rect};
use crate::render::world::colour::Theme;
use crate::render::world::geometry::LogicalGeometry;
use crate::render::world::views::{LogicalView, Pane, Probe};

use super::annotate::{compact, nice_step, tick_labels, CellText};
use super::bands::band_extras;
use super::commands::{level_stroke, text_width, Label, Lines, PaneScene, Stroke};
use super::pane::{build_pane, Extras};
use super::style::Style;

/// Most slice outlines or labels drawn in one frame.
const MAX_SLICE_MARKS: u64 = 2048;
/// Most tick labels along one axis.
const MAX_TICKS: usize = 160;
/// Slices are outlined when at least this many pixels apart.
const SLICE_MIN_PX: f64 = 8.0;

struct LogicalTexts<'a> {
    style: &'a Style<'a>,
    mapping: &'a Mapping,
}

impl CellText for LogicalTexts<'_> {
    fn text(&self, probe: Probe) -> Option<String> {
        let s = self.style;
        s.cell_labels
            .text(probe, Pane::Logical, s.labelling, self.mapping)
    }
}

/// Builds the logical pane's draw commands.
pub fn logical_pane(
    view: &mut LogicalView<'_>,
    camera: &Camera,
    rect: &Rect,
    style: &Style<'_>,
    title: String,
) -> PaneScene {
    let theme = style.theme;
    let mapping = view.mapping;
    let g = view.geometry.clone();
    build_pane(
        view,
        camera,
        rect,
        style,
        &LogicalTexts { style, mapping },
        title,
        |levels| {
            let outline_level0 = levels.first().is_some_and(|l| !l.too_dense);
            if let Some(fold) = &g.fold {
                return band_extras(&g, fold, camera, rect, theme, outline_level0);
            }
            Extras {
                lines: slice_outlines(&g, camera, rect, theme, outline_level0),
                labels: slice_labels(&g, camera, rect, theme),
                margin: logical_ticks(&g, camera, rect, theme),
            }
        },
    )
}

/// Every visible slice with the world cell of its top-left corner; none
/// when slices are too small on screen to mark one by one.
fn slices_in_view(g: &LogicalGeometry, camera: &Camera, rect: &Rect) -> Vec<(u64, (u64, u64))> {
    let (px, py) = (g.pitch_x().max(1) as f64, g.pitch_y().max(1) as f64);
    if px * camera.scale < SLICE_MIN_PX || py * camera.scale < SLICE_MIN_PX {
        return Vec::new();
    }
    let v = camera.visible(rect);
    let range = |from: f64, to: f64, pitch: f64, count: u64| {
        let lo = (from / pitch).floor().max(0.0) as u64;
        let hi = ((to / pitch).ceil().max(0.0) as u64).min(count);
        (lo.min(hi), hi)
    };
    let (c0, c1) = range(v.x, v.right(), px, g.slices_per_row);
    let (r0, r1) = range(v.y, v.bottom(), py, g.slice_grid_rows);
    if (r1 - r0).saturating_mul(c1 - c0) > MAX_SLICE_MARKS {
        return Vec::new();
    }
    (r0..r1)
        .flat_map(|sr| (c0..c1).map(move |sc| sr * g.slices_per_row + sc))
        .filter(|&slice| slice < g.num_slices)
        .map(|slice| (slice, g.world_of(slice, 0, 0)))
        .collect()
}

/// Outlines of each visible slice: the array's own bounds thin, and the
/// tiled (ghost) region around them with the first level's stroke.
pub(super) fn slice_outlines(
    g: &LogicalGeometry,
    camera: &Camera,
    rect: &Rect,
    theme: &Theme,
    outline_level0: bool,
) -> Vec<Lines> {
    let slices = slices_in_view(g, camera, rect);
    let n = g.dims.len();
    let (real_rows, real_cols) = match n {
        0 => (1, 1),
        1 => (1, g.dims[0]),
        _ => (g.dims[n - 2], g.dims[n - 1]),
    };
    let mut index = vec![0u64; n];
    let mut array = Vec::new();
    let mut ghost = Vec::new();
    let rect_segments = |out: &mut Vec<[f64; 4]>, w: Rect| {
        let s = camera.screen_rect(rect, w);
        out.extend([
            [s.x, s.y, s.right(), s.y],
            [s.right(), s.y, s.right(), s.bottom()],
            [s.right(), s.bottom(), s.x, s.bottom()],
            [s.x, s.bottom(), s.x, s.y],
        ]);
    };
    for (slice, (x, y)) in slices {
        g.index_of(slice, 0, 0, &mut index);
        let (x, y) = (x as f64, y as f64);
        if outline_level0 {
            rect_segments(&mut ghost, Rect::new(x, y, g.cols as f64, g.rows as f64));
        }
        let real = index
            .iter()
            .zip(&g.dims)
            .take(g.leading.len())
            .all(|(i, d)| i < d);
        if real && (real_rows, real_cols) != (0, 0) {
            rect_segments(
                &mut array,
                Rect::new(x, y, real_cols as f64, real_rows as f64),
            );
        }
    }
    let mut out = vec![Lines {
        stroke: Stroke::solid(theme.frame, 1.0).with_alpha(0.8),
        segments: array,
    }];
    if outline_level0 {
        out.push(Lines {
            stroke: level_stroke(theme, 0),
            segments: ghost,
        });
    }
    out
}

/// `p=1, z=0` (dim letters up to 4 dims, else `d0=1, d1=0`).
pub fn slice_name(leading_index: &[u64], num_dims: usize) -> String {
    let letters = dim_letters(num_dims);
    leading_index
        .iter()
        .enumerate()
        .map(|(d, i)| match letters {
            Some(l) => format!("{}={i}", l[d]),
            None => format!("d{d}={i}"),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

pub(super) fn slice_labels(
    g: &LogicalGeometry,
    camera: &Camera,
    rect: &Rect,
    theme: &Theme,
) -> Vec<Label> {
    if g.leading.is_empty() || (g.cols as f64) * camera.scale < 64.0 {
        return Vec::new();
    }
    let n = g.dims.len();
    let mut index = vec![0u64; n];
    let in_gap = g.gap_y as f64 * camera.scale >= 16.0;
    let mut labels = Vec::new();
    for (slice, (wx, wy)) in slices_in_view(g, camera, rect) {
        g.index_of(slice, 0, 0, &mut index);
        let text = slice_name(&index[..g.leading.len()], n);
        let (x, y) = camera.to_screen(rect, wx as f64, wy as f64);
        if text_width(&text, 11.0) > g.cols as f64 * camera.scale {
            continue;
        }
        let label = if in_gap {
            Label::new(x, y - 8.0, text, 11.0, theme.text)
        } else {
            Label::new(x + 3.0, y + 9.0, text, 11.0, theme.text).on(theme.background)
        };
        labels.push(label.bold());
    }
    labels
}

/// Row and column numbers in the margins, for every visible slice.
pub(super) fn logical_ticks(
    g: &LogicalGeometry,
    camera: &Camera,
    rect: &Rect,
    theme: &Theme,
) -> Vec<Label> {
    let v = camera.visible(rect);
    let mut out = Vec::new();
    let axis = |from: f64, to: f64, pitch: u64, len: u64, count: u64, min_px: f64| {
        let step = nice_step(min_px / camera.scale);
        let mut ticks = Vec::new();
        if (len as f64) * camera.scale < min_px.min(24.0) {
            return ticks;
        }
        let first = (from / pitch.max(1) as f64).floor().max(0.0) as u64;
        let mut s = first;
        while s < count && ((s as f64) * pitch as f64) < to && ticks.len() < MAX_TICKS {
            let base = s.saturating_mul(pitch);
            let lo = (from - base as f64).max(0.0) as u64;
            let mut c = lo.div_ceil(step).saturating_mul(step);
            while c < len && ((base + c) as f64) < to && ticks.len() < MAX_TICKS {
                ticks.push((base + c, c));
                c = match c.checked_add(step) {
                    Some(c) => c,
                    None => break,
                };
            }
            s += 1;
        }
        ticks
    };
    let xs = axis(v.x, v.right(), g.pitch_x(), g.cols, g.slices_per_row, 34.0);
    out.extend(tick_labels(&xs, camera, rect, true, theme, compact));
    if g.dims.len() >= 2 {
        let ys = axis(
            v.y,
            v.bottom(),
            g.pitch_y(),
            g.rows,
            g.slice_grid_rows,
            16.0,
        );
        out.extend(tick_labels(&ys, camera, rect, false, theme, compact));
    }
    out
}
