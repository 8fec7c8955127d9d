//! The parser never panics, whatever the input: arbitrary text, byte and
//! token soup, sizes anywhere in `int64`, and inputs of a million bytes.

use crate::parse_support;

use proptest::prelude::*;
use proptest::sample::select;

use parse_support::{cases, element_type, parse_anything, VOCABULARY};
use xla_layout_viz::core::{parse, parse_syntax};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn never_panics_on_arbitrary_text(text in "\\PC*") {
        parse_anything(&text);
    }

    #[test]
    fn never_panics_on_byte_soup(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        parse_anything(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn never_panics_on_token_soup(pieces in prop::collection::vec(select(VOCABULARY), 0..60)) {
        parse_anything(&pieces.concat());
    }
}

/// A size near the edges of `int64`.
fn extreme() -> impl Strategy<Value = u64> {
    prop_oneof![
        select(vec![
            0,
            1,
            2,
            3,
            127,
            128,
            1 << 31,
            1 << 32,
            3_037_000_499,
            3_037_000_500
        ]),
        select(vec![
            i64::MAX as u64,
            (i64::MAX / 2) as u64,
            1 << 61,
            1 << 62
        ]),
        0u64..=i64::MAX as u64,
    ]
}

/// Shapes with sizes anywhere in `int64`: overflow checks, not panics.
fn extreme_shape() -> impl Strategy<Value = String> {
    let list = |n| {
        prop::collection::vec(extreme(), n)
            .prop_map(|v: Vec<u64>| v.iter().map(u64::to_string).collect::<Vec<_>>().join(","))
    };
    (
        element_type(),
        list(0..=4),
        prop::collection::vec(list(1..=4), 0..=3),
        prop::option::of(extreme()),
    )
        .prop_map(|(ty, dims, tiles, l)| {
            let n = dims.split(',').filter(|d| !d.is_empty()).count();
            let minor_to_major: Vec<String> = (0..n).rev().map(|d| d.to_string()).collect();
            let tiles: String = tiles.iter().map(|t| format!("({t})")).collect();
            let tiles = if tiles.is_empty() {
                String::new()
            } else {
                format!("T{tiles}")
            };
            let l = l.map(|l| format!("L({l})")).unwrap_or_default();
            format!("{ty}[{dims}]{{{}:{tiles}{l}}}", minor_to_major.join(","))
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]

    #[test]
    fn never_panics_on_extreme_sizes(text in extreme_shape()) {
        parse_anything(&text);
    }
}

#[test]
fn huge_inputs_stay_cheap() {
    let open = "(".repeat(1_000_000);
    assert!(parse(&open).is_err());
    let wide = format!("({})", vec!["f32[2,3]{1,0:T(2,2)}"; 100_000].join(", "));
    let shape = parse(&wide).expect("a wide tuple is fine");
    assert_eq!(shape.leaves().len(), 100_000);
    // 256 dims parse; dim 257 is refused where it stands, however many
    // follow (the parser never holds more than 256).
    let dims = format!("f32[{}]", vec!["1"; 256].join(","));
    assert!(parse_syntax(&dims).is_ok());
    let dims = format!("f32[{}]", vec!["1"; 200_000].join(","));
    let e = parse_syntax(&dims).expect_err("200,000 dims");
    assert_eq!(e.span().start, "f32[".len() + 2 * 256);
    let name = "x".repeat(1_000_000);
    assert!(parse(&name).is_err());
}
