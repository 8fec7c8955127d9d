//! What the page knows about one input: the only place the UI calls the
//! core. Plain Rust (no yew or web-sys), tested natively.

use std::cell::OnceCell;

use crate::core::ast::ArrayShape;
use crate::core::summary::{LeafSummary, Summary};
use crate::core::{self, Analysis, Shape};

use super::explain::Explained;
use super::shard::{self, ShardView};
use crate::core::steps::Steps;

/// The older Layout proto's `padding_value`: the core's type.
pub use crate::core::PaddingValue as PadValue;

/// What the older proto's padding cells are labelled with in the pictures
/// for `ty`: its value (`0`, `false`, `-inf`, ...), nothing when unknown.
pub fn pad_label(value: PadValue, ty: crate::core::ElementType) -> Option<String> {
    match value {
        PadValue::Unknown => None,
        v => v.value_for(ty),
    }
}

/// A text the core rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The core's rendering: the input, a `^^^` line, the reason.
    pub message: String,
    /// The one-line reason alone.
    pub reason: String,
    /// Byte range of the offending characters in the input.
    pub span: (usize, usize),
}

impl InputError {
    /// An error about the whole of `text`.
    pub(crate) fn plain(text: &str, reason: String) -> InputError {
        InputError {
            message: reason.clone(),
            reason,
            span: (0, text.len()),
        }
    }

    pub(crate) fn of(error: &core::Error) -> InputError {
        let span = error.span();
        InputError {
            message: error.to_string(),
            reason: error.reason(),
            span: (span.start, span.end),
        }
    }
}

/// One array leaf of the shape, for the leaf selector.
#[derive(Clone, Debug, PartialEq)]
pub struct LeafEntry {
    pub path: Vec<usize>,
    pub canonical: String,
    /// Why the leaf cannot be drawn, if it cannot (a `?` dim, say).
    pub not_drawable: Option<String>,
}

/// The picture's leaf, laid out.
#[derive(Clone, Debug)]
pub struct Drawn {
    pub path: Vec<usize>,
    pub analysis: Analysis,
    /// The padded dims in use, if any.
    pub padded: Option<Vec<u64>>,
    pub pad_value: PadValue,
    /// The leaf's text as parsed (suggestions permute its layout).
    pub array: ArrayShape,
    /// The headline sentence and the factors: [`Drawn::explained`].
    explained: OnceCell<Explained>,
    /// The tiling stages (step mode): [`Drawn::steps`].
    steps: OnceCell<Option<Steps>>,
}

impl Drawn {
    /// The headline sentence and the factors, computed once per shape when
    /// first asked for: only the panels read them, and they follow the
    /// picture (issue 24: the first picture and a keystroke's paint do not
    /// wait for them).
    pub fn explained(&self) -> &Explained {
        self.explained.get_or_init(|| Explained::of(&self.analysis))
    }

    /// The tiling stages (step mode), built once per shape when first asked
    /// for; `None` when they cannot be built.
    pub fn steps(&self) -> Option<&Steps> {
        self.steps
            .get_or_init(|| Steps::new(&self.analysis.layout).ok())
            .as_ref()
    }
}

/// A valid shape, summarised, with the leaf to draw.
#[derive(Clone, Debug)]
pub struct Model {
    pub canonical: String,
    /// The shape as parsed, for [`Model::summary`].
    shape: Shape,
    /// The JSON summary: [`Model::summary`].
    summary: OnceCell<Summary>,
    pub leaves: Vec<LeafEntry>,
    /// Whether the shape is a tuple (leaves are then selectable).
    pub is_tuple: bool,
    pub drawn: Option<Drawn>,
    /// Why nothing is drawn, when `drawn` is `None`.
    pub why_not: Option<String>,
    /// What is wrong with the padded dims text, if anything (the picture
    /// then shows the leaf without them).
    pub padded_error: Option<String>,
    /// The drawn leaf under the sharding field's sharding: the picture is
    /// then the shown device's shard.
    pub shard: Option<ShardView>,
    /// What is wrong with the sharding field (the picture then shows the
    /// whole array).
    pub sharding_error: Option<InputError>,
}

impl Model {
    /// The shape's summary (the CLI's and Python's JSON), computed once when
    /// first asked for: only the summary panel reads it, and the panels
    /// follow the picture (issue 24).
    pub fn summary(&self) -> &Summary {
        self.summary.get_or_init(|| {
            // The drawn leaf's own analysis, unless padded dims or a
            // sharding changed it: not laid out again for the summary.
            let known = self
                .drawn
                .as_ref()
                .filter(|d| d.padded.is_none() && self.shard.is_none());
            Summary::with(&self.shape, |path, array| match known {
                Some(d) if d.path == path => LeafSummary::with(array, Ok(&d.analysis)),
                _ => LeafSummary::of(array),
            })
        })
    }
}

/// What the page asks about.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Request {
    pub text: String,
    /// Index path of the leaf to draw (the first drawable leaf if absent).
    pub leaf: Vec<usize>,
    /// `3,5`: the older proto's padded dims; empty for none.
    pub padded: String,
    pub pad_value: PadValue,
    /// The sharding field's text; empty for none.
    pub sharding: String,
    /// Which device's shard to draw (an index into the devices listed).
    pub device: usize,
}

/// Parses the padded dims text: sizes separated by commas.
pub fn parse_padded(text: &str) -> Result<Option<Vec<u64>>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    text.split(',')
        .map(|part| {
            let part = part.trim();
            part.parse::<u64>()
                .map_err(|_| format!("`{part}` is not a size: write sizes such as 3,5"))
        })
        .collect::<Result<Vec<_>, _>>()
        .map(Some)
}

/// Looks at a request: `Err` when the text is not a valid shape.
/// One HLO instruction (a line copied from a dump) draws its result shape;
/// the error stays that of the text read as a shape.
pub fn analyse(request: &Request) -> Result<Model, InputError> {
    match core::parse(&request.text) {
        Ok(shape) => Ok(model_of(&shape, request)),
        Err(e) => match instruction_result(&request.text) {
            Some(shape) => Ok(model_of(&shape, request)),
            None => Err(InputError::of(&e)),
        },
    }
}

/// The result shape of the HLO instruction (or MLIR op) `text` holds, if
/// it is valid.
pub fn instruction_result(text: &str) -> Option<Shape> {
    if let Some(mlir) = super::breakdown_mlir::support().and_then(|s| (s.result)(text)) {
        return mlir;
    }
    let span = core::hlo::explain(text)?.shape?;
    core::parse(text.get(span.range())?).ok()
}

fn model_of(shape: &Shape, request: &Request) -> Model {
    // Each leaf is laid out once: why it cannot be drawn, if it cannot, and
    // the analysis of the one asked for and of the first drawable (the
    // picture's, unless padded dims or a sharding change it).
    let (mut asked, mut first) = (None, None);
    let leaves: Vec<LeafEntry> = shape
        .leaves()
        .into_iter()
        .map(|(path, array)| {
            let not_drawable = match Analysis::of(array) {
                Ok(a) if path == request.leaf => {
                    asked = Some(a);
                    None
                }
                Ok(a) => {
                    first.get_or_insert(a);
                    None
                }
                Err(e) => Some(e.reason()),
            };
            LeafEntry {
                canonical: array.to_string(),
                not_drawable,
                path,
            }
        })
        .collect();
    let chosen = leaves
        .iter()
        .find(|l| l.path == request.leaf && l.not_drawable.is_none())
        .or_else(|| leaves.iter().find(|l| l.not_drawable.is_none()));
    let (padded, mut padded_error) = match parse_padded(&request.padded) {
        Ok(p) => (p, None),
        Err(e) => (None, Some(e)),
    };
    let mut why_not = None;
    let (mut sharded, mut sharding_error) = (None, None);
    let drawn = match chosen {
        None => {
            why_not = Some(match (shape, leaves.first()) {
                (_, Some(l)) => format!(
                    "nothing to draw: {}",
                    l.not_drawable.as_deref().unwrap_or("no array")
                ),
                (Shape::Tuple(_), None) => "nothing to draw: the tuple has no arrays".to_owned(),
                _ => "nothing to draw: this shape holds no array".to_owned(),
            });
            None
        }
        Some(entry) => {
            let array = shape.leaf(&entry.path);
            let with_padding = match (array, &padded) {
                (Some(a), Some(p)) => match Analysis::with_padded_dims(a, p) {
                    Ok(analysis) => Some(analysis),
                    Err(e) => {
                        padded_error = Some(e.reason());
                        None
                    }
                },
                _ => None,
            };
            let used_padding = with_padding.is_some();
            // A sharding draws the shown device's shard instead.
            let view = match (
                array.filter(|_| !request.sharding.trim().is_empty()),
                shard::support(),
            ) {
                (Some(a), Some(support)) => {
                    (support.view)(shape, &entry.path, a, &request.sharding, request.device)
                        .map_err(|e| sharding_error = Some(e))
                        .ok()
                }
                (Some(_), None) => {
                    sharding_error = Some(InputError::plain(
                        &request.sharding,
                        "this page does not read shardings: open the app".to_owned(),
                    ));
                    None
                }
                (None, _) => None,
            };
            let (array, analysis) = match &view {
                Some(v) => (Some(&v.shard_array), Some(v.shard.clone())),
                None => (array, with_padding.or_else(|| asked.or(first))),
            };
            let drawn = match (array, analysis) {
                (Some(array), Some(analysis)) => Some(Drawn {
                    path: entry.path.clone(),
                    explained: OnceCell::new(),
                    steps: OnceCell::new(),
                    analysis,
                    padded: if used_padding && view.is_none() {
                        padded.clone()
                    } else {
                        None
                    },
                    pad_value: request.pad_value,
                    array: array.clone(),
                }),
                _ => None,
            };
            sharded = view;
            drawn
        }
    };
    Model {
        canonical: shape.to_string(),
        shape: shape.clone(),
        summary: OnceCell::new(),
        is_tuple: matches!(shape, Shape::Tuple(_)),
        leaves,
        drawn,
        why_not,
        padded_error,
        shard: sharded,
        sharding_error,
    }
}

#[cfg(test)]
#[path = "model_tests.rs"]
mod tests;
