//! The stage view's picture (`stages.rs`) on its canvas: each rectangle
//! in the main picture's colours, letters and hatch, the tiles of every
//! level outlined (issue 71), the main picture's cell marked.

use web_sys::HtmlCanvasElement;

use crate::core::Mapping;
use crate::render::backend::canvas::{context, hatch_pattern};
use crate::render::scene::commands::LABEL_FONT_FAMILY;
use crate::render::world::colour::{viridis_table, Rgb, Theme};
use crate::ui::stepper::look::{letter, tile_outlines, tile_outlines_at};
use crate::ui::stepper::Placed;

use super::stages::{BACKING, HEIGHT, WIDTH};

/// A stage in pixels, with what each rectangle is filled with and says.
pub(super) struct Painted {
    pub(super) cells: Vec<Placed>,
    fills: Vec<Rgb>,
    letters: Vec<Option<char>>,
    outlines: Vec<[f64; 4]>,
    /// The tiles of the levels below the first (the pairs of a `(2,1)`
    /// tiling), with their level.
    inner: Vec<(usize, [f64; 4])>,
    /// Zoomed: the right and bottom edges of the cut (outlines running
    /// into them, or into its left or top edge when the window is panned
    /// away from it, are drawn open there, the tile going on).
    cut: Option<(f64, f64)>,
    /// The smallest rectangle's side, in CSS pixels.
    pub(super) cell: f64,
}

impl super::motion::Stage for Painted {
    fn cells(&self) -> &[Placed] {
        &self.cells
    }
}

impl Painted {
    /// `zoomed`: whether the window is cut off on its left and its top.
    pub(super) fn new(
        mapping: &Mapping,
        cells: Vec<Placed>,
        span: u64,
        zoomed: Option<(bool, bool)>,
    ) -> Painted {
        let table = viridis_table();
        let top = span.saturating_sub(1).max(1);
        let fills = cells
            .iter()
            .map(|c| {
                let i = (u128::from(c.offset) * 255 / u128::from(top)).min(255) as usize;
                table[i]
            })
            .collect();
        let letters = cells.iter().map(|c| letter(mapping, c)).collect();
        let mut outlines = tile_outlines(mapping, &cells);
        let mut inner: Vec<(usize, [f64; 4])> = (1..mapping.num_levels())
            .flat_map(|l| {
                tile_outlines_at(mapping, l, &cells)
                    .into_iter()
                    .map(move |r| (l, r))
            })
            .collect();
        let right = cells.iter().map(|c| c.x + c.w).fold(0.0, f64::max);
        let bottom = cells.iter().map(|c| c.y + c.h).fold(0.0, f64::max);
        let cut = zoomed.map(|_| (right, bottom));
        if let Some((left_cut, top_cut)) = zoomed {
            // Open where the cut runs through a tile.
            let open = |r: &mut [f64; 4]| {
                if left_cut && r[0].abs() < 0.5 {
                    (r[0], r[2]) = (r[0] - 8.0, r[2] + 8.0);
                }
                if top_cut && r[1].abs() < 0.5 {
                    (r[1], r[3]) = (r[1] - 8.0, r[3] + 8.0);
                }
                if (r[0] + r[2] - right).abs() < 0.5 {
                    r[2] += 8.0;
                }
                if (r[1] + r[3] - bottom).abs() < 0.5 {
                    r[3] += 8.0;
                }
            };
            outlines.iter_mut().for_each(open);
            inner.iter_mut().for_each(|(_, r)| open(r));
        }
        let cell = cells.iter().map(|c| c.w.min(c.h)).fold(f64::MAX, f64::min);
        Painted {
            cells,
            fills,
            letters,
            outlines,
            inner,
            cut,
            cell,
        }
    }
}

pub(super) fn paint(
    canvas: &HtmlCanvasElement,
    p: &Painted,
    cells: &[Placed],
    theme: &Theme,
    shown: Option<u64>,
) {
    let Some(ctx) = context(canvas) else {
        return;
    };
    let _ = ctx.set_transform(BACKING, 0.0, 0.0, BACKING, 0.0, 0.0);
    ctx.set_fill_style_str(&theme.background.css());
    ctx.fill_rect(0.0, 0.0, WIDTH, HEIGHT);
    let hatch = hatch_pattern(&ctx, theme);
    for (k, c) in cells.iter().enumerate() {
        let gap = if c.w >= 10.0 { 1.0 } else { 0.0 };
        let (w, h) = ((c.w - gap).max(0.5), (c.h - gap).max(0.5));
        match (&hatch, c.element) {
            (Some(pattern), false) if c.w >= 6.0 => ctx.set_fill_style_canvas_pattern(pattern),
            (_, false) => ctx.set_fill_style_str(&theme.padding.css()),
            (_, true) => ctx.set_fill_style_str(&p.fills[k].css()),
        }
        ctx.fill_rect(c.x, c.y, w, h);
        if let Some(l) = p.letters.get(k).copied().flatten() {
            let size = (c.w.min(c.h) * 0.5).floor();
            if size >= 9.0 {
                ctx.set_fill_style_str(&p.fills[k].ink().css());
                ctx.set_font(&format!("{size}px {LABEL_FONT_FAMILY}"));
                ctx.set_text_align("center");
                ctx.set_text_baseline("middle");
                let _ = ctx.fill_text(&l.to_string(), c.x + w / 2.0, c.y + h / 2.0);
            }
        }
    }
    // Tiles outlined at rest (not while cells move): the inner levels'
    // thin, the first level's over them.
    if std::ptr::eq(cells, p.cells.as_slice()) {
        ctx.save();
        if let Some((right, bottom)) = p.cut {
            ctx.begin_path();
            ctx.rect(0.0, 0.0, right, bottom);
            ctx.clip();
        }
        ctx.set_line_width(1.5);
        for (level, [x, y, w, h]) in &p.inner {
            ctx.set_stroke_style_str(&theme.level(*level).css());
            ctx.stroke_rect(*x + 1.0, *y + 1.0, (*w - 2.5).max(1.0), (*h - 2.5).max(1.0));
        }
        ctx.set_stroke_style_str(&theme.level(0).css());
        ctx.set_line_width(2.5);
        for [x, y, w, h] in &p.outlines {
            ctx.stroke_rect(*x + 0.5, *y + 0.5, (*w - 1.5).max(1.0), (*h - 1.5).max(1.0));
        }
        ctx.restore();
    }
    if let Some(c) = shown.and_then(|k| cells.iter().find(|c| c.key == k)) {
        for (colour, width, inset) in [(theme.background, 6.0, 3.0), (theme.hover, 3.0, 3.0)] {
            ctx.set_stroke_style_str(&colour.css());
            ctx.set_line_width(width);
            ctx.stroke_rect(
                c.x + inset - 1.0,
                c.y + inset - 1.0,
                (c.w - 2.0 * inset + 1.0).max(1.0),
                (c.h - 2.0 * inset + 1.0).max(1.0),
            );
        }
    }
}
