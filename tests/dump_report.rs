//! `-memory-usage-report.txt` (core::dump's `report.rs`) on the fixtures
//! `scripts/dump-fixtures.py` made: jax 0.10.2's per-memory-space totals
//! (`Memory Space: default (color=0)`, `Total bytes: N`) and jax 0.4.38's
//! one `Total bytes used: N`, each equal to the allocations' sizes summed;
//! a report of another compile named with its file and line; its tables
//! (rounded sizes, shapes shared over time) read as nothing.

use std::fs;
use std::path::{Path, PathBuf};

use xla_layout_viz::core::dump::{read, Input, Module};

fn dir(version: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dump")
        .join(version)
}

/// A fixture module's dump files (name, text), the report left out when `report` is false.
fn files(version: &str, prefix: &str, report: bool) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = fs::read_dir(dir(version))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            let name = p.file_name()?.to_string_lossy().into_owned();
            let wanted = name.starts_with(&format!("{prefix}."))
                && !name.ends_with(".xla.json")
                && (report || !name.ends_with("-memory-usage-report.txt"));
            wanted.then(|| (name, fs::read_to_string(&p).unwrap()))
        })
        .collect();
    out.sort();
    out
}

fn module(files: &[(String, String)]) -> Module {
    let inputs: Vec<Input> = files
        .iter()
        .map(|(n, t)| Input { name: n, text: t })
        .collect();
    let mut t = read(&inputs);
    assert_eq!(t.modules.len(), 1);
    t.modules.remove(0)
}

/// The numbers after `key` on the report's lines, found by plain text search.
fn totals_in(text: &str, key: &str) -> Vec<u64> {
    text.lines()
        .filter_map(|l| l.trim().strip_prefix(key))
        .map(|r| r.trim().split(' ').next().unwrap().parse().unwrap())
        .collect()
}

/// Every fixture module of a version folder: (prefix, has a report).
fn prefixes(version: &str) -> Vec<String> {
    let mut out: Vec<String> = fs::read_dir(dir(version))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            name.strip_suffix(".xla.json").map(str::to_owned)
        })
        .collect();
    out.sort();
    out
}

#[test]
fn the_reports_totals_are_read_and_agree_with_the_allocations() {
    for (version, key, named) in [
        ("jax-0.10.2", "Total bytes:", true),
        ("jax-0.4.38", "Total bytes used:", false),
    ] {
        let all = prefixes(version);
        assert!(all.len() >= 6, "{version}: {all:?}");
        for prefix in all {
            let f = files(version, &prefix, true);
            let (_, report) = f
                .iter()
                .find(|(n, _)| n.ends_with("-memory-usage-report.txt"))
                .expect("the script keeps the report");
            let m = module(&f);
            let want = totals_in(report, key);
            assert!(!want.is_empty(), "{prefix}");
            let got: Vec<u64> = m.memory_report.iter().map(|s| s.bytes).collect();
            assert_eq!(got, want, "{version} {prefix}");
            for s in &m.memory_report {
                assert_eq!(s.name.is_some(), named, "{prefix}");
                if let Some(c) = s.color {
                    let sum: u64 = m
                        .allocations
                        .iter()
                        .filter(|a| a.color == c)
                        .map(|a| a.size)
                        .sum();
                    assert_eq!(s.bytes, sum, "{prefix}: color {c}");
                }
            }
            assert_eq!(m.problems, vec![], "{version} {prefix}");
        }
    }
}

#[test]
fn the_report_changes_nothing_else() {
    for (version, prefix) in [
        ("jax-0.10.2", "module_0004.jit_scan_remat"),
        ("jax-0.4.38", "module_0011.jit_sgd"),
    ] {
        let with = module(&files(version, prefix, true));
        let without = module(&files(version, prefix, false));
        assert!(without.memory_report.is_empty());
        assert_eq!(with.steps, without.steps, "{prefix}");
        assert_eq!(with.peak, without.peak, "{prefix}");
        assert_eq!(with.totals, without.totals, "{prefix}");
        assert_eq!(with.values.len(), without.values.len(), "{prefix}");
    }
}

#[test]
fn a_report_of_another_compile_is_named_with_its_file_and_line() {
    let mut f = files("jax-0.10.2", "module_0010.jit_sgd", true);
    let other = files("jax-0.10.2", "module_0000.jit_mlp", true);
    let (_, report) = other
        .iter()
        .find(|(n, _)| n.ends_with("-memory-usage-report.txt"))
        .unwrap();
    for (n, t) in &mut f {
        if n.ends_with("-memory-usage-report.txt") {
            *t = report.clone();
        }
    }
    let m = module(&f);
    let p = m
        .problems
        .iter()
        .find(|p| p.file.ends_with("-memory-usage-report.txt"))
        .expect("the mismatch is said");
    assert_eq!(p.line, 2, "{p}");
    assert!(
        p.message.contains("67600") && p.message.contains("63644"),
        "{p}"
    );
    // Everything else is still read.
    assert!(m.peak.is_some());
}

#[test]
fn bad_and_hostile_report_lines_are_problems_not_panics() {
    let mut f = files("jax-0.10.2", "module_0006.jit_tuples", false);
    let name = f[0]
        .0
        .replace("-buffer-assignment.txt", "-memory-usage-report.txt");
    let text = "Memory Space: <b>x</b> (color=oops\nTotal bytes: \nTotal bytes: 12\nMemory Space: \"q\" (color=3)\nTotal bytes: 99999999999999999999999 (x)\n  4B(100%);  4B;  0;  1; f32[]\n";
    f.push((name, text.to_owned()));
    let m = module(&f);
    let lines: Vec<usize> = m
        .problems
        .iter()
        .filter(|p| p.file.ends_with("-memory-usage-report.txt"))
        .map(|p| p.line)
        .collect();
    // 1: no color; 2: no number; 3: no memory space; 5: too large for 64 bits.
    assert_eq!(lines, vec![1, 2, 3, 5], "{:?}", m.problems);
    assert!(m.memory_report.is_empty());
    for cut in 0..text.len() {
        if text.is_char_boundary(cut) {
            let mut g = f.clone();
            g.last_mut().unwrap().1 = text[..cut].to_owned();
            let _ = module(&g);
        }
    }
}
