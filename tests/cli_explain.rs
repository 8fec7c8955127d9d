//! `xla-layout explain`: issue 8's worked example, by hand (the most minor
//! dim, 4, padded to 128 by the (8,128) tile: 32x).

use crate::cli_support;

use cli_support::run;

const SHAPE: &str = "s32[8388608,8,4]{2,1,0:T(8,128)}";

#[test]
fn human_text_leads_with_the_sentence() {
    let (code, out, err) = run(&["explain", SHAPE]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines().next(),
        Some("32x: dim 2 (x=4) is the most minor dim and is padded to 128 by the (8,128) tile")
    );
    assert!(!out.contains("XLA chooses layouts itself"));
    let (_, out, _) = run(&["explain", SHAPE, "--suggest"]);
    assert!(out.contains("XLA chooses layouts itself"), "{out}");
    assert!(out.contains("s32[8388608,8,4]{0,1,2:T(8,128)}"), "{out}");
}

#[test]
fn json_has_the_issue_fields() {
    let (code, out, err) = run(&["explain", SHAPE, "--json"]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["expansion"], serde_json::json!(32.0));
    assert_eq!(v["complete"], serde_json::json!(true));
    assert_eq!(v["factors"][1]["before"], 4);
    assert_eq!(v["factors"][1]["after"], 128);
    assert_eq!(v["factors"][1]["tile_entry"], 128);
    assert_eq!(v["factors"][1]["dim"], "2");
    assert_eq!(
        v["suggestions"][0]["bytes_footprint"],
        serde_json::json!(8388608u64 * 8 * 4 * 4)
    );
}

#[test]
fn bad_input_and_tuples_are_errors() {
    let (code, _, err) = run(&["explain", "f32[2,<img onerror=alert(1)>]"]);
    assert_eq!(code, 2);
    assert!(!err.is_empty());
    let (code, _, err) = run(&["explain", "(f32[2], f32[3])"]);
    assert_eq!(code, 2);
    assert!(err.contains("tuple"), "{err}");
}

/// `explain --at`: the docs' two worked examples (XLA's tiled_layout.md:
/// (2,3) of the 3x5 array with 2x2 tiles sits at 17; (6,5) of the 8x8
/// array with (2,4)(2,1,1,1) tiles at 51), in one JSON object with the
/// explanation's keys.
#[test]
fn at_adds_the_worked_steps_to_the_same_object() {
    for (shape, at, offset) in [
        ("f32[3,5]{1,0:T(2,2)}", "2,3", 17),
        ("f32[8,8]{1,0:T(2,4)(2,1,1,1)}", "6,5", 51),
    ] {
        let (code, out, err) = run(&["explain", shape, "--at", at, "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["offset"], serde_json::json!(offset), "{shape}");
        assert!(v["steps"].as_array().is_some_and(|s| s.len() >= 3), "{out}");
        assert!(
            v["factors"].is_array() && v["sentence"].is_string(),
            "{out}"
        );
        let (code, text, err) = run(&["explain", shape, "--at", at]);
        assert_eq!(code, 0, "{err}");
        assert!(text.contains(&offset.to_string()), "{text}");
    }
    let (code, _, err) = run(&["explain", "f32[3,5]{1,0:T(2,2)}", "--at", "3,0"]);
    assert_eq!(code, 2);
    assert!(err.contains("--at"), "{err}");
}
