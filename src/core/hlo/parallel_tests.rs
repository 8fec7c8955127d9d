//! Where pieces are cut, and that pieces are kept only where nothing
//! carries over (the finds themselves are compared with one thread's in
//! tests/hlo_scan_pieces.rs).

use super::*;
use crate::core::hlo::scan;

/// `n` computations of a few instructions each, after a module header.
fn module(n: usize) -> String {
    let mut s = String::from("HloModule m, entry_computation_layout={(f32[8]{0})->f32[8]{0}}\n\n");
    for c in 0..n {
        s.push_str(&format!(
            "%comp.{c} (p.{c}: f32[8]) -> f32[8] {{\n  %p.{c} = f32[8]{{0}} parameter(0)\n  ROOT %n.{c} = f32[8]{{0}} negate(f32[8]{{0}} %p.{c})\n}}\n\n"
        ));
    }
    s
}

#[test]
fn cuts_fall_on_lines_that_open_a_computation() {
    let text = module(40);
    let b = text.as_bytes();
    let at = cuts(b, 4, 200);
    assert_eq!(at.len(), 3, "{at:?}");
    for &c in &at {
        assert_eq!(b[c - 1], b'\n');
        assert!(text[c..].starts_with("%comp."), "{:?}", &text[c..c + 10]);
    }
    assert!(at.windows(2).all(|w| w[1] - w[0] >= 200));
    // Lines ending in `\r\n` too.
    let crlf = text.replace('\n', "\r\n");
    assert_eq!(cuts(crlf.as_bytes(), 4, 200).len(), 3);
    // No computation after the planned start: no cut.
    let plain = "f32[8]{0}\n".repeat(100);
    assert!(cuts(plain.as_bytes(), 4, 100).is_empty());
    // Too short for two pieces.
    assert!(cuts(b, 4, b.len()).is_empty());
    // However many pieces are asked for, at most MAX_PIECES, each cut
    // after the last.
    let many = module(3000);
    let at = cuts(many.as_bytes(), usize::MAX, 0);
    assert!(at.len() > 1000 && at.len() < MAX_PIECES, "{}", at.len());
    assert!(at.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn pieces_are_kept_when_nothing_carries_over() {
    let text = module(40);
    let (found, kept) = scan_in_pieces(&text, 4, 200);
    assert_eq!(
        kept,
        cuts(text.as_bytes(), 4 * PIECES_PER_THREAD, 200).len()
    );
    assert!(kept >= 4);
    assert_eq!(format!("{found:?}"), format!("{:?}", scan(&text)));
}

#[test]
fn a_piece_inside_a_comment_is_read_on_by_the_scanner_before_it() {
    let whole = module(40);
    let mid = whole.len() / 2;
    let ls = mid + whole[mid..].find("\n%comp.").unwrap() + 1;
    // A comment opened before a computation closes ten computations
    // later: every line in between is hidden, the cuts' lines too.
    let close = ls + whole[ls..].match_indices("\n}\n").nth(9).unwrap().0 + 2;
    let text = format!(
        "{}/* hidden\n{} */{}",
        &whole[..ls],
        &whole[ls..close],
        &whole[close..]
    );
    let (found, kept) = scan_in_pieces(&text, 2, 200);
    let at = cuts(text.as_bytes(), 2 * PIECES_PER_THREAD, 200);
    let hidden = at
        .iter()
        .filter(|&&c| c > ls && c < ls + text[ls..].find("*/").unwrap());
    assert!(hidden.clone().count() >= 1);
    assert_eq!(kept, at.len() - hidden.count());
    assert_eq!(format!("{found:?}"), format!("{:?}", scan(&text)));
}

#[test]
fn a_second_module_header_or_a_report_space_stops_keeping_pieces() {
    let m = module(10);
    let two = format!("{m}{}", m.replace("HloModule m,", "HloModule second,"));
    let (found, kept) = scan_in_pieces(&two, 4, m.len() / 2);
    assert!(kept < 3, "kept {kept}");
    assert_eq!(format!("{found:?}"), format!("{:?}", scan(&two)));
    // A report's memory space holds until the next header: every piece
    // after it would start without it.
    let report = format!("  Largest program allocations in vmem:\n{m}");
    let (found, kept) = scan_in_pieces(&report, 4, 200);
    assert_eq!(kept, 0);
    assert_eq!(format!("{found:?}"), format!("{:?}", scan(&report)));
}
