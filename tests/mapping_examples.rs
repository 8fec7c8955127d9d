//! The worked examples of XLA's docs and the seeds, as expected offsets
//! computed by hand (not by the code under test).

use crate::layout_cases;

use xla_layout_viz::core::{
    ArrayLayout, Cell, DimSize, ElementType, LayoutAttributes, Mapping, PaddingSource,
};

fn layout(dims: &[u64], m2m: &[usize], tiles: &[&[i64]], attrs: LayoutAttributes) -> ArrayLayout {
    let tiles = layout_cases::tiles(tiles);
    let dims = dims.iter().map(|&d| DimSize::Static(d)).collect();
    ArrayLayout::new(ElementType::F32, dims, Some(m2m.to_vec()), tiles, attrs).unwrap()
}

fn mapping(dims: &[u64], m2m: &[usize], tiles: &[&[i64]]) -> Mapping {
    Mapping::new(&layout(dims, m2m, tiles, LayoutAttributes::default())).unwrap()
}

/// Memory as letters: the row-major id's letter, or `0` for padding.
fn letters(m: &Mapping) -> String {
    m.walk_memory()
        .map(|c| match c {
            Cell::Element(e) => char::from(b'a' + e as u8),
            Cell::Padding(_) => '0',
        })
        .collect::<Vec<_>>()
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn seeds_two_by_three_column_and_row_major() {
    assert_eq!(letters(&mapping(&[2, 3], &[0, 1], &[])), "a d b e c f");
    assert_eq!(letters(&mapping(&[2, 3], &[1, 0], &[])), "a b c d e f");
}

#[test]
fn seeds_legacy_padded_dimensions() {
    let l = layout(&[2, 3], &[0, 1], &[], LayoutAttributes::default());
    let m = Mapping::with_padded_dims(&l, &[3, 5]).unwrap();
    assert_eq!(letters(&m), "a d 0 b e 0 c f 0 0 0 0 0 0 0");
    assert_eq!(m.at(2), Some(Cell::Padding(PaddingSource::LegacyPadding)));
}

#[test]
fn tiled_layout_doc_3x5_by_2x2() {
    let m = mapping(&[3, 5], &[1, 0], &[&[2, 2]]);
    assert_eq!(m.offset_of(&[2, 3]), Some(17));
    assert_eq!(m.footprint(), 24);
    assert_eq!(
        m.walk_memory()
            .filter(|c| matches!(c, Cell::Padding(_)))
            .count(),
        9
    );
    assert_eq!(m.at(17), Some(Cell::Element(2 * 5 + 3)));
    let info = m.describe_index(&[2, 3]).unwrap();
    let level = info.levels[0].clone().unwrap();
    assert_eq!((level.tile, level.within), (vec![1, 1], vec![0, 1]));
}

#[test]
fn later_tile_reaching_tile_count_dims() {
    let m = mapping(&[8, 8], &[1, 0], &[&[2, 4], &[2, 1, 1, 1]]);
    assert_eq!(m.offset_of(&[6, 5]), Some(51));
    assert_eq!(m.at(51), Some(Cell::Element(6 * 8 + 5)));
}

#[test]
fn bf16_style_pairs_of_rows() {
    let m = mapping(&[4, 8], &[1, 0], &[&[2, 4], &[2, 1]]);
    let first: Vec<u64> = (0..8)
        .map(|o| match m.at(o) {
            Some(Cell::Element(e)) => e,
            other => panic!("{other:?}"),
        })
        .collect();
    // (0,0),(1,0),(0,1),(1,1),(0,2),(1,2),(0,3),(1,3)
    assert_eq!(first, vec![0, 8, 1, 9, 2, 10, 3, 11]);
}

#[test]
fn combine_dims() {
    // f32[2,7,8,11,10] with T(*,*,2,*,3) is f32[112,110] tiled by (2,3).
    let m = mapping(&[2, 7, 8, 11, 10], &[4, 3, 2, 1, 0], &[&[-1, -1, 2, -1, 3]]);
    let flat = mapping(&[112, 110], &[1, 0], &[&[2, 3]]);
    assert_eq!(m.footprint(), flat.footprint());
    assert_eq!(m.footprint(), 112 * 111);
    let idx = [1u64, 3, 5, 7, 9];
    let row = (7 + 3) * 8 + 5; // (1 * 7 + 3) * 8 + 5
    let col = 7 * 10 + 9;
    assert_eq!(m.offset_of(&idx), flat.offset_of(&[row, col]));
    // By hand: tile (85/2, 79/3) = (42,26) of a 56x37 grid, within (1,1).
    assert_eq!(m.offset_of(&idx), Some((42 * 37 + 26) * 6 + 3 + 1));
    assert!(m.has_linear_walk());
}

#[test]
fn scalar_tile_longer_than_shape() {
    let l = ArrayLayout::new(
        ElementType::F32,
        vec![],
        None,
        layout_cases::tiles(&[[128]]),
        LayoutAttributes::default(),
    )
    .unwrap();
    let m = Mapping::new(&l).unwrap();
    assert_eq!(m.footprint(), 128);
    assert_eq!(m.offset_of(&[]), Some(0));
    assert_eq!(
        m.at(1),
        Some(Cell::Padding(PaddingSource::Tile { level: 0 }))
    );
}

#[test]
fn tail_padding_alignment() {
    let attrs = LayoutAttributes {
        tail_padding_alignment: 16,
        ..LayoutAttributes::default()
    };
    let m = Mapping::new(&layout(&[3, 3], &[1, 0], &[], attrs)).unwrap();
    assert_eq!(m.footprint(), 16);
    assert_eq!(m.at(9), Some(Cell::Padding(PaddingSource::TailAlignment)));
    assert_eq!(m.at(8), Some(Cell::Element(8)));
    assert_eq!(m.at(16), None);
}

#[test]
fn ghost_cells_around_a_tiled_array() {
    let m = mapping(&[3, 5], &[1, 0], &[&[2, 2]]);
    assert_eq!(m.ghost_dims(), &[4, 6]);
    let mut tiles = [0u64; 1];
    // (2,5): tile (1,2) of the 2x3 grid, within (0,1): (1*3+2)*4 + 1 = 21.
    assert_eq!(m.locate(&[2, 5], &mut tiles), Some(21));
    assert_eq!(tiles, [5]);
    assert_eq!(
        m.at(21),
        Some(Cell::Padding(PaddingSource::Tile { level: 0 }))
    );
    assert_eq!(m.locate(&[3, 5], &mut tiles), Some(23));
    assert_eq!(m.locate(&[4, 0], &mut tiles), None);
    // Elements locate like offset_of.
    assert_eq!(m.locate(&[2, 3], &mut tiles), Some(17));
    // Untiled: no ghost region.
    assert_eq!(mapping(&[3, 5], &[0, 1], &[]).ghost_dims(), &[3, 5]);
}
