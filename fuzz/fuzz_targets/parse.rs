//! Any text: parsing never panics; `parse` (which streams tuple elements,
//! skips copies and validates each distinct leaf text once) says exactly
//! what parsing the whole tree and then validating every leaf says; a
//! valid shape prints to a text that parses to the same shape.
#![no_main]
use libfuzzer_sys::fuzz_target;
use xla_layout_viz::core::parse;
use xla_layout_viz::core::parser::parse_syntax;
use xla_layout_viz::core::validate::validate;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let got = parse(text);
    let reference = parse_syntax(text).and_then(|s| validate(&s).map(|()| s));
    match (&got, &reference) {
        (Ok(g), Ok(r)) => assert_eq!(g, r),
        (Err(g), Err(r)) => assert_eq!((g.kind(), g.span()), (r.kind(), r.span())),
        _ => panic!("parse and parse_syntax + validate disagree: {got:?} / {reference:?}"),
    }
    if let Ok(shape) = got {
        let printed = shape.to_string();
        let again = parse(&printed).expect("canonical text parses");
        assert_eq!(again.to_string(), printed);
    }
});
