//! Every file in `tests/fixtures/valid/` must parse, and its canonical print
//! is snapshotted; every file in `tests/fixtures/invalid/` must fail, and its
//! rendered error is snapshotted. The snapshots in `tests/snapshots/` are the
//! spec: review them by eye when they change. Structural checks run over
//! every fixture on top.

use std::collections::BTreeSet;
use std::fs;
use std::path::Path;

use xla_layout_viz::core::{parse, parse_syntax, Error, Shape, Span};

/// `(name, text)` for every fixture in a folder, sorted by name. A file
/// holds one shape; its final newline is not part of it.
fn fixtures(folder: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(folder);
    let mut out: Vec<(String, String)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.expect("directory entry").path();
            let name = path
                .file_stem()
                .expect("file name")
                .to_string_lossy()
                .into_owned();
            let text = fs::read_to_string(&path).expect("UTF-8 fixture");
            let text = text.strip_suffix('\n').unwrap_or(&text).to_owned();
            (name, text)
        })
        .collect();
    out.sort();
    out
}

fn snapshot(name: &str, body: &str) {
    insta::with_settings!({ prepend_module_to_snapshot => false, omit_expression => true }, {
        insta::assert_snapshot!(name, body);
    });
}

/// The canonical print and the notes, as the snapshot shows them.
fn describe_valid(text: &str, shape: &Shape) -> String {
    let mut out = format!("input: {text:?}\ncanonical: {shape}\n");
    for note in shape.notes() {
        out += &format!("note at {:?}: {}\n", &text[note.span.range()], note.message);
    }
    out
}

fn describe_error(e: &Error) -> String {
    format!("{e}\nkind: {:?}\n", e.kind())
}

fn span_is_inside(span: Span, text: &str) -> bool {
    span.start <= span.end
        && span.end <= text.len()
        && text.is_char_boundary(span.start)
        && text.is_char_boundary(span.end)
}

#[test]
fn valid_fixtures_print_canonically() {
    let cases = fixtures("valid");
    assert!(cases.len() >= 60, "only {} valid fixtures", cases.len());
    for (name, text) in &cases {
        let shape = parse(text).unwrap_or_else(|e| panic!("{name}: should parse:\n{e}"));
        snapshot(&format!("valid__{name}"), &describe_valid(text, &shape));
    }
}

#[test]
fn valid_fixtures_round_trip() {
    for (name, text) in fixtures("valid") {
        let shape = parse(&text).unwrap_or_else(|e| panic!("{name}:\n{e}"));
        let printed = shape.to_string();
        let again = parse(&printed).unwrap_or_else(|e| panic!("{name}: reparse:\n{e}"));
        assert_eq!(again, shape, "{name}: parse(print(x)) == x");
        assert_eq!(again.to_string(), printed, "{name}: printing is idempotent");
        assert_eq!(
            parse_syntax(&text).as_ref(),
            Ok(&shape),
            "{name}: syntax alone gives the same"
        );
        let without_tuple_separators = printed.replace(", ", "");
        assert!(
            !without_tuple_separators.chars().any(char::is_whitespace),
            "{name}: whitespace in {printed:?}"
        );
    }
}

#[test]
fn valid_fixtures_keep_spans_inside_the_input() {
    for (name, text) in fixtures("valid") {
        let shape = parse(&text).unwrap_or_else(|e| panic!("{name}:\n{e}"));
        assert_eq!(
            shape.span().end,
            text.trim_end().len(),
            "{name}: the shape spans the text"
        );
        for (path, leaf) in shape.leaves() {
            assert_eq!(shape.leaf(&path), Some(leaf), "{name}: leaf {path:?}");
            let mut spans = vec![leaf.span, leaf.dims_span, leaf.element_type.span];
            spans.extend(leaf.dims.iter().map(|d| d.span));
            if let Some(l) = &leaf.layout {
                spans.push(l.span);
                spans.push(l.minor_to_major_span);
                spans.extend(l.minor_to_major.iter().map(|m| m.span));
                spans.extend(l.tiles.iter().flat_map(|t| t.value.iter().map(|d| d.span)));
            }
            for span in spans {
                assert!(span_is_inside(span, &text), "{name}: span {span} outside");
                assert!(
                    leaf.span.start <= span.start && span.end <= leaf.span.end,
                    "{name}: {span}"
                );
            }
            leaf.layout()
                .unwrap_or_else(|e| panic!("{name}: leaf {path:?}:\n{e}"));
        }
    }
}

#[test]
fn invalid_fixtures_fail_with_a_rendered_error() {
    let cases = fixtures("invalid");
    assert!(cases.len() >= 40, "only {} invalid fixtures", cases.len());
    for (name, text) in &cases {
        let e = parse(text).expect_err(name);
        snapshot(&format!("invalid__{name}"), &describe_error(&e));
    }
}

#[test]
fn invalid_fixture_errors_point_inside_the_input() {
    for (name, text) in fixtures("invalid") {
        let e = parse(&text).expect_err(&name);
        assert!(
            span_is_inside(e.span(), &text),
            "{name}: span {} outside",
            e.span()
        );
        assert_eq!(e.input(), text);
        let rendered = e.to_string();
        let lines: Vec<&str> = rendered.lines().collect();
        assert_eq!(
            lines.len(),
            3,
            "{name}: input line, caret line, reason:\n{rendered}"
        );
        assert!(
            lines[1].trim_start().starts_with('^')
                && lines[1].trim_start().chars().all(|c| c == '^')
        );
        assert!(!lines[2].is_empty());
    }
}

#[test]
fn invalid_fixtures_reach_every_error_kind() {
    let reached: BTreeSet<String> = fixtures("invalid")
        .iter()
        .filter_map(|(_, text)| parse(text).err())
        .map(|e| format!("{:?}", e.kind()))
        .map(|debug| {
            debug
                .split([' ', '{', '('])
                .next()
                .unwrap_or_default()
                .to_owned()
        })
        .collect();
    // Every kind the text can produce. Not reachable from text: TooLarge
    // (numbers above int64 are NumberTooLarge first), UnboundedDim (valid
    // here), and the CLI's legacy padding errors.
    let expected = [
        "UnexpectedChar",
        "Expected",
        "UnexpectedEnd",
        "TrailingInput",
        "UnknownElementType",
        "NumberTooLarge",
        "NegativeNumber",
        "AttributeOutOfOrder",
        "DuplicateAttribute",
        "UnknownAttribute",
        "UnterminatedComment",
        "TooDeep",
        "NotAnArrayType",
        "BadBuffer",
        "MinorToMajorLength",
        "DimOutOfRange",
        "DuplicateDim",
        "EmptyTile",
        "TileSizeNotPositive",
        "CombineMostMinor",
        "TailAlignmentZero",
        "ElementSizeZero",
        "MemorySpaceTooLarge",
        "NotIntegral",
        "PhysicalShapeNotAllowed",
        "BadSplitIndex",
        "Overflow",
        "TooComplex",
    ];
    let missing: Vec<&str> = expected
        .iter()
        .copied()
        .filter(|k| !reached.contains(*k))
        .collect();
    assert!(missing.is_empty(), "no invalid fixture reaches {missing:?}");
}

#[test]
fn every_snapshot_has_its_fixture() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let names: BTreeSet<String> = ["valid", "invalid"]
        .iter()
        .flat_map(|folder| {
            fixtures(folder)
                .into_iter()
                .map(move |(name, _)| format!("{folder}__{name}.snap"))
        })
        .collect();
    for entry in fs::read_dir(dir).expect("tests/snapshots") {
        let file = entry
            .expect("directory entry")
            .file_name()
            .to_string_lossy()
            .into_owned();
        let ours = file.starts_with("valid__") || file.starts_with("invalid__");
        assert!(
            !ours || names.contains(&file),
            "{file} has no fixture: delete it"
        );
    }
}
