#![cfg(not(target_arch = "wasm32"))]
//! The `xla-layout` binary, run as a user would. Expected values are the
//! docs' worked examples, computed by hand.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_xla-layout"))
        .args(args)
        .output()
        .expect("the binary runs");
    let code = out.status.code().expect("exits, is not killed by a signal");
    (
        code,
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out.trim_end().to_owned()
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).expect("valid JSON")
}

#[test]
fn canon_writes_the_default_layout_out() {
    assert_eq!(ok(&["canon", "f32[2,3]"]), "f32[2,3]{1,0}");
    assert_eq!(
        ok(&[
            "canon",
            " bf16[8,1,1280,16384] {3,2,0,1 : T(8,128)(2,1) S(1)}"
        ]),
        "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}"
    );
}

#[test]
fn memory_of_the_seed_examples() {
    // a b c / d e f has ids 0..5; {0,1} is a d b e c f.
    assert_eq!(
        json(&["memory", "f32[2,3]{0,1}"]),
        serde_json::json!([0, 3, 1, 4, 2, 5])
    );
    assert_eq!(
        json(&["memory", "f32[2,3]{1,0}"]),
        serde_json::json!([0, 1, 2, 3, 4, 5])
    );
    // Padded to [3,5], column-major: a d 0 b e 0 c f 0 0 0 0 0 0 0.
    assert_eq!(
        json(&["memory", "f32[2,3]{0,1}", "--padded-dims", "3,5"]),
        serde_json::json!([0, 3, -1, 1, 4, -1, 2, 5, -1, -1, -1, -1, -1, -1, -1])
    );
}

#[test]
fn offset_and_at_invert_each_other() {
    assert_eq!(ok(&["offset", "f32[3,5]{1,0:T(2,2)}", "2,3"]), "17");
    let at = json(&["at", "f32[3,5]{1,0:T(2,2)}", "17"]);
    assert_eq!(at["index"], serde_json::json!([2, 3]));
    assert_eq!(at["levels"][0]["tile"], serde_json::json!([1, 1]));
    assert_eq!(at["levels"][0]["within"], serde_json::json!([0, 1]));
    // Offset 2 is (1,0); offset 6 is the pad column x=5 of tile (0,2).
    assert_eq!(
        json(&["at", "f32[3,5]{1,0:T(2,2)}", "2"])["index"],
        serde_json::json!([1, 0])
    );
    let pad = json(&["at", "f32[3,5]{1,0:T(2,2)}", "9"]);
    assert_eq!(pad["padding"], serde_json::json!(true));
    assert_eq!(
        ok(&["offset", "f32[8,8]{1,0:T(2,4)(2,1,1,1)}", "6,5"]),
        "51"
    );
}

#[test]
fn checksum_of_a_hand_computed_order() {
    // Memory a d b e c f: offsets of ids 0..5 are 0,2,4,1,3,5, so the sum of
    // offset * (id + 1) is 0*1 + 2*2 + 4*3 + 1*4 + 3*5 + 5*6 = 65.
    assert_eq!(ok(&["checksum", "f32[2,3]{0,1}"]), "65");
}

#[test]
fn info_has_the_named_fields() {
    let info = json(&["info", "s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}"]);
    for key in [
        "canonical",
        "element_type",
        "dims",
        "minor_to_major",
        "tiles",
        "num_dims",
        "true_num_dims",
        "elements",
        "footprint_elements",
        "padding_elements",
        "bytes_xla",
        "bytes_footprint",
        "memory_space",
    ] {
        assert!(info.get(key).is_some(), "missing {key}");
    }
    assert_eq!(info["expansion"], serde_json::json!(32.0));
    assert_eq!(info["true_num_dims"], serde_json::json!(4));
    let tuple = json(&["info", "(f32[2,3], (s8[4]{0:S(1)}, token[]))"]);
    assert_eq!(tuple["leaves"][1]["path"], serde_json::json!([1, 0]));
    assert_eq!(tuple["leaves"][1]["memory_space"], serde_json::json!(1));
    assert_eq!(
        json(&["memory", "(f32[2,3], (s8[4]{0}))", "--leaf", "1.0"]),
        serde_json::json!([0, 1, 2, 3])
    );
}

#[test]
fn invalid_input_exits_2_with_a_caret() {
    let (code, out, err) = run(&["canon", "f32[2,3]{1,0:L(0)}"]);
    assert_eq!((code, out.as_str()), (2, ""));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines[0], "f32[2,3]{1,0:L(0)}");
    assert_eq!(lines[1], "               ^");
    let (code, _, err) = run(&["memory", "f32[?,3]"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().nth(1), Some("    ^"));
    assert!(err.contains("unbounded"));
}

#[test]
fn refuses_to_print_huge_memory() {
    let (code, _, err) = run(&["memory", "f32[4096,4097]"]);
    assert_eq!(code, 2);
    assert!(err.contains("2^24"), "{err}");
}

#[test]
fn bad_arguments_never_panic() {
    let cases: &[&[&str]] = &[
        &[],
        &["canon"],
        &["frobnicate", "f32[2]"],
        &["offset", "f32[2,3]", "2,x"],
        &["offset", "f32[2,3]", "5,5"],
        &["offset", "f32[2,3]", "1"],
        &["at", "f32[2,3]", "-1"],
        &["at", "f32[2,3]", "99999999999999999999999"],
        &["at", "f32[2,3]", "6"],
        &["memory", "(f32[2], f32[3])"],
        &["memory", "(f32[2], f32[3])", "--leaf", "7"],
        &["memory", "f32[2]", "--leaf"],
        &["memory", "token[]"],
        &["memory", "f32[2,3]", "--padded-dims", "1,1"],
        &["memory", "f32[2,3]", "--padded-dims", "3"],
        &["checksum", "f32[9223372036854775807,2]"],
        &["info", "\u{7f}é"],
    ];
    for args in cases {
        let (code, _, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(!err.trim().is_empty(), "{args:?} printed no reason");
    }
}
