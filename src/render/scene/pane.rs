//! What every pane draws the same way: sampled cells, hatched padding,
//! grid lines, tile boundaries of every level, cell labels and the title.
//! Each view adds its own lines, labels and margin (`logical.rs`,
//! `memory.rs`).

use crate::render::world::boundaries::{tile_boundaries, LevelLines};
use crate::render::world::camera::{Camera, Rect};
use crate::render::world::frame::TICKS_H;
use crate::render::world::raster::Raster;
use crate::render::world::views::View;

use super::annotate::{cell_labels, grid_lines, CellText};
use super::commands::{level_stroke, text_width, Image, Label, Lines, PaneScene};
use super::style::Style;

/// `text`, cut with an ellipsis to fit `width` pixels at font `size`.
pub fn fit_text(text: &str, size: f64, width: f64) -> String {
    if text_width(text, size) <= width {
        return text.to_owned();
    }
    let room = (width / (size * 0.62)).floor().max(1.0) as usize;
    let mut cut: String = text.chars().take(room.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// A view's own additions to its pane.
#[derive(Default)]
pub struct Extras {
    /// Drawn over the cells, under the tile boundaries.
    pub lines: Vec<Lines>,
    /// Drawn over the cells, after the cell labels.
    pub labels: Vec<Label>,
    /// Around the pane, after the title.
    pub margin: Vec<Label>,
}

/// The draw commands of one pane; `extras` sees each level's boundaries.
pub fn build_pane(
    view: &mut dyn View,
    camera: &Camera,
    rect: &Rect,
    style: &Style<'_>,
    texts: &dyn CellText,
    title: String,
    extras: impl FnOnce(&[LevelLines]) -> Extras,
) -> PaneScene {
    let (colours, theme) = (style.colours, style.theme);
    let raster = Raster::sample_at_most(view, camera, rect, colours, style.max_samples);
    let levels = tile_boundaries(view, &raster, camera, rect);
    let extra = extras(&levels);
    let dense_levels = levels
        .iter()
        .filter(|l| l.too_dense)
        .map(|l| l.level)
        .collect();
    let mut lines: Vec<Lines> = grid_lines(&raster, camera, rect, theme)
        .into_iter()
        .chain(extra.lines)
        .collect();
    // The first level last, on top.
    for l in levels.into_iter().rev() {
        lines.push(Lines {
            stroke: level_stroke(theme, l.level),
            segments: l.segments,
        });
    }
    let mut labels = cell_labels(&raster, camera, rect, colours, texts);
    labels.extend(extra.labels);
    let title = Label::new(
        8.0,
        rect.y - TICKS_H - 5.0,
        fit_text(&title, 13.0, rect.right() - 8.0),
        13.0,
        theme.text,
    )
    .bold();
    let margin = std::iter::once(title).chain(extra.margin).collect();
    let hatch = raster.padding_runs(camera, rect);
    let dest = raster.screen_rect(camera, rect);
    let scattered = raster.samples.moved();
    PaneScene {
        pane: view.pane(),
        rect: *rect,
        image: Some(Image {
            dest,
            cols: raster.cols,
            rows: raster.rows,
            rgba: raster.rgba,
            probes: raster.probes,
        }),
        hatch,
        lines,
        labels,
        margin,
        block: raster.block,
        scattered,
        dense_levels,
    }
}
