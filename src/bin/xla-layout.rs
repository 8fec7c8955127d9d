//! `xla-layout`: the layout core from the terminal.
//!
//! ```text
//! xla-layout canon SHAPE                  canonical XLA text
//! xla-layout info SHAPE                   everything, as JSON
//! xla-layout memory SHAPE [options]       JSON array: row-major id at each offset, -1 for padding
//! xla-layout offset SHAPE I,J,... [opts]  the element's offset
//! xla-layout at SHAPE OFFSET [options]    {"index":[..]} or {"padding":true,..}
//! xla-layout checksum SHAPE [options]     sum of offset(e) * (e + 1) mod 2^64
//! options: --leaf 0.1 (tuple leaf path)  --padded-dims 3,5 (older XLA padding)
//!          --padding-value zero|one|lowest|highest|unknown (with --padded-dims)
//! ```
//!
//! Exit status: 0 on success, 2 on invalid input (the error, with a caret
//! under the offending characters, goes to stderr).

use std::io::{self, Write};
use std::process::ExitCode;

use serde_json::json;
use xla_layout_viz::core::summary::{describe_padding, Summary};
use xla_layout_viz::core::{
    parse, Analysis, ArrayLayout, Cell, Mapping, PaddingSource, PaddingValue, Shape,
};

/// `memory` refuses to print more cells than this.
const MAX_MEMORY_CELLS: u64 = 1 << 24;

const USAGE: &str = "usage: xla-layout <canon|info|memory|offset|at|checksum> SHAPE [ARG] [--leaf PATH] [--padded-dims SIZES]
  canon SHAPE            print the canonical XLA text
  info SHAPE             print everything about the shape as JSON
  memory SHAPE           JSON array: entry k is the row-major id of the element at offset k, -1 for padding
  offset SHAPE I,J,...   the offset of the element at that index (dimension-number order)
  at SHAPE OFFSET        what is at that offset: {\"index\":[..]} or {\"padding\":true,..}
  checksum SHAPE         sum over elements e of offset(e) * (e + 1), mod 2^64
options (memory, offset, at, checksum):
  --leaf 0.1             the tuple leaf at this index path
  --padded-dims 3,5      lay out with the older Layout proto's padded_dimensions
  --padding-value zero   what those padding cells hold: zero (default), one,
                         lowest, highest or unknown (the proto's padding_value)";

/// A failure: the message for stderr (exit status 2).
struct Failure(String);

/// What a successful command prints.
enum Output {
    /// One line of text or JSON.
    Text(String),
    /// `memory`: the cells of a mapping, streamed as a JSON array.
    Memory(Box<Mapping>),
}

fn main() -> ExitCode {
    // `args()` panics on arguments that are not UTF-8; read them lossily and
    // let the parser point at the replacement character instead.
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    match run(&args) {
        Ok(out) => print(&out),
        Err(Failure(message)) => {
            // Nothing sensible is left to do if stderr is gone too.
            let _ = writeln!(io::stderr().lock(), "{message}");
            ExitCode::from(2)
        }
    }
}

/// Writes the output to stdout. A reader that stops early (`| head`) is
/// not an error; `println!` would panic on the broken pipe.
fn print(out: &Output) -> ExitCode {
    let mut stdout = io::BufWriter::new(io::stdout().lock());
    let written = match out {
        Output::Text(text) => writeln!(stdout, "{text}"),
        Output::Memory(mapping) => write_memory(&mut stdout, mapping),
    }
    .and_then(|()| stdout.flush());
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(
                io::stderr().lock(),
                "xla-layout: cannot write the output: {e}"
            );
            ExitCode::from(1)
        }
    }
}

/// `[id,id,-1,...]`, the same text serde_json writes for the array, but
/// streamed: memory stays O(1) however many cells there are.
fn write_memory(out: &mut impl Write, mapping: &Mapping) -> io::Result<()> {
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

fn run(args: &[String]) -> Result<Output, Failure> {
    let mut positional = Vec::new();
    let mut leaf: Option<Vec<usize>> = None;
    let mut padded: Option<Vec<u64>> = None;
    let mut padding_value: Option<PaddingValue> = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "-h" | "--help" => return Ok(Output::Text(USAGE.to_owned())),
            "--leaf" => leaf = Some(numbers(it.next().map(String::as_str), "--leaf", '.')?),
            "--padded-dims" => {
                padded = Some(numbers(
                    it.next().map(String::as_str),
                    "--padded-dims",
                    ',',
                )?)
            }
            "--padding-value" => {
                let name = it.next().map(String::as_str).unwrap_or_default();
                padding_value = Some(PaddingValue::from_name(name).ok_or_else(|| {
                    Failure(format!(
                        "--padding-value: `{name}` is not one of zero, one, lowest, highest, unknown"
                    ))
                })?)
            }
            _ => positional.push(arg.as_str()),
        }
    }
    let (command, text, rest) = match positional.as_slice() {
        [command, text, rest @ ..] => (*command, *text, rest),
        _ => return Err(Failure(USAGE.to_owned())),
    };
    if padding_value.is_some() && padded.is_none() {
        return Err(Failure(
            "--padding-value says what the --padded-dims padding holds: give --padded-dims too"
                .to_owned(),
        ));
    }
    let shape = parse(text).map_err(|e| Failure(e.to_string()))?;
    let expect_args = |n: usize| {
        if rest.len() == n {
            Ok(())
        } else {
            Err(Failure(format!(
                "`{command}` takes {n} argument(s) after the shape\n{USAGE}"
            )))
        }
    };
    let text = match command {
        "canon" => {
            expect_args(0)?;
            Ok(shape.to_string())
        }
        "info" => {
            expect_args(0)?;
            to_json(&Summary::of(&shape))
        }
        "memory" => {
            expect_args(0)?;
            let (_, mapping) = mapping(&shape, leaf.as_deref(), padded.as_deref())?;
            if mapping.footprint() > MAX_MEMORY_CELLS {
                return Err(Failure(format!(
                    "the array occupies {} cells; `memory` prints at most {MAX_MEMORY_CELLS} (2^24): use `info`, `offset`, `at` or `checksum`",
                    mapping.footprint()
                )));
            }
            return Ok(Output::Memory(Box::new(mapping)));
        }
        "offset" => {
            expect_args(1)?;
            let index = numbers(rest.first().copied(), "the index", ',')?;
            let (_, mapping) = mapping(&shape, leaf.as_deref(), padded.as_deref())?;
            match mapping.offset_of(&index) {
                Some(offset) => Ok(offset.to_string()),
                None => Err(Failure(format!(
                    "index [{}] is not inside dims [{}]",
                    join(&index),
                    join(mapping.dims())
                ))),
            }
        }
        "at" => {
            expect_args(1)?;
            let offset = number(rest.first().copied(), "the offset")?;
            let (layout, mapping) = mapping(&shape, leaf.as_deref(), padded.as_deref())?;
            match mapping.describe_offset(offset) {
                None => Err(Failure(format!(
                    "offset {offset} is past the end: the array occupies offsets 0..{}",
                    mapping.footprint()
                ))),
                Some(info) => {
                    let levels: Vec<_> = info
                        .levels
                        .iter()
                        .map(|l| {
                            l.as_ref()
                                .map(|l| json!({ "tile": l.tile, "within": l.within }))
                        })
                        .collect();
                    let value = match info.cell {
                        Cell::Element(id) => {
                            json!({ "index": info.index, "id": id, "levels": levels })
                        }
                        Cell::Padding(PaddingSource::LegacyPadding) => {
                            let value = padding_value.unwrap_or_default();
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
                    to_json(&value)
                }
            }
        }
        "checksum" => {
            expect_args(0)?;
            let (_, mapping) = mapping(&shape, leaf.as_deref(), padded.as_deref())?;
            Ok(mapping.checksum().to_string())
        }
        other => Err(Failure(format!("unknown command `{other}`\n{USAGE}"))),
    };
    text.map(Output::Text)
}

/// The leaf's layout and mapping (legacy padded if asked).
fn mapping(
    shape: &Shape,
    leaf: Option<&[usize]>,
    padded: Option<&[u64]>,
) -> Result<(ArrayLayout, Mapping), Failure> {
    let leaves = shape.leaves();
    let array = match leaf {
        Some(path) => shape.leaf(path).ok_or_else(|| {
            Failure(format!(
                "no array leaf at path {}",
                path.iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join(".")
            ))
        })?,
        None => match leaves.as_slice() {
            [(_, only)] => *only,
            [] => return Err(Failure(format!("`{shape}` holds no array"))),
            _ => {
                let paths: Vec<String> = leaves
                    .iter()
                    .map(|(p, _)| {
                        p.iter()
                            .map(|i| i.to_string())
                            .collect::<Vec<_>>()
                            .join(".")
                    })
                    .collect();
                return Err(Failure(format!(
                    "`{shape}` is a tuple: choose a leaf with --leaf (one of {})",
                    paths.join(", ")
                )));
            }
        },
    };
    let analysis = match padded {
        Some(p) => Analysis::with_padded_dims(array, p),
        None => Analysis::of(array),
    }
    .map_err(|e| Failure(e.to_string()))?;
    Ok((analysis.layout, analysis.mapping))
}

fn number(arg: Option<&str>, what: &str) -> Result<u64, Failure> {
    let text = arg.ok_or_else(|| Failure(format!("{what} is missing\n{USAGE}")))?;
    text.trim()
        .parse::<u64>()
        .map_err(|_| Failure(format!("{what}: `{text}` is not a non-negative integer")))
}

fn numbers<T: std::str::FromStr>(
    arg: Option<&str>,
    what: &str,
    sep: char,
) -> Result<Vec<T>, Failure> {
    let text = arg.ok_or_else(|| Failure(format!("{what} needs a value\n{USAGE}")))?;
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(sep)
        .map(|part| {
            part.trim().parse::<T>().map_err(|_| {
                Failure(format!(
                    "{what}: `{part}` in `{text}` is not a non-negative integer"
                ))
            })
        })
        .collect()
}

fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    serde_json::to_string(value)
        .map_err(|e| Failure(format!("internal error: cannot print JSON: {e}")))
}
