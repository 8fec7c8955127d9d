//! Explaining a layout: where its padding comes from (a factor per tiling
//! level and dim, multiplying to the expansion), one headline sentence,
//! and other minor_to_major orders that would occupy less.
//!
//! [`Explanation`] is the JSON of `xla-layout explain --json`: `expansion`,
//! `factors`, `sentence`, `suggestions`, `complete`.

pub mod compare;
pub mod factors;
pub mod semantics;
pub mod sentence;
pub mod suggest;

use serde::Serialize;

use crate::core::analysis::Analysis;
use crate::core::ast::ArrayShape;
use crate::core::error::Error;
pub use factors::{factors, Factor};
pub use sentence::sentence;
pub use suggest::{footprint_of, suggestions, Suggestion, SUGGESTIONS_NOTE};

/// Everything `explain` says about one array.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explanation {
    /// Footprint bits over data bits; `null` for an empty array.
    pub expansion: Option<f64>,
    pub factors: Vec<Factor>,
    pub sentence: String,
    /// Best first; see [`SUGGESTIONS_NOTE`].
    pub suggestions: Vec<Suggestion>,
    /// Whether every minor_to_major permutation was tried.
    pub complete: bool,
}

impl Explanation {
    /// Explains one array leaf of a validated shape.
    pub fn of(array: &ArrayShape) -> Result<Explanation, Error> {
        let analysis = Analysis::of(array)?;
        let factors = factors(&analysis);
        let sentence = sentence(&analysis, &factors);
        let (suggestions, complete) = suggestions(array, &analysis);
        Ok(Explanation {
            expansion: analysis.stats.expansion(),
            factors,
            sentence,
            suggestions,
            complete,
        })
    }
}
