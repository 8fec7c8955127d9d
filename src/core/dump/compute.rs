//! Joining the files of one module and computing from them: totals as
//! `compiled.memory_analysis()` reports them, the bytes live at each step,
//! the fullest step beside XLA's stated peak, where values came from.

use std::collections::HashMap;

use super::dense::Dense;
use super::heap;
use super::model::{Allocation, LiveValue, Module, Peak, SourceBytes, Step, Totals, XlaPeak};
use super::problem::{push, Problem};
use super::ranges::Ranges;
use super::shard::shard_of;
use super::source::Source;

/// The instruction of a value name: `tuple.3{1}` -> `tuple.3`.
pub(crate) fn instruction_of(name: &str) -> &str {
    match name.rfind('{') {
        Some(k) if name.ends_with('}') => &name[..k],
        _ => name,
    }
}

fn add(a: u64, b: u64, overflow: &mut bool) -> u64 {
    a.checked_add(b).unwrap_or_else(|| {
        *overflow = true;
        u64::MAX
    })
}

/// `memory_analysis()`'s totals: sums of allocation sizes by kind, as
/// `CompiledMemoryStats::PopulateBufferStatsFromAllocations`
/// (xla/pjrt/pjrt_executable.cc) adds them; an allocation whose values
/// sit in host memory (`S(5)`, `Layout::kHostMemorySpace`) counts in the
/// `host_*` fields instead.
pub(crate) fn totals(allocations: &[Allocation], overflow: &mut bool) -> Totals {
    let mut t = Totals::default();
    for a in allocations {
        let has = |k: &str| a.kinds.iter().any(|x| x == k);
        let param = has("parameter");
        let out = has("output") || has("maybe-live-out");
        let host = a.values.iter().any(|v| in_host_memory(&v.shape));
        let (arguments, outputs, aliased, temp) = if host {
            (
                &mut t.host_arguments,
                &mut t.host_outputs,
                &mut t.host_aliased,
                &mut t.host_temp,
            )
        } else {
            (
                &mut t.arguments,
                &mut t.outputs,
                &mut t.aliased,
                &mut t.temp,
            )
        };
        if param {
            *arguments = add(*arguments, a.size, overflow);
        }
        if out {
            *outputs = add(*outputs, a.size, overflow);
        }
        if param && has("maybe-live-out") {
            *aliased = add(*aliased, a.size, overflow);
        }
        if has("preallocated-temp") {
            *temp = add(*temp, a.size, overflow);
        }
    }
    t
}

/// A layout with memory space 5 (`...:S(5)}`), XLA's host memory.
fn in_host_memory(shape: &str) -> bool {
    shape
        .rfind('{')
        .is_some_and(|k| shape[k..].contains("S(5)"))
}

pub(crate) fn module(
    prefix: &str,
    backend: Option<String>,
    layout: &str,
    mut allocations: Vec<Allocation>,
    ranges: Option<(String, Ranges)>,
    source: Option<Source>,
    mut problems: Vec<Problem>,
) -> Module {
    let mut overflow = false;
    let totals = totals(&allocations, &mut overflow);
    // Every value line by name: (allocation index in the list, value index).
    let mut by_name: HashMap<&str, (usize, usize)> = HashMap::new();
    for (ai, a) in allocations.iter().enumerate() {
        for (vi, v) in a.values.iter().enumerate() {
            by_name.entry(v.name.as_str()).or_insert((ai, vi));
        }
    }
    let mut dense = Dense::default();
    let (file, ranges) = ranges.unwrap_or_default();
    let mut values = Vec::with_capacity(ranges.ranges.len());
    let mut missing = 0usize;
    for (name, start, end, line) in &ranges.ranges {
        let mut v = LiveValue {
            name: name.clone(),
            start: *start,
            end: *end,
            ..LiveValue::default()
        };
        match by_name.get(name.as_str()) {
            Some(&(ai, vi)) => {
                let (a, av) = (&allocations[ai], &allocations[ai].values[vi]);
                v.bytes = av.size;
                v.allocation = Some(a.index);
                v.offset = Some(av.offset);
                v.shape = Some(av.shape.clone());
                v.unpadded = match dense.of(&av.shape) {
                    Ok(Some(d)) => {
                        if d > av.size {
                            push(&mut problems, Problem::new(&file, *line, format!(
                                "`{name}`: size={} in the buffer assignment is less than the {d} bytes of its shape `{}`",
                                av.size, av.shape)));
                        }
                        d.min(av.size)
                    }
                    Ok(None) => av.size,
                    Err(why) => {
                        push(&mut problems, Problem::new(&file, *line, format!(
                            "`{name}`: its shape `{}` is not read ({why}); its unpadded bytes are taken as its size", av.shape)));
                        av.size
                    }
                };
            }
            None if !by_name.is_empty() => {
                missing += 1;
                if missing <= 5 {
                    push(&mut problems, Problem::new(&file, *line, format!(
                        "`{name}` has no value line in the buffer assignment: counted as 0 bytes (files of two different compiles?)")));
                }
            }
            None => {}
        }
        if let Some(meta) = source
            .as_ref()
            .and_then(|s| s.instructions.get(instruction_of(name)))
        {
            v.op_name = meta.op_name.clone();
            v.source = meta.source.clone();
        }
        values.push(v);
    }
    if missing > 5 {
        push(
            &mut problems,
            Problem::new(
                &file,
                0,
                format!("{missing} values in all have no value line in the buffer assignment"),
            ),
        );
    }
    let steps = steps(&ranges, &values, &mut overflow);
    let peak = steps
        .iter()
        .enumerate()
        .fold(None::<(usize, &Step)>, |best, (t, s)| match best {
            Some((_, b)) if b.bytes >= s.bytes => best,
            _ => Some((t, s)),
        })
        .map(|(t, s)| Peak {
            step: t as u64,
            bytes: s.bytes,
            unpadded: s.unpadded,
            instruction: s.instruction.clone(),
        });
    let xla_peak = ranges.peak.as_ref().map(|(p, listed)| {
        let bytes = listed
            .iter()
            .fold(0, |acc, (_, b)| add(acc, *b, &mut overflow));
        XlaPeak {
            step: *p,
            values: listed.clone(),
            bytes,
            live_bytes: usize::try_from(*p)
                .ok()
                .and_then(|p| steps.get(p))
                .map(|s| s.bytes),
        }
    });
    let peak_by_source = peak
        .as_ref()
        .map(|p| by_source(&values, p.step, &mut overflow))
        .unwrap_or_default();
    heap::fragmentation(&mut allocations, &values, &mut problems);
    if let Some(src) = &source {
        for a in &mut allocations {
            let Some(p) = a.parameter else { continue };
            let found = a.values.iter().find_map(|v| {
                let m = src.instructions.get(instruction_of(&v.name))?;
                let sharding = (m.parameter == Some(p)).then(|| m.sharding.clone())??;
                Some((shard_of(&v.shape, &sharding), sharding))
            });
            if let Some((shard, sharding)) = found {
                a.sharding = Some(sharding);
                a.shard = shard;
            }
        }
    }
    if overflow {
        push(
            &mut problems,
            Problem::new(
                prefix,
                0,
                "a sum of bytes does not fit 64 bits: it is shown as the largest number",
            ),
        );
    }
    Module {
        name: prefix.to_owned(),
        backend,
        partitions: source.as_ref().map(|s| s.partitions),
        layout: layout.to_owned(),
        totals,
        allocations,
        steps,
        values,
        xla_peak,
        peak,
        peak_by_source,
        memory_report: Vec::new(),
        problems,
    }
}

/// Bytes live at each time `0..=max` (a value is live at t when
/// start <= t <= end, as `HloLiveRange::ToString` lists the peak).
fn steps(ranges: &Ranges, values: &[LiveValue], overflow: &mut bool) -> Vec<Step> {
    let last_end = values.iter().map(|v| v.end).max();
    let n = [
        ranges.max.map(|m| m.saturating_add(1)),
        Some(ranges.sequence.len() as u64),
        last_end.map(|e| e.saturating_add(1)),
    ]
    .into_iter()
    .flatten()
    .max()
    .unwrap_or(0);
    // Every time was checked against the text's length when read.
    let n = usize::try_from(n).unwrap_or(0);
    let mut diff = vec![(0i128, 0i128); n.saturating_add(1)];
    for v in values {
        let (s, e) = (v.start as usize, v.end as usize);
        if let (Some(a), true) = (diff.get_mut(s), e < n) {
            a.0 += i128::from(v.bytes);
            a.1 += i128::from(v.unpadded);
            diff[e + 1].0 -= i128::from(v.bytes);
            diff[e + 1].1 -= i128::from(v.unpadded);
        }
    }
    let (mut b, mut u) = (0i128, 0i128);
    let mut out = Vec::with_capacity(n);
    for (t, d) in diff.iter().take(n).enumerate() {
        b += d.0;
        u += d.1;
        let fit = |x: i128, overflow: &mut bool| {
            u64::try_from(x).unwrap_or_else(|_| {
                *overflow = true;
                u64::MAX
            })
        };
        out.push(Step {
            instruction: ranges.sequence.get(t).cloned(),
            bytes: fit(b, overflow),
            unpadded: fit(u, overflow),
        });
    }
    out
}

/// The values live at `step` grouped by `op_name` (the instruction's name
/// where it has none), largest first.
fn by_source(values: &[LiveValue], step: u64, overflow: &mut bool) -> Vec<SourceBytes> {
    let mut groups: Vec<SourceBytes> = Vec::new();
    let mut index: HashMap<String, usize> = HashMap::new();
    for v in values.iter().filter(|v| v.start <= step && step <= v.end) {
        let key = v
            .op_name
            .clone()
            .unwrap_or_else(|| instruction_of(&v.name).to_owned());
        let k = *index.entry(key.clone()).or_insert_with(|| {
            groups.push(SourceBytes {
                op_name: key,
                source: v.source.clone(),
                ..SourceBytes::default()
            });
            groups.len() - 1
        });
        groups[k].bytes = add(groups[k].bytes, v.bytes, overflow);
        groups[k].values += 1;
    }
    groups.sort_by(|a, b| {
        b.bytes
            .cmp(&a.bytes)
            .then_with(|| a.op_name.cmp(&b.op_name))
    });
    groups
}
