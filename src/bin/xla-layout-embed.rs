//! The embed binary: a second, smaller wasm module for pages that only
//! ever show embed mode's picture (`?embed=1` and `<xla-layout>`
//! elements). It is the app's library with an entry point that never
//! mounts the full app ([`xla_layout_viz::ui::start_embed`]), so the app's
//! input, panels, document table and step mode's panel are not linked in.
//! Only this module exports the element's API below; the app's module does
//! not carry it. Trunk builds it beside the app (`index.html`); the
//! "From the app into other pages" in docs/reference.md says which page loads which module.

#[cfg(target_arch = "wasm32")]
fn main() {
    xla_layout_viz::ui::start_embed();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "xla-layout-embed is the browser's embed module: Trunk builds it for wasm32 beside the app\n\
         (`bash scripts/run.sh`). The command-line tool is `cargo run --bin xla-layout`."
    );
    std::process::exit(2);
}

// The `<xla-layout>` element's JavaScript API (docs/reference.md, "The
// element's contract"), shared with the sharded embed module.
#[cfg(target_arch = "wasm32")]
xla_layout_viz::element_api!();
