//! A sharding after parsing and XLA's normalisation: the forms XLA's
//! `HloSharding` holds (`xla/hlo/ir/hlo_sharding.h`), plus the named form
//! (`NamedSharding`, `xla/hlo/ir/named_sharding.h`) kept as written.

use super::iota::Iota;

/// Most devices this tool lays out (its own limit, not XLA's): every
/// list that grows with the device count stays bounded.
pub const MAX_DEVICES: u64 = 1 << 20;
/// Most tile-assignment dims, mesh axes or spec entries (own limit).
pub const MAX_RANK: usize = 64;

/// A subgroup type of `last_tile_dims={...}` (XLA's `OpSharding::Type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Subgroup {
    Manual,
    Unreduced,
    Replicated,
}

impl Subgroup {
    pub fn name(self) -> &'static str {
        match self {
            Subgroup::Manual => "manual",
            Subgroup::Unreduced => "unreduced",
            Subgroup::Replicated => "replicated",
        }
    }

    /// XLA's order when `HloSharding::Subgroup` sorts merged types
    /// (`kOrderedTypes`: MANUAL, UNREDUCED, then REPLICATED).
    pub(crate) fn rank(self) -> u8 {
        match self {
            Subgroup::Manual => 0,
            Subgroup::Unreduced => 1,
            Subgroup::Replicated => 2,
        }
    }
}

/// Which device holds each tile, in row-major order of the tile grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Devices {
    /// `<=[reshape]T(perm)`: `iota(N).reshape(reshape).transpose(perm)`.
    Iota(Iota),
    /// `d0,d1,...` as listed.
    List(Vec<i64>),
}

impl Devices {
    /// The device of tile `k` (row-major over the tile grid).
    pub fn at(&self, k: u64) -> i64 {
        match self {
            Devices::Iota(iota) => iota.at(k) as i64,
            Devices::List(list) => list[k as usize],
        }
    }

    pub fn len(&self) -> u64 {
        match self {
            Devices::Iota(iota) => iota.len(),
            Devices::List(list) => list.len() as u64,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What the dims after the data dims mean.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Last {
    /// Every tile dim cuts an array dim.
    None,
    /// `last_tile_dim_replicate`: the last dim counts copies.
    Replicate,
    /// `last_tile_dims={...}`: one trailing dim per type.
    Subgroups(Vec<Subgroup>),
}

/// `{devices=[dims]...}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tiled {
    /// The tile assignment's dims: array dims first, then subgroup dims.
    pub dims: Vec<u64>,
    pub devices: Devices,
    pub last: Last,
}

impl Tiled {
    /// Trailing dims that do not cut the array.
    pub fn subgroup_dims(&self) -> usize {
        match &self.last {
            Last::None => 0,
            Last::Replicate => 1,
            Last::Subgroups(types) => types.len(),
        }
    }

    /// Dims that cut the array (XLA's `TiledDataRank`).
    pub fn data_rank(&self) -> usize {
        self.dims.len() - self.subgroup_dims()
    }

    /// Devices in all (every tile of every dim).
    pub fn num_devices(&self) -> u64 {
        self.devices.len()
    }
}

/// XLA's named form: `{mesh['x'=4,'y'=2], [{'y'}, {'x'}]}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Named {
    /// Mesh axes in order: name and size.
    pub mesh: Vec<(String, u64)>,
    /// For each array dim, the mesh axes that cut it, major to minor
    /// (indices into `mesh`).
    pub dims: Vec<Vec<usize>>,
    /// `replicated={...}`: axes named as replicated (they are anyway).
    pub replicated: Vec<usize>,
}

/// A parsed, normalised sharding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sharding {
    Replicated,
    Manual,
    Unknown,
    Unreduced,
    Maximal { device: i64 },
    Tiled(Tiled),
    Named(Named),
    Tuple(Vec<Sharding>),
}

impl Sharding {
    /// The classic form with the same devices (the named form through
    /// XLA's `HloSharding::V3ToV2Sharding`); other forms unchanged.
    pub fn classic(&self) -> Sharding {
        match self {
            Sharding::Named(named) => super::named::to_classic(named),
            Sharding::Tuple(items) => {
                Sharding::Tuple(items.iter().map(Sharding::classic).collect())
            }
            other => other.clone(),
        }
    }

    pub fn is_tuple(&self) -> bool {
        matches!(self, Sharding::Tuple(_))
    }
}
