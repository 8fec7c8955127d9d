#![cfg(not(target_arch = "wasm32"))]
//! The logical view's grid fast path (sums of per-coordinate terms) must
//! show exactly what probing each cell on its own shows, for any layout,
//! any arrangement of slices and any sampled rows and columns.

use proptest::prelude::*;
use xla_layout_viz::core::{
    ArrayLayout, DimSize, ElementType, LayoutAttributes, Mapping, Tile, TileDim,
};
use xla_layout_viz::render::{LogicalGeometry, LogicalView, View};

#[derive(Clone, Debug)]
struct Case {
    dims: Vec<u64>,
    padded: Option<Vec<u64>>,
    m2m: Vec<usize>,
    tiles: Vec<Vec<i64>>,
    aspect: f64,
    step_x: u64,
    step_y: u64,
}

fn case() -> impl Strategy<Value = Case> {
    (0usize..=5)
        .prop_flat_map(|n| {
            let dims = prop::collection::vec(prop_oneof![1 => Just(0u64), 12 => 1u64..=6], n);
            let perm = Just((0..n).collect::<Vec<_>>()).prop_shuffle();
            let tile = (1usize..=n + 1).prop_flat_map(|len| {
                prop::collection::vec(prop_oneof![1 => Just(-1i64), 6 => 1i64..=4], len).prop_map(
                    |mut t| {
                        if let Some(last) = t.last_mut() {
                            *last = last.abs().max(1);
                        }
                        t
                    },
                )
            });
            (
                dims,
                perm,
                prop::collection::vec(tile, 0..=2),
                prop::option::weighted(0.2, prop::collection::vec(0u64..=2, n)),
                prop_oneof![Just(0.3), Just(1.0), Just(3.0), Just(12.0)],
                1u64..=3,
                1u64..=3,
            )
        })
        .prop_map(|(dims, m2m, tiles, extra, aspect, step_x, step_y)| Case {
            padded: extra.map(|e| dims.iter().zip(e).map(|(d, x)| d + x).collect()),
            dims,
            m2m,
            tiles,
            aspect,
            step_x,
            step_y,
        })
}

fn build(c: &Case) -> Mapping {
    let tiles = c
        .tiles
        .iter()
        .map(|t| {
            Tile::new(
                t.iter()
                    .map(|&d| {
                        if d < 0 {
                            TileDim::Combine
                        } else {
                            TileDim::Size(d as u64)
                        }
                    })
                    .collect(),
            )
            .expect("valid tile")
        })
        .collect();
    let dims = c.dims.iter().map(|&d| DimSize::Static(d)).collect();
    let layout = ArrayLayout::new(
        ElementType::F32,
        dims,
        Some(c.m2m.clone()),
        tiles,
        LayoutAttributes::default(),
    )
    .expect("valid layout");
    match &c.padded {
        None => Mapping::new(&layout),
        Some(p) => Mapping::with_padded_dims(&layout, p),
    }
    .expect("small layouts map")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn the_grid_fast_path_equals_probing_each_cell(c in case()) {
        let m = build(&c);
        let geometry = LogicalGeometry::new(&m, c.aspect);
        let (w, h) = geometry.world();
        prop_assume!(w <= 400 && h <= 400);
        let mut view = LogicalView::new(&m, geometry);
        // Sampled columns and rows, one past the world's end included.
        let xs: Vec<u64> = (0..=w).step_by(c.step_x as usize).collect();
        let ys: Vec<u64> = (0..=h).step_by(c.step_y as usize).collect();
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
                if one != xla_layout_viz::render::Probe::Outside {
                    prop_assert_eq!(&tiles[k * levels..(k + 1) * levels], &t[..], "tiles of ({}, {})", x, y);
                }
            }
        }
    }
}
