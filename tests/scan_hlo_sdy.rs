//! HLO text's Shardy attributes with sub-axes, read as XLA partitions
//! them: the HLO text XLA makes of programs whose shardings name sub-axes
//! (`tests/fixtures/mlir/*.shardy.hlo`, written by `scripts/mlir-oracle.py
//! --subaxes` through XLA's own import, with `expected_hlo.tsv`: the
//! sharding XLA wrote beside each `xla.sdy.sharding` and the per-device
//! shape its SPMD partitioner gave the value, uneven dims included).
//!
//! Each text is scanned with XLA's `sharding=` taken out, so that the
//! scanner reads the Shardy attribute (docs/scan.md), and the reading must
//! be XLA's.

use std::path::Path;

use xla_layout_viz::core::hlo::{scan, Finds, Record};

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mlir"))
}

fn no_layout(s: &str) -> &str {
    s.split('{').next().unwrap_or(s)
}

/// `text` without any instruction's `, sharding={...}`.
fn without_sharding(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(", sharding={") {
        out.push_str(&rest[..at]);
        let open = at + ", sharding=".len();
        let mut depth = 0;
        let close = rest[open..]
            .char_indices()
            .find_map(|(k, c)| {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                (depth == 0).then_some(open + k)
            })
            .expect("a closed sharding");
        rest = &rest[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The bytes of an `f32[..]` shape's elements.
fn f32_bytes(shape: &str) -> u64 {
    let dims = shape
        .strip_prefix("f32[")
        .and_then(|s| s.strip_suffix(']'))
        .unwrap_or_else(|| panic!("{shape}: the fixtures are f32"));
    4 * dims
        .split(',')
        .filter(|d| !d.is_empty())
        .map(|d| d.parse::<u64>().unwrap())
        .product::<u64>()
}

/// The value `what` (`arg0`, `constraint0`) of a scanned module.
fn value<'a>(records: &'a [Record<'a>], what: &str) -> &'a Record<'a> {
    let (opcode, k) = match what.strip_prefix("arg") {
        Some(k) => ("parameter", k),
        None => ("custom-call", what.strip_prefix("constraint").unwrap()),
    };
    let k: usize = k.parse().unwrap();
    records
        .iter()
        .filter(|r| r.role == "result" && r.opcode == Some(opcode))
        .filter(|r| r.computation.is_some_and(|c| c.starts_with("main")))
        .filter(|r| opcode != "parameter" || r.parameter_number == Some(k as u64))
        .nth(if opcode == "parameter" { 0 } else { k })
        .unwrap_or_else(|| panic!("no {what}"))
}

#[test]
fn shardy_sub_axes_in_hlo_text_read_as_xla_partitions_them() {
    let expected = std::fs::read_to_string(dir().join("expected_hlo.tsv")).unwrap();
    let (mut checked, mut constraints) = (0, 0);
    for line in expected.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let [file, what, global, sharding, per_device] = cols[..] else {
            panic!("bad line {line}")
        };
        let at = format!("{file} {what}");
        let written = std::fs::read_to_string(dir().join(file)).unwrap();
        let text = without_sharding(&written);
        assert!(!text.contains("sharding={") && text.contains("xla.sdy.sharding="));
        let found: Finds = scan(&text);
        let records: Vec<Record> = found.iter().map(|f| f.record(&text)).collect();
        let r = value(&records, what);
        assert_eq!(r.sharding_error, None, "{at}");
        assert_eq!(r.canonical.map(no_layout), Some(no_layout(global)), "{at}");
        assert_eq!(r.sharding, Some(sharding), "{at}");
        let per = r.per_device.unwrap_or(r.canonical.unwrap());
        assert_eq!(no_layout(per), per_device, "{at}");
        let bytes = r.bytes_footprint_per_device.or(r.bytes_footprint);
        assert_eq!(bytes, Some(f32_bytes(per_device)), "{at}");
        constraints += usize::from(what.starts_with("constraint"));
        checked += 1;
    }
    assert!(checked >= 19, "{checked}");
    assert!(constraints >= 6, "{constraints}");
}

#[test]
fn hlo_and_mlir_read_the_same_sub_axes() {
    // Each HLO fixture's program, as MLIR text, is a row of expected.tsv
    // with the same values (tests/mlir_fixtures.rs reads those).
    let mlir = std::fs::read_to_string(dir().join("expected.tsv")).unwrap();
    let hlo = std::fs::read_to_string(dir().join("expected_hlo.tsv")).unwrap();
    for line in hlo.lines() {
        let mirrored = line.replacen(".shardy.hlo\t", ".shardy.mlir\t", 1);
        assert!(mlir.lines().any(|l| l == mirrored), "{line}");
    }
}
