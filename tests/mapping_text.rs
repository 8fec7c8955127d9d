//! The worked examples of issue 2, the semantics doc and XLA's docs, from
//! shape text through the parser to the mapping. Every expected value is
//! worked out by hand in the comments, never taken from the code.

use xla_layout_viz::core::{parse, Analysis, Cell, ErrorKind, Mapping, PaddingSource, Shape};

fn shape(text: &str) -> Shape {
    parse(text).unwrap_or_else(|e| panic!("{e}"))
}

fn mapping(text: &str) -> Mapping {
    let s = shape(text);
    let leaves = s.leaves();
    assert_eq!(leaves.len(), 1, "{text}");
    Analysis::of(leaves[0].1)
        .unwrap_or_else(|e| panic!("{e}"))
        .mapping
}

/// Row-major ids of the first `n` memory cells, `-1` for padding.
fn memory(m: &Mapping, n: usize) -> Vec<i64> {
    m.walk_memory()
        .take(n)
        .map(|c| match c {
            Cell::Element(e) => e as i64,
            Cell::Padding(_) => -1,
        })
        .collect()
}

#[test]
fn tiled_doc_3x5() {
    // (2,3): tile (1,1) of a 2x3 grid, within (0,1): (1*3+1)*4 + 1 = 17.
    let m = mapping("f32[3,5]{1,0:T(2,2)}");
    assert_eq!(m.offset_of(&[2, 3]), Some(17));
    assert_eq!(m.footprint(), 24);
    assert_eq!(m.at(17), Some(Cell::Element(13)));
    // Tile (0,0) holds (0,0),(0,1),(1,0),(1,1); tile (0,2) holds x = 4 and
    // the padding column x = 5.
    assert_eq!(memory(&m, 12), [0, 1, 5, 6, 2, 3, 7, 8, 4, -1, 9, -1]);
}

#[test]
fn later_tile_reaching_tile_counts() {
    // T(2,4): [8,8] -> [4,2,2,4] (tile-rows, tile-cols, within). The
    // second tile (2,1,1,1) covers all four: quotients [2,2,2,4], remainders
    // [2,1,1,1]; strides [32,16,8,2,1,1,1,1]. (6,5) is tile-row 3 -> (1,1),
    // tile-col 1, within (0,1): coordinates [1,1,0,1,1,0,0,0] ->
    // 32 + 16 + 2 + 1 = 51.
    let m = mapping("f32[8,8]{1,0:T(2,4)(2,1,1,1)}");
    assert_eq!(m.offset_of(&[6, 5]), Some(51));
    assert_eq!(m.at(51), Some(Cell::Element(6 * 8 + 5)));
}

#[test]
fn pairs_of_rows_interleaved() {
    // f32[4,8]{1,0:T(2,4)(2,1)}: 2x2 tiles of 2x4, row-major; inside a
    // tile, columns in order, and for each column its two rows.
    let m = mapping("f32[4,8]{1,0:T(2,4)(2,1)}");
    let mut expected = Vec::new();
    for (tr, tc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
        for c in 0..4 {
            for r in 0..2 {
                expected.push(((tr * 2 + r) * 8 + tc * 4 + c) as i64);
            }
        }
    }
    assert_eq!(&expected[..4], [0, 8, 1, 9], "(0,0),(1,0),(0,1),(1,1)");
    assert_eq!(memory(&m, 32), expected);
}

#[test]
fn two_by_three_of_the_seeds() {
    // a b c / d e f: ids 0..5.
    assert_eq!(memory(&mapping("f32[2,3]{0,1}"), 6), [0, 3, 1, 4, 2, 5]);
    assert_eq!(memory(&mapping("f32[2,3]{1,0}"), 6), [0, 1, 2, 3, 4, 5]);
    assert_eq!(memory(&mapping("f32[2,3]"), 6), [0, 1, 2, 3, 4, 5]);
    // padded_dimensions [3,5]: a d 0 b e 0 c f 0 0 0 0 0 0 0.
    let s = shape("f32[2,3]{0,1}");
    let m = Analysis::with_padded_dims(s.leaves()[0].1, &[3, 5])
        .unwrap()
        .mapping;
    assert_eq!(m.footprint(), 15);
    assert_eq!(
        memory(&m, 15),
        [0, 3, -1, 1, 4, -1, 2, 5, -1, -1, -1, -1, -1, -1, -1]
    );
    assert_eq!(m.at(8), Some(Cell::Padding(PaddingSource::LegacyPadding)));
    assert_eq!(m.offset_of(&[1, 2]), Some(7));
}

#[test]
fn combine_dims() {
    // T(*,*,2,*,3) tiles f32[2,7,8,11,10] as [112,110] by (2,3): a 56x37
    // grid of 6-element tiles. (1,3,5,7,9): row (1*7+3)*8+5 = 85, column
    // 7*10+9 = 79; tile (42,26), within (1,1): (42*37+26)*6 + 1*3+1 = 9484.
    let m = mapping("f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}");
    assert_eq!(m.footprint(), 56 * 37 * 6);
    assert_eq!(m.offset_of(&[1, 3, 5, 7, 9]), Some(9484));
    let id = (((7 + 3) * 8 + 5) * 11 + 7) * 10 + 9;
    assert_eq!(m.at(9484), Some(Cell::Element(id)));
    // Column 110 (x = 110 of [.,110] padded to 111) is padding.
    assert_eq!(
        m.at(36 * 6 + 2),
        Some(Cell::Padding(PaddingSource::Tile { level: 0 }))
    );
}

#[test]
fn scalar_tile_and_tail_padding() {
    // A tile longer than the shape: the scalar gets a leading dim of 1,
    // padded to 128.
    let m = mapping("f32[]{:T(128)}");
    assert_eq!((m.footprint(), m.offset_of(&[])), (128, Some(0)));
    assert_eq!(
        m.at(127),
        Some(Cell::Padding(PaddingSource::Tile { level: 0 }))
    );
    // L(16) rounds 9 cells up to 16.
    let m = mapping("f32[3,3]{1,0:L(16)}");
    assert_eq!(m.footprint(), 16);
    assert_eq!(m.at(9), Some(Cell::Padding(PaddingSource::TailAlignment)));
    // After tiling: 24 cells rounded up to 32.
    let m = mapping("f32[3,5]{1,0:T(2,2)L(32)}");
    assert_eq!(m.footprint(), 32);
    assert_eq!(m.offset_of(&[2, 3]), Some(17));
    assert_eq!(m.at(24), Some(Cell::Padding(PaddingSource::TailAlignment)));
    assert_eq!(m.at(32), None);
}

#[test]
fn bounded_dims_occupy_their_bound_and_unbounded_cannot_be_mapped() {
    let m = mapping("f32[<=10,3]");
    assert_eq!((m.num_elements(), m.footprint()), (30, 30));
    assert_eq!(m.offset_of(&[9, 2]), Some(29));
    let s = shape("f32[4,?,3]{2,1,0:T(2,2)}");
    let e = Analysis::of(s.leaves()[0].1).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::UnboundedDim { dim: 1 });
    assert_eq!(&e.input()[e.span().range()], "?");
    let layout = s.leaves()[0].1.layout().unwrap();
    assert_eq!(
        Mapping::new(&layout).unwrap_err(),
        ErrorKind::UnboundedDim { dim: 1 }
    );
}

#[test]
fn tuple_leaves_by_index_path() {
    let s = shape("(f32[2,3], (s8[4]{0}, token[], (pred[])), b(f32[16]))");
    let paths: Vec<Vec<usize>> = s.leaves().into_iter().map(|(p, _)| p).collect();
    assert_eq!(paths, [vec![0], vec![1, 0], vec![1, 2, 0], vec![2]]);
    assert_eq!(s.leaf(&[1, 0]).unwrap().to_string(), "s8[4]{0}");
    assert_eq!(s.leaf(&[2]).unwrap().to_string(), "f32[16]{0}");
    assert!(s.leaf(&[1, 1]).is_none(), "token[] is not an array");
    assert!(s.leaf(&[3]).is_none());
    assert!(s.leaf(&[]).is_none(), "the tuple itself is not a leaf");
}

#[test]
fn walks_stream_over_arrays_too_large_to_hold() {
    // 2^40 cells: anything that materialised the walk would not finish.
    // {0,1}: dim 0 is minor; T(8,128) takes 8 of dim 1 by 128 of dim 0.
    let m = mapping("f32[1048576,1048576]{0,1:T(8,128)}");
    let mut cells = m.walk_memory();
    assert_eq!(cells.next(), Some(Cell::Element(0)));
    // Offset 1 is (1,0); offset 128 is (0,1).
    assert_eq!(cells.next(), Some(Cell::Element(1 << 20)));
    assert_eq!(m.walk_memory().nth(128), Some(Cell::Element(1)));
    // Logical order: (0,0), (0,1), (0,2) at offsets 0, 128, 256.
    let logical: Vec<u64> = m.walk_logical().take(3).collect();
    assert_eq!(logical, [0, 128, 256]);
    assert_eq!(m.walk_logical().size_hint().0 as u64, 1 << 40);

    // The TPU shape: physical [1,8,1280,16384]; (8,128)(2,1) puts rows
    // 2k, 2k+1 of a column next to each other. Offsets 0..4 are (0,0,0,0),
    // (0,0,1,0), (0,0,0,1), (0,0,1,1).
    let m = mapping("bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}");
    assert_eq!(
        memory(&m, 4),
        [0, 16384, 1, 16385],
        "ids of (0,0,0,0), (0,0,1,0), (0,0,0,1), (0,0,1,1)"
    );
    let logical: Vec<u64> = m.walk_logical().take(3).collect();
    assert_eq!(logical, [0, 2, 4]);
}
