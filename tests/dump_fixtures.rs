//! The dump reader against XLA's own numbers: fixtures made by
//! `scripts/dump-fixtures.py` (jax 0.10.2, live ranges in their own file;
//! jax 0.4.38, live ranges inside the buffer assignment), each with
//! `xla.json` beside it: `compiled.memory_analysis()`, XLA's stated peak
//! as printed, and the bytes live per step summed by the script.

use std::fs;
use std::path::{Path, PathBuf};

use std::collections::BTreeMap;

use serde_json::Value;
use xla_layout_viz::core::dump::{read, Input, Module, Timeline};

/// Each jax version's folder: its files, read as one dump folder.
fn folders() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dump");
    let mut out: Vec<PathBuf> = fs::read_dir(&root)
        .expect("tests/fixtures/dump")
        .map(|e| e.unwrap().path())
        .collect();
    out.sort();
    out
}

/// The dump files of a folder (name, text) and XLA's numbers per module.
fn load(dir: &Path) -> (Vec<(String, String)>, BTreeMap<String, Value>) {
    let mut files = Vec::new();
    let mut xla = BTreeMap::new();
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().into_owned();
        let text = fs::read_to_string(&p).unwrap();
        match name.strip_suffix(".xla.json") {
            Some(module) => {
                xla.insert(module.to_owned(), serde_json::from_str(&text).unwrap());
            }
            None => files.push((name, text)),
        }
    }
    files.sort();
    (files, xla)
}

fn read_folder(dir: &Path) -> (Timeline, BTreeMap<String, Value>) {
    let (files, xla) = load(dir);
    let inputs: Vec<Input> = files
        .iter()
        .map(|(n, t)| Input { name: n, text: t })
        .collect();
    (read(&inputs), xla)
}

#[test]
fn fixtures_cover_both_layouts_and_every_kind_of_program() {
    let mut seen = Vec::new();
    for dir in folders() {
        let (_, xla) = load(&dir);
        let jax = dir.file_name().unwrap().to_string_lossy().into_owned();
        for v in xla.values() {
            seen.push(format!("{jax}/{}", v["program"].as_str().unwrap()));
        }
    }
    for want in [
        "mlp",
        "sgd_donated",
        "scan_remat",
        "tuples",
        "spmd_mlp",
        "spmd_sgd_donated",
    ] {
        for jax in ["jax-0.10.2", "jax-0.4.38"] {
            assert!(
                seen.contains(&format!("{jax}/{want}")),
                "{jax}/{want} in {seen:?}"
            );
        }
    }
}

#[test]
fn every_fixture_matches_xlas_own_numbers() {
    for dir in folders() {
        let (timeline, xla) = read_folder(&dir);
        assert!(
            timeline.problems.is_empty(),
            "{}: {:?}",
            dir.display(),
            timeline.problems
        );
        // A whole folder: one module per prefix, in prefix order.
        let names: Vec<&str> = timeline.modules.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(names, xla.keys().map(String::as_str).collect::<Vec<_>>());
        for m in &timeline.modules {
            check(&format!("{}/{}", dir.display(), m.name), m, &xla[&m.name]);
        }
    }
}

fn check(at: &str, m: &Module, xla: &Value) {
    assert!(m.problems.is_empty(), "{at}: {:?}", m.problems);
    // memory_analysis(): sums over the allocations.
    let ma = &xla["memory_analysis"];
    let field = |k: &str| ma[k].as_u64().unwrap();
    assert_eq!(m.totals.arguments, field("argument_size_in_bytes"), "{at}");
    assert_eq!(m.totals.outputs, field("output_size_in_bytes"), "{at}");
    assert_eq!(m.totals.aliased, field("alias_size_in_bytes"), "{at}");
    assert_eq!(m.totals.temp, field("temp_size_in_bytes"), "{at}");
    assert_eq!(
        m.totals.host_arguments,
        field("host_argument_size_in_bytes"),
        "{at}"
    );
    assert_eq!(
        m.totals.host_outputs,
        field("host_output_size_in_bytes"),
        "{at}"
    );
    assert_eq!(
        m.totals.host_aliased,
        field("host_alias_size_in_bytes"),
        "{at}"
    );
    assert_eq!(m.totals.host_temp, field("host_temp_size_in_bytes"), "{at}");
    assert_eq!(m.partitions, xla["partitions"].as_u64(), "{at} partitions");
    // XLA's stated peak, as printed.
    let stated = &xla["stated_peak"];
    let xp = m.xla_peak.as_ref().expect("a stated peak");
    assert_eq!(
        xp.step,
        stated["step"].as_u64().unwrap(),
        "{at} stated peak"
    );
    let listed: Vec<(String, u64)> = stated["values"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| (v[0].as_str().unwrap().to_owned(), v[1].as_u64().unwrap()))
        .collect();
    assert_eq!(xp.values, listed, "{at} stated peak's values");
    // The bytes live at each step, summed by the script.
    let brute: Vec<u64> = xla["brute_force"]["bytes_per_step"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_u64().unwrap())
        .collect();
    let ours: Vec<u64> = m.steps.iter().map(|s| s.bytes).collect();
    assert_eq!(ours, brute, "{at} bytes per step");
    let peak = m.peak.as_ref().unwrap();
    let want = &xla["brute_force"]["peak"];
    assert_eq!(peak.step, want["step"].as_u64().unwrap(), "{at}");
    assert_eq!(peak.bytes, want["bytes"].as_u64().unwrap(), "{at}");
    // Fragmentation: the most bytes occupied at one step, per allocation
    // with live values, summed step by step by the script.
    let frag = xla["brute_force"]["fragmentation"].as_object().unwrap();
    let ours: Vec<(u64, u64, u64)> = m
        .allocations
        .iter()
        .filter_map(|a| {
            a.fragmentation
                .as_ref()
                .map(|f| (a.index, f.most_live, f.unused))
        })
        .collect();
    let want: Vec<(u64, u64, u64)> = frag
        .iter()
        .map(|(k, v)| {
            (
                k.parse().unwrap(),
                v["most_live"].as_u64().unwrap(),
                v["unused"].as_u64().unwrap(),
            )
        })
        .collect();
    let mut want = want;
    want.sort();
    assert_eq!(ours, want, "{at} fragmentation");
    // A sharded parameter's whole array: the shard's dims times the cuts
    // of its sharding, against the argument's shape as jax saw it.
    let args = xla["arguments"].as_array().unwrap();
    for a in m.allocations.iter().filter(|a| a.parameter.is_some()) {
        let p = a.parameter.unwrap() as usize;
        let want: Vec<u64> = args[p]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d.as_u64().unwrap())
            .collect();
        match (&a.shard, m.partitions) {
            (Some(s), _) => assert_eq!(s.global_dims, want, "{at} parameter {p}"),
            (None, Some(1)) => {}
            (None, n) => panic!("{at}: parameter {p} of {n:?} partitions has no shard"),
        }
    }
    // On CPU, size= is the dense size: nothing is padding.
    for s in &m.steps {
        assert_eq!(s.unpadded, s.bytes, "{at} unpadded at {:?}", s.instruction);
    }
    let old = xla["jax"].as_str().unwrap().starts_with("0.4.");
    let layout = if old {
        "inside buffer assignment"
    } else {
        "live-range file"
    };
    assert_eq!(m.layout, layout, "{at}");
    // Every value found its buffer, and the module file its source.
    assert!(m.values.iter().all(|v| v.allocation.is_some()), "{at}");
    assert!(
        m.values.iter().any(|v| v
            .source
            .as_deref()
            .is_some_and(|s| s.starts_with("scripts/dump-fixtures.py:"))),
        "{at}: no value traced to the script"
    );
}

#[test]
fn sharded_parameters_carry_their_sharding_and_donated_ones_alias() {
    for dir in folders() {
        let (timeline, xla) = read_folder(&dir);
        let m = timeline
            .modules
            .iter()
            .find(|m| xla[&m.name]["program"] == "spmd_sgd_donated")
            .expect("spmd_sgd_donated");
        assert_eq!(m.partitions, Some(8));
        let params: Vec<_> = m
            .allocations
            .iter()
            .filter(|a| a.parameter.is_some())
            .collect();
        assert_eq!(params.len(), 3);
        assert!(
            params.iter().all(|a| a
                .sharding
                .as_deref()
                .is_some_and(|s| s.starts_with("{devices="))),
            "{params:?}"
        );
        let donated = params
            .iter()
            .filter(|a| a.kinds.iter().any(|k| k == "maybe-live-out"))
            .count();
        assert_eq!(donated, 2);
    }
}
