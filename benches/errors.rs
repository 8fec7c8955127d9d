//! Cost of parsing a 5 MB invalid text and printing its error, natively.
//!
//! Target (issue 15): `xla-layout canon` on a 5 MB invalid argument prints
//! its windowed error in <= 50 ms; here parse + `Error::to_string`.
//!
//! Measured on the shared 2-core machine (2026-11-23, load ~1.5-3.5 from
//! other work), before -> after the `parsefast` branch (Copy tokens,
//! `parse` streaming tuple elements and validating each distinct leaf
//! text once, one shared copy of the text, boxed `LayoutText`); "before"
//! is a baseline run at load ~3, the previous header's quieter figure in
//! brackets: junk_letters 32 -> 6.8 ms, junk_printable 20 -> 0.24 ms,
//! number_into_letters 17 -> 6.6 ms, tuple_lines_error_at_end 166 [133]
//! -> 52 ms (about the target), tuple_one_line_error_at_end 462 [216] ->
//! 88 ms and tuple_one_line_l0_at_end 486 [410] -> 87 ms (~200,000 leaves
//! of 17 tokens each, every one lexed and parsed: over the target),
//! dims_error_at_end 208 [203] -> 146 ms (2.5 million dims are an 80 MB
//! `Vec<Spanned<DimSize>>`; writing and paging it in is most of the time:
//! over the target). parse/tuple_10000_leaves 18.7 [19] -> 9.6 ms (parsed
//! twice, but the one leaf text validated once), parse/nested_2000_parens
//! 8.6 [8] -> 4.0 us (a depth error, no recursion past MAX_DEPTH).
//! The price of the two passes: parse/tuple_10000_distinct_leaves (every
//! leaf text different, so nothing is cached) 14.5 -> 18.5 ms (load 0.7).
//!
//! Then the streaming pass skips byte-for-byte copies of the element just
//! streamed (2026-11-23, quiet): tuple_one_line_error_at_end 88 -> 8.4 ms,
//! tuple_one_line_l0_at_end 87 -> 8.2 ms, tuple_lines_error_at_end 52 ->
//! 12 ms, parse/tuple_10000_leaves 9.6 -> 5.2 ms,
//! tuple_10000_distinct_leaves 18.8 ms (unchanged), junk_letters 6.8 ms,
//! dims_error_at_end 144 ms (unchanged: still over the target). The CLI
//! process on stdin, median of 9: junk 20 ms, the three tuple cases 24-28
//! ms, dims 160 ms.
//!
//! Then a leading run of plain `N,` dims is read as bytes and kept only
//! once the list has parsed: dims_error_at_end 144 -> 4.1 ms (CLI 160 ->
//! 21 ms); 8.4 ms once one iterator finds the run's sizes both for the
//! run's end and for keeping them (the CLI still 20 ms). Then over the
//! target: dims_too_many (valid syntax, 2.5 million dims, past the
//! mapping's limit on dimensions) 157 ms, CLI 197 ms: the dims were built,
//! then the layout and its vectors (page faults of a few hundred MB were
//! most of it) before the mapping reached its limit.
//!
//! So every list of one array that adds a mapping coordinate per entry
//! (dims, minor_to_major, a tile's sizes, the tiles) is refused at entry
//! 257 by the parser, and the lists that do not (split configs and
//! indices, dim level types) are bounded at 256 too (2026-11-23, quiet;
//! CLI median of 9 with the text on stdin): dims_too_many 197 -> 17 ms,
//! minor_to_major_too_many 110 -> 18 ms, tile_too_many 190 -> 18 ms,
//! split_indices_too_many 140 -> 19 ms, 1 million split configs 350 ->
//! 10 ms; every case here is 17-40 ms.
//!
//! The CLI process (`xla-layout canon -`, the text on stdin: Linux refuses
//! a 5 MB argument, MAX_ARG_STRLEN is 128 KiB; median of 9, release build
//! at opt-level "s"): junk_letters 31 -> 19 ms, tuple_one_line 353 -> 113
//! ms, tuple_lines 197 -> 75 ms, l0 639 -> 115 ms, dims 219 -> 163 ms.

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use criterion::Criterion;
    use std::hint::black_box;
    use std::time::Duration;
    use xla_layout_viz::core::parse;

    const MB5: usize = 5_000_000;

    /// `(name, text)`: junk, and valid-looking text with the error at the end.
    fn inputs() -> Vec<(&'static str, String)> {
        let leaf = "f32[2,3]{1,0:T(2,128)}, ";
        let leaves = leaf.repeat(MB5 / leaf.len());
        let lines = "f32[2,3]{1,0}, /* a comment */\n".repeat(MB5 / 31);
        // Printable ASCII from a fixed xorshift stream.
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let junk: String = (0..MB5)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                char::from(b' ' + (x % 95) as u8)
            })
            .collect();
        vec![
            ("junk_letters", "q".repeat(MB5)),
            ("junk_printable", junk),
            ("number_into_letters", format!("f32[1{}]", "q".repeat(MB5))),
            ("tuple_one_line_error_at_end", format!("({leaves}f32[2,%])")),
            ("tuple_lines_error_at_end", format!("({lines}f32[2,%])")),
            (
                "tuple_one_line_l0_at_end",
                format!("({leaves}f32[2]{{0:L(0)}})"),
            ),
            (
                "dims_error_at_end",
                format!("f32[{}%]", "1,".repeat(MB5 / 2)),
            ),
            // Valid syntax, but past the mapping's limit on dimensions.
            ("dims_too_many", format!("f32[{}1]", "1,".repeat(MB5 / 2))),
            // The same for the layout's lists.
            (
                "minor_to_major_too_many",
                format!("f32[1]{{{}0}}", "0,".repeat(MB5 / 2)),
            ),
            (
                "tile_too_many",
                format!("f32[1]{{0:T({}1)}}", "1,".repeat(MB5 / 2)),
            ),
            (
                "split_indices_too_many",
                format!("f32[1]{{0:SC(0:{}1)}}", "1,".repeat(MB5 / 2)),
            ),
        ]
    }

    pub fn benches(c: &mut Criterion) {
        let mut group = c.benchmark_group("error_5mb");
        group.sample_size(10);
        group.measurement_time(Duration::from_secs(4));
        for (name, text) in inputs() {
            group.bench_function(name, |b| {
                b.iter(|| match parse(black_box(&text)) {
                    Ok(_) => String::new(),
                    Err(e) => e.to_string(),
                })
            });
        }
        group.finish();

        // Issue 15's other pastes: a wide tuple that parses, and nesting
        // deeper than MAX_DEPTH (an error, never a stack overflow).
        let mut group = c.benchmark_group("parse");
        group.sample_size(10);
        let tuple = format!("({})", vec!["f32[2,3]{1,0:T(2,128)}"; 10_000].join(", "));
        let nested = format!("{}f32[1]{}", "(".repeat(2_000), ")".repeat(2_000));
        let distinct = format!(
            "({})",
            (0..10_000)
                .map(|i| format!("f32[{},8]{{1,0:T(2,128)}}", i + 1))
                .collect::<Vec<_>>()
                .join(", ")
        );
        for (name, text) in [
            ("tuple_10000_leaves", tuple),
            ("nested_2000_parens", nested),
            ("tuple_10000_distinct_leaves", distinct),
        ] {
            group.bench_function(name, |b| {
                b.iter(|| match parse(black_box(&text)) {
                    Ok(s) => s.span().end,
                    Err(e) => e.to_string().len(),
                })
            });
        }
        group.finish();
    }
}

#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_group!(benches, native::benches);
#[cfg(not(target_arch = "wasm32"))]
criterion::criterion_main!(benches);

#[cfg(target_arch = "wasm32")]
fn main() {}
