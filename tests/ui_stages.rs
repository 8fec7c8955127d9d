//! The app's stage view drawn like the main picture (issue 71), natively:
//! "split into tiles" is no longer the pad stage again, and the last
//! stage is the page's memory row. Expected values from XLA's
//! tiled_layout.md (the 2x2 tiles of `f32[3,5]{1,0:T(2,2)}`) and the
//! seeds' shapes page (`f32[2,3]{0,1}` holds `a d b e c f`).

use xla_layout_viz::core::steps::{StageKind, Steps};
use xla_layout_viz::ui::model::PadValue;
use xla_layout_viz::ui::state::{Action, State};
use xla_layout_viz::ui::stepper::look::{
    letter, placed_apart, tile_outlines, with_memory_rows, TILE_GAP,
};
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

fn stage_of(steps: &Steps, kind: fn(StageKind) -> bool) -> usize {
    steps.stages().iter().position(|s| kind(s.kind())).unwrap()
}

/// Placed rectangles by memory offset.
fn by_offset(cells: &[Placed], offset: u64) -> Placed {
    *cells.iter().find(|c| c.offset == offset).unwrap()
}

#[test]
fn split_into_tiles_draws_the_tiles_apart_and_pad_does_not() {
    let s = state("f32[3,5]{1,0:T(2,2)}");
    let steps = s
        .model
        .as_ref()
        .unwrap()
        .drawn
        .as_ref()
        .unwrap()
        .steps()
        .unwrap()
        .clone();
    let mapping = s.mapping().unwrap();
    let pad = stage_of(&steps, |k| matches!(k, StageKind::Pad { .. }));
    let split = stage_of(&steps, |k| matches!(k, StageKind::Split { .. }));
    let draw = |k: usize| {
        let p = stage_picture(&steps, k).unwrap();
        placed_apart(&steps, k, &p, W, H)
    };
    let (a, b) = (draw(pad), draw(split));
    // Row 0 holds elements (0,0) (0,1) | (0,2) (0,3) | (0,4) at offsets
    // 0 1 4 5 8 (2x2 tiles, 4 cells each, row-major tiles).
    let xs = |cells: &[Placed]| [0, 1, 4, 5, 8].map(|o| by_offset(cells, o).x);
    let (pa, sp) = (xs(&a), xs(&b));
    let step = |x: [f64; 5], i: usize| x[i + 1] - x[i];
    // Pad: one pitch everywhere.
    assert!((step(pa, 0) - step(pa, 1)).abs() < 1e-9, "{pa:?}");
    // Split: a tile gap between (0,1) and (0,2), none inside a tile.
    assert!(
        (step(sp, 1) - step(sp, 0) - TILE_GAP).abs() < 1e-9,
        "{sp:?}"
    );
    assert!(
        (step(sp, 3) - step(sp, 2) - TILE_GAP).abs() < 1e-9,
        "{sp:?}"
    );
    // Rows too: (0,0) and (2,0) (offset 12, the second row of tiles).
    let dy = |cells: &[Placed]| by_offset(cells, 12).y - by_offset(cells, 0).y;
    assert!(dy(&b) - 2.0 * (by_offset(&b, 2).y - by_offset(&b, 0).y) >= TILE_GAP - 1e-9);
    assert_ne!(a, b, "split is not the pad stage again");
    // Both stay on the picture, and every 2x2 tile is outlined: 6 tiles.
    for cells in [&a, &b] {
        assert!(cells
            .iter()
            .all(|c| c.x >= 0.0 && c.x + c.w <= W + 1e-9 && c.y + c.h <= H + 1e-9));
        assert_eq!(tile_outlines(mapping, cells).len(), 6);
    }
}

#[test]
fn the_last_stage_is_the_pages_memory_row() {
    let s = state("f32[2,3]{0,1}");
    let width = s.worlds.as_ref().unwrap().memory.row_width;
    assert_eq!(width, 6, "the memory view shows the six in one row");
    let steps = s
        .model
        .as_ref()
        .unwrap()
        .drawn
        .as_ref()
        .unwrap()
        .steps()
        .unwrap();
    let rows = with_memory_rows(steps, width);
    let last = rows.stages().len() - 1;
    let p = stage_picture(&rows, last).unwrap();
    let cells = placed_apart(&rows, last, &p, W, H);
    assert!(cells.iter().all(|c| c.y == cells[0].y), "one row");
    let mut sorted = cells.clone();
    sorted.sort_by(|a, b| a.x.partial_cmp(&b.x).unwrap());
    let mapping = s.mapping().unwrap();
    let text: String = sorted.iter().filter_map(|c| letter(mapping, c)).collect();
    assert_eq!(text, "adbecf");
    // The stages' own default wraps it a tile or minor dim a row: 3x2.
    let own = stage_picture(steps, last).unwrap();
    assert_eq!((own.rows, own.cols), (3, 2));
}

#[test]
fn escape_closes_the_stages_first_then_unpins() {
    let mut s = state("f32[3,5]{1,0:T(2,2)}");
    let r = s.frame.logical;
    let cam = s.camera(xla_layout_viz::render::world::Pane::Logical);
    let (x, y) = cam.to_screen(&r, 0.5, 0.5);
    s.apply(Action::Click(x, y));
    assert!(s.pinned.is_some());
    s.apply(Action::StageStep(1));
    assert_eq!(s.stage, Some(0));
    s.apply(Action::Escape);
    assert_eq!(s.stage, None, "Esc closes the stages");
    assert!(s.pinned.is_some(), "and leaves the pinned cell");
    s.apply(Action::Escape);
    assert!(s.pinned.is_none(), "then unpins");
}

#[test]
fn a_cell_clicked_in_the_stages_is_pinned_in_the_picture_and_again_unpinned() {
    // f32[3,5]{1,0:T(2,2)}: (2,3) is at offset 17 (tiled_layout.md).
    let mut s = state("f32[3,5]{1,0:T(2,2)}");
    s.apply(Action::StageStep(1));
    s.apply(Action::PinOffset(17));
    assert_eq!(s.pinned.map(|p| p.offset), Some(17));
    assert_eq!(s.stage, Some(0), "the stages stay open");
    s.apply(Action::PinOffset(5));
    assert_eq!(
        s.pinned.map(|p| p.offset),
        Some(5),
        "another cell moves the pin"
    );
    s.apply(Action::PinOffset(5));
    assert_eq!(s.pinned, None, "the pinned cell again unpins");
    // Past the footprint (24 cells): nothing pinned.
    s.apply(Action::PinOffset(24));
    assert_eq!(s.pinned, None);
}
