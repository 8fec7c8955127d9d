//! Comparing two layouts: the seeds' example worked by hand, errors, the
//! limits, and small random pairs against the brute-force reference.

use crate::mapping_reference;

use mapping_reference::{reference, R};
use proptest::prelude::*;
use xla_layout_viz::core::compare::{compare, compare_mappings, Comparison};
use xla_layout_viz::core::{
    parse, ArrayLayout, DimSize, ElementType, LayoutAttributes, Mapping, Shape, Tile, TileDim,
};

fn run(a: &str, b: &str) -> Result<Comparison, String> {
    let (sa, sb): (Shape, Shape) = (parse(a).unwrap(), parse(b).unwrap());
    let (la, lb) = (sa.leaves(), sb.leaves());
    compare(la[0].1, lb[0].1).map_err(|e| e.to_string())
}

/// Seed 003, "Minor-to-major dimension ordering": a b c / d e f is
/// `a b c d e f` with {1,0} and `a d b e c f` with {0,1}. a (offset 0) and
/// f (offset 5) stay; b 1->2, c 2->4, d 3->1, e 4->3 move: 4 of 6.
#[test]
fn the_seeds_example_moves_4_of_6() {
    let c = run("f32[2,3]{1,0}", "f32[2,3]{0,1}").unwrap();
    assert_eq!(
        c,
        Comparison {
            bitcast: Some(false),
            elements: 6,
            elements_moved: Some(4),
            bytes_footprint_a: 24,
            bytes_footprint_b: 24,
            reason: None,
        }
    );
}

/// A dim of size 1 adds nothing to the linear index: [1,4] row- or
/// column-major is the same four elements in the same order.
#[test]
fn size_one_dims_in_another_order_are_a_bitcast() {
    let c = run("f32[1,4]{0,1}", "f32[1,4]{1,0}").unwrap();
    assert_eq!(c.bitcast, Some(true));
    assert_eq!(c.elements_moved, Some(0));
}

/// Same offsets, different footprint (L(8) pads 6 to 8): not a bitcast.
#[test]
fn a_different_footprint_is_not_a_bitcast() {
    let c = run("f32[2,3]{1,0:T(1)L(8)}", "f32[2,3]{1,0:T(1)}").unwrap();
    assert_eq!(c.elements_moved, Some(0));
    assert_eq!(c.bitcast, Some(false));
    assert_eq!((c.bytes_footprint_a, c.bytes_footprint_b), (32, 24));
}

#[test]
fn mismatches_are_errors_pointing_at_the_second_text() {
    let e = run("f32[2,3]", "f32[3,2]").unwrap_err();
    assert!(
        e.contains("dim 0 has size 2 in the first shape and 3 here"),
        "{e}"
    );
    assert!(e.contains("f32[3,2]\n    ^"), "{e}");
    let e = run("f32[2,3]", "f32[6]").unwrap_err();
    assert!(e.contains("2 against 1 dims"), "{e}");
    let e = run("f32[2,3]", "bf16[2,3]").unwrap_err();
    assert!(e.contains("element types differ"), "{e}");
    assert!(e.contains("bf16[2,3]\n^^^^"), "{e}");
}

/// A long second text (a pasted tuple leaf, `-` on the CLI) is shown as a
/// window around the span, as a parse error is, never whole.
#[test]
fn mismatch_errors_show_a_window_of_a_long_text() {
    let spaces = " ".repeat(5000);
    let b = format!("f32[2,{spaces}4]{{1,0}}");
    let e = run("f32[2,3]", &b).unwrap_err();
    assert!(e.len() < 400, "{} bytes: {e}", e.len());
    let col = b.find('4').unwrap() + 1;
    assert!(e.contains(&format!("1:{col}: dim 1 has size 3")), "{e}");
    let lines: Vec<&str> = e.lines().collect();
    assert!(
        lines[0].starts_with("...") && lines[0].ends_with("4]{1,0}"),
        "{e}"
    );
    assert_eq!(lines[1].find('^'), lines[0].find('4'), "{e}");
}

/// 2^25 elements: too many to count; the first elements already move, so
/// it is not a bitcast, and the count is unknown rather than guessed.
#[test]
fn large_arrays_say_what_they_could_not_count() {
    let c = run("f32[65536,512]{1,0}", "f32[65536,512]{0,1}").unwrap();
    assert_eq!(c.bitcast, Some(false));
    assert_eq!(c.elements_moved, None);
    assert!(c.reason.unwrap().contains("2^24"));
    let same = run(
        "f32[65536,512]{1,0:T(8,128)}",
        "f32[65536,512]{1,0:T(8,128)S(1)}",
    )
    .unwrap();
    assert_eq!((same.bitcast, same.elements_moved), (Some(true), Some(0)));
}

#[derive(Clone, Debug)]
struct Side {
    m2m: Vec<usize>,
    tiles: Vec<Vec<i64>>,
    align: usize,
}

fn side(n: usize) -> impl Strategy<Value = Side> {
    let perm = Just((0..n).collect::<Vec<_>>()).prop_shuffle();
    let tile = (1usize..=n + 1).prop_flat_map(|len| prop::collection::vec(1i64..=3, len));
    (
        perm,
        prop::collection::vec(tile, 0..=2),
        prop_oneof![3 => Just(1usize), 1 => 1usize..=5],
    )
        .prop_map(|(m2m, tiles, align)| Side { m2m, tiles, align })
}

fn layout(dims: &[usize], s: &Side) -> ArrayLayout {
    let tiles = s
        .tiles
        .iter()
        .map(|t| Tile::new(t.iter().map(|&e| TileDim::Size(e as u64)).collect()).unwrap())
        .collect();
    ArrayLayout::new(
        ElementType::F32,
        dims.iter().map(|&d| DimSize::Static(d as u64)).collect(),
        Some(s.m2m.clone()),
        tiles,
        LayoutAttributes {
            tail_padding_alignment: s.align as u64,
            ..LayoutAttributes::default()
        },
    )
    .unwrap()
}

/// Offsets of each element id, from the reference.
fn offsets(dims: &[usize], s: &Side) -> (Vec<usize>, usize) {
    let mem = reference(dims, None, &s.m2m, &s.tiles, s.align);
    let n: usize = dims.iter().product();
    let mut at = vec![0; n];
    for (offset, cell) in mem.cells.iter().enumerate() {
        if let R::E(e) = cell {
            at[*e as usize] = offset;
        }
    }
    (at, mem.cells.len())
}

proptest! {
    #[test]
    fn small_pairs_match_the_brute_force(
        (dims, a, b) in (0usize..=3).prop_flat_map(|n| (
            prop::collection::vec(1usize..=4, n), side(n), side(n)))
    ) {
        let (oa, fa) = offsets(&dims, &a);
        let (ob, fb) = offsets(&dims, &b);
        let moved = oa.iter().zip(&ob).filter(|(x, y)| x != y).count() as u64;
        let (la, lb) = (layout(&dims, &a), layout(&dims, &b));
        let (ma, mb) = (Mapping::new(&la).unwrap(), Mapping::new(&lb).unwrap());
        let c = compare_mappings((&la, &ma, 4 * fa as u64), (&lb, &mb, 4 * fb as u64));
        prop_assert_eq!(c.elements_moved, Some(moved));
        prop_assert_eq!(c.bitcast, Some(moved == 0 && fa == fb));
        prop_assert_eq!(c.elements, oa.len() as u64);
    }
}
