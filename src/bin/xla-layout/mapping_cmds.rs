//! The commands over one array's mapping: `memory-order`, `offset`, `at`,
//! `checksum`; and what the old name `memory` answers now.

use std::ffi::OsString;
use std::io::{self, Write};

use serde_json::json;
use xla_layout_viz::core::summary::describe_padding;
use xla_layout_viz::core::{Cell, Mapping, PaddingSource};

use crate::common::{
    join, number, sizes, to_json, Failure, JsonNoop, MappingOpts, Output, ShapeArg, Sizes,
};

/// `memory-order` refuses to print more cells than this.
const MAX_MEMORY_CELLS: u64 = 1 << 24;

#[derive(clap::Args, Debug)]
pub struct MemoryArgs {
    #[command(flatten)]
    shape: ShapeArg,
    #[command(flatten)]
    opts: MappingOpts,
    #[command(flatten)]
    _json: JsonNoop,
}

impl MemoryArgs {
    pub fn run(self) -> Result<Output, Failure> {
        let (_, mapping) = self.opts.mapping(&self.shape.parse()?)?;
        if mapping.footprint() > MAX_MEMORY_CELLS {
            return Err(Failure(format!(
                "the array occupies {} cells; `memory-order` prints at most {MAX_MEMORY_CELLS} (2^24): use `info`, `offset`, `at` or `checksum`",
                mapping.footprint()
            )));
        }
        Ok(Output::Stream(Box::new(move |out| {
            write_memory(out, &mapping)
        })))
    }
}

/// `memory ...`, the command's name until 2026-12-07: Python's
/// `xla_layout.memory()` (a compiled program's memory) shared the name and
/// nothing else, and `xla-layout memory FILE` answered "unknown element
/// type". Whatever follows, it says where each of the two is now.
#[derive(clap::Args, Debug)]
pub struct RenamedMemory {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    _rest: Vec<OsString>,
}

impl RenamedMemory {
    pub fn run(self) -> Result<Output, Failure> {
        Err(Failure(
            "`memory` is now `memory-order` (one shape's memory order: `xla-layout memory-order SHAPE`).\n\
             A compiled program's memory beside XLA's memory_analysis() is Python's `xla_layout.memory(compiled)`;\n\
             `xla-layout scan FILE` lists every shape in a program's HLO text with its bytes."
                .to_owned(),
        ))
    }
}

/// `[id,id,-1,...]`, the same text serde_json writes for the array, but
/// streamed: memory stays O(1) however many cells there are.
fn write_memory(out: &mut dyn Write, mapping: &Mapping) -> io::Result<()> {
    out.write_all(b"[")?;
    for (k, cell) in mapping.walk_memory().enumerate() {
        if k > 0 {
            out.write_all(b",")?;
        }
        match cell {
            Cell::Element(e) => write!(out, "{e}")?,
            Cell::Padding(_) => out.write_all(b"-1")?,
        }
    }
    out.write_all(b"]\n")
}

#[derive(clap::Args, Debug)]
pub struct OffsetArgs {
    #[command(flatten)]
    shape: ShapeArg,
    /// The element's index in dimension-number order, e.g. 2,3
    #[arg(value_name = "INDEX", value_parser = sizes)]
    index: Sizes,
    #[command(flatten)]
    opts: MappingOpts,
    #[command(flatten)]
    _json: JsonNoop,
}

impl OffsetArgs {
    pub fn run(self) -> Result<Output, Failure> {
        let (_, mapping) = self.opts.mapping(&self.shape.parse()?)?;
        let Sizes(index) = &self.index;
        match mapping.offset_of(index) {
            Some(offset) => Ok(Output::Text(offset.to_string())),
            None => Err(Failure(format!(
                "<INDEX>: [{}] is not inside dims [{}]",
                join(index),
                join(mapping.dims())
            ))),
        }
    }
}

#[derive(clap::Args, Debug)]
#[command(allow_negative_numbers = true)]
pub struct AtArgs {
    #[command(flatten)]
    shape: ShapeArg,
    /// An offset in elements from the array's start
    #[arg(value_name = "OFFSET", value_parser = number)]
    offset: u64,
    #[command(flatten)]
    opts: MappingOpts,
    #[command(flatten)]
    _json: JsonNoop,
}

impl AtArgs {
    pub fn run(self) -> Result<Output, Failure> {
        let (layout, mapping) = self.opts.mapping(&self.shape.parse()?)?;
        let offset = self.offset;
        let Some(info) = mapping.describe_offset(offset) else {
            return Err(Failure(format!(
                "<OFFSET>: {offset} is past the end: the array occupies offsets 0..{}",
                mapping.footprint()
            )));
        };
        let levels: Vec<_> = info
            .levels
            .iter()
            .map(|l| {
                l.as_ref()
                    .map(|l| json!({ "tile": l.tile, "within": l.within }))
            })
            .collect();
        let value = match info.cell {
            Cell::Element(id) => json!({ "index": info.index, "id": id, "levels": levels }),
            Cell::Padding(PaddingSource::LegacyPadding) => {
                let value = self.opts.padding_value();
                json!({
                    "padding": true,
                    "added_by": describe_padding(PaddingSource::LegacyPadding, Some(&layout)),
                    "padding_value": value.name(),
                    "value": value.value_for(layout.element_type()),
                    "levels": levels,
                })
            }
            Cell::Padding(source) => json!({
                "padding": true,
                "added_by": describe_padding(source, Some(&layout)),
                "levels": levels,
            }),
        };
        to_json(&value).map(Output::Text)
    }
}

#[derive(clap::Args, Debug)]
pub struct ChecksumArgs {
    #[command(flatten)]
    shape: ShapeArg,
    #[command(flatten)]
    opts: MappingOpts,
    #[command(flatten)]
    _json: JsonNoop,
}

impl ChecksumArgs {
    pub fn run(self) -> Result<Output, Failure> {
        let (_, mapping) = self.opts.mapping(&self.shape.parse()?)?;
        Ok(Output::Text(mapping.checksum().to_string()))
    }
}
