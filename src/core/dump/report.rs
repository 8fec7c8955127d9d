//! `-memory-usage-report.txt` (`BufferAssignment::MemoryUsageReport`,
//! xla/service/buffer_assignment.cc): only its exact byte counts are read.
//!
//! - jaxlib 0.4.x: `Total bytes used: N (H)` for all allocations, then
//!   `Allocations sorted by size:` and each allocation's values grouped
//!   by offset (`BufferAllocation::MemoryUsageReport`).
//! - jaxlib 0.10: per memory space, `Memory Space: NAME (color=C)` and
//!   `Total bytes: N (H)`, then the same per-offset tables.
//!
//! The tables print sizes rounded for people (`16.0KiB`) and list shapes
//! that share an offset over time (`3×f32[8,64]`): summing them counts a
//! reused slot once per value, so they are not read. Each total is checked
//! against the buffer assignment's allocations of that memory space (their
//! `size`s summed, as XLA sums them); a difference is a [`Problem`] on the
//! total's line (files of two compiles given together).

use serde::{Deserialize, Serialize};

use super::model::Allocation;
use super::problem::{push, Problem};

/// One total of the report.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ReportSpace {
    /// `default`, ...; `null` in the older report (one total for all).
    pub name: Option<String>,
    /// The memory space's color; `null` in the older report.
    pub color: Option<u64>,
    /// The total as the report prints it.
    pub bytes: u64,
    /// 1-based line of the total.
    pub line: usize,
}

impl ReportSpace {
    /// What this total is of, with `bytes` (its byte count as the caller
    /// writes bytes): `default (color 0) 66.0 KiB`, or `66.0 KiB in all`
    /// for the older report's one total.
    pub fn describe(&self, bytes: &str) -> String {
        match (&self.name, self.color) {
            (Some(n), Some(c)) => format!("{n} (color {c}) {bytes}"),
            _ => format!("{bytes} in all"),
        }
    }
}

/// The report's totals, in its order; bad lines are problems.
pub fn read(file: &str, text: &str, problems: &mut Vec<Problem>) -> Vec<ReportSpace> {
    let mut out = Vec::new();
    // `Memory Space:` waiting for its `Total bytes:`.
    let mut space: Option<(Option<String>, Option<u64>)> = None;
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("Memory Space:") {
            match memory_space(rest.trim()) {
                Some((name, color)) => space = Some((Some(name), Some(color))),
                None => push(
                    problems,
                    Problem::new(file, n, "expected `Memory Space: NAME (color=N)`"),
                ),
            }
        } else if let Some(rest) = t
            .strip_prefix("Total bytes used:")
            .map(|r| (r, true))
            .or_else(|| t.strip_prefix("Total bytes:").map(|r| (r, false)))
        {
            let (rest, older) = rest;
            let Some(bytes) = leading_number(rest.trim()) else {
                push(
                    problems,
                    Problem::new(file, n, "expected a byte count after `Total bytes`"),
                );
                continue;
            };
            let (name, color) = if older {
                (None, None)
            } else {
                match space.take() {
                    Some(s) => s,
                    None => {
                        push(
                            problems,
                            Problem::new(
                                file,
                                n,
                                "`Total bytes:` without its `Memory Space:` line",
                            ),
                        );
                        continue;
                    }
                }
            };
            out.push(ReportSpace {
                name,
                color,
                bytes,
                line: n,
            });
        }
    }
    out
}

/// `default (color=0)` -> (`default`, 0).
fn memory_space(s: &str) -> Option<(String, u64)> {
    let (name, rest) = s.rsplit_once("(color=")?;
    let color = rest.strip_suffix(')')?.trim().parse().ok()?;
    let name = name.trim();
    (!name.is_empty()).then(|| (name.to_owned(), color))
}

/// The digits at the start of `s` (`67600 (66.0KiB)` -> 67600).
fn leading_number(s: &str) -> Option<u64> {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    s.get(..end)?.parse().ok()
}

/// Each total against the allocations' sizes of its memory space (all of
/// them for the older report's one total); a difference is a problem.
pub fn check(
    file: &str,
    spaces: &[ReportSpace],
    allocations: &[Allocation],
    problems: &mut Vec<Problem>,
) {
    for s in spaces {
        let sum = allocations
            .iter()
            .filter(|a| s.color.is_none_or(|c| a.color == c))
            .try_fold(0u64, |acc, a| acc.checked_add(a.size));
        let Some(sum) = sum else { continue };
        if sum != s.bytes {
            let which = match (&s.name, s.color) {
                (Some(n), Some(c)) => format!("memory space `{n}` (color {c})"),
                _ => "all memory spaces".to_owned(),
            };
            push(
                problems,
                Problem::new(
                    file,
                    s.line,
                    format!(
                        "the report's total for {which} is {} bytes, the buffer assignment's allocations sum to {sum}: files of two compiles?",
                        s.bytes
                    ),
                ),
            );
        }
    }
}
