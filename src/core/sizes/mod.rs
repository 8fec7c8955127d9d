//! Sizes of one array: data, footprint, padding by source, XLA's own
//! figure, and matching the sizes a TPU compiler report prints.

pub mod bytes;
pub mod report_match;
pub mod stats;
pub(crate) mod variant;
pub mod xla_size;

pub use report_match::{
    match_report, parse_printed_size, Candidate, PrintedSize, PrintedSizeError, ReportMatch,
    ReportMatchError, CANDIDATE_TILINGS,
};
pub use stats::{data_bits, PaddingOrigin, PaddingShare, SizeWarning, Stats};
pub use xla_size::{xla_array_size, NoXlaSize};
