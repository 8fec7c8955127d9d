//! The embed binary: a second, smaller wasm module for pages that only
//! ever show embed mode's picture (`?embed=1` and `<xla-layout>`
//! elements). It is the app's library with an entry point that never
//! mounts the full app ([`xla_layout_viz::ui::start_embed`]), so the app's
//! input, panels, document table and step mode's panel are not linked in.
//! Trunk builds it beside the app (`index.html`); the README's
//! "Embedding" section says which page loads which module.

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
