//! Reading StableHLO / MHLO text, what `jax.jit(f).lower(..).as_text()`
//! prints: every tensor type of a function's arguments and results and of
//! each op as the XLA shape it becomes, and each sharded value's Shardy
//! (`sdy.sharding`) or GSPMD (`mhlo.sharding`) attribute as the HLO
//! sharding text XLA makes of it. See docs/scan.md, "MLIR text".
//!
//! - `bytes.rs`: brackets, top-level commas, bounded everywhere.
//! - `element.rs`, `types.rs`, `tensor.rs`: MLIR types -> XLA shapes.
//! - `sdy.rs`: Shardy meshes; `sdy_sharding.rs`: Shardy shardings -> HLO
//!   shardings, their axes and sub-axes checked by `sdy_axes.rs` and
//!   exported by `sdy_export.rs`; `sdy_hlo.rs`: the same in HLO text's
//!   `xla.sdy.meshes` / `xla.sdy.sharding`; `sharding_attr.rs`: GSPMD's
//!   sharding strings.
//! - `reader.rs`: the reader, statement by statement; `statement.rs`:
//!   where a statement ends; `roles.rs`: where each type stands, with its
//!   name; `op_syntax.rs`: an op statement's names and trailing types;
//!   `attribute.rs`: sharding attributes; `op.rs`: one op line in parts;
//!   `text.rs`: telling MLIR from HLO, and an owned read for small texts.
//!
//! Reading never fails and never panics: what cannot be read is an error
//! with its span, and the rest is read on.

mod attribute;
mod bytes;
mod element;
mod manual;
mod op;
mod op_syntax;
mod reader;
mod roles;
mod sdy;
mod sdy_axes;
mod sdy_export;
mod sdy_hlo;
mod sdy_sharding;
mod sharding_attr;
mod statement;
mod tensor;
mod text;
mod types;

pub use element::xla_element;
pub use op::{breakdown, OpParts};
pub use reader::{Find, Reader, Role};
pub use sdy::{Mesh, Meshes, SdyError};
pub use statement::MAX_LINES;
pub use text::{looks_like_mlir, read_all, Owned};
pub use types::{read_type, TypeError};

#[cfg(test)]
mod tests;
