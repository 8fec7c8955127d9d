//! Presentation mode and text that scales, natively: the frame, the
//! fitted cells and the sizes of what the scenes write, for the page's
//! 2x3 example on the canvases the mode gets at 1280x720 and 1920x1080.

use xla_layout_viz::core::Mapping;
use xla_layout_viz::render::scene::{
    commands::text_width, pane_scene, Labelling, PaneScene, Style,
};
use xla_layout_viz::render::world::{ColourMode, Colouring, Pane, Theme, ThemeKind};
use xla_layout_viz::ui::model::PadValue;
use xla_layout_viz::ui::state::{Action, State};

/// Canvas sizes presentation mode leaves at 1280x720 and 1920x1080
/// (the window less the bar, the controls and the page's padding; checked
/// in the page by `tests/e2e/present.test.mjs`), and the least the cell
/// letters must be there (issue 71).
const SMALL: (f64, f64, f64) = (1254.0, 560.0, 24.0);
const LARGE: (f64, f64, f64) = (1894.0, 920.0, 36.0);

fn state(text: &str, present: bool, size: (f64, f64, f64)) -> State {
    let mut s = State::new(
        text.to_owned(),
        String::new(),
        PadValue::default(),
        Vec::new(),
    );
    s.apply(Action::Present(present));
    s.apply(Action::Resize(size.0, size.1));
    s
}

fn scene(s: &State, pane: Pane) -> PaneScene {
    let m: &Mapping = s.mapping().unwrap();
    let theme = Theme::of(ThemeKind::Light);
    let colours = Colouring::new(m, ColourMode::Offset, &theme);
    let labelling = Labelling {
        letters: m.num_elements() <= 26,
        pad_label: None,
    };
    let style = Style::canvas(&colours, &theme, &labelling);
    let worlds = s.worlds.as_ref().unwrap();
    pane_scene(m, worlds, &s.frame, pane, &s.camera(pane), &style)
}

/// The cell letters a pane writes, sorted top to bottom, left to right,
/// with their size.
fn letters(scene: &PaneScene) -> Vec<(String, f64)> {
    let mut l = scene.labels.clone();
    l.sort_by(|a, b| (a.y, a.x).partial_cmp(&(b.y, b.x)).unwrap());
    l.into_iter().map(|l| (l.text, l.size)).collect()
}

#[test]
fn the_2x3_example_is_read_from_the_back_of_the_room() {
    for size in [SMALL, LARGE] {
        let s = state("f32[2,3]{1,0}", true, size);
        let least = size.2;
        let logical = letters(&scene(&s, Pane::Logical));
        let texts: Vec<&str> = logical.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(texts, ["a", "b", "c", "d", "e", "f"], "{size:?}");
        assert!(
            logical.iter().all(|&(_, px)| px >= least),
            "{logical:?} at {size:?}"
        );
        // The memory row: all six in one row, as large, inside the pane.
        let memory = scene(&s, Pane::Memory);
        let row = letters(&memory);
        assert_eq!(row.len(), 6, "{row:?}");
        assert!(
            row.iter().all(|&(_, px)| px >= least),
            "{row:?} at {size:?}"
        );
        assert!(memory.labels.iter().all(|l| l.y == memory.labels[0].y));
        let cam = s.camera(Pane::Memory);
        let right = s.frame.memory.x + (6.0 - cam.x) * cam.scale;
        assert!(
            right <= s.frame.memory.right() + 1e-6 && cam.x <= 0.0,
            "{cam:?}"
        );
        // Margin text in proportion: titles and ticks as much larger as
        // the frame's scale, and the scale follows the canvas.
        let k = s.frame.text;
        assert!(k > 1.0, "{k}");
        let margin = &scene(&s, Pane::Logical).margin;
        let title = margin.iter().find(|l| l.bold).unwrap();
        assert_eq!(title.size, 13.0 * k);
        assert!(margin
            .iter()
            .filter(|l| !l.bold)
            .all(|l| l.size == 10.5 * k));
        // The title fits the canvas and sits above the ticks, in the frame.
        assert!(title.x + text_width(&title.text, title.size) <= s.frame.width);
        assert!(title.y - title.size / 2.0 >= 0.0, "{title:?}");
    }
    // The larger window draws larger.
    let (small, large) = (
        state("f32[2,3]{1,0}", true, SMALL),
        state("f32[2,3]{1,0}", true, LARGE),
    );
    assert!(large.frame.text > small.frame.text);
    assert!(large.camera(Pane::Logical).scale > small.camera(Pane::Logical).scale);
}

#[test]
fn outside_presentation_mode_nothing_changes() {
    let s = state("f32[2,3]{1,0}", false, LARGE);
    assert_eq!(s.frame.text, 1.0);
    assert_eq!(s.camera(Pane::Logical).scale, 56.0);
    let logical = letters(&scene(&s, Pane::Logical));
    assert!(logical.iter().all(|&(_, px)| px == 15.0), "{logical:?}");
    // Turning it on and off again gives the same frame.
    let mut t = state("f32[2,3]{1,0}", true, LARGE);
    assert!(t.frame.text > 1.0);
    t.apply(Action::TogglePresent);
    assert_eq!(t.frame, s.frame);
    assert_eq!(t.camera(Pane::Logical), s.camera(Pane::Logical));
}

#[test]
fn letters_grow_when_the_user_zooms_in() {
    let mut s = state("f32[2,3]{1,0}", false, LARGE);
    let before = letters(&scene(&s, Pane::Logical))[0].1;
    let r = s.frame.logical;
    for _ in 0..8 {
        s.apply(Action::Zoom {
            x: r.x + 10.0,
            y: r.y + 10.0,
            factor: 1.25,
        });
    }
    let after = letters(&scene(&s, Pane::Logical));
    assert!(!after.is_empty());
    assert!(after[0].1 >= 2.0 * before, "{before} -> {after:?}");
}

#[test]
fn ticks_do_not_overlap_at_presentation_size() {
    // Many columns and rows: ticks at every few cells, labels now larger.
    let s = state("f32[64,300]{0,1}", true, LARGE);
    for pane in [Pane::Logical, Pane::Memory] {
        let sc = scene(&s, pane);
        let top: Vec<_> = sc
            .margin
            .iter()
            .filter(|l| !l.bold && l.y < sc.rect.y && l.x >= sc.rect.x)
            .collect();
        assert!(top.len() >= 3, "{pane:?}");
        for w in top.windows(2) {
            let (a, b) = (w[0], w[1]);
            let gap = (b.x - text_width(&b.text, b.size) / 2.0)
                - (a.x + text_width(&a.text, a.size) / 2.0);
            assert!(gap >= 0.0, "{a:?} {b:?}");
        }
        let left: Vec<_> = sc
            .margin
            .iter()
            .filter(|l| !l.bold && l.x < sc.rect.x)
            .collect();
        assert!(left.len() >= 2, "{pane:?}");
        for w in left.windows(2) {
            assert!(w[1].y - w[0].y >= w[0].size, "{:?} {:?}", w[0], w[1]);
        }
    }
}

#[test]
fn the_speed_survives_an_edit_once_chosen() {
    let mut s = state("f32[2,3]{1,0}", false, LARGE);
    let default_small = s.anim.speed;
    // Untouched, a new array gets its own default speed.
    s.apply(Action::Edit("f32[512,512]{1,0}".into()));
    let default_large = s.anim.speed;
    assert_ne!(default_small, default_large);
    // Chosen (a key or the slider), it stays through edits and examples.
    s.apply(Action::Faster);
    let chosen = s.anim.speed;
    assert_eq!(chosen, default_large * 2.0);
    s.apply(Action::Edit("f32[2,3]{0,1}".into()));
    assert_eq!(s.anim.speed, chosen);
    s.apply(Action::Speed(123.0));
    s.apply(Action::Edit("f32[64,64]{0,1}".into()));
    assert_eq!(s.anim.speed, 123.0);
}

#[test]
fn keys_zoom_and_pan_both_views() {
    let mut s = state("f32[64,64]{1,0}", false, LARGE);
    let before = [s.camera(Pane::Logical), s.camera(Pane::Memory)];
    let centres = [Pane::Logical, Pane::Memory].map(|p| s.picture_centre(p).unwrap());
    s.apply(Action::ZoomKey(1.25));
    for ((pane, was), (cx, cy)) in [Pane::Logical, Pane::Memory]
        .into_iter()
        .zip(before)
        .zip(centres)
    {
        let now = s.camera(pane);
        assert!((now.scale / was.scale - 1.25).abs() < 1e-9, "{pane:?}");
        // Zoomed at the centre of the picture in view: the world point
        // there stays (the 64x64 picture sits at the pane's left).
        let r = s.frame.pane(pane);
        let (a, b) = (was.to_world(&r, cx, cy), now.to_world(&r, cx, cy));
        assert!(
            (a.0 - b.0).abs() < 1e-6 && (a.1 - b.1).abs() < 1e-6,
            "{pane:?}"
        );
        assert!(
            cx < r.x + r.w / 2.0,
            "{pane:?}: the picture's centre, not the pane's"
        );
    }
    // Panning (zoomed in enough to have room) moves the view by a fifth
    // of the pane.
    for _ in 0..8 {
        s.apply(Action::ZoomKey(1.25));
    }
    let was = s.camera(Pane::Logical);
    s.apply(Action::PanKey(-1.0, 0.0));
    let now = s.camera(Pane::Logical);
    let moved = (now.x - was.x) * now.scale;
    assert!((moved - s.frame.logical.w / 5.0).abs() < 1e-6, "{moved}");
    s.apply(Action::Fit(None));
    assert_eq!(s.camera(Pane::Logical), before[0]);
}
