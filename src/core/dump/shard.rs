//! A sharded parameter's whole array: the module of a program with
//! `num_partitions=N` holds each device's shard (`f32[8,64]` per device);
//! its `sharding={devices=[4,1,2]<=[8] last_tile_dim_replicate}` says how
//! many ways each dim was cut (`core::sharding`), so the whole array is
//! the shard's dims times the cuts (exact when the cuts divide the array,
//! as jax requires of a jitted function's arguments).

use serde::{Deserialize, Serialize};

use crate::core::sharding::{parse_sharding, Sharding};
use crate::core::Shape;

/// How a parameter's array is spread over the devices.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct ShardOf {
    /// Ways each dim is cut.
    pub cuts: Vec<u64>,
    /// Devices holding the same shard (replication).
    pub copies: u64,
    /// The shard's dims times the cuts.
    pub global_dims: Vec<u64>,
}

/// The shard facts of a per-device `shape` under `sharding`, if both read
/// and the sharding cuts the array's dims.
pub(crate) fn shard_of(shape: &str, sharding: &str) -> Option<ShardOf> {
    let parsed = crate::core::text::parser::parse_syntax(shape).ok()?;
    let Shape::Array(array) = parsed else {
        return None;
    };
    let dims = array.layout().ok()?.extents()?;
    let Sharding::Tiled(t) = parse_sharding(sharding).ok()?.classic() else {
        return None;
    };
    let cuts = t.dims.get(..t.data_rank())?.to_vec();
    if cuts.len() != dims.len() {
        return None;
    }
    let cut_product = cuts.iter().try_fold(1u64, |acc, &c| acc.checked_mul(c))?;
    let copies = t.num_devices().checked_div(cut_product)?;
    let global_dims = dims
        .iter()
        .zip(&cuts)
        .map(|(d, c)| d.checked_mul(*c))
        .collect::<Option<Vec<u64>>>()?;
    Some(ShardOf {
        cuts,
        copies,
        global_dims,
    })
}
