//! Why a sharded array takes what it takes: one factor per cut dim that
//! does not divide (the partitioner's padding) and one for tiling each
//! shard, multiplying to the expansion; a sentence; and other ways to
//! cut over the same devices, or fewer ways, that waste less. The
//! suggestions are this tool's own search, not something XLA does.

use serde::Serialize;

use super::grid::{Grid, Kind};
use crate::core::analysis::Analysis;
use crate::core::array::ArrayLayout;
use crate::core::explain::footprint_of;
use crate::core::explain::sentence::fixed;
use crate::core::sizes::bytes::binary_bytes;

/// One source of padding.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShardFactor {
    /// `partitioner` (a dim that does not divide) or `tiling`.
    pub source: &'static str,
    /// The dim for `partitioner`.
    pub dim: Option<usize>,
    /// Elements (partitioner: the dim's size) or bytes (tiling: the
    /// shard's data) before, and after padding.
    pub from: u64,
    pub to: u64,
    pub ratio: f64,
    pub text: String,
}

/// Another cut that would take less memory in all.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ShardSuggestion {
    pub ways: Vec<u64>,
    /// Copies of each shard (the rest of the devices).
    pub replication: u64,
    /// The `P(...)` that gives it on the user's mesh, when a mesh was
    /// given; `null` for the search over device counts.
    pub spec: Option<String>,
    /// Its sharding: over devices in order (`<=[N]`) without a mesh; with
    /// one, the text JAX lowers `spec` to.
    pub sharding: String,
    pub shard_dims: Vec<u64>,
    pub bytes_per_device: u64,
    pub bytes_total: u64,
    pub text: String,
}

/// What the sharding means, in a sentence.
pub fn meaning(grid: &Grid) -> String {
    match grid.kind {
        Kind::Tiled => {
            let cuts: Vec<String> = grid
                .ways
                .iter()
                .enumerate()
                .filter(|(_, &w)| w > 1)
                .map(|(d, w)| format!("dim {d} {w} ways"))
                .collect();
            let copies = grid.replication.unwrap_or(1);
            let mut s = format!(
                "cut {} over {} devices",
                if cuts.is_empty() { "nowhere".to_owned() } else { cuts.join(", ") },
                grid.num_devices.unwrap_or(0)
            );
            if copies > 1 {
                s.push_str(&format!("; each shard is held by {copies} devices"));
            }
            s
        }
        Kind::Replicated => match grid.num_devices {
            Some(n) => format!("every one of the {n} devices holds the whole array"),
            None => "every device holds the whole array (give the device count to list them)".to_owned(),
        },
        Kind::Maximal => format!("only device {} holds the array, whole", grid.devices[0].device),
        Kind::Manual => "partitioned by hand: the program already works on per-device arrays, so the shape is what each device holds".to_owned(),
        Kind::Unknown => "not decided yet: XLA's sharding propagation will choose a sharding for this array".to_owned(),
        Kind::Unreduced => "every device holds a whole array of partial results, still to be summed across devices".to_owned(),
    }
}

/// The partitioner's factor per cut dim, then tiling's on the shard
/// (`tiling_sentence`: the layout explanation's sentence for the shard).
pub fn factors(
    grid: &Grid,
    dims: &[u64],
    shard_text: &str,
    shard: &Analysis,
    tiling_sentence: &str,
) -> Vec<ShardFactor> {
    let mut out = Vec::new();
    for (d, (&size, &w)) in dims.iter().zip(&grid.ways).enumerate() {
        if w <= 1 {
            continue;
        }
        let c = grid.shard_dims[d];
        let to = c * w;
        let mut text = format!("dim {d}: {size} cut {w} ways is {c} per device");
        if to != size && size > 0 {
            let empty = grid
                .devices
                .iter()
                .filter(|x| x.elements == 0 && x.ranges[d][0] == x.ranges[d][1])
                .count();
            text.push_str(&format!(
                ", {to} in all: {}x (the partitioner pads the last shards",
                fixed(to as f64 / size as f64, 2)
            ));
            if empty > 0 {
                text.push_str(&format!("; {empty} devices hold nothing of it"));
            }
            text.push(')');
        }
        out.push(ShardFactor {
            source: "partitioner",
            dim: Some(d),
            from: size,
            to,
            ratio: if size == 0 {
                1.0
            } else {
                to as f64 / size as f64
            },
            text,
        });
    }
    let (data, fp) = (shard.stats.bytes_data, shard.stats.bytes_footprint);
    if fp != data && data > 0 {
        out.push(ShardFactor {
            source: "tiling",
            dim: None,
            from: data,
            to: fp,
            ratio: fp as f64 / data as f64,
            text: format!("on every device, {shard_text}: {}", tiling_sentence),
        });
    }
    out
}

/// One sentence: the cut, each device's bytes, and the expansion.
pub fn sentence(
    grid: &Grid,
    shard_text: &str,
    per_device: u64,
    expansion: Option<f64>,
    factors: &[ShardFactor],
) -> String {
    let mut s = format!(
        "each device holds {shard_text}: {}",
        binary_bytes(per_device)
    );
    if let (Some(n), Kind::Tiled | Kind::Replicated) = (grid.num_devices, grid.kind) {
        s.push_str(&format!(" on each of {n} devices"));
    }
    if let Some(x) = expansion {
        if factors.iter().all(|f| f.ratio <= 1.0) {
            s.push_str(&format!(", {}x the data: no padding", fixed(x, 2)));
        } else {
            let why: Vec<String> = factors
                .iter()
                .filter(|f| f.ratio > 1.0)
                .map(|f| match f.dim {
                    Some(d) => format!("uneven dim {d} ({}x)", fixed(f.ratio, 2)),
                    None => format!("tiling each shard ({}x)", fixed(f.ratio, 2)),
                })
                .collect();
            s.push_str(&format!(
                ", {}x the data: {}",
                fixed(x, 2),
                why.join(" and ")
            ));
        }
    }
    s
}

/// Most suggestions returned.
const MAX_SUGGESTIONS: usize = 3;

/// Other cuts over the same devices (each dim alone, or two dims sharing
/// the ways) and fewer ways (the rest replicated), scored by bytes over
/// all devices with the array's layout on each shard.
pub fn suggestions(
    grid: &Grid,
    dims: &[u64],
    layout: &ArrayLayout,
    bytes_total: Option<u64>,
) -> Vec<ShardSuggestion> {
    let (Kind::Tiled, Some(now), Some(n)) = (grid.kind, bytes_total, grid.num_devices) else {
        return Vec::new();
    };
    let cut: u64 = grid.ways.iter().product();
    if cut <= 1 {
        return Vec::new();
    }
    let score = |ways: &[u64]| score(dims, ways, layout);
    let divisors: Vec<u64> = (2..=cut).filter(|&m| cut.is_multiple_of(m)).collect();
    let mut candidates: Vec<Vec<u64>> = Vec::new();
    let rank = dims.len();
    for &m in &divisors {
        for a in 0..rank {
            let mut w = vec![1; rank];
            w[a] = m;
            candidates.push(w);
        }
    }
    for a in 0..rank {
        for b in a + 1..rank {
            for &m in &divisors {
                if m < cut {
                    let mut w = vec![1; rank];
                    w[a] = m;
                    w[b] = cut / m;
                    candidates.push(w);
                }
            }
        }
    }
    let mut found: Vec<ShardSuggestion> = Vec::new();
    for ways in candidates {
        if ways == grid.ways {
            continue;
        }
        let Some((shard, per_device)) = score(&ways) else {
            continue;
        };
        let total = per_device.saturating_mul(n);
        if total >= now {
            continue;
        }
        let m: u64 = ways.iter().product();
        let replication = n / m;
        let mut tile_dims = ways.clone();
        let mut tail = "";
        if replication > 1 {
            tile_dims.push(replication);
            tail = " last_tile_dim_replicate";
        }
        let sharding = format!(
            "{{devices=[{}]<=[{n}]{tail}}}",
            tile_dims
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(",")
        );
        let text = format!(
            "{} ({}): {} per device, {} in all instead of {}{}",
            describe(&ways),
            shard
                .iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join("x"),
            binary_bytes(per_device),
            binary_bytes(total),
            binary_bytes(now),
            if m < cut {
                format!("; fewer ways, each shard on {replication} devices")
            } else {
                String::new()
            }
        );
        found.push(ShardSuggestion {
            ways,
            replication,
            spec: None,
            sharding,
            shard_dims: shard,
            bytes_per_device: per_device,
            bytes_total: total,
            text,
        });
    }
    // Least memory first; among equals, more ways (more parallel), then
    // the cut closest to today's order of dims.
    found.sort_by_key(|s| (s.bytes_total, s.replication, s.ways.clone()));
    found.truncate(MAX_SUGGESTIONS);
    found
}

/// One device's shard dims under `ways` (`HloSharding::TileShape`: each
/// dim divided, rounded up) and the bytes it occupies with the array's
/// layout; `None` past u64.
pub(super) fn score(dims: &[u64], ways: &[u64], layout: &ArrayLayout) -> Option<(Vec<u64>, u64)> {
    let shard: Vec<u64> = dims
        .iter()
        .zip(ways)
        .map(|(&d, &w)| d.div_ceil(w.max(1)))
        .collect();
    let physical: Vec<u64> = layout.physical_order().iter().map(|&i| shard[i]).collect();
    let fp = footprint_of(&physical, layout.tiles(), layout.tail_padding_alignment())?;
    let bits = layout.element_bits();
    let bytes = u64::try_from((u128::from(fp) * u128::from(bits)).div_ceil(8)).ok()?;
    Some((shard, bytes))
}

/// `cut dim 0 2 ways and dim 2 4 ways`.
pub(super) fn describe(ways: &[u64]) -> String {
    let cuts: Vec<String> = ways
        .iter()
        .enumerate()
        .filter(|(_, &w)| w > 1)
        .map(|(d, w)| format!("dim {d} {w} ways"))
        .collect();
    format!("cut {}", cuts.join(" and "))
}
