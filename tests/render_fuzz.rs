//! Any shape, any camera, any pointer: the scene builders, hit testing and
//! the state machine never panic (debug builds check every overflow), and
//! the work stays bounded by the pane.

use proptest::prelude::*;
use xla_layout_viz::core::{parse, Mapping};
use xla_layout_viz::render::scene::{pane_scene, Labelling, Style};
use xla_layout_viz::render::world::{
    overlay, Camera, ColourMode, Colouring, Frame, Pane, Theme, ThemeKind, Worlds,
};
use xla_layout_viz::ui::model::PadValue;
use xla_layout_viz::ui::state::{Action, State};

/// Shapes from tiny to the int64 limit, tiled every which way.
fn shape_text() -> impl Strategy<Value = String> {
    let dim = prop_oneof![
        3 => 0u64..5,
        3 => 1u64..300,
        1 => Just(1u64 << 20),
        1 => Just(1u64 << 31),
        1 => Just((1u64 << 62) - 1),
    ];
    (
        prop::collection::vec(dim, 0..=5),
        prop::sample::select(vec!["f32", "bf16", "s4", "pred", "c128", "s8"]),
        prop::collection::vec(
            prop::collection::vec(prop_oneof![1 => Just(-1i64), 6 => 1i64..=130], 1..=3),
            0..=2,
        ),
        any::<bool>(),
    )
        .prop_map(|(dims, ty, tiles, reverse)| {
            let n = dims.len();
            let mut m2m: Vec<usize> = (0..n).rev().collect();
            if reverse {
                m2m.reverse();
            }
            let tiles: String = tiles
                .iter()
                .map(|t| {
                    let mut entries: Vec<String> = t
                        .iter()
                        .map(|&d| if d < 0 { "*".to_owned() } else { d.to_string() })
                        .collect();
                    if let Some(last) = entries.last_mut() {
                        if last == "*" {
                            *last = "2".to_owned();
                        }
                    }
                    format!("({})", entries.join(","))
                })
                .collect();
            let dims: Vec<String> = dims.iter().map(u64::to_string).collect();
            let m2m: Vec<String> = m2m.iter().map(usize::to_string).collect();
            let tiles = if tiles.is_empty() {
                String::new()
            } else {
                format!(":T{tiles}")
            };
            format!("{ty}[{}]{{{}{tiles}}}", dims.join(","), m2m.join(","))
        })
}

fn camera() -> impl Strategy<Value = (f64, f64, f64)> {
    (
        prop_oneof![Just(0.0), -1e19f64..1e19, -1e3f64..1e3],
        prop_oneof![Just(0.0), -1e19f64..1e19, -1e3f64..1e3],
        prop_oneof![Just(1e-18), 1e-12f64..1e-3, 0.01f64..160.0],
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 600, ..ProptestConfig::default() })]

    #[test]
    fn scenes_and_hits_never_panic(text in shape_text(), cam in camera(), w in 120.0f64..2400.0, h in 120.0f64..1600.0, px in -50.0f64..2500.0, py in -50.0f64..1700.0) {
        let Ok(shape) = parse(&text) else { return Ok(()) };
        let Ok(layout) = shape.leaves()[0].1.layout() else { return Ok(()) };
        let Ok(m) = Mapping::new(&layout) else { return Ok(()) };
        let frame = Frame::new(w, h);
        let worlds = Worlds::new(&m, &frame, None);
        let theme = Theme::of(ThemeKind::Dark);
        for mode in [ColourMode::Offset, ColourMode::Tile] {
            let colours = Colouring::new(&m, mode, &theme);
            let labelling = Labelling { letters: m.num_elements() <= 26, pad_label: Some("0") };
            let style = Style::canvas(&colours, &theme, &labelling);
            for pane in [Pane::Logical, Pane::Memory] {
                let rect = frame.pane(pane);
                for camera in [worlds.fit(pane, &frame), Camera { x: cam.0, y: cam.1, scale: cam.2 }] {
                    let scene = pane_scene(&m, &worlds, &frame, pane, &camera, &style);
                    if let Some(image) = &scene.image {
                        let bound = (rect.w / 3.0 + 2.0) * (rect.h / 3.0 + 2.0);
                        prop_assert!(((image.cols * image.rows) as f64) <= bound, "{}", text);
                    }
                    worlds.with_view(&m, pane, |view| {
                        let _ = overlay::hit(view, &camera, &rect, px, py);
                        let _ = overlay::marker_rect(view, &camera, &rect, m.footprint() / 2);
                        let _ = overlay::minimap_rects(view.world(), &camera, &rect);
                    });
                }
            }
        }
    }

    #[test]
    fn any_action_sequence_keeps_the_state_sane(text in shape_text(), actions in prop::collection::vec(action(), 0..40)) {
        let mut s = State::new(text, String::new(), PadValue::Zero, Vec::new());
        for a in actions {
            s.apply(a);
            prop_assert!(s.anim.cursor < s.anim.footprint.max(1));
            for c in s.cameras {
                prop_assert!(c.scale > 0.0 && c.x.is_finite() && c.y.is_finite());
            }
        }
    }
}

fn action() -> impl Strategy<Value = Action> {
    let point = (-100.0f64..3000.0, -100.0f64..2000.0);
    prop_oneof![
        point
            .clone()
            .prop_map(|(x, y)| Action::Zoom { x, y, factor: 8.0 }),
        point
            .clone()
            .prop_map(|(x, y)| Action::Zoom { x, y, factor: 0.1 }),
        point.clone().prop_map(|(x, y)| Action::Hover(Some((x, y)))),
        point.clone().prop_map(|(x, y)| Action::Click(x, y)),
        (-1e6f64..1e6, -1e6f64..1e6).prop_map(|(dx, dy)| Action::Pan {
            pane: Pane::Memory,
            dx,
            dy
        }),
        (-1e6f64..1e6, -1e6f64..1e6).prop_map(|(dx, dy)| Action::Pan {
            pane: Pane::Logical,
            dx,
            dy
        }),
        any::<i64>().prop_map(Action::Step),
        any::<i64>().prop_map(Action::StepTile),
        any::<u64>().prop_map(Action::Seek),
        (0.0f64..1e9).prop_map(Action::Speed),
        Just(Action::Play),
        (0.0f64..1e7).prop_map(Action::Tick),
        (100.0f64..3000.0, 100.0f64..2000.0).prop_map(|(w, h)| Action::Resize(w, h)),
        prop::option::of(0u64..u64::MAX).prop_map(Action::RowWidth),
        Just(Action::Fit(None)),
        Just(Action::Mode(ColourMode::Tile)),
        Just(Action::Edit("f32[3,5]{1,0:T(2,2)}".to_owned())),
        Just(Action::Edit("f32[3,5]{1,0:T(2,0)}".to_owned())),
        Just(Action::Padded("9,9".to_owned())),
        Just(Action::Leaf(vec![3, 1])),
    ]
}
