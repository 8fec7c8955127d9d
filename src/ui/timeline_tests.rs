use super::*;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/dump/");

fn fixture(path: &str) -> String {
    std::fs::read_to_string(format!("{DIR}{path}")).unwrap()
}

/// The script's own numbers (`scripts/dump-fixtures.py`: bytes live per
/// step summed by it, XLA's stated peak as printed).
fn oracle(path: &str) -> serde_json::Value {
    serde_json::from_str(&fixture(path)).unwrap()
}

const MLP: &str = "jax-0.10.2/module_0000.jit_mlp.cpu_after_optimizations";

#[test]
fn pasted_texts_are_told_apart_by_their_first_line() {
    assert_eq!(
        pasted_kind(&fixture(&format!("{MLP}-buffer-assignment.txt"))),
        Some(FileKind::BufferAssignment)
    );
    assert_eq!(
        pasted_kind(&fixture(&format!("{MLP}-live-range.txt"))),
        Some(FileKind::LiveRange)
    );
    assert_eq!(
        pasted_kind(&fixture(&format!("{MLP}.txt"))),
        Some(FileKind::Module)
    );
    assert_eq!(pasted_kind("f32[2,3]{1,0}"), None);
    assert_eq!(pasted_kind("Total bytes used: 12"), None);
    // A module joins only pasted dump texts; alone it is the document's.
    let module = fixture(&format!("{MLP}.txt"));
    assert!(!is_dump_paste(&module, false));
    assert!(is_dump_paste(&module, true));
    assert!(is_dump_paste("  BufferAssignment:\n", false));
}

#[test]
fn pasted_texts_read_as_the_files_they_are() {
    let set = DumpSet::default()
        .with_pasted(fixture(&format!("{MLP}-buffer-assignment.txt")))
        .unwrap();
    assert!(set.joining());
    let set = set
        .with_pasted(fixture(&format!("{MLP}-live-range.txt")))
        .unwrap();
    // The same kind again replaces, never doubles.
    let set = set
        .with_pasted(fixture(&format!("{MLP}-live-range.txt")))
        .unwrap();
    assert_eq!(set.files.len(), 2);
    let set = set.with_pasted(fixture(&format!("{MLP}.txt"))).unwrap();
    let want = oracle("jax-0.10.2/module_0000.jit_mlp.xla.json");
    let m = &set.timeline.modules[0];
    let peak = m.peak.as_ref().unwrap();
    assert_eq!(peak.bytes, want["brute_force"]["peak"]["bytes"]);
    assert_eq!(peak.step, want["brute_force"]["peak"]["step"]);
    assert_eq!(
        m.xla_peak.as_ref().unwrap().step,
        want["stated_peak"]["step"]
    );
    assert_eq!(m.partitions, Some(1), "the module's text was read");
    // Opened files after pasting start over, and a paste after them too.
    let opened = DumpSet::opened(vec![]);
    assert!(!opened.joining());
    let again = opened
        .with_pasted(fixture(&format!("{MLP}-live-range.txt")))
        .unwrap();
    assert_eq!(again.files.len(), 1);
    assert!(DumpSet::default().with_pasted("f32[2]".into()).is_none());
}

#[test]
fn only_dump_files_are_wanted_from_a_folder() {
    assert!(wanted(&format!("dump/{MLP}-live-range.txt")));
    assert!(wanted(&format!("{MLP}.txt")));
    assert!(!wanted(
        "dump/module_0000.jit_mlp.cpu_after_optimizations.ll"
    ));
    assert!(!wanted("dump/module_0000.jit_mlp.before_optimizations.txt"));
    assert!(!wanted("notes.txt"));
}

fn mlp() -> Module {
    let files = ["-buffer-assignment.txt", "-live-range.txt", ".txt"].map(|s| DumpFile {
        name: format!("{MLP}{s}"),
        text: fixture(&format!("{MLP}{s}")),
    });
    let set = DumpSet::opened(files.to_vec());
    set.timeline.modules[0].clone()
}

#[test]
fn the_chart_has_a_point_per_step_when_it_is_wide_and_a_column_pair_when_not() {
    let m = mlp();
    let want = oracle("jax-0.10.2/module_0000.jit_mlp.xla.json");
    let per_step: Vec<u64> = want["brute_force"]["bytes_per_step"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .collect();
    let c = Chart::of(&m, 800, 100.0);
    let points: Vec<(f64, f64)> = c
        .padded
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    assert_eq!(points.len(), per_step.len());
    let most = *per_step.iter().max().unwrap();
    for (k, ((x, y), b)) in points.iter().zip(&per_step).enumerate() {
        assert!((x - x_of(k as u64, per_step.len(), 800)).abs() < 0.06);
        let expect = 100.0 * (1.0 - *b as f64 / most as f64);
        assert!((y - expect).abs() < 0.06, "step {k}: {y} vs {expect}");
    }
    // The fullest step and XLA's (another step here) are both marked.
    assert_eq!(
        c.peak_x,
        Some(x_of(
            want["brute_force"]["peak"]["step"].as_u64().unwrap(),
            8,
            800
        ))
    );
    assert_eq!(
        c.xla_peak_x,
        Some(x_of(want["stated_peak"]["step"].as_u64().unwrap(), 8, 800))
    );
    // Narrower than the steps: two points (min, max) per column at most.
    let narrow = Chart::of(&m, 3, 100.0);
    assert!(narrow.padded.split(' ').count() <= 6);
}

#[test]
fn steps_follow_the_pointer_and_the_keys() {
    assert_eq!(step_at(0.0, 8), 0);
    assert_eq!(step_at(0.999, 8), 7);
    assert_eq!(step_at(1.0, 8), 7);
    assert_eq!(step_at(-3.0, 8), 0);
    assert_eq!(step_at(f64::NAN, 8), 0);
    assert_eq!(step_at(0.5, 0), 0);
    assert_eq!(step_key("ArrowRight", 7, 8), Some(7));
    assert_eq!(step_key("ArrowRight", 3, 8), Some(4));
    assert_eq!(step_key("ArrowLeft", 0, 8), Some(0));
    assert_eq!(step_key("End", 0, 8), Some(7));
    assert_eq!(step_key("Home", 5, 8), Some(0));
    assert_eq!(step_key("PageUp", 0, 100), Some(10));
    assert_eq!(step_key("a", 0, 8), None);
    assert_eq!(step_key("End", 0, 0), Some(0));
}

#[test]
fn the_moment_names_its_instruction_its_source_and_the_bytes() {
    let m = mlp();
    let at = at_text(&m, 4);
    assert!(at.starts_with("step 4 of 7: `wrapped_tanh`"), "{at}");
    assert!(at.contains("81,920 B (80.0 KiB) live"), "{at}");
    assert!(at.contains("dump-fixtures.py:"), "{at}");
    assert!(at_text(&m, 7).contains("the computation's end"));
    assert_eq!(at_text(&m, 99), "");
    let peaks = peaks_text(&m);
    assert!(peaks[0].contains("step 4"), "{peaks:?}");
    assert!(
        peaks[1].contains("step 5") && peaks[1].contains("fewer"),
        "{peaks:?}"
    );
    assert!(totals_text(&m).contains("arguments 49,152 B"));
    // Without the memory-usage report, nothing of it.
    assert!(!totals_text(&m).contains("report"));
}

#[test]
fn the_totals_name_the_memory_usage_reports_totals() {
    for (dir, prefix, key, say) in [
        (
            "jax-0.10.2",
            "module_0010.jit_sgd",
            "Total bytes:",
            "default (color 0) ",
        ),
        ("jax-0.4.38", "module_0011.jit_sgd", "Total bytes used:", ""),
    ] {
        let base = format!("{dir}/{prefix}.cpu_after_optimizations");
        // jax 0.4.x has no live-range file (its ranges are in the buffer assignment).
        let files: Vec<DumpFile> = [
            "-buffer-assignment.txt",
            "-live-range.txt",
            "-memory-usage-report.txt",
        ]
        .iter()
        .filter(|s| std::path::Path::new(&format!("{DIR}{base}{s}")).exists())
        .map(|s| DumpFile {
            name: format!("{base}{s}"),
            text: fixture(&format!("{base}{s}")),
        })
        .collect();
        let report = fixture(&format!("{base}-memory-usage-report.txt"));
        let total: u64 = report
            .lines()
            .find_map(|l| l.strip_prefix(key))
            .and_then(|r| r.trim().split(' ').next()?.parse().ok())
            .unwrap();
        let m = DumpSet::opened(files).timeline.modules[0].clone();
        let text = totals_text(&m);
        let want = if say.is_empty() {
            format!("XLA's memory-usage report: {} in all.", bytes(total))
        } else {
            format!("XLA's memory-usage report: {say}{}.", bytes(total))
        };
        assert!(text.ends_with(&want), "{text} / {want}");
    }
}
