//! XLA's normalisation of tiled shardings, so that our text is XLA's:
//! `HloSharding::PartialTile` and `HloSharding::Subgroup`
//! (`xla/hlo/ir/hlo_sharding.cc`), with `IotaTileAssignment::Transpose`'s
//! common cases (`xla/hlo/ir/tile_assignment.cc`).
//!
//! Where XLA's transpose of an iota needs its prime-factor search, this
//! gives the same devices as an explicit list (docs/xla-compat.md).

use super::iota::Iota;
use super::model::{Devices, Last, Sharding, Subgroup, Tiled};

/// `{devices=[dims]...}` with no subgroup dims.
pub(crate) fn tile(dims: Vec<u64>, devices: Devices) -> Sharding {
    Sharding::Tiled(Tiled {
        dims,
        devices,
        last: Last::None,
    })
}

/// `HloSharding::PartialTile`: `last_tile_dim_replicate`.
pub(crate) fn partial_tile(dims: Vec<u64>, devices: Devices) -> Sharding {
    let n = devices.len();
    let group = *dims.last().expect("a tile assignment has dims");
    if dims.len() == 1 || group == n {
        return Sharding::Replicated;
    }
    if group == 1 {
        return tile(dims[..dims.len() - 1].to_vec(), devices);
    }
    let devices = match devices {
        Devices::Iota(iota) => {
            let minor = iota.reshape()[*iota.perm().last().expect("non-empty")];
            if minor == group {
                Devices::Iota(iota)
            } else if let Some(grouped) = iota.group_minor_sorted(group) {
                Devices::Iota(grouped)
            } else {
                sorted_groups(&Devices::Iota(iota), group)
            }
        }
        list => sorted_groups(&list, group),
    };
    Sharding::Tiled(Tiled {
        dims,
        devices,
        last: Last::Replicate,
    })
}

/// Each run of `group` devices sorted, as `PartialTile` does.
fn sorted_groups(devices: &Devices, group: u64) -> Devices {
    let mut list: Vec<i64> = (0..devices.len()).map(|k| devices.at(k)).collect();
    for chunk in list.chunks_mut(group as usize) {
        chunk.sort_unstable();
    }
    Devices::List(list)
}

/// `HloSharding::Subgroup`: `last_tile_dims={...}`.
pub(crate) fn subgroup(dims: Vec<u64>, devices: Devices, types: &[Subgroup]) -> Sharding {
    if types.is_empty() {
        return tile(dims, devices);
    }
    let data = dims.len() - types.len();
    if types.iter().all(|&t| t == types[0]) && dims[..data].iter().product::<u64>() == 1 {
        return match types[0] {
            Subgroup::Manual => Sharding::Manual,
            Subgroup::Replicated => Sharding::Replicated,
            Subgroup::Unreduced => Sharding::Unreduced,
        };
    }
    // Group the subgroup dims by type; size-1 dims go.
    let mut by_type: [Vec<usize>; 3] = [Vec::new(), Vec::new(), Vec::new()];
    let mut removed = Vec::new();
    let mut needs_merging = false;
    let mut kinds = 0;
    for (i, &t) in types.iter().enumerate() {
        let d = data + i;
        if dims[d] == 1 {
            removed.push(d);
            needs_merging = true;
            continue;
        }
        let slot = &mut by_type[t.rank() as usize];
        if slot.is_empty() {
            kinds += 1;
        } else {
            needs_merging = true;
        }
        slot.push(d);
    }
    needs_merging |= kinds > 1;
    if !needs_merging {
        return create(dims, devices, types.to_vec());
    }
    let order = [Subgroup::Manual, Subgroup::Unreduced, Subgroup::Replicated];
    let mut perm: Vec<usize> = (0..data).collect();
    let mut merged: Vec<u64> = dims[..data].to_vec();
    let mut merged_types = Vec::new();
    for t in order {
        let slot = &by_type[t.rank() as usize];
        if slot.is_empty() {
            continue;
        }
        perm.extend_from_slice(slot);
        merged.push(slot.iter().map(|&d| dims[d]).product());
        merged_types.push(t);
    }
    perm.extend_from_slice(&removed);
    let devices = transpose(&dims, devices, &perm);
    create(merged, devices, merged_types)
}

/// `create_sharding` inside `HloSharding::Subgroup`.
fn create(dims: Vec<u64>, devices: Devices, types: Vec<Subgroup>) -> Sharding {
    let n = devices.len();
    match types.as_slice() {
        [Subgroup::Replicated] => return partial_tile(dims, devices),
        [Subgroup::Manual] if dims.last() == Some(&n) => return Sharding::Manual,
        _ => {}
    }
    if types.last() == Some(&Subgroup::Replicated) {
        return match partial_tile(dims, devices) {
            Sharding::Tiled(mut tiled) => {
                tiled.last = Last::Subgroups(types);
                Sharding::Tiled(tiled)
            }
            other => other,
        };
    }
    if types.is_empty() {
        return tile(dims, devices);
    }
    Sharding::Tiled(Tiled {
        dims,
        devices,
        last: Last::Subgroups(types),
    })
}

/// The devices of the tile grid `dims` transposed by `perm`
/// (`TileAssignment::Transpose`): kept as an iota where XLA's common
/// cases do, else listed.
fn transpose(dims: &[u64], devices: Devices, perm: &[usize]) -> Devices {
    if let Devices::Iota(iota) = &devices {
        if let Some(t) = iota_transpose(iota, dims, perm) {
            return Devices::Iota(t);
        }
    }
    let n = dims.len();
    let tshape: Vec<u64> = perm.iter().map(|&p| dims[p]).collect();
    let total = devices.len();
    let mut out = Vec::with_capacity(total as usize);
    let mut idx = vec![0u64; n];
    for _ in 0..total {
        // Source index: src[perm[i]] = idx[i], row-major over dims.
        let mut src = vec![0u64; n];
        for i in 0..n {
            src[perm[i]] = idx[i];
        }
        let k = src.iter().zip(dims).fold(0, |acc, (&x, &s)| acc * s + x);
        out.push(devices.at(k));
        for i in (0..n).rev() {
            idx[i] += 1;
            if idx[i] < tshape[i] {
                break;
            }
            idx[i] = 0;
        }
    }
    Devices::List(out)
}

/// `IotaTileAssignment::Transpose` without its prime-factor search.
fn iota_transpose(iota: &Iota, dims: &[u64], perm: &[usize]) -> Option<Iota> {
    // GetTransposeKind: no non-1 dim moves past another: same order.
    let mut prev: Option<usize> = None;
    let mut moves = false;
    for &d in perm {
        if dims[d] == 1 {
            continue;
        }
        if prev.is_some_and(|p| d <= p) {
            moves = true;
            break;
        }
        prev = Some(d);
    }
    if !moves {
        return Some(iota.clone());
    }
    if iota.reshape().len() == 1 {
        return Some(Iota::new(dims, perm));
    }
    // A pure transpose: the non-1 tile dims are the iota's transposed dims.
    let (reshape, tperm) = (iota.reshape(), iota.perm());
    let mut one_to_non_one = vec![usize::MAX; dims.len()];
    let mut count = 0;
    for (i, &d) in dims.iter().enumerate() {
        if d == 1 {
            continue;
        }
        if count >= reshape.len() || reshape[tperm[count]] != d {
            return None;
        }
        one_to_non_one[i] = count;
        count += 1;
    }
    if count != reshape.len() {
        return None;
    }
    let new_perm: Vec<usize> = perm
        .iter()
        .filter(|&&p| dims[p] != 1)
        .map(|&p| tperm[one_to_non_one[p]])
        .collect();
    Some(Iota::new(reshape, &new_perm))
}
