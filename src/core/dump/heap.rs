//! Fragmentation within an allocation: the most bytes its values occupy
//! at one step (the union of their `[offset, offset+size)`, so values XLA
//! placed in the same bytes count once) against the allocation's size.

use std::collections::HashMap;

use super::model::{Allocation, Fragmentation, LiveValue};
use super::problem::{push, Problem};

/// Work allowed per allocation (the live values summed over the times a
/// value starts):
/// beyond it the figure is left out, with a problem saying so.
const BUDGET: u64 = 50_000_000;

pub(crate) fn fragmentation(
    allocations: &mut [Allocation],
    values: &[LiveValue],
    problems: &mut Vec<Problem>,
) {
    let mut by_alloc: HashMap<u64, Vec<&LiveValue>> = HashMap::new();
    for v in values {
        if let (Some(a), Some(_)) = (v.allocation, v.offset) {
            by_alloc.entry(a).or_default().push(v);
        }
    }
    for a in allocations.iter_mut() {
        let Some(vs) = by_alloc.get_mut(&a.index) else {
            continue;
        };
        match most_live(vs, a.size) {
            Some(f) => a.fragmentation = Some(f),
            None => push(
                problems,
                Problem::new(
                    &format!("allocation {}", a.index),
                    a.line,
                    format!(
                        "{} values live together too long to measure this allocation's fragmentation",
                        vs.len()
                    ),
                ),
            ),
        }
    }
}

/// The most bytes occupied at one step: a sweep over the values by start
/// (the occupied bytes only grow where a value starts), the live ones
/// kept aside. `None` past [`BUDGET`].
fn most_live(vs: &mut [&LiveValue], size: u64) -> Option<Fragmentation> {
    vs.sort_by_key(|v| v.start);
    let mut best = (0u64, 0u64);
    // The live values as (offset, offset + bytes, end), kept in offset
    // order: no sort per step.
    let mut active: Vec<(u64, u64, u64)> = Vec::new();
    let mut work = 0u64;
    let mut i = 0;
    while i < vs.len() {
        let t = vs[i].start;
        active.retain(|a| a.2 >= t);
        while let Some(v) = vs.get(i).filter(|v| v.start == t) {
            if let Some(off) = v.offset {
                let item = (off, off.saturating_add(v.bytes), v.end);
                let at = active.partition_point(|a| *a < item);
                active.insert(at, item);
            }
            i += 1;
        }
        work = work.saturating_add(active.len() as u64);
        if work > BUDGET {
            return None;
        }
        let (mut total, mut reach) = (0u64, 0u64);
        for &(s, e, _) in &active {
            let s = s.max(reach);
            if e > s {
                total = total.saturating_add(e - s);
                reach = e;
            }
        }
        if total > best.0 {
            best = (total, t);
        }
    }
    Some(Fragmentation {
        most_live: best.0,
        step: best.1,
        unused: size.saturating_sub(best.0),
    })
}
