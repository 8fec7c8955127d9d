//! The scan's JSON lines writer gives, byte for byte, what `serde_json`
//! gives for the same record: on every record of the fixtures and of
//! random texts (control characters, quotes, backslashes, non-ASCII,
//! shapes, shardings, report entries). `Found::write_json`, which keeps
//! the members a shape's facts decide with the facts and copies them into
//! the next records of the same shape text, gives the same bytes, the
//! first time and every time after.

use proptest::prelude::*;
use xla_layout_viz::core::hlo::{scan, Finds, Scanner};

fn same(text: &str) -> usize {
    same_in(text, &scan(text))
}

/// [`same`] for `finds`, some of `text`'s.
fn same_in(text: &str, finds: &Finds) -> usize {
    let found: Vec<_> = finds.iter().collect();
    let mut buf = Vec::new();
    for round in 0..2 {
        for f in &found {
            let r = f.record(text);
            let serde = serde_json::to_string(&r).unwrap();
            buf.clear();
            r.write_json(&mut buf);
            assert_eq!(std::str::from_utf8(&buf).unwrap(), serde);
            buf.clear();
            f.write_json(text, &mut buf);
            assert_eq!(std::str::from_utf8(&buf).unwrap(), serde, "round {round}");
        }
    }
    found.len()
}

/// A scan read a few bytes at a time, as `scan --json` reads one a
/// chunk at a time: each step's finds name the computations their
/// instructions are in (the first opened in an earlier step, or in
/// this one), and every record, the first of its computation and the
/// next, prints as serde_json prints it.
#[test]
fn records_read_step_by_step_name_their_computation_as_serde_json_does() {
    let text = include_str!("fixtures/hlo/module.hlo");
    for step in [1, 40, 300, 5000] {
        let mut scanner = Scanner::new();
        let (mut n, mut named) = (0, 0);
        while !scanner.progress().done {
            scanner.scan_some(text, step);
            let finds = scanner.take_found();
            n += same_in(text, &finds);
            named += finds.iter().filter(|f| f.computation().is_some()).count();
        }
        assert_eq!(n, scan(text).len(), "step {step}");
        assert!(
            named > 20,
            "step {step}: {named} records with a computation"
        );
    }
}

/// The same invalid shape at two places: the facts and their written
/// members are shared, the error's offsets are each record's own.
#[test]
fn records_of_one_shape_text_share_its_members_not_their_offsets() {
    let text = "a f32[3,2]{0,0} b\nf32[3,2]{0,0} f32[2,2]{1,0} f32[2,2]{1,0}";
    let finds = scan(text);
    let found: Vec<_> = finds.iter().collect();
    assert_eq!(found.len(), 4);
    assert!(std::ptr::eq(found[0].facts, found[1].facts));
    let mut lines = Vec::new();
    for f in &found {
        let mut buf = Vec::new();
        f.write_json(text, &mut buf);
        lines.push(serde_json::from_slice::<serde_json::Value>(&buf).unwrap());
    }
    assert!(lines[0]["error"].is_string(), "{}", lines[0]);
    assert_ne!(lines[0]["error_start"], lines[1]["error_start"]);
    assert_eq!(
        lines[1]["error_start"].as_u64().unwrap() - lines[0]["error_start"].as_u64().unwrap(),
        (found[1].span().start - found[0].span().start) as u64
    );
    assert_eq!(lines[0]["error"], lines[1]["error"]);
    assert_eq!(lines[2]["bytes_footprint"], lines[3]["bytes_footprint"]);
    assert!(lines[2]["error"].is_null());
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
