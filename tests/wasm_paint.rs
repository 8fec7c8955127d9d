//! Browser tests of the painter alone: a canvas, a mapping, a frame; then
//! the pixels. Expected offsets come from the tiling formula and the
//! seeds, colours from the ramp at those offsets.

#![cfg(target_arch = "wasm32")]

#[path = "wasm_support/mod.rs"]
mod support;

use support::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};
use web_sys::HtmlCanvasElement;
use xla_layout_viz::core::{parse, Mapping};
use xla_layout_viz::render::backend::canvas::paint::{FrameInput, Painter};
use xla_layout_viz::render::scene::Labelling;
use xla_layout_viz::render::world::{Camera, ColourMode, Frame, Pane, Theme, ThemeKind, Worlds};

wasm_bindgen_test_configure!(run_in_browser);

fn mapping(text: &str) -> Mapping {
    let shape = parse(text).unwrap();
    Mapping::new(&shape.leaves()[0].1.layout().unwrap()).unwrap()
}

/// A canvas of `w` x `h` CSS pixels, attached so that it has a layout box.
fn canvas(w: u32, h: u32) -> HtmlCanvasElement {
    let c: HtmlCanvasElement = document()
        .create_element("canvas")
        .unwrap()
        .dyn_into()
        .unwrap();
    c.set_attribute("style", &format!("display:block;width:{w}px;height:{h}px"))
        .unwrap();
    document().body().unwrap().append_child(&c).unwrap();
    c
}

struct Scene {
    mapping: Mapping,
    frame: Frame,
    worlds: Worlds,
    cameras: [Camera; 2],
}

impl Scene {
    fn new(text: &str, w: f64, h: f64) -> Scene {
        let mapping = mapping(text);
        let frame = Frame::new(w, h);
        let worlds = Worlds::new(&mapping, &frame, None);
        let cameras = [
            worlds.fit(Pane::Logical, &frame),
            worlds.fit(Pane::Memory, &frame),
        ];
        Scene {
            mapping,
            frame,
            worlds,
            cameras,
        }
    }

    fn paint(&self, painter: &mut Painter, cursor: Option<u64>, generation: u64) -> Vec<Pane> {
        let labelling = Labelling {
            letters: false,
            pad_label: None,
        };
        painter
            .paint(&FrameInput {
                mapping: &self.mapping,
                worlds: &self.worlds,
                frame: self.frame,
                cameras: self.cameras,
                generation,
                mode: ColourMode::Offset,
                theme: Theme::of(ThemeKind::Light),
                labelling: &labelling,
                cursor,
                trail: &[],
                hover: None,
                pinned: None,
                dpr: 1.0,
            })
            .rebuilt
    }

    /// The CSS point a quarter into world cell (wx, wy) of a pane.
    fn point(&self, pane: Pane, wx: f64, wy: f64) -> (f64, f64) {
        let rect = self.frame.pane(pane);
        let cam = self.cameras[match pane {
            Pane::Logical => 0,
            Pane::Memory => 1,
        }];
        cam.to_screen(&rect, wx + 0.25, wy + 0.25)
    }
}

fn rgb(p: [u8; 4]) -> [u8; 3] {
    [p[0], p[1], p[2]]
}

#[wasm_bindgen_test]
fn cells_ghosts_and_memory_slots_have_their_colours() {
    let c = canvas(900, 600);
    let o = canvas(900, 600);
    let mut painter = Painter::new(c.clone(), o.clone()).unwrap();
    let scene = Scene::new("f32[3,5]{1,0:T(2,2)}", 900.0, 600.0);
    scene.paint(&mut painter, None, 1);
    // Hatching: the padding grey, the hatch grey, and antialiased greys
    // between them.
    let theme = Theme::of(ThemeKind::Light);
    let (lo, hi) = (theme.hatch, theme.padding);
    let hatched = |p: [u8; 3]| {
        (lo.0 - 3..=hi.0 + 3).contains(&p[0])
            && (lo.1 - 3..=hi.1 + 3).contains(&p[1])
            && (lo.2 - 3..=hi.2 + 3).contains(&p[2])
            && p[0].abs_diff(p[1]) < 6
    };
    for r in 0..4u64 {
        for col in 0..6u64 {
            let (x, y) = scene.point(Pane::Logical, col as f64, r as f64);
            let got = rgb(pixel(&c, x, y));
            let offset = tiled_3x5(r, col);
            if r < 3 && col < 5 {
                assert!(close(got, ramp(offset, 24)), "({r},{col}) {got:?}");
            } else {
                // Ghost cells: first-level padding, hatched.
                assert!(hatched(got), "ghost ({r},{col}) is hatched: {got:?}");
            }
        }
    }
    // Memory: offsets 0..24 on one row; padding where the formula has no
    // element.
    let elements: Vec<u64> = (0..3)
        .flat_map(|r| (0..5).map(move |col| tiled_3x5(r, col)))
        .collect();
    for offset in 0..24u64 {
        let (x, y) = scene.point(Pane::Memory, offset as f64, 0.0);
        let got = rgb(pixel(&c, x, y));
        if elements.contains(&offset) {
            assert!(close(got, ramp(offset, 24)), "slot {offset} {got:?}");
        } else {
            assert!(hatched(got), "slot {offset} padding {got:?}");
        }
    }
    c.remove();
    o.remove();
}

#[wasm_bindgen_test]
fn the_cursor_marks_its_cell_in_both_views() {
    let c = canvas(900, 600);
    let o = canvas(900, 600);
    let mut painter = Painter::new(c.clone(), o.clone()).unwrap();
    let scene = Scene::new("f32[3,5]{1,0:T(2,2)}", 900.0, 600.0);
    // Offset 17 is element (2,3).
    scene.paint(&mut painter, Some(17), 1);
    // The cursor is on the overlay canvas, which is transparent elsewhere.
    let red = |p: [u8; 4]| p[3] > 200 && p[0] > 180 && p[1] < 120 && p[2] < 120;
    let edge = |pane: Pane, wx: f64, wy: f64| {
        let rect = scene.frame.pane(pane);
        let cam = scene.cameras[if pane == Pane::Logical { 0 } else { 1 }];
        let (x, y) = cam.to_screen(&rect, wx + 0.5, wy);
        pixel(&o, x, y + 0.5)
    };
    assert!(
        red(edge(Pane::Logical, 3.0, 2.0)),
        "{:?}",
        edge(Pane::Logical, 3.0, 2.0)
    );
    assert!(red(edge(Pane::Memory, 17.0, 0.0)));
    assert!(
        !red(edge(Pane::Logical, 1.0, 0.0)),
        "other cells are not marked"
    );
    assert_eq!(
        pixel(&o, 2.0, 2.0)[3],
        0,
        "the overlay is transparent elsewhere"
    );
    // Moving the cursor repaints the overlay only.
    let mut painter = painter;
    let picture = canvas_pixels(&c);
    assert!(scene.paint(&mut painter, Some(3), 1).is_empty());
    assert!(canvas_pixels(&c) == picture, "the picture is untouched");
    assert!(red(edge(Pane::Memory, 3.0, 0.0)));
    assert!(!red(edge(Pane::Memory, 17.0, 0.0)));
    c.remove();
    o.remove();
}

#[wasm_bindgen_test]
fn layers_are_cached_until_their_pane_changes() {
    let c = canvas(900, 600);
    let o = canvas(900, 600);
    let mut painter = Painter::new(c.clone(), o.clone()).unwrap();
    let mut scene = Scene::new("f32[64,64]{1,0:T(8,8)}", 900.0, 600.0);
    assert_eq!(
        scene.paint(&mut painter, Some(0), 1),
        [Pane::Logical, Pane::Memory]
    );
    // The cursor moves: nothing is rebuilt, only the overlay.
    assert!(scene.paint(&mut painter, Some(5), 1).is_empty());
    // A new camera in one pane rebuilds that pane only.
    scene.cameras[1] = scene.cameras[1].pan(10.0, 0.0);
    assert_eq!(scene.paint(&mut painter, Some(5), 1), [Pane::Memory]);
    // A new picture rebuilds both.
    assert_eq!(scene.paint(&mut painter, Some(5), 2).len(), 2);
    c.remove();
    o.remove();
}

#[wasm_bindgen_test]
fn huge_arrays_paint_without_per_element_work() {
    let c = canvas(1600, 1000);
    let o = canvas(1600, 1000);
    let mut painter = Painter::new(c.clone(), o.clone()).unwrap();
    for text in [
        "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}",
        "f32[1048576,1048576]{1,0:T(8,128)}",
    ] {
        let scene = Scene::new(text, 1600.0, 1000.0);
        scene.paint(&mut painter, None, 1);
        // Memory starts with offset 0: the ramp's first colour at the
        // top-left (a few pixels in: the image's edge blends with the
        // background).
        let (x, y) = scene.point(Pane::Memory, 0.0, 0.0);
        let got = rgb(pixel(&c, x + 4.0, y + 4.0));
        assert!(close(got, ramp(0, 2)), "{text}: {got:?}");
        // The middle of the last eighth of the logical world holds offsets
        // from the last eighth of memory (both layouts keep the outermost
        // dim outermost): the ramp's last eighth.
        let (w, h) = scene.worlds.world(Pane::Logical);
        let (x, y) = scene.point(Pane::Logical, w as f64 / 2.0, h as f64 * 15.0 / 16.0);
        let got = rgb(pixel(&c, x, y));
        let table = xla_layout_viz::render::world::colour::viridis_table();
        assert!(
            table[222..].iter().any(|t| close(got, [t.0, t.1, t.2])),
            "{text}: {got:?} is not from the end of the ramp"
        );
        let painted = canvas_pixels(&c).chunks(4).filter(|p| p[0] < 200).count();
        assert!(painted > 100_000, "{text}: {painted} dark pixels");
    }
    c.remove();
    o.remove();
}
