//! Property tests of the scanner: shapes embedded in random surrounding
//! text are all found, with exact spans; random text never panics and
//! chunked scans agree with one pass.

use proptest::prelude::*;
use xla_layout_viz::core::hlo::{scan, Scanner};

const SHAPES: &[&str] = &[
    "f32[2,3]{1,0}",
    "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}",
    "s32[]",
    "pred[7]{0:T(1024)}",
    "f32[3,5]{1,0:T(2,2)}",
    "u8[4096]{0}",
    "s4[16]{0:T(2,128)(4,1)E(4)S(1)}",
    "f32[2,3]{1,0:L(0)}",
    "c64[1,2,3]",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn embedded_shapes_are_found_exactly(
        parts in prop::collection::vec(("[A-Z0-9 .;!é\n]{0,20}", 0..SHAPES.len()), 0..12),
        tail in "[A-Z0-9 .;!é\n]{0,20}",
    ) {
        let mut text = String::new();
        let mut expected = Vec::new();
        for (filler, k) in &parts {
            text.push_str(filler);
            text.push(' ');
            let start = text.len();
            text.push_str(SHAPES[*k]);
            expected.push((start, text.len()));
            text.push(' ');
        }
        text.push_str(&tail);
        let got: Vec<(usize, usize)> = scan(&text).iter().map(|f| (f.span().start, f.span().end)).collect();
        prop_assert_eq!(got, expected);
    }

    #[test]
    fn any_text_scans_without_panicking(text in "(\\PC|[\\[\\]{}()\"%=,:\n]|f32\\[|ROOT |HloModule |1\\. Size: |Shape: |XLA label: ){0,200}", budget in 1usize..40) {
        let whole: Vec<_> = scan(&text).iter().map(|f| (f.role, f.span())).collect();
        for (_, s) in &whole {
            prop_assert!(text.get(s.range()).is_some());
        }
        let mut sc = Scanner::new();
        let mut chunked = Vec::new();
        loop {
            let p = sc.scan_some(&text, budget);
            chunked.extend(sc.take_found().iter().map(|f| (f.role, f.span())));
            if p.done { break; }
        }
        prop_assert_eq!(chunked, whole);
    }
}
