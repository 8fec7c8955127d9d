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

/// The `<xla-layout>` element's JavaScript API (a stable contract, docs/reference.md,
/// "The element's contract"): `mount_xla_layout(host, options)` and the
/// handle's `set_options(options)` and `destroy()`; the view itself is
/// [`xla_layout_viz::ui::element::ElementView`].
#[cfg(target_arch = "wasm32")]
mod element_api {
    use js_sys::Object;
    use wasm_bindgen::prelude::*;
    use web_sys::Element;
    use xla_layout_viz::ui::element::ElementView;

    /// One mounted view; `destroy()` (or `free()`) unmounts it.
    #[wasm_bindgen]
    pub struct XlaLayoutHandle(ElementView);

    /// Renders embed mode's view of `options` into `host`'s open shadow
    /// root (attached if `host` has none).
    #[wasm_bindgen]
    pub fn mount_xla_layout(host: Element, options: Object) -> Result<XlaLayoutHandle, JsValue> {
        ElementView::mount(host, options).map(XlaLayoutHandle)
    }

    #[wasm_bindgen]
    impl XlaLayoutHandle {
        /// Redraws with new options (the view starts afresh: cursor,
        /// selection and playing come from the options).
        pub fn set_options(&mut self, options: Object) -> Result<(), JsValue> {
            self.0.set_options(options)
        }

        /// Removes the view and everything it put in the shadow root; the
        /// handle can be mounted again with `set_options`.
        pub fn destroy(&mut self) {
            self.0.destroy();
        }
    }
}
