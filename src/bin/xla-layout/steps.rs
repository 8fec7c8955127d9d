//! `steps SHAPE --at I,J,.. [--json]`: XLA's tiling stage by stage for one
//! element, each stage's shape, the element's index there and the worked
//! formula, arriving at its offset. `explain --at` prints the same through
//! [`at_report`].

use xla_layout_viz::core::steps::StepsReport;
use xla_layout_viz::core::ArrayLayout;

use crate::common::{sizes, to_json, Failure, MappingOpts, Output, ShapeArg, Sizes};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    shape: ShapeArg,
    /// The element's index in dimension-number order, e.g. 2,3
    #[arg(long, value_name = "INDEX", value_parser = sizes)]
    at: Sizes,
    /// Print JSON: {"steps":[{stage,shape,labels,index,formula,note?}],"offset"}
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    opts: MappingOpts,
}

impl Args {
    pub fn run(self) -> Result<Output, Failure> {
        if self.opts.padded_dims.is_some() {
            return Err(Failure(
                "--padded-dims: the older proto's padded_dimensions are not a step of XLA's tiling; `steps` shows the layout text's own stages"
                    .to_owned(),
            ));
        }
        let (layout, _) = self.opts.mapping(&self.shape.parse()?)?;
        at_report(&layout, &self.at.0, self.json).map(Output::Text)
    }
}

/// The worked steps of `layout` for the element at `index`: JSON or text.
/// `explain --at` calls this with its layout, index and `--json`.
pub fn at_report(layout: &ArrayLayout, index: &[u64], json: bool) -> Result<String, Failure> {
    let report = StepsReport::new(layout, index).map_err(|e| Failure(format!("--at: {e}")))?;
    if json {
        to_json(&report)
    } else {
        Ok(report.to_text())
    }
}
