//! Step-mode pictures for large arrays (whole tiles as blocks).
use super::*;
use crate::core::{self, Shape};

fn steps(text: &str) -> Steps {
    let Shape::Array(a) = core::parse(text).unwrap() else {
        panic!("not an array: {text}");
    };
    Steps::new(&a.layout().unwrap()).unwrap()
}

// tiled_layout.md: with T(8,128) each 8x128 tile is stored whole, one
// after another in tile order, so tile k holds offsets
// [1024 k, 1024 (k + 1)) and covers rows 8k..8k+8 of the array.
#[test]
fn above_4096_cells_whole_tiles_move_as_blocks() {
    let s = steps("f32[64,128]{1,0:T(8,128)}");
    assert_eq!(s.motion(), Motion::Blocks);
    let first = stage_picture(&s, 0).unwrap();
    assert!(first.blocks);
    assert_eq!(first.cells.len(), 8);
    for (k, c) in first.cells.iter().enumerate() {
        let k = k as u64;
        assert_eq!((c.row, c.col, c.rows, c.cols), (8 * k, 0, 8, 128));
        assert_eq!((c.key, c.offset), (k, 1024 * k));
    }
    let last = s.stages().len() - 1;
    let memory = stage_picture(&s, last).unwrap();
    assert_eq!(memory.cells.len(), 8);
    for (k, c) in memory.cells.iter().enumerate() {
        let k = k as u64;
        let width = s.grid(last).unwrap().cols();
        assert_eq!(c.row * width + c.col, 1024 * k);
        assert_eq!(c.rows * c.cols, 1024);
    }
    let a = placed(&first, 420.0, 260.0);
    let b = placed(&memory, 420.0, 260.0);
    assert_eq!(tween(&a, &b, 0.0), a);
    assert_eq!(tween(&a, &b, 1.0), b);
    // The outlined tile holds offset 3000: tile 2.
    assert_eq!(shown_key(&s, 3000), Some(2));
}

#[test]
fn millions_of_tiles_draw_the_first_ones_and_say_so() {
    // The example: 8388608 tiles of 8x128 (dim 2, x=4, padded to 128).
    let s = steps("s32[8388608,8,4]{2,1,0:T(8,128)}");
    for stage in 0..s.stages().len() {
        let p = stage_picture(&s, stage).unwrap();
        assert_eq!(p.cells.len() as u64, MAX_BLOCKS, "stage {stage}");
        assert!(p.note.as_deref().unwrap().contains("the first 1024"));
        assert!(p
            .cells
            .iter()
            .enumerate()
            .all(|(k, c)| c.offset == 1024 * k as u64));
    }
    assert_eq!(shown_key(&s, 1024 * 5 + 7), Some(5));
    assert_eq!(shown_key(&s, 1024 * 2000), None);
}

// f32[64,128]{0,1:T(8,128)}: dim 0 (64) is the most minor and is padded to
// 128, so there are 128 x 128 / (8 x 128) = 16 tiles; "tiles major" puts
// them side by side, 8 rows by 16 x 128 columns, far wider than the
// canvas. Folded, every tile is still one whole 8 x 128 rectangle, in tile
// order (left to right, then down), none overlapping, all on the canvas,
// and much larger than unfolded.
#[test]
fn tiles_side_by_side_wrap_into_bands_without_cutting_a_tile() {
    let s = steps("f32[64,128]{0,1:T(8,128)}");
    let k = s
        .stages()
        .iter()
        .position(|st| st.title().ends_with("tiles major"))
        .unwrap();
    let p = stage_picture(&s, k).unwrap();
    assert_eq!((p.rows, p.cols, p.cells.len()), (8, 16 * 128, 16));
    let (w, h) = (420.0, 260.0);
    let f = fold(&p, w, h);
    let unfolded = (w / 2048.0f64).min(h / 8.0);
    assert!(f.bands > 1 && f.size > 4.0 * unfolded, "{f:?}");
    assert_eq!(f.band_cols % 128, 0, "a band holds whole tiles: {f:?}");
    let r = placed(&p, w, h);
    for (i, a) in r.iter().enumerate() {
        assert_eq!((a.w, a.h), (128.0 * f.size, 8.0 * f.size), "tile {i} whole");
        assert!(a.x >= 0.0 && a.y >= 0.0 && a.x + a.w <= w + 1e-9 && a.y + a.h <= h + 1e-9);
        for b in &r[i + 1..] {
            let apart = a.x + a.w <= b.x + 1e-9
                || b.x + b.w <= a.x + 1e-9
                || a.y + a.h <= b.y + 1e-9
                || b.y + b.h <= a.y + 1e-9;
            assert!(apart, "{a:?} overlaps {b:?}");
            // Reading order: a later tile is further right in the same band, or lower.
            assert!(
                b.y > a.y + 1e-9 || (b.y == a.y && b.x > a.x),
                "{a:?} then {b:?}"
            );
        }
    }
    // A stage that already fits keeps one band: f32[3,5]{1,0:T(2,2)}.
    let small = steps("f32[3,5]{1,0:T(2,2)}");
    for k in 0..small.stages().len() {
        let p = stage_picture(&small, k).unwrap();
        assert_eq!(fold(&p, w, h).bands, 1, "stage {k}");
    }
}

// The s32[8388608,8,4]{2,1,0:T(8,128)}: every stage's picture is
// at most MAX_BLOCKS rectangles, whatever the array's size, so a frame
// (tween + paint) is O(drawn rectangles).
#[test]
fn a_huge_array_draws_a_bounded_number_of_rectangles_in_every_stage() {
    let s = steps("s32[8388608,8,4]{2,1,0:T(8,128)}");
    assert_eq!(s.footprint(), 8388608 * 1024);
    let mut prev: Option<Vec<Placed>> = None;
    for k in 0..s.stages().len() {
        let p = stage_picture(&s, k).unwrap();
        let r = placed(&p, 420.0, 260.0);
        assert!(r.len() as u64 <= MAX_BLOCKS, "stage {k}: {}", r.len());
        if let Some(from) = &prev {
            assert!(tween(from, &r, 0.5).len() <= r.len());
        }
        prev = Some(r);
    }
}

// L(n) rounds the footprint up to a multiple of n: 8 tiles of 8 x 128 are
// 8192 cells, L(10000) makes 10000. In block motion the tail stage shows
// the 1808 cells it adds as grey rectangles covering exactly offsets
// 8192..10000 of the wrapped memory grid, after all the tiles.
#[test]
fn the_tail_padding_is_drawn_in_block_motion() {
    let s = steps("f32[64,128]{1,0:T(8,128)L(10000)}");
    assert_eq!(s.motion(), Motion::Blocks);
    let last = s.stages().len() - 1;
    assert_eq!(
        s.stages()[last].title(),
        "L(10000) tail (tail_padding_alignment_in_elements)"
    );
    let width = s.grid(last).unwrap().cols();
    let p = stage_picture(&s, last).unwrap();
    let tail: Vec<_> = p.cells.iter().filter(|c| !c.element).collect();
    let mut covered: Vec<u64> = tail
        .iter()
        .flat_map(|c| {
            (c.row..c.row + c.rows)
                .flat_map(move |r| (c.col..c.col + c.cols).map(move |k| r * width + k))
        })
        .collect();
    covered.sort();
    assert_eq!(covered, (8192..10000).collect::<Vec<u64>>());
    assert_eq!(p.cells.iter().filter(|c| c.element).count(), 8);
    assert!(p.cells.windows(2).all(|w| w[0].key < w[1].key), "key order");
    // The stage before has no tail.
    assert!(stage_picture(&s, last - 1)
        .unwrap()
        .cells
        .iter()
        .all(|c| c.element));
    // Untiled, a block is a row, and the note says rows.
    let rows = stage_picture(&steps("f32[100,100]{1,0}"), 0).unwrap();
    assert_eq!(
        rows.note.as_deref(),
        Some("100 rows, each moving as one block")
    );
}

// f32[64,128]{0,1:T(8,128)}: linear memory is 16 tiles of 1024 cells, one
// a row: 16 x 1024 cells, 0.4 px each on 420 x 260. Drawn in narrower
// rows every cell keeps its offset order (offset o at row o / W, column
// o % W for the chosen W), each tile is still one rectangle (W divides
// 1024), and the cells are much larger.
#[test]
fn linear_memory_is_drawn_in_narrower_rows_when_too_wide() {
    let s = steps("f32[64,128]{0,1:T(8,128)}");
    let last = s.stages().len() - 1;
    let p = stage_picture(&s, last).unwrap();
    assert_eq!((p.rows, p.cols), (16, 1024));
    let (narrow, size) = rewrap(&p, 420.0, 260.0).unwrap();
    assert!(size > 4.0 * 420.0 / 1024.0, "{narrow} {size}");
    assert_eq!(1024 % narrow, 0);
    let r = placed(&p, 420.0, 260.0);
    assert_eq!(r.len(), 16, "one rectangle a tile");
    for (k, t) in r.iter().enumerate() {
        let first = 1024 * k as u64;
        assert_eq!(t.key, k as u64);
        assert_eq!(
            (t.x, t.y),
            (
                (first % narrow) as f64 * size,
                (first / narrow) as f64 * size
            )
        );
        assert_eq!(
            (t.w, t.h),
            (narrow as f64 * size, (1024 / narrow) as f64 * size)
        );
        assert!(t.x + t.w <= 420.0 + 1e-9 && t.y + t.h <= 260.0 + 1e-9);
    }
    // Small pictures keep their own rows: f32[3,5]{1,0:T(2,2)} (6 x 4).
    let small = steps("f32[3,5]{1,0:T(2,2)}");
    let last = small.stages().len() - 1;
    assert_eq!(
        rewrap(&stage_picture(&small, last).unwrap(), 420.0, 260.0),
        None
    );
}

// s32[8388608,8,4]{2,1,0:T(8,128)}: padded to [8388608, 8, 128], the first
// 1024 tiles of 8 x 128 are stacked 8192 rows tall in the pad stage, far
// taller than the canvas. Folded into columns side by side, each tile is
// still one whole 8 x 128 rectangle, none overlapping, all on the canvas,
// and the cells are much larger; the colours spread over the drawn tiles'
// offsets, not the 8.6 billion cells.
#[test]
fn stacked_tiles_fold_into_columns_side_by_side() {
    let s = steps("s32[8388608,8,4]{2,1,0:T(8,128)}");
    let pad = s
        .stages()
        .iter()
        .position(|st| st.title().ends_with(": pad"))
        .unwrap();
    let p = stage_picture(&s, pad).unwrap();
    assert_eq!((p.rows, p.cols, p.cells.len()), (8192, 128, 1024));
    assert_eq!(p.colour_span, 1024 * 1024);
    let (w, h) = (420.0, 260.0);
    let r = placed(&p, w, h);
    let size = r[0].w / 128.0;
    assert!(size > 4.0 * (h / 8192.0), "{size}");
    for (i, a) in r.iter().enumerate() {
        assert!(
            (a.w - 128.0 * size).abs() < 1e-9 && (a.h - 8.0 * size).abs() < 1e-9,
            "tile {i} whole: {a:?}"
        );
        assert!(
            a.x >= 0.0 && a.y >= 0.0 && a.x + a.w <= w + 1e-9 && a.y + a.h <= h + 1e-9,
            "{a:?}"
        );
    }
    let mut xs: Vec<(u64, u64)> = r
        .iter()
        .map(|a| ((a.x * 1e6) as u64, (a.y * 1e6) as u64))
        .collect();
    xs.sort();
    xs.dedup();
    assert_eq!(xs.len(), 1024, "no two tiles at one place");
}
