//! JAX's Shardy attributes, read where an instruction has no `sharding=`:
//! the module's `frontend_attributes={xla.sdy.meshes={mesh = #sdy.mesh<
//! ["x"=4, "y"=2]>}}` and an instruction's `frontend_attributes={
//! xla.sdy.sharding="#sdy.sharding<@mesh, [{\"x\"}, {}]>"}` (or
//! `#sdy.sharding_per_value<[<@mesh, ...>, ...]>`), as JAX's lowering
//! writes them (`xla/service/spmd/shardy/` round-trip export).
//!
//! They are Shardy's attributes in another spelling, so MLIR text's reader
//! reads them (`crate::core::mlir`, `sdy_hlo.rs`): the HLO sharding XLA's
//! export makes of them, sub-axes included, refused where it refuses them
//! there. This is only the HLO side: its escaped quotes.

use crate::core::mlir::Meshes;

/// The module's meshes.
#[derive(Clone, Debug, Default)]
pub struct SdyMeshes(Meshes);

/// `\"` as `"` (the attribute's text is an escaped string in places).
fn unescape(s: &str) -> String {
    s.replace("\\\"", "\"")
}

impl SdyMeshes {
    /// The meshes of an `xla.sdy.meshes=` value (`{mesh = #sdy.mesh<...>,
    /// ...}`, quoted or not).
    pub fn parse(value: &str) -> SdyMeshes {
        SdyMeshes(Meshes::listed(unescape(value).trim().trim_matches('"')))
    }

    /// The XLA sharding text of an `xla.sdy.sharding` value, or why not.
    pub fn sharding(&self, value: &str) -> Result<String, String> {
        self.0
            .attribute(unescape(value).trim())
            .map(|s| s.to_string())
    }
}
