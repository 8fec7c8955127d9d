//! Which device holds which part of an array: XLA's per-device rules
//! (`HloSharding::TileShape`, `TileIndexForDevice`, `TileOffsetForDevice`,
//! `TileLimitForDevice` in `xla/hlo/ir/hlo_sharding.cc`). Each dim of size
//! `d` cut `w` ways gives every device a shard of `c = ceil(d / w)`; the
//! device at tile position `p` holds `[min(p*c, d), min((p+1)*c, d))`.

use super::error::ShardingErrorKind;
use super::model::{Last, Sharding, Subgroup, Tiled, MAX_DEVICES};

/// What kind of sharding, as the JSON's `kind` says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Tiled,
    Replicated,
    Maximal,
    Manual,
    Unknown,
    Unreduced,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::Tiled => "tiled",
            Kind::Replicated => "replicated",
            Kind::Maximal => "maximal",
            Kind::Manual => "manual",
            Kind::Unknown => "unknown",
            Kind::Unreduced => "unreduced",
        }
    }
}

/// One device's part of the array.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeviceShard {
    /// The id as written in the sharding (a position in the program's
    /// device assignment).
    pub device: i64,
    /// Its tile's position along each array dim.
    pub tile: Vec<u64>,
    /// Which copy of that tile it holds (0 without replication).
    pub copy: u64,
    /// `[start, limit)` of the global array along each dim.
    pub ranges: Vec<[u64; 2]>,
    /// Elements of the global array it holds (0 for an empty shard).
    pub elements: u64,
}

/// The device grid of one array sharding.
#[derive(Clone, Debug, PartialEq)]
pub struct Grid {
    pub kind: Kind,
    /// Tiles along each array dim (all 1 when not cut).
    pub ways: Vec<u64>,
    /// Copies of each tile; `None` when the device count is not known.
    pub replication: Option<u64>,
    /// Subgroup types of the copies (`last_tile_dims`), if any.
    pub subgroups: Vec<Subgroup>,
    pub num_devices: Option<u64>,
    /// One device's shard dims: `ceil(d / w)`.
    pub shard_dims: Vec<u64>,
    pub devices: Vec<DeviceShard>,
}

/// The grid of `sharding` (not a tuple; the named form through its
/// classic devices) over an array of `dims`. `num_devices` lists the
/// devices of `{replicated}` and checks the tiled forms' count.
pub fn grid(
    sharding: &Sharding,
    dims: &[u64],
    num_devices: Option<u64>,
) -> Result<Grid, ShardingErrorKind> {
    if let Some(n) = num_devices {
        if n > MAX_DEVICES {
            return Err(ShardingErrorKind::TooManyDevices { limit: MAX_DEVICES });
        }
        if n == 0 {
            return Err(ShardingErrorKind::ZeroSize {
                what: "the device count",
            });
        }
    }
    let whole = |kind, replication, devices| Grid {
        kind,
        ways: vec![1; dims.len()],
        replication,
        subgroups: Vec::new(),
        num_devices,
        shard_dims: dims.to_vec(),
        devices,
    };
    // Copy `copy` of the one tile, the whole array: replicas numbered in
    // device order, as the copies of a split sharding's tile are.
    let all = |device: i64, copy: u64| DeviceShard {
        device,
        tile: vec![0; dims.len()],
        copy,
        ranges: dims.iter().map(|&d| [0, d]).collect(),
        elements: dims.iter().product(),
    };
    Ok(match sharding {
        Sharding::Named(_) => return grid(&sharding.classic(), dims, num_devices),
        Sharding::Tuple(_) => {
            return Err(ShardingErrorKind::Unsupported {
                what: "a tuple sharding for one array",
            })
        }
        Sharding::Replicated => {
            let devices = (0..num_devices.unwrap_or(0))
                .map(|d| all(d as i64, d))
                .collect();
            whole(Kind::Replicated, num_devices, devices)
        }
        Sharding::Maximal { device } => {
            if let Some(n) = num_devices {
                if *device as u64 >= n {
                    return Err(ShardingErrorKind::DeviceOutOfRange {
                        device: *device,
                        num_devices: n,
                    });
                }
            }
            whole(Kind::Maximal, Some(1), vec![all(*device, 0)])
        }
        Sharding::Manual => whole(Kind::Manual, None, Vec::new()),
        Sharding::Unknown => whole(Kind::Unknown, None, Vec::new()),
        Sharding::Unreduced => whole(Kind::Unreduced, None, Vec::new()),
        Sharding::Tiled(tiled) => tiled_grid(tiled, dims, num_devices)?,
    })
}

fn tiled_grid(
    tiled: &Tiled,
    dims: &[u64],
    num_devices: Option<u64>,
) -> Result<Grid, ShardingErrorKind> {
    let rank = tiled.data_rank();
    if rank != dims.len() {
        return Err(ShardingErrorKind::RankMismatch {
            tile_rank: rank,
            shape_rank: dims.len(),
        });
    }
    let total = tiled.num_devices();
    if let Some(n) = num_devices {
        if n != total {
            return Err(ShardingErrorKind::DeviceCount {
                tiles: total,
                devices: n,
            });
        }
    }
    // `HloSharding::ValidateNonTuple` with a device count: ids below it.
    let limit = num_devices.unwrap_or(u64::MAX);
    let ways = tiled.dims[..rank].to_vec();
    let replication: u64 = tiled.dims[rank..].iter().product();
    let shard_dims: Vec<u64> = dims
        .iter()
        .zip(&ways)
        .map(|(&d, &w)| d.div_ceil(w))
        .collect();
    let mut devices = Vec::with_capacity(total as usize);
    let mut tile = vec![0u64; rank];
    for k in 0..total {
        let device = tiled.devices.at(k);
        if device as u64 >= limit {
            return Err(ShardingErrorKind::DeviceOutOfRange {
                device,
                num_devices: limit,
            });
        }
        let copy = k % replication;
        let mut rest = k / replication;
        for i in (0..rank).rev() {
            tile[i] = rest % ways[i];
            rest /= ways[i];
        }
        let ranges: Vec<[u64; 2]> = (0..rank)
            .map(|i| {
                let (d, c, p) = (dims[i], shard_dims[i], tile[i]);
                [(p * c).min(d), ((p + 1) * c).min(d)]
            })
            .collect();
        let elements = ranges.iter().map(|[s, e]| e - s).product();
        devices.push(DeviceShard {
            device,
            tile: tile.clone(),
            copy,
            ranges,
            elements,
        });
    }
    let subgroups = match &tiled.last {
        Last::None => Vec::new(),
        Last::Replicate => vec![Subgroup::Replicated],
        Last::Subgroups(types) => types.clone(),
    };
    Ok(Grid {
        kind: Kind::Tiled,
        ways,
        replication: Some(replication),
        subgroups,
        num_devices: Some(total),
        shard_dims,
        devices,
    })
}
