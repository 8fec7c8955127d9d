//! The `xla-layout` binary as a terminal user expects it: help on every
//! command, `--version`, usage errors that name the argument (exit 2),
//! write errors (exit 1), `info` for people by default. Expected figures
//! are the docs' worked examples, computed by hand.

use crate::cli_support;

use std::process::Command;

const COMMANDS: [&str; 7] = [
    "canon",
    "info",
    "explain",
    "memory-order",
    "offset",
    "at",
    "checksum",
];

use cli_support::{run, run_with_stdin};

fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

/// The value after `label` on the line that starts with it.
fn field<'a>(text: &'a str, label: &str) -> &'a str {
    text.lines()
        .find_map(|l| {
            let rest = l.trim_start().strip_prefix(label)?;
            rest.starts_with("  ").then(|| rest.trim())
        })
        .unwrap_or_else(|| panic!("no `{label}` line in\n{text}"))
}

#[test]
fn every_command_has_help_with_its_usage() {
    for command in COMMANDS {
        for flag in ["--help", "-h"] {
            let out = ok(&[command, flag]);
            assert!(
                out.contains(&format!("Usage: xla-layout {command}")),
                "{command} {flag}:\n{out}"
            );
            assert!(out.contains("<SHAPE>"), "{command} {flag}:\n{out}");
            assert!(out.contains("--json"), "{command} {flag}:\n{out}");
        }
    }
    let top = ok(&["--help"]);
    for command in COMMANDS {
        assert!(top.contains(command), "{command} missing from\n{top}");
    }
    assert_eq!(ok(&["-h"]), top);
}

#[test]
fn version_is_the_package_version() {
    let expected = format!("xla-layout {}\n", env!("CARGO_PKG_VERSION"));
    assert_eq!(ok(&["--version"]), expected);
    assert_eq!(ok(&["-V"]), expected);
}

#[test]
fn usage_errors_exit_2_and_name_the_argument() {
    let cases: &[(&[&str], &str)] = &[
        (&["at", "f32[2,3]", "x"], "<OFFSET>"),
        (&["at", "f32[2,3]", "-1"], "<OFFSET>"),
        (&["at", "f32[2,3]"], "<OFFSET>"),
        (&["offset", "f32[2,3]", "2,x"], "<INDEX>"),
        (&["offset", "f32[2,3]", "5,5"], "<INDEX>"),
        (&["at", "f32[2,3]", "99"], "<OFFSET>"),
        (&["memory-order", "f32[2]", "--leaf", "a"], "--leaf"),
        (&["memory-order", "f32[2]", "--leaf", "7"], "--leaf"),
        (
            &["memory-order", "f32[2]", "--padded-dims", "3,y"],
            "--padded-dims",
        ),
        (&["memory-order", "f32[2]", "--frob"], "--frob"),
        (&["canon"], "<SHAPE>"),
        (&["canon", "f32[2]", "extra"], "extra"),
        (&["frobnicate", "f32[2]"], "frobnicate"),
        (&["info", "f32[2]", "--leaf", "0"], "--leaf"),
    ];
    for (args, named) in cases {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert_eq!(out, "", "{args:?}");
        assert!(err.contains(named), "{args:?} should name {named}:\n{err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn json_is_accepted_everywhere_and_changes_nothing_where_output_is_json() {
    let shape = "f32[3,5]{1,0:T(2,2)}";
    let pairs: &[&[&str]] = &[
        &["canon", shape],
        &["memory-order", "f32[2,3]{0,1}"],
        &["offset", shape, "2,3"],
        &["at", shape, "9"],
        &["checksum", "f32[2,3]{0,1}"],
    ];
    for args in pairs {
        let with: Vec<&str> = args.iter().copied().chain(["--json"]).collect();
        assert_eq!(ok(args), ok(&with), "{args:?}");
    }
    // The seed's column-major example: memory a d b e c f.
    assert_eq!(
        ok(&["memory-order", "--json", "f32[2,3]{0,1}"]),
        "[0,3,1,4,2,5]\n"
    );
}

#[test]
fn info_for_people_has_the_tiled_doc_example_figures() {
    // XLA's tiled-layout page: f32[3,5] in 2x2 tiles is a 2x3 grid of
    // tiles, 24 cells, 15 elements, 9 padding; f32 is 4 bytes.
    let out = ok(&["info", "f32[3,5]{1,0:T(2,2)}"]);
    assert_eq!(field(&out, "canonical"), "f32[3,5]{1,0:T(2,2)}");
    assert!(field(&out, "type").starts_with("f32"), "{out}");
    assert!(field(&out, "dims").starts_with("[3,5]"), "{out}");
    assert!(field(&out, "minor_to_major").starts_with("{1,0}"), "{out}");
    assert!(field(&out, "minor_to_major").contains("row-major"), "{out}");
    assert!(field(&out, "physical order").starts_with("0,1"), "{out}");
    assert_eq!(field(&out, "tiles"), "(2,2)");
    assert!(field(&out, "memory space").starts_with("S(0)"), "{out}");
    assert_eq!(field(&out, "elements"), "15");
    assert_eq!(field(&out, "footprint"), "24 elements");
    // 9 of 24 cells: 37.5%.
    assert!(
        field(&out, "padding").starts_with("9 elements (37.5%)"),
        "{out}"
    );
    // 24 / 15.
    assert_eq!(field(&out, "expansion"), "1.6x");
    // 15 * 4 and 24 * 4.
    assert!(
        field(&out, "bytes").starts_with("60 data, 96 footprint, 96 XLA"),
        "{out}"
    );
    // Aligned: every value starts in the same column.
    let columns: Vec<usize> = out
        .lines()
        .map(|l| l.find("  ").unwrap() + l[l.find("  ").unwrap()..].find(|c| c != ' ').unwrap())
        .collect();
    assert!(columns.windows(2).all(|w| w[0] == w[1]), "{out}");
    assert!(
        serde_json::from_str::<serde_json::Value>(&out).is_err(),
        "not JSON"
    );
}

#[test]
fn info_for_people_gives_one_block_per_tuple_leaf() {
    // s8[4]{0:S(1)}: 4 one-byte elements in memory space 1; f32[]{:T(128)}:
    // one element in a 128-element tile.
    let out = ok(&[
        "info",
        "(f32[2,3], (s8[4]{0:S(1)}, token[]), f32[]{:T(128)})",
    ]);
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 4, "header and three leaves:\n{out}");
    assert!(field(blocks[0], "kind").contains("3 array leaves"), "{out}");
    assert_eq!(field(blocks[2], "leaf 1.0"), "s8[4]{0:S(1)}");
    assert!(
        field(blocks[2], "memory space").starts_with("S(1)"),
        "{out}"
    );
    assert!(field(blocks[2], "bytes").starts_with("4 data"), "{out}");
    assert_eq!(field(blocks[3], "leaf 2"), "f32[]{:T(128)}");
    assert_eq!(field(blocks[3], "elements"), "1");
    assert_eq!(field(blocks[3], "footprint"), "128 elements");
}

#[test]
fn info_for_people_says_why_an_unbounded_array_has_no_size() {
    let out = ok(&["info", "f32[?,3]"]);
    assert!(field(&out, "cannot lay out").contains("unbounded"), "{out}");
    assert!(!out.contains("footprint"), "{out}");
}

#[cfg(target_os = "linux")]
#[test]
fn an_output_that_cannot_be_written_exits_1() {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = Command::new(env!("CARGO_BIN_EXE_xla-layout"))
        .args(["memory-order", "f32[64,64]"])
        .stdout(full)
        .output()
        .expect("the binary runs");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("cannot write"), "{err}");
}

#[test]
fn info_counts_widened_padding_in_bits() {
    // pred is 8 bits; E(32) stores each of the 4 elements in 32 bits: no
    // padding cells, 4 * (32 - 8) = 96 padding bits, 96 of 128: 75%.
    let out = ok(&["info", "pred[4]{0:E(32)}"]);
    let padding = field(&out, "padding");
    assert!(padding.starts_with("96 bits (75%)"), "{out}");
    assert!(
        padding.contains("96 bits from element widened from 8 to 32 bits"),
        "{out}"
    );
}

/// `-` reads SHAPE from standard input: the only way to give a text over
/// Linux's 128 KiB limit on one argument (issue 15's 5 MB invalid input).
#[test]
fn dash_reads_the_shape_from_standard_input() {
    let (code, out, err) = run_with_stdin(&["canon", "-"], b"f32[3,5]{1,0:T(2,2)}\n");
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "f32[3,5]{1,0:T(2,2)}\n", "")
    );
    let (code, out, _) = run_with_stdin(&["compare", "-", "f32[2,3]{0,1}"], b"f32[2,3]{1,0}");
    assert_eq!(code, 0);
    assert!(out.contains("moves 4 of 6"), "{out}");
    let (code, _, err) = run_with_stdin(&["compare", "-", "-"], b"f32[2,3]{1,0}");
    assert_eq!(code, 2);
    assert!(err.contains("cannot both be `-`"), "{err}");

    // 5 MB on one line, wrong at its first character: the error is a
    // window of it, never the whole text.
    let mut junk = b"]".to_vec();
    junk.extend(std::iter::repeat_n(b"x[1]{(".as_slice(), (5 << 20) / 6).flatten());
    let (code, out, err) = run_with_stdin(&["canon", "-"], &junk);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.len() < 400, "{} bytes of error", err.len());
    assert!(err.contains("1:1:") && err.contains("..."), "{err}");
    // An error at the very end of 5 MB: line:column counts every byte.
    let mut tail = b"(".to_vec();
    let leaf = b"f32[8,128]{1,0:T(8,128)}, ";
    let leaves = (5 << 20) / leaf.len();
    for _ in 0..leaves {
        tail.extend_from_slice(leaf);
    }
    tail.extend_from_slice(b"f32[2]{0:L(0)})");
    let (code, _, err) = run_with_stdin(&["canon", "-"], &tail);
    assert_eq!(code, 2);
    let col = tail.len() - 3; // the `0` of `L(0)})`, 1-based
    assert!(err.contains(&format!("1:{col}:")), "{err}");
    assert!(err.len() < 400, "{} bytes of error", err.len());
}
