//! The stage view zoomed in where its cells are too small to see (issue
//! 71): `bf16[16,256]{1,0:T(8,128)(2,1)}` drew 2.5 px cells on the
//! 640 x 400 picture, so the pairs of its `(2,1)` level could not be
//! seen. Expected values from XLA's tiled_layout.md: a `(2,1)` tile
//! gathers elements `(2i, j)` and `(2i+1, j)` (one 32-bit word of two
//! bf16 values) at adjacent offsets; checked here through the elements'
//! row-major ids, not through the offsets the outlines are grouped by.

use xla_layout_viz::core::Cell;
use xla_layout_viz::ui::model::PadValue;
use xla_layout_viz::ui::state::{Action, State};
use xla_layout_viz::ui::stepper::look::{letter, placed_apart, tile_outlines_at, with_memory_rows};
use xla_layout_viz::ui::stepper::zoom::{zoomed, ZOOM_BELOW};
use xla_layout_viz::ui::stepper::{stage_picture, Placed};

const W: f64 = 640.0;
const H: f64 = 400.0;

fn state(text: &str) -> State {
    let mut s = State::new(
        text.to_owned(),
        String::new(),
        PadValue::default(),
        Vec::new(),
    );
    s.apply(Action::Resize(1200.0, 800.0));
    s
}

fn smallest(cells: &[Placed]) -> f64 {
    cells.iter().map(|c| c.w.min(c.h)).fold(f64::MAX, f64::min)
}

#[test]
fn a_bf16_pair_tiling_is_zoomed_until_its_pairs_show() {
    let s = state("bf16[16,256]{1,0:T(8,128)(2,1)}");
    let mapping = s.mapping().unwrap();
    let width = s.worlds.as_ref().unwrap().memory.row_width;
    let drawn = s.model.as_ref().unwrap().drawn.as_ref().unwrap();
    let steps = with_memory_rows(drawn.steps().unwrap(), width);
    let last = steps.stages().len() - 1;
    for k in 0..=last {
        let whole = stage_picture(&steps, k).unwrap();
        let before = placed_apart(&steps, k, &whole, W, H);
        assert!(
            smallest(&before) < ZOOM_BELOW,
            "stage {k}: the whole stage's cells are small"
        );
        let near = zoomed(&whole, W, H).unwrap_or_else(|| panic!("stage {k} is zoomed"));
        let cells = placed_apart(&steps, k, &near, W, H);
        assert!(
            // (a split stage's gaps between tiles take some of it)
            smallest(&cells) >= 12.0,
            "stage {k}: {} px",
            smallest(&cells)
        );
        assert!(cells
            .iter()
            .all(|c| c.x >= 0.0 && c.y >= 0.0 && c.x + c.w <= W + 1e-9 && c.y + c.h <= H + 1e-9));
        assert!(near.note.as_deref().unwrap().starts_with("Zoomed in"));
        assert!(cells.iter().all(|c| letter(mapping, c).is_none()));
        // Every pair drawn is outlined, and an outline holds one pair.
        let pairs = tile_outlines_at(mapping, 1, &cells);
        assert!(pairs.len() >= 100, "stage {k}: {} pairs", pairs.len());
        for [x, y, w, h] in &pairs {
            let inside: Vec<u64> = cells
                .iter()
                .filter(|c| c.x >= x - 1e-6 && c.x + c.w <= x + w + 1e-6)
                .filter(|c| c.y >= y - 1e-6 && c.y + c.h <= y + h + 1e-6)
                .map(|c| match mapping.at(c.offset) {
                    Some(Cell::Element(id)) => id,
                    other => panic!("stage {k}: {other:?} in a pair"),
                })
                .collect();
            assert_eq!(inside.len(), 2, "stage {k}: {inside:?}");
            let (a, b) = (inside[0].min(inside[1]), inside[0].max(inside[1]));
            assert_eq!(b - a, 256, "stage {k}: rows 2i and 2i+1 of one column");
            assert_eq!((a / 256) % 2, 0, "stage {k}: from an even row");
        }
        // In the logical stage a pair stands (one column, two rows); in
        // linear memory it lies (two offsets side by side).
        let [_, _, w0, h0] = pairs[0];
        if k == 0 {
            assert!(h0 > w0, "{w0} x {h0}");
        }
        if k == last {
            assert!(w0 > h0, "{w0} x {h0}");
        }
    }
}

#[test]
fn cells_large_enough_are_not_zoomed() {
    for text in ["f32[3,5]{1,0:T(2,2)}", "f32[2,3]{0,1}", "f32[16,16]"] {
        let s = state(text);
        let drawn = s.model.as_ref().unwrap().drawn.as_ref().unwrap();
        let steps = drawn.steps().unwrap();
        for k in 0..steps.stages().len() {
            let p = stage_picture(steps, k).unwrap();
            assert!(zoomed(&p, W, H).is_none(), "{text} stage {k}");
        }
    }
}
