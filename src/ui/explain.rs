//! What the summary and cell panels explain about the drawn leaf: the
//! headline sentence and the factor table (once per shape, in the model),
//! suggestions (on demand: every permutation of up to 8 dims), and the
//! worked steps for one element. Plain Rust over `core::explain` and
//! `core::steps`, tested natively.

use crate::core::analysis::Analysis;
use crate::core::ast::ArrayShape;
use crate::core::explain::{factors, sentence, suggestions, Factor, Suggestion};
use crate::core::steps::StepsReport;

/// The sentence and the factors of the drawn leaf.
#[derive(Clone, Debug, PartialEq)]
pub struct Explained {
    pub sentence: String,
    pub factors: Vec<Factor>,
}

impl Explained {
    pub fn of(analysis: &Analysis) -> Explained {
        let factors = factors(analysis);
        Explained {
            sentence: sentence(analysis, &factors),
            factors,
        }
    }
}

/// Other minor_to_major orders that occupy less, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct Suggested {
    pub list: Vec<Suggestion>,
    /// Whether every permutation was tried.
    pub complete: bool,
}

impl Suggested {
    pub fn of(array: &ArrayShape, analysis: &Analysis) -> Suggested {
        let (list, complete) = suggestions(array, analysis);
        Suggested { list, complete }
    }
}

/// The worked steps for the element at `index`, when they arrive at the
/// drawn `offset` (they do not under the older proto's padded dims, which
/// the tiling stages know nothing of: then nothing is shown).
pub fn worked(analysis: &Analysis, index: &[u64], offset: u64) -> Option<StepsReport> {
    StepsReport::new(&analysis.layout, index)
        .ok()
        .filter(|r| r.offset == offset)
}
