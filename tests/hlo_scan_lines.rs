//! The scanner reads across lines as XLA's lexer does: a tuple result type
//! written over several lines (with `/*index=5*/` comments) is the
//! instruction's result; a quoted string running over lines and a `/* */`
//! comment over lines hide what is inside them. Each case is also scanned
//! in the app's chunks (`Scanner::scan_some` with small budgets) and must
//! give the same records.

use xla_layout_viz::core::hlo::{scan, Finds, Scanner};

/// `(role, instruction, text)` of every record.
fn rows(text: &str, found: &Finds) -> Vec<(String, String, String)> {
    found
        .iter()
        .map(|f| {
            let r = f.record(text);
            (
                r.role.to_owned(),
                r.instruction.unwrap_or("").to_owned(),
                r.text.to_owned(),
            )
        })
        .collect()
}

fn one_pass(text: &str) -> Vec<(String, String, String)> {
    rows(text, &scan(text))
}

/// The same text in chunks of `budget` bytes, as the app scans it.
fn chunked(text: &str, budget: usize) -> Vec<(String, String, String)> {
    let mut scanner = Scanner::new();
    let mut found = Finds::default();
    let mut steps = 0;
    while !scanner.scan_some(text, budget).done {
        scanner.append_found(&mut found);
        steps += 1;
        assert!(steps <= text.len() + 1, "the scan does not end");
    }
    scanner.append_found(&mut found);
    rows(text, &found)
}

fn same_in_chunks(text: &str) -> Vec<(String, String, String)> {
    let whole = one_pass(text);
    for budget in [1, 2, 3, 5, 8, 13, 40, 100] {
        assert_eq!(chunked(text, budget), whole, "budget {budget}");
    }
    whole
}

fn row(role: &str, instruction: &str, text: &str) -> (String, String, String) {
    (role.to_owned(), instruction.to_owned(), text.to_owned())
}

const TUPLE: &str = "ENTRY %e (p: f32[2]) -> f32[2] {
  %p = f32[2]{0} parameter(0)
  %t = (f32[2]{0}, s32[], f32[3]{0}, f32[4]{0}, f32[5]{0},
    /*index=5*/f32[6]{0}, (s32[], pred[])) tuple(%p, %c, %a, %b, %d, %e, %f)
  ROOT %r = f32[2]{0} add(f32[2]{0} %p, f32[2]{0} %p)
}
";

#[test]
fn a_tuple_result_over_several_lines_is_the_result() {
    let rows = same_in_chunks(TUPLE);
    let tuple = "(f32[2]{0}, s32[], f32[3]{0}, f32[4]{0}, f32[5]{0},\n    /*index=5*/f32[6]{0}, (s32[], pred[]))";
    assert_eq!(
        rows,
        [
            row("parameter", "", "f32[2]"),
            row("computation_result", "", "f32[2]"),
            row("result", "p", "f32[2]{0}"),
            row("result", "t", tuple),
            row("result", "r", "f32[2]{0}"),
            row("operand", "r", "f32[2]{0}"),
            row("operand", "r", "f32[2]{0}"),
        ]
    );
    let finds = scan(TUPLE);
    let found: Vec<_> = finds.iter().collect();
    let t = found
        .iter()
        .find(|f| f.record(TUPLE).instruction == Some("t"))
        .unwrap();
    let r = t.record(TUPLE);
    assert_eq!(r.kind, Some("tuple"));
    assert_eq!(
        r.canonical,
        Some("(f32[2]{0}, s32[], f32[3]{0}, f32[4]{0}, f32[5]{0}, /*index=5*/f32[6]{0}, (s32[], pred[]))")
    );
    assert_eq!((r.line, r.column), (3, 8));
}

const STRING: &str = r#"HloModule outer

ENTRY %main {
  %c = f32[] custom-call(), custom_call_target="x", origin_recovery_table={"k": "HloModule inner

ENTRY %inner {
  %q = f32[9]{0} parameter(0)
  ROOT %w = bf16[3,3]{1,0} negate(f32[3,3]{1,0} %q)
}
"}
  ROOT %after = s32[4]{0} parameter(1)
}
"#;

#[test]
fn a_quoted_string_over_several_lines_hides_the_module_inside() {
    let rows = same_in_chunks(STRING);
    assert_eq!(
        rows,
        [
            row("result", "c", "f32[]"),
            row("result", "after", "s32[4]{0}")
        ]
    );
}

const COMMENT: &str = "ENTRY %main {
  %a = f32[2]{0} parameter(0)
  /* the old version:
  %hidden = f32[7]{0} parameter(1)
  %also = (s32[], f32[8]{0}) tuple(%a, %hidden)
  */
  ROOT %b = f32[3]{0} parameter(2) /* a comment on one line */
}
";

#[test]
fn a_comment_over_several_lines_hides_the_instructions_inside() {
    let rows = same_in_chunks(COMMENT);
    assert_eq!(
        rows,
        [
            row("result", "a", "f32[2]{0}"),
            row("result", "b", "f32[3]{0}")
        ]
    );
    // Text after the comment's end on its closing line is read.
    let text = "/* one\ntwo */ %x = f32[5]{0} parameter(0)\n%y = s8[2]{0} parameter(1)\n";
    assert_eq!(
        same_in_chunks(text),
        [
            row("result", "x", "f32[5]{0}"),
            row("result", "y", "s8[2]{0}")
        ]
    );
}

#[test]
fn unclosed_strings_and_comments_stay_on_their_line() {
    // No closing `*/` anywhere: the comment ends with its line (XLA would
    // refuse the text; the scanner reads on).
    let text =
        "/* never closed\n%x = f32[5]{0} parameter(0)\n/* nor this\n%y = s8[2]{0} parameter(1)\n";
    assert_eq!(
        same_in_chunks(text),
        [
            row("result", "x", "f32[5]{0}"),
            row("result", "y", "s8[2]{0}")
        ]
    );
    // A string left open on the last instruction's line, with no quote after.
    let text =
        "%x = f32[5]{0} custom-call(), custom_call_target=\"open\n%y = s8[2]{0} parameter(1)\n";
    assert_eq!(
        same_in_chunks(text),
        [
            row("result", "x", "f32[5]{0}"),
            row("result", "y", "s8[2]{0}")
        ]
    );
}

#[test]
fn many_unclosed_comments_scan_in_linear_time() {
    // 20,000 lines each opening a comment that never closes: each search
    // for `*/` would otherwise run to the end (400 million steps).
    let text = "/* open\n".repeat(20_000) + "%x = f32[5]{0} parameter(0)\n";
    assert_eq!(one_pass(&text), [row("result", "x", "f32[5]{0}")]);
}

/// A line of text after an instruction is a line of its own: its shapes
/// are found, with or without attributes before it. (The reader once
/// stepped onto such a line to see whether it continued the attribute
/// list, declined it, and kept it in the instruction unread.) A comma at
/// a line's end still carries the attributes onto the next line.
#[test]
fn a_line_of_text_after_an_instruction_keeps_its_shapes() {
    for attrs in ["", ", metadata={op_name=\"a\"}"] {
        let text = format!(
            "%a = f32[2]{{0}} add(f32[2]{{0}} %x, f32[2]{{0}} %y){attrs}\nnote f32[3]{{0}} here\n"
        );
        assert_eq!(
            same_in_chunks(&text),
            [
                row("result", "a", "f32[2]{0}"),
                row("operand", "a", "f32[2]{0}"),
                row("operand", "a", "f32[2]{0}"),
                row("text", "", "f32[3]{0}"),
            ],
            "{attrs:?}"
        );
    }
    let carried =
        "%a = f32[2]{0} negate(f32[2]{0} %x),\n  constraint={f32[4]{0}}\nnote f32[3]{0}\n";
    assert_eq!(
        same_in_chunks(carried),
        [
            row("result", "a", "f32[2]{0}"),
            row("operand", "a", "f32[2]{0}"),
            row("text", "a", "f32[4]{0}"),
            row("text", "", "f32[3]{0}"),
        ]
    );
}
