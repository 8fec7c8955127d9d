//! `scan [FILE|-]`: every shape in an HLO instruction, module, memory
//! report or any text; a table for people, or one JSON object per line
//! with `--json` (keys in docs/scan.md).

use std::io::Read;
use std::path::PathBuf;

use xla_layout_viz::core::hlo::{
    Finds, FoundRef, ScanChunks, MAX_SCAN_LEN, NOTHING_FOUND_HINT, TOO_LONG_HINT,
};

use crate::common::{Failure, Output};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The file to scan; `-` or nothing reads stdin
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// One JSON object per line, per shape found
    #[arg(long)]
    json: bool,
    /// The rows' order (JSON lines too): line (the text's), waste (bytes
    /// of padding, largest first), bytes (footprint, largest first);
    /// shapes without sizes last, ties in the text's order
    #[arg(long, value_enum, default_value = "line")]
    sort: Sort,
    /// At most N rows (or JSON lines), the first N in that order
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, clap::ValueEnum)]
pub enum Sort {
    Line,
    Waste,
    Bytes,
}

/// Positions of `finds` in `sort`'s order (`Sort::Line`: none needed).
fn order(finds: &Finds, text: &str, sort: Sort) -> Vec<usize> {
    // (no size, key, position): sizes first, the key ascending (a
    // negated size: largest first), then the text's order.
    let mut keys: Vec<(bool, i128, usize)> = finds
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let r = f.record(text);
            match (sort, r.bytes_footprint, r.bytes_data) {
                (Sort::Waste, Some(fp), Some(d)) => (false, i128::from(d) - i128::from(fp), i),
                (Sort::Bytes, Some(fp), _) => (false, -i128::from(fp), i),
                (Sort::Line, ..) => (false, 0, i),
                _ => (true, 0, i),
            }
        })
        .collect();
    keys.sort_unstable();
    keys.into_iter().map(|(_, _, i)| i).collect()
}

impl Args {
    pub fn run(self) -> Result<Output, Failure> {
        // A file known to be too long is refused before it is read.
        if let Some(p) = self.file.as_ref().filter(|p| p.as_os_str() != "-") {
            if std::fs::metadata(p).is_ok_and(|m| m.is_file() && m.len() > MAX_SCAN_LEN as u64) {
                return Err(too_long(&p.display().to_string()));
            }
        }
        let mut bytes = Vec::new();
        // One byte past the limit is enough to know a text is too long.
        let most = MAX_SCAN_LEN as u64 + 1;
        let (name, read) = match &self.file {
            Some(p) if p.as_os_str() != "-" => (
                p.display().to_string(),
                std::fs::File::open(p).and_then(|f| f.take(most).read_to_end(&mut bytes)),
            ),
            _ => (
                "stdin".to_owned(),
                std::io::stdin().lock().take(most).read_to_end(&mut bytes),
            ),
        };
        read.map_err(|e| Failure(format!("xla-layout scan: cannot read {name}: {e}")))?;
        let text = match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        if text.len() > MAX_SCAN_LEN {
            return Err(too_long(&name));
        }
        let (json, sort, limit) = (self.json, self.sort, self.limit.unwrap_or(usize::MAX));
        Ok(Output::Stream(Box::new(move |out| {
            let mut n = 0usize;
            if !json {
                let mut header = String::new();
                for (column, (name, ..)) in COLUMNS.iter().enumerate() {
                    cell(&mut header, column, name);
                }
                header.push_str("sharding (one device's shape) / report\n");
                out.write_all(header.as_bytes())?;
            }
            // Lines go into one buffer, written out a MiB at a time (the
            // table's padding written a character at a time through the
            // writer was a fifth of the table's time).
            let mut buf: Vec<u8> = Vec::new();
            let mut line = String::new();
            let mut one = |f: FoundRef<'_>, buf: &mut Vec<u8>| {
                if json {
                    f.write_json(&text, buf);
                    buf.push(b'\n');
                } else {
                    line.clear();
                    row(&mut line, &text, f);
                    buf.extend_from_slice(line.as_bytes());
                }
            };
            if sort == Sort::Line {
                // Streamed: each chunk written as it is scanned.
                'chunks: for chunk in ScanChunks::new(&text) {
                    for f in &chunk {
                        if n == limit {
                            break 'chunks;
                        }
                        n += 1;
                        one(f, &mut buf);
                        if buf.len() >= 1 << 20 {
                            out.write_all(&buf)?;
                            buf.clear();
                        }
                    }
                }
            } else {
                let mut all = Finds::default();
                for mut chunk in ScanChunks::new(&text) {
                    all.append(&mut chunk);
                }
                for i in order(&all, &text, sort).into_iter().take(limit) {
                    n += 1;
                    one(all.get(i).expect("a position of these finds"), &mut buf);
                    if buf.len() >= 1 << 20 {
                        out.write_all(&buf)?;
                        buf.clear();
                    }
                }
            }
            out.write_all(&buf)?;
            if n == 0 && !json {
                writeln!(out, "{NOTHING_FOUND_HINT}")?;
            } else if !json && xla_layout_viz::core::mlir::looks_like_mlir(&text) {
                writeln!(out, "{MLIR_LAYOUT_NOTE}")?;
            }
            Ok(())
        })))
    }
}

/// After a table of MLIR types: where their layouts come from.
const MLIR_LAYOUT_NOTE: &str = "layouts: MLIR types carry none; each shape has XLA's default layout {N-1,...,0}, as before layout assignment (`default_layout` in --json); the compiler may choose others, which the compiled module's text shows (lower(..).compile().as_text())";

fn too_long(name: &str) -> Failure {
    Failure(format!(
        "xla-layout scan: {name} is longer than {MAX_SCAN_LEN} bytes: {TOO_LONG_HINT}"
    ))
}

/// `s` cut to `max` characters, the last three `...` when it was longer.
fn cut(s: &str, max: usize) -> std::borrow::Cow<'_, str> {
    if s.chars().count() <= max {
        s.into()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(3)).collect();
        t.push_str("...");
        t.into()
    }
}

/// The table's columns before the report's: heading, width in
/// characters, aligned left (else right).
const COLUMNS: [(&str, usize, bool); 8] = [
    ("where", 28, true),
    ("shape", 44, true),
    ("elements", 12, false),
    ("footprint B", 14, false),
    ("pad %", 8, false),
    ("expand", 8, false),
    ("bytes XLA", 14, false),
    ("bytes real", 14, false),
];

/// Appends `s` padded with spaces to `width` characters, on the right
/// (`left`) or on the left: what `{:<width}` and `{:>width}` write, without
/// the formatter's character-at-a-time fill.
fn padded(out: &mut String, s: &str, width: usize, left: bool) {
    let fill = width.saturating_sub(s.chars().count());
    if !left {
        out.extend(std::iter::repeat_n(' ', fill));
    }
    out.push_str(s);
    if left {
        out.extend(std::iter::repeat_n(' ', fill));
    }
}

/// Appends `s` as column `column` of [`COLUMNS`] and the space after it
/// (two after the last, before the report).
fn cell(out: &mut String, column: usize, s: &str) {
    let (_, width, left) = COLUMNS[column];
    padded(out, s, width, left);
    out.push_str(if column + 1 == COLUMNS.len() {
        "  "
    } else {
        " "
    });
}

/// A count, or `-`, as column `column`.
fn count(out: &mut String, column: usize, v: Option<u64>) {
    match v {
        Some(n) => cell(out, column, itoa::Buffer::new().format(n)),
        None => cell(out, column, "-"),
    }
}

/// Appends `f`'s table row to `out`.
fn row(out: &mut String, text: &str, f: FoundRef<'_>) {
    use std::fmt::Write as _;
    let r = f.record(text);
    let mut place = String::new();
    let _ = write!(place, "{}:{} {}", r.line, r.column, r.role);
    if let Some(i) = r.instruction {
        place.push(' ');
        place.push_str(i);
        if let Some(k) = r.index.filter(|_| r.role == "operand") {
            let _ = write!(place, "#{k}");
        }
    }
    let mut report = String::new();
    // A sharded result: its sharding and what one device holds of it; in
    // a partitioned module, the global shape it is one device's part of.
    match (r.sharding, r.sharding_error) {
        (Some(s), _) => {
            let _ = write!(report, "{s}");
            if let Some(p) = r.per_device {
                let _ = write!(report, " -> {p}");
                if let Some(b) = r.bytes_footprint_per_device {
                    let _ = write!(report, " ({b} B each)");
                }
            }
        }
        (None, Some(e)) => {
            let _ = write!(report, "sharding: {e}");
        }
        _ => {}
    }
    if let Some(g) = r.global {
        let _ = write!(
            report,
            "{}global {g}",
            if report.is_empty() { "" } else { "; " }
        );
    }
    if let Some(rep) = &r.report {
        let _ = write!(
            report,
            "Size {} Unpadded {} {}",
            rep.reported_size.unwrap_or("-"),
            rep.reported_unpadded.unwrap_or("-"),
            if rep.matches {
                "✓ matches"
            } else {
                "✗ differs"
            }
        );
    }
    let report = report.replace(['\n', '\r'], " ");
    let shape = match r.error {
        Some(e) => format!("{} (invalid: {})", r.text, e),
        None => r.text.to_owned(),
    };
    let shape: std::borrow::Cow<str> = if shape.contains(['\n', '\r']) {
        shape.replace(['\n', '\r'], " ").into()
    } else {
        shape.as_str().into()
    };
    let fixed = |v: Option<f64>, digits: usize, suffix: &str| {
        v.map_or_else(|| "-".to_owned(), |v| format!("{v:.digits$}{suffix}"))
    };
    cell(out, 0, &cut(&place, COLUMNS[0].1));
    cell(out, 1, &cut(&shape, COLUMNS[1].1));
    count(out, 2, r.elements);
    count(out, 3, r.bytes_footprint);
    cell(out, 4, &fixed(r.padding_percent, 1, ""));
    cell(out, 5, &fixed(r.expansion, 2, "x"));
    count(out, 6, r.bytes_xla);
    count(out, 7, r.bytes_data);
    out.push_str(&report);
    out.push('\n');
}

#[cfg(test)]
mod tests {
    use super::{count, padded, COLUMNS};

    #[test]
    fn padding_writes_what_the_formatter_writes() {
        for s in [
            "",
            "-",
            "f32[2]{0}",
            "ünïcödé",
            "a string longer than its width",
        ] {
            for width in [0, 1, 8, 12, 28] {
                let (mut left, mut right) = (String::new(), String::new());
                padded(&mut left, s, width, true);
                padded(&mut right, s, width, false);
                assert_eq!(left, format!("{s:<width$}"), "{s:?} {width}");
                assert_eq!(right, format!("{s:>width$}"), "{s:?} {width}");
            }
        }
        // Column 3 is 14 wide, right-aligned; a space follows it.
        assert_eq!(COLUMNS[3].1, 14);
        for v in [None, Some(0), Some(7783776000000), Some(u64::MAX)] {
            let mut out = String::new();
            count(&mut out, 3, v);
            let text = v.map_or("-".to_owned(), |n| n.to_string());
            assert_eq!(out, format!("{text:>14} "));
        }
    }
}
