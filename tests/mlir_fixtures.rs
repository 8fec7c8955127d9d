//! Programs lowered by jax (tests/fixtures/mlir, written by
//! `scripts/mlir-oracle.py`: jax 0.10.2 in Shardy's and GSPMD's spelling,
//! jax 0.4.38 in GSPMD's): each sharded argument, result and constraint,
//! read from the MLIR text, has the shape XLA's HLO text of the same
//! lowering gives it, the sharding text JAX lowers it to, and the
//! per-device shape XLA's partitioner gave it in the compiled program.

use std::path::Path;

use xla_layout_viz::core::hlo::sharding_facts;
use xla_layout_viz::core::mlir::{read_all, Owned, Role};

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mlir"))
}

fn no_layout(s: &str) -> &str {
    s.split('{').next().unwrap_or(s)
}

/// The value `what` (`arg1`, `result0`, `constraint0`) of a read module.
fn value<'a>(found: &'a [Owned], text: &str, what: &str) -> &'a Owned {
    // An operand or result of the `sdy.manual_computation` (shard_map).
    for (prefix, role) in [("manual_in", Role::Operand), ("manual_out", Role::Result)] {
        if let Some(k) = what.strip_prefix(prefix) {
            let k: usize = k.parse().unwrap();
            return found
                .iter()
                .filter(|f| {
                    f.role == role
                        && f.op
                            .is_some_and(|o| &text[o.start..o.end] == "sdy.manual_computation")
                })
                .nth(k)
                .unwrap_or_else(|| panic!("no {what}"));
        }
    }
    let (role, k) = if let Some(k) = what.strip_prefix("arg") {
        (Role::EntryParameter, k)
    } else if let Some(k) = what.strip_prefix("result") {
        (Role::EntryResult, k)
    } else {
        let k: usize = what.strip_prefix("constraint").unwrap().parse().unwrap();
        return found
            .iter()
            .filter(|f| {
                f.role == Role::Result
                    && f.op.is_some_and(|o| {
                        let op = &text[o.start..o.end];
                        op == "sdy.sharding_constraint"
                            || (op == "stablehlo.custom_call"
                                && text[f.span.start.saturating_sub(300)..f.span.start]
                                    .contains("@Sharding("))
                    })
            })
            .nth(k)
            .unwrap_or_else(|| panic!("no {what}"));
    };
    let k: usize = k.parse().unwrap();
    found
        .iter()
        .find(|f| f.role == role && f.index == Some(k))
        .unwrap_or_else(|| panic!("no {what}"))
}

#[test]
fn lowered_programs_read_as_xla_partitions_them() {
    let expected = std::fs::read_to_string(dir().join("expected.tsv")).unwrap();
    let mut checked = 0;
    let mut spellings = std::collections::BTreeSet::new();
    for line in expected.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let [file, what, global, sharding, per_device] = cols[..] else {
            panic!("bad line {line}")
        };
        let text = std::fs::read_to_string(dir().join(file)).unwrap();
        let found = read_all(&text);
        let f = value(&found, &text, what);
        let at = format!("{file} {what}");
        let shape = f.shape.as_ref().unwrap_or_else(|e| panic!("{at}: {e:?}"));
        assert_eq!(no_layout(shape), no_layout(global), "{at}");
        if global.contains('{') {
            assert_eq!(shape, global, "{at}: the default layout");
        }
        let (_, ours) = f
            .sharding
            .as_ref()
            .unwrap_or_else(|| panic!("{at}: no sharding read"));
        let ours = ours
            .as_ref()
            .unwrap_or_else(|e| panic!("{at}: {}", e.message));
        assert_eq!(ours, sharding, "{at}");
        let facts = sharding_facts(shape, ours, false);
        let per = facts.per_device.unwrap_or_else(|| shape.clone());
        assert_eq!(no_layout(&per), per_device, "{at}");
        spellings.insert(file.rsplit('.').nth(1).unwrap().to_owned());
        checked += 1;
    }
    assert!(checked >= 51, "{checked}");
    assert_eq!(
        spellings.into_iter().collect::<Vec<_>>(),
        ["gspmd", "jax0438", "shardy"]
    );
}

#[test]
fn every_type_of_every_fixture_reads() {
    for entry in std::fs::read_dir(dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "mlir") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            xla_layout_viz::core::mlir::looks_like_mlir(&text),
            "{path:?}"
        );
        let found = read_all(&text);
        assert!(found.len() >= 3, "{path:?}");
        for f in &found {
            assert!(
                f.shape.is_ok(),
                "{path:?}: {}: {:?}",
                &text[f.span.start..f.span.end],
                f.shape
            );
            if let Some((_, r)) = &f.sharding {
                assert!(r.is_ok(), "{path:?}: {r:?}");
            }
        }
    }
}
