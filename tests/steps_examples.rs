//! The worked examples of XLA's `docs/tiled_layout.md`, stage by stage.

use xla_layout_viz::core::steps::{Motion, StageKind, Steps, StepsReport};
use xla_layout_viz::core::{parse, ArrayLayout};

fn layout(text: &str) -> ArrayLayout {
    let shape = parse(text).unwrap();
    let leaves = shape.leaves();
    leaves[0].1.layout().unwrap()
}

fn step<'a>(r: &'a StepsReport, title: &str) -> &'a xla_layout_viz::core::steps::StepJson {
    r.steps
        .iter()
        .find(|s| s.stage == title)
        .unwrap_or_else(|| panic!("no stage {title}"))
}

/// Figure 1: element (2,3) of F32[3,5]{1,0:T(2,2)} has tile index (1,1),
/// within-tile index (0,1), combined (1,1,0,1) in bounds (2,3,2,2): 17.
#[test]
fn figure_1_element_2_3_is_at_17() {
    let r = StepsReport::new(&layout("f32[3,5]{1,0:T(2,2)}"), &[2, 3]).unwrap();
    assert_eq!(r.offset, 17);
    let major = step(&r, "level 1 T(2,2): tiles major");
    assert_eq!(major.shape, vec![2, 3, 2, 2]);
    assert_eq!(major.index, vec![1, 1, 0, 1]);
    let pad = step(&r, "level 1 T(2,2): pad");
    assert_eq!(pad.shape, vec![4, 6]);
    assert_eq!(pad.index, vec![2, 3]);
    let split = step(&r, "level 1 T(2,2): split into tiles");
    assert_eq!(split.shape, vec![2, 2, 3, 2]);
    assert_eq!(split.index, vec![1, 0, 1, 1]);
    let linear = step(&r, "linear memory");
    assert_eq!(linear.shape, vec![24]);
    assert!(linear.formula.ends_with("= 17"), "{}", linear.formula);
    assert!(linear
        .formula
        .contains("linear_index((1,1,0,1), (2,3,2,2))"));
}

/// Figure 4: (6,5) of an 8x8 array tiled (2,4)(2,1,1,1): (3,1,0,1) in
/// (4,2,2,4) after the first tile, then (1,1,0,1,1,0,0,0) in
/// (2,2,2,4,2,1,1,1): 51.
#[test]
fn figure_4_element_6_5_is_at_51() {
    let r = StepsReport::new(&layout("f32[8,8]{1,0:T(2,4)(2,1,1,1)}"), &[6, 5]).unwrap();
    assert_eq!(r.offset, 51);
    let first = step(&r, "level 1 T(2,4): tiles major");
    assert_eq!(first.shape, vec![4, 2, 2, 4]);
    assert_eq!(first.index, vec![3, 1, 0, 1]);
    let second = step(&r, "level 2 T(2,1,1,1): tiles major");
    assert_eq!(second.shape, vec![2, 2, 2, 4, 2, 1, 1, 1]);
    assert_eq!(second.index, vec![1, 1, 0, 1, 1, 0, 0, 0]);
}

/// docs/tiled_layout.md, "Combining dimensions": F32[2,7,8,11,10]{4,3,2,1,0}
/// with T(*,*,2,*,3) is tiled as F32[112,110] by (2,3).
#[test]
fn combine_dims_merge_before_tiling() {
    let steps = Steps::new(&layout("f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}")).unwrap();
    let combine = steps
        .stages()
        .iter()
        .find(|s| s.kind() == StageKind::Combine { level: 0 })
        .unwrap();
    assert_eq!(combine.sizes(), vec![112, 110]);
}

#[test]
fn the_seed_example_has_no_tiling_stages() {
    // [2 x 3] a b c / d e f, minor_to_major {0,1}: memory a d b e c f, so
    // (0,1) = b is at offset 2.
    let r = StepsReport::new(&layout("f32[2,3]{0,1}"), &[0, 1]).unwrap();
    let titles: Vec<&str> = r.steps.iter().map(|s| s.stage.as_str()).collect();
    assert_eq!(titles, ["logical", "physical order", "linear memory"]);
    assert_eq!(r.steps[1].shape, vec![3, 2]);
    assert_eq!(r.steps[1].index, vec![1, 0]);
    assert_eq!(r.offset, 2);
}

#[test]
fn bad_indices_say_what_is_wrong() {
    let l = layout("f32[3,5]{1,0:T(2,2)}");
    let e = StepsReport::new(&l, &[3, 0]).unwrap_err().to_string();
    assert!(e.contains("dim 0 has size 3"), "{e}");
    let e = StepsReport::new(&l, &[1]).unwrap_err().to_string();
    assert!(e.contains("1 entries") && e.contains("2 dims"), "{e}");
}

#[test]
fn motion_switches_to_blocks_above_4096_cells() {
    // 64x64 = 4096 cells: every cell moves; 64x65 pads to 64x66 = 4224.
    assert_eq!(
        Steps::new(&layout("f32[64,64]{1,0:T(2,2)}"))
            .unwrap()
            .motion(),
        Motion::Cells
    );
    assert_eq!(
        Steps::new(&layout("f32[64,65]{1,0:T(2,2)}"))
            .unwrap()
            .motion(),
        Motion::Blocks
    );
}
