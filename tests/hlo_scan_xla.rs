//! Two of XLA's own parser test modules (xla/hlo/parser/hlo_parser_test.cc,
//! `CreateTestCases`: round-trip cases, whose text is exactly what XLA
//! prints for the module it parses), read as XLA's lexer reads them:
//!
//! - `OriginalValueRecoveryTable`: the header's `origin_recovery_table={`
//!   runs over lines and quotes a whole module (`HloModule
//!   recovery_module`, computations, instructions) as one string value;
//!   none of it is this module's. The finds are those of the same module
//!   with the table left out, lines moved by the table's lines.
//! - `AsyncStartWithAliasing`: `%all-to-all-start.1`'s result is a nested
//!   tuple, `(((...)), ...)`, written whole; every shape XLA printed with
//!   its layout reads back as the text itself (the case round-trips).
//!
//! Each is also scanned in the app's chunks and on threads, which must
//! give the same.

use xla_layout_viz::core::hlo::{scan, scan_on_threads, Finds, Role, Scanner};

const RECOVERY: &str = include_str!("fixtures/hlo/xla_original_value_recovery_table.hlo");
const ASYNC: &str = include_str!("fixtures/hlo/xla_async_start_with_aliasing.hlo");

/// `(role, instruction or computation, line, text)` of every record.
fn rows(text: &str, found: &Finds) -> Vec<(Role, String, usize, String)> {
    found
        .iter()
        .map(|f| {
            let owner = f.instruction().or(f.computation());
            let name = owner.map_or("", |s| &text[s.range()]).to_owned();
            (f.role, name, f.line(), text[f.span().range()].to_owned())
        })
        .collect()
}

fn chunked(text: &str, budget: usize) -> Vec<(Role, String, usize, String)> {
    let mut scanner = Scanner::new();
    let mut found = Finds::default();
    while !scanner.scan_some(text, budget).done {
        scanner.append_found(&mut found);
    }
    scanner.append_found(&mut found);
    rows(text, &found)
}

/// One pass, chunks of several sizes and pieces on threads agree.
fn read_alike(text: &str) -> Vec<(Role, String, usize, String)> {
    let whole = rows(text, &scan(text));
    for budget in [1, 16, 300] {
        assert_eq!(chunked(text, budget), whole, "chunks of {budget}");
    }
    assert_eq!(
        rows(text, &scan_on_threads(text, 3, 64)),
        whole,
        "on threads"
    );
    whole
}

#[test]
fn a_recovery_table_in_the_header_is_one_value() {
    let whole = read_alike(RECOVERY);
    // The header's table: from its first line to the `}` closing it.
    let header_lines = RECOVERY.lines().position(|l| l == "}").unwrap() + 1;
    assert!(header_lines > 20, "{header_lines}");
    let first = RECOVERY.lines().next().unwrap();
    let bare_header = first.trim_end_matches(", origin_recovery_table={");
    assert_ne!(bare_header, first);
    let rest: Vec<&str> = RECOVERY.lines().skip(header_lines).collect();
    let without = format!("{bare_header}\n{}\n", rest.join("\n"));
    let moved = header_lines - 1;
    let expected: Vec<_> = rows(&without, &scan(&without))
        .into_iter()
        .map(|(role, name, line, text)| {
            let line = if line > 1 { line + moved } else { line };
            (role, name, line, text)
        })
        .collect();
    assert_eq!(whole, expected);
    // Nothing of the quoted module: its names are not this module's.
    for (_, name, ..) in &whole {
        assert!(!name.starts_with("recovery"), "{name}");
    }
    // The entry layout of the outer header is still read.
    assert_eq!(whole[0].0, Role::EntryResult);
    assert_eq!(whole[0].3, "s32[1,3]{1,0}");
}

#[test]
fn a_nested_tuple_result_is_read_whole_and_round_trips() {
    let whole = read_alike(ASYNC);
    let line = ASYNC
        .lines()
        .find(|l| l.contains("%all-to-all-start.1 = "))
        .unwrap();
    let written = &line[line.find("= ").unwrap() + 2..line.find(" async-start(").unwrap()];
    assert!(written.starts_with("((("), "{written}");
    let result: Vec<_> = whole
        .iter()
        .filter(|(role, name, ..)| *role == Role::Result && name == "all-to-all-start.1")
        .collect();
    assert_eq!(result.len(), 1);
    assert_eq!(result[0].3, written);
    // The done's operand is the same type again.
    assert!(whole
        .iter()
        .any(|(role, name, _, text)| *role == Role::Operand
            && name == "all-to-all-done"
            && text == written));
    // XLA printed every instruction's shapes with their layouts, and reads
    // the text back as itself: our canonical text is the text.
    let found = scan(ASYNC);
    let mut checked = 0;
    for f in &found {
        if matches!(
            f.role,
            Role::Result | Role::Operand | Role::EntryParameter | Role::EntryResult
        ) {
            let text = &ASYNC[f.span().range()];
            assert_eq!(
                f.facts.canonical.as_deref(),
                Some(text),
                "line {}",
                f.line()
            );
            checked += 1;
        }
    }
    assert_eq!(checked, 20);
}
