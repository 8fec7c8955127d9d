//! `xla-layout steps` and `xla-layout compare`: output, JSON keys, errors.

use crate::cli_support;

use std::process::Output;

use cli_support::output as run;

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// XLA's docs/tiled_layout.md: (2,3) of F32[3,5]{1,0:T(2,2)} is at 17.
#[test]
fn steps_json_has_the_documented_keys_and_offset() {
    let o = run(&["steps", "f32[3,5]{1,0:T(2,2)}", "--at", "2,3", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["offset"], 17);
    let steps = v["steps"].as_array().unwrap();
    for s in steps {
        for key in ["stage", "shape", "labels", "index", "formula"] {
            assert!(s.get(key).is_some(), "{key} missing in {s}");
        }
    }
    let last = steps.last().unwrap();
    assert_eq!(last["index"], serde_json::json!([17]));
}

/// Figure 4: (6,5) of f32[8,8]{1,0:T(2,4)(2,1,1,1)} is at 51.
#[test]
fn steps_text_ends_at_the_offset() {
    let o = run(&["steps", "f32[8,8]{1,0:T(2,4)(2,1,1,1)}", "--at", "6,5"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.trim_end().ends_with("offset 51"), "{out}");
    assert!(out.contains("level 2 T(2,1,1,1): tiles major"), "{out}");
}

#[test]
fn steps_refuses_an_index_outside_the_array() {
    let o = run(&["steps", "f32[3,5]", "--at", "3,0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("dim 0 has size 3"), "{}", stderr(&o));
    let o = run(&["steps", "f32[3,5]"]);
    assert_eq!(o.status.code(), Some(2), "--at is required");
}

/// Seed 003: a b c / d e f is `a b c d e f` with {1,0}, `a d b e c f` with
/// {0,1}: b, c, d, e move; a and f stay.
#[test]
fn compare_the_seeds_example() {
    let o = run(&["compare", "f32[2,3]{1,0}", "f32[2,3]{0,1}", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(
        v,
        serde_json::json!({"bitcast": false, "elements": 6, "elements_moved": 4,
            "bytes_footprint_a": 24, "bytes_footprint_b": 24})
    );
    let o = run(&["compare", "f32[2,3]{1,0}", "f32[2,3]{0,1}"]);
    assert!(
        stdout(&o).starts_with("copy: moves 4 of 6 elements"),
        "{}",
        stdout(&o)
    );
    let o = run(&["compare", "f32[1,4]{0,1}", "f32[1,4]{1,0}"]);
    assert!(stdout(&o).starts_with("bitcast"), "{}", stdout(&o));
}

#[test]
fn compare_errors_point_into_the_second_shape() {
    let o = run(&["compare", "f32[2,3]", "f32[2,4]{0,1}"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("f32[2,4]{0,1}\n      ^"), "{e}");
    assert!(e.contains("dim 1 has size 3"), "{e}");
    // Hostile text is data: it is echoed as given, never interpreted.
    let o = run(&["compare", "f32[2]", "<img onerror=alert(1)>"]);
    assert_eq!(o.status.code(), Some(2));
}
