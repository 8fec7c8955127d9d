//! Sizes, with expectations worked out by hand from the semantics doc and
//! XLA's `ShapeUtil::ArraySize` (see `src/core/stats.rs`).

use xla_layout_viz::core::sizes::NoXlaSize;
use xla_layout_viz::core::{
    parse, Mapping, PaddingOrigin, PaddingShare, PaddingSource, SizeWarning, Stats,
};

fn stats(text: &str) -> Stats {
    let shape = parse(text).unwrap_or_else(|e| panic!("{e}"));
    let layout = shape.leaves()[0].1.layout().unwrap();
    let mapping = Mapping::new(&layout).unwrap();
    Stats::new(&layout, &mapping).unwrap()
}

#[test]
fn bf16_tpu_layout_has_no_padding() {
    let s = stats("bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}");
    assert_eq!(s.elements, 8 * 1280 * 16384);
    assert_eq!(s.footprint_elements, 8 * 1280 * 16384);
    assert_eq!(s.bytes_xla, Some(8 * 1280 * 16384 * 2));
    assert_eq!(Some(s.bytes_footprint), s.bytes_xla);
    assert!(s.warnings.is_empty());
}

#[test]
fn tpu_out_of_memory_case_is_32x() {
    // Physical [1,2048,128,128,4]; T(8,128) rounds the minor 4 up to 128.
    let s = stats("s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}");
    assert_eq!(s.elements, 2048 * 128 * 128 * 4);
    assert_eq!(s.footprint_elements, 2048 * 128 * 128 * 128);
    assert_eq!(s.expansion(), Some(32.0));
    assert_eq!(s.bytes_xla, Some(2048 * 128 * 128 * 128 * 4));
    let pad = 2048 * 128 * 128 * 124;
    assert_eq!(
        s.padding_by_source,
        vec![PaddingShare {
            origin: PaddingOrigin::Cells(PaddingSource::Tile { level: 0 }),
            elements: pad,
            bits: u128::from(pad) * 32,
        }]
    );
}

#[test]
fn tiled_doc_example() {
    let s = stats("f32[3,5]{1,0:T(2,2)}");
    assert_eq!(
        (s.elements, s.footprint_elements, s.padding_elements),
        (15, 24, 9)
    );
    assert_eq!(
        (s.bytes_xla, s.bytes_footprint, s.bytes_data),
        (Some(96), 96, 60)
    );
}

#[test]
fn later_tiles_adding_padding_are_flagged() {
    // Level 0: [3,2,2,4]; level 1 (2,1,1,1) pads the 3 tile-rows to 4.
    let s = stats("f32[6,8]{1,0:T(2,4)(2,1,1,1)}");
    assert_eq!(s.footprint_elements, 64);
    assert_eq!(s.bytes_xla, Some(6 * 8 * 4));
    assert_eq!(s.bytes_footprint, 64 * 4);
    assert_eq!(
        s.warnings,
        vec![SizeWarning::LaterTilesAddPadding { elements: 16 }]
    );
}

#[test]
fn untiled_tail_padding_is_ignored_by_xla() {
    let s = stats("f32[3]{0:L(4)}");
    assert_eq!(
        (s.footprint_elements, s.bytes_xla, s.bytes_footprint),
        (4, Some(12), 16)
    );
    assert_eq!(
        s.warnings,
        vec![SizeWarning::TailIgnoredWithoutTiles { elements: 1 }]
    );
    // Tiled: ArraySize applies L(n) after the first tile.
    let s = stats("f32[3]{0:T(2)L(8)}");
    assert_eq!((s.footprint_elements, s.bytes_xla), (8, Some(32)));
}

#[test]
fn sub_byte_types_take_a_byte_unless_packed() {
    assert_eq!(stats("s4[3]{0}").bytes_footprint, 3);
    assert_eq!(stats("s4[3]{0:E(4)}").bytes_footprint, 2);
    assert_eq!(stats("pred[10]{0}").bytes_xla, Some(10));
    assert_eq!(stats("pred[8,8,8]{0,2,1:T(8,128)E(32)}").element_bits, 32);
    // pred E(1) with (32,128)(32,1): 32*128 bits per tile = 512 bytes.
    assert_eq!(
        stats("pred[32,128]{1,0:T(32,128)(32,1)E(1)}").bytes_footprint,
        512
    );
}

#[test]
fn combine_dims_are_sized_by_xla_with_a_packing_factor() {
    // xla/shape_util.cc, ShapeUtil::ArraySize: a `*` entry without a second
    // tile rounds up to max(1, 32 / ElementSizeInBits) = 2 for bf16.
    // 1004 -> 1024 (128), 3 -> 4 (`*`: 2), 2 -> 2.
    let s = stats("bf16[2,3,1004]{2,1,0:T(2,*,128)}");
    assert_eq!(s.bytes_xla, Some(1024 * 4 * 2 * 2));
    // Real: [2, 3*1004 = 3012] tiled (2,128): 2 * 3072 elements.
    assert_eq!(s.footprint_elements, 2 * 3072);
    assert!(s.warnings.contains(&SizeWarning::CombineDimsNotMerged));
}

#[test]
fn split_configs_size_the_largest_piece() {
    // From XLA's layout_util_test: MaxSplitSize 150, 90, 70.
    let s = stats("f32[150,200,100]{0,1,2:T(1)SC(0:30)(1:40,130)}");
    assert_eq!(s.bytes_xla, Some(150 * 90 * 70 * 4));
    assert_eq!(s.footprint_elements, 150 * 200 * 100);
    assert!(s.warnings.contains(&SizeWarning::SplitConfigsSizeOnePiece));
}

#[test]
fn scalar_tile() {
    let s = stats("f32[]{:T(128)}");
    assert_eq!(
        (s.elements, s.footprint_elements, s.bytes_xla),
        (1, 128, Some(512))
    );
}

#[test]
fn combine_dims_take_the_second_tiles_entry() {
    // ShapeUtil::ArraySize: the `*` at position 1 from the minor end takes
    // the second tile's entry there (4): 3 -> 4; 1004 -> 1024; 2 -> 2.
    let s = stats("bf16[2,3,1004]{2,1,0:T(2,*,128)(4,1)}");
    assert_eq!(s.bytes_xla, Some(1024 * 4 * 2 * 2));
    let s = stats("bf16[2,3,1004]{2,1,0:T(2,*,128)(8,1)}");
    assert_eq!(s.bytes_xla, Some(1024 * 8 * 2 * 2));
}

#[test]
fn combine_meeting_combine_has_no_xla_figure() {
    // The second tile's entry at that position is `*` too: RoundUpTo with
    // Tile::kCombineDimension (INT64_MIN) is 0 in XLA, a meaningless 0.
    let s = stats("bf16[2,3,1004]{2,1,0:T(2,*,128)(2,*,1)}");
    assert_eq!(s.bytes_xla, None);
    assert!(s
        .warnings
        .contains(&SizeWarning::NoXlaFigure(NoXlaSize::CombineMeetsCombine)));
}

/// Issue 10's out-of-memory report: `pred[64,512,2048]{2,1,0:T(8,128)E(32)}`
/// with "Size: 256.00M   Unpadded size: 64.00M   (4.0x expansion)".
#[test]
fn widened_pred_counts_its_extra_bits_as_padding() {
    let s = stats("pred[64,512,2048]{2,1,0:T(8,128)E(32)}");
    let n: u64 = 64 * 512 * 2048;
    assert_eq!(s.bytes_footprint, 256 << 20);
    assert_eq!(s.bytes_data, 64 << 20);
    assert_eq!(s.bytes_padding(), 192 << 20);
    assert_eq!(s.expansion(), Some(4.0));
    assert_eq!(s.padding_elements, 0);
    assert_eq!(
        s.padding_by_source,
        vec![PaddingShare {
            origin: PaddingOrigin::Widened {
                from_bits: 8,
                to_bits: 32
            },
            elements: 0,
            bits: u128::from(n) * 24,
        }]
    );
    assert_eq!(s.padding_percent(), 75.0);
}

#[test]
fn packed_sub_byte_data_is_counted_at_its_packed_size() {
    // s4 with E(4): half a byte each; 3 elements are 12 bits, 2 bytes.
    let s = stats("s4[3]{0:E(4)}");
    assert_eq!((s.bytes_data, s.bytes_footprint), (2, 2));
    assert_eq!(s.expansion(), Some(1.0));
    // Without E(n) an s4 takes a whole byte (ByteSizeOfPrimitiveType).
    let s = stats("s4[3]{0}");
    assert_eq!((s.bytes_data, s.bytes_footprint), (3, 3));
    // pred E(1) (32,128)(32,1): 4096 elements of 1 bit, 512 bytes.
    let s = stats("pred[32,128]{1,0:T(32,128)(32,1)E(1)}");
    assert_eq!((s.bytes_data, s.bytes_footprint), (512, 512));
}
