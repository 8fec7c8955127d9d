//! Canvas 2D primitives for the painter (wasm only): lines, labels,
//! images, hatching, outlines, the trail.

use std::cell::RefCell;

use wasm_bindgen::{Clamped, JsCast, JsValue};
use web_sys::{CanvasPattern, CanvasRenderingContext2d as Ctx, HtmlCanvasElement, ImageData};

use crate::render::scene::commands::{Align, Image, Label, Lines, LABEL_FONT_FAMILY};
use crate::render::world::camera::Rect;
use crate::render::world::colour::{Rgb, Theme, ThemeKind};
use crate::render::world::raster::MAX_SAMPLES;

pub fn context(canvas: &HtmlCanvasElement) -> Option<Ctx> {
    canvas.get_context("2d").ok()??.dyn_into::<Ctx>().ok()
}

/// The context of a canvas whose every pixel the painter paints: opaque
/// (`alpha: false`), so that the browser's compositor neither blends it
/// nor draws what lies under it (a quarter less of its work per picture
/// when it composites in software: docs/performance/keystroke-tail.md).
pub fn opaque_context(canvas: &HtmlCanvasElement) -> Option<Ctx> {
    let options = js_sys::Object::new();
    js_sys::Reflect::set(&options, &"alpha".into(), &false.into()).ok()?;
    canvas
        .get_context_with_context_options("2d", &options)
        .ok()??
        .dyn_into::<Ctx>()
        .ok()
}

pub fn new_canvas() -> Option<HtmlCanvasElement> {
    web_sys::window()?
        .document()?
        .create_element("canvas")
        .ok()?
        .dyn_into::<HtmlCanvasElement>()
        .ok()
}

/// Sets a canvas's backing store size, if it differs (setting it, even to
/// the same size, clears and reallocates the canvas).
pub fn resize(canvas: &HtmlCanvasElement, w: u32, h: u32) -> bool {
    if canvas.width() == w && canvas.height() == h {
        return false;
    }
    canvas.set_width(w);
    canvas.set_height(h);
    true
}

pub fn clip(ctx: &Ctx, r: &Rect) {
    ctx.begin_path();
    ctx.rect(r.x, r.y, r.w, r.h);
    ctx.clip();
}

fn solid(ctx: &Ctx) {
    ctx.set_line_dash(&js_sys::Array::new()).ok();
}

pub fn outline(ctx: &Ctx, r: Rect, colour: Rgb, width: f64) {
    solid(ctx);
    ctx.set_stroke_style_str(&colour.css());
    ctx.set_line_width(width);
    ctx.stroke_rect(r.x, r.y, r.w, r.h);
}

pub fn stroke_lines(ctx: &Ctx, lines: &Lines) {
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

/// Paints labels, setting the font, alignment and colour only when they
/// change (setting a canvas font is costly: the browser parses it).
pub fn paint_labels(ctx: &Ctx, labels: &[Label]) {
    ctx.set_text_baseline("middle");
    let mut font = (f64::NAN, false);
    let mut align = None;
    let mut colour = None;
    for label in labels {
        if font != (label.size, label.bold) {
            font = (label.size, label.bold);
            let weight = if label.bold { "600 " } else { "" };
            ctx.set_font(&format!("{weight}{:.1}px {LABEL_FONT_FAMILY}", label.size));
        }
        if align != Some(label.align) {
            align = Some(label.align);
            ctx.set_text_align(match label.align {
                Align::Left => "left",
                Align::Centre => "center",
                Align::Right => "right",
            });
        }
        if let Some(plate) = label.plate {
            let width = ctx
                .measure_text(&label.text)
                .map(|m| m.width())
                .unwrap_or(0.0);
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
            colour = None;
        }
        if colour != Some(label.colour) {
            colour = Some(label.colour);
            ctx.set_fill_style_str(&label.colour.css());
        }
        let _ = ctx.fill_text(&label.text, label.x, label.y);
    }
}

/// Scales an image of samples up to its destination, crisp, through the
/// `scratch` canvas. The scratch canvas only grows (up to
/// [`MAX_SAMPLES`] pixels): every new size reallocates it, which cost
/// 0.3-0.8 ms a keystroke when each shape's sample grid differed; the
/// image is put in its top-left corner and only that part is drawn.
pub fn paint_image(ctx: &Ctx, scratch: &HtmlCanvasElement, image: &Image) {
    if image.cols == 0 || image.rows == 0 {
        return;
    }
    let (cols, rows) = (image.cols as u32, image.rows as u32);
    let (w, h) = (scratch.width().max(cols), scratch.height().max(rows));
    if u64::from(w) * u64::from(h) <= MAX_SAMPLES {
        resize(scratch, w, h);
    } else {
        resize(scratch, cols, rows);
    }
    let Some(sctx) = context(scratch) else {
        return;
    };
    let Ok(data) = ImageData::new_with_u8_clamped_array_and_sh(Clamped(&image.rgba), cols, rows)
    else {
        return;
    };
    let _ = sctx.put_image_data(&data, 0.0, 0.0);
    ctx.set_image_smoothing_enabled(false);
    let d = image.dest;
    let _ = ctx.draw_image_with_html_canvas_element_and_sw_and_sh_and_dx_and_dy_and_dw_and_dh(
        scratch,
        0.0,
        0.0,
        f64::from(cols),
        f64::from(rows),
        d.x,
        d.y,
        d.w,
        d.h,
    );
}

/// A canvas holding `rgba` (`cols x rows`), for thumbnails.
pub fn image_canvas(rgba: &[u8], cols: u32, rows: u32) -> Option<HtmlCanvasElement> {
    let canvas = new_canvas()?;
    resize(&canvas, cols, rows);
    let data = ImageData::new_with_u8_clamped_array_and_sh(Clamped(rgba), cols, rows).ok()?;
    context(&canvas)?.put_image_data(&data, 0.0, 0.0).ok()?;
    Some(canvas)
}

thread_local! {
    /// The hatching of padding, one pattern per theme, made once for the
    /// page and shared by every painter: a pattern is not tied to the
    /// context that made it, and the idle warm-up (`ui/web/warm.rs`) makes
    /// both, so that a keystroke's first padded picture does not.
    static HATCH: RefCell<[Option<CanvasPattern>; 2]> = const { RefCell::new([None, None]) };
}

/// The hatching for padding: diagonal strokes over the padding colour, in
/// an 8 px tile repeated (made on first use, then shared).
pub fn hatch_pattern(ctx: &Ctx, theme: &Theme) -> Option<CanvasPattern> {
    let slot = match theme.kind {
        ThemeKind::Light => 0,
        ThemeKind::Dark => 1,
    };
    if let Some(pattern) = HATCH.with(|h| h.borrow()[slot].clone()) {
        return Some(pattern);
    }
    let pattern = new_hatch_pattern(ctx, theme)?;
    HATCH.with(|h| h.borrow_mut()[slot] = Some(pattern.clone()));
    Some(pattern)
}

fn new_hatch_pattern(ctx: &Ctx, theme: &Theme) -> Option<CanvasPattern> {
    let tile = new_canvas()?;
    resize(&tile, 8, 8);
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
    ctx.create_pattern_with_html_canvas_element(&tile, "repeat")
        .ok()?
}

/// The trail: segments between consecutive cells, fading out towards the
/// oldest; a gap where a cell has no logical place.
pub fn paint_trail(ctx: &Ctx, points: &[Option<(f64, f64)>], colour: Rgb) {
    let n = points.len();
    solid(ctx);
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
