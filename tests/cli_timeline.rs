//! `xla-layout timeline`: the JSON contract of issue 69 (docs/timeline.md)
//! on the dump fixtures, against XLA's own numbers beside them, and its
//! errors.

use std::path::Path;

use serde_json::Value;

use crate::cli_support::run;

fn fixture(jax: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/dump")
        .join(jax)
        .display()
        .to_string()
}

/// The CLI run as a page writes it (`words`: the command after
/// `xla-layout`), its `tests/...` paths taken from the repository's root.
fn run_as_written(words: &str) -> (i32, String, String) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let args: Vec<String> = words
        .split_whitespace()
        .map(|a| {
            if a.starts_with("tests/") {
                root.join(a).display().to_string()
            } else {
                a.to_owned()
            }
        })
        .collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run(&args)
}

fn keys(v: &Value, want: &[&str], at: &str) {
    for k in want {
        assert!(v.get(k).is_some(), "{at}: no `{k}` in {v}");
    }
}

#[test]
fn json_follows_the_contract_and_xlas_numbers() {
    for jax in ["jax-0.10.2", "jax-0.4.38"] {
        let dir = fixture(jax);
        let (code, out, err) = run(&["timeline", &dir, "--json"]);
        assert_eq!(code, 0, "{err}");
        let v: Value = serde_json::from_str(&out).unwrap();
        let modules = v["modules"].as_array().unwrap();
        assert_eq!(modules.len(), 6, "{jax}");
        for m in modules {
            let name = m["name"].as_str().unwrap();
            keys(
                m,
                &[
                    "name",
                    "partitions",
                    "totals",
                    "allocations",
                    "steps",
                    "values",
                    "xla_peak",
                    "peak",
                ],
                name,
            );
            keys(
                &m["totals"],
                &["arguments", "outputs", "aliased", "temp"],
                name,
            );
            for a in m["allocations"].as_array().unwrap() {
                keys(a, &["index", "size", "kinds", "parameter", "values"], name);
                for val in a["values"].as_array().unwrap() {
                    keys(val, &["name", "size", "offset", "shape"], name);
                    assert!(val["name"].as_str().unwrap().ends_with('}'), "{val}");
                }
            }
            for s in m["steps"].as_array().unwrap() {
                keys(s, &["instruction", "bytes", "unpadded"], name);
            }
            for val in m["values"].as_array().unwrap() {
                keys(
                    val,
                    &[
                        "name",
                        "start",
                        "end",
                        "bytes",
                        "unpadded",
                        "allocation",
                        "offset",
                        "shape",
                    ],
                    name,
                );
            }
            keys(&m["xla_peak"], &["step", "values"], name);
            for pair in m["xla_peak"]["values"].as_array().unwrap() {
                assert!(pair[0].is_string() && pair[1].is_u64(), "{pair}");
            }
            keys(&m["peak"], &["step", "bytes"], name);
            // XLA's own numbers, recorded beside the files.
            let xla: Value = serde_json::from_str(
                &std::fs::read_to_string(Path::new(&dir).join(format!("{name}.xla.json"))).unwrap(),
            )
            .unwrap();
            let ma = &xla["memory_analysis"];
            for (ours, theirs) in [
                ("arguments", "argument_size_in_bytes"),
                ("outputs", "output_size_in_bytes"),
                ("aliased", "alias_size_in_bytes"),
                ("temp", "temp_size_in_bytes"),
            ] {
                assert_eq!(m["totals"][ours], ma[theirs], "{name}: {ours}");
            }
            assert_eq!(m["xla_peak"]["step"], xla["stated_peak"]["step"], "{name}");
            assert_eq!(
                m["peak"]["bytes"], xla["brute_force"]["peak"]["bytes"],
                "{name}"
            );
            assert_eq!(m["partitions"], xla["partitions"], "{name}");
        }
    }
}

#[test]
fn human_output_says_per_device_and_names_both_peaks() {
    let (code, out, err) = run(&["timeline", &fixture("jax-0.10.2")]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("each of 8 devices (num_partitions=8): every byte count is per device"),
        "{out}"
    );
    assert!(
        out.contains("XLA's stated peak: step 5 `ynn_fusion`"),
        "{out}"
    );
    assert!(out.contains("fewer than at the fullest step"), "{out}");
    assert!(out.contains("(scripts/dump-fixtures.py:"), "{out}");
    // The memory-usage report's total, as the fixture's report prints it.
    assert!(
        out.contains("  memory-usage report: default (color 0) 63,644 B (62.2 KiB)\n"),
        "{out}"
    );
}

#[test]
fn files_given_one_by_one_are_grouped_by_module() {
    let dir = fixture("jax-0.4.38");
    let mut files: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.contains("jit_mlp") && !p.ends_with(".json"))
        .collect();
    files.sort();
    let mut args = vec!["timeline", "--json"];
    args.extend(files.iter().map(String::as_str));
    let (code, out, err) = run(&args);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    // module_0001.jit_mlp (one device) and module_0009.jit_mlp (SPMD).
    let names: Vec<&str> = v["modules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    assert!(names.iter().all(|n| n.ends_with(".jit_mlp")));
}

#[test]
fn what_cannot_be_read_is_said() {
    let (code, _, err) = run(&["timeline", "/nonexistent/dump"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read /nonexistent/dump"), "{err}");
    let (code, _, err) = run(&["timeline", &format!("{}/../../hlo", fixture("jax-0.10.2"))]);
    assert_eq!(code, 2);
    assert!(err.contains("holds no XLA dump files"), "{err}");
    // A live-range file alone: read, and the missing file named.
    let dir = fixture("jax-0.10.2");
    let lr = format!("{dir}/module_0000.jit_mlp.cpu_after_optimizations-live-range.txt");
    let (code, out, err) = run(&["timeline", &lr]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("without its buffer assignment"), "{out}");
}

#[test]
fn the_readme_chart_is_what_the_cli_draws_today() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let command = readme
        .split('`')
        .find(|s| s.starts_with("xla-layout timeline ") && s.contains(" --svg > docs/img/"))
        .expect("the README names the command that drew its chart");
    let (args, file) = command.split_once(" > ").unwrap();
    let (code, out, err) = run_as_written(args.strip_prefix("xla-layout ").unwrap());
    assert_eq!(code, 0, "{err}");
    let drawn = std::fs::read_to_string(root.join(file)).unwrap();
    assert!(
        readme.contains(&format!("]({file})")),
        "the README shows {file}"
    );
    assert_eq!(
        out, drawn,
        "{file} is not what `{command}` draws today: redraw it"
    );
    assert!(roxmltree::Document::parse(&out).is_ok());
}

#[test]
fn the_docs_example_prints_what_the_page_says() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let page = std::fs::read_to_string(root.join("docs/timeline.md")).unwrap();
    let block = page
        .split("```console\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let (command, want) = block.split_once('\n').unwrap();
    let (code, out, err) = run_as_written(command.strip_prefix("$ xla-layout ").unwrap());
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out, want,
        "docs/timeline.md's example is not what `{command}` prints"
    );
}

#[test]
fn hostile_names_are_data() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("timeline-hostile");
    std::fs::create_dir_all(&dir).unwrap();
    let name = "a<script>\u{1b}[31m\"'&";
    let prefix = dir.join("module_0001.x.cpu_after_optimizations");
    let p = prefix.display().to_string();
    std::fs::write(
        format!("{p}-buffer-assignment.txt"),
        format!("allocation 0: size 8, preallocated-temp:\n value: <1 {name} @0> (size=8,offset=0): f32[2]{{0}}\n"),
    )
    .unwrap();
    std::fs::write(
        format!("{p}-live-range.txt"),
        format!("HloLiveRange (max 1):\n  InstructionSequence:\n    0:{name}\n  BufferLiveRange:\n    {name}{{}}:0-1\n"),
    )
    .unwrap();
    std::fs::write(
        format!("{p}.txt"),
        format!("HloModule x\n\nENTRY e {{\n  %{name} = f32[2]{{0}} parameter(0), metadata={{op_name=\"x\\n\\\"<b>\"}}\n}}\n"),
    )
    .unwrap();
    let d = dir.display().to_string();
    let (code, out, err) = run(&["timeline", &d]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains('\u{1b}'), "{out}");
    assert!(out.contains("a<script>\u{FFFD}[31m\"'&{}"), "{out}");
    let (code, out, _) = run(&["timeline", &d, "--json"]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).unwrap();
    let m = &v["modules"][0];
    assert_eq!(m["values"][0]["name"], format!("{name}{{}}"));
    // No HLO name holds a quote: the module's line is not taken as one.
    assert!(m["values"][0]["op_name"].is_null());
    let (code, svg, _) = run(&["timeline", &d, "--svg"]);
    assert_eq!(code, 0);
    assert!(!svg.contains("<script>"));
    assert!(roxmltree::Document::parse(&svg).is_ok());
}
