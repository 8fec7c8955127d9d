//! Unit tests of the parser: structure, spans and syntax errors.

use super::*;
use crate::core::array::DimSize;
use crate::core::array::TileDim;

fn array(text: &str) -> ArrayShape {
    match parse_syntax(text) {
        Ok(Shape::Array(a)) => a,
        other => panic!("{text}: {other:?}"),
    }
}

fn error(text: &str) -> (ErrorKind, Span) {
    let e = parse_syntax(text).expect_err(text);
    (e.kind().clone(), e.span())
}

#[test]
fn reads_an_array_with_every_span() {
    let text = "bf16[8,<=1,?]{2,1,0:T(8,*,128)(2,1)S(1)}";
    let a = array(text);
    assert_eq!(a.element_type, Spanned::synthetic(ElementType::Bf16));
    assert_eq!(a.element_type.span, Span::new(0, 4));
    let dims: Vec<DimSize> = a.dims.iter().map(|d| d.value).collect();
    assert_eq!(
        dims,
        [DimSize::Static(8), DimSize::Bounded(1), DimSize::Unbounded]
    );
    assert_eq!(&text[a.dims[1].span.range()], "<=1");
    assert_eq!(&text[a.dims_span.range()], "[8,<=1,?]");
    assert_eq!(a.span, Span::new(0, text.len()));
    let l = a.layout.as_ref().expect("layout");
    assert_eq!(&text[l.minor_to_major_span.range()], "2,1,0");
    assert_eq!(&text[l.tiles[0].span.range()], "(8,*,128)");
    assert_eq!(l.tiles[0].value[1].value, TileDim::Combine);
    assert_eq!(&text[l.memory_space.expect("S").span.range()], "1");
}

#[test]
fn reads_tuples_buffers_tokens_and_comments() {
    let text = "( b ( f32[16] ) , u32[] , /*index=2*/ token[] , opaque[], ( ) )";
    let shape = parse_syntax(text).expect("parses");
    let Shape::Tuple(t) = &shape else {
        panic!("{shape:?}")
    };
    assert_eq!(t.elements.len(), 5);
    assert!(matches!(t.elements[0], Shape::Buffer(_)));
    assert!(matches!(t.elements[2], Shape::Token(s) if &text[s.range()] == "token[]"));
    assert!(matches!(&t.elements[4], Shape::Tuple(e) if e.elements.is_empty()));
    let paths: Vec<Vec<usize>> = shape.leaves().into_iter().map(|(p, _)| p).collect();
    assert_eq!(paths, [vec![0], vec![1]]);
    assert!(shape.leaf(&[0]).is_some() && shape.leaf(&[2]).is_none() && shape.leaf(&[9]).is_none());
}

#[test]
fn reads_every_attribute_in_order() {
    let text = "f32[2,3]{1,0:D(D,C+~,S~)T(2,2)L(4)#(u32)*(s64)E(32)S(5)SC(0:1)(1:1,2)M(8)}";
    let l = array(text).layout.expect("layout");
    assert_eq!(&text[l.dim_level_types.expect("D").range()], "D(D,C+~,S~)");
    assert_eq!(l.tail_padding_alignment.map(|v| v.value), Some(4));
    assert_eq!(l.index_type.map(|v| v.value), Some(ElementType::U32));
    assert_eq!(l.pointer_type.map(|v| v.value), Some(ElementType::S64));
    assert_eq!(l.element_size_bits.map(|v| v.value), Some(32));
    assert_eq!(l.split_configs.len(), 2);
    assert_eq!(l.split_configs[1].value.indices.len(), 2);
    assert_eq!(
        l.dynamic_shape_metadata_prefix_bytes.map(|v| v.value),
        Some(8)
    );
    let p = array("f32[2]{0:P(f32[2]{0})}").layout.expect("layout");
    assert!(p.physical_shape.is_some());
}

#[test]
fn keeps_numbers_as_written() {
    let l = array("f32[2]{-1:L(-3)E(-4)S(-1)M(-2)}")
        .layout
        .expect("layout");
    assert_eq!(l.minor_to_major[0].value, -1);
    assert_eq!(l.tail_padding_alignment.map(|v| v.value), Some(-3));
    let l = array("f32[2]{}").layout.expect("layout");
    assert!(l.minor_to_major.is_empty());
    assert_eq!(l.minor_to_major_span, Span::new(7, 7));
}

#[test]
fn attribute_order_errors_name_both() {
    let (kind, span) = error("f32[2]{0:S(1)T(8,128)}");
    assert_eq!(
        kind,
        ErrorKind::AttributeOutOfOrder {
            attribute: "T",
            after: "S"
        }
    );
    assert_eq!(span, Span::new(13, 14));
    assert_eq!(
        error("f32[2]{0:E(4)E(4)}").0,
        ErrorKind::DuplicateAttribute { attribute: "E" }
    );
    assert_eq!(
        error("f32[2]{0:X(4)}").0,
        ErrorKind::UnknownAttribute { name: "X".into() }
    );
    assert_eq!(
        error("f32[2]{0:SC(0:1)S(1)}").0,
        ErrorKind::AttributeOutOfOrder {
            attribute: "S",
            after: "SC"
        }
    );
}

#[test]
fn syntax_errors_point_at_the_token() {
    let cases: &[(&str, ErrorKind, (usize, usize))] = &[
        (
            "F32[2]",
            ErrorKind::UnknownElementType {
                name: "F32".into(),
                suggestion: Some("f32"),
            },
            (0, 3),
        ),
        (
            "f32[2",
            ErrorKind::UnexpectedEnd {
                expected: "`,` or `]`",
            },
            (5, 5),
        ),
        ("f32[2] x", ErrorKind::TrailingInput, (7, 8)),
        (
            "f32[-1]",
            ErrorKind::NegativeNumber {
                what: "a dimension size",
                value: -1,
            },
            (4, 6),
        ),
        (
            "f32[2]{0:T(-2)}",
            ErrorKind::TileSizeNotPositive { value: -2 },
            (11, 13),
        ),
        (
            "f32[9223372036854775808]",
            ErrorKind::NumberTooLarge,
            (4, 23),
        ),
        (
            "token[2]",
            ErrorKind::NotAnArrayType { name: "token" },
            (5, 8),
        ),
        (
            "opaque[]{}",
            ErrorKind::NotAnArrayType { name: "opaque" },
            (8, 10),
        ),
        ("b()", ErrorKind::BadBuffer, (0, 3)),
        ("b(s32[], f32[])", ErrorKind::BadBuffer, (7, 8)),
        ("b(token[])", ErrorKind::BadBuffer, (2, 9)),
        ("f32[2] /* x", ErrorKind::UnterminatedComment, (7, 11)),
        ("", ErrorKind::UnexpectedEnd { expected: SHAPE }, (0, 0)),
    ];
    for (text, kind, (start, end)) in cases {
        assert_eq!(
            error(text),
            (kind.clone(), Span::new(*start, *end)),
            "{text}"
        );
    }
}

#[test]
fn a_colon_is_needed_before_attributes() {
    let (kind, _) = error("f32[2]{T(2)}");
    assert_eq!(
        kind,
        ErrorKind::Expected {
            expected: "`:` before the layout attributes",
            found: "`T`".into()
        }
    );
}

#[test]
fn nesting_is_limited() {
    let ok = format!("{}f32[]{}", "(".repeat(MAX_DEPTH), ")".repeat(MAX_DEPTH));
    assert!(parse_syntax(&ok).is_ok());
    let deep = format!(
        "{}f32[]{}",
        "(".repeat(MAX_DEPTH + 1),
        ")".repeat(MAX_DEPTH + 1)
    );
    assert_eq!(
        error(&deep),
        (
            ErrorKind::TooDeep { limit: MAX_DEPTH },
            Span::new(MAX_DEPTH, MAX_DEPTH + 1)
        )
    );
    let physical = format!(
        "{}f32[]{}",
        "f32[]{:P(".repeat(MAX_DEPTH + 1),
        ")}".repeat(MAX_DEPTH + 1)
    );
    assert!(matches!(error(&physical).0, ErrorKind::TooDeep { .. }));
}

#[test]
fn suggestions() {
    assert_eq!(suggest("BF16"), Some("bf16"));
    assert_eq!(suggest("float"), Some("f32"));
    assert_eq!(suggest("Token"), Some("token"));
    assert_eq!(suggest("xyz"), None);
}
