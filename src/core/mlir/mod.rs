//! Reading StableHLO / MHLO text, what `jax.jit(f).lower(..).as_text()`
//! prints: every tensor type of a function's arguments and results and of
//! each op as the XLA shape it becomes, and each sharded value's Shardy
//! (`sdy.sharding`) or GSPMD (`mhlo.sharding`) attribute as the HLO
//! sharding text XLA makes of it. See docs/scan.md, "MLIR text".
//!
//! - `bytes.rs`: brackets, top-level commas, bounded everywhere.
//! - `element.rs`, `types.rs`: MLIR types -> XLA shapes.
//! - `sdy.rs`: Shardy meshes and shardings -> HLO shardings;
//!   `sharding_attr.rs`: GSPMD's sharding strings.
//! - `reader.rs`: statements, roles, names; `op.rs`: one op line in parts;
//!   `text.rs`: telling MLIR from HLO, and an owned read for small texts.
//!
//! Reading never fails and never panics: what cannot be read is an error
//! with its span, and the rest is read on.

mod bytes;
mod element;
mod op;
mod reader;
mod sdy;
mod sharding_attr;
mod text;
mod types;

pub use element::xla_element;
pub use op::{breakdown, OpParts};
pub use reader::{Find, Reader, Role, MAX_LINES};
pub use sdy::{Mesh, Meshes, SdyError};
pub use text::{looks_like_mlir, read_all, Owned};
pub use types::{read_type, TypeError};

#[cfg(test)]
mod tests;
