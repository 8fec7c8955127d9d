//! `HloLiveRange::ToString` (xla/hlo/utils/hlo_live_range.cc):
//! `HloLiveRange (max T):`, `  InstructionSequence:` (`    i:name`),
//! `  BufferLiveRange:` (`    name{index}:start-end`), `  Live ranges at P
//! (peak):` (`    name{index}: B bytes (cumulative: C bytes)`; older XLA
//! printed `    name: B bytes`), then a breakdown by source, not read.
//! Newer XLA writes it to `-live-range.txt`; older XLA (jaxlib 0.4.x)
//! appended it to the buffer assignment, after `Used values:`.

use super::buffers::{number, with_index};
use super::problem::{excerpt, push, Problem};

/// What the live-range text says.
#[derive(Clone, Debug, Default)]
pub(crate) struct Ranges {
    pub max: Option<u64>,
    pub sequence: Vec<String>,
    /// `(name{index}, start, end, line)`.
    pub ranges: Vec<(String, u64, u64, usize)>,
    /// `Live ranges at P (peak):` and its `(name{index}, bytes)`.
    pub peak: Option<(u64, Vec<(String, u64)>)>,
}

/// Where `HloLiveRange (max` starts inside a buffer assignment: its byte
/// offset and the number of lines before it.
pub(crate) fn find_in(text: &str) -> Option<(usize, usize)> {
    const HEAD: &str = "HloLiveRange (max ";
    let at = if text.starts_with(HEAD) {
        0
    } else {
        text.find(&format!("\n{HEAD}"))? + 1
    };
    let lines = text.as_bytes()[..at]
        .iter()
        .filter(|&&b| b == b'\n')
        .count();
    Some((at, lines))
}

#[derive(Clone, Copy, PartialEq)]
enum Section {
    None,
    Sequence,
    Ranges,
    Peak,
    Other,
}

/// Reads the live-range text; `first` is the number of lines of the file
/// before `text` (for line numbers).
pub(crate) fn read(file: &str, text: &str, first: usize, problems: &mut Vec<Problem>) -> Ranges {
    let mut out = Ranges::default();
    let mut section = Section::None;
    // No time can exceed the text's length: every time is a line of it.
    let limit = text.len() as u64;
    let mut seen_header = false;
    for (i, line) in text.lines().enumerate() {
        let n = first + i + 1;
        let bad = |why: &str| Problem::new(file, n, format!("{why}: `{}`", excerpt(line)));
        if let Some(rest) = line.strip_prefix("HloLiveRange (max ") {
            if seen_header {
                push(
                    problems,
                    bad("a second HloLiveRange in one file; read up to here"),
                );
                break;
            }
            seen_header = true;
            match number(rest) {
                Some((t, "):")) if t <= limit => out.max = Some(t),
                _ => push(problems, bad("expected `HloLiveRange (max T):`")),
            }
            continue;
        }
        let trimmed = line.trim();
        match trimmed {
            "InstructionSequence:" => {
                section = Section::Sequence;
                continue;
            }
            "BufferLiveRange:" => {
                section = Section::Ranges;
                continue;
            }
            "" => continue,
            _ => {}
        }
        if trimmed.starts_with("Peak memory could not be determined") {
            // XLA's own statement (an unbounded dynamic shape): no peak.
            section = Section::Other;
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix("Live ranges at ") {
            match number(rest) {
                Some((p, " (peak):")) if p <= limit => {
                    out.peak = Some((p, Vec::new()));
                    section = Section::Peak;
                }
                _ => {
                    push(problems, bad("expected `Live ranges at P (peak):`"));
                    section = Section::Other;
                }
            }
            continue;
        }
        match section {
            Section::Sequence => match sequence_entry(trimmed) {
                Some((k, name)) if k == out.sequence.len() as u64 => {
                    out.sequence.push(name.to_owned())
                }
                Some(_) => push(problems, bad("the instruction sequence is out of order")),
                None => push(
                    problems,
                    bad("expected `i:name` in the instruction sequence"),
                ),
            },
            Section::Ranges => match range_entry(trimmed) {
                Some((name, s, e)) if s <= e && e <= limit => {
                    out.ranges.push((name.to_owned(), s, e, n))
                }
                Some(_) => push(
                    problems,
                    bad("a live range that ends before it starts or past the schedule"),
                ),
                None => push(problems, bad("expected `name{index}:start-end`")),
            },
            Section::Peak => match peak_entry(trimmed) {
                Some((name, bytes)) => {
                    if let Some((_, v)) = out.peak.as_mut() {
                        v.push((with_index(name), bytes));
                    }
                }
                // The breakdown by source follows the list.
                None => section = Section::Other,
            },
            Section::None => push(problems, bad("not part of XLA's live ranges")),
            Section::Other => {}
        }
    }
    if !seen_header {
        push(
            problems,
            Problem::new(
                file,
                0,
                "no `HloLiveRange (max T):` line: not a live-range text",
            ),
        );
    }
    if !text.is_empty() && !text.ends_with('\n') {
        push(
            problems,
            Problem::new(
                file,
                first + text.lines().count(),
                "the file ends without a line break: it may be cut short",
            ),
        );
    }
    out
}

/// `i:name`.
fn sequence_entry(s: &str) -> Option<(u64, &str)> {
    let (k, rest) = number(s)?;
    let name = rest.strip_prefix(':')?;
    (!name.is_empty()).then_some((k, name))
}

/// `name{index}:start-end` (the name may hold `:`; the last one counts).
fn range_entry(s: &str) -> Option<(&str, u64, u64)> {
    let (name, times) = s.rsplit_once(':')?;
    let (a, b) = times.split_once('-')?;
    if name.is_empty() {
        return None;
    }
    Some((name, a.parse().ok()?, b.parse().ok()?))
}

/// `name{index}: B bytes (cumulative: C bytes)` or `name: B bytes`.
fn peak_entry(s: &str) -> Option<(&str, u64)> {
    let s = match s.find(" bytes (cumulative: ") {
        Some(k) => &s[..k + " bytes".len()],
        None => s,
    };
    let s = s.strip_suffix(" bytes")?;
    let (name, bytes) = s.rsplit_once(": ")?;
    // HLO names hold no spaces; XLA's breakdown line (`Stack trace
    // breakdown for peak usage: N bytes`) ends the list.
    if name.is_empty() || name.contains(' ') {
        return None;
    }
    Some((name, bytes.parse().ok()?))
}
