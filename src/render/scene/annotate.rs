//! Annotations drawn over cells: labels, grid lines, axis ticks.

use crate::render::world::camera::{Camera, Rect};
use crate::render::world::colour::{Rgb, Theme};
use crate::render::world::raster::{Colouring, Raster};
use crate::render::world::views::Probe;

use super::commands::{text_width, Align, Label, Lines, Stroke};

/// Cells get labels from this size on.
pub const LABEL_MIN_PX: f64 = 22.0;
/// The sizes cell labels are drawn at, in CSS pixels: whole pixels from
/// 9 to 15, so that every shape reuses the few glyph rasterisations the
/// idle warm-up made (`ui/web/warm.rs`). With sizes to a tenth of a pixel
/// each new cell size drew its labels in a new font size, and Chromium's
/// canvas rasterised those glyphs again in the keystroke: a first drawing
/// of `f32[5,5]{1,0:T(2,2)}` took 7.6 ms against 2.2 for a size seen before
/// (docs/performance/warm-up.md, "Glyphs at new sizes").
pub const CELL_LABEL_SIZES: [f64; 7] = [9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0];
/// Sizes for cells larger than a fitted view's (zoomed in, or fitted in
/// presentation mode): few, so that few new glyph sizes are rasterised.
pub const CELL_LABEL_BIG: [f64; 10] = [18.0, 21.0, 24.0, 28.0, 32.0, 36.0, 42.0, 48.0, 56.0, 64.0];
/// A big size is at most this share of the cell.
const BIG_SHARE: f64 = 0.32;

/// Every character a cell label can hold (`CellLabels`: offsets, indices
/// `2,3`, letters), bar the older proto's padding value.
pub const CELL_LABEL_GLYPHS: &str = "0123456789,abcdefghijklmnopqrstuvwxyz";

/// The size of a cell label in a cell `side` pixels wide: one of
/// [`CELL_LABEL_SIZES`], or of [`CELL_LABEL_BIG`] for cells larger than
/// [`crate::render::world::camera::FIT_MAX_SCALE`], so that letters grow
/// as the user zooms in.
pub fn cell_label_size(side: f64) -> f64 {
    if let Some(&big) = CELL_LABEL_BIG
        .iter()
        .rev()
        .find(|&&s| s <= side * BIG_SHARE)
    {
        return big;
    }
    let first = CELL_LABEL_SIZES[0];
    let last = CELL_LABEL_SIZES[CELL_LABEL_SIZES.len() - 1];
    (side * 0.36).clamp(first, last).round()
}

/// Grid lines between cells from this size on.
pub const GRID_MIN_PX: f64 = 10.0;

/// What a cell's label says.
pub trait CellText {
    fn text(&self, probe: Probe) -> Option<String>;
}

/// Labels inside cells, in a colour readable on each cell; only when every
/// cell is drawn and big enough.
pub fn cell_labels(
    raster: &Raster,
    camera: &Camera,
    pane: &Rect,
    colours: &Colouring,
    texts: &dyn CellText,
) -> Vec<Label> {
    let side = camera.scale;
    if raster.block != 1 || side < LABEL_MIN_PX {
        return Vec::new();
    }
    let size = cell_label_size(side);
    let mut labels = Vec::new();
    for i in 0..raster.rows {
        for j in 0..raster.cols {
            let probe = raster.probe(i, j);
            let Some(text) = texts.text(probe) else {
                continue;
            };
            if text_width(&text, size) > side * 0.92 {
                continue;
            }
            let tile0 = if raster.levels > 0 {
                raster.tile(i, j, 0)
            } else {
                0
            };
            let fill = colours.colour(probe, tile0).unwrap_or(Rgb(255, 255, 255));
            let ink = fill.ink();
            let (x, y) = camera.to_screen(
                pane,
                (raster.x0 + j as u64) as f64 + 0.5,
                (raster.y0 + i as u64) as f64 + 0.5,
            );
            labels.push(Label::new(x, y, text, size, ink).aligned(Align::Centre));
        }
    }
    labels
}

/// Thin lines in the background colour between cells, when cells are big
/// enough for the gaps to help.
pub fn grid_lines(raster: &Raster, camera: &Camera, pane: &Rect, theme: &Theme) -> Option<Lines> {
    if raster.block != 1 || camera.scale < GRID_MIN_PX {
        return None;
    }
    let image = raster.screen_rect(camera, pane);
    let mut segments = Vec::with_capacity(raster.rows + raster.cols + 2);
    for j in 0..=raster.cols {
        let x = image.x + j as f64 * camera.scale;
        segments.push([x, image.y, x, image.bottom()]);
    }
    for i in 0..=raster.rows {
        let y = image.y + i as f64 * camera.scale;
        segments.push([image.x, y, image.right(), y]);
    }
    Some(Lines {
        stroke: Stroke::solid(theme.grid, 1.0),
        segments,
    })
}

/// A tick value for a narrow margin: `16384`, `250k`, `1M`, `1.5G`.
pub fn compact(n: u64) -> String {
    const UNITS: [(u64, &str); 5] = [
        (1_000_000_000_000_000, "P"),
        (1_000_000_000_000, "T"),
        (1_000_000_000, "G"),
        (1_000_000, "M"),
        (1_000, "k"),
    ];
    if n < 100_000 {
        return n.to_string();
    }
    let (unit, suffix) = UNITS.into_iter().find(|&(u, _)| n >= u).unwrap_or((1, ""));
    let whole = n / unit;
    let tenth = n % unit / (unit / 10).max(1);
    if tenth == 0 || whole >= 100 {
        format!("{whole}{suffix}")
    } else {
        format!("{whole}.{tenth}{suffix}")
    }
}

/// The smallest "nice" step (1, 2, 5, 10, 20, 50, ...) of at least `min`.
pub fn nice_step(min: f64) -> u64 {
    let mut step = 1u64;
    loop {
        for m in [1u64, 2, 5] {
            let s = step.saturating_mul(m);
            if s as f64 >= min || s == u64::MAX {
                return s;
            }
        }
        if step > u64::MAX / 10 {
            return u64::MAX;
        }
        step *= 10;
    }
}

/// Tick positions along one axis: world coordinates `k * step` (k >= 0)
/// within `[from, to)`, where `inside(pos)` says the coordinate is part of
/// the picture, with the value to print.
pub fn ticks(
    from: f64,
    to: f64,
    step: u64,
    mut value: impl FnMut(u64) -> Option<u64>,
) -> Vec<(u64, u64)> {
    let step = step.max(1);
    let start = if from <= 0.0 {
        0
    } else {
        (from as u64).div_ceil(step).saturating_mul(step)
    };
    let mut out = Vec::new();
    let mut pos = start;
    while (pos as f64) < to && out.len() < 4096 {
        if let Some(v) = value(pos) {
            out.push((pos, v));
        }
        match pos.checked_add(step) {
            Some(next) => pos = next,
            None => break,
        }
    }
    out
}

/// Tick labels above the pane (`top`) or left of it, centred on cells.
pub fn tick_labels(
    ticks: &[(u64, u64)],
    camera: &Camera,
    pane: &Rect,
    top: bool,
    theme: &Theme,
    format: impl Fn(u64) -> String,
) -> Vec<Label> {
    let size = 10.5;
    ticks
        .iter()
        .filter_map(|&(pos, value)| {
            let centre = pos as f64 + 0.5;
            let (x, y) = camera.to_screen(pane, centre, centre);
            let text = format(value);
            if top {
                (x >= pane.x && x <= pane.right()).then(|| {
                    Label::new(x, pane.y - 8.0, text, size, theme.muted).aligned(Align::Centre)
                })
            } else {
                (y >= pane.y && y <= pane.bottom()).then(|| {
                    Label::new(pane.x - 5.0, y, text, size, theme.muted).aligned(Align::Right)
                })
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_label_sizes_are_few_and_follow_the_cell() {
        let mut last = 0.0;
        for tenth in 0..10_000 {
            let side = LABEL_MIN_PX + f64::from(tenth) / 10.0;
            let size = cell_label_size(side);
            let known = CELL_LABEL_SIZES.contains(&size) || CELL_LABEL_BIG.contains(&size);
            assert!(known, "{size} for {side}");
            assert!(size >= last, "shrinks at {side}");
            if side <= crate::render::world::camera::FIT_MAX_SCALE {
                // A fitted view's cells: the sizes the warm-up drew.
                let wanted = (side * 0.36).clamp(9.0, 15.0);
                assert!((size - wanted).abs() <= 0.5, "{size} for {side}");
            } else if size > 15.0 {
                // Bigger cells: the largest big size within the share.
                assert!(CELL_LABEL_BIG.contains(&size), "{size} for {side}");
                assert!(size <= side * BIG_SHARE, "{size} for {side}");
                let next = CELL_LABEL_BIG.iter().find(|&&s| s > size);
                assert!(
                    next.is_none_or(|&n| n > side * BIG_SHARE),
                    "{size} for {side}"
                );
            }
            last = size;
        }
        assert_eq!(cell_label_size(LABEL_MIN_PX), 9.0);
        assert_eq!(cell_label_size(56.0), 15.0);
        // Zoomed in, letters keep growing: 24 px from 75 px cells, 36 from 113.
        assert_eq!(cell_label_size(75.0), 24.0);
        assert_eq!(cell_label_size(113.0), 36.0);
        assert_eq!(cell_label_size(1e9), 64.0);
    }

    #[test]
    fn cell_label_glyphs_cover_every_label() {
        use crate::core::Mapping;
        use crate::render::scene::memory::index_text;
        use crate::render::scene::style::Labelling;
        let shape = crate::core::parse("f32[3,5,2,7]").unwrap();
        let mapping = Mapping::new(&shape.leaves()[0].1.layout().unwrap()).unwrap();
        let texts = (0..210)
            .map(|id| index_text(id, &mapping))
            .chain((0..60).map(Labelling::letter))
            .chain([u64::MAX.to_string(), "1234567890".to_owned()]);
        for text in texts {
            for c in text.chars() {
                assert!(CELL_LABEL_GLYPHS.contains(c), "{c:?} in {text:?}");
            }
        }
    }

    #[test]
    fn compact_tick_values() {
        assert_eq!(compact(0), "0");
        assert_eq!(compact(16384), "16384");
        assert_eq!(compact(250_000), "250k");
        assert_eq!(compact(1_000_000), "1M");
        assert_eq!(compact(1_500_000), "1.5M");
        assert_eq!(compact(123_456_789), "123M");
        assert_eq!(compact(u64::MAX), "18446P");
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(0.3), 1);
        assert_eq!(nice_step(1.0), 1);
        assert_eq!(nice_step(1.5), 2);
        assert_eq!(nice_step(3.0), 5);
        assert_eq!(nice_step(7.0), 10);
        assert_eq!(nice_step(4e6), 5_000_000);
        assert_eq!(nice_step(1e300), u64::MAX);
    }

    #[test]
    fn ticks_skip_what_is_not_in_the_picture() {
        // Slices of 3 columns separated by 1-cell gaps: world x 3, 7, 11
        // are gaps.
        let t = ticks(0.0, 12.0, 1, |x| (x % 4 < 3).then_some(x % 4));
        let values: Vec<u64> = t.iter().map(|&(_, v)| v).collect();
        assert_eq!(values, [0, 1, 2, 0, 1, 2, 0, 1, 2]);
        // Cell 5 is partly visible from 5.5 on; cell 20 from 20 to 21.
        let t = ticks(5.5, 21.0, 5, Some);
        assert_eq!(t, [(5, 5), (10, 10), (15, 15), (20, 20)]);
        assert_eq!(ticks(6.0, 20.0, 5, Some), [(10, 10), (15, 15)]);
        assert!(ticks(0.0, 1e30, 1, Some).len() <= 4096);
    }
}
