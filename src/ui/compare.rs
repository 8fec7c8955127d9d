//! The "compare with" box: a second shape of the same dims in another
//! layout, and the core's verdict (`core::compare`): a bitcast, or a copy
//! moving N of M elements, with both footprints. Plain Rust, tested
//! natively.

use std::rc::Rc;

use crate::core::analysis::Analysis;
use crate::core::ast::ArrayShape;
use crate::core::compare::{compare, Comparison};
use crate::core::{self, Shape};

use super::compare_view::OtherMapping;
use super::model::{Drawn, InputError};
use super::state::State;

/// The second box: its text, exactly as typed, and what it compares to.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareView {
    pub input: String,
    pub verdict: Result<Comparison, InputError>,
    /// The second layout's mapping, when the verdict is one (drawn beside
    /// the first, hover linked).
    pub other: Option<OtherMapping>,
}

impl CompareView {
    /// Compares `text` with the drawn leaf.
    pub fn new(drawn: &Drawn, text: String) -> CompareView {
        let verdict = verdict(&drawn.array, &text);
        let other = verdict.as_ref().ok().and_then(|_| other_mapping(&text));
        CompareView {
            input: text,
            verdict,
            other,
        }
    }
}

/// The mapping of an already compared (so valid) array text.
fn other_mapping(text: &str) -> Option<OtherMapping> {
    match core::parse(text).ok()? {
        Shape::Array(b) => Analysis::of(&b)
            .ok()
            .map(|a| OtherMapping(Rc::new(a.mapping))),
        _ => None,
    }
}

fn verdict(a: &ArrayShape, text: &str) -> Result<Comparison, InputError> {
    let shape = core::parse(text).map_err(|e| InputError::of(&e))?;
    let b = match &shape {
        Shape::Array(b) => b,
        _ => {
            return Err(InputError::plain(
                text,
                "compare with one array shape, not a tuple or token".to_owned(),
            ))
        }
    };
    compare(a, b).map_err(|e| {
        let span = e.span.map_or((0, text.len()), |s| (s.start, s.end));
        InputError {
            message: e.to_string(),
            reason: e.reason,
            span,
        }
    })
}

/// The same dims in another layout: minor_to_major reversed, untiled
/// (`f32[2,3]{1,0}` gives `f32[2,3]{0,1}`): what the box starts with.
pub fn other_layout(drawn: &Drawn) -> String {
    let dims: Vec<String> = drawn
        .analysis
        .mapping
        .dims()
        .iter()
        .map(u64::to_string)
        .collect();
    let mut order: Vec<String> = drawn
        .analysis
        .layout
        .minor_to_major()
        .iter()
        .map(usize::to_string)
        .collect();
    order.reverse();
    format!(
        "{}[{}]{{{}}}",
        drawn.array.element_type.value,
        dims.join(","),
        order.join(",")
    )
}

/// One line: `a bitcast: ...` or `a copy: moves N of M elements ...`.
pub fn verdict_text(c: &Comparison) -> String {
    let sizes = format!(
        "footprints {} B and {} B",
        crate::render::scene::titles::grouped(u128::from(c.bytes_footprint_a)),
        crate::render::scene::titles::grouped(u128::from(c.bytes_footprint_b))
    );
    let m = crate::render::scene::titles::grouped(u128::from(c.elements));
    match (c.bitcast, c.elements_moved) {
        (Some(true), _) => {
            format!("a bitcast: the same bytes in the same order, no data moves ({sizes})")
        }
        (_, Some(n)) => format!(
            "a copy: moves {} of {m} elements ({sizes})",
            crate::render::scene::titles::grouped(u128::from(n))
        ),
        _ => format!(
            "not decided: {} ({sizes})",
            c.reason.as_deref().unwrap_or("too large to count")
        ),
    }
}

impl State {
    /// Compares `text` with the drawn leaf (the box stays closed when
    /// nothing is drawn).
    pub(crate) fn set_compare(&mut self, text: String) {
        self.compare = self
            .model
            .as_ref()
            .and_then(|m| m.drawn.as_ref())
            .map(|d| CompareView::new(d, text));
    }
}
