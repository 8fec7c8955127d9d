//! Any text: scanning never panics, every span lies on character
//! boundaries inside the text, spans come in order, and scanning in
//! small chunks or on threads finds the same as one pass. MLIR text
//! (seeds from tests/fixtures/mlir) goes through the same scan, and one
//! op line's breakdown stays inside the text.
#![no_main]
use libfuzzer_sys::fuzz_target;
use xla_layout_viz::core::hlo::{explain, scan_on_threads, Scanner};
use xla_layout_viz::core::mlir::breakdown;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut sc = Scanner::new();
    sc.scan_some(&text, usize::MAX);
    // One pass, as `scan` makes it.
    let found = sc.take_found();
    let mut last = 0;
    for f in &found {
        assert!(text.get(f.span().range()).is_some(), "span {:?}", f.span());
        if let Some(e) = f.error_span() {
            assert!(e.end <= text.len());
        }
        let _ = f.record(&text);
        // Text order (a report entry's label follows its shape).
        assert!(f.span().start >= last, "out of order at {:?}", f.span());
        last = f.span().start;
    }
    let budget = 1 + data.first().copied().unwrap_or(0) as usize % 17;
    // On threads, in pieces cut where computations open: the same finds,
    // every field.
    let pieces = scan_on_threads(&text, 3, budget * 8);
    assert_eq!(format!("{pieces:?}"), format!("{found:?}"));
    // The same text again in small chunks (the facts of its shapes are
    // kept; each chunk's finds name them in the chunk's own tables, a
    // report entry open at a chunk's end included): every field.
    sc.restart();
    let mut chunked = Vec::new();
    loop {
        let p = sc.scan_some(&text, budget);
        chunked.extend(sc.take_found().iter().map(|f| format!("{f:?}")));
        if p.done {
            break;
        }
    }
    let whole: Vec<_> = found.iter().map(|f| format!("{f:?}")).collect();
    assert_eq!(chunked, whole);
    if let Some(d) = explain(&text) {
        assert!(text.get(d.span.range()).is_some());
    }
    if let Some(p) = breakdown(&text) {
        let spans = [p.span, p.op].into_iter().chain(p.results).chain(p.operands);
        let spans = spans.chain(p.operand_types).chain(p.result_types);
        for s in spans.chain(p.attributes.iter().flat_map(|&(n, v)| [n, v])) {
            assert!(text.get(s.range()).is_some(), "op part {s:?}");
        }
    }
});
