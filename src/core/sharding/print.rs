//! [`Sharding`] -> XLA's canonical text (`HloSharding::Print`,
//! `xla/hlo/ir/hlo_sharding.cc`): metadata is never printed, as with
//! `include_metadata=false`.

use std::fmt;

use super::model::{Devices, Last, Sharding, Tiled};

impl fmt::Display for Sharding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Sharding::Replicated => f.write_str("{replicated}"),
            Sharding::Manual => f.write_str("{manual}"),
            Sharding::Unknown => f.write_str("{unknown}"),
            Sharding::Unreduced => f.write_str("{unreduced}"),
            Sharding::Maximal { device } => write!(f, "{{maximal device={device}}}"),
            Sharding::Tiled(tiled) => write!(f, "{tiled}"),
            Sharding::Named(named) => write!(f, "{named}"),
            Sharding::Tuple(items) => {
                f.write_str("{")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                        if i % 5 == 0 {
                            write!(f, "/*index={i}*/")?;
                        }
                    }
                    write!(f, "{item}")?;
                }
                f.write_str("}")
            }
        }
    }
}

impl fmt::Display for Tiled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{devices=[")?;
        for (i, d) in self.dims.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{d}")?;
        }
        f.write_str("]")?;
        match &self.devices {
            Devices::Iota(iota) => write!(f, "{iota}")?,
            Devices::List(list) => {
                for (i, d) in list.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{d}")?;
                }
            }
        }
        match &self.last {
            Last::None => {}
            Last::Replicate => f.write_str(" last_tile_dim_replicate")?,
            Last::Subgroups(types) => {
                f.write_str(" last_tile_dims={")?;
                for (i, t) in types.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(t.name())?;
                }
                f.write_str("}")?;
            }
        }
        f.write_str("}")
    }
}
