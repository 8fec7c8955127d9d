//! Random layouts for the property tests: dims (some 0), any
//! minor_to_major, tiles with `*` entries, older padded dims, `L(n)`.

#![allow(dead_code)]

use proptest::prelude::*;
use xla_layout_viz::core::{
    ArrayLayout, DimSize, ElementType, LayoutAttributes, Mapping, Tile, TileDim,
};

#[derive(Clone, Debug)]
pub struct Case {
    pub dims: Vec<u64>,
    pub padded: Option<Vec<u64>>,
    pub m2m: Vec<usize>,
    /// Tile entries, `-1` for `*`.
    pub tiles: Vec<Vec<i64>>,
    pub align: u64,
}

/// Up to `max_dims` dims of sizes up to `max_size`, up to `max_levels`
/// tiling levels.
pub fn case(max_dims: usize, max_size: u64, max_levels: usize) -> impl Strategy<Value = Case> {
    (0usize..=max_dims)
        .prop_flat_map(move |n| {
            let dims =
                prop::collection::vec(prop_oneof![1 => Just(0u64), 12 => 1u64..=max_size], n);
            let perm = Just((0..n).collect::<Vec<_>>()).prop_shuffle();
            let tile = (1usize..=n + 2).prop_flat_map(|len| {
                prop::collection::vec(prop_oneof![1 => Just(-1i64), 5 => 1i64..=5], len).prop_map(
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
                prop::collection::vec(tile, 0..=max_levels),
                prop::option::weighted(0.2, prop::collection::vec(0u64..=2, n)),
                prop_oneof![3 => Just(1u64), 1 => 1u64..=9],
            )
        })
        .prop_map(|(dims, m2m, tiles, extra, align)| Case {
            padded: extra.map(|e| dims.iter().zip(e).map(|(d, x)| d + x).collect()),
            dims,
            m2m,
            tiles,
            align,
        })
}

/// Tiles from their entries, `-1` for `*` (the tests' shorthand).
pub fn tiles<T: AsRef<[i64]>>(specs: &[T]) -> Vec<Tile> {
    specs
        .iter()
        .map(|t| {
            let entries = t
                .as_ref()
                .iter()
                .map(|&d| match d {
                    d if d < 0 => TileDim::Combine,
                    d => TileDim::Size(d as u64),
                })
                .collect();
            Tile::new(entries).expect("the tests' tiles are valid")
        })
        .collect()
}

/// The layout of a case (generated layouts are always valid).
pub fn layout(c: &Case) -> ArrayLayout {
    let tiles = tiles(&c.tiles);
    let dims = c.dims.iter().map(|&d| DimSize::Static(d)).collect();
    let attrs = LayoutAttributes {
        tail_padding_alignment: c.align,
        ..LayoutAttributes::default()
    };
    ArrayLayout::new(ElementType::F32, dims, Some(c.m2m.clone()), tiles, attrs)
        .expect("generated layouts are valid")
}

/// The mapping of a case (small cases always map).
pub fn build(c: &Case) -> Mapping {
    let layout = layout(c);
    match &c.padded {
        None => Mapping::new(&layout),
        Some(p) => Mapping::with_padded_dims(&layout, p),
    }
    .expect("small layouts map")
}
