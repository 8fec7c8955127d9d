//! The native integration tests, one crate: every `tests/*.rs` but the
//! browser tests (`wasm_*.rs`) is a module of it, and the support folders
//! are declared here once. One test binary links the library once, where
//! 39 did before (docs/testing.md, "One native test binary"); Cargo.toml
//! has `autotests = false` and names the three test targets.
#![cfg(not(target_arch = "wasm32"))]

// Support, shared by the modules below (docs/architecture.md).
mod cli_support;
mod layout_cases;
mod mapping_reference;
mod parse_support;
mod steps_reference;

mod architecture;
mod cli;
mod cli_conventions;
mod cli_explain;
mod cli_labels;
mod cli_scan;
mod cli_shard;
mod cli_steps_compare;
mod cli_svg;
mod cli_timeline;
mod compare;
mod dump_fixtures;
mod dump_props;
mod dump_report;
mod explain;
mod hlo_scan;
mod hlo_scan_lines;
mod hlo_scan_pieces;
mod hlo_scan_props;
mod hlo_scan_types;
mod hlo_scan_xla;
mod mapping_examples;
mod mapping_probe_props;
mod mapping_props;
mod mapping_text;
mod markup_props;
mod mlir_fixtures;
mod mlir_props;
mod parse_fixtures;
mod parse_fuzz;
mod parse_props;
mod readme;
mod render_edges_props;
mod render_fold;
mod render_fold_captions;
mod render_fuzz;
mod render_grid_props;
mod render_sampling;
mod render_svg;
mod render_views;
mod report_match;
mod scan_finds;
mod scan_hlo_sdy;
mod scan_json;
mod scan_mlir;
mod scan_records;
mod scan_sharding;
mod sharding_jax;
mod sharding_mesh;
mod sharding_report;
mod sharding_xla;
mod sizes_props;
mod stats_examples;
mod steps_examples;
mod steps_props;
mod ui_fold;
mod ui_names;
mod ui_present;
mod ui_stage_zoom;
mod ui_stages;
mod ui_state;

/// With `autotests = false`, a test file that no target names is never
/// compiled, silently: every `tests/*.rs` must be a module above or, for
/// the browser tests, a `[[test]]` target of `Cargo.toml`.
#[test]
fn every_test_file_is_compiled() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let this = include_str!("native.rs");
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let mut files: Vec<String> = std::fs::read_dir(root.join("tests"))
        .expect("tests/")
        .map(|e| {
            e.expect("an entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.ends_with(".rs") && name != "native.rs")
        .collect();
    files.sort();
    assert!(files.len() > 30, "tests/ read: {files:?}");
    let missing: Vec<&String> = files
        .iter()
        .filter(|name| {
            let declared = format!("\nmod {};\n", name.trim_end_matches(".rs"));
            let target = format!("path = \"tests/{name}\"");
            if name.starts_with("wasm_") {
                !manifest.contains(&target)
            } else {
                !this.contains(&declared)
            }
        })
        .collect();
    assert!(
        missing.is_empty(),
        "test files no target compiles (add `mod NAME;` to tests/native.rs, or a [[test]] to Cargo.toml): {missing:?}"
    );
}
