//! The SVG backend: the same `PaneScene`s the canvas paints, written as a
//! vector document (plain Rust, both targets, no web crates).
//!
//! Deterministic byte for byte: the same scenes give the same text (numbers
//! are rounded to 1/100 px and printed without locale). User text (shape
//! text, labels) is escaped by the crate's one escaper
//! ([`crate::render::markup::escape`]), so it is always data, never markup.
//!
//! Cells: the scene's image holds one sample per cell, or per block of
//! cells when they are small (as drawn on the canvas). Each row's runs of
//! samples with the same colour become one `<rect>` in sample units, so
//! the number of nodes is at most the number of samples, which the
//! figure bounds ([`crate::render::figure::MAX_FIGURE_SAMPLES`]).

mod text;

pub use crate::render::markup::escape;
pub use text::num;

use std::fmt::Write;

use crate::render::scene::commands::{
    level_stroke, text_width, Align, Dash, Image, Label, Lines, LABEL_FONT_FAMILY,
};
use crate::render::scene::PaneScene;
use crate::render::world::colour::{Rgb, Theme};
use crate::render::world::views::{Pane, Probe};

pub fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c.0, c.1, c.2)
}

/// The document head: size, background, the hatch pattern, a `<title>`.
pub fn open(out: &mut String, width: f64, height: f64, theme: &Theme, title: &str) {
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"{f}\">\n<title>{t}</title>\n<defs><pattern id=\"hatch\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\"><rect width=\"8\" height=\"8\" fill=\"{p}\"/><path d=\"M0 8L8 0M-2 2L2 -2M6 10L10 6\" stroke=\"{s}\" stroke-width=\"1.5\"/></pattern></defs>\n<rect class=\"background\" width=\"{w}\" height=\"{h}\" fill=\"{b}\"/>\n",
        w = num(width),
        h = num(height),
        t = escape(title),
        // A constant, in the attribute as it is: it has no character that
        // needs escaping there (a test checks), and so a figure parsed and
        // written out again (IPython's `SVG`) keeps the same text.
        f = LABEL_FONT_FAMILY,
        p = hex(theme.padding),
        s = hex(theme.hatch),
        b = hex(theme.background),
    );
}

pub fn close(out: &mut String) {
    out.push_str("</svg>\n");
}

fn pane_name(pane: Pane) -> &'static str {
    match pane {
        Pane::Logical => "logical",
        Pane::Memory => "memory",
    }
}

/// One pane: cells, hatching, lines and labels clipped to the pane, then
/// its margin (title, ticks, addresses).
pub fn pane(out: &mut String, scene: &PaneScene, theme: &Theme, levels: usize) {
    let name = pane_name(scene.pane);
    let r = scene.rect;
    let _ = writeln!(
        out,
        "<clipPath id=\"clip-{name}\"><rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/></clipPath>\n<g class=\"pane {name}\" data-block=\"{}\" data-scattered=\"{}\" clip-path=\"url(#clip-{name})\">",
        num(r.x),
        num(r.y),
        num(r.w),
        num(r.h),
        scene.block,
        scene.scattered
    );
    if let Some(image) = &scene.image {
        cells(out, image);
    }
    for h in &scene.hatch {
        let _ = writeln!(
            out,
            "<rect class=\"hatch\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"url(#hatch)\"/>",
            num(h.x),
            num(h.y),
            num(h.w),
            num(h.h)
        );
    }
    for l in &scene.lines {
        lines(out, l, theme, levels);
    }
    labels(out, &scene.labels);
    out.push_str("</g>\n");
    let _ = writeln!(out, "<g class=\"margin {name}\">");
    labels(out, &scene.margin);
    out.push_str("</g>\n");
}

/// Runs of equal samples along each row, in sample units under one
/// transform: elements `class="cell"`, padding `class="pad"`.
fn cells(out: &mut String, image: &Image) {
    if image.cols == 0 || image.rows == 0 {
        return;
    }
    let (sx, sy) = (
        image.dest.w / image.cols as f64,
        image.dest.h / image.rows as f64,
    );
    let _ = writeln!(
        out,
        "<g class=\"cells\" shape-rendering=\"crispEdges\" transform=\"translate({} {}) scale({} {})\">",
        num(image.dest.x),
        num(image.dest.y),
        num4(sx),
        num4(sy)
    );
    let kind = |k: usize| match image.probes.get(k) {
        Some(Probe::Element { .. }) => Some("cell"),
        Some(Probe::Padding { .. }) => Some("pad"),
        _ => None,
    };
    let colour = |k: usize| &image.rgba[k * 4..k * 4 + 4];
    for i in 0..image.rows {
        let mut j = 0;
        while j < image.cols {
            let k = i * image.cols + j;
            let Some(class) = kind(k) else {
                j += 1;
                continue;
            };
            let mut end = j + 1;
            while end < image.cols
                && kind(i * image.cols + end) == Some(class)
                && colour(i * image.cols + end) == colour(k)
            {
                end += 1;
            }
            let c = colour(k);
            let _ = writeln!(
                out,
                "<rect class=\"{class}\" x=\"{j}\" y=\"{i}\" width=\"{}\" height=\"1\" fill=\"{}\"/>",
                end - j,
                hex(Rgb(c[0], c[1], c[2]))
            );
            j = end;
        }
    }
    out.push_str("</g>\n");
}

fn dasharray(dash: Dash) -> String {
    dash.pattern()
        .iter()
        .map(|&d| num(d))
        .collect::<Vec<_>>()
        .join(" ")
}

/// One stroke's segments as one path; tile boundaries say their level
/// (`class="boundary level-0"`), in each level's own pattern.
pub fn lines(out: &mut String, l: &Lines, theme: &Theme, levels: usize) {
    if l.segments.is_empty() {
        return;
    }
    let class = (0..levels.max(1))
        .find(|&k| l.stroke == level_stroke(theme, k))
        .map_or_else(|| "line".to_owned(), |k| format!("boundary level-{k}"));
    let mut d = String::new();
    for s in &l.segments {
        let _ = write!(
            d,
            "M{} {}L{} {}",
            num(s[0]),
            num(s[1]),
            num(s[2]),
            num(s[3])
        );
    }
    let dash = match l.stroke.dash {
        Dash::Solid => String::new(),
        other => format!(" stroke-dasharray=\"{}\"", dasharray(other)),
    };
    let alpha = if l.stroke.alpha < 1.0 {
        format!(" stroke-opacity=\"{}\"", num(l.stroke.alpha))
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "<path class=\"{class}\" data-dash=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"{dash}{alpha} d=\"{d}\"/>",
        l.stroke.dash.name(),
        hex(l.stroke.colour),
        num(l.stroke.width)
    );
}

/// Labels, with their plates (sized by the same estimate that decided
/// whether they fit).
pub fn labels(out: &mut String, labels: &[Label]) {
    for label in labels {
        let anchor = match label.align {
            Align::Left => "start",
            Align::Centre => "middle",
            Align::Right => "end",
        };
        if let Some(plate) = label.plate {
            let width = text_width(&label.text, label.size);
            let x = match label.align {
                Align::Left => label.x,
                Align::Centre => label.x - width / 2.0,
                Align::Right => label.x - width,
            };
            let _ = writeln!(
                out,
                "<rect class=\"plate\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\" fill-opacity=\"0.85\"/>",
                num(x - 2.0),
                num(label.y - label.size * 0.65),
                num(width + 4.0),
                num(label.size * 1.3),
                hex(plate)
            );
        }
        let weight = if label.bold {
            " font-weight=\"600\""
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\" text-anchor=\"{anchor}\" dominant-baseline=\"central\"{weight}>{}</text>",
            num(label.x),
            num(label.y),
            num(label.size),
            hex(label.colour),
            escape(&label.text)
        );
    }
}

/// `x` to 1/10000, for the cell transform's scale.
fn num4(x: f64) -> String {
    text::fixed(x, 4)
}
