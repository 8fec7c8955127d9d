//! `parse` streams tuple elements and validates each distinct leaf text
//! once: it must still give exactly what parsing the whole tree and then
//! validating every leaf gives.

use crate::core::ast::Shape;
use crate::core::error::{Error, ErrorKind};
use crate::core::parser::parse_syntax;
use crate::core::validate::{parse, validate};

/// The error of `text`: its kind and the text under its span.
fn error(text: &str) -> (ErrorKind, &str) {
    let e = parse(text).expect_err(text);
    let span = e.span();
    (e.kind().clone(), &text[span.range()])
}

fn at(text: &str) -> usize {
    parse(text).expect_err(text).span().start
}

/// `text` fails at byte `start` with minor_to_major entry 1 of a rank-1 array.
fn assert_minor_to_major_1_of_rank_1(text: &str, start: usize) {
    let kind = ErrorKind::DimOutOfRange {
        dim: 1,
        num_dims: 1,
    };
    assert_eq!(error(text), (kind, "1"));
    assert_eq!(at(text), start);
}

#[test]
fn a_repeated_invalid_leaf_is_reported_at_its_first_copy() {
    let text = "(f32[2]{0:L(0)}, f32[2]{0:L(0)})";
    assert_eq!(error(text), (ErrorKind::TailAlignmentZero, "0"));
    assert_eq!(at(text), 12);
}

#[test]
fn a_leaf_differing_from_cached_ones_is_still_checked() {
    // Two copies found valid, then one byte differs.
    let text = "(f32[2]{0}, f32[2]{0}, f32[2]{1})";
    assert_minor_to_major_1_of_rank_1(text, 30);
    // A valid leaf's text is a prefix of the invalid one's.
    let text = "(f32[2], f32[2]{0:L(0)})";
    assert_eq!(error(text), (ErrorKind::TailAlignmentZero, "0"));
    assert_eq!(at(text), 20);
    // The same dims and layout with another element type.
    let text = "(s32[2]{0:E(8)}, f32[2]{0:E(8)}, f32[2]{0:E(8)}, u4[2]{0:E(8)})";
    assert!(parse(text).is_ok(), "E(8) is any element's size");
    let text = "(f32[2]{0:#(u32)}, f32[2]{0:#(f32)})";
    assert_eq!(
        error(text),
        (
            ErrorKind::NotIntegral {
                ty: crate::core::element_type::ElementType::F32,
                what: "index"
            },
            "f32"
        )
    );
    assert_eq!(at(text), 30);
}

#[test]
fn leaves_in_buffers_and_nested_tuples_are_checked() {
    let text = "(b(f32[2]{0}), b(f32[2]{0}), b(f32[2]{1}))";
    assert_minor_to_major_1_of_rank_1(text, 38);
    let text = "((f32[2]{0}), ((f32[2]{0}, (f32[2]{0:L(0)}))))";
    assert_eq!(error(text), (ErrorKind::TailAlignmentZero, "0"));
    assert_eq!(at(text), 39);
}

#[test]
fn a_syntax_error_after_an_invalid_leaf_comes_first() {
    // As parsing the whole text and then validating reports it.
    let text = "(f32[2]{0:L(0)}, f32[%])";
    assert_eq!(error(text), (ErrorKind::UnexpectedChar { found: '%' }, "%"));
    assert_eq!(at(text), 21);
}

#[test]
fn leaves_inside_a_physical_shape_are_not_checked_as_leaves() {
    // The leaf holding P(...) is the error, not the invalid array inside.
    let text = "(f32[2]{0}, f32[2]{0:P((f32[2]{5}, f32[1]))})";
    assert_eq!(
        error(text),
        (ErrorKind::PhysicalShapeNotAllowed, "P((f32[2]{5}, f32[1]))")
    );
}

#[test]
fn a_valid_tuple_keeps_every_element_and_span() {
    let text = "(f32[2]{0}, f32[2]{0}, (f32[2]{0}), b(f32[2]{0}), token[])";
    let Ok(Shape::Tuple(t)) = parse(text) else {
        panic!("{text} is a valid tuple");
    };
    let spans: Vec<(usize, usize)> = t
        .elements
        .iter()
        .map(|e| (e.span().start, e.span().end))
        .collect();
    assert_eq!(spans, [(1, 10), (12, 21), (23, 34), (36, 48), (50, 57)]);
    assert_eq!(t.span.end, 58);
}

/// Parsing the whole tree, then validating every leaf: the path without
/// streaming or the cache.
fn reference(text: &str) -> Result<Shape, Error> {
    let shape = parse_syntax(text)?;
    validate(&shape)?;
    Ok(shape)
}

#[test]
fn agrees_with_parsing_everything_then_validating_every_leaf() {
    let pool = [
        "f32[2,3]{1,0:T(2,128)}",
        "f32[2,3]{0,1}",
        "f32[2,3]{1,1}",
        "f32[2]{0:L(0)}",
        "b(f32[2]{0})",
        "b(f32[2]{1})",
        "(f32[2,3]{1,0:T(2,128)}, f32[1])",
        "f32[%]",
        "token[]",
        "f32[2]{0:P(f32[1]{3})}",
        // Texts that begin with another leaf's whole text: a streamed copy
        // of `f32[2]` is skipped only when no layout follows it.
        "f32[2]",
        "f32[2]{0}",
        "f32[2] /* a layout next */ {5}",
        "f32[2]{0}%",
    ];
    let mut checked = 0;
    for a in pool {
        for b in pool {
            for c in pool {
                for text in [format!("({a}, {b}, {c})"), format!("({a}, ({b}, {c}))")] {
                    let (got, want) = (parse(&text), reference(&text));
                    match (&got, &want) {
                        (Ok(g), Ok(w)) => {
                            assert_eq!(g, w, "{text}");
                            assert_eq!(g.to_string(), w.to_string(), "{text}");
                            assert_eq!(g.span(), w.span(), "{text}");
                        }
                        (Err(g), Err(w)) => {
                            assert_eq!((g.kind(), g.span()), (w.kind(), w.span()), "{text}");
                            assert_eq!(g.to_string(), w.to_string(), "{text}");
                        }
                        _ => panic!("{text}: {got:?} but {want:?}"),
                    }
                    checked += 1;
                }
            }
        }
    }
    assert_eq!(checked, 2 * pool.len().pow(3));
}
