//! `xla-layout scan` on the fixtures.

use std::process::Command;

fn run(args: &[&str], stdin: Option<&str>) -> (i32, String) {
    use std::io::Write;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_xla-layout"));
    cmd.args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    let input = stdin.unwrap_or("").to_owned();
    let mut pipe = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).unwrap(),
    )
}

fn fixture(name: &str) -> String {
    format!("{}/tests/fixtures/hlo/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn json_lines_for_a_report() {
    let (code, out) = run(&["scan", "--json", &fixture("report_tpu.txt")], None);
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 12);
    let a = &lines[0];
    assert_eq!(a["role"], "allocation");
    assert_eq!(a["text"], "f32[4096,8,3]{2,1,0:T(8,128)}");
    assert_eq!(
        (a["line"].as_u64(), a["column"].as_u64()),
        (Some(7), Some(13))
    );
    assert_eq!(a["reported_size"], "16.00M");
    assert_eq!(a["reported_unpadded"], "384.0K");
    assert_eq!(a["matches"], true);
    assert_eq!(a["bytes_footprint"], 16_777_216);
    for key in [
        "instruction",
        "opcode",
        "canonical",
        "elements",
        "bytes_data",
        "bytes_xla",
        "expansion",
    ] {
        assert!(a.get(key).is_some(), "{key}");
    }
    let r = &lines[1];
    assert_eq!(
        (
            r["role"].as_str(),
            r["instruction"].as_str(),
            r["opcode"].as_str()
        ),
        (Some("result"), Some("copy.17"), Some("copy"))
    );
    assert!(r.get("matches").is_none());
    assert_eq!(lines[6]["matches"], false);
}

#[test]
fn stdin_and_the_human_table() {
    let text = std::fs::read_to_string(fixture("seed_instructions.txt")).unwrap();
    let (code, out) = run(&["scan", "-"], Some(&text));
    assert_eq!(code, 0);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 4, "{out}");
    assert!(rows[0].starts_with("where"));
    assert!(rows[1].starts_with("1:11 result add.936"), "{}", rows[1]);
    assert!(rows[3].contains("operand fusion.3#0"), "{}", rows[3]);
}

#[test]
fn invalid_shapes_carry_their_error() {
    let (code, out) = run(
        &["scan", "--json", "-"],
        Some("see f32[2,3]{1,0:L(0)} here"),
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["canonical"], serde_json::Value::Null);
    assert!(v["error"].as_str().unwrap().contains("L(n)"));
    assert_eq!(
        (v["error_start"].as_u64(), v["error_end"].as_u64()),
        (Some(19), Some(20))
    );
}

#[test]
fn nothing_found_and_unreadable_files() {
    let (code, out) = run(&["scan", &fixture("no_shapes.txt")], None);
    assert_eq!(code, 0);
    assert!(out.contains("no shape found"));
    let (code, _) = run(&["scan", "/nonexistent/file.hlo"], None);
    assert_eq!(code, 2);
}

/// A file past the scanner's 4 GiB is refused by name, before it is read
/// (a sparse file: nothing is written to disk, and a read would take
/// seconds and 4 GiB of memory).
#[test]
fn a_file_longer_than_a_scan_reads_is_refused() {
    let max = xla_layout_viz::core::hlo::MAX_SCAN_LEN as u64;
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("too_long.hlo");
    let file = std::fs::File::create(&path).unwrap();
    file.set_len(max + 1).unwrap();
    drop(file);
    let out = Command::new(env!("CARGO_BIN_EXE_xla-layout"))
        .args(["scan", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    std::fs::remove_file(&path).unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(out.stdout.is_empty());
    assert!(
        err.contains("too_long.hlo is longer than 4294967294 bytes"),
        "{err}"
    );
}

/// The JSON lines of `scan FILE --json` and `extra` options.
fn json_lines(file: &str, extra: &[&str]) -> Vec<serde_json::Value> {
    let mut args = vec!["scan", file, "--json"];
    args.extend_from_slice(extra);
    let (code, out) = run(&args, None);
    assert_eq!(code, 0, "{args:?}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn sort_and_limit_order_the_records_a_user_groups_by() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hlo/module.hlo");
    let all = json_lines(file, &[]);
    let size = |r: &serde_json::Value, k: &str| r[k].as_u64();
    let waste = |r: &serde_json::Value| Some(size(r, "bytes_footprint")? - size(r, "bytes_data")?);
    // The expected orders, by sorting the text-order records here (a
    // stable sort: ties keep the text's order; no size goes last).
    let by = |key: &dyn Fn(&serde_json::Value) -> Option<u64>| {
        let mut v = all.clone();
        v.sort_by_key(|r| (key(r).is_none(), std::cmp::Reverse(key(r))));
        v
    };
    assert_eq!(json_lines(file, &["--sort", "waste"]), by(&waste));
    assert_eq!(
        json_lines(file, &["--sort", "bytes"]),
        by(&|r| size(r, "bytes_footprint"))
    );
    assert_eq!(
        json_lines(file, &["--sort", "line", "--limit", "5"]),
        all[..5]
    );
    assert_eq!(
        json_lines(file, &["--sort", "waste", "--limit", "3"]),
        by(&waste)[..3]
    );
    // The table: a header and the limit's rows, largest waste first.
    let (code, table) = run(&["scan", file, "--sort", "waste", "--limit", "2"], None);
    assert_eq!(code, 0);
    let rows: Vec<&str> = table.lines().collect();
    assert_eq!(rows.len(), 3, "{table}");
    assert!(rows[1].contains(&format!(
        "{}:{}",
        by(&waste)[0]["line"],
        by(&waste)[0]["column"]
    )));
}

#[test]
fn the_table_shows_a_sharded_results_sharding_and_one_devices_shape() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/hlo/module.hlo");
    let sharded: Vec<serde_json::Value> = json_lines(file, &[])
        .into_iter()
        .filter(|r| r["per_device"].is_string())
        .collect();
    assert!(!sharded.is_empty());
    let (_, table) = run(&["scan", file], None);
    for r in &sharded {
        let place = format!("{}:{} ", r["line"], r["column"]);
        let row = table
            .lines()
            .find(|l| l.starts_with(&place))
            .unwrap_or_else(|| panic!("no row {place}"));
        let want = format!(
            "{} -> {} ({} B each)",
            r["sharding"].as_str().unwrap(),
            r["per_device"].as_str().unwrap(),
            r["bytes_footprint_per_device"]
        );
        assert!(row.ends_with(&want), "{row}\n{want}");
    }
}
