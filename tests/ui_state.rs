//! The page's state machine, natively: every action the UI can send.

use xla_layout_viz::render::world::{Pane, Rect};
use xla_layout_viz::ui::model::PadValue;
use xla_layout_viz::ui::presets;
use xla_layout_viz::ui::state::{Action, State, Status, DEFAULT_SHAPE};

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

/// The canvas point at the centre of logical cell (row, col) of a 2-D
/// array, computed from the published pane and camera.
fn logical_point(s: &State, row: u64, col: u64) -> (f64, f64) {
    let cam = s.camera(Pane::Logical);
    cam.to_screen(&s.frame.logical, col as f64 + 0.5, row as f64 + 0.5)
}

#[test]
fn the_default_example_draws() {
    let s = state(DEFAULT_SHAPE);
    assert_eq!(s.status, Status::Valid);
    assert_eq!(s.mapping().unwrap().num_elements(), 8 * 1280 * 16384);
}

#[test]
fn a_bad_edit_keeps_the_last_picture_and_the_text() {
    let mut s = state("f32[3,5]{1,0:T(2,2)}");
    let generation = s.generation;
    s.apply(Action::Edit("f32[3,5]{1,0:T(2,0)}".into()));
    assert!(matches!(s.status, Status::Invalid(_)));
    assert_eq!(s.error_span(), Some((17, 18)));
    assert_eq!(s.input, "f32[3,5]{1,0:T(2,0)}");
    assert_eq!(s.generation, generation, "the picture is unchanged");
    assert_eq!(s.mapping().unwrap().footprint(), 24);
    s.apply(Action::Edit("f32[2,3]".into()));
    assert_eq!(s.status, Status::Valid);
    assert!(s.generation > generation);
}

#[test]
fn hovering_element_2_3_of_the_tiled_example_says_offset_17() {
    let mut s = state("f32[3,5]{1,0:T(2,2)}");
    let (x, y) = logical_point(&s, 2, 3);
    s.apply(Action::Hover(Some((x, y))));
    let hover = s.hover.expect("a cell under the pointer");
    assert_eq!((hover.offset, hover.pane), (17, Pane::Logical));
    // Ghost cell (3, 0) is padding at offset (1*3+0)*4 + 1*2 + 0 = 14.
    let (x, y) = logical_point(&s, 3, 0);
    s.apply(Action::Hover(Some((x, y))));
    assert_eq!(s.hover.unwrap().offset, 14);
    let mapping = s.mapping().unwrap();
    assert!(matches!(
        mapping.at(14),
        Some(xla_layout_viz::core::Cell::Padding(_))
    ));
    s.apply(Action::Hover(None));
    assert_eq!(s.hover, None);
    // Clicking pins; clicking the same cell again unpins.
    s.apply(Action::Click(x, y));
    assert_eq!(s.pinned.unwrap().offset, 14);
    s.apply(Action::Click(x, y));
    assert_eq!(s.pinned, None);
}

#[test]
fn zoom_and_pan_move_one_pane_and_fit_restores_it() {
    let mut s = state("f32[256,256]{1,0:T(8,128)}");
    let fitted = s.cameras;
    let r = s.frame.logical;
    s.apply(Action::Zoom {
        x: r.x + r.w / 2.0,
        y: r.y + r.h / 2.0,
        factor: 4.0,
    });
    assert!((s.camera(Pane::Logical).scale - 4.0 * fitted[0].scale).abs() < 1e-9);
    assert_eq!(s.camera(Pane::Memory), fitted[1]);
    s.apply(Action::Pan {
        pane: Pane::Logical,
        dx: 30.0,
        dy: -10.0,
    });
    assert_ne!(s.camera(Pane::Logical), fitted[0]);
    s.apply(Action::Fit(None));
    assert_eq!(s.cameras, fitted);
    // Zooming out stops at half the fitted scale.
    for _ in 0..20 {
        s.apply(Action::Zoom {
            x: r.x + 5.0,
            y: r.y + 5.0,
            factor: 0.5,
        });
    }
    assert!((s.camera(Pane::Logical).scale - fitted[0].scale * 0.5).abs() < 1e-9);
}

#[test]
fn the_animation_walks_memory_and_the_zoomed_views_follow() {
    let mut s = state("f32[1024,1024]{1,0:T(8,128)}");
    // Zoom far into the top-left of both panes.
    for pane in [Pane::Logical, Pane::Memory] {
        let r: Rect = s.frame.pane(pane);
        let cam = s.camera(pane);
        let (x, y) = cam.to_screen(&r, 0.0, 0.0);
        s.apply(Action::Zoom {
            x: x + 1.0,
            y: y + 1.0,
            factor: 1e4,
        });
    }
    let before = s.cameras;
    s.apply(Action::Speed(1e6));
    s.apply(Action::Play);
    s.apply(Action::Tick(0.0));
    s.apply(Action::Tick(50.0));
    assert_eq!(s.anim.cursor, 50_000);
    assert!(s.anim.playing);
    // The cursor left the zoomed views; both followed it.
    assert_ne!(s.cameras[0], before[0]);
    assert_ne!(s.cameras[1], before[1]);
    s.apply(Action::TogglePlay);
    assert!(!s.anim.playing);
    s.apply(Action::Step(-1));
    assert_eq!(s.anim.cursor, 49_999);
    // One tile is 8 x 128 cells.
    s.apply(Action::StepTile(2));
    assert_eq!(s.anim.cursor, 49_999 + 2048);
    s.apply(Action::Seek(u64::MAX));
    assert_eq!(s.anim.cursor, 1024 * 1024 - 1);
}

#[test]
fn presets_set_the_older_padding_and_leaves_choose_pictures() {
    let mut s = state("f32[2]");
    s.apply(Action::Preset(presets::find("seed-2x3-padded").unwrap()));
    assert_eq!(s.input, "f32[2,3]{0,1}");
    assert_eq!((s.padded.as_str(), s.pad_value), ("3,5", PadValue::Zero));
    assert_eq!(s.mapping().unwrap().footprint(), 15);
    s.apply(Action::Padded(String::new()));
    assert_eq!(s.mapping().unwrap().footprint(), 6);

    s.apply(Action::Preset(presets::find("tuple").unwrap()));
    assert_eq!(s.mapping().unwrap().dims(), [2, 3]);
    s.apply(Action::Leaf(vec![2, 1]));
    assert_eq!(s.mapping().unwrap().dims(), [8, 256]);
    // A leaf that does not exist falls back to the first one.
    s.apply(Action::Leaf(vec![9]));
    assert_eq!(s.mapping().unwrap().dims(), [2, 3]);
}

#[test]
fn row_width_and_resizing_lay_memory_out_again() {
    let mut s = state("f32[3,5]{1,0:T(2,2)}");
    assert_eq!(
        s.worlds.as_ref().unwrap().memory.row_width,
        24,
        "all on one row"
    );
    s.apply(Action::RowWidth(Some(4)));
    assert_eq!(s.worlds.as_ref().unwrap().memory.row_width, 4);
    assert_eq!(s.tile_step(), 4);
    s.apply(Action::RowWidth(Some(0)));
    assert_eq!(s.settings.row_width, None);
    s.apply(Action::Resize(300.0, 900.0));
    assert_eq!(s.frame.width, 300.0);
    let w = s.worlds.as_ref().unwrap();
    assert!(w.memory.row_width < 24, "a narrow canvas wraps memory");
}

#[test]
fn resizing_keeps_a_zoomed_view_where_it_was() {
    let mut s = state("f32[1024,1024]{1,0:T(8,128)}");
    let r = s.frame.memory;
    s.apply(Action::Zoom {
        x: r.x + r.w / 3.0,
        y: r.y + r.h / 3.0,
        factor: 50.0,
    });
    let before = s.camera(Pane::Memory);
    let centre = before.to_world(&r, r.x + r.w / 2.0, r.y + r.h / 2.0);
    // 50 px taller: the memory world (its row width) stays the same.
    s.apply(Action::Resize(1200.0, 850.0));
    assert_eq!(s.worlds.as_ref().unwrap().memory.row_width, 2048);
    let after = s.camera(Pane::Memory);
    assert_eq!(after.scale, before.scale, "same zoom");
    let r2 = s.frame.memory;
    let centre2 = after.to_world(&r2, r2.x + r2.w / 2.0, r2.y + r2.h / 2.0);
    assert!((centre.0 - centre2.0).abs() < 1e-6 && (centre.1 - centre2.1).abs() < 1e-6);
    // A fitted view stays fitted.
    let fitted = s.worlds.as_ref().unwrap().fit(Pane::Logical, &s.frame);
    assert_eq!(s.camera(Pane::Logical), fitted);
}

#[test]
fn setting_a_hit_tested_hover_is_hovering_there() {
    let mut a = state("f32[3,5]{1,0:T(2,2)}");
    let mut b = a.clone();
    let (x, y) = logical_point(&a, 2, 3);
    a.apply(Action::Hover(Some((x, y))));
    b.set_hover(b.target_at(x, y));
    assert_eq!(a.hover.map(|t| t.offset), Some(17));
    assert_eq!(a.hover, b.hover);
    assert_eq!(b.version, a.version);
}

/// Issue 8's example: the model carries the headline sentence (the text
/// the issue asks for) and factors whose product is the expansion
/// (footprint over data, from the stats).
#[test]
fn the_model_explains_the_drawn_leaf_once() {
    let s = state("s32[8388608,8,4]{2,1,0:T(8,128)}");
    let drawn = s.model.as_ref().unwrap().drawn.as_ref().unwrap();
    assert_eq!(
        drawn.explained().sentence,
        "32x: dim 2 (x=4) is the most minor dim and is padded to 128 by the (8,128) tile"
    );
    let product: f64 = drawn
        .explained()
        .factors
        .iter()
        .map(|f| f.factor.unwrap())
        .product();
    let st = &drawn.analysis.stats;
    let expected = st.footprint_elements as f64 / st.elements as f64;
    assert!((product - expected).abs() < 1e-9, "{product} vs {expected}");
    assert!((expected - 32.0).abs() < 1e-12);
}

/// Suggestions are computed when asked, dropped with the shape, and one
/// is loaded by editing the input to its text. With dim 0 (8388608, a
/// multiple of 128) most minor and dim 1 (8) next, the (8,128) tile pads
/// nothing: the best order occupies exactly the data.
#[test]
fn suggestions_come_on_demand_and_load_into_the_input() {
    let mut s = state("s32[8388608,8,4]{2,1,0:T(8,128)}");
    assert!(s.suggested.is_none());
    s.apply(Action::Suggest);
    let suggested = s.suggested.clone().unwrap();
    assert!(suggested.complete);
    let best = &suggested.list[0];
    let data = 8_388_608u64 * 8 * 4 * 4;
    assert_eq!(best.bytes_footprint, data);
    assert_eq!(best.saving_bytes, 32 * data - data);
    assert!(best.canonical.starts_with("s32[8388608,8,4]{0,1,2"));
    s.apply(Action::Edit(best.canonical.clone()));
    assert_eq!(s.input, best.canonical);
    assert!(s.suggested.is_none());
    let st = &s
        .model
        .as_ref()
        .unwrap()
        .drawn
        .as_ref()
        .unwrap()
        .analysis
        .stats;
    assert_eq!(st.bytes_footprint, data);
}

/// tiled_layout.md's example: (2,3) of f32[3,5]{1,0:T(2,2)} lands at 17
/// (tile (1,1) of a 2x3 grid of 2x2 tiles: 4 x 4 + 1), through physical
/// order, pad, split, tiles major and linear memory.
#[test]
fn worked_steps_arrive_at_the_offset() {
    let s = state("f32[3,5]{1,0:T(2,2)}");
    let drawn = s.model.as_ref().unwrap().drawn.as_ref().unwrap();
    let report = xla_layout_viz::ui::explain::worked(&drawn.analysis, &[2, 3], 17).unwrap();
    assert_eq!(report.offset, 17);
    let last = report.steps.last().unwrap();
    assert_eq!(last.stage, "linear memory");
    assert_eq!(last.index, [17]);
    let split = report
        .steps
        .iter()
        .find(|st| st.stage.ends_with("split into tiles"))
        .unwrap();
    assert_eq!(split.index, [1, 0, 1, 1]);
    assert!(last.formula.contains("17"), "{}", last.formula);
    // A wrong offset (as under the older proto's padded dims) shows nothing.
    assert!(xla_layout_viz::ui::explain::worked(&drawn.analysis, &[2, 3], 16).is_none());
}

/// The seeds' [2x3] example: {1,0} holds a b c d e f, {0,1} holds
/// a d b e c f; only a and f keep their place, so a copy moves 4 of 6.
#[test]
fn compare_opens_with_another_layout_and_gives_the_verdict() {
    let mut s = state("f32[2,3]{1,0}");
    assert!(s.compare.is_none());
    s.apply(Action::CompareToggle);
    let c = s.compare.clone().unwrap();
    assert_eq!(c.input, "f32[2,3]{0,1}");
    let v = c.verdict.unwrap();
    assert_eq!(v.bitcast, Some(false));
    assert_eq!((v.elements_moved, v.elements), (Some(4), 6));
    assert_eq!((v.bytes_footprint_a, v.bytes_footprint_b), (24, 24));
    // The same layout is a bitcast.
    s.apply(Action::CompareEdit("f32[2,3]{1,0}".into()));
    assert_eq!(
        s.compare.clone().unwrap().verdict.unwrap().bitcast,
        Some(true)
    );
    // Differing dims are the compare box's own error, pointing at the dim.
    s.apply(Action::CompareEdit("f32[3,2]{1,0}".into()));
    let e = s.compare.clone().unwrap().verdict.unwrap_err();
    assert!(e.reason.contains("dim 0"), "{}", e.reason);
    assert_eq!(&"f32[3,2]{1,0}"[e.span.0..e.span.1], "3");
    assert_eq!(s.status, Status::Valid, "the main input is untouched");
    // A new main shape compares again with the text as typed.
    s.apply(Action::CompareEdit("f32[2,3]{0,1}".into()));
    s.apply(Action::Edit("f32[2,3]{0,1}".into()));
    let c = s.compare.clone().unwrap();
    assert_eq!(c.input, "f32[2,3]{0,1}");
    assert_eq!(c.verdict.unwrap().bitcast, Some(true));
    s.apply(Action::CompareToggle);
    assert!(s.compare.is_none());
}

/// The seeds' comparison is a preset: loading it opens the box with the
/// second layout; another preset closes it.
#[test]
fn the_seeds_comparison_is_a_preset() {
    let mut s = state("f32[3,5]{1,0:T(2,2)}");
    s.apply(Action::Preset(presets::find("seed-2x3-compare").unwrap()));
    assert_eq!(s.input, "f32[2,3]{1,0}");
    let c = s.compare.clone().unwrap();
    assert_eq!(c.input, "f32[2,3]{0,1}");
    assert_eq!(c.verdict.unwrap().elements_moved, Some(4));
    s.apply(Action::Preset(presets::find("tiled-3x5").unwrap()));
    assert!(s.compare.is_none());
}

/// Step mode on tiled_layout.md's example: stages from the logical array
/// to linear memory, which holds all 24 cells (15 elements, 9 padding);
/// the logical stage holds only the 15 elements, (2,3) at row 2, col 3.
#[test]
fn step_mode_walks_the_stages_to_linear_memory() {
    use xla_layout_viz::ui::stepper::stage_picture;
    let mut s = state("f32[3,5]{1,0:T(2,2)}");
    assert_eq!(s.stage, None);
    s.apply(Action::StageStep(1));
    assert_eq!(s.stage, Some(0));
    let steps = s
        .model
        .as_ref()
        .unwrap()
        .drawn
        .as_ref()
        .unwrap()
        .steps()
        .cloned()
        .unwrap();
    let first = stage_picture(&steps, 0).unwrap();
    assert_eq!((first.rows, first.cols, first.cells.len()), (3, 5, 15));
    let cell = first.cells.iter().find(|c| c.offset == 17).unwrap();
    assert_eq!((cell.row, cell.col), (2, 3));
    s.apply(Action::StageStep(100));
    let last = s.stage.unwrap();
    assert_eq!(steps.stages()[last].title(), "linear memory");
    let memory = stage_picture(&steps, last).unwrap();
    assert_eq!(memory.cells.len(), 24);
    assert_eq!(memory.cells.iter().filter(|c| c.element).count(), 15);
    s.apply(Action::StageStep(-100));
    assert_eq!(s.stage, Some(0));
    s.apply(Action::StageOff);
    assert_eq!(s.stage, None);
}

/// The move between stages starts where the cells were and ends where
/// they go: (2,3) goes from logical (row 2, col 3) to its place in the
/// physical-order stage (the same: {1,0} is already major to minor).
#[test]
fn stage_transitions_start_and_end_at_the_stages_places() {
    use xla_layout_viz::ui::stepper::{placed, stage_picture, tween};
    let s = state("f32[3,5]{1,0:T(2,2)}");
    let steps = s
        .model
        .as_ref()
        .unwrap()
        .drawn
        .as_ref()
        .unwrap()
        .steps()
        .cloned()
        .unwrap();
    let last = steps.stages().len() - 1;
    let a = placed(&stage_picture(&steps, 0).unwrap(), 100.0, 60.0);
    let b = placed(&stage_picture(&steps, last).unwrap(), 100.0, 60.0);
    assert_eq!(
        tween(&a, &b, 0.0).iter().find(|c| c.offset == 17).unwrap(),
        a.iter().find(|c| c.offset == 17).unwrap()
    );
    assert_eq!(tween(&a, &b, 1.0), b);
    // Padding (not in the logical stage) grows from nothing.
    let pad = tween(&a, &b, 0.0).into_iter().find(|c| !c.element).unwrap();
    assert_eq!((pad.w, pad.h), (0.0, 0.0));
    // Logical cells are 100/5 = 20 px (3 rows of 20 fit in 60).
    let c17 = a.iter().find(|c| c.offset == 17).unwrap();
    assert_eq!((c17.x, c17.y, c17.w, c17.h), (60.0, 40.0, 20.0, 20.0));
}

/// `edits` says whether anything set the box's text since a moment: the
/// held document's pick at the end of a scan waits on it, so text typed
/// while a scan runs, even half a shape, is never replaced.
#[test]
fn edits_count_each_new_text_for_the_box_and_nothing_else() {
    let mut s = state("f32[3,5]{1,0:T(2,2)}");
    let start = s.edits;
    for a in [
        Action::Hover(Some((10.0, 10.0))),
        Action::Resize(900.0, 700.0),
        Action::Play,
        Action::Pause,
        Action::Fit(None),
        Action::Edit("f32[3,5]{1,0:T(2,2)}".into()),
    ] {
        s.apply(a);
    }
    assert_eq!(s.edits, start, "no new text");
    s.apply(Action::Edit("f32[3,5]{1,0:T(2,2)".into()));
    assert_eq!(s.edits, start + 1, "half a shape");
    s.apply(Action::Preset(&presets::PRESETS[0]));
    assert_eq!(s.edits, start + 2, "an example");
    s.apply(Action::Edit(String::new()));
    assert_eq!(s.edits, start + 3, "emptied");
}
