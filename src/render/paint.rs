//! Paints scenes on the page's canvas (wasm only).
//!
//! Each pane's static picture (cells, hatching, boundaries, labels, axes)
//! is painted once into an offscreen canvas and kept while its key (model,
//! camera, frame, colours, theme, row width) is unchanged. A frame then
//! costs two image copies plus the overlay: cursor, trail, hover, pinned
//! cell and minimaps. Backing stores are `CSS size x devicePixelRatio`.

use wasm_bindgen::{Clamped, JsCast, JsValue};
use web_sys::{CanvasPattern, CanvasRenderingContext2d as Ctx, HtmlCanvasElement, ImageData};

use crate::core::Mapping;

use super::camera::{Camera, Rect};
use super::colour::{Rgb, Theme, ThemeKind};
use super::frame::{Frame, TICKS_H, TITLE_H};
use super::overlay::{marker_rect, minimap_rects, trail_points};
use super::raster::{thumbnail, ColourMode, Colouring};
use super::scene::{Align, Image, Label, Lines, PaneScene};
use super::views::Pane;
use super::{pane_scene, Labelling, Style, Worlds};

/// What decides a pane's static picture.
#[derive(Clone, Debug, PartialEq)]
pub struct LayerKey {
    pub generation: u64,
    pub camera: Camera,
    pub frame: Frame,
    pub mode: ColourMode,
    pub theme: ThemeKind,
    pub row_width: u64,
    pub dpr: f64,
}

/// Everything one frame shows.
pub struct FrameInput<'a> {
    pub mapping: &'a Mapping,
    pub worlds: &'a Worlds,
    pub frame: Frame,
    pub cameras: [Camera; 2],
    /// Changes whenever the mapping or its labelling changes.
    pub generation: u64,
    pub mode: ColourMode,
    pub theme: Theme,
    pub labelling: &'a Labelling<'a>,
    pub cursor: Option<u64>,
    /// Offsets behind the cursor, oldest first.
    pub trail: &'a [u64],
    pub hover: Option<u64>,
    pub pinned: Option<u64>,
    pub dpr: f64,
}

/// What a paint did, for captions and the timing harness.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PaintReport {
    /// Panes whose static picture was rebuilt this frame.
    pub rebuilt: Vec<Pane>,
    /// Cells per drawn sample, per pane (logical, memory).
    pub blocks: [u64; 2],
    /// Levels too small to outline, per pane.
    pub dense_levels: [Vec<usize>; 2],
}

struct Layer {
    key: LayerKey,
    canvas: HtmlCanvasElement,
    region: Rect,
    block: u64,
    dense: Vec<usize>,
}

struct Thumb {
    key: (u64, ColourMode, ThemeKind, Worlds, u32, u32),
    canvas: HtmlCanvasElement,
}

/// The painter of one canvas; keep it across frames.
pub struct Painter {
    canvas: HtmlCanvasElement,
    ctx: Ctx,
    layers: [Option<Layer>; 2],
    thumbs: [Option<Thumb>; 2],
    scratch: HtmlCanvasElement,
    hatch: Option<(ThemeKind, CanvasPattern)>,
}

fn context(canvas: &HtmlCanvasElement) -> Option<Ctx> {
    canvas.get_context("2d").ok()??.dyn_into::<Ctx>().ok()
}

fn new_canvas() -> Option<HtmlCanvasElement> {
    web_sys::window()?
        .document()?
        .create_element("canvas")
        .ok()?
        .dyn_into::<HtmlCanvasElement>()
        .ok()
}

const PANES: [Pane; 2] = [Pane::Logical, Pane::Memory];

fn slot(pane: Pane) -> usize {
    match pane {
        Pane::Logical => 0,
        Pane::Memory => 1,
    }
}

/// The part of the canvas a pane's layer covers: its title, ticks and
/// margins included.
fn region(frame: &Frame, pane: Pane) -> Rect {
    let split = (frame.logical.bottom() + frame.memory.y - TITLE_H - TICKS_H) / 2.0;
    match pane {
        Pane::Logical => Rect::new(0.0, 0.0, frame.width, split),
        Pane::Memory => Rect::new(0.0, split, frame.width, frame.height - split),
    }
}

impl Painter {
    pub fn new(canvas: HtmlCanvasElement) -> Option<Painter> {
        Some(Painter {
            ctx: context(&canvas)?,
            canvas,
            layers: [None, None],
            thumbs: [None, None],
            scratch: new_canvas()?,
            hatch: None,
        })
    }

    /// Clears the canvas (nothing to draw) and forgets cached layers.
    pub fn clear(&mut self, frame: &Frame, theme: &Theme, dpr: f64) {
        let (w, h) = (
            (frame.width * dpr).round() as u32,
            (frame.height * dpr).round() as u32,
        );
        if self.canvas.width() != w || self.canvas.height() != h {
            self.canvas.set_width(w);
            self.canvas.set_height(h);
        }
        self.layers = [None, None];
        let _ = self.ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        self.ctx.set_fill_style_str(&theme.background.css());
        self.ctx.fill_rect(0.0, 0.0, f64::from(w), f64::from(h));
    }

    /// Paints one frame.
    pub fn paint(&mut self, input: &FrameInput<'_>) -> PaintReport {
        let dpr = input.dpr;
        let (w, h) = (
            (input.frame.width * dpr).round() as u32,
            (input.frame.height * dpr).round() as u32,
        );
        if self.canvas.width() != w || self.canvas.height() != h {
            self.canvas.set_width(w);
            self.canvas.set_height(h);
        }
        let mut report = PaintReport::default();
        for pane in PANES {
            let key = LayerKey {
                generation: input.generation,
                camera: input.cameras[slot(pane)],
                frame: input.frame,
                mode: input.mode,
                theme: input.theme.kind,
                row_width: input.worlds.memory.row_width,
                dpr,
            };
            if self.layers[slot(pane)].as_ref().map(|l| &l.key) != Some(&key) {
                self.layers[slot(pane)] = self.build_layer(input, pane, key);
                report.rebuilt.push(pane);
            }
            if let Some(layer) = &self.layers[slot(pane)] {
                report.blocks[slot(pane)] = layer.block;
                report.dense_levels[slot(pane)] = layer.dense.clone();
            }
        }
        let ctx = &self.ctx;
        let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        ctx.set_fill_style_str(&input.theme.background.css());
        ctx.fill_rect(0.0, 0.0, f64::from(w), f64::from(h));
        for layer in self.layers.iter().flatten() {
            let _ = ctx.draw_image_with_html_canvas_element(
                &layer.canvas,
                (layer.region.x * dpr).round(),
                (layer.region.y * dpr).round(),
            );
        }
        let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        for pane in PANES {
            self.minimap(input, pane);
        }
        self.overlay(input);
        report
    }

    fn build_layer(&mut self, input: &FrameInput<'_>, pane: Pane, key: LayerKey) -> Option<Layer> {
        let colours = Colouring::new(input.mapping, input.mode, &input.theme);
        let style = Style {
            colours: &colours,
            theme: &input.theme,
            labelling: input.labelling,
        };
        let camera = input.cameras[slot(pane)];
        let scene = pane_scene(
            input.mapping,
            input.worlds,
            &input.frame,
            pane,
            &camera,
            &style,
        );
        let region = region(&input.frame, pane);
        let canvas = match self.layers[slot(pane)].take() {
            Some(old) => old.canvas,
            None => new_canvas()?,
        };
        let dpr = key.dpr;
        canvas.set_width((region.w * dpr).round().max(1.0) as u32);
        canvas.set_height((region.h * dpr).round().max(1.0) as u32);
        let ctx = context(&canvas)?;
        let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, -region.x * dpr, -region.y * dpr);
        ctx.set_fill_style_str(&input.theme.background.css());
        ctx.fill_rect(region.x, region.y, region.w, region.h);
        self.paint_scene(&ctx, &scene, &input.theme);
        Some(Layer {
            key,
            canvas,
            region,
            block: scene.block,
            dense: scene.dense_levels,
        })
    }

    fn paint_scene(&mut self, ctx: &Ctx, scene: &PaneScene, theme: &Theme) {
        ctx.save();
        clip(ctx, &scene.rect);
        if let Some(image) = &scene.image {
            self.paint_image(ctx, image);
        }
        if !scene.hatch.is_empty() {
            if let Some(pattern) = self.hatch_pattern(theme) {
                ctx.set_fill_style_canvas_pattern(&pattern);
                ctx.begin_path();
                for r in &scene.hatch {
                    ctx.rect(r.x, r.y, r.w, r.h);
                }
                ctx.fill();
            }
        }
        for lines in &scene.lines {
            stroke_lines(ctx, lines);
        }
        for label in &scene.labels {
            paint_label(ctx, label);
        }
        ctx.restore();
        for label in &scene.margin {
            paint_label(ctx, label);
        }
    }

    /// Scales an image of samples up to its destination, crisp.
    fn paint_image(&self, ctx: &Ctx, image: &Image) {
        if image.cols == 0 || image.rows == 0 {
            return;
        }
        let (cols, rows) = (image.cols as u32, image.rows as u32);
        if self.scratch.width() != cols || self.scratch.height() != rows {
            self.scratch.set_width(cols);
            self.scratch.set_height(rows);
        }
        let Some(sctx) = context(&self.scratch) else {
            return;
        };
        let Ok(data) =
            ImageData::new_with_u8_clamped_array_and_sh(Clamped(&image.rgba), cols, rows)
        else {
            return;
        };
        let _ = sctx.put_image_data(&data, 0.0, 0.0);
        ctx.set_image_smoothing_enabled(false);
        let d = image.dest;
        let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
            &self.scratch,
            d.x,
            d.y,
            d.w,
            d.h,
        );
    }

    /// Diagonal hatching over the padding colour, one pattern per theme.
    fn hatch_pattern(&mut self, theme: &Theme) -> Option<CanvasPattern> {
        if let Some((kind, pattern)) = &self.hatch {
            if *kind == theme.kind {
                return Some(pattern.clone());
            }
        }
        let tile = new_canvas()?;
        tile.set_width(8);
        tile.set_height(8);
        let t = context(&tile)?;
        t.set_fill_style_str(&theme.padding.css());
        t.fill_rect(0.0, 0.0, 8.0, 8.0);
        t.set_stroke_style_str(&theme.hatch.css());
        t.set_line_width(1.5);
        t.begin_path();
        for (x0, y0, x1, y1) in [
            (0.0, 8.0, 8.0, 0.0),
            (-2.0, 2.0, 2.0, -2.0),
            (6.0, 10.0, 10.0, 6.0),
        ] {
            t.move_to(x0, y0);
            t.line_to(x1, y1);
        }
        t.stroke();
        let pattern = self
            .ctx
            .create_pattern_with_html_canvas_element(&tile, "repeat")
            .ok()??;
        self.hatch = Some((theme.kind, pattern.clone()));
        Some(pattern)
    }

    fn minimap(&mut self, input: &FrameInput<'_>, pane: Pane) {
        let world = input.worlds.world(pane);
        let rect = input.frame.pane(pane);
        let camera = input.cameras[slot(pane)];
        let Some((thumb, viewport)) = minimap_rects(world, &camera, &rect) else {
            return;
        };
        let (cols, rows) = (
            thumb.w.round().max(1.0) as u32,
            thumb.h.round().max(1.0) as u32,
        );
        let key = (
            input.generation,
            input.mode,
            input.theme.kind,
            input.worlds.clone(),
            cols,
            rows,
        );
        if self.thumbs[slot(pane)].as_ref().map(|t| &t.key) != Some(&key) {
            self.thumbs[slot(pane)] = self.build_thumb(input, pane, key);
        }
        let Some(t) = &self.thumbs[slot(pane)] else {
            return;
        };
        let ctx = &self.ctx;
        ctx.set_fill_style_str(&input.theme.background.css_alpha(0.9));
        ctx.fill_rect(thumb.x - 3.0, thumb.y - 3.0, thumb.w + 6.0, thumb.h + 6.0);
        ctx.set_image_smoothing_enabled(false);
        let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
            &t.canvas, thumb.x, thumb.y, thumb.w, thumb.h,
        );
        ctx.set_line_dash(&js_sys::Array::new()).ok();
        ctx.set_stroke_style_str(&input.theme.muted.css());
        ctx.set_line_width(1.0);
        ctx.stroke_rect(thumb.x - 0.5, thumb.y - 0.5, thumb.w + 1.0, thumb.h + 1.0);
        ctx.set_stroke_style_str(&input.theme.cursor.css());
        ctx.set_line_width(1.5);
        ctx.stroke_rect(viewport.x, viewport.y, viewport.w, viewport.h);
    }

    fn build_thumb(
        &self,
        input: &FrameInput<'_>,
        pane: Pane,
        key: (u64, ColourMode, ThemeKind, Worlds, u32, u32),
    ) -> Option<Thumb> {
        let (cols, rows) = (key.4, key.5);
        let colours = Colouring::new(input.mapping, input.mode, &input.theme);
        let rgba = input.worlds.with_view(input.mapping, pane, |view| {
            thumbnail(view, &colours, cols as usize, rows as usize)
        });
        let canvas = new_canvas()?;
        canvas.set_width(cols);
        canvas.set_height(rows);
        let data = ImageData::new_with_u8_clamped_array_and_sh(Clamped(&rgba), cols, rows).ok()?;
        context(&canvas)?.put_image_data(&data, 0.0, 0.0).ok()?;
        Some(Thumb { key, canvas })
    }

    /// Cursor, trail, hovered and pinned cells, in both panes.
    fn overlay(&self, input: &FrameInput<'_>) {
        let ctx = &self.ctx;
        let theme = &input.theme;
        for pane in PANES {
            let rect = input.frame.pane(pane);
            let camera = input.cameras[slot(pane)];
            ctx.save();
            clip(ctx, &rect);
            input.worlds.with_view(input.mapping, pane, |view| {
                if pane == Pane::Logical && input.trail.len() > 1 {
                    let points = trail_points(view, &camera, &rect, input.trail);
                    paint_trail(ctx, &points, theme.cursor);
                }
                let mut mark = |offset: Option<u64>, paint: &dyn Fn(&Ctx, Rect)| {
                    if let Some(r) = offset.and_then(|o| marker_rect(view, &camera, &rect, o)) {
                        paint(ctx, r);
                    }
                };
                mark(input.pinned, &|ctx, r| {
                    outline(ctx, r, theme.background, 5.0);
                    outline(ctx, r, theme.hover, 3.0);
                });
                mark(input.hover, &|ctx, r| {
                    outline(ctx, r, theme.background, 3.5);
                    outline(ctx, r, theme.hover, 1.75);
                });
                mark(input.cursor, &|ctx, r| {
                    ctx.set_fill_style_str(&theme.cursor.css_alpha(0.35));
                    ctx.fill_rect(r.x, r.y, r.w, r.h);
                    outline(ctx, r, Rgb(255, 255, 255), 4.0);
                    outline(ctx, r, theme.cursor, 2.5);
                });
            });
            ctx.restore();
        }
    }
}

fn clip(ctx: &Ctx, r: &Rect) {
    ctx.begin_path();
    ctx.rect(r.x, r.y, r.w, r.h);
    ctx.clip();
}

fn outline(ctx: &Ctx, r: Rect, colour: Rgb, width: f64) {
    ctx.set_line_dash(&js_sys::Array::new()).ok();
    ctx.set_stroke_style_str(&colour.css());
    ctx.set_line_width(width);
    ctx.stroke_rect(r.x, r.y, r.w, r.h);
}

fn stroke_lines(ctx: &Ctx, lines: &Lines) {
    if lines.segments.is_empty() {
        return;
    }
    let dash = js_sys::Array::new();
    for &d in lines.stroke.dash.pattern() {
        dash.push(&JsValue::from_f64(d));
    }
    ctx.set_line_dash(&dash).ok();
    ctx.set_line_cap("butt");
    ctx.set_stroke_style_str(&lines.stroke.colour.css_alpha(lines.stroke.alpha));
    ctx.set_line_width(lines.stroke.width);
    ctx.begin_path();
    for s in &lines.segments {
        ctx.move_to(s[0], s[1]);
        ctx.line_to(s[2], s[3]);
    }
    ctx.stroke();
}

fn paint_label(ctx: &Ctx, label: &Label) {
    let weight = if label.bold { "600 " } else { "" };
    ctx.set_font(&format!(
        "{weight}{:.1}px ui-monospace, 'DejaVu Sans Mono', Menlo, Consolas, monospace",
        label.size
    ));
    ctx.set_text_baseline("middle");
    let (align, width) = (
        match label.align {
            Align::Left => "left",
            Align::Centre => "center",
            Align::Right => "right",
        },
        ctx.measure_text(&label.text)
            .map(|m| m.width())
            .unwrap_or(0.0),
    );
    ctx.set_text_align(align);
    if let Some(plate) = label.plate {
        let x = match label.align {
            Align::Left => label.x,
            Align::Centre => label.x - width / 2.0,
            Align::Right => label.x - width,
        };
        ctx.set_fill_style_str(&plate.css_alpha(0.85));
        ctx.fill_rect(
            x - 2.0,
            label.y - label.size * 0.65,
            width + 4.0,
            label.size * 1.3,
        );
    }
    ctx.set_fill_style_str(&label.colour.css());
    let _ = ctx.fill_text(&label.text, label.x, label.y);
}

/// The trail: segments between consecutive cells, fading out towards the
/// oldest; a gap where a cell has no logical place.
fn paint_trail(ctx: &Ctx, points: &[Option<(f64, f64)>], colour: Rgb) {
    let n = points.len();
    ctx.set_line_dash(&js_sys::Array::new()).ok();
    ctx.set_line_cap("round");
    ctx.set_line_width(2.5);
    for (k, pair) in points.windows(2).enumerate() {
        if let (Some(a), Some(b)) = (pair[0], pair[1]) {
            ctx.set_stroke_style_str(&colour.css_alpha(0.1 + 0.8 * (k + 1) as f64 / n as f64));
            ctx.begin_path();
            ctx.move_to(a.0, a.1);
            ctx.line_to(b.0, b.1);
            ctx.stroke();
        }
    }
}
