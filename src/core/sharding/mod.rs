//! Shardings: how an array is cut over devices, and what each device
//! holds. Text as XLA prints and parses it (`HloSharding`,
//! `xla/hlo/ir/hlo_sharding.cc`), XLA's named form, and JAX's mesh +
//! PartitionSpec notation; per device, XLA's rules (`TileShape`,
//! `TileOffsetForDevice`, `TileLimitForDevice`), with the array's layout
//! applied to each shard. See docs/sharding.md.

pub(crate) mod canon;
mod cursor;
pub mod error;
pub mod explain;
pub mod grid;
pub mod iota;
pub mod jax;
mod jax_mesh;
pub mod mesh_suggest;
pub mod model;
mod named;
pub mod parse;
mod print;
pub mod report;

pub use error::{ShardingError, ShardingErrorKind};
pub use grid::{grid, DeviceShard, Grid, Kind};
pub use iota::Iota;
pub use model::{Devices, Last, Named, Sharding, Subgroup, Tiled, MAX_DEVICES, MAX_RANK};
pub use parse::parse_sharding;
pub use report::{
    apply_chips, resolve_sharding, shard_given, shard_json, shard_parsed, shard_report,
    shard_texts, ShardFailure, ShardReport,
};

#[cfg(test)]
mod tests;
