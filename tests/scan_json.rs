//! The scan's JSON lines writer gives, byte for byte, what `serde_json`
//! gives for the same record: on every record of the fixtures and of
//! random texts (control characters, quotes, backslashes, non-ASCII,
//! shapes, shardings, report entries).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use xla_layout_viz::core::hlo::scan;

fn same(text: &str) -> usize {
    let found = scan(text);
    let mut buf = Vec::new();
    for f in &found {
        let r = f.record(text);
        buf.clear();
        r.write_json(&mut buf);
        let ours = std::str::from_utf8(&buf).unwrap();
        assert_eq!(ours, serde_json::to_string(&r).unwrap());
    }
    found.len()
}

#[test]
fn every_fixture_record_prints_as_serde_json_does() {
    let mut n = 0;
    for text in [
        include_str!("fixtures/hlo/report_tpu.txt"),
        include_str!("fixtures/hlo/report_log_prefix.txt"),
        include_str!("fixtures/hlo/module.hlo"),
        include_str!("fixtures/hlo/seed_instructions.txt"),
    ] {
        n += same(text);
    }
    assert!(n > 60, "{n} records");
}

#[test]
fn escapes_shardings_and_reports_print_as_serde_json_does() {
    let text = "%p\u{1}\"\\ = f32[64,4096]{1,0:T(8,128)} parameter(0), sharding={devices=[16,1]<=[16]}\n\
                %t = (f32[10,3]{1,0}, s32[5]{0}) tuple(%a, %b), sharding={{devices=[4,1]<=[4]}, {replicated}}\n\
                %bad = f32[8]{0} parameter(1), sharding={devices=[2,2]<=[4]}\n\
                é\t\u{7f}\u{1f} f32[3]{0:T(2)} \u{8}\u{c}\r u8[5]{0:L(9)}\n\
                \"quoted f32[9]{0}\" \\\\ 名前 bf16[8,128]{1,0:T(8,128)(2,1)}\n";
    let n = same(text);
    assert!(n >= 4, "{n} records");
    // A report's `Operator:` is the rest of its line, as written.
    let report = "Largest program allocations in hbm:\n\n  1. Size: 16.00M\n     \
                  Operator: op\u{8}\u{c}\u{1}\"\\ é名\t\u{1f}\n     \
                  Shape: f32[4096,8,3]{2,1,0:T(8,128)}\n     Unpadded size: 384.0K\n";
    assert_eq!(same(report), 1);
}

fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("f32[3,5]{1,0:T(2,2)}".to_owned()),
        Just("(s32[], pred[2]{0})".to_owned()),
        Just("%x = bf16[8]{0} add(bf16[8]{0} %a, %b), sharding={replicated}\n".to_owned()),
        Just(
            "1. Size: 16.00M\n Shape: f32[4096,8,3]{2,1,0:T(8,128)}\n Unpadded size: 384.0K\n"
                .to_owned()
        ),
        Just("  2. Size: 1.00K\n     Operator: ".to_owned()),
        Just("\n     Shape: s8[7]{0}\n".to_owned()),
        Just("\"".to_owned()),
        Just("\\".to_owned()),
        Just("\n".to_owned()),
        "[\\x00-\\x1f]",
        "\\PC{0,6}",
        "[a-z0-9\\[\\]{}(),:=%<> ]{0,12}",
    ]
}

proptest! {
    #[test]
    fn random_text_prints_as_serde_json_does(parts in proptest::collection::vec(fragment(), 0..24)) {
        same(&parts.concat());
    }
}
