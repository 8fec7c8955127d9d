//! Figures: a whole picture as one SVG document, for the CLI (`xla-layout
//! svg`), the app's "Export SVG" and the Python package. Built from the
//! same scenes as the canvas (`scene::pane_scene`), written by
//! `backend::svg`.
//!
//! Large shapes are drawn as the canvas draws them: blocks of `2^k x 2^k`
//! cells, one sample each, with at most [`MAX_FIGURE_SAMPLES`] samples per
//! pane; a row's run of equal samples is one node. So a figure never has
//! more than 65,536 cell nodes per pane, whatever the array's size.

use crate::core::{parse, Analysis, Error, Mapping};

use super::backend::svg;
use super::scene::commands::Label;
use super::scene::style::CellLabels;
use super::scene::titles::zoom_note;
use super::scene::{pane_scene, Labelling, Style};
use super::world::frame::{TICKS_H, TITLE_H};
use super::world::{Camera, ColourMode, Colouring, Frame, Pane, Theme, ThemeKind, Worlds};

/// Most cell samples in one pane of a figure (so at most this many cell
/// nodes per pane).
pub const MAX_FIGURE_SAMPLES: u64 = 65_536;

/// Height of the figure's own title line (the shape's text).
const HEADER_H: f64 = 24.0;
/// Height of the legend under the panes.
const LEGEND_H: f64 = 30.0;
/// Height of the line under the legend that says what a zoomed-out
/// pane's squares are.
const NOTE_H: f64 = 18.0;
/// Distance between the legend's lines, and the note's, when they wrap.
const LINE_H: f64 = 16.0;

/// Why there is no figure.
#[derive(Clone, Debug)]
pub enum FigureError {
    /// The text is not a valid shape, or cannot be laid out (`?` dims,
    /// sizes beyond int64): the error points into the text.
    Shape(Error),
    /// A tuple that holds no array (its canonical text).
    NoArray(String),
}

impl std::fmt::Display for FigureError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FigureError::Shape(e) => write!(f, "{e}"),
            FigureError::NoArray(shape) => write!(f, "`{shape}` holds no array to draw"),
        }
    }
}

impl std::error::Error for FigureError {}

/// Which views a figure shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum FigureView {
    #[default]
    Both,
    Logical,
    Memory,
}

impl FigureView {
    pub fn from_name(name: &str) -> Option<FigureView> {
        match name {
            "both" => Some(FigureView::Both),
            "logical" => Some(FigureView::Logical),
            "memory" => Some(FigureView::Memory),
            _ => None,
        }
    }

    fn shows(self, pane: Pane) -> bool {
        matches!(
            (self, pane),
            (FigureView::Both, _)
                | (FigureView::Logical, Pane::Logical)
                | (FigureView::Memory, Pane::Memory)
        )
    }
}

/// How a figure looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FigureOptions {
    pub view: FigureView,
    /// Width in CSS pixels (clamped to 240..=8192); the height follows.
    pub width: f64,
    pub theme: ThemeKind,
    pub mode: ColourMode,
    /// What cells say (only where they are big enough for it).
    pub labels: CellLabels,
}

impl Default for FigureOptions {
    fn default() -> FigureOptions {
        FigureOptions {
            view: FigureView::Both,
            width: 1200.0,
            theme: ThemeKind::Light,
            mode: ColourMode::Offset,
            labels: CellLabels::Auto,
        }
    }
}

/// The SVG figure of a shape's text (its only array, or its first leaf for
/// a tuple), each pane fitted. Errors point into the text.
pub fn svg(text: &str, options: &FigureOptions) -> Result<String, FigureError> {
    let shape = parse(text).map_err(FigureError::Shape)?;
    let leaves = shape.leaves();
    let Some((_, array)) = leaves.first() else {
        return Err(FigureError::NoArray(shape.to_string()));
    };
    let analysis = Analysis::of(array).map_err(FigureError::Shape)?;
    Ok(svg_of_mapping(
        &analysis.mapping,
        &array.to_string(),
        options,
    ))
}

/// The SVG figure of a mapping, each pane fitted; `title` (escaped) is
/// written above the panes.
pub fn svg_of_mapping(mapping: &Mapping, title: &str, options: &FigureOptions) -> String {
    let width = if options.width.is_finite() {
        options.width.clamp(240.0, 8192.0)
    } else {
        1200.0
    };
    let frame = Frame::new(width, (width * 0.625).round());
    let worlds = Worlds::new(mapping, &frame, None);
    let cameras = [
        worlds.fit(Pane::Logical, &frame),
        worlds.fit(Pane::Memory, &frame),
    ];
    let labelling = Labelling {
        letters: mapping.num_elements() <= 26,
        pad_label: None,
    };
    svg_of_view(&ViewInput {
        mapping,
        worlds: &worlds,
        frame,
        cameras,
        mode: options.mode,
        theme: options.theme,
        labelling: &labelling,
        labels: options.labels,
        title,
        view: options.view,
    })
}

/// What the app shows now: export it as it is drawn (its frame, cameras,
/// colours and labels).
pub struct ViewInput<'a> {
    pub mapping: &'a Mapping,
    pub worlds: &'a Worlds,
    pub frame: Frame,
    /// Logical, memory.
    pub cameras: [Camera; 2],
    pub mode: ColourMode,
    pub theme: ThemeKind,
    pub labelling: &'a Labelling<'a>,
    /// What cells say; the canvas's own choice is `CellLabels::Auto`.
    pub labels: CellLabels,
    /// The figure's title (escaped when written): usually the shape text.
    pub title: &'a str,
    pub view: FigureView,
}

/// The SVG figure of a view as drawn: the panes of `input.view` with
/// their cameras, a title line above.
pub fn svg_of_view(input: &ViewInput<'_>) -> String {
    let theme = Theme::of(input.theme);
    let colours = Colouring::new(input.mapping, input.mode, &theme);
    let style = Style {
        colours: &colours,
        theme: &theme,
        labelling: input.labelling,
        max_samples: MAX_FIGURE_SAMPLES,
        cell_labels: input.labels,
    };
    let frame = &input.frame;
    // The part of the frame each pane owns (title and ticks included).
    let split = (frame.logical.bottom() + frame.memory.y - TITLE_H - TICKS_H) / 2.0;
    let (top, bottom) = match input.view {
        FigureView::Both => (0.0, frame.height),
        FigureView::Logical => (0.0, split),
        FigureView::Memory => (split, frame.height),
    };
    // The panes first: the figure's height depends on what they say.
    let mut panes = String::new();
    let (mut block, mut scattered) = (1, false);
    for (k, pane) in [Pane::Logical, Pane::Memory].into_iter().enumerate() {
        if !input.view.shows(pane) {
            continue;
        }
        let scene = pane_scene(
            input.mapping,
            input.worlds,
            frame,
            pane,
            &input.cameras[k],
            &style,
        );
        block = block.max(scene.block);
        scattered |= scene.scattered;
        svg::pane(&mut panes, &scene, &theme, input.mapping.num_levels());
    }
    // What the squares are when a pane is zoomed out (as the app's legend
    // says it), in lines of their own under the legend.
    let note = zoom_note(block, scattered).map_or_else(Vec::new, |n| wrap(&n, frame.width - 16.0));
    let note_h = match note.len() {
        0 => 0.0,
        lines => NOTE_H + LINE_H * (lines - 1) as f64,
    };
    // The legend's height, from a first layout of it.
    let legend_h = legend(
        &mut String::new(),
        input,
        &colours,
        &theme,
        0.0,
        frame.width,
    );
    let height = bottom - top + HEADER_H + legend_h + note_h;
    let mut out = String::new();
    svg::open(&mut out, frame.width, height, &theme, input.title);
    svg::labels(
        &mut out,
        &[Label::new(8.0, HEADER_H / 2.0 + 2.0, input.title, 14.0, theme.text).bold()],
    );
    out.push_str(&format!(
        "<g transform=\"translate(0 {})\">\n",
        svg::num(HEADER_H - top)
    ));
    out.push_str(&panes);
    out.push_str("</g>\n");
    let legend_top = height - note_h - legend_h;
    legend(&mut out, input, &colours, &theme, legend_top, frame.width);
    if !note.is_empty() {
        out.push_str("<g class=\"legend-note\">\n");
        for (k, line) in note.into_iter().enumerate() {
            let y = height - note_h + NOTE_H / 2.0 - 4.0 + LINE_H * k as f64;
            svg::labels(&mut out, &[Label::new(8.0, y, line, 11.0, theme.text)]);
        }
        out.push_str("</g>\n");
    }
    svg::close(&mut out);
    out
}

/// What a legend item shows before its words.
#[derive(Clone, Copy)]
enum Swatch {
    Nothing,
    /// The colour ramp.
    Ramp,
    /// The padding's hatch.
    Padding,
    /// A tiling level's line.
    Level(usize),
}

/// Where the legend's next item goes: left to right from x = 8, on a new
/// line when it would cross `right`.
struct Flow {
    x: f64,
    y: f64,
    right: f64,
}

impl Flow {
    /// The place of an item `width` wide; the next goes 16 px after it.
    fn place(&mut self, width: f64) -> (f64, f64) {
        if self.x > 8.0 && self.x + width > self.right {
            self.x = 8.0;
            self.y += LINE_H;
        }
        let at = (self.x, self.y);
        self.x += width + 16.0;
        at
    }
}

/// The legend from `top`, its lines `LINE_H` apart within the figure's
/// `width`: what the colours say (the ramp, or tiles), padding, and each
/// tiling level's line style. Returns its height.
fn legend(
    out: &mut String,
    input: &ViewInput<'_>,
    colours: &Colouring,
    theme: &Theme,
    top: f64,
    width: f64,
) -> f64 {
    use super::scene::commands::{level_stroke, text_width, Lines};
    use super::world::colour::viridis;
    out.push_str("<g class=\"legend\">\n");
    let mut flow = Flow {
        x: 8.0,
        y: top + LEGEND_H / 2.0,
        right: width - 8.0,
    };
    // Each item: its swatch and its words.
    let footprint = input.mapping.footprint();
    let mut items = vec![match colours.mode() {
        ColourMode::Offset => (
            Swatch::Ramp,
            format!("offset 0 .. {}", footprint.saturating_sub(1)),
        ),
        ColourMode::Logical => (
            Swatch::Ramp,
            format!(
                "row-major id 0 .. {}",
                input.mapping.num_elements().saturating_sub(1)
            ),
        ),
        ColourMode::Tile => (Swatch::Nothing, "colour: first-level tile".to_owned()),
    }];
    items.push((Swatch::Padding, "padding".to_owned()));
    let levels = input.mapping.num_levels();
    for level in 0..levels {
        items.push((
            Swatch::Level(level),
            format!("tile level {} boundary", level + 1),
        ));
    }
    for (swatch, words) in items {
        let w = match swatch {
            Swatch::Nothing => 0.0,
            Swatch::Ramp => 86.0,
            Swatch::Padding => 22.0,
            Swatch::Level(_) => 34.0,
        };
        let (x, y) = flow.place(w + text_width(&words, 11.0));
        match swatch {
            Swatch::Nothing => {}
            Swatch::Ramp => {
                out.push_str("<defs><linearGradient id=\"ramp\">");
                for k in 0..=16 {
                    let t = f64::from(k) / 16.0;
                    out.push_str(&format!(
                        "<stop offset=\"{}\" stop-color=\"{}\"/>",
                        svg::num(t),
                        svg::hex(viridis(t))
                    ));
                }
                out.push_str("</linearGradient></defs>\n");
                out.push_str(&format!(
                    "<rect class=\"legend-ramp\" x=\"{}\" y=\"{}\" width=\"80\" height=\"10\" fill=\"url(#ramp)\"/>\n",
                    svg::num(x),
                    svg::num(y - 5.0)
                ));
            }
            Swatch::Padding => out.push_str(&format!(
                "<rect class=\"legend-padding\" x=\"{}\" y=\"{}\" width=\"16\" height=\"12\" fill=\"url(#hatch)\"/>\n",
                svg::num(x),
                svg::num(y - 6.0)
            )),
            Swatch::Level(level) => {
                let sample = Lines {
                    stroke: level_stroke(theme, level),
                    segments: vec![[x, y, x + 28.0, y]],
                };
                svg::lines(out, &sample, theme, levels);
            }
        }
        svg::labels(out, &[Label::new(x + w, y, words, 11.0, theme.text)]);
    }
    out.push_str("</g>\n");
    LEGEND_H + flow.y - (top + LEGEND_H / 2.0)
}

/// `text` in lines of at most `width` px at 11 px (by words; a word
/// longer than a line keeps a line of its own).
fn wrap(text: &str, width: f64) -> Vec<String> {
    use super::scene::commands::text_width;
    let mut lines: Vec<String> = Vec::new();
    for word in text.split(' ') {
        match lines.last_mut() {
            Some(line)
                if text_width(line, 11.0) + text_width(" ", 11.0) + text_width(word, 11.0)
                    <= width =>
            {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines
}
