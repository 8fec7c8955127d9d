//! The worked steps for one element, as the CLI prints them: `steps --json`
//! (and `explain --at --json`): `{"steps": [{stage, shape, labels, index,
//! formula, note?}], "offset"}`.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::formula::{formula, tuple};
use super::Steps;
use crate::core::array::ArrayLayout;
use crate::core::error::ErrorKind;

/// One stage for one element.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepJson {
    /// The stage's title: `physical order`, `level 1 T(2,2): pad`, ...
    pub stage: String,
    /// The stage's sizes, major to minor.
    pub shape: Vec<u64>,
    /// A name for each dim of `shape`: `y`, `x/2`, `(y%8)/2`, `offset`.
    pub labels: Vec<String>,
    /// The element's index in this stage.
    pub index: Vec<u64>,
    /// How the index follows from the previous stage's, numbers
    /// substituted.
    pub formula: String,
    /// Why the stage exists or what XLA's docs say it is for, if anything.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Every stage for one element, and its offset (in elements).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StepsReport {
    pub steps: Vec<StepJson>,
    pub offset: u64,
}

/// Why there is no report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StepsError {
    /// The layout cannot be laid out (unbounded dim, overflow).
    Layout(ErrorKind),
    /// The index is not an element of the array.
    NotAnElement { index: Vec<u64>, dims: Vec<u64> },
}

impl fmt::Display for StepsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StepsError::Layout(kind) => write!(f, "{kind}"),
            StepsError::NotAnElement { index, dims } if index.len() != dims.len() => write!(
                f,
                "index {} has {} entries, but the array has {} dims {}",
                tuple(index),
                index.len(),
                dims.len(),
                tuple(dims)
            ),
            StepsError::NotAnElement { index, dims } => {
                let (d, (i, s)) = index
                    .iter()
                    .zip(dims)
                    .enumerate()
                    .find(|(_, (i, s))| i >= s)
                    .unwrap_or((0, (&0, &0)));
                write!(
                    f,
                    "index {} is outside the array {}: dim {d} has size {s}, so its index must be below {s}, not {i}",
                    tuple(index),
                    tuple(dims)
                )
            }
        }
    }
}

impl Steps {
    /// Every stage for the element at `index` (dimension-number order).
    pub fn worked(&self, index: &[u64]) -> Option<StepsReport> {
        let trace = self.trace(index)?;
        let steps = self
            .stages
            .iter()
            .enumerate()
            .map(|(k, stage)| {
                let prev = k.checked_sub(1);
                StepJson {
                    stage: stage.title.clone(),
                    shape: stage.sizes(),
                    labels: stage.dims.iter().map(|d| d.label.clone()).collect(),
                    index: trace[k].clone(),
                    formula: formula(
                        stage,
                        prev.map(|p| &self.ops[p]),
                        prev.map(|p| trace[p].as_slice()),
                        &trace[k],
                    ),
                    note: stage.note.clone(),
                }
            })
            .collect();
        let offset = trace.last()?.first().copied()?;
        Some(StepsReport { steps, offset })
    }
}

impl StepsReport {
    /// The worked steps of `layout` for the element at `index`: what
    /// `steps --at` and `explain --at` print.
    pub fn new(layout: &ArrayLayout, index: &[u64]) -> Result<StepsReport, StepsError> {
        let steps = Steps::new(layout).map_err(StepsError::Layout)?;
        steps.worked(index).ok_or_else(|| StepsError::NotAnElement {
            index: index.to_vec(),
            dims: steps.stages[0].sizes(),
        })
    }

    /// Human text: one block per stage.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for (k, s) in self.steps.iter().enumerate() {
            let dims: Vec<String> = s
                .shape
                .iter()
                .zip(&s.labels)
                .map(|(size, label)| format!("{label}:{size}"))
                .collect();
            out.push_str(&format!(
                "{k}. {}  shape ({})  index {}\n   {}\n",
                s.stage,
                dims.join(", "),
                tuple(&s.index),
                s.formula
            ));
            if let Some(note) = &s.note {
                out.push_str(&format!("   note: {note}\n"));
            }
        }
        out.push_str(&format!("offset {}", self.offset));
        out
    }
}
