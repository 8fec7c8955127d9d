//! `svg SHAPE`: the picture as an SVG document on stdout, the same scenes
//! the app draws (`render::figure`), deterministic byte for byte. With a
//! sharding (`--sharding`, or JAX's `--mesh` and `--spec`), one device's
//! shard with the device grid below it (`ui::shard_figure`), as the app's
//! Export SVG draws it.

use clap::ValueEnum;
use xla_layout_viz::render::figure::{svg_of_mapping, FigureOptions, FigureView};
use xla_layout_viz::render::scene::style::CellLabels;
use xla_layout_viz::render::world::{ColourMode, ThemeKind};
use xla_layout_viz::ui::shard_figure::{device_view, shard_svg};

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
    /// Draw one device's shard: the sharding as `shard` takes it (XLA's
    /// text, e.g. '{devices=[16,1]<=[16]}', or a pasted NamedSharding(..))
    #[arg(long, value_name = "SHARDING", conflicts_with = "mesh")]
    sharding: Option<String>,
    /// JAX's mesh, e.g. x=4,y=2 (with --spec), as `shard --mesh` takes it
    #[arg(long, value_name = "MESH", requires = "spec")]
    mesh: Option<String>,
    /// JAX's PartitionSpec, e.g. "P('x', None)" (with --mesh)
    #[arg(long, value_name = "SPEC", requires = "mesh")]
    spec: Option<String>,
    /// The device whose shard is drawn, by its id as `shard` lists it
    /// (default: the first listed); needs --sharding or --mesh
    #[arg(long, value_name = "ID")]
    device: Option<i64>,
    #[command(flatten)]
    mapping: MappingOpts,
    #[command(flatten)]
    _json: JsonNoop,
}

impl Args {
    /// The sharding field's text (`ui::shard::read`): the sharding as
    /// given, or the mesh and the spec side by side.
    fn field(&self) -> Option<String> {
        if let Some(s) = &self.sharding {
            return Some(s.clone());
        }
        let (mesh, spec) = (self.mesh.as_deref()?, self.spec.as_deref()?.trim());
        let wrapped = spec.starts_with("P(") || spec.starts_with("PartitionSpec(");
        Some(match wrapped {
            true => format!("{mesh} {spec}"),
            false => format!("{mesh} P({spec})"),
        })
    }
}

impl Args {
    pub fn run(self) -> Result<Output, Failure> {
        let shape = self.shape.parse()?;
        let field = self.field();
        if field.is_none() && self.device.is_some() {
            return Err(Failure(
                "--device needs a sharding: --sharding, or --mesh and --spec".to_owned(),
            ));
        }
        let sharded = match &field {
            Some(_) if self.mapping.leaf.is_some() || self.mapping.padded_dims.is_some() => {
                return Err(Failure(
                    "--leaf and --padded-dims do not go with a sharding: give the leaf's text"
                        .to_owned(),
                ))
            }
            Some(text) => Some(device_view(&shape, text, self.device).map_err(Failure)?),
            None => None,
        };
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
        let mut text = match &sharded {
            Some(v) => shard_svg(v, &options),
            None => {
                let (_, mapping) = self.mapping.mapping(&shape)?;
                svg_of_mapping(&mapping, &shape.to_string(), &options)
            }
        };
        // Output::Text adds the final newline.
        text.pop();
        Ok(Output::Text(text))
    }
}
