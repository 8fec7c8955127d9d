//! The browser app's binary: Trunk builds it for wasm32 (see `index.html`).
//! The app itself is `xla_layout_viz::ui`, in the library, so that the
//! wasm-bindgen browser tests can mount it.

#[cfg(target_arch = "wasm32")]
fn main() {
    xla_layout_viz::ui::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "xla-layout-viz is the browser app: run `bash scripts/run.sh` and open http://127.0.0.1:8080/.\n\
         The command-line tool is `cargo run --bin xla-layout` (no arguments: usage)."
    );
    std::process::exit(2);
}
