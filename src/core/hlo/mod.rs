//! Reading what users hold: HLO instructions, HLO modules and XLA memory
//! reports. A scanner over any text finds every shape, says where it came
//! from and sizes it; [`explain`] breaks one instruction into its parts.
//!
//! - `scan.rs`: byte-level helpers (spaces, line ends, names, strings,
//!   comments); `shape_bytes.rs`: where a shape starts and ends (type
//!   names before `[`, layouts, tuples); `shape_memo.rs`: shape texts
//!   measured before, measured again by a compare.
//! - `instruction.rs`, `module.rs`, `report.rs`: the statements XLA prints.
//! - `scanner.rs`: the incremental scanner and its one-call forms
//!   (`parallel.rs`: one scan on several threads, natively).
//! - `found.rs` (`role.rs`: where a shape was written), `facts.rs`,
//!   `record.rs`: results, sizes, JSON
//!   (`record_json.rs`: the JSON lines writer); `finds.rs` a scan's finds
//!   with the tables they name by number, `tables.rs` those tables and the
//!   one rule that keeps a number and its table together.
//! - `sharding.rs`, `sdy.rs`: an instruction's `sharding=` (or Shardy's
//!   attributes), per device or global.
//! - `explain.rs`: one instruction part by part.
//!
//! Scanning never fails and never panics; spans always fall on character
//! boundaries of the text. See docs/scan.md.

mod attached;
mod explain;
mod facts;
mod finds;
mod found;
mod instruction;
mod iter;
mod module;
mod outcome;
mod record;
mod record_json;
mod report;
mod role;
mod scan;
mod scanner;
mod sdy;
mod shape_bytes;
mod shape_memo;
mod sharding;
mod tables;
mod type_name;

pub use attached::Allocation;
pub use explain::{explain, Breakdown, LayoutParts};
pub use facts::facts_of;
pub use finds::{Finds, FoundRef, Iter};
pub use found::{Found, ShapeError, ShapeFacts, MAX_SCAN_LEN};
pub use instruction::{Arg, Attr};
pub use iter::{scan, ScanChunks};
pub use record::{Record, ReportRecord};
pub use report::ReportedSize;
pub use role::Role;
pub use scanner::mlir_scan::enable_mlir;
#[cfg(not(target_arch = "wasm32"))]
pub use scanner::parallel::scan_on_threads;
pub use scanner::{Outcome, Progress, Scanner, NOTHING_FOUND_HINT, TOO_LONG_HINT};
pub use sdy::{enable_sdy, SdyMeshes};
pub use sharding::{sharding_facts, ShardingFacts};
