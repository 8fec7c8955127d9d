//! The rendered error: three lines, a window of the line around the span,
//! `line:column`, bounded quotes. Expected windows follow the rule the
//! module documents (40 characters before the span, 100 in all, `...` at
//! a cut end), built here from the input by slicing, not by the code under
//! test.

use super::*;
use crate::core::parse;

const MB5: usize = 5_000_000;

fn lines(e: &Error) -> Vec<String> {
    e.to_string().lines().map(str::to_owned).collect()
}

fn unexpected(input: &str, at: usize) -> Vec<String> {
    let found = input[at..].chars().next().expect("a character at the span");
    let span = Span::new(at, at + found.len_utf8());
    lines(&Error::new(
        ErrorKind::UnexpectedChar { found },
        span,
        input,
    ))
}

/// `n` characters cycling through the alphabet, so that any cut of it
/// shows where it was taken from.
fn letters(n: usize) -> String {
    (0..n).map(|i| char::from(b'a' + (i % 26) as u8)).collect()
}

/// Column (in characters) of the first `^` in a caret line.
fn caret_column(line: &str) -> usize {
    line.chars().position(|c| c == '^').expect("a caret")
}

#[test]
fn caret_sits_under_the_span() {
    let e = Error::new(
        ErrorKind::TailAlignmentZero,
        Span::new(15, 16),
        "f32[2,3]{1,0:L(0)}",
    );
    let l = lines(&e);
    assert_eq!(l.len(), 3);
    assert_eq!(l[0], "f32[2,3]{1,0:L(0)}");
    assert_eq!(l[1], "               ^");
    assert_eq!(&l[0][15..16], "0");
    assert!(
        l[2].starts_with("1:16: L(n) must be at least 1"),
        "{}",
        l[2]
    );
    assert!(e.reason().starts_with("L(n) must be at least 1"));
}

#[test]
fn empty_span_at_the_end_still_gets_a_caret() {
    let e = Error::new(
        ErrorKind::UnexpectedEnd { expected: "`]`" },
        Span::new(6, 6),
        "f32[2,",
    );
    let l = lines(&e);
    assert_eq!(l[1], "      ^");
    assert!(l[2].starts_with("1:7: the text ends here"), "{}", l[2]);
}

#[test]
fn spans_are_clamped_to_character_boundaries() {
    let e = Error::new(
        ErrorKind::UnexpectedChar { found: 'é' },
        Span::new(5, 99),
        "f32[2é]",
    );
    assert_eq!(e.span(), Span::new(5, 8));
    assert_eq!(lines(&e)[1], "     ^^");
    let inside = Error::new(
        ErrorKind::UnexpectedChar { found: 'é' },
        Span::new(6, 7),
        "f32[2é]",
    );
    assert_eq!(inside.span(), Span::new(5, 7));
}

#[test]
fn a_line_of_exactly_the_window_is_not_cut() {
    let mut input = letters(WINDOW - 1);
    input.push('%');
    let l = unexpected(&input, WINDOW - 1);
    assert_eq!(l[0], input);
    assert_eq!(caret_column(&l[1]), WINDOW - 1);
    input.push('z');
    let l = unexpected(&input, WINDOW - 1);
    assert_eq!(
        l[0],
        format!("...{}", &input[1..]),
        "one over: cut on the left"
    );
}

#[test]
fn span_at_the_start_of_a_5mb_line() {
    let mut input = letters(MB5);
    input.replace_range(0..1, "%");
    let l = unexpected(&input, 0);
    assert_eq!(l.len(), 3);
    assert_eq!(l[0], format!("{}...", &input[..100]));
    assert_eq!(l[1], "^");
    assert_eq!(l[2], "1:1: unexpected character '%'");
}

#[test]
fn span_in_the_middle_of_a_5mb_line() {
    let mut input = letters(MB5);
    let at = MB5 / 2;
    input.replace_range(at..at + 1, "%");
    let l = unexpected(&input, at);
    assert_eq!(l[0], format!("...{}...", &input[at - 40..at + 60]));
    assert_eq!(l[1], format!("{}^", " ".repeat(43)));
    assert_eq!(l[0].chars().nth(caret_column(&l[1])), Some('%'));
    assert_eq!(l[2], format!("1:{}: unexpected character '%'", at + 1));
}

#[test]
fn span_at_the_end_of_a_5mb_line() {
    let mut input = letters(MB5);
    input.replace_range(MB5 - 1.., "%");
    let l = unexpected(&input, MB5 - 1);
    assert_eq!(l[0], format!("...{}", &input[MB5 - 100..]));
    assert_eq!(l[0].chars().nth(caret_column(&l[1])), Some('%'));
    assert_eq!(caret_column(&l[1]), 3 + 99);
    assert_eq!(l[2], format!("1:{MB5}: unexpected character '%'"));

    // Something missing after the last character: the caret just past it.
    let e = Error::new(
        ErrorKind::UnexpectedEnd { expected: "`]`" },
        Span::new(MB5, MB5),
        &input,
    );
    let l = lines(&e);
    assert_eq!(l[0], format!("...{}", &input[MB5 - 100..]));
    assert_eq!(l[1], format!("{}^", " ".repeat(103)));
    assert!(l[2].starts_with(&format!("1:{}: ", MB5 + 1)), "{}", l[2]);
}

#[test]
fn a_span_longer_than_the_window_is_underlined_to_the_cut() {
    let input = letters(MB5);
    let e = Error::new(ErrorKind::TrailingInput, Span::new(1000, MB5), &input);
    let l = lines(&e);
    assert_eq!(l[0], format!("...{}...", &input[960..1060]));
    assert_eq!(l[1], format!("{}{}", " ".repeat(43), "^".repeat(60)));
    assert_eq!(l[2], "1:1001: unexpected text after the shape");
}

#[test]
fn multi_line_input_shows_only_the_offending_line() {
    let input = "(f32[2,3]{1,0},\n f32[4]{0:L(0)},\n s32[])";
    let at = input.find("0)").expect("the L(0)");
    let e = Error::new(ErrorKind::TailAlignmentZero, Span::new(at, at + 1), input);
    let l = lines(&e);
    assert_eq!(l.len(), 3);
    assert_eq!(l[0], " f32[4]{0:L(0)},");
    assert_eq!(l[1], "            ^");
    assert!(l[2].starts_with("2:13: L(n)"), "{}", l[2]);
}

#[test]
fn crlf_lines_end_before_the_carriage_return() {
    let input = "(f32[2],\r\n f32[%])\r\n";
    let l = unexpected(input, input.find('%').expect("%"));
    assert_eq!(l[0], " f32[%])");
    assert_eq!(l[1], "     ^");
    assert_eq!(l[2], "2:6: unexpected character '%'");
}

#[test]
fn a_long_line_among_many_lines_is_cut_and_counted() {
    let long = letters(MB5);
    let input = format!("f32[2]\n\n{long}%{long}\nf32[3]");
    let at = input.find('%').expect("%");
    let l = unexpected(&input, at);
    assert_eq!(l[0], format!("...{}%{}...", &long[MB5 - 40..], &long[..59]));
    assert_eq!(l[0].chars().nth(caret_column(&l[1])), Some('%'));
    assert_eq!(l[2], format!("3:{}: unexpected character '%'", MB5 + 1));
}

#[test]
fn multi_byte_text_is_cut_between_characters_and_counted_in_characters() {
    // 'é' is 2 bytes, '😀' 4: columns and the window count characters.
    for filler in ['é', '😀'] {
        let side: String = std::iter::repeat_n(filler, MB5 / 4).collect();
        let input = format!("{side}%{side}");
        let l = unexpected(&input, side.len());
        let left: String = std::iter::repeat_n(filler, 40).collect();
        let right: String = std::iter::repeat_n(filler, 59).collect();
        assert_eq!(l[0], format!("...{left}%{right}..."));
        assert_eq!(caret_column(&l[1]), 43);
        assert_eq!(l[0].chars().nth(43), Some('%'));
        assert_eq!(l[2], format!("1:{}: unexpected character '%'", MB5 / 4 + 1));
    }
    // A span that is itself multi-byte gets one caret per character.
    let e = Error::new(
        ErrorKind::UnexpectedChar { found: 'é' },
        Span::new(4, 8),
        "f32[éé]",
    );
    assert_eq!(lines(&e)[1], "    ^^");
    assert!(lines(&e)[2].starts_with("1:5: "));
}

#[test]
fn a_span_over_several_lines_is_underlined_to_the_end_of_the_first() {
    let input = "f32[2,3]{1,0:\n  T(8)}";
    let e = Error::new(ErrorKind::EmptyTile, Span::new(8, input.len()), input);
    let l = lines(&e);
    assert_eq!(l.len(), 3);
    assert_eq!(l[0], "f32[2,3]{1,0:");
    assert_eq!(l[1], "        ^^^^^");
    assert!(l[2].starts_with("1:9: "), "{}", l[2]);
    // On a long first line, to the window's cut.
    let input = format!("{}\nmore", letters(1000));
    let e = Error::new(
        ErrorKind::TrailingInput,
        Span::new(500, input.len()),
        &input,
    );
    let l = lines(&e);
    assert_eq!(l[0], format!("...{}...", &input[460..560]));
    assert_eq!(l[1], format!("{}{}", " ".repeat(43), "^".repeat(60)));
}

#[test]
fn tabs_and_control_characters_keep_the_carets_aligned() {
    let l = unexpected("f32[2,\t%]", 7);
    assert_eq!(l[0], "f32[2,    %]");
    assert_eq!(l[0].chars().nth(caret_column(&l[1])), Some('%'));
    assert_eq!(l[2], "1:8: unexpected character '%'");
    // An escape sequence or a right-to-left override is not passed to the
    // terminal as is.
    let input = "f32[\u{1b}[31m\u{202e}%]";
    let l = unexpected(input, input.find('%').expect("%"));
    assert_eq!(l[0], "f32[\u{fffd}[31m\u{fffd}%]");
    assert_eq!(l[0].chars().nth(caret_column(&l[1])), Some('%'));
}

#[test]
fn user_text_in_a_reason_is_shortened() {
    let long = "x".repeat(MB5);
    let forty = "x".repeat(QUOTE_MAX);
    let kinds = [
        ErrorKind::UnknownElementType {
            name: long.clone(),
            suggestion: None,
        },
        ErrorKind::UnknownElementType {
            name: long.clone(),
            suggestion: Some("f32"),
        },
        ErrorKind::UnknownAttribute { name: long.clone() },
        ErrorKind::Expected {
            expected: "`]`",
            found: long.clone(),
        },
    ];
    for kind in kinds {
        let reason = kind.to_string();
        assert!(reason.contains(&format!("{forty}...")), "{reason}");
        assert!(!reason.contains(&format!("{forty}x")), "{reason}");
        assert!(reason.len() < 200, "{reason}");
    }
    // Cut between characters, not bytes.
    let accents = "é".repeat(QUOTE_MAX + 1);
    let reason = ErrorKind::UnknownAttribute { name: accents }.to_string();
    assert!(reason.contains(&format!("`{}...`", "é".repeat(QUOTE_MAX))));
}

#[test]
fn five_mb_of_junk_gives_a_short_error() {
    let junk = "q".repeat(MB5);
    let cases = [
        // An unknown element type, named in the reason.
        (
            format!("{junk}[2]"),
            format!("`{}...`", "q".repeat(QUOTE_MAX)),
        ),
        // ... inside a layout.
        (
            format!("f32[2]{{0:#({junk})}}"),
            format!("`{}...`", "q".repeat(QUOTE_MAX)),
        ),
        // A number running into letters.
        (format!("f32[1{junk}]"), format!("`1{}...`", "q".repeat(23))),
        // An unknown layout attribute.
        (
            format!("f32[2]{{0:{junk}}}"),
            format!("`{}...`", "q".repeat(24)),
        ),
    ];
    for (input, quoted) in cases {
        let e = parse(&input).expect_err("junk");
        let text = e.to_string();
        assert_eq!(text.lines().count(), 3, "{text}");
        assert!(text.len() < 600, "{} bytes:\n{text}", text.len());
        assert!(
            text.lines().nth(2).is_some_and(|r| r.contains(&quoted)),
            "{text}"
        );
        assert!(
            format!("{:?}", e.kind()).len() < 200,
            "the kind keeps no 5 MB"
        );
    }
}

#[test]
fn a_5mb_tuple_with_an_error_at_the_end_points_at_it() {
    let leaf = "f32[2,3]{1,0}, ";
    let body = leaf.repeat(MB5 / leaf.len());
    let input = format!("({body}f32[2,%])");
    let at = input.find('%').expect("%");
    let e = parse(&input).expect_err("the %");
    assert_eq!(e.span(), Span::new(at, at + 1));
    let l = lines(&e);
    // `%])` ends the line: the window slides left to keep 100 characters.
    assert_eq!(l[0], format!("...{}", &input[at - 97..]));
    assert_eq!(l[0].chars().nth(caret_column(&l[1])), Some('%'));
    assert_eq!(l[2], format!("1:{}: unexpected character '%'", at + 1));
}

#[test]
fn short_quotes_are_whole() {
    assert_eq!(Short::new("f32").to_string(), "f32");
    let exact = "y".repeat(QUOTE_MAX);
    assert_eq!(Short::new(&exact).to_string(), exact);
    assert_eq!(
        Short {
            text: "abcdef",
            max: 3
        }
        .to_string(),
        "abc..."
    );
}
