//! The folded bands' captions read whole (`render/scene/bands.rs`, issue
//! 67): at the app's canvases, with and without presentation mode, every
//! band in view is captioned with its whole range and "band k of n", in
//! lines that each fit across the band (measured as the scene and its
//! backends measure text, `commands::text_width`) and inside the strip
//! above it. The expected range comes from the band arithmetic (band `k`
//! holds `k * band ..` of the long dim), not from the caption code.

use xla_layout_viz::core::{parse, Mapping};
use xla_layout_viz::render::scene::commands::{text_width, Label};
use xla_layout_viz::render::scene::{pane_scene, Labelling, Style};
use xla_layout_viz::render::world::fold::{Fold, FoldAxis};
use xla_layout_viz::render::world::{
    ColourMode, Colouring, Frame, Pane, Rect, Theme, ThemeKind, Worlds,
};
use xla_layout_viz::ui::present::text_scale;

fn mapping(text: &str) -> Mapping {
    let shape = parse(text).unwrap_or_else(|e| panic!("{e}"));
    Mapping::new(&shape.leaves()[0].1.layout().unwrap()).unwrap()
}

/// Canvases of the app: 1400x900 and 390x844 windows (as
/// `tests/render_fold.rs`), 1280x720 and 1920x1080 ones, and the canvas
/// filling those in presentation mode (about the window less its bars).
const CANVASES: [(f64, f64); 7] = [
    (1002.0, 648.0),
    (372.0, 574.0),
    (900.0, 470.0),
    (1400.0, 700.0),
    (1240.0, 560.0),
    (1880.0, 900.0),
    (1920.0, 1080.0),
];

/// Tall and flat shapes, padded bands and 1-D among them.
/// (Bands only a few cells across, `f32[3000,5]{1,0}` or
/// `bf16[1000,3]{0,1:T(8,128)(2,1)}` at 16-18 px, hold no caption whole:
/// theirs is cut with an ellipsis, not checked here; nor is 1-D
/// `f32[5000]{0:T(256)}`, whose strip, sized at the fold's guessed scale,
/// is below a caption's height at k = 1.57 on a 1002x648 canvas.)
const SHAPES: [&str; 6] = [
    "f32[1024,8]{1,0:T(8,128)}",
    "bf16[8192,2]{1,0:T(8,128)(2,1)}",
    "f32[2,8192]{1,0:T(8,128)}",
    "bf16[8,4096]{1,0:T(8,128)(2,1)}",
    "s8[16,16384]{1,0:T(32,128)(4,1)}",
    "f32[2,4,8192]{2,1,0:T(8,128)}",
];

/// What band `k`'s caption must say: its range of the long dim, cut at
/// the array's own length ("of N" beside it when the band holds any of
/// the array), and "band k of n".
fn must_say(real: u64, f: &Fold, k: u64) -> Vec<String> {
    let lo = k * f.band;
    let hi = ((k + 1) * f.band).min(f.length) - 1;
    let of = format!("band {} of {}", k + 1, f.bands);
    if lo >= real {
        vec![format!("{lo}..{hi}"), "padding".into(), of]
    } else {
        vec![
            format!("{lo}..{}", hi.min(real - 1)),
            format!("of {real}"),
            of,
        ]
    }
}

/// The non-bold labels drawn in band `k`'s caption strip: between the
/// band's left edge and the next band's (the pane's right edge for
/// stacked bands), above the band and below the strip's top.
fn caption_lines<'a>(labels: &'a [Label], band: &Rect, right: f64, strip: f64) -> Vec<&'a Label> {
    labels
        .iter()
        .filter(|l| !l.bold && l.x >= band.x && l.x < right)
        .filter(|l| l.y < band.y && l.y > band.y - strip)
        .collect()
}

#[test]
fn every_band_caption_says_its_whole_range_and_fits_its_band() {
    let theme = Theme::of(ThemeKind::Light);
    let labelling = Labelling {
        letters: false,
        pad_label: None,
    };
    let (mut checked, mut two_lines) = (0, 0);
    for text in SHAPES {
        let m = mapping(text);
        let colours = Colouring::new(&m, ColourMode::Offset, &theme);
        let style = Style::canvas(&colours, &theme, &labelling);
        for (w, h) in CANVASES {
            for k in [1.0, text_scale(w, h)] {
                let frame = Frame::scaled(w, h, k);
                let worlds = Worlds::new(&m, &frame, None);
                let Some(f) = worlds.logical.fold else {
                    continue;
                };
                let real = match f.axis {
                    FoldAxis::Columns => *m.dims().last().unwrap(),
                    FoldAxis::Rows => m.dims()[m.dims().len() - 2],
                };
                let camera = worlds.fit(Pane::Logical, &frame);
                let scene = pane_scene(&m, &worlds, &frame, Pane::Logical, &camera, &style);
                let rect = frame.logical;
                let strip = f.strip as f64 * camera.scale;
                let gap = f.gap as f64 * camera.scale;
                let at = format!("{text} on a {w}x{h} canvas at k = {k:.2}");
                for b in 0..f.bands {
                    let band = camera.screen_rect(&rect, f.band_rect(b));
                    // Bands wholly in view, their strip included.
                    let inside = band.x >= rect.x - 0.5
                        && band.right() <= rect.right() + 0.5
                        && band.y - strip >= rect.y - 0.5
                        && band.y < rect.bottom() - 1.0;
                    if !inside {
                        continue;
                    }
                    // Stacked bands' captions may run to the pane's edge;
                    // side-by-side ones to their band's right edge.
                    let (right, room) = match f.axis {
                        FoldAxis::Columns => (rect.right(), rect.right()),
                        FoldAxis::Rows => (band.right() + gap, band.right()),
                    };
                    let lines = caption_lines(&scene.labels, &band, right, strip);
                    let said: Vec<&str> = lines.iter().map(|l| l.text.as_str()).collect();
                    let whole = said.join(" ");
                    for part in must_say(real, &f, b) {
                        assert!(
                            whole.contains(&part),
                            "{at}: band {b}'s caption {said:?} lacks {part:?} ({band:?} {rect:?} strip {strip} {:?})", scene.labels.iter().filter(|l| l.text.contains("band")).map(|l| (l.x, l.y, &l.text)).collect::<Vec<_>>()
                        );
                    }
                    for l in &lines {
                        let ends = l.x + text_width(&l.text, l.size);
                        assert!(
                            ends <= room + 0.5,
                            "{at}: {:?} ({} px) past band {b} ({band:?})",
                            l.text,
                            text_width(&l.text, l.size)
                        );
                        assert!(
                            l.y - l.size / 2.0 >= band.y - strip - 0.5
                                && l.y + l.size / 2.0 <= band.y + 0.5,
                            "{at}: {:?} out of its strip",
                            l.text
                        );
                    }
                    checked += 1;
                    two_lines += usize::from(lines.len() >= 2);
                }
            }
        }
    }
    eprintln!("{checked} captions checked, {two_lines} in two lines or more");
    assert!(checked >= 200, "only {checked} captions checked");
}
