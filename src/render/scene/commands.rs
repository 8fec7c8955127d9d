//! Draw commands: what the painter executes for one pane. Plain data, so
//! that what a pane will show can be tested natively.

use crate::render::world::camera::Rect;
use crate::render::world::colour::{Rgb, Theme};
use crate::render::world::views::{Pane, Probe};

/// A line pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dash {
    Solid,
    Dashed,
    Dotted,
    DashDot,
}

impl Dash {
    /// The canvas `setLineDash` pattern, in pixels.
    pub fn pattern(self) -> &'static [f64] {
        match self {
            Dash::Solid => &[],
            Dash::Dashed => &[7.0, 4.0],
            Dash::Dotted => &[1.5, 3.0],
            Dash::DashDot => &[9.0, 3.0, 2.0, 3.0],
        }
    }

    /// Name for legends and tests.
    pub fn name(self) -> &'static str {
        match self {
            Dash::Solid => "solid",
            Dash::Dashed => "dashed",
            Dash::Dotted => "dotted",
            Dash::DashDot => "dash-dot",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stroke {
    pub colour: Rgb,
    pub alpha: f64,
    pub width: f64,
    pub dash: Dash,
}

impl Stroke {
    pub const fn solid(colour: Rgb, width: f64) -> Stroke {
        Stroke {
            colour,
            alpha: 1.0,
            width,
            dash: Dash::Solid,
        }
    }

    pub fn with_alpha(self, alpha: f64) -> Stroke {
        Stroke { alpha, ..self }
    }
}

/// The stroke of tiling level `level`'s boundaries: each level its own
/// colour, width and pattern (solid, dashed, dotted, dash-dot).
pub fn level_stroke(theme: &Theme, level: usize) -> Stroke {
    let (width, dash) = match level {
        0 => (2.5, Dash::Solid),
        1 => (1.75, Dash::Dashed),
        2 => (1.5, Dash::Dotted),
        _ => (1.5, Dash::DashDot),
    };
    Stroke {
        colour: theme.level(level),
        alpha: 1.0,
        width,
        dash,
    }
}

/// Segments `[x0, y0, x1, y1]` (screen pixels) drawn with one stroke.
#[derive(Clone, Debug, PartialEq)]
pub struct Lines {
    pub stroke: Stroke,
    pub segments: Vec<[f64; 4]>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// Text centred vertically on `y`.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub x: f64,
    pub y: f64,
    pub text: String,
    pub size: f64,
    pub colour: Rgb,
    pub align: Align,
    pub bold: bool,
    /// A plate behind the text, for labels over cells.
    pub plate: Option<Rgb>,
}

impl Label {
    pub fn new(x: f64, y: f64, text: impl Into<String>, size: f64, colour: Rgb) -> Label {
        Label {
            x,
            y,
            text: text.into(),
            size,
            colour,
            align: Align::Left,
            bold: false,
            plate: None,
        }
    }

    pub fn aligned(self, align: Align) -> Label {
        Label { align, ..self }
    }

    pub fn bold(self) -> Label {
        Label { bold: true, ..self }
    }

    pub fn on(self, plate: Rgb) -> Label {
        Label {
            plate: Some(plate),
            ..self
        }
    }
}

/// The labels' font family: the page's monospace stack (`--mono` in
/// `static/style.css`), so that text drawn on the canvas and in SVG figures
/// is in the face of the page's monospace text. (The generic `monospace`
/// alone is another face on most systems: Noto Sans Mono beside the page's
/// DejaVu Sans Mono on the project's Debian build machine, Courier in Chrome
/// on macOS; and on a first load the canvas then loads a second face before
/// its first picture.)
pub const LABEL_FONT_FAMILY: &str =
    "ui-monospace, 'SFMono-Regular', 'DejaVu Sans Mono', Menlo, Consolas, monospace";

/// Rough width of `text` at font size `size` (monospace digits): enough to
/// decide whether a label fits in a cell.
pub fn text_width(text: &str, size: f64) -> f64 {
    text.chars().count() as f64 * size * 0.62
}

/// An RGBA image with one pixel per sample, to be scaled to `dest`.
#[derive(Clone, Debug, PartialEq)]
pub struct Image {
    pub cols: usize,
    pub rows: usize,
    pub rgba: Vec<u8>,
    pub dest: Rect,
    /// What each sample shows, row-major (padding is hatched or grey).
    pub probes: Vec<Probe>,
}

/// Everything one pane draws, in order: image, hatching, lines, labels
/// (all clipped to `rect`), then margin labels.
#[derive(Clone, Debug, PartialEq)]
pub struct PaneScene {
    pub pane: Pane,
    pub rect: Rect,
    pub image: Option<Image>,
    /// Padding cells to hatch.
    pub hatch: Vec<Rect>,
    pub lines: Vec<Lines>,
    pub labels: Vec<Label>,
    /// Title, ticks and addresses around the pane (not clipped).
    pub margin: Vec<Label>,
    /// Cells per drawn sample (1 when every cell is drawn).
    pub block: u64,
    /// Whether each sample shows a cell of its block picked by hash, not
    /// its top-left one (`render::world::sampling`): the picture is then
    /// a sample of the cells, in proportion.
    pub scattered: bool,
    /// Tiling levels whose tiles are too small here to be outlined.
    pub dense_levels: Vec<usize>,
}

#[cfg(test)]
mod tests {
    /// The page's `--mono` and the labels' family are one stack.
    #[test]
    fn label_font_family_is_the_pages_monospace_stack() {
        let css = include_str!("../../../static/style.css");
        let mono = css
            .lines()
            .find_map(|l| l.trim().strip_prefix("--mono:"))
            .expect("--mono in static/style.css");
        assert_eq!(mono.trim().trim_end_matches(';'), super::LABEL_FONT_FAMILY);
    }

    /// The SVG backend writes the family into a double-quoted attribute
    /// without escaping it.
    #[test]
    fn label_font_family_needs_no_escaping_in_an_attribute() {
        let family = super::LABEL_FONT_FAMILY;
        assert!(!family.contains(['"', '<', '>', '&']), "{family}");
    }
}
