//! The picture, checked natively: what each view shows where, labels in
//! the seeds' order, tile boundaries where the tiles are, hit testing, and
//! bounded work for huge arrays. Expected values come from the seeds and
//! from formulas written here, not from the code under test.

use xla_layout_viz::core::{parse, Mapping};
use xla_layout_viz::render::scene::{pane_scene, Labelling, Style};
use xla_layout_viz::render::world::{
    boundaries::tile_boundaries, overlay, raster::Raster, Camera, ColourMode, Colouring, Frame,
    Pane, Probe, Rect, Theme, ThemeKind, View, Worlds,
};

fn mapping(text: &str) -> Mapping {
    let shape = parse(text).unwrap_or_else(|e| panic!("{e}"));
    Mapping::new(&shape.leaves()[0].1.layout().unwrap()).unwrap()
}

fn legacy(text: &str, padded: &[u64]) -> Mapping {
    let shape = parse(text).unwrap();
    Mapping::with_padded_dims(&shape.leaves()[0].1.layout().unwrap(), padded).unwrap()
}

const FRAME: (f64, f64) = (1200.0, 800.0);

/// The memory pane's cell labels, left to right, top to bottom.
fn memory_labels(m: &Mapping, pad_label: Option<&str>) -> Vec<String> {
    let frame = Frame::new(FRAME.0, FRAME.1);
    let worlds = Worlds::new(m, &frame, None);
    let theme = Theme::of(ThemeKind::Light);
    let colours = Colouring::new(m, ColourMode::Offset, &theme);
    let labelling = Labelling {
        letters: m.num_elements() <= 26,
        pad_label,
    };
    let style = Style::canvas(&colours, &theme, &labelling);
    let camera = worlds.fit(Pane::Memory, &frame);
    let scene = pane_scene(m, &worlds, &frame, Pane::Memory, &camera, &style);
    let mut labels = scene.labels.clone();
    labels.sort_by(|a, b| (a.y, a.x).partial_cmp(&(b.y, b.x)).unwrap());
    labels.into_iter().map(|l| l.text).collect()
}

#[test]
fn memory_reads_like_the_seeds() {
    // Seed 003: [2x3] `a b c / d e f`; {0,1} is `a d b e c f`, {1,0} `a b c d e f`.
    assert_eq!(
        memory_labels(&mapping("f32[2,3]{0,1}"), None),
        ["a", "d", "b", "e", "c", "f"]
    );
    assert_eq!(
        memory_labels(&mapping("f32[2,3]{1,0}"), None),
        ["a", "b", "c", "d", "e", "f"]
    );
    // Seed 000: padded to [3,5] with {0,1}: `a d 0 b e 0 c f 0 0 0 0 0 0 0`.
    let m = legacy("f32[2,3]{0,1}", &[3, 5]);
    assert_eq!(
        memory_labels(&m, Some("0")).join(" "),
        "a d 0 b e 0 c f 0 0 0 0 0 0 0"
    );
}

/// XLA's tiled-layout example by its formula: tile (r/2, c/2) in a 2x3
/// grid of 2x2 tiles.
fn tiled_3x5(r: u64, c: u64) -> u64 {
    ((r / 2) * 3 + c / 2) * 4 + (r % 2) * 2 + c % 2
}

#[test]
fn the_logical_view_shows_every_cell_where_the_formula_puts_it() {
    let m = mapping("f32[3,5]{1,0:T(2,2)}");
    let frame = Frame::new(FRAME.0, FRAME.1);
    let worlds = Worlds::new(&m, &frame, None);
    // The ghost region is 4x6: the array plus first-level padding.
    assert_eq!(worlds.world(Pane::Logical), (6, 4));
    worlds.with_view(&m, Pane::Logical, |view| {
        let mut tiles = vec![0; 1];
        for r in 0..4 {
            for c in 0..6 {
                let probe = view.probe(c, r, &mut tiles);
                let expected = tiled_3x5(r, c);
                match probe {
                    Probe::Element { offset, id } => {
                        assert!(r < 3 && c < 5, "({r},{c}) is padding");
                        assert_eq!((offset, id), (expected, r * 5 + c), "({r},{c})");
                    }
                    Probe::Padding { offset, .. } => {
                        assert!(r >= 3 || c >= 5, "({r},{c}) is an element");
                        assert_eq!(offset, expected, "ghost ({r},{c})");
                    }
                    Probe::Outside => panic!("({r},{c}) outside"),
                }
                assert_eq!(tiles[0], (r / 2) * 3 + c / 2, "tile of ({r},{c})");
                assert_eq!(view.cell_of_offset(expected), Some((c, r)));
            }
        }
        assert_eq!(view.probe(6, 0, &mut tiles), Probe::Outside);
    });
}

/// Screen x of the vertical segments and y of the horizontal ones, in
/// world cells, for level `level` of `view` seen through `camera`.
fn boundary_cells(
    view: &mut dyn View,
    camera: &Camera,
    pane: &Rect,
    level: usize,
) -> (Vec<u64>, Vec<u64>) {
    let colours = Colouring::new(
        view.mapping(),
        ColourMode::Offset,
        &Theme::of(ThemeKind::Light),
    );
    let raster = Raster::sample(view, camera, pane, &colours);
    let lines = tile_boundaries(view, &raster, camera, pane);
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for s in &lines[level].segments {
        let (wx0, wy0) = camera.to_world(pane, s[0], s[1]);
        let (wx1, wy1) = camera.to_world(pane, s[2], s[3]);
        if (wx0 - wx1).abs() < 1e-6 {
            xs.push(wx0.round() as u64);
        } else {
            assert!((wy0 - wy1).abs() < 1e-6, "segments are axis-aligned");
            ys.push(wy0.round() as u64);
        }
    }
    xs.sort_unstable();
    xs.dedup();
    ys.sort_unstable();
    ys.dedup();
    (xs, ys)
}

#[test]
fn tile_boundaries_fall_between_tiles_at_every_zoom() {
    let pane = Rect::new(0.0, 0.0, 900.0, 600.0);
    // f32[3,5] by 2x2: boundaries after columns 1 and 3, and after row 1.
    let m = mapping("f32[3,5]{1,0:T(2,2)}");
    let frame = Frame::new(FRAME.0, FRAME.1);
    let worlds = Worlds::new(&m, &frame, None);
    worlds.with_view(&m, Pane::Logical, |view| {
        let camera = Camera::fit(6.0, 4.0, pane);
        assert_eq!(
            boundary_cells(view, &camera, &pane, 0),
            (vec![2, 4], vec![2])
        );
    });
    // 256x256 by 16x16 tiles, seen far enough out that one sample is a
    // block of cells: the bisection must still land on multiples of 16.
    let m = mapping("f32[256,256]{1,0:T(16,16)}");
    let worlds = Worlds::new(&m, &frame, None);
    worlds.with_view(&m, Pane::Logical, |view| {
        let camera = Camera::fit(256.0, 256.0, pane).zoom_at(&pane, 0.0, 0.0, 0.35, 0.0);
        let colours = Colouring::new(
            view.mapping(),
            ColourMode::Offset,
            &Theme::of(ThemeKind::Light),
        );
        let raster = Raster::sample(view, &camera, &pane, &colours);
        assert!(raster.block > 1, "far out, a sample covers several cells");
        let multiples: Vec<u64> = (1..16).map(|k| k * 16).collect();
        assert_eq!(
            boundary_cells(view, &camera, &pane, 0),
            (multiples.clone(), multiples)
        );
    });
}

#[test]
fn second_level_boundaries_split_first_level_tiles() {
    // f32[4,8]{1,0:T(2,4)(2,1)}: the second level's (2,1) tiles are one
    // column of a 2x4 tile: in the logical view, a boundary between every
    // column, and between rows 1|2 only where first-level tiles meet.
    let m = mapping("f32[4,8]{1,0:T(2,4)(2,1)}");
    let frame = Frame::new(FRAME.0, FRAME.1);
    let worlds = Worlds::new(&m, &frame, None);
    let pane = Rect::new(0.0, 0.0, 800.0, 400.0);
    worlds.with_view(&m, Pane::Logical, |view| {
        let camera = Camera::fit(8.0, 4.0, pane);
        assert_eq!(boundary_cells(view, &camera, &pane, 0), (vec![4], vec![2]));
        assert_eq!(
            boundary_cells(view, &camera, &pane, 1),
            ((1..8).collect(), vec![2])
        );
    });
}

#[test]
fn hovering_a_cell_finds_it_and_marks_it_in_the_other_view() {
    for text in [
        "f32[3,5]{1,0:T(2,2)}",
        "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}",
        "f32[8,8]{1,0:T(2,4)(2,1,1,1)}",
        "s8[3,130]{0,1:T(8,128)(4,1)}",
    ] {
        let m = mapping(text);
        let frame = Frame::new(FRAME.0, FRAME.1);
        let worlds = Worlds::new(&m, &frame, None);
        for pane in [Pane::Logical, Pane::Memory] {
            let rect = frame.pane(pane);
            // Zoomed in enough that every cell is at least a pixel.
            let camera = worlds
                .fit(pane, &frame)
                .zoom_at(&rect, rect.x, rect.y, 4.0, 0.0);
            worlds.with_view(&m, pane, |view| {
                for id in (0..m.num_elements()).step_by(7) {
                    let offset = m.offset_of_id(id).unwrap();
                    let Some(r) = overlay::marker_rect(view, &camera, &rect, offset) else {
                        panic!("{text}: element {id} has no cell in {pane:?}");
                    };
                    let (cx, cy) = (r.x + r.w / 2.0, r.y + r.h / 2.0);
                    if !rect.contains(cx, cy) {
                        continue;
                    }
                    let hit = overlay::hit(view, &camera, &rect, cx, cy).expect("a cell");
                    assert_eq!(hit.probe, Probe::Element { offset, id }, "{text} {pane:?}");
                }
            });
        }
    }
}

#[test]
fn huge_arrays_cost_what_the_pane_costs() {
    for text in [
        "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}",
        "f32[1048576,1048576]{1,0:T(8,128)}",
        "s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}",
        "pred[1099511627776]{0:T(1024)(32,1)}",
    ] {
        let m = mapping(text);
        let frame = Frame::new(1600.0, 1000.0);
        let worlds = Worlds::new(&m, &frame, None);
        for pane in [Pane::Logical, Pane::Memory] {
            let rect = frame.pane(pane);
            let fit = worlds.fit(pane, &frame);
            // Fitted, and zoomed all the way in at a point of the array
            // (a folded world's corner is a caption's strip).
            let (ex, ey) = worlds
                .with_view(&m, pane, |view| view.cell_of_offset(0))
                .expect("offset 0 is drawn");
            let (cx, cy) = fit.to_screen(&rect, ex as f64 + 0.5, ey as f64 + 0.5);
            for camera in [fit, fit.zoom_at(&rect, cx, cy, 1e6, 0.0)] {
                worlds.with_view(&m, pane, |view| {
                    let colours = Colouring::new(&m, ColourMode::Tile, &Theme::of(ThemeKind::Dark));
                    let raster = Raster::sample(view, &camera, &rect, &colours);
                    let samples = (raster.rows * raster.cols) as f64;
                    let bound = (rect.w / 3.0 + 2.0) * (rect.h / 3.0 + 2.0);
                    assert!(samples <= bound, "{text} {pane:?}: {samples} samples");
                    let (elements, _, _) = raster.census();
                    assert!(elements > 0, "{text} {pane:?}: nothing drawn at {camera:?}");
                });
            }
        }
    }
}

#[test]
fn slices_are_labelled_and_round_trip() {
    let m = mapping("f32[2,3,4,5]{3,2,1,0}");
    let frame = Frame::new(FRAME.0, FRAME.1);
    let worlds = Worlds::new(&m, &frame, None);
    let g = &worlds.logical;
    assert_eq!((g.rows, g.cols, g.num_slices), (4, 5, 6));
    // A row of slices holds whole runs of z (3 per p).
    assert_eq!(g.slices_per_row % 3, 0);
    let mut index = [0u64; 4];
    for id in 0..m.num_elements() {
        let (p, z, y, x) = (id / 60, id / 20 % 3, id / 5 % 4, id % 5);
        let slice = p * 3 + z;
        let (wx, wy) = g.world_of(slice, y, x);
        assert_eq!(g.cell(wx, wy), Some((slice, y, x)));
        g.index_of(slice, y, x, &mut index);
        assert_eq!(index, [p, z, y, x]);
    }
    // Gaps between slices show nothing.
    assert_eq!(g.cell(5, 0), None);
}

#[test]
fn memory_rows_are_whole_tiles_or_even_parts_of_one() {
    use xla_layout_viz::render::world::geometry::auto_row_width;
    // A 1000 x 350 pane: aspect 20/7.
    let (w, h) = (1000.0, 350.0);
    // 24 cells fit on one row at 24 px or more each.
    assert_eq!(auto_row_width(&mapping("f32[3,5]{1,0:T(2,2)}"), w, h), 24);
    // 16384 cells: sqrt(16384 * 20/7) = 216 is nearest 4096 / 2^4.
    assert_eq!(
        auto_row_width(&mapping("pred[64,256]{1,0:T(32,128)(32,1)E(1)}"), w, h),
        256
    );
    // 167,772,160 cells: sqrt(F * 20/7) = 21,894, nearest 1024 * 2^4.
    assert_eq!(
        auto_row_width(
            &mapping("bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}"),
            w,
            h
        ),
        16384
    );
    // A tile of 128 holding one scalar: sqrt(128 * 20/7) = 19.1, 128 / 2^3.
    assert_eq!(auto_row_width(&mapping("f32[]{:T(128)}"), w, h), 16);
    // 1680 cells in the wide pane: sqrt(1680 * 20/7) = 69.3, nearest 15 * 4.
    assert_eq!(auto_row_width(&mapping("f32[40,40]{1,0:T(3,5)}"), w, h), 60);
    // In a narrow pane (200 x 350) 105 cells want 7.7 per row, half a
    // tile; but an odd tile cannot be halved: 3 x 5 = 15 stays whole.
    assert_eq!(
        auto_row_width(&mapping("f32[20,5]{1,0:T(3,5)}"), 200.0, h),
        15
    );
}

#[test]
fn each_pixel_is_its_cells_colour_in_every_mode() {
    // The raster's colours against each sample probed again on its own:
    // in tile mode the colour depends on the first level's tile number,
    // which the raster reads from its own tile numbers.
    for text in [
        "f32[8,8]{1,0:T(2,4)(2,1,1,1)}",
        "s8[4,130]{1,0:T(8,128)(4,1)}",
        "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}",
        "s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}",
    ] {
        let m = mapping(text);
        let frame = Frame::new(FRAME.0, FRAME.1);
        let worlds = Worlds::new(&m, &frame, None);
        for pane in [Pane::Logical, Pane::Memory] {
            let rect = frame.pane(pane);
            let camera = worlds.fit(pane, &frame);
            for mode in [ColourMode::Offset, ColourMode::Logical, ColourMode::Tile] {
                let colours = Colouring::new(&m, mode, &Theme::of(ThemeKind::Light));
                worlds.with_view(&m, pane, |view| {
                    let raster = Raster::sample(view, &camera, &rect, &colours);
                    let mut tiles = vec![0u64; m.num_levels()];
                    for i in 0..raster.rows {
                        for j in 0..raster.cols {
                            let (x, y) = raster.samples.at(i, j);
                            let probe = view.probe(x, y, &mut tiles);
                            let want = colours
                                .colour(probe, tiles.first().copied().unwrap_or(0))
                                .map_or([0, 0, 0, 0], |c| [c.0, c.1, c.2, 255]);
                            let k = (i * raster.cols + j) * 4;
                            assert_eq!(
                                raster.rgba[k..k + 4],
                                want,
                                "{text} {pane:?} {mode:?} ({i}, {j})"
                            );
                        }
                    }
                });
            }
        }
    }
}
