//! The buffers live at the chosen step of a module (issue 69), as the
//! app's table lists them: sorted by size or by padding, each with what
//! the layout view needs to draw it (the shape with its layout and, for a
//! sharded parameter, the whole array and its sharding). Plain Rust; the
//! table is `web/timeline_table.rs`.

use std::cmp::Reverse;

use crate::core::dump::{LiveValue, Module};

/// The table's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Sort {
    /// Largest `size=` first.
    #[default]
    Size,
    /// Most padding (`size=` minus the shape's dense bytes) first.
    Padding,
}

/// A value's padding: its `size=` (as the backend lays it out) minus its
/// shape's dense bytes.
pub fn padding(v: &LiveValue) -> u64 {
    v.bytes.saturating_sub(v.unpadded)
}

/// The values live at step `t` (start <= t <= end, XLA's rule), in `sort`
/// order, ties in the live ranges' order. Indices into `m.values`.
pub fn live_at(m: &Module, t: u64, sort: Sort) -> Vec<usize> {
    let mut live: Vec<usize> = m
        .values
        .iter()
        .enumerate()
        .filter(|(_, v)| v.start <= t && t <= v.end)
        .map(|(i, _)| i)
        .collect();
    // Sorted as plain tuples: one sort for both orders (and the heap
    // map's list), not one per comparison closure.
    let mut keyed: Vec<(Reverse<u64>, Reverse<u64>, usize)> = live
        .iter()
        .map(|&i| {
            let v = &m.values[i];
            match sort {
                Sort::Size => (Reverse(v.bytes), Reverse(padding(v)), i),
                Sort::Padding => (Reverse(padding(v)), Reverse(v.bytes), i),
            }
        })
        .collect();
    keyed.sort_unstable();
    live = keyed.into_iter().map(|k| k.2).collect();
    live
}

/// What the layout view is given for a buffer: the shape for the box and
/// the sharding for the sharding field (empty when not sharded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opened {
    pub shape: String,
    pub sharding: String,
    /// `f32[64,64]{1,0} on each device is f32[64,128] cut [1,2] ways`.
    pub note: Option<String>,
}

/// The layout view's input for value `v` of `m`: its shape as the buffer
/// assignment prints it (with its layout); a sharded parameter's whole
/// array (its shard's dims times the cuts, `core::dump::shard`) with the
/// parameter's `sharding=`, so that the shard view shows what each device
/// holds. `None` without a shape.
pub fn open(m: &Module, v: &LiveValue) -> Option<Opened> {
    let shape = v.shape.clone()?;
    let sharded = v
        .allocation
        .and_then(|a| m.allocations.iter().find(|x| x.index == a))
        .and_then(|a| Some((a.sharding.clone()?, a.shard.clone()?)));
    if let Some((sharding, shard)) = sharded {
        if let Some(global) = with_dims(&shape, &shard.global_dims) {
            let dims: Vec<String> = shard.global_dims.iter().map(u64::to_string).collect();
            let cuts: Vec<String> = shard.cuts.iter().map(u64::to_string).collect();
            return Some(Opened {
                note: Some(format!(
                    "{shape} on each device is [{}] cut [{}] ways",
                    dims.join(","),
                    cuts.join(",")
                )),
                shape: global,
                sharding,
            });
        }
    }
    Some(Opened {
        shape,
        sharding: String::new(),
        note: None,
    })
}

/// `f32[64,64]{1,0}` with dims `[64,128]` -> `f32[64,128]{1,0}`; `None`
/// for a tuple or when the number of dims differs.
fn with_dims(shape: &str, dims: &[u64]) -> Option<String> {
    if shape.trim_start().starts_with('(') {
        return None;
    }
    let open = shape.find('[')?;
    let close = open + shape[open..].find(']')?;
    let inner = &shape[open + 1..close];
    let count = if inner.trim().is_empty() {
        0
    } else {
        inner.split(',').count()
    };
    if count != dims.len() {
        return None;
    }
    let dims: Vec<String> = dims.iter().map(u64::to_string).collect();
    Some(format!(
        "{}[{}]{}",
        &shape[..open],
        dims.join(","),
        &shape[close + 1..]
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::timeline::{DumpFile, DumpSet};

    fn module(version: &str, prefix: &str) -> Module {
        let dir = format!(
            "{}/tests/fixtures/dump/{version}",
            env!("CARGO_MANIFEST_DIR")
        );
        let files = std::fs::read_dir(&dir)
            .unwrap()
            .filter_map(|e| {
                let name = e.ok()?.file_name().into_string().ok()?;
                (name.starts_with(prefix) && !name.ends_with(".json")).then(|| DumpFile {
                    text: std::fs::read_to_string(format!("{dir}/{name}")).unwrap(),
                    name,
                })
            })
            .collect();
        DumpSet::opened(files).timeline.modules[0].clone()
    }

    #[test]
    fn the_live_buffers_sum_to_the_step_and_come_largest_first() {
        let m = module("jax-0.10.2", "module_0010.jit_sgd.");
        for (t, step) in m.steps.iter().enumerate() {
            let live = live_at(&m, t as u64, Sort::Size);
            let sum: u64 = live.iter().map(|i| m.values[*i].bytes).sum();
            assert_eq!(sum, step.bytes, "step {t}");
            assert!(live
                .windows(2)
                .all(|w| m.values[w[0]].bytes >= m.values[w[1]].bytes));
            let by_padding = live_at(&m, t as u64, Sort::Padding);
            assert!(by_padding
                .windows(2)
                .all(|w| padding(&m.values[w[0]]) >= padding(&m.values[w[1]])));
            assert_eq!(by_padding.len(), live.len());
        }
    }

    #[test]
    fn a_sharded_parameter_opens_as_its_whole_array_with_its_sharding() {
        // The CLI's own example (docs/timeline.md): parameter 0 is
        // f32[64,64]{1,0} on each of 8 devices, f32[64,128] cut [1,2] ways.
        let m = module("jax-0.10.2", "module_0010.jit_sgd.");
        let param = m
            .allocations
            .iter()
            .find(|a| a.parameter == Some(0))
            .unwrap();
        let v = m
            .values
            .iter()
            .find(|v| v.allocation == Some(param.index))
            .unwrap();
        let o = open(&m, v).unwrap();
        assert_eq!(o.shape, "f32[64,128]{1,0}");
        assert_eq!(o.sharding, param.sharding.clone().unwrap());
        assert!(o.note.unwrap().contains("cut [1,2] ways"));
        // A temp value opens as itself.
        let temp = m.values.iter().find(|v| v.name == "dot.3{}").unwrap();
        let o = open(&m, temp).unwrap();
        assert_eq!(o.shape, temp.shape.clone().unwrap());
        assert_eq!(o.sharding, "");
    }

    #[test]
    fn dims_are_replaced_only_where_they_match() {
        assert_eq!(
            with_dims("bf16[256,512]{1,0:T(8,128)(2,1)}", &[1024, 512]).as_deref(),
            Some("bf16[1024,512]{1,0:T(8,128)(2,1)}")
        );
        assert_eq!(with_dims("f32[]", &[]).as_deref(), Some("f32[]"));
        assert_eq!(with_dims("f32[2]", &[2, 2]), None);
        assert_eq!(with_dims("(f32[2], s32[])", &[2]), None);
        assert_eq!(with_dims("f32", &[2]), None);
    }
}
