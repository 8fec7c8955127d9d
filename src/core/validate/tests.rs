//! Unit tests of validation and printing.

use super::*;
use crate::core::array::TileDim;
use crate::core::element_type::ElementType;

fn error(text: &str) -> (ErrorKind, String) {
    let e = parse(text).expect_err(text);
    (e.kind().clone(), text[e.span().range()].to_owned())
}

fn canonical(text: &str) -> String {
    parse(text).unwrap_or_else(|e| panic!("{e}")).to_string()
}

#[test]
fn prints_what_xla_prints() {
    let cases = [
        ("f32[2,3]", "f32[2,3]{1,0}"),
        ("f32[]", "f32[]"),
        ("f32[]{}", "f32[]"),
        ("f32[]{:}", "f32[]"),
        ("f32[] { : T( 128 ) }", "f32[]{:T(128)}"),
        ("f32[2,3]{1,0:}", "f32[2,3]{1,0}"),
        ("f32[2,3]{1,0:L(1)E(32)S(0)M(0)}", "f32[2,3]{1,0:E(32)}"),
        ("bf16[2,3,1004]{2,1,0:T(2,*,128)}", "bf16[2,3,1004]{2,1,0:T(2,*,128)}"),
        ("f32[2]{0:D(C+)T(2)}", "f32[2]{0:T(2)}"),
        ("s32[<=10, ?, 0]", "s32[<=10,?,0]{2,1,0}"),
        ("(b(f32[16]), u32[], token[])", "(b(f32[16]{0}), u32[], token[])"),
        ("( )", "()"),
        ("(f32[],f32[],f32[],f32[],f32[],f32[],f32[],f32[],f32[],f32[],f32[])",
         "(f32[], f32[], f32[], f32[], f32[], /*index=5*/f32[], f32[], f32[], f32[], f32[], /*index=10*/f32[])"),
        ("f32[4]{0:L(8)#(u32)*(u64)SC(0:1,2)M(4)}", "f32[4]{0:L(8)#(u32)*(u64)SC(0:1,2)M(4)}"),
    ];
    for (text, expected) in cases {
        assert_eq!(canonical(text), expected, "{text}");
        let again = parse(expected).expect(expected);
        assert_eq!(again, parse(text).expect(text), "{text} round trip");
        assert_eq!(again.to_string(), expected);
    }
}

#[test]
fn equality_is_by_meaning() {
    assert_eq!(parse("f32[2,3]"), parse("f32[2,3]{1,0:L(1)}"));
    assert_eq!(parse("f32[2]{0:D(C)}"), parse("f32[2]{0}"));
    assert_ne!(parse("f32[2,3]{0,1}"), parse("f32[2,3]"));
    assert_ne!(parse("f32[2]{0:S(1)}"), parse("f32[2]"));
    assert_ne!(parse("token[]"), parse("opaque[]"));
}

#[test]
fn layouts_come_out_validated() {
    let shape = parse("bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}").expect("valid");
    let layout = shape.leaf(&[]).expect("array").layout().expect("layout");
    assert_eq!(layout.element_type(), ElementType::Bf16);
    assert_eq!(layout.minor_to_major(), [3, 2, 0, 1]);
    assert_eq!(
        layout.tiles()[1].dims(),
        [TileDim::Size(2), TileDim::Size(1)]
    );
    let scalar = parse("f32[]{:T(128)S(1)}").expect("valid");
    let layout = scalar.leaf(&[]).expect("array").layout().expect("layout");
    assert_eq!((layout.num_dims(), layout.memory_space()), (0, 1));
}

#[test]
fn errors_point_at_the_offending_text() {
    let cases: Vec<(&str, ErrorKind, &str)> = vec![
        ("f32[2,3]{1,0:L(0)}", ErrorKind::TailAlignmentZero, "0"),
        (
            "f32[2,3]{1,0:L(-1)}",
            ErrorKind::NegativeNumber {
                what: "the tail padding alignment L(n)",
                value: -1,
            },
            "-1",
        ),
        ("f32[2,3]{1,0:E(0)}", ErrorKind::ElementSizeZero, "0"),
        ("f32[2,3]{0,0}", ErrorKind::DuplicateDim { dim: 0 }, "0"),
        (
            "f32[2,3]{1}",
            ErrorKind::MinorToMajorLength {
                expected: 2,
                found: 1,
            },
            "1",
        ),
        (
            "f32[2,3]{1,0,2}",
            ErrorKind::DimOutOfRange {
                dim: 2,
                num_dims: 2,
            },
            "2",
        ),
        (
            "f32[2,3]{-1,0}",
            ErrorKind::DimOutOfRange {
                dim: -1,
                num_dims: 2,
            },
            "-1",
        ),
        (
            "f32[2,3]{}",
            ErrorKind::MinorToMajorLength {
                expected: 2,
                found: 0,
            },
            "",
        ),
        ("f32[2,3]{1,0:T(2,*)}", ErrorKind::CombineMostMinor, "*"),
        (
            "f32[2,3]{1,0:T(2)(0,2)}",
            ErrorKind::TileSizeNotPositive { value: 0 },
            "0",
        ),
        ("f32[2,3]{1,0:T()}", ErrorKind::EmptyTile, "()"),
        (
            "f32[2]{0:#(f32)}",
            ErrorKind::NotIntegral {
                ty: ElementType::F32,
                what: "index",
            },
            "f32",
        ),
        (
            "f32[2]{0:*(pred)}",
            ErrorKind::NotIntegral {
                ty: ElementType::Pred,
                what: "pointer",
            },
            "pred",
        ),
        (
            "f32[2]{0:P(f32[2]{0})}",
            ErrorKind::PhysicalShapeNotAllowed,
            "P(f32[2]{0})",
        ),
        (
            "f32[]{:S(128)}",
            ErrorKind::MemorySpaceTooLarge { value: 128 },
            "128",
        ),
        (
            "f32[]{:S(-1)}",
            ErrorKind::NegativeNumber {
                what: "the memory space S(n)",
                value: -1,
            },
            "-1",
        ),
        (
            "f32[2]{0:M(-1)}",
            ErrorKind::NegativeNumber {
                what: "the dynamic shape metadata prefix M(n)",
                value: -1,
            },
            "-1",
        ),
        (
            "f32[4,4]{1,0:SC(2:1)}",
            ErrorKind::DimOutOfRange {
                dim: 2,
                num_dims: 2,
            },
            "2",
        ),
        (
            "f32[4,4]{1,0:SC(0:1,1)}",
            ErrorKind::BadSplitIndex { index: 1 },
            "1",
        ),
        (
            "f32[4,4]{1,0:SC(0:1,4)}",
            ErrorKind::BadSplitIndex { index: 4 },
            "4",
        ),
        (
            "f32[4,4]{1,0:SC(0:-1)}",
            ErrorKind::NegativeNumber {
                what: "a split index",
                value: -1,
            },
            "-1",
        ),
        (
            "f32[9223372036854775807,2]",
            ErrorKind::Overflow {
                what: "element count",
            },
            "[9223372036854775807,2]",
        ),
        (
            "f32[?,9223372036854775807,2]",
            ErrorKind::Overflow {
                what: "element count",
            },
            "[?,9223372036854775807,2]",
        ),
        (
            "f32[2305843009213693952]",
            ErrorKind::Overflow {
                what: "footprint in bytes",
            },
            "[2305843009213693952]",
        ),
        (
            "(f32[2], s32[2]{1})",
            ErrorKind::DimOutOfRange {
                dim: 1,
                num_dims: 1,
            },
            "1",
        ),
    ];
    for (text, kind, at) in cases {
        assert_eq!(error(text), (kind, at.to_owned()), "{text}");
    }
}

#[test]
fn split_indices_are_checked_on_the_physical_dim() {
    // Physical dim 0 of {0,1} is logical dim 1, of size 10.
    assert!(parse("f32[4,10]{0,1:SC(0:5)}").is_ok());
    assert_eq!(
        error("f32[4,10]{1,0:SC(0:5)}").0,
        ErrorKind::BadSplitIndex { index: 5 }
    );
}

#[test]
fn unbounded_dims_are_valid() {
    assert!(parse("f32[?,3]{1,0:T(2,2)}").is_ok());
}

#[test]
fn notes_are_not_errors() {
    let shape = parse("f32[2]{0:D(C)#(u32)}").expect("valid");
    let notes = shape.notes();
    assert_eq!(notes.len(), 2);
    assert!(notes[0]
        .message
        .starts_with("D(...) dim level types are ignored"));
    assert_eq!(notes[1].span, Span::new(15, 18));
}
