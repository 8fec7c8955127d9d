//! Fragmentation within an allocation: the most bytes its values occupy
//! at one step (the union of their `[offset, offset+size)`, so values XLA
//! placed in the same bytes count once) against the allocation's size.

use std::collections::HashMap;

use super::model::{Allocation, Fragmentation, LiveValue};
use super::problem::{push, Problem};

/// Work allowed per allocation (values times the times they change):
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
        let Some(vs) = by_alloc.get(&a.index) else {
            continue;
        };
        let cost = (vs.len() as u64).saturating_mul(vs.len() as u64);
        if cost > BUDGET {
            push(
                problems,
                Problem::new(
                    &format!("allocation {}", a.index),
                    a.line,
                    format!(
                        "{} values: too many to measure this allocation's fragmentation",
                        vs.len()
                    ),
                ),
            );
            continue;
        }
        a.fragmentation = Some(most_live(vs, a.size));
    }
}

fn most_live(vs: &[&LiveValue], size: u64) -> Fragmentation {
    let mut times: Vec<u64> = vs.iter().map(|v| v.start).collect();
    times.sort_unstable();
    times.dedup();
    let mut best = (0u64, 0u64);
    let mut live: Vec<(u64, u64)> = Vec::new();
    // The occupied bytes only grow when a value starts: look there.
    for &t in &times {
        live.clear();
        live.extend(
            vs.iter()
                .filter(|v| v.start <= t && t <= v.end)
                .filter_map(|v| Some((v.offset?, v.offset?.checked_add(v.bytes)?))),
        );
        live.sort_unstable();
        let mut total = 0u64;
        let mut reach = 0u64;
        for &(s, e) in &live {
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
    Fragmentation {
        most_live: best.0,
        step: best.1,
        unused: size.saturating_sub(best.0),
    }
}
