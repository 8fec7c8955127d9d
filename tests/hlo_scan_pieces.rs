//! A scan on several threads (`scan_on_threads`, which `scan` uses for
//! texts of several megabytes) finds exactly what one thread finds, every
//! field of every find, wherever the pieces are cut: in the fixtures and
//! in random texts made of the statements that carry state from line to
//! line (module headers with Shardy meshes, partitioned computations,
//! memory-report headers, comments, strings and instructions over several
//! lines).

use proptest::prelude::*;
use xla_layout_viz::core::hlo::{scan_on_threads, Finds, Scanner};

fn one_thread(text: &str) -> Finds {
    let mut sc = Scanner::new();
    sc.scan_some(text, usize::MAX);
    sc.take_found()
}

/// Every field, facts and sharding included.
fn same(text: &str, threads: usize, min_piece: usize) -> Result<(), String> {
    let want = format!("{:?}", one_thread(text));
    let got = format!("{:?}", scan_on_threads(text, threads, min_piece));
    if got == want {
        Ok(())
    } else {
        Err(format!("{threads} threads, pieces of {min_piece}: differs"))
    }
}

#[test]
fn fixtures_scan_the_same_in_pieces() {
    let mut text = String::new();
    for f in [
        include_str!("fixtures/hlo/module.hlo"),
        include_str!("fixtures/hlo/report_tpu.txt"),
        include_str!("fixtures/hlo/module.hlo"),
        include_str!("fixtures/hlo/seed_instructions.txt"),
        include_str!("fixtures/hlo/module.hlo"),
        include_str!("fixtures/hlo/report_tpu.txt"),
    ] {
        text.push_str(f);
        text.push('\n');
    }
    assert!(one_thread(&text).len() > 40);
    for threads in 2..=6 {
        for min_piece in [1, 40, 300, 1000, 3000] {
            same(&text, threads, min_piece).unwrap();
        }
    }
}

/// Lines that open computations (where pieces are cut) and lines that
/// carry state over them.
const LINES: &[&str] = &[
    "HloModule m, frontend_attributes={xla.sdy.meshes={mesh = #sdy.mesh<[\\\"x\\\"=4]>}}",
    "HloModule n, num_partitions=2",
    "%comp.1 (p: f32[8]) -> f32[8] {",
    "ENTRY %main.2_spmd (p: f32[8,4]) -> f32[8,4] {",
    "ENTRY main.3 {",
    "fused.4_spmd {",
    "}",
    "",
    "  %p = f32[8,4]{1,0} parameter(0), sharding={devices=[2,1]0,1}",
    "  a = f32[8,4]{1,0} parameter(0), frontend_attributes={xla.sdy.sharding=\"#sdy.sharding<@mesh, [{\\\"x\\\"}, {}]>\"}",
    "  ROOT %t = (f32[8]{0}, s32[]) tuple(f32[8]{0} %a,",
    "    s32[] %b), sharding={{replicated}, {maximal device=0}}",
    "  %s = f32[2]{0} custom-call(), backend_config=\"opens",
    "closes\", metadata={op_name=\"f32[9]{0}\"}",
    "/* a comment f32[3]{0}",
    "*/ f32[4]{0}",
    "  Largest program allocations in hbm:",
    "  1. Size: 16.00M",
    "     Shape: f32[4096,8,3]{2,1,0:T(8,128)}",
    "     XLA label: %fusion.1 = f32[4]{0} fusion(f32[4]{0} %p)",
    "  ==========================",
    "text with bf16[512]{0:T(512)(128)(2,1)} in it",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn random_statements_scan_the_same_in_pieces(
        lines in prop::collection::vec(0..LINES.len(), 0..60),
        threads in 2usize..6,
        min_piece in 1usize..120,
    ) {
        let text: String = lines.iter().map(|&k| format!("{}\n", LINES[k])).collect();
        prop_assert_eq!(same(&text, threads, min_piece), Ok(()));
    }
}

#[test]
fn a_report_entry_after_a_cut_keeps_its_memory_space() {
    // The header's memory space holds for every entry after it, however
    // many computations come between.
    let module = include_str!("fixtures/hlo/module.hlo");
    let text = format!(
        "  Largest program allocations in hbm:\n{module}\n  1. Size: 16.00M\n     Shape: f32[4096,8,3]{{2,1,0:T(8,128)}}\n"
    );
    let found = one_thread(&text);
    let last = found.iter().next_back().unwrap();
    assert!(last.allocation().is_some_and(|a| a.memory_space.is_some()));
    for min_piece in [1, 100, 500] {
        same(&text, 3, min_piece).unwrap();
    }
}

#[test]
fn any_count_of_threads_and_any_piece_size_is_safe() {
    // Threads and pieces are capped, whatever is asked: no thread per
    // byte, no piece of no bytes.
    let module = include_str!("fixtures/hlo/module.hlo").repeat(20);
    for (threads, min_piece) in [
        (0, 0),
        (1, 0),
        (usize::MAX, 0),
        (usize::MAX, usize::MAX),
        (7, 1),
    ] {
        same(&module, threads, min_piece).unwrap();
    }
}

/// A module header walked in vain to the text's end (its `\"` opens a
/// string that never closes) makes the one scanner read every later
/// header as one line; a piece starting after it must not follow one of
/// them over lines on its own (proptest's case of 2026-12-07).
#[test]
fn a_header_walked_in_vain_holds_for_the_pieces_after_it() {
    let lines = [
        2, 2, 3, 0, 2, 3, 9, 2, 2, 0, 4, 20, 0, 3, 10, 10, 13, 6, 6, 6, 0, 3, 0, 4, 18, 3,
    ];
    let text: String = lines.iter().map(|&k| format!("{}\n", LINES[k])).collect();
    for min_piece in [1, 45, 120] {
        same(&text, 2, min_piece).unwrap();
    }
}
