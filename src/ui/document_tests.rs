//! The document state: expectations come from the fixtures' own printed
//! figures (the report's `Size` / `Unpadded size`) and from counting by hand.

use super::*;
use crate::ui::lines::line_starts;

const REPORT: &str = include_str!("../../tests/fixtures/hlo/report_tpu.txt");
const NO_SHAPES: &str = include_str!("../../tests/fixtures/hlo/no_shapes.txt");
const MODULE: &str = include_str!("../../tests/fixtures/hlo/module.hlo");

fn scanned(text: &str, budget: usize) -> Document {
    let mut d = Document::new(text);
    let mut steps = 0;
    while !d.scan_step(budget) {
        steps += 1;
        assert!(steps < 1_000_000, "the scan does not end");
    }
    d
}

#[test]
fn counts_lines_and_utf16_units() {
    // `😀` is 4 bytes of UTF-8 and 2 UTF-16 code units (a surrogate pair).
    let d = Document::new("a😀\nb");
    assert_eq!(d.utf16_len, 5);
    assert_eq!(d.lines, 2);
    assert_eq!(Document::new("x\ny\n").lines, 2);
    assert_eq!(Document::new("").lines, 0);
    assert_eq!(line_starts("ab\ncd\n\ne"), vec![0, 3, 6, 7]);
}

#[test]
fn threshold_is_about_100_kb() {
    assert!(!is_large(&"a".repeat(100 * 1024)));
    assert!(is_large(&"a".repeat(100 * 1024 + 1)));
}

#[test]
fn report_in_small_chunks_finds_what_one_pass_finds() {
    let d = scanned(REPORT, 64);
    let whole: Vec<_> = crate::core::hlo::scan(REPORT)
        .into_iter()
        .map(|f| f.span())
        .collect();
    let chunked: Vec<_> = d.rows.iter().map(|f| f.span()).collect();
    assert_eq!(chunked, whole);
    assert_eq!(d.kind(), Kind::Report);
    assert_eq!(d.percent(), 100);
    assert!(d.hint.is_none());
    // Four `Shape:` lines in the fixture.
    let allocations = d.rows.iter().filter(|f| f.role == Role::Allocation).count();
    assert_eq!(allocations, 4);
}

#[test]
fn many_shapes_in_chunks_are_all_kept_in_order() {
    // 3,000 lines of one instruction each (three shapes a line): past the
    // point where the rows' vector is sized from the rate found so far.
    let line = "  %a.1 = f32[8,128]{1,0:T(8,128)} add(f32[8,128]{1,0} %x, f32[8,128]{1,0} %y)\n";
    let text = line.repeat(3_000);
    let d = scanned(&text, 4096);
    let whole: Vec<_> = crate::core::hlo::scan(&text)
        .into_iter()
        .map(|f| (f.span(), f.role))
        .collect();
    assert_eq!(whole.len(), 9_000);
    let chunked: Vec<_> = d.rows.iter().map(|f| (f.span(), f.role)).collect();
    assert_eq!(chunked, whole);
    // The room reserved is bounded by what the text can hold.
    assert!(d.rows.capacity() <= text.len() / 4);
}

#[test]
fn largest_waste_first_by_default() {
    let d = scanned(REPORT, SCAN_CHUNK);
    let first = d.rows.get(d.view[0]).unwrap();
    // Allocation 1: Size 16.00M, Unpadded 384.0K, so 16 MiB - 384 KiB of
    // padding, more than any other shape in the report.
    assert_eq!(
        &REPORT[first.span().range()],
        "f32[4096,8,3]{2,1,0:T(8,128)}"
    );
    assert_eq!(waste(first), 16 * 1024 * 1024 - 384 * 1024);
    assert_eq!(d.view.len(), d.rows.len());
    for pair in d.view.windows(2) {
        assert!(waste(d.rows.get(pair[0]).unwrap()) >= waste(d.rows.get(pair[1]).unwrap()));
    }
}

#[test]
fn sorting_by_position_flips_on_second_click() {
    let mut d = scanned(MODULE, SCAN_CHUNK);
    d.set_sort(SortKey::Where);
    let starts: Vec<_> = d
        .view
        .iter()
        .map(|&i| d.rows.get(i).unwrap().span().start)
        .collect();
    assert!(starts.windows(2).all(|w| w[0] < w[1]));
    d.set_sort(SortKey::Where);
    let starts: Vec<_> = d
        .view
        .iter()
        .map(|&i| d.rows.get(i).unwrap().span().start)
        .collect();
    assert!(starts.windows(2).all(|w| w[0] > w[1]));
    assert_eq!(d.kind(), Kind::Module);
}

#[test]
fn filter_keeps_matching_rows_only() {
    let mut d = scanned(REPORT, SCAN_CHUNK);
    d.set_filter("u8[".into());
    assert_eq!(d.view.len(), 1);
    assert_eq!(
        &REPORT[d.rows.get(d.view[0]).unwrap().span().range()],
        "u8[4096]{0}"
    );
    d.set_filter("no such thing".into());
    assert!(d.view.is_empty());
    d.set_filter(String::new());
    assert_eq!(d.view.len(), d.rows.len());
}

#[test]
fn picking_a_row_gives_its_shape() {
    let mut d = scanned(REPORT, SCAN_CHUNK);
    let first = d.view[0];
    assert_eq!(
        d.select(first).as_deref(),
        Some("f32[4096,8,3]{2,1,0:T(8,128)}")
    );
    assert_eq!(d.selected, Some(first));
    assert_eq!(d.select(usize::MAX), None);
    let w = d.where_of(d.rows.get(first).unwrap());
    assert_eq!(w, "allocation 1 (line 7)");
}

#[test]
fn the_first_row_is_picked_once_the_scan_is_done_and_none_was_picked() {
    // Not while the scan runs.
    let mut d = Document::new(REPORT);
    assert!(
        !d.scan_step(64),
        "a 64-byte step does not end a 2 KB report"
    );
    assert_eq!(d.pick_first(), None);
    assert_eq!(d.selected, None);
    // Done: the first row under the default sort, the shape that wastes the
    // most (allocation 1: Size 16.00M, Unpadded size 384.0K).
    let mut d = scanned(REPORT, SCAN_CHUNK);
    assert_eq!(
        d.pick_first().as_deref(),
        Some("f32[4096,8,3]{2,1,0:T(8,128)}")
    );
    let picked = d.selected.expect("the row is marked as picked");
    assert_eq!(
        d.where_of(d.rows.get(picked).unwrap()),
        "allocation 1 (line 7)"
    );
    // Once only.
    assert_eq!(d.pick_first(), None);
    // Never over a row picked by hand.
    let mut d = scanned(REPORT, SCAN_CHUNK);
    let third = d.view[2];
    d.select(third);
    assert_eq!(d.pick_first(), None);
    assert_eq!(d.selected, Some(third));
    // Rows that do not parse are passed over: here the first row in the
    // table (both waste nothing, so text order) is a shape with a duplicate
    // minor_to_major entry.
    let mut d = scanned(
        "%a = f32[2,3]{0,0} add()\n%b = f32[4]{0} add()\n",
        SCAN_CHUNK,
    );
    assert!(d.rows.get(d.view[0]).unwrap().facts.canonical.is_none());
    assert_eq!(d.pick_first().as_deref(), Some("f32[4]{0}"));
    let only_invalid = "%a = f32[2,3]{0,0} add()\n%b = f32[2]{1} add()\n";
    assert_eq!(scanned(only_invalid, SCAN_CHUNK).pick_first(), None);
    // Nothing to pick: no shapes, or a filter that hides them all.
    assert_eq!(scanned(NO_SHAPES, SCAN_CHUNK).pick_first(), None);
    let mut d = scanned(REPORT, SCAN_CHUNK);
    d.set_filter("no such thing".into());
    assert_eq!(d.pick_first(), None);
}

#[test]
fn summary_names_kind_size_lines_and_shapes() {
    let d = scanned(REPORT, SCAN_CHUNK);
    let lines = REPORT.lines().count();
    assert_eq!(
        d.summary(),
        format!(
            "memory report: {}, {lines} lines, {} shapes found",
            human_bytes(REPORT.len()),
            d.rows.len()
        )
    );
    let mut partial = Document::new(REPORT);
    partial.scan_step(1);
    assert!(partial.summary().contains("scanning"));
}

#[test]
fn text_without_shapes_gets_the_hint() {
    let d = scanned(NO_SHAPES, SCAN_CHUNK);
    assert!(d.rows.is_empty());
    assert_eq!(d.kind(), Kind::Text);
    assert!(d.hint.as_deref().unwrap_or("").contains("Paste"));
}

#[test]
fn human_bytes_in_decimal_units() {
    assert_eq!(human_bytes(812), "812 B");
    assert_eq!(human_bytes(5_000_000), "5.0 MB");
    assert_eq!(human_bytes(1500), "1.5 KB");
}

#[test]
fn modules_and_reports_are_held_one_instruction_is_not() {
    let seed = include_str!("../../tests/fixtures/hlo/seed_instructions.txt");
    let fusion = &seed[seed.find("%fusion.3").unwrap()..];
    assert!(!should_hold(fusion));
    assert!(!should_hold("f32[2,3]{1,0}"));
    assert!(should_hold(REPORT));
    assert!(should_hold(MODULE));
    // Both of the seed's instructions: two statements.
    assert!(should_hold(seed));
    assert!(should_hold(&"x".repeat(DOCUMENT_THRESHOLD + 1)));
}

#[test]
fn binary_bytes_read_like_the_report() {
    // The report's own figures for allocation 1: Size 16.00M, Unpadded 384.0K.
    assert_eq!(binary_bytes(16 * 1024 * 1024), "16.00 MiB");
    assert_eq!(binary_bytes(393_216), "384.0 KiB");
    assert_eq!(binary_bytes(512), "512 B");
    assert_eq!(binary_bytes(u64::MAX), "16384.00 PiB");
}

#[test]
fn size_sorts_keep_text_order_on_ties_both_ways() {
    // The module repeats shapes, so every size column has ties.
    let mut d = scanned(MODULE, SCAN_CHUNK);
    let sizes = |f: crate::core::hlo::FoundRef<'_>| {
        [
            f.facts.elements.unwrap_or(0),
            f.facts.bytes_footprint.unwrap_or(0),
            f.facts.bytes_xla.unwrap_or(0),
            waste(f),
        ]
    };
    let keys = [
        SortKey::Elements,
        SortKey::Footprint,
        SortKey::Xla,
        SortKey::Waste,
    ];
    for (column, key) in keys.into_iter().enumerate() {
        for descending in [true, false] {
            d.sort = key;
            d.descending = descending;
            d.refresh();
            // Brute force: every pair in view is in order, ties by index.
            for pair in d.view.windows(2) {
                let (a, b) = (
                    sizes(d.rows.get(pair[0]).unwrap())[column],
                    sizes(d.rows.get(pair[1]).unwrap())[column],
                );
                let ordered = if descending { a > b } else { a < b };
                assert!(
                    ordered || (a == b && pair[0] < pair[1]),
                    "{key:?} descending={descending}: {a} then {b}"
                );
            }
            assert_eq!(d.view.len(), d.rows.len());
        }
    }
    let ties = d
        .view
        .windows(2)
        .any(|p| sizes(d.rows.get(p[0]).unwrap())[3] == sizes(d.rows.get(p[1]).unwrap())[3]);
    assert!(
        ties,
        "the fixture has no ties: the test checks nothing about them"
    );
}

#[test]
fn sharded_results_sort_by_their_per_device_footprint() {
    // 64 rows cut 16 ways: 4 rows per device, T(8,128) pads to 8 rows, so
    // 8 x 128 x 4 bytes; 64 rows cut 2 ways: 32 rows, 32 x 128 x 4 bytes.
    let text = "%a = f32[64,128]{1,0:T(8,128)} parameter(0), sharding={devices=[16,1]<=[16]}\n\
                %b = f32[64,128]{1,0:T(8,128)} parameter(1), sharding={devices=[2,1]<=[2]}\n\
                %c = f32[64,128]{1,0} add(%a, %b)\n";
    let mut d = scanned(text, 7);
    assert!(d.sharded);
    d.set_sort(SortKey::PerDevice);
    let order: Vec<&str> = d
        .view
        .iter()
        .map(|&i| &text[d.rows.get(i).unwrap().instruction().unwrap().range()])
        .collect();
    assert_eq!(order, ["b", "a", "c"]);
    let per = |name: &str| {
        let f = d
            .rows
            .iter()
            .find(|f| &text[f.instruction().unwrap().range()] == name)
            .unwrap();
        f.sharding().and_then(|s| s.bytes_footprint_per_device)
    };
    assert_eq!(per("a"), Some(8 * 128 * 4));
    assert_eq!(per("b"), Some(32 * 128 * 4));
    assert_eq!(per("c"), None);
    assert!(!scanned(REPORT, SCAN_CHUNK).sharded);
}

#[test]
fn an_mlir_module_is_held_as_one_one_op_line_is_not() {
    // What `jax.jit(f).lower(..).as_text()` printed (scripts/mlir-oracle.py).
    let module = include_str!("../../tests/fixtures/mlir/mesh2_dot.shardy.mlir");
    assert!(should_hold(module));
    let op = module.lines().find(|l| l.contains("dot_general")).unwrap();
    assert!(!should_hold(op.trim()));
    let mut d = scanned(module, SCAN_CHUNK);
    assert!(d.mlir);
    assert_eq!(d.kind(), Kind::MlirModule);
    assert!(d.summary().starts_with("MLIR module: "));
    assert!(d.sharded);
    // The rows' texts are the MLIR types; a pick draws the XLA shape the
    // first argument becomes (tests/fixtures/mlir/expected.tsv: arg0).
    d.set_sort(SortKey::Where);
    let first = d.view[0];
    assert_eq!(
        &module[d.rows.get(first).unwrap().span().range()],
        "tensor<8x6xf32>"
    );
    assert_eq!(d.select(first).as_deref(), Some("f32[8,6]{1,0}"));
    assert!(!Document::new(MODULE).mlir);
}
