//! Any text: parsing never panics; a valid shape prints to a text that
//! parses to the same shape.
#![no_main]
use libfuzzer_sys::fuzz_target;
use xla_layout_viz::core::parse;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(shape) = parse(text) {
        let printed = shape.to_string();
        let again = parse(&printed).expect("canonical text parses");
        assert_eq!(again.to_string(), printed);
    }
});
