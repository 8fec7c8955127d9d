//! The memo against measuring afresh, on texts made to fool it.
use super::*;

/// Pieces of texts: shapes whole and cut short, the same text followed by
/// a layout or not, tuples, comments, line ends, characters that stop a
/// layout.
const PIECES: [&str; 24] = [
    "f32[1024,512]{1,0:T(8,128)}",
    "f32[1024,512]{1,0:T(8,128)",
    "f32[1024,512]",
    "{1,0}",
    "{0,1:T(8,128)}",
    "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}",
    "(f32[1024,512]{1,0:T(8,128)}, s32[]{:T(256)})",
    "(f32[1024,512]{1,0:T(8,128)}, /*index=1*/s32[])",
    "(f32[1024,512]{1,0:T(8,128)},\n s32[])",
    "s32[]",
    "token[]",
    " ",
    ", ",
    "\n",
    "\"",
    "=",
    "}",
    ")",
    "{",
    "f32[1024,512]{1,{0}",
    "f32[1024,512]{1,0:T(8,128)}S(1)}",
    "u8[4096]{0:T(1024)(128)(4,1)}",
    "%p",
    "f32[1024,51",
];

#[test]
fn the_memo_answers_as_measuring_afresh() {
    let mut memo = ShapeMemo::default();
    let mut seed = 3u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n
    };
    for _ in 0..400 {
        let mut text = String::new();
        for _ in 0..(2 + next(12)) {
            text.push_str(PIECES[next(PIECES.len())]);
        }
        let b = text.as_bytes();
        for i in 0..b.len() {
            for end in [b.len(), i + next(b.len() - i + 1)] {
                let want = shape_end(b, i, end, true);
                let got = memo.shape_end(b, i, end);
                assert_eq!(got, want, "{text:?} from {i} to {end}");
            }
        }
    }
    assert!(
        memo.hits > 1000,
        "the memo answered only {} times",
        memo.hits
    );
}

#[test]
fn shapes_cut_short_are_never_remembered() {
    for s in [
        "f32[2]{1,0:T(8,128)",
        "f32[2]{1,{0}",
        "f32[2]{0:T(2)",
        "f32[1024,51",
    ] {
        assert_eq!(closes_itself(s.as_bytes()), None, "{s}");
    }
    assert_eq!(closes_itself(b"f32[2]{1,0:T(8,128)}"), Some(false));
    assert_eq!(closes_itself(b"(f32[2], s32[])"), Some(false));
    assert_eq!(closes_itself(b"f32[2]"), Some(true));
}
