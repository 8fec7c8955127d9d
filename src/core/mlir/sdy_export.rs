//! A Shardy sharding's axes as the HLO sharding XLA makes of them:
//! `convertToHloSharding`
//! (`xla/service/spmd/shardy/stablehlo_round_trip/export_shardings.cc`),
//! without manual axes.
//!
//! Each mesh axis is cut where the dims' and the unreduced axes'
//! sub-axes start and end (Shardy's `getOrderedAxisRefs`,
//! `shardy/dialect/sdy/ir/utils.cc`; a replicated sub-axis cuts nothing),
//! giving the mesh's parts in order, each axis's major to minor: those
//! are the reshape dims of the devices. Tile dims are the product of each
//! dim's axes; the parts are transposed so that the dims' come first (in
//! dim order), then the unreduced ones (an UNREDUCED subgroup), then the
//! rest (a REPLICATED subgroup); `HloSharding::Subgroup` normalises it.

use super::sdy::Mesh;
use super::sdy_axes::AxisRef;
use crate::core::sharding::canon;
use crate::core::sharding::{Devices, Iota, Sharding, Subgroup};

/// `convertToHloSharding` of checked axes (`sdy_axes.rs`: within the
/// mesh, none named twice, sub-axes that neither overlap nor fail to
/// coexist, so that each is exactly one of its axis's parts).
/// `None` if one is not (never, for checked axes).
pub(super) fn to_hlo(
    mesh: &Mesh,
    dims: &[Vec<AxisRef>],
    unreduced: &[AxisRef],
) -> Option<Sharding> {
    if mesh.axes.is_empty() {
        return Some(match mesh.device_ids.as_deref() {
            Some([first, ..]) => Sharding::Maximal { device: *first },
            _ => Sharding::Replicated,
        });
    }
    // A mesh of one device: XLA's import of such a sharding prints
    // `{replicated}` (mlir-oracle.py --subaxes, `subaxes_one_device`); a
    // tile assignment of one device is no tiled sharding
    // (`HloSharding::Validate`, xla/hlo/ir/hlo_sharding.cc).
    if mesh.axes.iter().all(|&(_, size)| size == 1) {
        return Some(Sharding::Replicated);
    }
    let used = || dims.iter().flatten().chain(unreduced);
    // The mesh's parts: (axis, its range), in order.
    let mut parts: Vec<(usize, (u64, u64))> = Vec::new();
    let mut cuts = Vec::new();
    for (a, &(_, size)) in mesh.axes.iter().enumerate() {
        // In order, once each (a few: no sort needed).
        cuts.clear();
        cuts.push(1);
        for r in used().filter(|r| r.axis == a && r.sub.is_some()) {
            let (pre, next) = r.range(mesh);
            for c in [pre, next] {
                if let Err(i) = cuts.binary_search(&c) {
                    cuts.insert(i, c);
                }
            }
        }
        if cuts.len() == 1 {
            parts.push((a, (1, size)));
            continue;
        }
        if cuts.last() != Some(&size) {
            cuts.push(size);
        }
        parts.extend(cuts.windows(2).map(|w| (a, (w[0], w[1]))));
    }
    let part_of = |r: &AxisRef| {
        let range = r.range(mesh);
        parts.iter().position(|&(a, p)| a == r.axis && p == range)
    };
    let mut pos = vec![usize::MAX; parts.len()];
    let mut next = 0;
    let mut tile: Vec<u64> = vec![1; dims.len()];
    for (k, axes) in dims.iter().enumerate() {
        for r in axes {
            tile[k] *= r.size(mesh);
            pos[part_of(r)?] = next;
            next += 1;
        }
    }
    let mut types = Vec::new();
    if !unreduced.is_empty() {
        types.push(Subgroup::Unreduced);
        tile.push(unreduced.iter().map(|r| r.size(mesh)).product());
        for r in unreduced {
            pos[part_of(r)?] = next;
            next += 1;
        }
    }
    // A part's size: its range's end over its start (each cut divides the
    // next, `sdy_axes.rs`).
    let reshape: Vec<u64> = parts.iter().map(|&(_, (s, e))| e / s).collect();
    let mut perm = vec![0usize; parts.len()];
    let mut replicated: u64 = 1;
    for p in 0..parts.len() {
        if pos[p] == usize::MAX {
            perm[next] = p;
            next += 1;
            replicated *= reshape[p];
        } else {
            perm[pos[p]] = p;
        }
    }
    if replicated > 1 {
        tile.push(replicated);
        types.push(Subgroup::Replicated);
    }
    if tile.is_empty() {
        return Some(Sharding::Replicated);
    }
    let iota = Iota::new(&reshape, &perm);
    let devices = match &mesh.device_ids {
        // The listed devices, transposed as the iota transposes 0..N (the
        // parts split each axis in row-major order, so a device's index
        // over the parts is its index over the axes).
        Some(ids) => Devices::List((0..iota.len()).map(|k| ids[iota.at(k) as usize]).collect()),
        None => Devices::Iota(iota),
    };
    Some(canon::subgroup(tile, devices, &types))
}
