//! The drawing lookups (`probe_offset`, `ghost_index`) against the lookups
//! they must agree with: `at` (itself checked against a brute-force
//! reference in `mapping_props.rs`) and `locate` over the ghost region.

use proptest::prelude::*;
use xla_layout_viz::core::{parse, Cell, Mapping, PaddingSource, NO_TILE};

use crate::layout_cases;

use layout_cases::{build, case as layout_case};

fn case() -> impl Strategy<Value = layout_cases::Case> {
    layout_case(4, 7, 3)
}

/// Every index of a box, row-major.
fn indices(sizes: &[u64]) -> impl Iterator<Item = Vec<u64>> + '_ {
    let n: u64 = sizes.iter().product();
    (0..n).map(move |mut k| {
        let mut index = vec![0; sizes.len()];
        for d in (0..sizes.len()).rev() {
            index[d] = k % sizes[d];
            k /= sizes[d];
        }
        index
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn probe_offset_agrees_with_at_and_locate(c in case()) {
        let m = build(&c);
        prop_assume!(m.footprint() <= 20_000);
        let levels = m.num_levels();
        let mut tiles = vec![0u64; levels];
        let mut located = vec![0u64; levels];
        let mut index = vec![0u64; m.num_dims()];
        for offset in 0..m.footprint() {
            let cell = m.probe_offset(offset, &mut tiles);
            prop_assert_eq!(cell, m.at(offset), "offset {}", offset);
            // Which levels know the cell: all for elements, from the
            // padding's own level on for tiling padding, none for tails.
            let first_known = match cell {
                Some(Cell::Padding(PaddingSource::Tile { level })) => level,
                Some(Cell::Padding(PaddingSource::TailAlignment)) => levels,
                _ => 0,
            };
            for (k, &t) in tiles.iter().enumerate() {
                prop_assert_eq!(t == NO_TILE, k < first_known, "level {} at {}", k, offset);
            }
            // Where the logical picture shows the cell, `locate` finds the
            // same offset and the same tiles.
            if m.ghost_index(offset, &mut index) {
                prop_assert_eq!(m.locate(&index, &mut located), Some(offset));
                prop_assert_eq!(&located, &tiles);
            } else {
                prop_assert!(!matches!(cell, Some(Cell::Element(_))), "element {} has no place", offset);
            }
        }
        prop_assert_eq!(m.probe_offset(m.footprint(), &mut tiles), None);

        // And the other way: every cell of the ghost region is a distinct
        // offset whose ghost index is that cell.
        let ghost = m.ghost_dims().to_vec();
        let mut seen = std::collections::HashSet::new();
        for g in indices(&ghost) {
            let offset = m.locate(&g, &mut located).expect("inside the ghost region");
            prop_assert!(seen.insert(offset), "two ghost cells at offset {}", offset);
            prop_assert!(m.ghost_index(offset, &mut index));
            prop_assert_eq!(&index, &g);
        }
    }
}

/// The mapping of a one-leaf shape's layout.
fn mapping(text: &str) -> Mapping {
    let shape = parse(text).unwrap();
    Mapping::new(&shape.leaves()[0].1.layout().unwrap()).unwrap()
}

#[test]
fn legacy_padding_is_part_of_the_ghost_region() {
    // Seed 000's example: [2x3] padded to [3,5], minor_to_major {0,1}:
    // memory `a d 0 b e 0 c f 0 0 0 0 0 0 0`, the 3x5 array column-major.
    let shape = parse("f32[2,3]{0,1}").unwrap();
    let layout = shape.leaves()[0].1.layout().unwrap();
    let m = Mapping::with_padded_dims(&layout, &[3, 5]).unwrap();
    assert_eq!(m.ghost_dims(), &[3, 5]);
    let mut index = [0u64; 2];
    // Offset 2 is the first `0`: row 2, column 0 of the 3x5 picture.
    assert!(m.ghost_index(2, &mut index));
    assert_eq!(index, [2, 0]);
    // Offset 14, the last cell: (2, 4).
    assert!(m.ghost_index(14, &mut index));
    assert_eq!(index, [2, 4]);
}

#[test]
fn later_level_and_tail_padding_have_no_ghost_place() {
    let mut index = [0u64; 2];
    // T(2,2) pads f32[2,3] to 2x4 = 8 cells; L(32) adds a 24-cell tail.
    let m = mapping("f32[2,3]{1,0:T(2,2)L(32)}");
    assert_eq!(m.footprint(), 32);
    for offset in 8..32 {
        assert!(!m.ghost_index(offset, &mut index), "tail offset {offset}");
    }
    // f32[6,8] by (2,4) has 3x2 tiles; (2,1,1,1) pads the 3 tile rows to
    // 4, so the second level adds 16 cells that have no logical place.
    let m = mapping("f32[6,8]{1,0:T(2,4)(2,1,1,1)}");
    let later: Vec<u64> = (0..m.footprint())
        .filter(|&o| m.at(o) == Some(Cell::Padding(PaddingSource::Tile { level: 1 })))
        .collect();
    assert_eq!(later.len(), 16);
    for offset in later {
        assert!(!m.ghost_index(offset, &mut index), "offset {offset}");
    }
    // The worked example f32[3,5]{1,0:T(2,2)}: offset 17 is element (2,3).
    let m = mapping("f32[3,5]{1,0:T(2,2)}");
    assert!(m.ghost_index(17, &mut index));
    assert_eq!(index, [2, 3]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// The claim behind the pictures' fast paths: the offset and every
    /// tile number of a ghost-region cell are sums of one term per group of
    /// dims that merges join ([`Mapping::merge_groups`]), each term the
    /// lookup with the other groups' coordinates at 0. Without merges every
    /// dim is a group of its own (one term per coordinate), and only merges
    /// make a mapping inseparable.
    #[test]
    fn lookups_are_sums_of_per_group_terms(c in case()) {
        let m = build(&c);
        let ghost = m.ghost_dims().to_vec();
        prop_assume!(ghost.iter().product::<u64>() <= 5_000);
        let merges = c.tiles.iter().any(|t| t.contains(&-1));
        prop_assert_eq!(m.is_separable(), !merges);
        let groups = m.merge_groups();
        prop_assert_eq!(groups.len(), ghost.len());
        if m.is_separable() {
            let mut distinct = groups.clone();
            distinct.sort_unstable();
            distinct.dedup();
            prop_assert_eq!(distinct.len(), groups.len());
        }
        let levels = m.num_levels();
        let (mut tiles, mut term_tiles) = (vec![0u64; levels], vec![0u64; levels]);
        for g in indices(&ghost) {
            let offset = m.locate(&g, &mut tiles).expect("in the ghost region");
            let (mut sum, mut tile_sum) = (0u64, vec![0u64; levels]);
            let mut seen: Vec<usize> = Vec::new();
            for &group in &groups {
                if seen.contains(&group) {
                    continue;
                }
                seen.push(group);
                let part: Vec<u64> = g
                    .iter()
                    .zip(&groups)
                    .map(|(&v, &h)| if h == group { v } else { 0 })
                    .collect();
                sum = sum.wrapping_add(m.locate(&part, &mut term_tiles).expect("in range"));
                for (t, v) in tile_sum.iter_mut().zip(&term_tiles) {
                    *t = t.wrapping_add(*v);
                }
            }
            prop_assert_eq!(sum, offset, "index {:?}, groups {:?}", g, groups);
            prop_assert_eq!(&tile_sum, &tiles, "index {:?}, groups {:?}", g, groups);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, ..ProptestConfig::default() })]

    /// Dims no tile touches contribute linearly to offsets and tile numbers.
    #[test]
    fn untouched_dims_are_linear(c in case()) {
        let m = build(&c);
        let ghost = m.ghost_dims().to_vec();
        prop_assume!(ghost.iter().all(|&g| g > 0));
        let levels = m.num_levels();
        let (mut one, mut t) = (vec![0u64; levels], vec![0u64; levels]);
        for d in (0..ghost.len()).filter(|&d| m.is_linear_dim(d) && ghost[d] > 1) {
            let mut unit = vec![0u64; ghost.len()];
            unit[d] = 1;
            let step = m.locate(&unit, &mut one).expect("in range");
            for v in 0..ghost[d] {
                unit[d] = v;
                let offset = m.locate(&unit, &mut t).expect("in range");
                prop_assert_eq!(offset, v * step, "dim {} value {}", d, v);
                let scaled: Vec<u64> = one.iter().map(|x| x * v).collect();
                prop_assert_eq!(&t, &scaled);
            }
        }
    }
}

#[test]
fn batch_dims_of_tpu_layouts_are_linear() {
    let shape = parse("bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}").unwrap();
    let m = Mapping::new(&shape.leaves()[0].1.layout().unwrap()).unwrap();
    assert!(m.is_linear_dim(0) && m.is_linear_dim(1));
    assert!(!m.is_linear_dim(2) && !m.is_linear_dim(3));
    assert!(!m.is_linear_dim(4));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    /// `probe_offset_with` (the memory pane's loop, one register vector for
    /// every probe) gives what `probe_offset` gives, whatever the vector
    /// held before: registers left over from another offset or another
    /// mapping never leak into a result.
    #[test]
    fn probing_with_reused_registers_is_probing_afresh(c in case(), garbage in 0u64..=u64::MAX) {
        let m = build(&c);
        prop_assume!(m.footprint() <= 5_000);
        let levels = m.num_levels();
        let (mut fresh, mut reused) = (vec![0u64; levels], vec![0u64; levels]);
        let mut regs = vec![garbage; 40];
        // Backwards, so that each probe follows a different offset's.
        for offset in (0..m.footprint() + 2).rev() {
            let want = m.probe_offset(offset, &mut fresh);
            let got = m.probe_offset_with(offset, &mut reused, &mut regs);
            prop_assert_eq!(got, want, "offset {}", offset);
            if want.is_some() {
                prop_assert_eq!(&reused, &fresh, "tiles at {}", offset);
            }
            regs.iter_mut().for_each(|r| *r = r.wrapping_add(garbage | 1));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    /// `tile_run`'s claim, cell by cell: below the tail every offset has
    /// the level's tile, and it changes exactly at multiples of the run.
    #[test]
    fn tile_runs_are_aligned_runs_of_one_tile(c in case()) {
        let m = build(&c);
        let end = m.footprint_before_tail();
        prop_assume!(end <= 20_000);
        let mut tiles = vec![0u64; m.num_levels()];
        for level in 0..m.num_levels() {
            let Some(run) = m.tile_run(level) else { continue };
            prop_assert!(run > 0);
            let mut last = NO_TILE;
            for offset in 0..end {
                m.probe_offset(offset, &mut tiles);
                let t = tiles[level];
                prop_assert_ne!(t, NO_TILE, "level {} at {}", level, offset);
                if offset > 0 {
                    prop_assert_eq!(t != last, offset % run == 0, "level {} at {}, run {}", level, offset, run);
                }
                last = t;
            }
        }
    }
}

#[test]
fn tile_runs_of_tpu_layouts() {
    let run = |text: &str, level: usize| mapping(text).tile_run(level);
    // One (8,128) tile is 1024 consecutive offsets, whatever it pads.
    assert_eq!(
        run("s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}", 0),
        Some(1024)
    );
    // (2,1) sub-tiles are 2 offsets each inside the 1024 of an (8,128).
    let bf16 = "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}";
    assert_eq!(run(bf16, 0), Some(1024));
    assert_eq!(run(bf16, 1), Some(2));
    // A later level that pads: its padding has no first-level tile.
    assert_eq!(run("f32[8,128]{1,0:T(8,128)(3,1)}", 0), None);
    assert_eq!(run("f32[8,128]{1,0:T(8,128)(3,1)}", 1), Some(3));
    // A later level that splits the tile counts interleaves the tiles.
    assert_eq!(run("f32[1,3]{1,0:T(4,1)(2,*,1)}", 0), None);
    // No such level; one tile only.
    assert_eq!(run("f32[8,128]{1,0:T(8,128)}", 1), None);
    assert_eq!(run("f32[8,128]{1,0:T(8,128)}", 0), None);
}
