//! Labels that must be true (issue 68, item 5): each command's help says
//! what that command does, the CLI's `memory-order` and Python's
//! `memory()` cannot be taken for each other, `S(0)` is the default
//! memory space, ratios and byte counts that differ print differently, and
//! replicated copies are numbered as split ones are. Expected figures are
//! worked by hand from XLA's rules (docs/sharding.md, "Per device").

use crate::cli_support::run;
use serde_json::Value;

fn ok(args: &[&str]) -> String {
    let (code, out, err) = run(args);
    assert_eq!(code, 0, "{args:?}: {err}");
    out
}

#[test]
fn every_command_has_its_own_help_line() {
    let top = ok(&["--help"]);
    assert!(!top.contains("The shape text"), "{top}");
    let shard = top
        .lines()
        .find(|l| l.trim_start().starts_with("shard "))
        .expect("shard is listed");
    assert!(shard.contains("each device holds"), "{shard}");
    let own = ok(&["shard", "--help"]);
    assert!(own.starts_with("What each device holds"), "{own}");
    assert!(!own.contains("The shape text"), "{own}");
}

#[test]
fn memory_order_and_pythons_memory_point_at_each_other() {
    let top = ok(&["--help"]);
    assert!(top.contains("memory-order"), "{top}");
    // The old name is no longer listed, and answers where both went.
    assert!(
        !top.lines().any(|l| l.trim_start().starts_with("memory ")),
        "{top}"
    );
    let (code, out, err) = run(&["memory", "compiled_step.hlo"]);
    assert_eq!(code, 2, "{out}");
    assert!(err.contains("`memory-order`"), "{err}");
    assert!(err.contains("xla_layout.memory(compiled)"), "{err}");
    assert!(!err.contains("element type"), "{err}");
    let help = ok(&["memory-order", "--help"]);
    assert!(help.contains("xla_layout.memory(compiled)"), "{help}");
    assert_eq!(
        ok(&["memory-order", "f32[2,3]{0,1}"]).trim(),
        "[0,3,1,4,2,5]"
    );
}

#[test]
fn s0_is_the_default_memory_space_not_hbm_everywhere() {
    let out = ok(&["info", "f32[2,3]{1,0}"]);
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("memory space"))
        .expect("a memory space line");
    assert!(
        line.contains("the default memory space (HBM on TPU and GPU)"),
        "{line}"
    );
}

#[test]
fn an_expansion_near_one_keeps_its_digits() {
    // 12565 rows pad to 12568 under T(8,128); 512 columns need none.
    let out = ok(&["explain", "f32[12565,512]{1,0:T(8,128)}"]);
    assert!(out.starts_with("1.0002x:"), "{out}");
}

#[test]
fn shards_of_different_sizes_print_different_bytes() {
    // f32[50257,512] over 4 on dim 0: ceil(50257/4) = 12565 rows each,
    // the last device 50257 - 3*12565 = 12562 rows.
    let out = ok(&["shard", "f32[50257,512]", "{devices=[4,1]<=[4]}"]);
    let full = 12565u64 * 512 * 4;
    let last = 12562u64 * 512 * 4;
    let grouped = |n: u64| {
        let d = n.to_string();
        let mut s = String::new();
        for (k, c) in d.chars().enumerate() {
            if k > 0 && (d.len() - k).is_multiple_of(3) {
                s.push(',');
            }
            s.push(c);
        }
        format!("{s} B")
    };
    let rows: Vec<&str> = out
        .lines()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(rows.len(), 4, "{out}");
    for row in &rows[..3] {
        assert!(row.contains(&grouped(full)), "{row}");
    }
    assert!(rows[3].contains(&grouped(last)), "{}", rows[3]);
    assert!(
        out.contains(&format!("data 98.16 MiB ({})", grouped(50257 * 512 * 4))),
        "{out}"
    );
}

#[test]
fn replicated_copies_are_numbered_like_split_ones() {
    let json = |args: &[&str]| -> Value {
        let mut all = args.to_vec();
        all.push("--json");
        serde_json::from_str(&ok(&all)).unwrap()
    };
    let replicated = json(&["shard", "f32[8]", "{replicated}", "--devices", "8"]);
    let copies: Vec<u64> = replicated["devices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["copy"].as_u64().unwrap())
        .collect();
    assert_eq!(copies, (0..8).collect::<Vec<_>>());
    // A split sharding: two tiles, each held by 4 devices, copies 0..4.
    let split = json(&[
        "shard",
        "f32[8]",
        "{devices=[2,4]<=[8] last_tile_dim_replicate}",
    ]);
    let copies: Vec<u64> = split["devices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["copy"].as_u64().unwrap())
        .collect();
    assert_eq!(copies, [0, 1, 2, 3, 0, 1, 2, 3]);
    let text = ok(&["shard", "f32[8]", "{replicated}", "--devices", "8"]);
    assert!(text.contains("0 #7"), "{text}");
}
