//! What is read and computed for one module; serialized as one entry of
//! `xla-layout timeline --json`'s `modules` (docs/timeline.md). Byte
//! counts are per device: a module with `num_partitions=N` is what each
//! of N devices runs.

use serde::{Deserialize, Serialize};

use super::shard::ShardOf;
use super::Problem;

/// One module: what its dump files say and what is computed from them.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Module {
    /// `module_NNNN.NAME`, the files' common prefix.
    pub name: String,
    /// `cpu`, `tpu`, `gpu`..., from the file names.
    pub backend: Option<String>,
    /// The module's `num_partitions` (1 when it has none); `null` without
    /// the module file.
    pub partitions: Option<u64>,
    /// Where the live ranges came from: `"live-range file"`, `"inside
    /// buffer assignment"` (older XLA) or `"none"`.
    pub layout: String,
    pub totals: Totals,
    pub allocations: Vec<Allocation>,
    /// One entry per time of the schedule, `0..=max`.
    pub steps: Vec<Step>,
    /// Every value of the live ranges, in their order.
    pub values: Vec<LiveValue>,
    pub xla_peak: Option<XlaPeak>,
    pub peak: Option<Peak>,
    /// The values live at [`Module::peak`] grouped by `op_name`, largest
    /// first, like XLA's own breakdown of its peak.
    pub peak_by_source: Vec<SourceBytes>,
    /// `-memory-usage-report.txt`'s totals where it was given, each checked
    /// against the allocations (`report.rs`); empty without it.
    pub memory_report: Vec<super::ReportSpace>,
    pub problems: Vec<Problem>,
}

/// Totals as `compiled.memory_analysis()` reports them (sums of
/// allocation sizes, docs/timeline.md).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Totals {
    /// Allocations holding a parameter.
    pub arguments: u64,
    /// Allocations with `output` or `maybe-live-out`.
    pub outputs: u64,
    /// Allocations with both `parameter` and `maybe-live-out` (donated).
    pub aliased: u64,
    /// `preallocated-temp` allocations.
    pub temp: u64,
    /// The same four for allocations in host memory (`S(5)`), as
    /// `memory_analysis()`'s `host_*` fields.
    pub host_arguments: u64,
    pub host_outputs: u64,
    pub host_aliased: u64,
    pub host_temp: u64,
}

/// `allocation I: size B, ...:` and its values.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct Allocation {
    pub index: u64,
    pub size: u64,
    /// As printed: `parameter`, `output`, `maybe-live-out`, `constant`,
    /// `thread-local`, `preallocated-temp`.
    pub kinds: Vec<String>,
    pub parameter: Option<u64>,
    /// `shape |S|` of a parameter or `output shape is |S|` (no layout).
    pub shape: Option<String>,
    /// `at ShapeIndex {..}` of a parameter.
    pub shape_index: Option<String>,
    /// `color N` (a memory space), 0 when not printed.
    pub color: u64,
    /// The parameter's `sharding=` in the module file.
    pub sharding: Option<String>,
    /// What the sharding makes of the parameter: cuts, copies, the whole
    /// array's dims (`shard.rs`).
    pub shard: Option<ShardOf>,
    pub values: Vec<AllocValue>,
    /// The most bytes of its values live at once, and what is left over.
    pub fragmentation: Option<Fragmentation>,
    /// 1-based line of the allocation in its file.
    pub line: usize,
}

/// ` value: <ID NAME{INDEX} @COLOR> (size=S,offset=O): SHAPE`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct AllocValue {
    /// With its shape index: `dot{}`, `tuple.3{1}`.
    pub name: String,
    pub size: u64,
    pub offset: u64,
    /// With its layout, as printed.
    pub shape: String,
    pub id: u64,
    /// A `(phi)` value (a loop's or conditional's merged value).
    pub phi: bool,
}

/// An allocation's heap: the most bytes of its values live at one step
/// (their `size=`), and the gap between that and its size.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Fragmentation {
    pub most_live: u64,
    pub step: u64,
    /// `size - most_live`: bytes never used at the fullest moment.
    pub unused: u64,
}

/// One time of the schedule.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Step {
    /// The instruction scheduled at this time (`null` past the sequence:
    /// the computation's end).
    pub instruction: Option<String>,
    /// Bytes live (`size=`, padded as the backend lays them out).
    pub bytes: u64,
    /// Dense bytes of the same values' shapes.
    pub unpadded: u64,
}

/// A value of the live ranges with its place.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct LiveValue {
    pub name: String,
    pub start: u64,
    pub end: u64,
    /// `size=` in the buffer assignment (0 when it has no value line).
    pub bytes: u64,
    pub unpadded: u64,
    pub allocation: Option<u64>,
    pub offset: Option<u64>,
    pub shape: Option<String>,
    /// The instruction's `op_name` in the module file.
    pub op_name: Option<String>,
    /// `source_file:line` in the module file.
    pub source: Option<String>,
}

/// `Live ranges at P (peak):` and the values XLA lists there.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct XlaPeak {
    pub step: u64,
    /// `[name, bytes]` as listed (a name without index gets `{}`).
    pub values: Vec<(String, u64)>,
    /// The sum of the listed bytes.
    pub bytes: u64,
    /// The bytes live at that step by the rule of [`Step::bytes`].
    pub live_bytes: Option<u64>,
}

/// The fullest step: the most bytes live (the first such step).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Peak {
    pub step: u64,
    pub bytes: u64,
    pub unpadded: u64,
    pub instruction: Option<String>,
}

/// Bytes live at the peak from one `op_name`.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct SourceBytes {
    pub op_name: String,
    pub source: Option<String>,
    pub bytes: u64,
    pub values: u64,
}
