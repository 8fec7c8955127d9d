#![cfg(not(target_arch = "wasm32"))]
//! The logical view's grid fast path (sums of per-coordinate terms) must
//! show exactly what probing each cell on its own shows, for any layout,
//! any arrangement of slices and any sampled rows and columns.

use proptest::prelude::*;
use xla_layout_viz::render::world::{LogicalGeometry, LogicalView, View};

#[path = "layout_cases/mod.rs"]
mod layout_cases;

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
        let (mut probes, mut tiles) = (Vec::new(), Vec::new());
        view.probe_grid(&xs, &ys, &mut probes, &mut tiles);
        let levels = m.num_levels();
        prop_assert_eq!(probes.len(), xs.len() * ys.len());
        prop_assert_eq!(tiles.len(), probes.len() * levels);
        let mut t = vec![0u64; levels];
        for (i, &y) in ys.iter().enumerate() {
            for (j, &x) in xs.iter().enumerate() {
                let k = i * xs.len() + j;
                let one = view.probe(x, y, &mut t);
                prop_assert_eq!(probes[k], one, "cell ({}, {})", x, y);
                if one != xla_layout_viz::render::world::Probe::Outside {
                    prop_assert_eq!(&tiles[k * levels..(k + 1) * levels], &t[..], "tiles of ({}, {})", x, y);
                }
            }
        }
    }
}
