//! Any valid layout: every element's offset holds that element
//! (`at(offset_of(i)) == i`), and no two elements share an offset, so
//! padding cells are never claimed by an element.
#![no_main]
use libfuzzer_sys::fuzz_target;
use xla_layout_viz::core::{parse, Analysis, Cell, Shape};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(Shape::Array(array)) = parse(text) else { return };
    let Ok(a) = Analysis::of(&array) else { return };
    let m = &a.mapping;
    let footprint = m.footprint();
    if footprint > 1 << 16 {
        return;
    }
    let mut claimed = vec![false; footprint as usize];
    let n = m.num_elements();
    for id in 0..n {
        let off = m.offset_of_id(id).expect("every element has an offset");
        assert!(off < footprint);
        assert_eq!(m.at(off), Some(Cell::Element(id)));
        assert!(!claimed[off as usize], "two elements at {off}");
        claimed[off as usize] = true;
    }
    for (off, c) in claimed.iter().enumerate() {
        if !c {
            assert!(matches!(m.at(off as u64), Some(Cell::Padding(_))));
        }
    }
});
