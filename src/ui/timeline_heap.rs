//! The heap map's choices and words (issue 69): which allocations it can
//! show (the temp heap first) and the sentence under it, fragmentation
//! named. The grid itself is `render::timeline::heap_runs`, the figure's
//! own; the component is `web/timeline_heap.rs`.

use std::cmp::Reverse;

use crate::core::dump::{Allocation, Module};
use crate::render::timeline::heap_allocation;
use crate::ui::timeline::bytes;

/// The allocations worth a map, as indices into `m.allocations`: the one
/// the figure maps first (the largest temp heap), then every other
/// allocation holding two values or more, largest first.
pub fn mappable(m: &Module) -> Vec<usize> {
    let first = heap_allocation(m).map(|a| a.index);
    let mut rest: Vec<(Reverse<u64>, Reverse<u64>, usize)> = m
        .allocations
        .iter()
        .enumerate()
        .filter(|(_, a)| a.values.len() >= 2 && Some(a.index) != first && a.size > 0)
        .map(|(i, a)| (Reverse(a.size), Reverse(0), i))
        .collect();
    rest.sort_unstable();
    let first = first.and_then(|f| m.allocations.iter().position(|a| a.index == f));
    first
        .into_iter()
        .chain(rest.into_iter().map(|k| k.2))
        .collect()
}

/// `allocation 15 (the temp heap, 41,048 B (40.1 KiB))`.
pub fn label(a: &Allocation) -> String {
    let kind = if a.kinds.iter().any(|k| k == "preallocated-temp") {
        "the temp heap, "
    } else if a.parameter.is_some() {
        "a parameter, "
    } else {
        ""
    };
    format!("allocation {} ({kind}{})", a.index, bytes(a.size))
}

/// The sentence under the map: what it shows and the fragmentation.
pub fn caption(a: &Allocation) -> String {
    let mut s = format!(
        "Heap map of {}: offsets down, steps across, filled where a value is live, as XLA's heap simulator placed it.",
        label(a)
    );
    if let Some(f) = &a.fragmentation {
        s.push_str(&format!(
            " At most {} occupied at once (step {}): {} of it never used then (fragmentation).",
            bytes(f.most_live),
            f.step,
            bytes(f.unused)
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::timeline::{DumpFile, DumpSet};

    #[test]
    fn the_temp_heap_comes_first_and_its_fragmentation_is_named() {
        let dir = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/dump/jax-0.10.2"
        );
        let p = "module_0010.jit_sgd.cpu_after_optimizations";
        let files = ["-buffer-assignment.txt", "-live-range.txt"]
            .map(|s| DumpFile {
                name: format!("{p}{s}"),
                text: std::fs::read_to_string(format!("{dir}/{p}{s}")).unwrap(),
            })
            .to_vec();
        let set = DumpSet::opened(files);
        let m = &set.timeline.modules[0];
        let list = mappable(m);
        let first = &m.allocations[list[0]];
        assert!(first.kinds.iter().any(|k| k == "preallocated-temp"));
        // docs/timeline.md's example: allocation 15, 41,048 B, at most
        // 40,988 B at once (step 14), 60 B never used then.
        assert_eq!(first.index, 15);
        let c = caption(first);
        assert!(
            c.contains("allocation 15 (the temp heap, 41,048 B (40.1 KiB))"),
            "{c}"
        );
        assert!(c.contains("At most 40,988 B (40.0 KiB) occupied at once (step 14): 60 B of it never used then (fragmentation)"), "{c}");
        assert!(list
            .iter()
            .skip(1)
            .all(|i| m.allocations[*i].values.len() >= 2));
    }
}
