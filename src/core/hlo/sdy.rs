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
//!
//! Natively they are always read. In the browser a module reads them only
//! once [`enable_sdy`] has been called (the app does, for a text that holds
//! them): the scanner reaches Shardy's code through function pointers set
//! there, so the embed modules leave that code out, as they leave out the
//! MLIR reader (`mlir_scan.rs`), and say so in `sharding_error`.

use crate::core::mlir::Meshes;
use crate::core::sharding::Sharding;

/// The module's meshes; `None` where Shardy's attributes are not read.
#[derive(Clone, Debug, Default)]
pub struct SdyMeshes(Option<Meshes>);

/// How the scanner reaches Shardy's code.
struct Read {
    meshes: fn(&str) -> Meshes,
    sharding: fn(&Meshes, &str) -> Result<Sharding, String>,
}

static READ: Read = Read {
    meshes: Meshes::listed,
    sharding: Meshes::attribute,
};

#[cfg(target_arch = "wasm32")]
static ENABLED: std::sync::OnceLock<&'static Read> = std::sync::OnceLock::new();

/// Lets this module's scans read HLO's Shardy attributes (a no-op
/// natively, where they always do).
pub fn enable_sdy() {
    #[cfg(target_arch = "wasm32")]
    ENABLED.get_or_init(|| &READ);
}

#[inline(always)]
fn read() -> Option<&'static Read> {
    #[cfg(target_arch = "wasm32")]
    return ENABLED.get().copied();
    #[cfg(not(target_arch = "wasm32"))]
    Some(&READ)
}

/// `\"` as `"` (the attribute's text is an escaped string in places).
fn unescape(s: &str) -> String {
    s.replace("\\\"", "\"")
}

impl SdyMeshes {
    /// The meshes of an `xla.sdy.meshes=` value (`{mesh = #sdy.mesh<...>,
    /// ...}`, quoted or not).
    pub fn parse(value: &str) -> SdyMeshes {
        SdyMeshes(read().map(|r| (r.meshes)(unescape(value).trim().trim_matches('"'))))
    }

    /// The XLA sharding text of an `xla.sdy.sharding` value, or why not.
    pub fn sharding(&self, value: &str) -> Result<String, String> {
        match (&self.0, read()) {
            (Some(meshes), Some(r)) => {
                (r.sharding)(meshes, unescape(value).trim()).map(|s| s.to_string())
            }
            _ => Err("Shardy's attributes are not read by this module (the app reads them; give an embed its sharding with `sharding=`)".into()),
        }
    }
}
