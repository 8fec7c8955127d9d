//! docs/architecture.md names every folder of the source tree (issue 25:
//! the map had drifted from the tree once). Walks `src/` and `python/`
//! (and `static/`, `scripts/`, `tests/`, which the map also covers) on
//! disk, skipping build output and tool caches, and asks that each folder
//! appear in the map as `` `path/` ``; and, the other way, that every such
//! folder the map names exists, so a removed folder cannot linger there.
//! Reads a few hundred directory entries and one file: milliseconds.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

/// The trees the map covers.
const ROOTS: [&str; 5] = ["src", "python", "static", "scripts", "tests"];

/// Folders that hold build output or tool caches, never sources: cargo's
/// and maturin's `target`, Python's caches, Node's packages, the Sphinx
/// and MkDocs builds the Python tests may leave when run by hand.
fn is_output(name: &str) -> bool {
    name.starts_with('.')
        || name.ends_with(".egg-info")
        || matches!(
            name,
            "target" | "__pycache__" | "node_modules" | "_build" | "build" | "site" | "dist"
        )
}

fn folders(dir: &Path, rel: &str, out: &mut BTreeSet<String>) {
    out.insert(format!("{rel}/"));
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry"))
        .collect();
    entries.sort_by_key(|e| e.file_name());
    for entry in entries {
        let name = entry.file_name().to_string_lossy().into_owned();
        if entry.file_type().expect("a file type").is_dir() && !is_output(&name) {
            folders(&entry.path(), &format!("{rel}/{name}"), out);
        }
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn tree() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for r in ROOTS {
        folders(&root().join(r), r, &mut out);
    }
    out
}

fn map() -> String {
    fs::read_to_string(root().join("docs/architecture.md")).expect("docs/architecture.md")
}

/// The folder paths the map names: backquoted, under one of [`ROOTS`],
/// ending in `/`.
fn named(map: &str) -> BTreeSet<String> {
    map.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| s.ends_with('/') && ROOTS.iter().any(|r| s.starts_with(&format!("{r}/"))))
        .map(str::to_owned)
        .collect()
}

#[test]
fn every_folder_of_the_tree_is_in_the_map() {
    let named = named(&map());
    let missing: Vec<_> = tree().into_iter().filter(|f| !named.contains(f)).collect();
    assert!(
        missing.is_empty(),
        "docs/architecture.md does not name these folders (add a line `path/` - what it \
         holds; what it may import): {missing:?}"
    );
}

#[test]
fn every_folder_in_the_map_exists() {
    let tree = tree();
    let stale: Vec<_> = named(&map())
        .into_iter()
        .filter(|f| !tree.contains(f))
        .collect();
    assert!(
        stale.is_empty(),
        "docs/architecture.md names folders that are not in the tree: {stale:?}"
    );
}

#[test]
fn the_walk_sees_nested_folders_and_skips_output() {
    // The check above can only fail if the walk finds folders at depth;
    // these are known ones (and `target/` is skipped even under python/).
    let tree = tree();
    for f in [
        "src/core/text/parser/",
        "python/tests/mkdocs_demo/docs/",
        "tests/fixtures/hlo/",
    ] {
        assert!(tree.contains(f), "{f} not found by the walk");
    }
    assert!(tree
        .iter()
        .all(|f| !f.contains("/target/") && !f.contains("__pycache__")));
    assert!(named("`src/a/` and `docs/b/` and `src/c`").contains("src/a/"));
    assert_eq!(named("`src/a/` and `docs/b/` and `src/c`").len(), 1);
}
