//! Paints scenes on the page (wasm only), on two stacked canvases:
//!
//! - the picture (`#layout-canvas`): cells, hatching, tile boundaries,
//!   labels, axes and minimaps. A pane is repainted only when its key
//!   (model, camera, frame, colours, theme, row width) changes;
//! - the overlay above it: the animation cursor and its trail, the
//!   hovered and the pinned cell. It is all that changes while the
//!   animation runs, so a frame costs a clear and a few strokes.
//!
//! Backing stores are `CSS size x devicePixelRatio`; drawing is in CSS
//! pixels under a `dpr` transform.

use web_sys::{CanvasRenderingContext2d as Ctx, HtmlCanvasElement};

use crate::core::Mapping;
use crate::render::scene::annotate::CELL_LABEL_GLYPHS;
use crate::render::scene::build::pane_scene;
use crate::render::scene::commands::{text_width, Label, PaneScene};
use crate::render::scene::style::{Labelling, Style};
use crate::render::world::camera::{Camera, Rect};
use crate::render::world::colour::{Rgb, Theme, ThemeKind};
use crate::render::world::frame::Frame;
use crate::render::world::overlay::{marker_rect, minimap_rects, trail_points};
use crate::render::world::raster::{thumbnail, ColourMode, Colouring};
use crate::render::world::views::Pane;
use crate::render::world::worlds::Worlds;

use super::draw2d::{
    clip, context, hatch_pattern, image_canvas, new_canvas, opaque_context, outline, paint_image,
    paint_labels, paint_trail, resize, stroke_lines,
};

/// What decides a pane's picture.
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

/// What a paint did, for the legend and the timing harness.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PaintReport {
    /// Panes repainted this frame.
    pub rebuilt: Vec<Pane>,
    /// Cells per drawn sample, per pane (logical, memory).
    pub blocks: [u64; 2],
    /// Whether a pane's samples are cells picked by hash in their blocks.
    pub scattered: [bool; 2],
    /// Levels too small to outline, per pane.
    pub dense_levels: [Vec<usize>; 2],
    /// Milliseconds spent building scenes and drawing them.
    pub scene_ms: f64,
    pub draw_ms: f64,
}

fn now() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

const PANES: [Pane; 2] = [Pane::Logical, Pane::Memory];

fn slot(pane: Pane) -> usize {
    match pane {
        Pane::Logical => 0,
        Pane::Memory => 1,
    }
}

type ThumbKey = (u64, ColourMode, ThemeKind, Worlds, u32, u32);

/// The painter of one canvas and its overlay; keep it across frames.
pub struct Painter {
    canvas: HtmlCanvasElement,
    ctx: Ctx,
    overlay: HtmlCanvasElement,
    octx: Ctx,
    keys: [Option<LayerKey>; 2],
    blocks: [u64; 2],
    scattered: [bool; 2],
    dense: [Vec<usize>; 2],
    thumbs: [Option<(ThumbKey, HtmlCanvasElement)>; 2],
    /// One per pane, so that their sizes (the sample grids) stay put.
    scratch: [HtmlCanvasElement; 2],
    /// The background the whole canvas was last filled with, since its
    /// last resize. It is opaque: a new or resized canvas is black, the
    /// panes' fills can meet at a row they share, and at a fractional
    /// device pixel ratio they can end a row short of the bottom; those
    /// rows keep what was there (the e2e test "the picture is opaque").
    filled: Option<Rgb>,
}

impl Painter {
    /// A painter for `canvas`, with `overlay` stacked above it (same CSS
    /// box, transparent, not receiving pointer events).
    pub fn new(canvas: HtmlCanvasElement, overlay: HtmlCanvasElement) -> Option<Painter> {
        Some(Painter {
            ctx: opaque_context(&canvas)?,
            octx: context(&overlay)?,
            canvas,
            overlay,
            keys: [None, None],
            blocks: [1, 1],
            scattered: [false, false],
            dense: [Vec::new(), Vec::new()],
            thumbs: [None, None],
            scratch: [new_canvas()?, new_canvas()?],
            filled: None,
        })
    }

    /// Sizes both canvases; a new size clears them and every layer.
    fn size(&mut self, frame: &Frame, dpr: f64) {
        let (w, h) = (
            (frame.width * dpr).round().max(1.0) as u32,
            (frame.height * dpr).round().max(1.0) as u32,
        );
        if resize(&self.canvas, w, h) {
            self.keys = [None, None];
            self.filled = None;
        }
        resize(&self.overlay, w, h);
    }

    /// A painter on two new canvases outside the page.
    pub fn offscreen() -> Option<Painter> {
        Painter::new(new_canvas()?, new_canvas()?)
    }

    /// Draws `scene` alone on the canvas, sized to `frame`, keeping
    /// nothing: the idle warm-up (`ui/web/warm.rs`) draws on a canvas
    /// outside the page, so that a first keystroke does not run the drawing
    /// (the glue, the fonts, the line paths) cold.
    pub fn warm(&mut self, scene: &PaneScene, frame: &Frame, theme: &Theme) {
        self.size(frame, 1.0);
        let ctx = self.ctx.clone();
        self.paint_scene(&ctx, scene, theme, 0);
    }

    /// Draws every glyph a cell label can hold at `size`, under the page's
    /// `dpr` and at four sub-pixel offsets, on the canvas outside the page:
    /// Chromium's canvas keeps rasterised glyphs per font size for the
    /// whole page, so a keystroke's first labels at that size find them
    /// ready (`ui/web/warm.rs`).
    pub fn warm_glyphs(&mut self, size: f64, dpr: f64) {
        let width = text_width(CELL_LABEL_GLYPHS, size) + 20.0;
        self.size(&Frame::new(width, 4.0 * size + 20.0), dpr);
        let _ = self.ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        let labels: Vec<Label> = (0..4u32)
            .map(|k| {
                let (x, y) = (4.0 + f64::from(k) * 0.25, 10.0 + f64::from(k) * size);
                Label::new(x, y, CELL_LABEL_GLYPHS, size, Rgb(20, 20, 20))
            })
            .collect();
        paint_labels(&self.ctx, &labels);
        let _ = self.ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
    }

    /// Fills a rectangle with the hatching of padding in `theme`, on the
    /// canvas outside the page: the pattern is made then, and shared with
    /// the page's painter (`draw2d::hatch_pattern`).
    pub fn warm_hatch(&mut self, theme: &Theme) {
        if let Some(pattern) = hatch_pattern(&self.ctx, theme) {
            self.ctx.set_fill_style_canvas_pattern(&pattern);
            self.ctx.fill_rect(0.0, 0.0, 64.0, 64.0);
        }
    }

    /// Fills the whole picture with `theme`'s background (it is opaque:
    /// this covers whatever was there).
    fn fill_background(&mut self, theme: &Theme) {
        let _ = self.ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        self.ctx.set_fill_style_str(&theme.background.css());
        self.ctx.fill_rect(
            0.0,
            0.0,
            f64::from(self.canvas.width()),
            f64::from(self.canvas.height()),
        );
        self.filled = Some(theme.background);
    }

    /// Clears everything (nothing to draw).
    pub fn clear(&mut self, frame: &Frame, theme: &Theme, dpr: f64) {
        self.size(frame, dpr);
        self.keys = [None, None];
        self.fill_background(theme);
        let _ = self.octx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        self.octx.clear_rect(
            0.0,
            0.0,
            f64::from(self.overlay.width()),
            f64::from(self.overlay.height()),
        );
    }

    /// Paints one frame: the panes whose key changed, then the overlay.
    pub fn paint(&mut self, input: &FrameInput<'_>) -> PaintReport {
        self.size(&input.frame, input.dpr);
        if self.filled != Some(input.theme.background) {
            self.fill_background(&input.theme);
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
                dpr: input.dpr,
            };
            if self.keys[slot(pane)].as_ref() != Some(&key) {
                self.paint_pane(input, pane, &mut report);
                self.keys[slot(pane)] = Some(key);
                report.rebuilt.push(pane);
            }
        }
        report.blocks = self.blocks;
        report.scattered = self.scattered;
        report.dense_levels = self.dense.clone();
        self.paint_overlay(input);
        report
    }

    fn paint_pane(&mut self, input: &FrameInput<'_>, pane: Pane, report: &mut PaintReport) {
        let start = now();
        let colours = Colouring::new(input.mapping, input.mode, &input.theme);
        let style = Style::canvas(&colours, &input.theme, input.labelling);
        let camera = input.cameras[slot(pane)];
        let scene = pane_scene(
            input.mapping,
            input.worlds,
            &input.frame,
            pane,
            &camera,
            &style,
        );
        let built = now();
        report.scene_ms += built - start;
        self.blocks[slot(pane)] = scene.block;
        self.scattered[slot(pane)] = scene.scattered;
        self.dense[slot(pane)] = scene.dense_levels.clone();

        let ctx = self.ctx.clone();
        let dpr = input.dpr;
        let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
        let region = input.frame.region(pane);
        ctx.save();
        clip(&ctx, &region);
        ctx.set_fill_style_str(&input.theme.background.css());
        ctx.fill_rect(region.x, region.y, region.w, region.h);
        self.paint_scene(&ctx, &scene, &input.theme, slot(pane));
        self.paint_minimap(&ctx, input, pane, &colours);
        ctx.restore();
        report.draw_ms += now() - built;
    }

    fn paint_scene(&mut self, ctx: &Ctx, scene: &PaneScene, theme: &Theme, slot: usize) {
        ctx.save();
        clip(ctx, &scene.rect);
        if let Some(image) = &scene.image {
            paint_image(ctx, &self.scratch[slot], image);
        }
        if !scene.hatch.is_empty() {
            if let Some(pattern) = hatch_pattern(ctx, theme) {
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
        paint_labels(ctx, &scene.labels);
        ctx.restore();
        paint_labels(ctx, &scene.margin);
    }

    /// A thumbnail of the whole world with the visible part outlined, when
    /// the pane is zoomed in.
    fn paint_minimap(
        &mut self,
        ctx: &Ctx,
        input: &FrameInput<'_>,
        pane: Pane,
        colours: &Colouring,
    ) {
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
        let key: ThumbKey = (
            input.generation,
            input.mode,
            input.theme.kind,
            input.worlds.clone(),
            cols,
            rows,
        );
        if self.thumbs[slot(pane)].as_ref().map(|t| &t.0) != Some(&key) {
            let rgba = input.worlds.with_view(input.mapping, pane, |view| {
                thumbnail(view, colours, cols as usize, rows as usize)
            });
            self.thumbs[slot(pane)] = image_canvas(&rgba, cols, rows).map(|c| (key, c));
        }
        let Some((_, image)) = &self.thumbs[slot(pane)] else {
            return;
        };
        let theme = &input.theme;
        ctx.set_fill_style_str(&theme.background.css_alpha(0.9));
        ctx.fill_rect(thumb.x - 3.0, thumb.y - 3.0, thumb.w + 6.0, thumb.h + 6.0);
        ctx.set_image_smoothing_enabled(false);
        let _ = ctx.draw_image_with_html_canvas_element_and_dw_and_dh(
            image, thumb.x, thumb.y, thumb.w, thumb.h,
        );
        outline(
            ctx,
            Rect::new(thumb.x - 0.5, thumb.y - 0.5, thumb.w + 1.0, thumb.h + 1.0),
            theme.muted,
            1.0,
        );
        outline(ctx, viewport, theme.cursor, 1.5);
    }

    /// Cursor, trail, hovered and pinned cells, in both panes.
    fn paint_overlay(&self, input: &FrameInput<'_>) {
        let ctx = &self.octx;
        let dpr = input.dpr;
        let _ = ctx.set_transform(1.0, 0.0, 0.0, 1.0, 0.0, 0.0);
        ctx.clear_rect(
            0.0,
            0.0,
            f64::from(self.overlay.width()),
            f64::from(self.overlay.height()),
        );
        let _ = ctx.set_transform(dpr, 0.0, 0.0, dpr, 0.0, 0.0);
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
                // As strong as the pinned cell's (issue 71: the cell lit
                // from the compared view or a stage was a thin outline).
                mark(input.hover, &|ctx, r| {
                    outline(ctx, r, theme.background, 5.0);
                    outline(ctx, r, theme.hover, 3.0);
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
