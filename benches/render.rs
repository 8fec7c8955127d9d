//! Cost of drawing a frame's panes (the scene, before the canvas), natively.
//!
//! The budget in the browser: keystroke -> frame <= 16 ms for any shape,
//! and a pane's scene is most of it. A scene's cost depends on the pane's
//! pixels, not on the array: compare the small and the 2^40-element shape.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::Criterion;
    use std::hint::black_box;
    use std::time::Duration;
    use xla_layout_viz::core::{parse, Mapping};
    use xla_layout_viz::render::figure::{svg, FigureOptions};
    use xla_layout_viz::render::scene::{pane_scene, Labelling, Style};
    use xla_layout_viz::render::world::{
        ColourMode, Colouring, Frame, Pane, Theme, ThemeKind, Worlds,
    };

    /// The in-page keystroke harness's shapes (static/bench.js) whose
    /// scenes cost the most there, so that a change can be tried natively
    /// first: many slices (thin_3d, s8_4d), a sub-byte element type
    /// (pred_e1) and `*` merges (star_5d) beside the first four.
    const SHAPES: [(&str, &str); 8] = [
        ("small", "f32[3,5]{1,0:T(2,2)}"),
        ("bf16_167M", "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}"),
        ("oom_5d", "s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}"),
        ("f32_2e40", "f32[1048576,1048576]{1,0:T(8,128)}"),
        ("thin_3d", "f32[100000,3,3]{2,1,0:T(2,2)}"),
        ("s8_4d", "s8[64,64,64,64]{0,1,2,3:T(4,4)(2,1)}"),
        ("pred_e1", "pred[64,256]{1,0:T(32,128)(32,1)E(1)}"),
        ("star_5d", "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}"),
    ];

    fn mapping(text: &str) -> Mapping {
        let shape = parse(text).expect("valid");
        Mapping::new(&shape.leaves()[0].1.layout().expect("layout")).expect("mappable")
    }

    pub fn benches(c: &mut Criterion) {
        let mut group = c.benchmark_group("pane_scene_1600x1000");
        group.measurement_time(Duration::from_secs(3));
        let frame = Frame::new(1600.0, 1000.0);
        let theme = Theme::of(ThemeKind::Light);
        for (name, text) in SHAPES {
            let m = mapping(text);
            let worlds = Worlds::new(&m, &frame, None);
            let colours = Colouring::new(&m, ColourMode::Offset, &theme);
            let labelling = Labelling {
                letters: false,
                pad_label: None,
            };
            let style = Style::canvas(&colours, &theme, &labelling);
            for pane in [Pane::Logical, Pane::Memory] {
                let fit = worlds.fit(pane, &frame);
                let rect = frame.pane(pane);
                let zoomed = fit.zoom_at(
                    &rect,
                    rect.x + rect.w / 2.0,
                    rect.y + rect.h / 2.0,
                    200.0,
                    0.0,
                );
                for (zoom, camera) in [("fit", fit), ("zoomed", zoomed)] {
                    group.bench_function(format!("{name}/{pane:?}/{zoom}"), |b| {
                        b.iter(|| pane_scene(&m, &worlds, &frame, pane, black_box(&camera), &style))
                    });
                }
            }
        }
        group.finish();

        // A whole SVG figure of the 167M-element bf16 shape at 1600 px:
        // scenes of both panes (at most 65,536 samples each) and the text.
        let mut group = c.benchmark_group("svg_figure_1600");
        group.measurement_time(Duration::from_secs(5));
        group.sample_size(20);
        let options = FigureOptions {
            width: 1600.0,
            ..FigureOptions::default()
        };
        let text = SHAPES[1].1;
        let bytes = svg(text, &options).expect("valid").len();
        eprintln!("svg_figure_1600/bf16_167M: {bytes} bytes");
        group.bench_function("bf16_167M", |b| b.iter(|| svg(black_box(text), &options)));
        group.finish();
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(benches, native::benches);
#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
