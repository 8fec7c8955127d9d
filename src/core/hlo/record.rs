//! The serialisable form of a find ([`FoundRef`]): one JSON object per shape for
//! `xla-layout scan --json` (and any other front end). The keys are a
//! contract, documented in docs/scan.md.

use serde::Serialize;

use super::finds::FoundRef;
use crate::core::span::Span;

/// One found shape with its text resolved. Borrowed from the scan's finds and
/// the scanned text; build one at a time to stream.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Record<'a> {
    /// `result`, `operand`, `parameter`, `computation_result`,
    /// `entry_parameter`, `entry_result`, `allocation` or `text`.
    pub role: &'static str,
    /// The instruction's name without `%`.
    pub instruction: Option<&'a str>,
    pub opcode: Option<&'a str>,
    /// The instruction is its computation's `ROOT`.
    pub root: bool,
    /// Operand or parameter number, from 0.
    pub index: Option<usize>,
    /// The operand's or parameter's name.
    pub name: Option<&'a str>,
    /// The computation the shape is in: whose signature holds it, or
    /// which holds its instruction.
    pub computation: Option<&'a str>,
    /// `N` of an instruction `parameter(N)`, on its result.
    pub parameter_number: Option<u64>,
    /// 1-based line and column (in characters) of the shape.
    pub line: usize,
    pub column: usize,
    /// Byte offsets of the shape in the text.
    pub start: usize,
    pub end: usize,
    /// The shape as written.
    pub text: &'a str,
    /// The text wrote no layout (an MLIR type; an HLO shape without
    /// `{...}`): the layout is XLA's default, `{N-1,...,0}`, as before
    /// layout assignment, and the compiler may choose another.
    pub default_layout: bool,
    /// `array`, `tuple`, `token`, `opaque` or `buffer`; null if invalid.
    pub kind: Option<&'static str>,
    /// XLA's canonical text; null when invalid (see `error`).
    pub canonical: Option<&'a str>,
    /// Why the shape is invalid or cannot be laid out, else null.
    pub error: Option<&'a str>,
    /// Byte offsets of the offending characters in the whole text.
    pub error_start: Option<usize>,
    pub error_end: Option<usize>,
    pub elements: Option<u64>,
    pub bytes_data: Option<u64>,
    pub bytes_footprint: Option<u64>,
    pub bytes_xla: Option<u64>,
    pub expansion: Option<f64>,
    pub padding_percent: Option<f64>,
    /// The instruction's `sharding=`, canonical (results only).
    pub sharding: Option<&'a str>,
    /// Why that sharding cannot be read or does not fit the shape.
    pub sharding_error: Option<&'a str>,
    /// One device's shape, in a module not yet partitioned.
    pub per_device: Option<&'a str>,
    pub bytes_footprint_per_device: Option<u64>,
    /// The global shape, in a computation XLA's SPMD partitioner wrote.
    pub global: Option<&'a str>,
    /// Report fields, for allocations only.
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    pub report: Option<ReportRecord<'a>>,
}

/// A memory report entry's own fields, as printed.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ReportRecord<'a> {
    /// The entry's number (`1.`).
    pub allocation_number: Option<u64>,
    /// `Size` as printed (`16.00M`).
    pub reported_size: Option<&'a str>,
    /// `Unpadded size` as printed.
    pub reported_unpadded: Option<&'a str>,
    /// `Extra memory due to padding` as printed.
    pub reported_extra: Option<&'a str>,
    /// The expansion factor as printed (`42.7`).
    pub reported_expansion: Option<&'a str>,
    pub operator: Option<&'a str>,
    pub allocation_type: Option<&'a str>,
    /// The memory space named in the report's header (`hbm`).
    pub memory_space: Option<&'a str>,
    /// Our footprint and data size agree with `Size` and `Unpadded size`
    /// within the printed rounding.
    pub matches: bool,
    pub size_matches: Option<bool>,
    pub unpadded_matches: Option<bool>,
}

fn get(text: &str, span: Option<Span>) -> Option<&str> {
    text.get(span?.range())
}

impl<'f> FoundRef<'f> {
    /// This shape as a record, its spans resolved in `text` (the text that
    /// was scanned).
    pub fn record<'a>(&self, text: &'a str) -> Record<'a>
    where
        'f: 'a,
    {
        let f = self.facts;
        let error_span = self.error_span();
        let sh = self.sharding();
        let report = self.allocation().map(|a| ReportRecord {
            allocation_number: a.number,
            reported_size: get(text, a.size.map(|s| s.span)),
            reported_unpadded: get(text, a.unpadded.map(|s| s.span)),
            reported_extra: get(text, a.extra),
            reported_expansion: get(text, a.expansion),
            operator: get(text, a.operator),
            allocation_type: get(text, a.allocation_type),
            memory_space: get(text, a.memory_space),
            matches: self.matches() == Some(true),
            size_matches: a.size.map(|_| a.size_matches(f).unwrap_or(false)),
            unpadded_matches: a.unpadded.map(|_| a.unpadded_matches(f).unwrap_or(false)),
        });
        Record {
            role: self.role.name(),
            instruction: get(text, self.instruction()),
            opcode: get(text, self.opcode()),
            root: self.root,
            index: self.index(),
            name: get(text, self.name()),
            computation: get(text, self.computation()),
            parameter_number: self.parameter_number(text),
            line: self.line(),
            column: self.column(),
            start: self.span().start,
            end: self.span().end,
            text: text.get(self.span().range()).unwrap_or(""),
            default_layout: matches!(f.kind, Some("array" | "tuple"))
                && f.error.is_none()
                && text
                    .get(self.span().range())
                    .is_some_and(|t| !t.contains('{')),
            kind: f.kind,
            canonical: f.canonical.as_deref().filter(|_| f.error.is_none()),
            error: f.error.as_ref().map(|e| e.message.as_str()),
            error_start: error_span.map(|s| s.start),
            error_end: error_span.map(|s| s.end),
            elements: f.elements,
            bytes_data: f.bytes_data,
            bytes_footprint: f.bytes_footprint,
            bytes_xla: f.bytes_xla,
            expansion: f.expansion,
            padding_percent: f.padding_percent,
            sharding: sh.and_then(|s| s.canonical.as_deref()),
            sharding_error: sh.and_then(|s| s.error.as_deref()),
            per_device: sh.and_then(|s| s.per_device.as_deref()),
            bytes_footprint_per_device: sh.and_then(|s| s.bytes_footprint_per_device),
            global: sh.and_then(|s| s.global.as_deref()),
            report,
        }
    }
}
