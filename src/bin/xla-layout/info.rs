//! `info SHAPE [--json]`: everything about the shape.

use xla_layout_viz::core::summary::Summary;

use crate::common::{to_json, Failure, Output, ShapeArg};
use crate::info_text;

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    shape: ShapeArg,
    /// Print the summary as one JSON object (the `Summary` fields)
    #[arg(long)]
    json: bool,
}

impl Args {
    pub fn run(self) -> Result<Output, Failure> {
        let summary = Summary::of(&self.shape.parse()?);
        if self.json {
            to_json(&summary).map(Output::Text)
        } else {
            Ok(Output::Text(info_text::render(&summary)))
        }
    }
}
