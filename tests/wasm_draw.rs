//! Browser tests of the drawing plan (no DOM): bounded work for huge arrays,
//! padding in the memory strip, and the colour ramp's ends.

#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use xla_layout_viz::ui::colour::{ramp_for_rank, viridis, Rgb, PADDING};
use xla_layout_viz::ui::draw::{plan, slice_shape, MIN_CELL};
use xla_layout_viz::ui::model::{analyse, Analysis, Picture};
use xla_layout_viz::ui::state::DEFAULT_SHAPE;

wasm_bindgen_test_configure!(run_in_browser);

fn picture(text: &str) -> Picture {
    match analyse(text) {
        Analysis::Valid {
            picture: Ok(picture),
            ..
        } => *picture,
        other => panic!("{text}: {other:?}"),
    }
}

#[wasm_bindgen_test]
fn a_huge_array_draws_a_bounded_number_of_cells() {
    let (width, height) = (1000.0, 480.0);
    let picture = picture(DEFAULT_SHAPE);
    let plan = plan(&picture.mapping, width, height);
    let bound = ((width / MIN_CELL) * (height / MIN_CELL)) as usize;
    assert_eq!(plan.footprint, 8 * 1280 * 16384);
    assert!(
        plan.grid.colours.len() <= bound,
        "{} grid cells",
        plan.grid.colours.len()
    );
    assert!(
        plan.strip.colours.len() <= bound,
        "{} strip slots",
        plan.strip.colours.len()
    );
    assert!(plan.grid.rows > 0 && plan.grid.cols > 0);
    assert_eq!((plan.slice_rows, plan.slice_cols), (1280, 16384));
    // The corner element is first in memory.
    assert_eq!(plan.grid.colours[0], Some(viridis(0.0)));
}

#[wasm_bindgen_test]
fn padding_slots_are_grey_and_every_element_slot_is_coloured() {
    let picture = picture("f32[3,5]{1,0:T(2,2)}");
    let plan = plan(&picture.mapping, 800.0, 480.0);
    assert_eq!((plan.grid.rows, plan.grid.cols), (3, 5));
    assert_eq!(plan.slots_shown, 24);
    // [3,5] padded to [4,6]: 24 slots, 15 elements, 9 padding.
    assert_eq!(plan.padding_shown, 9);
    let grey = plan
        .strip
        .colours
        .iter()
        .filter(|colour| **colour == Some(PADDING))
        .count();
    assert_eq!(grey, 9);
    // The grid uses each ramp colour exactly once (15 distinct ranks).
    let mut colours: Vec<(u8, u8, u8)> = plan
        .grid
        .colours
        .iter()
        .flatten()
        .map(|c| (c.0, c.1, c.2))
        .collect();
    colours.sort_unstable();
    colours.dedup();
    assert_eq!(colours.len(), 15);
}

#[wasm_bindgen_test]
fn slices_and_ramp_ends() {
    assert_eq!(slice_shape(&[]), (1, 1));
    assert_eq!(slice_shape(&[7]), (1, 7));
    assert_eq!(slice_shape(&[2, 3, 4]), (3, 4));
    assert_eq!(ramp_for_rank(0, 10), Rgb(68, 1, 84));
    assert_eq!(ramp_for_rank(9, 10), Rgb(253, 231, 37));
    assert_eq!(ramp_for_rank(0, 1), Rgb(68, 1, 84));
    assert_eq!(viridis(f64::NAN), viridis(0.0));
}

#[wasm_bindgen_test]
fn edge_shapes_plan_without_panicking() {
    let drawable = [
        "f32[]",
        "f32[]{:T(128)}",
        "f32[0,5]",
        "f32[7]",
        "(f32[2,3], s32[4])",
        "f32[<=3,4]",
        "pred[33]{0:T(32,128)(32,1)}",
        "s4[7,9]{1,0:T(8,128)(2,1)E(4)}",
        "s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}",
    ];
    for text in drawable {
        let picture = picture(text);
        for (width, height) in [(1000.0, 480.0), (300.0, 150.0), (1.0, 1.0)] {
            let plan = plan(&picture.mapping, width, height);
            assert_eq!(
                plan.grid.colours.len(),
                plan.grid.rows * plan.grid.cols,
                "{text}"
            );
            assert!(
                plan.strip.colours.len() as u64 == plan.slots_shown,
                "{text}"
            );
            assert!(plan.slots_shown <= plan.footprint, "{text}");
        }
    }
    // Valid, but nothing to draw: the page says why and keeps the old picture.
    for text in ["()", "f32[?,4]"] {
        match analyse(text) {
            Analysis::Valid {
                picture: Err(why), ..
            } => assert!(!why.is_empty()),
            other => panic!("{text}: {other:?}"),
        }
    }
}
