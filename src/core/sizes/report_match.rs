//! Checking a shape against the sizes a TPU compiler's out-of-memory report
//! prints for it (`Size: 64.0K`, `Unpadded size: 3.0K`).
//!
//! Reports print sizes with binary units (K = 1024, M = 1024², G = 1024³)
//! rounded to the printed digits, so `64.0K` stands for any byte count in
//! `[63.95 * 1024, 64.05 * 1024]`. Reports also print layouts without their
//! tiling (`f32[128,6]{1,0}` in VMEM with `Size: 64.0K`). Where the printed
//! layout does not reproduce the printed Size, [`match_report`] tries the
//! tilings listed in [`CANDIDATE_TILINGS`] (those the project's issue 10 saw
//! in XLA's TPU layouts) and offers the ones that reproduce it: as
//! candidates, never as the layout the compiler used.

use serde::Serialize;

use super::variant::{tile_texts, with_layout};
use crate::core::analysis::Analysis;
use crate::core::ast::ArrayShape;
use crate::core::element_type::ElementType;
use crate::core::span::{Span, Spanned};

/// Tilings tried for a printed layout whose Size does not match: entries
/// per level, major to minor.
pub const CANDIDATE_TILINGS: &[&[&[u64]]] = &[
    &[&[8, 128]],
    &[&[4, 128]],
    &[&[2, 128]],
    &[&[16, 128], &[2, 1]],
    &[&[8, 128], &[2, 1]],
    &[&[8, 128], &[4, 1]],
];

/// Extra tilings for `pred`: the same tilings with `E(32)`, and the
/// `(32,1)` second level with `E(1)`.
const PRED_TILINGS: &[(&[&[u64]], u64)] = &[
    (&[&[8, 128]], 32),
    (&[&[4, 128]], 32),
    (&[&[2, 128]], 32),
    (&[&[32, 128], &[32, 1]], 1),
    (&[&[8, 128], &[32, 1]], 1),
];

/// Longest size text we read (a report never prints more).
const MAX_LEN: usize = 32;

/// A size as a report prints it, with the range of byte counts it stands
/// for.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PrintedSize {
    /// The text as given, trimmed.
    pub text: String,
    /// Smallest and largest byte count that prints as `text`.
    pub min_bytes: u64,
    pub max_bytes: u64,
}

/// Why a size text cannot be read: a message and the byte range of the
/// offending characters in the text given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PrintedSizeError {
    pub message: String,
    pub span: Span,
}

impl std::fmt::Display for PrintedSizeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} (at characters {}..{})",
            self.message, self.span.start, self.span.end
        )
    }
}

/// Reads `64.0K`, `16.00M`, `1.5G`, `512B`, `3072` (bytes); units are
/// powers of 1024 (`K` to `E`) and may be followed by `B` or `iB`
/// (`64.0KiB`).
///
/// The range is that of `HumanReadableNumBytes` (tsl/platform/numbers.cc),
/// which prints the reports' sizes: below 1024 the exact count; above,
/// the count is divided by 1024 (integer division) until it is below
/// 1024 * 1024, then printed divided by 1024.0 with one decimal for `K`
/// and two for the others. So `16.00M` is every count `n` with
/// `floor(n / 1024) / 1024` printing as `16.00`.
pub fn parse_printed_size(text: &str) -> Result<PrintedSize, PrintedSizeError> {
    let lead = text.len() - text.trim_start().len();
    let t = text.trim();
    let err = |message: &str, start: usize, end: usize| PrintedSizeError {
        message: message.to_owned(),
        span: Span::new(lead + start, lead + end.max(start)),
    };
    if t.is_empty() {
        return Err(err("expected a size such as 64.0K", 0, 0));
    }
    if t.len() > MAX_LEN {
        return Err(err("size text too long", MAX_LEN, t.len()));
    }
    let digits_end = t
        .find(|c: char| !c.is_ascii_digit() && c != '.')
        .unwrap_or(t.len());
    let number = &t[..digits_end];
    let (int, frac) = match number.split_once('.') {
        Some((i, f)) => (i, Some(f)),
        None => (number, None),
    };
    if int.is_empty() {
        return Err(err("expected digits before the unit", 0, digits_end.max(1)));
    }
    if let Some(f) = frac {
        if f.is_empty() || f.contains('.') {
            let at = int.len();
            return Err(err("expected digits after the decimal point", at, at + 1));
        }
    }
    let decimals = frac.map_or(0, str::len) as u32;
    let mantissa_text: String = int.chars().chain(frac.unwrap_or("").chars()).collect();
    if mantissa_text.len() > 20 {
        return Err(err("too many digits", 0, digits_end));
    }
    let mantissa: u128 = mantissa_text
        .parse()
        .map_err(|_| err("expected a number", 0, digits_end))?;
    let rest = t[digits_end..].trim_start();
    let rest_at = t.len() - rest.len();
    let (power, suffix) = match rest.chars().next().map(|c| c.to_ascii_uppercase()) {
        None => (0u32, ""),
        Some('B') => (0, &rest[1..]),
        Some('K') => (1, &rest[1..]),
        Some('M') => (2, &rest[1..]),
        Some('G') => (3, &rest[1..]),
        Some('T') => (4, &rest[1..]),
        Some('P') => (5, &rest[1..]),
        Some('E') => (6, &rest[1..]),
        Some(_) => {
            return Err(err(
                "expected a unit: B, K, M, G, T, P or E (powers of 1024)",
                rest_at,
                rest_at + rest.chars().next().map_or(1, char::len_utf8),
            ))
        }
    };
    if power == 0 && !suffix.is_empty() || !matches!(suffix, "" | "B" | "b" | "iB" | "ib") {
        let at = t.len() - suffix.len();
        return Err(err("unexpected text after the unit", at, t.len()));
    }
    let beyond = || err("size beyond int64", 0, t.len());
    let scale: u128 = 10u128.pow(decimals);
    // The printed number is q / 1024 (q itself for bytes), rounded to the
    // printed digits: |2 * q * scale - 2 * mantissa * 1024| <= 1024.
    let per = if power == 0 { 1 } else { 1024 };
    let centre2 = mantissa.checked_mul(2 * per).ok_or_else(beyond)?;
    let q_lo = centre2.saturating_sub(per).div_ceil(2 * scale);
    let q_hi = (centre2 + per) / (2 * scale);
    // q = floor(n / step): n runs over whole steps.
    let step = 1u128 << (10 * power.saturating_sub(1));
    let cap = u128::from(crate::core::array::MAX_SIZE);
    let lo = q_lo
        .checked_mul(step)
        .filter(|&lo| lo <= cap)
        .ok_or_else(beyond)?;
    let hi = (q_hi + 1)
        .checked_mul(step)
        .map_or(cap, |h| (h - 1).min(cap));
    Ok(PrintedSize {
        text: t.to_owned(),
        min_bytes: lo as u64,
        max_bytes: hi as u64,
    })
}

impl PrintedSize {
    /// Whether `bytes` prints as this size.
    pub fn contains(&self, bytes: u64) -> bool {
        (self.min_bytes..=self.max_bytes).contains(&bytes)
    }
}

/// A layout that reproduces the reported Size.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Candidate {
    /// The whole shape with the candidate layout.
    pub canonical: String,
    pub bytes_footprint: u64,
    pub bytes_data: u64,
    /// "matches if the layout was `{1,0:T(8,128)}`".
    pub text: String,
}

/// What a report's sizes say about a shape.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReportMatch {
    pub size: PrintedSize,
    pub unpadded: Option<PrintedSize>,
    /// The printed layout's footprint and data bytes.
    pub bytes_footprint: u64,
    pub bytes_data: u64,
    /// Whether the printed layout's footprint prints as the Size.
    pub size_matches: bool,
    /// Whether its data prints as the Unpadded size, when given.
    pub unpadded_matches: Option<bool>,
    /// Tilings that reproduce the Size (and the Unpadded size, when given)
    /// where the printed layout does not: candidates only.
    pub candidates: Vec<Candidate>,
    /// One sentence for people.
    pub verdict: String,
}

/// Why a report cannot be matched.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReportMatchError {
    /// A size text is unreadable.
    Size(PrintedSizeError),
    /// The shape cannot be laid out (unbounded dims, overflow).
    Layout(String),
}

impl std::fmt::Display for ReportMatchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ReportMatchError::Size(e) => e.fmt(f),
            ReportMatchError::Layout(e) => f.write_str(e),
        }
    }
}

/// The `{...}` part of an array's canonical text.
fn layout_part(canonical: &str) -> &str {
    canonical.find('{').map_or("", |i| &canonical[i..])
}

/// Checks the printed layout of `array` against a report's `Size` (and
/// `Unpadded size`), and where they differ tries [`CANDIDATE_TILINGS`].
pub fn match_report(
    array: &ArrayShape,
    size: &str,
    unpadded: Option<&str>,
) -> Result<ReportMatch, ReportMatchError> {
    let size = parse_printed_size(size).map_err(ReportMatchError::Size)?;
    let unpadded = unpadded
        .map(parse_printed_size)
        .transpose()
        .map_err(ReportMatchError::Size)?;
    let analysis = Analysis::of(array).map_err(|e| ReportMatchError::Layout(e.reason()))?;
    let stats = &analysis.stats;
    let size_matches = size.contains(stats.bytes_footprint);
    let unpadded_matches = unpadded.as_ref().map(|u| u.contains(stats.bytes_data));
    let mut candidates = Vec::new();
    if !size_matches {
        let mut tries: Vec<(&[&[u64]], Option<u64>)> =
            CANDIDATE_TILINGS.iter().map(|&t| (t, None)).collect();
        if array.element_type.value == ElementType::Pred {
            tries.extend(PRED_TILINGS.iter().map(|&(t, e)| (t, Some(e))));
        }
        for (tiles, bits) in tries {
            let variant = with_layout(array, |l| {
                l.tiles = tile_texts(tiles);
                if let Some(e) = bits {
                    l.element_size_bits = Some(Spanned::new(e as i64, Span::default()));
                }
            });
            let Ok(a) = Analysis::of(&variant) else {
                continue;
            };
            let data_ok = unpadded
                .as_ref()
                .is_none_or(|u| u.contains(a.stats.bytes_data));
            if size.contains(a.stats.bytes_footprint) && data_ok {
                let canonical = variant.to_string();
                candidates.push(Candidate {
                    text: format!("matches if the layout was `{}`", layout_part(&canonical)),
                    canonical,
                    bytes_footprint: a.stats.bytes_footprint,
                    bytes_data: a.stats.bytes_data,
                });
            }
        }
    }
    let printed = array.to_string();
    let verdict = if size_matches {
        format!(
            "the printed layout `{}` occupies {} bytes, which prints as {}",
            layout_part(&printed),
            stats.bytes_footprint,
            size.text
        )
    } else if candidates.is_empty() {
        format!(
            "the printed layout `{}` occupies {} bytes, not {}; none of the TPU tilings tried reproduces it",
            layout_part(&printed),
            stats.bytes_footprint,
            size.text
        )
    } else {
        format!(
            "the printed layout `{}` occupies {} bytes, not {}: the report may have left out the tiling; {}",
            layout_part(&printed),
            stats.bytes_footprint,
            size.text,
            candidates
                .iter()
                .map(|c| c.text.as_str())
                .collect::<Vec<_>>()
                .join(", or ")
        )
    };
    Ok(ReportMatch {
        size,
        unpadded,
        bytes_footprint: stats.bytes_footprint,
        bytes_data: stats.bytes_data,
        size_matches,
        unpadded_matches,
        candidates,
        verdict,
    })
}
