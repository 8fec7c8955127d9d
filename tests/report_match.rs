//! Matching a TPU compiler report's printed sizes, with the two fixtures of
//! issue 10 and sizes worked out by hand from the semantics doc's tiling
//! rule (pad each tiled dim up to a multiple of its tile entry).

use xla_layout_viz::core::parse;
use xla_layout_viz::core::sizes::{match_report, parse_printed_size, ReportMatchError};
use xla_layout_viz::core::Shape;

fn array(text: &str) -> xla_layout_viz::core::ArrayShape {
    match parse(text).unwrap_or_else(|e| panic!("{e}")) {
        Shape::Array(a) => a,
        other => panic!("not an array: {other:?}"),
    }
}

#[test]
fn printed_sizes_stand_for_a_range_of_bytes() {
    // 64.0K: 63.95 * 1024 = 65484.8 .. 64.05 * 1024 = 65587.2.
    let s = parse_printed_size("64.0K").unwrap();
    assert_eq!((s.min_bytes, s.max_bytes), (65485, 65587));
    // 16.00M: HumanReadableNumBytes (tsl/platform/numbers.cc) divides by
    // 1024 first (integer division), then prints q / 1024.0: q from
    // 15.995 * 1024 = 16378.88 up to 16.005 * 1024 = 16389.12, so
    // q = 16379 ..= 16389 and n = 16379 * 1024 ..= 16390 * 1024 - 1.
    let s = parse_printed_size(" 16.00M ").unwrap();
    assert_eq!((s.min_bytes, s.max_bytes), (16_772_096, 16_783_359));
    assert!(s.contains(16_777_216), "16 MiB exactly");
    assert_eq!(s.text, "16.00M");
    // 384.0K (f32[4096,8,3]: 393216 bytes): 383.95 * 1024 = 393164.8 ..
    // 384.05 * 1024 = 393267.2.
    let s = parse_printed_size("384.0K").unwrap();
    assert_eq!((s.min_bytes, s.max_bytes), (393_165, 393_267));
    // Newer versions append `iB`; P and E are units too.
    let s = parse_printed_size("6.00GiB").unwrap();
    assert!(s.contains(6 << 30));
    let s = parse_printed_size("1.00P").unwrap();
    // 1.00P: q = 1019 ..= 1029 TiB (0.995 * 1024 = 1018.88, 1.005 * 1024 =
    // 1029.12), n = 1019 * 2^40 ..= 1030 * 2^40 - 1.
    assert_eq!((s.min_bytes, s.max_bytes), (1019 << 40, (1030 << 40) - 1));
    assert!(!parse_printed_size("64.00M").unwrap().contains(32 << 20));
    // Whole bytes print exactly; KiB spelling; G.
    let s = parse_printed_size("3072").unwrap();
    assert_eq!((s.min_bytes, s.max_bytes), (3072, 3072));
    let s = parse_printed_size("2KiB").unwrap();
    assert_eq!((s.min_bytes, s.max_bytes), (1536, 2560));
    let s = parse_printed_size("1.00G").unwrap();
    assert!(s.contains(1 << 30) && !s.contains((1 << 30) + (6 << 20)));
}

#[test]
fn bad_size_texts_point_at_the_offending_characters() {
    let e = parse_printed_size("64.0Q").unwrap_err();
    assert_eq!((e.span.start, e.span.end), (4, 5));
    let e = parse_printed_size("64.K").unwrap_err();
    assert_eq!((e.span.start, e.span.end), (2, 3));
    let e = parse_printed_size("K").unwrap_err();
    assert_eq!(e.span.start, 0);
    let e = parse_printed_size("64.0Kx").unwrap_err();
    assert_eq!((e.span.start, e.span.end), (5, 6));
    assert!(parse_printed_size("").is_err());
    assert!(parse_printed_size("<img onerror=alert(1)>").is_err());
    assert!(parse_printed_size("99999999999999999999999").is_err());
    assert!(parse_printed_size("9999999999T").is_err());
    assert!(parse_printed_size("9999999999.00E").is_err());
    assert!(parse_printed_size("-1.00M").is_err());
}

/// Issue 10: `pred[64,512,2048]{2,1,0:T(8,128)E(32)}`, Size 256.00M,
/// Unpadded size 64.00M.
#[test]
fn widened_pred_report_matches_its_printed_layout() {
    let a = array("pred[64,512,2048]{2,1,0:T(8,128)E(32)}");
    let m = match_report(&a, "256.00M", Some("64.00M")).unwrap();
    assert!(m.size_matches);
    assert_eq!(m.unpadded_matches, Some(true));
    assert!(m.candidates.is_empty());
}

/// Issue 10: `f32[128,6]{1,0}` in VMEM, Size 64.0K, Unpadded 3.0K. With
/// T(8,128) the 6 pads to 128: 128 * 128 * 4 = 65536 bytes = 64.0K.
#[test]
fn untiled_print_gets_tiling_candidates() {
    let a = array("f32[128,6]{1,0:S(1)}");
    let m = match_report(&a, "64.0K", Some("3.0K")).unwrap();
    assert!(!m.size_matches);
    assert_eq!(m.bytes_footprint, 128 * 6 * 4);
    assert_eq!(m.unpadded_matches, Some(true));
    let texts: Vec<&str> = m.candidates.iter().map(|c| c.text.as_str()).collect();
    assert!(
        texts.contains(&"matches if the layout was `{1,0:T(8,128)S(1)}`"),
        "{texts:?}"
    );
    assert!(m.candidates.iter().all(|c| c.bytes_footprint == 65536));
    assert!(m.verdict.contains("not 64.0K"), "{}", m.verdict);
}

/// `f32[100,6]{1,0}`: (8,128) gives 104 * 128 * 4 = 53248 (52.0K), (4,128)
/// and (2,128) 100 * 128 * 4 = 51200 (50.0K), (16,128) 112 * 128 * 4 =
/// 57344 (56.0K): only (16,128)(2,1) prints as 56.0K.
#[test]
fn only_tilings_that_reproduce_the_size_are_offered() {
    let a = array("f32[100,6]{1,0}");
    let m = match_report(&a, "56.0K", None).unwrap();
    let got: Vec<&str> = m.candidates.iter().map(|c| c.canonical.as_str()).collect();
    assert_eq!(got, vec!["f32[100,6]{1,0:T(16,128)(2,1)}"]);
    let m = match_report(&a, "52.0K", None).unwrap();
    let got: Vec<&str> = m.candidates.iter().map(|c| c.canonical.as_str()).collect();
    assert_eq!(
        got,
        vec![
            "f32[100,6]{1,0:T(8,128)}",
            "f32[100,6]{1,0:T(8,128)(2,1)}",
            "f32[100,6]{1,0:T(8,128)(4,1)}"
        ]
    );
    let m = match_report(&a, "1.00G", None).unwrap();
    assert!(m.candidates.is_empty());
    assert!(
        m.verdict.contains("none of the TPU tilings"),
        "{}",
        m.verdict
    );
}

#[test]
fn unreadable_sizes_and_unbounded_dims_are_errors() {
    let a = array("f32[128,6]{1,0}");
    assert!(matches!(
        match_report(&a, "64.0Q", None),
        Err(ReportMatchError::Size(_))
    ));
    let a = array("f32[?,6]{1,0}");
    assert!(matches!(
        match_report(&a, "64.0K", None),
        Err(ReportMatchError::Layout(_))
    ));
}
