//! What a find may carry beyond its shape: the memory report entry it
//! was read from, or its instruction's sharding.

use super::report::ReportedSize;
use super::sharding::ShardingFacts;
use super::ShapeFacts;
use crate::core::span::Span;

/// A find's report entry or sharding. The two never meet: a memory
/// report's finds have no instruction, and only an instruction's result
/// is given a sharding. So one pointer holds either, and a find takes 64
/// bytes, not 72 (docs/performance/native-scan.md, "64 bytes"). Behind an
/// `Arc`: every result written with the same shape and sharding shares
/// one (the scanner's sharding cache hands them out).
#[derive(Debug)]
pub(crate) enum Attached {
    Allocation(Allocation),
    Sharding(ShardingFacts),
}

/// An entry of an XLA memory report ("Largest program allocations in
/// hbm"): everything but the shape, as spans into the text.
#[derive(Clone, Debug, Default)]
pub struct Allocation {
    /// The entry's number (`1.`).
    pub number: Option<u64>,
    /// `Size: 16.00M`.
    pub size: Option<ReportedSize>,
    /// `Unpadded size: 384.0K`.
    pub unpadded: Option<ReportedSize>,
    /// `Extra memory due to padding: 15.62M`: the size text.
    pub extra: Option<Span>,
    /// The `42.7` of `(42.7x expansion)`.
    pub expansion: Option<Span>,
    /// `Operator: ...`: the rest of that line.
    pub operator: Option<Span>,
    /// `Allocation type: HLO temp`.
    pub allocation_type: Option<Span>,
    /// The memory space named in the report's header (`hbm`, `vmem`).
    pub memory_space: Option<Span>,
    /// The `XLA label: ...` line's text.
    pub label: Option<Span>,
}

impl Allocation {
    /// Does our footprint fall in the range the printed `Size` stands for?
    pub fn size_matches(&self, facts: &ShapeFacts) -> Option<bool> {
        Some(self.size.as_ref()?.contains(facts.bytes_footprint?))
    }

    /// Does our data size fall in the range the printed `Unpadded size`
    /// stands for?
    pub fn unpadded_matches(&self, facts: &ShapeFacts) -> Option<bool> {
        Some(self.unpadded.as_ref()?.contains(facts.bytes_data?))
    }
}
