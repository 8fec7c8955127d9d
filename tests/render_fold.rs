//! Flat and tall arrays folded into bands (`render/world/fold.rs`, issue
//! 67): every element drawn exactly once, where its band and column say;
//! the default view's element size and share of the pane computed from
//! its camera, at the app's canvas for 1400x900 and 390x844 windows;
//! square arrays and the seeds left unfolded. Expected positions come from
//! the captions' arithmetic (band `k` holds columns `k * band ..`), not
//! from the code under test.

use xla_layout_viz::core::{parse, Mapping};
use xla_layout_viz::render::scene::{pane_scene, Labelling, Style};
use xla_layout_viz::render::world::fold::{FoldAxis, MIN_PX, MIN_SHARE};
use xla_layout_viz::render::world::sampling::Samples;
use xla_layout_viz::render::world::{
    Camera, ColourMode, Colouring, Frame, LogicalView, Pane, Probe, Theme, ThemeKind, View, Worlds,
};

fn mapping(text: &str) -> Mapping {
    let shape = parse(text).unwrap_or_else(|e| panic!("{e}"));
    Mapping::new(&shape.leaves()[0].1.layout().unwrap()).unwrap()
}

/// The canvas of the app at a 1400x900 window and at a 390x844 one
/// (their `data-logical` panes: 946x324 and 316x291).
const CANVASES: [(f64, f64); 2] = [(1002.0, 648.0), (372.0, 574.0)];

/// The shapes.
const FLAT_AND_TALL: [&str; 6] = [
    "bf16[8,4096]{1,0:T(8,128)(2,1)}",
    "f32[2,8192]{1,0:T(8,128)}",
    "s8[16,16384]{1,0:T(32,128)(4,1)}",
    "f32[1024,8]{1,0:T(8,128)}",
    "bf16[8192,2]{1,0:T(8,128)(2,1)}",
    "f32[2,4,8192]{2,1,0:T(8,128)}",
];

/// Element size and share of the pane drawn, from the camera alone (as
/// the e2e test reads `data-camera-logical`).
fn size_and_share(camera: &Camera, pane: (f64, f64, f64, f64), world: (u64, u64)) -> (f64, f64) {
    let (_, _, pw, ph) = pane;
    let s = camera.scale;
    let overlap =
        |c: f64, len: u64, p: f64| ((len as f64).min(c + p / s) - c.max(0.0)).max(0.0) * s;
    let share = overlap(camera.x, world.0, pw) * overlap(camera.y, world.1, ph) / (pw * ph);
    (s, share)
}

#[test]
fn the_default_view_of_flat_and_tall_arrays_reads() {
    for text in FLAT_AND_TALL {
        let m = mapping(text);
        for (w, h) in CANVASES {
            let frame = Frame::new(w, h);
            let worlds = Worlds::new(&m, &frame, None);
            let fold = worlds
                .logical
                .fold
                .unwrap_or_else(|| panic!("{text} at {w}x{h} is not folded"));
            let camera = worlds.fit(Pane::Logical, &frame);
            let p = frame.logical;
            let (px, share) = size_and_share(&camera, (p.x, p.y, p.w, p.h), worlds.logical.world());
            eprintln!("{text} {w}x{h}: {fold:?} scale {px:.2} share {share:.2}");
            assert!(
                px >= MIN_PX && share >= MIN_SHARE,
                "{text} at {w}x{h}: {px} px, {share}"
            );
        }
    }
}

/// Shapes folded at one canvas or the other, padding and 1-D included.
const MORE: [&str; 5] = [
    "f32[3,1000]{1,0:T(8,128)}",
    "f32[5000]{0:T(256)}",
    "f32[4,4096]{1,0:T(8,128)}",
    "bf16[1000,3]{0,1:T(8,128)(2,1)}",
    "s32[2,700,5]{2,1,0}",
];

/// The index (dimension-number order) of row-major id `id`.
fn index_of(dims: &[u64], mut id: u64) -> Vec<u64> {
    let mut index = vec![0; dims.len()];
    for d in (0..dims.len()).rev() {
        index[d] = id % dims[d];
        id /= dims[d];
    }
    index
}

/// Where the captions' arithmetic puts index `index` in the folded world.
fn expected_cell(worlds: &Worlds, index: &[u64]) -> (u64, u64) {
    let g = &worlds.logical;
    let f = g.fold.unwrap();
    let n = index.len();
    let (r, c) = match n {
        1 => (0, index[0]),
        _ => (index[n - 2], index[n - 1]),
    };
    // The slice number, row-major over the leading dims.
    let slice = index[..n.saturating_sub(2)]
        .iter()
        .zip(&g.leading)
        .fold(0, |acc, (i, size)| acc * size + i);
    match f.axis {
        FoldAxis::Columns => {
            let (k, within) = (c / f.band, c % f.band);
            let row = slice * (g.rows + g.gap_y) + r;
            (within, k * (f.strip + f.across) + f.strip + row)
        }
        FoldAxis::Rows => {
            let (k, within) = (r / f.band, r % f.band);
            let col = slice * (g.cols + g.gap_x) + c;
            (k * (f.across + f.gap) + col, f.strip + within)
        }
    }
}

#[test]
fn every_element_is_drawn_once_where_its_band_and_column_say() {
    let mut folded = 0;
    for text in FLAT_AND_TALL.iter().chain(&MORE) {
        let m = mapping(text);
        for (w, h) in CANVASES {
            let frame = Frame::new(w, h);
            let worlds = Worlds::new(&m, &frame, None);
            if worlds.logical.fold.is_none() {
                continue;
            }
            folded += 1;
            let (ww, wh) = worlds.logical.world();
            let mut view = LogicalView::new(&m, worlds.logical.clone());
            let mut seen = vec![false; m.num_elements() as usize];
            let mut padding = 0u64;
            let xs: Vec<u64> = (0..ww).collect();
            let (mut probes, mut tiles) = (Vec::new(), Vec::new());
            for y0 in (0..wh).step_by(64) {
                let ys: Vec<u64> = (y0..(y0 + 64).min(wh)).collect();
                probes.clear();
                tiles.clear();
                view.probe_samples(&Samples::grid(&xs, &ys), &mut probes, &mut tiles);
                for (k, probe) in probes.iter().enumerate() {
                    let (x, y) = (xs[k % xs.len()], ys[k / xs.len()]);
                    match *probe {
                        Probe::Element { offset, id } => {
                            assert!(!seen[id as usize], "{text}: element {id} drawn twice");
                            seen[id as usize] = true;
                            let index = index_of(m.dims(), id);
                            assert_eq!(expected_cell(&worlds, &index), (x, y), "{text}: {index:?}");
                            assert_eq!(m.offset_of(&index), Some(offset), "{text}: {index:?}");
                        }
                        Probe::Padding { .. } => padding += 1,
                        Probe::Outside => {}
                    }
                }
            }
            assert!(seen.iter().all(|&s| s), "{text}: an element is not drawn");
            let ghost: u64 = m.ghost_dims().iter().product();
            assert_eq!(
                padding,
                ghost - m.num_elements(),
                "{text}: the padding cells"
            );
        }
    }
    assert!(folded >= 16, "only {folded} folded views");
}

/// Samples off their blocks' corners (a zoomed-out fold): the fast path
/// over the bands agrees with probing each sample alone.
#[test]
fn scattered_samples_agree_with_probing_each_cell() {
    for text in [
        "f32[2,4,8192]{2,1,0:T(8,128)}",
        "bf16[8192,2]{1,0:T(8,128)(2,1)}",
    ] {
        let m = mapping(text);
        let frame = Frame::new(CANVASES[0].0, CANVASES[0].1);
        let worlds = Worlds::new(&m, &frame, None);
        let world = worlds.logical.world();
        let mut view = LogicalView::new(&m, worlds.logical.clone());
        let mut scattered = 0;
        for block in [2u64, 4, 16, 64] {
            let (cols, rows) = (
                world.0.div_ceil(block) as usize,
                world.1.div_ceil(block).min(300) as usize,
            );
            let samples = Samples::new((0, 0), (cols, rows), block, world, view.repeat());
            let (rx, ry) = view.repeat();
            let beat = rx.min(ry) < 4 * block;
            assert_eq!(samples.moved(), beat, "{text}: block {block}");
            let (mut probes, mut tiles) = (Vec::new(), Vec::new());
            view.probe_samples(&samples, &mut probes, &mut tiles);
            let levels = m.num_levels();
            let mut t = vec![0; levels];
            for i in 0..rows {
                for j in 0..cols {
                    let (x, y) = samples.at(i, j);
                    let k = i * cols + j;
                    let p = view.probe(x, y, &mut t);
                    assert_eq!(probes[k], p, "{text}: sample ({x}, {y})");
                    if p != Probe::Outside {
                        assert_eq!(&tiles[k * levels..][..levels], &t[..], "{text}: ({x}, {y})");
                    }
                }
            }
            scattered += usize::from(samples.moved());
        }
        assert!(scattered >= 1, "{text}: no scattered samples tried");
    }
}

#[test]
fn square_arrays_and_the_seeds_are_not_folded() {
    for text in [
        "f32[64,64]{1,0}",
        "f32[3,5]{1,0:T(2,2)}",
        "f32[2,3]{1,0}",
        "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}",
        "f32[256,256]{1,0:T(8,128)}",
        "f32[3,50]{1,0}",
    ] {
        let m = mapping(text);
        for (w, h) in CANVASES {
            let worlds = Worlds::new(&m, &Frame::new(w, h), None);
            assert_eq!(worlds.logical.fold, None, "{text} at {w}x{h}");
        }
    }
}

/// The captions name each visible band's columns, and the camera's
/// visible bands are captioned in order.
#[test]
fn bands_are_captioned_with_their_columns() {
    let m = mapping("f32[2,8192]{1,0:T(8,128)}");
    let frame = Frame::new(CANVASES[0].0, CANVASES[0].1);
    let worlds = Worlds::new(&m, &frame, None);
    let f = worlds.logical.fold.unwrap();
    let theme = Theme::of(ThemeKind::Light);
    let colours = Colouring::new(&m, ColourMode::Offset, &theme);
    let labelling = Labelling {
        letters: false,
        pad_label: None,
    };
    let style = Style::canvas(&colours, &theme, &labelling);
    let camera = worlds.fit(Pane::Logical, &frame);
    let scene = pane_scene(&m, &worlds, &frame, Pane::Logical, &camera, &style);
    let captions: Vec<&str> = scene
        .labels
        .iter()
        .map(|l| l.text.as_str())
        .filter(|t| t.contains("band"))
        .collect();
    assert!(captions.len() >= 2, "{captions:?}");
    for (k, caption) in captions.iter().enumerate() {
        let (lo, hi) = (k as u64 * f.band, (k as u64 + 1) * f.band - 1);
        assert_eq!(
            *caption,
            format!("columns {lo}..{hi} of 8192, band {} of {}", k + 1, f.bands)
        );
    }
}

/// Presentation mode (`Frame::text` = k) scales the captions as it
/// scales the margins' labels (`scene::margin`): k times the size they
/// have at k = 1, the pane's title likewise, in a strip grown to hold them.
#[test]
fn captions_grow_with_presentation_mode() {
    let theme = Theme::of(ThemeKind::Light);
    let labelling = Labelling {
        letters: false,
        pad_label: None,
    };
    for text in ["f32[2,8192]{1,0:T(8,128)}", "f32[1024,8]{1,0:T(8,128)}"] {
        let m = mapping(text);
        let colours = Colouring::new(&m, ColourMode::Offset, &theme);
        let style = Style::canvas(&colours, &theme, &labelling);
        // (size of the captions, size of the title, the strip in pixels)
        let drawn = |k: f64| {
            let frame = Frame::scaled(1920.0, 1080.0, k);
            let worlds = Worlds::new(&m, &frame, None);
            let f = worlds
                .logical
                .fold
                .unwrap_or_else(|| panic!("{text} at k={k}"));
            let camera = worlds.fit(Pane::Logical, &frame);
            let scene = pane_scene(&m, &worlds, &frame, Pane::Logical, &camera, &style);
            let sizes: Vec<f64> = scene
                .labels
                .iter()
                // (A tall band's caption may be broken: "rows 0..175 of 1024" / "band 1 of 8".)
                .filter(|l| {
                    ["columns ", "rows ", "padding "]
                        .iter()
                        .any(|p| l.text.starts_with(p))
                })
                .map(|l| l.size)
                .collect();
            assert!(!sizes.is_empty(), "{text} at k={k}: no caption drawn");
            let title = scene.margin.iter().find(|l| l.bold).expect("a title").size;
            (sizes, title, f.strip as f64 * camera.scale)
        };
        let (one, title_one, _) = drawn(1.0);
        for k in [1.5, 2.0] {
            let (sizes, title, strip) = drawn(k);
            assert!(
                (title - title_one * k).abs() < 1e-9,
                "{text}: the title at k={k}"
            );
            for (s, s1) in sizes.iter().zip(one.iter().cycle()) {
                assert!(
                    (s - s1 * k).abs() < 1e-9,
                    "{text}: a caption at k={k} is {s} px"
                );
                assert!(
                    strip >= *s,
                    "{text}: a {s} px caption in a {strip} px strip"
                );
            }
        }
    }
}
