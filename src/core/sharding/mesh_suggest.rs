//! Suggestions on the user's own mesh: when `shard` is given a mesh (with
//! `--mesh`, or inside a pasted `NamedSharding(..)`), the cuts it suggests
//! are PartitionSpecs of that mesh, each printed as the `P(...)` a user
//! writes, beside the sharding JAX lowers it to (`jax::lower`, JAX's
//! `named_sharding_to_xla_hlo_sharding`). Every placement of the mesh's
//! axes is tried: each axis of size above 1 on at most one dim of size
//! above 1 (JAX's `get_array_mapping` refuses an axis used twice; cutting
//! a dim of size 1 holds what leaving the axis out holds), several axes on
//! one dim in the mesh's order. Scored as the search over device counts
//! is (`explain::score`: the array's layout on each shard) and kept only
//! when it takes less over all devices than the user's own.

use super::explain::{describe, score, ShardSuggestion};
use super::jax::{lower, Mesh, SpecEntry};
use super::report::ShardReport;
use crate::core::array::ArrayLayout;
use crate::core::sizes::bytes::binary_bytes;

/// Placements tried at most (a mesh of 8 axes over an array of 8 dims
/// would have 9^8 = 43 million); past it, the first ones in order.
pub const MAX_PLACEMENTS: u64 = 1 << 16;

/// Most suggestions returned.
const MAX_SUGGESTIONS: usize = 3;

/// The mesh's PartitionSpecs that take less than `report` (the user's
/// own sharding of an array of `dims` laid out as `layout`), best first.
pub fn suggestions(
    dims: &[u64],
    layout: &ArrayLayout,
    mesh: &Mesh,
    report: &ShardReport,
) -> Vec<ShardSuggestion> {
    let Some(now) = report.bytes_total else {
        return Vec::new();
    };
    if report.kind != "tiled" {
        return Vec::new();
    }
    let n = mesh.size();
    let axes: Vec<usize> = (0..mesh.axes.len())
        .filter(|&a| mesh.axes[a].1 > 1)
        .collect();
    let cuttable: Vec<usize> = (0..dims.len()).filter(|&d| dims[d] > 1).collect();
    // Each axis: left out (0) or on cuttable[k - 1]; an odometer over them.
    let base = cuttable.len() as u64 + 1;
    let mut place = vec![0u64; axes.len()];
    let mut found: Vec<ShardSuggestion> = Vec::new();
    for _ in 0..MAX_PLACEMENTS {
        let mut spec: Vec<SpecEntry> = vec![None; dims.len()];
        let mut ways = vec![1u64; dims.len()];
        for (&a, &p) in axes.iter().zip(&place) {
            if p > 0 {
                let d = cuttable[(p - 1) as usize];
                let name = mesh.axes[a].0.clone();
                spec[d].get_or_insert_with(Vec::new).push((name, 0, 0));
                ways[d] = ways[d].saturating_mul(mesh.axes[a].1);
            }
        }
        if let Some(s) = candidate(dims, layout, mesh, &spec, &ways, n, now, &report.sharding) {
            if !found.iter().any(|f| f.ways == s.ways) {
                found.push(s);
            }
        }
        if !advance(&mut place, base) {
            break;
        }
    }
    // Least memory first; among equals, fewer copies (more parallel), then
    // the spec's text, so the order never depends on the search's.
    found.sort_by(|a, b| {
        (a.bytes_total, a.replication, &a.spec).cmp(&(b.bytes_total, b.replication, &b.spec))
    });
    found.truncate(MAX_SUGGESTIONS);
    found
}

/// The next placement; false after the last.
fn advance(place: &mut [u64], base: u64) -> bool {
    for digit in place.iter_mut() {
        *digit += 1;
        if *digit < base {
            return true;
        }
        *digit = 0;
    }
    false
}

/// One placement as a suggestion, if it takes less than `now` in all and
/// is not the user's own sharding.
#[allow(clippy::too_many_arguments)]
fn candidate(
    dims: &[u64],
    layout: &ArrayLayout,
    mesh: &Mesh,
    spec: &[SpecEntry],
    ways: &[u64],
    n: u64,
    now: u64,
    current: &str,
) -> Option<ShardSuggestion> {
    let (shard, per_device) = score(dims, ways, layout)?;
    let total = per_device.checked_mul(n)?;
    if total >= now {
        return None;
    }
    let text = spec_text(spec);
    let sharding = lower(mesh, spec, dims.len(), &text).ok()?.to_string();
    if sharding == current {
        return None;
    }
    let cut: u64 = ways.iter().product();
    let replication = n / cut.max(1);
    let shape: Vec<String> = shard.iter().map(u64::to_string).collect();
    let mut line = format!(
        "{text}: {} ({}): {} per device, {} in all instead of {}",
        if cut > 1 {
            describe(ways)
        } else {
            "replicated".to_owned()
        },
        shape.join("x"),
        binary_bytes(per_device),
        binary_bytes(total),
        binary_bytes(now)
    );
    if replication > 1 {
        line.push_str(&format!("; each shard on {replication} devices"));
    }
    Some(ShardSuggestion {
        ways: ways.to_vec(),
        replication,
        spec: Some(text),
        sharding,
        shard_dims: shard,
        bytes_per_device: per_device,
        bytes_total: total,
        text: line,
    })
}

/// `P(None, 'model')`, `P(('data', 'model'))`, `P()`: as a user writes it,
/// trailing `None`s left out (JAX pads a short spec with `None`).
pub fn spec_text(spec: &[SpecEntry]) -> String {
    let last = spec.iter().rposition(Option::is_some).map_or(0, |k| k + 1);
    let entries: Vec<String> = spec[..last]
        .iter()
        .map(|entry| match entry.as_deref() {
            None => "None".to_owned(),
            Some([(name, ..)]) => format!("'{name}'"),
            Some(names) => {
                let quoted: Vec<String> = names.iter().map(|(n, ..)| format!("'{n}'")).collect();
                format!("({})", quoted.join(", "))
            }
        })
        .collect();
    format!("P({})", entries.join(", "))
}
