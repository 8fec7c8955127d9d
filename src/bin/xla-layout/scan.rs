//! `scan [FILE|-]`: every shape in an HLO instruction, module, memory
//! report or any text; a table for people, or one JSON object per line
//! with `--json` (keys in docs/scan.md).

use std::io::{Read, Write};
use std::path::PathBuf;

use xla_layout_viz::core::hlo::{Found, ScanIter, NOTHING_FOUND_HINT};

use crate::common::{Failure, Output};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// The file to scan; `-` or nothing reads stdin
    #[arg(value_name = "FILE")]
    file: Option<PathBuf>,
    /// One JSON object per line, per shape found
    #[arg(long)]
    json: bool,
}

impl Args {
    pub fn run(self) -> Result<Output, Failure> {
        let mut bytes = Vec::new();
        let (name, read) = match &self.file {
            Some(p) if p.as_os_str() != "-" => (
                p.display().to_string(),
                std::fs::File::open(p).and_then(|mut f| f.read_to_end(&mut bytes)),
            ),
            _ => (
                "stdin".to_owned(),
                std::io::stdin().lock().read_to_end(&mut bytes),
            ),
        };
        read.map_err(|e| Failure(format!("xla-layout scan: cannot read {name}: {e}")))?;
        let text = match String::from_utf8(bytes) {
            Ok(t) => t,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        };
        let json = self.json;
        Ok(Output::Stream(Box::new(move |out| {
            let mut n = 0usize;
            if !json {
                writeln!(
                    out,
                    "{:<28} {:<44} {:>12} {:>14} {:>8} {:>8} {:>14} {:>14}  report",
                    "where",
                    "shape",
                    "elements",
                    "footprint B",
                    "pad %",
                    "expand",
                    "bytes XLA",
                    "bytes real"
                )?;
            }
            // JSON lines go into one buffer, written out a MiB at a time.
            let mut buf: Vec<u8> = Vec::new();
            for f in ScanIter::new(&text) {
                n += 1;
                if json {
                    f.record(&text).write_json(&mut buf);
                    buf.push(b'\n');
                    if buf.len() >= 1 << 20 {
                        out.write_all(&buf)?;
                        buf.clear();
                    }
                } else {
                    row(out, &text, &f)?;
                }
            }
            out.write_all(&buf)?;
            if n == 0 && !json {
                writeln!(out, "{NOTHING_FOUND_HINT}")?;
            }
            Ok(())
        })))
    }
}

fn cut(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        s.to_owned()
    } else {
        let mut t: String = s.chars().take(max.saturating_sub(3)).collect();
        t.push_str("...");
        t
    }
}

fn opt<T: std::fmt::Display>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

fn row(out: &mut dyn Write, text: &str, f: &Found) -> std::io::Result<()> {
    let r = f.record(text);
    let mut place = format!("{}:{} {}", r.line, r.column, r.role);
    if let Some(i) = r.instruction {
        place.push(' ');
        place.push_str(i);
        if let Some(k) = r.index.filter(|_| r.role == "operand") {
            place.push_str(&format!("#{k}"));
        }
    }
    let report = match &r.report {
        Some(rep) => format!(
            "Size {} Unpadded {} {}",
            rep.reported_size.unwrap_or("-"),
            rep.reported_unpadded.unwrap_or("-"),
            if rep.matches {
                "✓ matches"
            } else {
                "✗ differs"
            }
        ),
        None => String::new(),
    };
    let shape = match r.error {
        Some(e) => format!("{} (invalid: {})", r.text, e),
        None => r.text.to_owned(),
    };
    writeln!(
        out,
        "{:<28} {:<44} {:>12} {:>14} {:>8} {:>8} {:>14} {:>14}  {}",
        cut(&place, 28),
        cut(&shape.replace(['\n', '\r'], " "), 44),
        opt(r.elements),
        opt(r.bytes_footprint),
        opt(r.padding_percent.map(|p| format!("{p:.1}"))),
        opt(r.expansion.map(|x| format!("{x:.2}x"))),
        opt(r.bytes_xla),
        opt(r.bytes_data),
        report
    )
}
