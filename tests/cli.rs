//! The `xla-layout` binary, run as a user would. Expected values are the
//! docs' worked examples, computed by hand.

use crate::cli_support;

use std::process::Command;

use cli_support::run;

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
        json(&["memory-order", "f32[2,3]{0,1}"]),
        serde_json::json!([0, 3, 1, 4, 2, 5])
    );
    assert_eq!(
        json(&["memory-order", "f32[2,3]{1,0}"]),
        serde_json::json!([0, 1, 2, 3, 4, 5])
    );
    // Padded to [3,5], column-major: a d 0 b e 0 c f 0 0 0 0 0 0 0.
    assert_eq!(
        json(&["memory-order", "f32[2,3]{0,1}", "--padded-dims", "3,5"]),
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
    let info = json(&[
        "info",
        "--json",
        "s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}",
    ]);
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
    let tuple = json(&["info", "--json", "(f32[2,3], (s8[4]{0:S(1)}, token[]))"]);
    assert_eq!(tuple["leaves"][1]["path"], serde_json::json!([1, 0]));
    assert_eq!(tuple["leaves"][1]["memory_space"], serde_json::json!(1));
    assert_eq!(
        json(&["memory-order", "(f32[2,3], (s8[4]{0}))", "--leaf", "1.0"]),
        serde_json::json!([0, 1, 2, 3])
    );
}

#[test]
fn info_values_of_the_tiled_doc_example() {
    // XLA's tiled-layout page: 15 elements in a 2x3 grid of 2x2 tiles, 24
    // cells, 9 of them padding; f32 is 4 bytes.
    let info = json(&["info", "--json", "f32[3,5]{1,0:T(2,2)}"]);
    let expected = serde_json::json!({
        "canonical": "f32[3,5]{1,0:T(2,2)}",
        "element_type": "f32",
        "dims": [3, 5],
        "minor_to_major": [1, 0],
        "tiles": [[2, 2]],
        "num_dims": 2,
        "true_num_dims": 2,
        "elements": 15,
        "footprint_elements": 24,
        "padding_elements": 9,
        "bytes_xla": 96,
        "bytes_footprint": 96,
        "memory_space": 0,
    });
    for (key, value) in expected.as_object().unwrap() {
        assert_eq!(&info[key], value, "{key}");
    }
    let info = json(&[
        "info",
        "--json",
        "bf16[32,32,4096]{2,1,0:T(8,128)(2,1)S(1)}",
    ]);
    assert_eq!(info["memory_space"], serde_json::json!(1));
    assert_eq!(info["tiles"], serde_json::json!([[8, 128], [2, 1]]));
    let info = json(&["info", "--json", "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}"]);
    assert_eq!(info["tiles"], serde_json::json!([["*", "*", 2, "*", 3]]));
    // [112,110] tiled (2,3): 56 x 37 tiles of 6.
    assert_eq!(info["footprint_elements"], serde_json::json!(56 * 37 * 6));
}

#[test]
fn info_names_dims_orders_and_memory_spaces() {
    // Seed 003's add.936: physical order is minor_to_major reversed; the
    // size-1 dim does not count as a true dimension.
    let info = json(&[
        "info",
        "--json",
        "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}",
    ]);
    assert_eq!(info["dim_letters"], serde_json::json!(["p", "z", "y", "x"]));
    assert_eq!(info["physical_order"], serde_json::json!([1, 0, 2, 3]));
    assert_eq!(info["num_dims"], serde_json::json!(4));
    assert_eq!(info["true_num_dims"], serde_json::json!(3));
    assert_eq!(info["minor_to_major_name"], serde_json::Value::Null);
    assert_eq!(info["memory_space"], serde_json::json!(0));
    assert!(info["memory_space_name"].as_str().unwrap().contains("HBM"));
    let info = json(&["info", "--json", "f32[2,3]{0,1:S(1)}"]);
    assert_eq!(info["dim_letters"], serde_json::json!(["y", "x"]));
    assert_eq!(info["minor_to_major_name"], "column-major (dim 0 is minor)");
    assert!(info["memory_space_name"].as_str().unwrap().contains("VMEM"));
    let info = json(&["info", "--json", "f32[4,3,2]{2,1,0:S(5)}"]);
    assert_eq!(info["dim_letters"], serde_json::json!(["z", "y", "x"]));
    assert_eq!(info["minor_to_major_name"], "row-major (dim 0 is major)");
    assert!(info["memory_space_name"].as_str().unwrap().contains("host"));
    // Bounded dims occupy their bound; unbounded ones cannot be laid out.
    let info = json(&["info", "--json", "f32[<=10,3]"]);
    assert_eq!(info["dims"], serde_json::json!([10, 3]));
    assert_eq!(info["dims_text"], serde_json::json!(["<=10", "3"]));
    assert_eq!(info["footprint_elements"], serde_json::json!(30));
    let info = json(&["info", "--json", "f32[?,3]"]);
    assert_eq!(info["dims"], serde_json::json!([null, 3]));
    assert_eq!(info["footprint_elements"], serde_json::Value::Null);
    assert!(info["mapping_error"]
        .as_str()
        .unwrap()
        .contains("unbounded"));
}

#[test]
fn info_lists_every_leaf_of_a_tuple_with_its_fields() {
    let info = json(&[
        "info",
        "--json",
        "(f32[2,3], (s8[4]{0:S(1)}, token[]), f32[]{:T(128)})",
    ]);
    assert_eq!(
        info["canonical"],
        "(f32[2,3]{1,0}, (s8[4]{0:S(1)}, token[]), f32[]{:T(128)})"
    );
    let leaves = info["leaves"].as_array().expect("leaves");
    assert_eq!(leaves.len(), 3, "token[] is not a leaf");
    let paths: Vec<&serde_json::Value> = leaves.iter().map(|l| &l["path"]).collect();
    assert_eq!(
        paths,
        [
            &serde_json::json!([0]),
            &serde_json::json!([1, 0]),
            &serde_json::json!([2])
        ]
    );
    assert_eq!(leaves[2]["footprint_elements"], serde_json::json!(128));
    assert_eq!(leaves[2]["elements"], serde_json::json!(1));
    assert_eq!(leaves[2]["num_dims"], serde_json::json!(0));
    assert_eq!(leaves[1]["bytes_xla"], serde_json::json!(4));
}

#[test]
fn at_names_the_padding_and_its_level() {
    // f32[3,5]{1,0:T(2,2)}: offset 9 is tile (0,2) within (0,1): x = 5,
    // padding of the first (only) level.
    let pad = json(&["at", "f32[3,5]{1,0:T(2,2)}", "9"]);
    assert_eq!(pad["padding"], serde_json::json!(true));
    assert!(
        pad["added_by"].as_str().unwrap().contains("level 1 (2,2)"),
        "{pad}"
    );
    assert_eq!(pad["levels"][0]["tile"], serde_json::json!([0, 2]));
    assert_eq!(pad["levels"][0]["within"], serde_json::json!([0, 1]));
    let tail = json(&["at", "f32[3]{0:L(4)}", "3"]);
    assert_eq!(tail["padding"], serde_json::json!(true));
    assert!(
        tail["added_by"].as_str().unwrap().contains("L(4)"),
        "{tail}"
    );
    // The seeds' example: offset 2 is the 0 after `a d`.
    let legacy = json(&["at", "f32[2,3]{0,1}", "2", "--padded-dims", "3,5"]);
    assert_eq!(legacy["padding"], serde_json::json!(true));
    assert_eq!(legacy["padding_value"], "zero");
    assert_eq!(legacy["value"], "0");
    let args = ["at", "s8[2,3]{0,1}", "14", "--padded-dims", "3,5"];
    let lowest = json(&[&args[..], &["--padding-value", "lowest"]].concat());
    assert_eq!(lowest["value"], "-128");
    let highest = json(&[&args[..], &["--padding-value", "HIGHEST_PAD"]].concat());
    assert_eq!(highest["value"], "127");
    let unknown = json(&[&args[..], &["--padding-value", "unknown"]].concat());
    assert_eq!(unknown["value"], "any");
    for bad in [
        &[&args[..], &["--padding-value", "two"]].concat()[..],
        &["at", "s8[2,3]{0,1}", "2", "--padding-value", "zero"],
    ] {
        let (code, _, err) = run(bad);
        assert_eq!(code, 2, "{bad:?}");
        assert!(err.contains("--padding-value"), "{err}");
    }
}

#[test]
fn memory_counts_cells_not_elements() {
    // 2^24 elements, but L(3) rounds the footprint up past 2^24 cells.
    let (code, _, err) = run(&["memory-order", "f32[4096,4096]{1,0:L(3)}"]);
    assert_eq!(code, 2);
    assert!(err.contains("16777218"), "{err}");
}

#[test]
fn a_reader_that_stops_early_is_not_a_crash() {
    use std::io::Read;
    use std::process::Stdio;
    // About 20 MB of JSON, far more than a pipe buffers.
    let mut child = Command::new(env!("CARGO_BIN_EXE_xla-layout"))
        .args(["memory-order", "f32[2000,2000]"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut head = [0u8; 16];
    child
        .stdout
        .take()
        .expect("stdout")
        .read_exact(&mut head)
        .expect("some output");
    // Dropping the read end closes the pipe.
    assert_eq!(&head, b"[0,1,2,3,4,5,6,7");
    let out = child.wait_with_output().expect("exits");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_an_error_not_a_crash() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    let out = Command::new(env!("CARGO_BIN_EXE_xla-layout"))
        .arg("canon")
        .arg(OsStr::from_bytes(b"f32[2,\xff]"))
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(err.lines().nth(1), Some("      ^"), "{err}");
}

#[test]
fn invalid_input_exits_2_with_a_caret() {
    let (code, out, err) = run(&["canon", "f32[2,3]{1,0:L(0)}"]);
    assert_eq!((code, out.as_str()), (2, ""));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines[0], "f32[2,3]{1,0:L(0)}");
    assert_eq!(lines[1], "               ^");
    let (code, _, err) = run(&["memory-order", "f32[?,3]"]);
    assert_eq!(code, 2);
    assert_eq!(err.lines().nth(1), Some("    ^"));
    assert!(err.contains("unbounded"));
}

#[test]
fn refuses_to_print_huge_memory() {
    let (code, _, err) = run(&["memory-order", "f32[4096,4097]"]);
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
        &["memory-order", "(f32[2], f32[3])"],
        &["memory-order", "(f32[2], f32[3])", "--leaf", "7"],
        &["memory-order", "f32[2]", "--leaf"],
        &["memory-order", "token[]"],
        &["memory-order", "f32[2,3]", "--padded-dims", "1,1"],
        &["memory-order", "f32[2,3]", "--padded-dims", "3"],
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

#[test]
fn an_empty_array_with_huge_dims_is_empty_not_an_overflow() {
    // 0 x 5 x (2^62 - 1): no elements; the product of the non-zero dims
    // alone (about 2.3e19) does not fit in 64 bits, and nothing may compute
    // it (it panicked in debug builds and wrapped in release ones).
    let text = "f32[0,5,4611686018427387903]{0,1,2:T(2)}";
    let info = json(&["info", "--json", text]);
    assert_eq!(info["elements"], 0);
    assert_eq!(info["footprint_elements"], 0);
    assert_eq!(info["padding_elements"], 0);
    assert_eq!(ok(&["checksum", text]), "0");
    assert_eq!(ok(&["memory-order", text]), "[]");
    // Like XLA's size check, the element count multiplies the dims in
    // order: here it overflows before it reaches the 0.
    let (code, _, err) = run(&[
        "info",
        "--json",
        "f32[4611686018427387903,5,0]{2,1,0:T(2,2)}",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("element count overflows"), "{err}");
}
