//! What every command shares: the SHAPE argument, `--json`, the mapping
//! options (`--leaf`, `--padded-dims`, `--padding-value`), what a command
//! returns, and the value parsers that name the argument they reject.

use std::ffi::OsString;
use std::io::{self, Read, Write};

use xla_layout_viz::core::{parse, Analysis, ArrayLayout, Mapping, PaddingValue, Shape};

/// A failure after the arguments were read: the message for stderr, exit
/// status 2 (invalid shape, index outside the array, ...). Usage errors
/// (unknown option, missing or malformed argument) are clap's, also 2.
pub struct Failure(pub String);

/// What a successful command prints on stdout.
pub enum Output {
    /// Text; a newline is added.
    Text(String),
    /// Output written piece by piece (large outputs: memory stays bounded).
    /// A write error ends it; a closed pipe is then not an error.
    Stream(Writer),
}

/// Writes a streamed output to stdout (buffered by the caller).
pub type Writer = Box<dyn FnOnce(&mut dyn Write) -> io::Result<()>>;

// The shape text, as one argument. (A plain comment: clap would show a
// doc comment here as the help of a command that has none of its own.)
#[derive(clap::Args, Debug)]
pub struct ShapeArg {
    /// An XLA shape with layout, e.g. 'f32[3,5]{1,0:T(2,2)}' (quote it for
    /// the shell); `-` reads it from standard input
    // OsString: an argument that is not UTF-8 is read lossily, so the
    // parser points at the replacement character instead of clap refusing.
    #[arg(value_name = "SHAPE", value_parser = clap::value_parser!(OsString))]
    pub shape: OsString,
}

impl ShapeArg {
    /// The parsed, validated shape, or the caret-rendered error.
    pub fn parse(&self) -> Result<Shape, Failure> {
        parse_arg(&self.shape)
    }
}

/// Parses a SHAPE argument; `-` stands for standard input, read whole.
/// Linux refuses any single argument over 128 KiB (MAX_ARG_STRLEN) before
/// the program starts, so a large text (a pasted tuple, a file) can only
/// come this way. At most one SHAPE argument may be `-`.
pub fn parse_arg(arg: &OsString) -> Result<Shape, Failure> {
    let text = if arg == "-" {
        let mut bytes = Vec::new();
        io::stdin()
            .read_to_end(&mut bytes)
            .map_err(|e| Failure(format!("cannot read SHAPE from standard input: {e}")))?;
        // Not UTF-8: read lossily, as an argument is, so the error points
        // at the replacement character. UTF-8 (the usual case) is kept
        // without a copy: 5 MB pasted texts come this way.
        String::from_utf8(bytes)
            .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
    } else {
        arg.to_string_lossy().into_owned()
    };
    parse(&text).map_err(|e| Failure(e.to_string()))
}

/// `--json` where the output is JSON (or a bare number) already: accepted
/// so that scripts can always pass it.
#[derive(clap::Args, Debug)]
pub struct JsonNoop {
    /// Accepted for scripts; this command's output is already
    /// machine-readable
    #[arg(long)]
    pub json: bool,
}

/// Which array of the shape to lay out, and how.
#[derive(clap::Args, Debug, Default)]
pub struct MappingOpts {
    /// The tuple leaf at this index path, e.g. 1.0
    #[arg(long, value_name = "PATH", value_parser = leaf_path)]
    pub leaf: Option<LeafPath>,
    /// Lay out with the older Layout proto's padded_dimensions, e.g. 3,5
    #[arg(long, value_name = "SIZES", value_parser = sizes)]
    pub padded_dims: Option<Sizes>,
    /// What the --padded-dims padding holds: zero (default), one, lowest,
    /// highest or unknown (the proto's padding_value)
    #[arg(long, value_name = "VALUE", requires = "padded_dims", value_parser = padding_value)]
    pub padding_value: Option<PaddingValue>,
}

/// `--leaf 1.0`: an index path into a tuple.
#[derive(Clone, Debug)]
pub struct LeafPath(pub Vec<usize>);

/// `--padded-dims 3,5` or an index `2,3`: comma-separated sizes.
#[derive(Clone, Debug)]
pub struct Sizes(pub Vec<u64>);

impl MappingOpts {
    /// The chosen leaf's layout and mapping (legacy padded if asked).
    pub fn mapping(&self, shape: &Shape) -> Result<(ArrayLayout, Mapping), Failure> {
        let leaves = shape.leaves();
        let array = match &self.leaf {
            Some(LeafPath(path)) => shape.leaf(path).ok_or_else(|| {
                Failure(format!(
                    "--leaf: no array leaf at path {}",
                    dotted(path.iter())
                ))
            })?,
            None => match leaves.as_slice() {
                [(_, only)] => *only,
                [] => return Err(Failure(format!("`{shape}` holds no array"))),
                _ => {
                    let paths: Vec<String> = leaves.iter().map(|(p, _)| dotted(p.iter())).collect();
                    return Err(Failure(format!(
                        "`{shape}` is a tuple: choose a leaf with --leaf (one of {})",
                        paths.join(", ")
                    )));
                }
            },
        };
        let analysis = match &self.padded_dims {
            Some(Sizes(p)) => Analysis::with_padded_dims(array, p),
            None => Analysis::of(array),
        }
        .map_err(|e| Failure(e.to_string()))?;
        Ok((analysis.layout, analysis.mapping))
    }

    /// What the legacy padding holds (zero unless told).
    pub fn padding_value(&self) -> PaddingValue {
        self.padding_value.unwrap_or_default()
    }
}

/// `1.0.2`.
fn dotted<T: ToString>(parts: impl Iterator<Item = T>) -> String {
    parts.map(|p| p.to_string()).collect::<Vec<_>>().join(".")
}

/// `a,b,c` joined back.
pub fn join(values: &[u64]) -> String {
    values
        .iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// Numbers separated by `sep`; empty text is an empty list. Clap puts the
/// argument's name in front of the message.
fn numbers<T: std::str::FromStr>(text: &str, sep: char) -> Result<Vec<T>, String> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    text.split(sep)
        .map(|part| {
            part.trim()
                .parse::<T>()
                .map_err(|_| format!("`{part}` is not a non-negative integer"))
        })
        .collect()
}

fn leaf_path(text: &str) -> Result<LeafPath, String> {
    numbers(text, '.').map(LeafPath)
}

/// Comma-separated sizes or index entries.
pub fn sizes(text: &str) -> Result<Sizes, String> {
    numbers(text, ',').map(Sizes)
}

/// One non-negative integer (surrounding spaces allowed).
pub fn number(text: &str) -> Result<u64, String> {
    text.trim()
        .parse::<u64>()
        .map_err(|_| format!("`{text}` is not a non-negative integer"))
}

fn padding_value(name: &str) -> Result<PaddingValue, String> {
    PaddingValue::from_name(name)
        .ok_or_else(|| format!("`{name}` is not one of zero, one, lowest, highest, unknown"))
}

/// One line of JSON.
pub fn to_json<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    serde_json::to_string(value)
        .map_err(|e| Failure(format!("internal error: cannot print JSON: {e}")))
}
