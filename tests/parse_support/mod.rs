//! Helpers shared by the parser's property and fuzz tests.

use proptest::prelude::*;
use proptest::sample::select;

use xla_layout_viz::core::summary::Summary;
use xla_layout_viz::core::{parse, parse_syntax, Analysis, ElementType, Error, Shape};

/// Any element type's name.
pub fn element_type() -> impl Strategy<Value = &'static str> {
    select(ElementType::ALL).prop_map(ElementType::name)
}

fn check_error(text: &str, e: &Error) {
    let span = e.span();
    assert!(
        span.start <= span.end && span.end <= text.len(),
        "{text:?}: span {span}"
    );
    assert!(text.is_char_boundary(span.start) && text.is_char_boundary(span.end));
    assert_eq!(e.to_string().lines().count(), 3, "{text:?}: {e}");
}

/// Parses with and without validation; neither may panic.
pub fn parse_anything(text: &str) {
    match parse_syntax(text) {
        Ok(shape) => {
            let printed = shape.to_string();
            assert_eq!(
                parse_syntax(&printed).as_ref(),
                Ok(&shape),
                "{text:?} printed {printed:?}"
            );
        }
        Err(e) => check_error(text, &e),
    }
    match parse(text) {
        Ok(shape) => use_everything(&shape),
        Err(e) => check_error(text, &e),
    }
}

/// Everything the CLI and the app do with a valid shape, cheaply: sizes,
/// the first and last cells, a few steps of each walk. None may panic.
fn use_everything(shape: &Shape) {
    let summary = Summary::of(shape);
    assert_eq!(summary.canonical, shape.to_string());
    for (_, leaf) in shape.leaves() {
        let Ok(analysis) = Analysis::of(leaf) else {
            continue;
        };
        let m = &analysis.mapping;
        let last = m.footprint().saturating_sub(1);
        for offset in [0, last, m.footprint()] {
            let _ = m.at(offset);
            let _ = m.describe_offset(offset);
        }
        let last_index: Vec<u64> = m.dims().iter().map(|d| d.saturating_sub(1)).collect();
        let _ = m.offset_of(&last_index);
        let _ = m.describe_index(&last_index);
        assert_eq!(
            m.walk_memory().take(64).count() as u64,
            m.footprint().min(64)
        );
        assert_eq!(
            m.walk_logical().take(64).count() as u64,
            m.num_elements().min(64)
        );
    }
}

/// Pieces random edits splice in.
pub const VOCABULARY: &[&str] = &[
    "f32",
    "bf16",
    "token",
    "b",
    "[",
    "]",
    "{",
    "}",
    "(",
    ")",
    ",",
    ":",
    "*",
    "#",
    "<=",
    "?",
    "T",
    "S",
    "SC",
    "L",
    "E",
    "P",
    "M",
    "D",
    "0",
    "1",
    "-1",
    "128",
    "9223372036854775808",
    "/*",
    "*/",
    "//",
    " ",
    "é",
    "\n",
];

/// 2000 cases a property, or `PROPTEST_CASES` for a longer fuzzing run.
pub fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(2000)
}
