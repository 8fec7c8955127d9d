//! A program's memory over its run, read from XLA's dump files
//! (`xla_dump_to`): per module, its allocations and their values, the
//! schedule, every value's live range and XLA's stated peak, and what the
//! tool computes from them: totals as `compiled.memory_analysis()` reports
//! them, the bytes live at each step (padded and unpadded), the fullest
//! step, each allocation's fragmentation, and where each value came from.
//! See docs/timeline.md.
//!
//! - `files.rs`: which file is which (`module_NNNN.NAME.<backend>_after_optimizations`
//!   + suffix), grouped by module.
//! - `buffers.rs`: `-buffer-assignment.txt` (`BufferAllocation::ToString`,
//!   xla/service/buffer_assignment.cc).
//! - `ranges.rs`: `HloLiveRange::ToString` (xla/hlo/utils/hlo_live_range.cc),
//!   from `-live-range.txt` or, in older XLA, inside the buffer assignment.
//! - `source.rs`: the module's own text: `num_partitions`, each
//!   instruction's `op_name`, `source_file:line` (or `stack_frame_id`) and
//!   a parameter's `sharding=`.
//! - `report.rs`: `-memory-usage-report.txt`'s exact totals, checked
//!   against the allocations (its tables are not read).
//! - `compute.rs`: totals, steps, peaks; `heap.rs`: fragmentation;
//!   `shard.rs`: a sharded parameter's whole array;
//!   `dense.rs`: a value's dense bytes; `model.rs`: the results
//!   (serialized as `xla-layout timeline --json`).
//!
//! Reading never panics and never stops at a bad line: each is a
//! [`Problem`] naming its file and line, and everything else is kept.

mod buffers;
mod compute;
mod dense;
mod files;
mod heap;
mod model;
mod problem;
mod ranges;
mod report;
mod shard;
mod source;

use std::collections::HashSet;

pub use files::{file_kind, module_prefix, FileKind};
pub use model::{
    AllocValue, Allocation, Fragmentation, LiveValue, Module, Peak, SourceBytes, Step, Totals,
    XlaPeak,
};
pub use problem::{Problem, MAX_PROBLEMS};
pub use report::ReportSpace;
pub use shard::ShardOf;

/// One dump file: its name (a path or a file name; only the last
/// component is looked at) and its text.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    pub name: &'a str,
    pub text: &'a str,
}

/// Everything read from a set of dump files.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Timeline {
    pub modules: Vec<Module>,
    /// Problems that belong to no module (a file that is no dump file).
    pub problems: Vec<Problem>,
}

/// Reads dump files of one or more modules: files are grouped by their
/// `module_NNNN.NAME` prefix, in the order of that prefix.
pub fn read(inputs: &[Input<'_>]) -> Timeline {
    let mut out = Timeline::default();
    let mut groups: Vec<(String, Vec<Input<'_>>)> = Vec::new();
    for input in inputs {
        let base = files::base_name(input.name);
        match (module_prefix(base), file_kind(base)) {
            (Some(prefix), Some(_)) => match groups.iter_mut().find(|(p, _)| *p == prefix) {
                Some((_, g)) => g.push(*input),
                None => groups.push((prefix.to_owned(), vec![*input])),
            },
            _ => problem::push(
                &mut out.problems,
                Problem::new(
                    base,
                    0,
                    "not an XLA dump file: expected module_NNNN.NAME.<backend>_after_optimizations.txt, -buffer-assignment.txt, -live-range.txt or -memory-usage-report.txt",
                ),
            ),
        }
    }
    groups.sort_by(|a, b| a.0.cmp(&b.0));
    for (prefix, group) in groups {
        out.modules.push(read_module(&prefix, &group));
    }
    out
}

/// Reads one module's files (all of the same `module_NNNN.NAME` prefix).
pub fn read_module(prefix: &str, inputs: &[Input<'_>]) -> Module {
    let mut problems = Vec::new();
    let mut buffers = None;
    let mut ranges = None;
    let mut source = None;
    let mut backend = None;
    let mut layout = "none";
    let mut report = None;
    for input in inputs {
        let base = files::base_name(input.name);
        match (&backend, files::backend(base)) {
            (None, b) => backend = b.map(str::to_owned),
            (Some(first), Some(b)) if first != b => problem::push(
                &mut problems,
                Problem::new(
                    base,
                    0,
                    format!("this file is of backend `{b}`, the module's first of `{first}`: files of two compiles given for one module"),
                ),
            ),
            _ => {}
        }
        match file_kind(base) {
            Some(FileKind::BufferAssignment) => {
                let b = buffers::read(base, input.text, &mut problems);
                if ranges.is_none() {
                    if let Some((start, line)) = ranges::find_in(input.text) {
                        layout = "inside buffer assignment";
                        let text = input.text.get(start..).unwrap_or("");
                        ranges = Some((
                            base.to_owned(),
                            ranges::read(base, text, line, &mut problems),
                        ));
                    }
                }
                buffers = Some(b);
            }
            Some(FileKind::LiveRange) => {
                layout = "live-range file";
                ranges = Some((
                    base.to_owned(),
                    ranges::read(base, input.text, 0, &mut problems),
                ));
            }
            // Read last: only the instructions the values name are kept.
            Some(FileKind::Module) => source = Some((base, input.text)),
            Some(FileKind::MemoryReport) => {
                report = Some((base, report::read(base, input.text, &mut problems)));
            }
            None => {}
        }
    }
    if buffers.is_none() {
        let message = if ranges.is_some() {
            "a live-range file without its buffer assignment: the values' sizes, offsets and allocations are unknown; add the module's -buffer-assignment.txt"
        } else {
            "no -buffer-assignment.txt for this module: nothing to read"
        };
        problem::push(&mut problems, Problem::new(prefix, 0, message));
    }
    let source = source.map(|(base, text)| {
        let mut wanted: HashSet<&str> = HashSet::new();
        if let Some((_, r)) = &ranges {
            wanted.extend(r.ranges.iter().map(|(n, ..)| compute::instruction_of(n)));
        }
        for a in buffers.iter().flatten() {
            wanted.extend(a.values.iter().map(|v| compute::instruction_of(&v.name)));
        }
        source::read(base, text, &wanted, &mut problems)
    });
    if let (Some((file, spaces)), Some(allocations)) = (&report, &buffers) {
        report::check(file, spaces, allocations, &mut problems);
    }
    let mut module = compute::module(
        prefix,
        backend,
        layout,
        buffers.unwrap_or_default(),
        ranges,
        source,
        problems,
    );
    module.memory_report = report.map(|(_, spaces)| spaces).unwrap_or_default();
    module
}

#[cfg(test)]
mod tests;
