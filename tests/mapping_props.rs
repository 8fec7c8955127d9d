//! The fast mapping against a brute-force reference that literally pads,
//! reshapes and transposes an array of element ids (`mapping_reference/`,
//! which never calls the code under test to compute an expectation).

use crate::mapping_reference;

use crate::layout_cases;

use mapping_reference::{reference, unravel, R};
use proptest::prelude::*;
use proptest::sample::select;
use xla_layout_viz::core::{
    ArrayLayout, Cell, DimSize, ElementType, LayoutAttributes, LevelCoords, Mapping, PaddingSource,
};

#[derive(Clone, Debug)]
struct Case {
    dims: Vec<usize>,
    padded: Option<Vec<usize>>,
    m2m: Vec<usize>,
    tiles: Vec<Vec<i64>>,
    align: usize,
}

/// The shared generator's layouts (`layout_cases`), in this file's sizes.
fn case() -> impl Strategy<Value = Case> {
    let size = |v: Vec<u64>| v.into_iter().map(|x| x as usize).collect::<Vec<_>>();
    layout_cases::case(4, 7, 3).prop_map(move |c| Case {
        dims: size(c.dims),
        padded: c.padded.map(size),
        m2m: c.m2m,
        tiles: c.tiles,
        align: c.align as usize,
    })
}

fn build(c: &Case) -> Option<Mapping> {
    let tiles = layout_cases::tiles(&c.tiles);
    let dims = c.dims.iter().map(|&d| DimSize::Static(d as u64)).collect();
    let attrs = LayoutAttributes {
        tail_padding_alignment: c.align as u64,
        ..LayoutAttributes::default()
    };
    let layout =
        ArrayLayout::new(ElementType::F32, dims, Some(c.m2m.clone()), tiles, attrs).unwrap();
    match &c.padded {
        None => Mapping::new(&layout).ok(),
        Some(p) => {
            Mapping::with_padded_dims(&layout, &p.iter().map(|&x| x as u64).collect::<Vec<_>>())
                .ok()
        }
    }
}

/// The index of the element with row-major id `e`, by the test's own
/// arithmetic.
fn index_of(e: u64, dims: &[usize]) -> Vec<u64> {
    unravel(e as usize, dims)
        .into_iter()
        .map(|i| i as u64)
        .collect()
}

fn cell(r: R) -> Cell {
    match r {
        R::E(e) => Cell::Element(e),
        R::Pad(p) => Cell::Padding(p),
    }
}

/// The whole mapping of `c` against the brute-force reference.
fn check(c: &Case, max_footprint: u64) -> Result<(), TestCaseError> {
    let m = build(c).expect("small layouts always map");
    prop_assume!(m.footprint() <= max_footprint);
    let reference = reference(&c.dims, c.padded.as_deref(), &c.m2m, &c.tiles, c.align);
    let mem = &reference.cells;
    prop_assert_eq!(m.footprint(), mem.len() as u64);

    // Decoding every offset, and every cell's tile coordinates.
    for (offset, &r) in mem.iter().enumerate() {
        prop_assert_eq!(m.at(offset as u64), Some(cell(r)), "offset {}", offset);
        let info = m
            .describe_offset(offset as u64)
            .expect("inside the footprint");
        prop_assert_eq!(info.offset, offset as u64);
        prop_assert_eq!(info.cell, cell(r));
        let index = match r {
            R::E(e) => Some(index_of(e, &c.dims)),
            R::Pad(_) => None,
        };
        prop_assert_eq!(&info.index, &index, "offset {}", offset);
        let levels: Vec<Option<LevelCoords>> = reference.levels[offset]
            .iter()
            .map(|l| l.clone().map(|(tile, within)| LevelCoords { tile, within }))
            .collect();
        prop_assert_eq!(&info.levels, &levels, "offset {}", offset);
        if let Some(index) = &index {
            prop_assert_eq!(m.describe_index(index), Some(info.clone()));
        }
    }
    prop_assert_eq!(m.at(mem.len() as u64), None);
    prop_assert_eq!(m.describe_offset(mem.len() as u64), None);

    // The streaming walks.
    let walked: Vec<Cell> = m.walk_memory().collect();
    let expected: Vec<Cell> = mem.iter().map(|&r| cell(r)).collect();
    prop_assert_eq!(&walked, &expected);
    let mut visited = Vec::new();
    m.for_each_in_memory(|o, c| visited.push((o, c)));
    prop_assert!(visited
        .iter()
        .enumerate()
        .all(|(i, &(o, c))| o == i as u64 && c == expected[i]));

    // Every element exactly once, and offset_of inverts at.
    let n: u64 = c.dims.iter().map(|&d| d as u64).product();
    let mut seen = vec![0u32; n as usize];
    let mut offsets = vec![0u64; n as usize];
    for (offset, &r) in mem.iter().enumerate() {
        if let R::E(e) = r {
            seen[e as usize] += 1;
            offsets[e as usize] = offset as u64;
        }
    }
    prop_assert!(seen.iter().all(|&k| k == 1));
    for e in 0..n {
        let index = index_of(e, &c.dims);
        prop_assert_eq!(m.offset_of(&index), Some(offsets[e as usize]));
        prop_assert_eq!(m.offset_of_id(e), Some(offsets[e as usize]));
        prop_assert_eq!(m.at(offsets[e as usize]), Some(Cell::Element(e)));
    }
    let logical: Vec<u64> = m.walk_logical().collect();
    prop_assert_eq!(&logical, &offsets);

    // Ghost cells (first-level padding around the array) locate to
    // their memory cell; the last level's tile number is the offset
    // divided by that tile's size.
    let ghost = m.ghost_dims().to_vec();
    let cells: u64 = ghost.iter().product();
    let last_tile: u64 = c.tiles.last().map_or(1, |t| {
        t.iter().filter(|&&d| d > 0).map(|&d| d as u64).product()
    });
    let mut tiles = vec![0u64; c.tiles.len()];
    let mut gi = vec![0u64; ghost.len()];
    for g in 0..cells {
        let mut rest = g;
        for d in (0..ghost.len()).rev() {
            gi[d] = rest % ghost[d];
            rest /= ghost[d];
        }
        let offset = m.locate(&gi, &mut tiles).expect("inside the ghost region");
        let inside = gi.iter().zip(&c.dims).all(|(&i, &d)| i < d as u64);
        if inside && c.padded.is_none() {
            prop_assert_eq!(Some(offset), m.offset_of(&gi));
        } else if c.padded.is_none() {
            prop_assert_eq!(
                mem[offset as usize],
                R::Pad(PaddingSource::Tile { level: 0 })
            );
        }
        if let Some(&last) = tiles.last() {
            prop_assert_eq!(last, offset / last_tile);
        }
    }

    let checksum = offsets.iter().enumerate().fold(0u64, |acc, (e, &o)| {
        acc.wrapping_add(o.wrapping_mul(e as u64 + 1))
    });
    prop_assert_eq!(m.checksum(), checksum);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn fast_mapping_equals_pad_reshape_transpose(c in case()) {
        check(&c, 50_000)?;
    }

    #[test]
    fn out_of_range_indices_have_no_offset(c in case(), extra in 0u64..3) {
        let m = build(&c).expect("small layouts always map");
        if let Some(first) = c.dims.first() {
            let mut index = vec![0u64; c.dims.len()];
            index[0] = *first as u64 + extra;
            prop_assert_eq!(m.offset_of(&index), None);
        }
        prop_assert_eq!(m.offset_of(&vec![0; c.dims.len() + 1]), None);
    }
}

/// Fewer, larger cases: dims up to a few hundred and the tile sizes real
/// layouts use, so that the memory walk's long runs and full tables, and
/// padding inside them, are exercised too.
fn big_case() -> impl Strategy<Value = Case> {
    (1usize..=3)
        .prop_flat_map(|n| {
            let dims = prop::collection::vec(prop_oneof![4 => 1usize..=12, 1 => 100usize..=260], n);
            let perm = Just((0..n).collect::<Vec<_>>()).prop_shuffle();
            let entry = select(vec![-1i64, 1, 2, 3, 4, 8, 16, 128]);
            let tile = (1usize..=n + 1).prop_flat_map(move |len| {
                prop::collection::vec(entry.clone(), len).prop_map(|mut t| {
                    if let Some(last) = t.last_mut() {
                        *last = last.abs();
                    }
                    t
                })
            });
            (
                dims,
                perm,
                prop::collection::vec(tile, 0..=2),
                prop_oneof![3 => Just(1usize), 1 => Just(256usize)],
            )
        })
        .prop_map(|(dims, m2m, tiles, align)| Case {
            dims,
            padded: None,
            m2m,
            tiles,
            align,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn large_tiles_equal_pad_reshape_transpose(c in big_case()) {
        check(&c, 40_000)?;
    }
}
