//! MLIR text scanned as HLO text is (docs/scan.md, "MLIR text"): the
//! records of programs lowered by jax (tests/fixtures/mlir) carry the
//! sharding JAX lowers each argument to and the per-device shape XLA's
//! partitioner gave it; bad input is an error where it is, the rest read.

use std::path::Path;

use xla_layout_viz::core::hlo::{scan, Finds, Record, Scanner};

fn records(text: &str) -> Vec<Record<'_>> {
    let found: &'static Finds = Box::leak(Box::new(scan(text)));
    found.iter().map(|f| f.record(text)).collect()
}

fn dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/mlir"))
}

fn no_layout(s: &str) -> &str {
    s.split('{').next().unwrap_or(s)
}

#[test]
fn each_sharded_argument_and_result_per_device_as_xla_partitions_it() {
    let expected = std::fs::read_to_string(dir().join("expected.tsv")).unwrap();
    let mut checked = 0;
    for line in expected.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let [file, what, global, sharding, per_device] = cols[..] else {
            panic!("{line}")
        };
        let (role, k) = match what.strip_prefix("arg") {
            Some(k) => ("entry_parameter", k),
            None => match what.strip_prefix("result") {
                Some(k) => ("entry_result", k),
                None => continue, // constraints: tests/mlir_fixtures.rs
            },
        };
        let text = std::fs::read_to_string(dir().join(file)).unwrap();
        let text: &'static str = Box::leak(text.into_boxed_str());
        let all = records(text);
        let r = all
            .iter()
            .find(|r| r.role == role && r.index == Some(k.parse().unwrap()))
            .unwrap_or_else(|| panic!("{file} {what}"));
        assert_eq!(r.canonical, Some(global), "{file} {what}");
        assert_eq!(r.computation, Some("main"), "{file} {what}");
        assert_eq!(r.sharding, Some(sharding), "{file} {what}");
        let per = r.per_device.unwrap_or(global);
        assert_eq!(no_layout(per), per_device, "{file} {what}");
        assert!(r.bytes_footprint_per_device.is_some() || r.sharding == Some("{replicated}"));
        checked += 1;
    }
    assert!(checked >= 40, "{checked}");
}

#[test]
fn a_paste_scanned_a_piece_at_a_time_finds_the_same() {
    let text = std::fs::read_to_string(dir().join("mesh2_dot.shardy.mlir")).unwrap();
    let whole = format!("{:?}", scan(&text));
    let mut s = Scanner::new();
    let mut pieces = Finds::default();
    while !s.scan_some(&text, 64).done {
        s.append_found(&mut pieces);
    }
    s.append_found(&mut pieces);
    assert_eq!(format!("{pieces:?}"), whole);
}

#[test]
fn bad_input_is_an_error_where_it_is_and_the_rest_is_read() {
    let text = r#"module @m {
  sdy.mesh @mesh = <["x"=4, "x"=2]>
  func.func public @main(%arg0: tensor<?x128xf32>, %arg1: tensor<8xf32> {sdy.sharding = #sdy.sharding<@nomesh, [{"x"}]>}, %arg2: tensor<8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8xbogus> {
    %0 = stablehlo.add %arg1, %arg1 : tensor<8x
    %1 = stablehlo.add %arg1, %arg1 : tensor<8xf32>
"#;
    let all = records(text);
    let dynamic = &all[0];
    assert_eq!(
        &text[dynamic.error_start.unwrap()..dynamic.error_end.unwrap()],
        "?"
    );
    assert!(dynamic.error.unwrap().contains("dynamic"));
    let nomesh = all[1].sharding_error.unwrap();
    assert!(nomesh.contains("no mesh @nomesh"), "{nomesh}");
    let twice = all[2].sharding_error.unwrap();
    assert!(twice.contains("named twice"), "{twice}");
    assert!(all[3].error.unwrap().contains("bogus"));
    assert!(all
        .iter()
        .any(|r| r.error.is_some_and(|e| e.contains("not closed"))));
    assert_eq!(all.last().unwrap().canonical, Some("f32[8]{0}"));
}

#[test]
fn megabytes_of_broken_mlir_scan_without_panic() {
    // 8 MB here (a debug build); `xla-layout scan` on 50 MB of the same:
    // docs/scan.md, "MLIR text".
    let line = "    %0 = stablehlo.add %arg0, %arg0 : tensor<8x128xbf16>\n";
    let bad = "    %1 = stablehlo.add %arg0 : tensor<8x<<<<((((\n";
    let mut text = String::from("module @m {\n");
    while text.len() < 8 << 20 {
        text.push_str(line);
        text.push_str(bad);
    }
    let found = scan(&text);
    assert!(found.len() > (8 << 20) / 120);
}

#[test]
fn lines_and_columns_are_where_the_types_are() {
    for entry in std::fs::read_dir(dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "mlir") {
            continue;
        }
        let text: &'static str =
            Box::leak(std::fs::read_to_string(&path).unwrap().into_boxed_str());
        for r in records(text) {
            let before = &text[..r.start];
            let line = before.matches('\n').count() + 1;
            let column = before[before.rfind('\n').map_or(0, |k| k + 1)..]
                .chars()
                .count()
                + 1;
            assert_eq!((r.line, r.column), (line, column), "{path:?} {}", r.text);
            assert_eq!(&text[r.start..r.end], r.text);
        }
    }
}

#[test]
fn a_layout_not_written_is_xla_s_default_and_the_record_says_so() {
    // MLIR types carry no layout: every valid one is XLA's default.
    let text = std::fs::read_to_string(dir().join("mesh2_dot.shardy.mlir")).unwrap();
    let text: &'static str = Box::leak(text.into_boxed_str());
    let all = records(text);
    assert!(all.len() > 20);
    for r in &all {
        assert!(r.default_layout && r.canonical.is_some(), "{r:?}");
    }
    // In HLO text, only where the shape wrote none.
    let hlo = "%a = f32[2,3]{0,1} add(f32[2,3] %x, f32[2,3]{1,0} %y), to_apply=%t\n%b = token[] after-all()\n%c = (f32[2], s8[]) tuple(f32[2]{0} %p, s8[] %q)\n";
    let by_text: Vec<(&str, bool)> = records(hlo)
        .iter()
        .map(|r| (r.text, r.default_layout))
        .collect();
    assert_eq!(
        by_text,
        [
            ("f32[2,3]{0,1}", false),
            ("f32[2,3]", true),
            ("f32[2,3]{1,0}", false),
            ("token[]", false),
            ("(f32[2], s8[])", true),
            ("f32[2]{0}", false),
            ("s8[]", true),
        ]
    );
}
