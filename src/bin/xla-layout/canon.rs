//! `canon SHAPE`: the canonical XLA text.

use crate::common::{Failure, JsonNoop, Output, ShapeArg};

#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    shape: ShapeArg,
    #[command(flatten)]
    _json: JsonNoop,
}

impl Args {
    pub fn run(self) -> Result<Output, Failure> {
        Ok(Output::Text(self.shape.parse()?.to_string()))
    }
}
