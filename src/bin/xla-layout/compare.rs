//! `compare SHAPE_A SHAPE_B [--json]`: is changing layout A into B a
//! bitcast, or a copy that moves N of M elements; both footprints.

use std::ffi::OsString;

use xla_layout_viz::core::compare::{compare, Comparison};
use xla_layout_viz::core::{ArrayShape, Shape};

use crate::common::{parse_arg, to_json, Failure, Output};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The first shape with layout, e.g. 'f32[2,3]{1,0}'; `-` reads one of
    /// the two from standard input
    #[arg(value_name = "SHAPE_A", value_parser = clap::value_parser!(OsString))]
    shape_a: OsString,
    /// The second: the same element type and dims, another layout, e.g.
    /// 'f32[2,3]{0,1}'
    #[arg(value_name = "SHAPE_B", value_parser = clap::value_parser!(OsString))]
    shape_b: OsString,
    /// Print JSON: {"bitcast","elements","elements_moved","bytes_footprint_a","bytes_footprint_b","reason"?}
    #[arg(long)]
    json: bool,
}

impl Args {
    pub fn run(self) -> Result<Output, Failure> {
        if self.shape_a == "-" && self.shape_b == "-" {
            return Err(Failure(
                "SHAPE_A and SHAPE_B cannot both be `-` (standard input holds one text)".into(),
            ));
        }
        let a = parse_arg(&self.shape_a)?;
        let b = parse_arg(&self.shape_b)?;
        let c = compare(one_array(&a, "SHAPE_A")?, one_array(&b, "SHAPE_B")?)
            .map_err(|e| Failure(e.to_string()))?;
        if self.json {
            to_json(&c).map(Output::Text)
        } else {
            Ok(Output::Text(text(&c)))
        }
    }
}

fn one_array<'a>(shape: &'a Shape, name: &str) -> Result<&'a ArrayShape, Failure> {
    match shape.leaves().as_slice() {
        [(_, only)] => Ok(*only),
        _ => Err(Failure(format!(
            "<{name}>: `{shape}` is not one array; compare takes two array shapes"
        ))),
    }
}

/// The verdict for people.
fn text(c: &Comparison) -> String {
    let verdict = match (c.bitcast, c.elements_moved) {
        (Some(true), _) => "bitcast: the same bytes in the same order, no data moves".to_owned(),
        (Some(false), Some(n)) => format!("copy: moves {n} of {} elements", c.elements),
        (Some(false), None) => format!("copy: moves some of {} elements", c.elements),
        (None, _) => format!("undecided for {} elements", c.elements),
    };
    let mut out = format!(
        "{verdict}\nfootprint A: {} bytes\nfootprint B: {} bytes",
        c.bytes_footprint_a, c.bytes_footprint_b
    );
    if let Some(reason) = &c.reason {
        out.push_str(&format!("\n{reason}"));
    }
    out
}
