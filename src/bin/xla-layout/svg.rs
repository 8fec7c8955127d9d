//! `svg SHAPE`: the picture as an SVG document on stdout, the same scenes
//! the app draws (`render::figure`), deterministic byte for byte.

use clap::ValueEnum;
use xla_layout_viz::render::figure::{svg_of_mapping, FigureOptions, FigureView};
use xla_layout_viz::render::scene::style::CellLabels;
use xla_layout_viz::render::world::{ColourMode, ThemeKind};

use crate::common::{Failure, JsonNoop, MappingOpts, Output, ShapeArg};

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum View {
    Both,
    Logical,
    Memory,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Theme {
    Light,
    Dark,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Colours {
    /// memory offset along the ramp
    Offset,
    /// row-major (logical) index along the ramp
    Logical,
    /// the first-level tile
    Tile,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum Labels {
    Auto,
    Offset,
    Index,
    Letters,
    None,
}

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    shape: ShapeArg,
    /// Which views to draw
    #[arg(long, value_enum, default_value = "both")]
    view: View,
    /// Width of the figure in pixels (240 to 8192); the height follows
    #[arg(long, value_name = "PX", default_value_t = 1200.0)]
    width: f64,
    #[arg(long, value_enum, default_value = "light")]
    theme: Theme,
    /// What cells say: auto (letters up to 26 elements, else offsets in
    /// the logical view and indices in memory), offset, index, letters, none
    #[arg(long, value_enum, default_value = "auto")]
    labels: Labels,
    /// What the cell colours say
    #[arg(long, value_enum, default_value = "offset")]
    colours: Colours,
    #[command(flatten)]
    mapping: MappingOpts,
    #[command(flatten)]
    _json: JsonNoop,
}

impl Args {
    pub fn run(self) -> Result<Output, Failure> {
        let shape = self.shape.parse()?;
        let (_, mapping) = self.mapping.mapping(&shape)?;
        let options = FigureOptions {
            view: match self.view {
                View::Both => FigureView::Both,
                View::Logical => FigureView::Logical,
                View::Memory => FigureView::Memory,
            },
            width: self.width,
            theme: match self.theme {
                Theme::Light => ThemeKind::Light,
                Theme::Dark => ThemeKind::Dark,
            },
            mode: match self.colours {
                Colours::Offset => ColourMode::Offset,
                Colours::Logical => ColourMode::Logical,
                Colours::Tile => ColourMode::Tile,
            },
            labels: match self.labels {
                Labels::Auto => CellLabels::Auto,
                Labels::Offset => CellLabels::Offset,
                Labels::Index => CellLabels::Index,
                Labels::Letters => CellLabels::Letters,
                Labels::None => CellLabels::None,
            },
        };
        let mut text = svg_of_mapping(&mapping, &shape.to_string(), &options);
        // Output::Text adds the final newline.
        text.pop();
        Ok(Output::Text(text))
    }
}
