//! The grid fast paths must show exactly what probing each cell on its own
//! shows, for any layout and any sampled rows and columns: the logical
//! view's (sums of per-coordinate terms) for any arrangement of slices, the
//! memory view's (sums of a row's and a column's part) for any row width.

use proptest::prelude::*;
use xla_layout_viz::core::Mapping;
use xla_layout_viz::render::world::geometry::{auto_row_width, row_unit};
use xla_layout_viz::render::world::sampling::Samples;
use xla_layout_viz::render::world::views::probe_grid;
use xla_layout_viz::render::world::{LogicalGeometry, LogicalView, MemoryView, Probe, View};

use crate::layout_cases;

use layout_cases::{build, case as layout_case, Case};

/// A layout, the pane's shape, and every how-many columns and rows to sample.
fn case() -> impl Strategy<Value = (Case, f64, u64, u64)> {
    (
        layout_case(5, 6, 2),
        prop_oneof![Just(0.3), Just(1.0), Just(3.0), Just(12.0)],
        1u64..=3,
        1u64..=3,
    )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn the_grid_fast_path_equals_probing_each_cell((c, aspect, step_x, step_y) in case()) {
        let m = build(&c);
        let geometry = LogicalGeometry::new(&m, aspect);
        let (w, h) = geometry.world();
        prop_assume!(w <= 400 && h <= 400);
        let mut view = LogicalView::new(&m, geometry);
        // Sampled columns and rows, one past the world's end included.
        let xs: Vec<u64> = (0..=w).step_by(step_x as usize).collect();
        let ys: Vec<u64> = (0..=h).step_by(step_y as usize).collect();
        grids_agree(&mut view, &xs, &ys)?;
    }

    /// Samples moved off their blocks' corners (`render::world::sampling`):
    /// classes of rows and columns, each with its own positions, looked up
    /// through one set of terms, must show what probing each cell shows.
    #[test]
    fn samples_in_classes_equal_probing_each_cell(
        (c, aspect, _, _) in case(),
        (block, memory, pick) in (2u64..=16, any::<bool>(), 0u8..48),
    ) {
        let m = build(&c);
        let mut logical;
        let mut memory_view;
        let view: &mut dyn View = if memory {
            memory_view = MemoryView::new(&m, width_of(&m, pick, 7));
            &mut memory_view
        } else {
            logical = LogicalView::new(&m, LogicalGeometry::new(&m, aspect));
            &mut logical
        };
        let (w, h) = view.world();
        prop_assume!(w <= 400 && h <= 400);
        let size = (w.div_ceil(block) as usize, h.div_ceil(block) as usize);
        let samples = Samples::new((0, 0), size, block, (w, h), (1, 1));
        prop_assert!(samples.moved());
        let (mut probes, mut tiles) = (Vec::new(), Vec::new());
        view.probe_samples(&samples, &mut probes, &mut tiles);
        let levels = m.num_levels();
        prop_assert_eq!(probes.len(), size.0 * size.1);
        prop_assert_eq!(tiles.len(), probes.len() * levels);
        let mut t = vec![0u64; levels];
        for i in 0..size.1 {
            for j in 0..size.0 {
                let (x, y) = samples.at(i, j);
                let k = i * size.0 + j;
                let one = view.probe(x, y, &mut t);
                prop_assert_eq!(probes[k], one, "sample ({}, {}) at ({}, {})", i, j, x, y);
                if one != Probe::Outside {
                    prop_assert_eq!(&tiles[k * levels..(k + 1) * levels], &t[..]);
                }
            }
        }
    }
}

/// Probes the grid of `view` both ways and compares them cell by cell.
fn grids_agree(view: &mut dyn View, xs: &[u64], ys: &[u64]) -> Result<(), TestCaseError> {
    let (mut probes, mut tiles) = (Vec::new(), Vec::new());
    probe_grid(view, xs, ys, &mut probes, &mut tiles);
    let levels = view.mapping().num_levels();
    prop_assert_eq!(probes.len(), xs.len() * ys.len());
    prop_assert_eq!(tiles.len(), probes.len() * levels);
    let mut t = vec![0u64; levels];
    for (i, &y) in ys.iter().enumerate() {
        for (j, &x) in xs.iter().enumerate() {
            let k = i * xs.len() + j;
            let one = view.probe(x, y, &mut t);
            prop_assert_eq!(probes[k], one, "cell ({}, {})", x, y);
            if one != Probe::Outside {
                prop_assert_eq!(
                    &tiles[k * levels..(k + 1) * levels],
                    &t[..],
                    "tiles of ({}, {})",
                    x,
                    y
                );
            }
        }
    }
    Ok(())
}

/// The mapping of `text`'s first array.
fn mapping(text: &str) -> Mapping {
    let shape = xla_layout_viz::core::parse(text).expect("valid");
    Mapping::new(&shape.leaves()[0].1.layout().expect("layout")).expect("maps")
}

/// Row widths a memory pane can have: the automatic one for a few pane
/// shapes, the row unit times or divided by powers of two, and any.
fn width_of(m: &Mapping, pick: u8, any: u64) -> u64 {
    let unit = row_unit(m);
    match pick % 4 {
        0 => auto_row_width(m, [300.0, 800.0, 1600.0][usize::from(pick / 4 % 3)], 400.0),
        1 => unit << (pick / 4 % 4),
        2 => (unit >> (pick / 4 % 3)).max(1),
        _ => any,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn the_memory_grid_fast_path_equals_probing_each_cell(
        (c, pick, any, step_x, step_y) in (layout_case(5, 6, 2), 0u8..48, 1u64..=40, 1u64..=3, 1u64..=3)
    ) {
        let m = build(&c);
        let width = width_of(&m, pick, any);
        let mut view = MemoryView::new(&m, width);
        let (w, h) = view.world();
        prop_assume!(w <= 400 && h <= 400);
        // Sampled columns and rows, past the world's ends included.
        let xs: Vec<u64> = (0..=w + 1).step_by(step_x as usize).collect();
        let ys: Vec<u64> = (0..=h + 1).step_by(step_y as usize).collect();
        grids_agree(&mut view, &xs, &ys)?;
    }
}

/// The memory fast path is taken for the in-page harness's tiled shapes at
/// their automatic row widths (else the property above would only ever
/// compare the slow path with itself), and agrees with probing each cell.
#[test]
fn the_memory_fast_path_covers_tpu_layouts() {
    for text in [
        "f32[3,5]{1,0:T(2,2)}",
        "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}",
        "s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}",
        "f32[1048576,1048576]{1,0:T(8,128)}",
        "f32[100000,3,3]{2,1,0:T(2,2)}",
        "s8[64,64,64,64]{0,1,2,3:T(4,4)(2,1)}",
        "pred[64,256]{1,0:T(32,128)(32,1)E(1)}",
        "f32[8,8]{1,0:T(2,4)(2,1,1,1)}",
    ] {
        let m = mapping(text);
        for pane_w in [300.0, 800.0, 1600.0] {
            let width = auto_row_width(&m, pane_w, 500.0);
            assert!(m.offset_parts(width).is_some(), "{text} at width {width}");
            let mut view = MemoryView::new(&m, width);
            let (w, h) = view.world();
            // A few hundred rows and columns spread over the whole strip.
            let xs: Vec<u64> = (0..=200).map(|i| i * w / 200).collect();
            let ys: Vec<u64> = (0..=200).map(|i| i * h / 200).collect();
            grids_agree(&mut view, &xs, &ys).expect("agrees");
        }
    }
}

/// The logical fast path covers `*` merges too (sums of one term per group
/// of merged dims): the in-page harness's merged shape, whose row and
/// column dims are merged and whose leading dims are merged together, and
/// a merge of two batch dims; each agrees with probing every cell.
#[test]
fn the_logical_fast_path_covers_merges() {
    for text in [
        "f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}",
        "f32[6,5,4,3]{3,2,1,0:T(*,2,2,2)}",
    ] {
        let m = mapping(text);
        assert!(!m.is_separable(), "{text} has merges");
        let geometry = LogicalGeometry::new(&m, 1.6);
        let (w, h) = geometry.world();
        let xs: Vec<u64> = (0..=w).collect();
        let ys: Vec<u64> = (0..=h).collect();
        assert!(
            xla_layout_viz::render::world::TermGrid::new(&m, &geometry, xs.len() * ys.len())
                .is_some(),
            "{text} takes the fast path"
        );
        let mut view = LogicalView::new(&m, geometry);
        grids_agree(&mut view, &xs, &ys).expect("agrees");
    }
}

/// Many small slices of one leading dim (the harness's `f32[100000,3,3]`,
/// whose slice terms are a row part plus a column part), sampled over the
/// whole view, and a leading dim with older padded dims (5 padded to 6:
/// the sixth slice must stay padding): each agrees with probing every cell.
#[test]
fn the_logical_fast_path_covers_many_small_slices() {
    let padded = Case {
        dims: vec![5, 1, 1],
        padded: Some(vec![6, 3, 1]),
        m2m: vec![0, 1, 2],
        tiles: vec![],
        align: 1,
    };
    for m in [mapping("f32[100000,3,3]{2,1,0:T(2,2)}"), build(&padded)] {
        for aspect in [0.3, 1.6, 4.0] {
            let geometry = LogicalGeometry::new(&m, aspect);
            let (w, h) = geometry.world();
            let xs: Vec<u64> = (0..=300).map(|i| i * w / 300).collect();
            let ys: Vec<u64> = (0..=300).map(|i| i * h / 300).collect();
            let mut view = LogicalView::new(&m, geometry);
            grids_agree(&mut view, &xs, &ys).expect("agrees");
        }
    }
}
