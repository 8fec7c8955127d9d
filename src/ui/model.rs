//! What the page knows about one input text: the only place the UI calls
//! the core. No yew or web-sys here.

use std::fmt;

use crate::core::{self, Mapping};

/// A shape that can be drawn: the canonical text and the memory mapping of
/// the array leaf on screen.
pub struct Picture {
    /// XLA's canonical text of the whole shape.
    pub canonical: String,
    /// Index path of the drawn leaf inside a tuple; empty for an array.
    pub leaf_path: Vec<usize>,
    /// How many array leaves the shape has (1 for an array).
    pub leaf_count: usize,
    /// Element index <-> linear offset for the drawn leaf.
    pub mapping: Mapping,
}

impl PartialEq for Picture {
    /// The canonical text and the leaf determine the mapping, so two
    /// pictures with the same ones draw the same.
    fn eq(&self, other: &Picture) -> bool {
        self.canonical == other.canonical && self.leaf_path == other.leaf_path
    }
}

impl fmt::Debug for Picture {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Picture")
            .field("canonical", &self.canonical)
            .field("leaf_path", &self.leaf_path)
            .finish_non_exhaustive()
    }
}

/// A text the core rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The core's rendering: the input line, a `^^^` line under the
    /// offending characters, and the reason.
    pub message: String,
    /// The one-line reason alone.
    pub reason: String,
    /// Byte range of the offending characters in the input (empty when
    /// something is missing at that point).
    pub span: (usize, usize),
}

/// The result of looking at one input text.
#[derive(Debug)]
pub enum Analysis {
    /// A valid shape, and either its picture or why it cannot be drawn
    /// (for example a dynamic `?` dimension or an empty tuple).
    Valid {
        canonical: String,
        picture: Result<Box<Picture>, String>,
    },
    /// Not a valid shape.
    Invalid(InputError),
}

/// Parses and validates `text` and builds the mapping of its first array leaf.
pub fn analyse(text: &str) -> Analysis {
    let shape = match core::parse(text) {
        Ok(shape) => shape,
        Err(error) => {
            let span = error.span();
            return Analysis::Invalid(InputError {
                message: error.to_string(),
                reason: error.reason(),
                span: (span.start, span.end),
            });
        }
    };
    let canonical = shape.to_string();
    let leaves = shape.leaves();
    let leaf_count = leaves.len();
    let picture = match leaves.into_iter().next() {
        None => Err("an empty tuple has no elements to draw".to_string()),
        Some((leaf_path, array)) => array
            .layout()
            .map_err(|e| e.to_string())
            .and_then(|layout| Mapping::new(&layout).map_err(|e| e.to_string()))
            .map(|mapping| {
                Box::new(Picture {
                    canonical: canonical.clone(),
                    leaf_path,
                    leaf_count,
                    mapping,
                })
            }),
    };
    Analysis::Valid { canonical, picture }
}
