//! The sharded embed binary: the embed module with shardings read
//! (`?embed=1&sharding=..` and `<xla-layout sharding=..>`), the device grid
//! over the picture of one device's shard. Reading shardings costs tens of
//! KB, so it is a module of its own: the loaders (`Trunk.toml`,
//! `static/xla-layout-element.js`) fetch it only for a page or an element
//! that has a sharding, and the embed module stays small.

#[cfg(target_arch = "wasm32")]
fn main() {
    xla_layout_viz::ui::start_embed_sharded();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "xla-layout-embed-sharded is the browser's embed module for shardings: Trunk builds it for\n\
         wasm32 beside the app (`bash scripts/run.sh`). The command-line tool is `cargo run --bin xla-layout`."
    );
    std::process::exit(2);
}

// The `<xla-layout>` element's JavaScript API, as the embed module's.
#[cfg(target_arch = "wasm32")]
xla_layout_viz::element_api!();
