//! The browser side of the app (wasm only): components, the canvas, the
//! address bar and storage, timing hooks, the panic banner.

mod alt_text;
mod app;
mod breakdown;
pub mod browser;
mod canvas;
mod compare;
mod controls;
mod document;
mod document_scan;
pub mod element;
mod embed;
mod explain;
mod export;
mod idb;
mod info;
mod input;
mod keys;
mod leaves;
mod legacy;
mod legend;
pub mod panic;
mod pasted;
mod reducer;
mod scan_table;
mod shared;
mod stepper;
mod summary;
mod text_view;
pub mod timing;
mod warm;

pub use app::{App, AppProps, ERROR_ID};
pub use canvas::CANVAS_ID;
pub use input::{split_at_span, INPUT_ID};

/// The attribute on `<body>` that marks the page as the app (index.html).
pub const APP_MARKER: &str = "data-xla-layout-app";

/// The entry point of the app's wasm binary (`src/main.rs`), run when the
/// module is initialised. It mounts the app in `<body>` only when the page
/// is the app (its body has [`APP_MARKER`]); on any other page (one with
/// `<xla-layout>` elements, a notebook) it touches nothing and the page
/// mounts views with [`element::mount_xla_layout`].
pub fn start() {
    if start_page() {
        yew::Renderer::<App>::new().render();
    }
}

/// The entry point of the embed binary (`src/bin/xla-layout-embed.rs`):
/// the same as [`start`] except that it never mounts the full app, so
/// that the linker leaves the app's components out of that module. Pages
/// load it only where no full app can be asked for: `?embed=1` (the loader
/// in `Trunk.toml` picks it by the same test as `embed::options`) and
/// `<xla-layout>` elements.
pub fn start_embed() {
    start_page();
}

/// What both entry points do: the panic hook, and embed mode when the page
/// is the app's with `?embed=1`. True when the page is the app's without
/// embed mode, i.e. the full app should be mounted.
fn start_page() -> bool {
    let is_app = gloo::utils::document()
        .body()
        .is_some_and(|body| body.has_attribute(APP_MARKER));
    if !is_app {
        std::panic::set_hook(Box::new(console_error_panic_hook::hook));
        return false;
    }
    panic::install();
    let Some(options) = browser::embed_options() else {
        return true;
    };
    yew::Renderer::<embed::EmbedApp>::with_props(embed::EmbedProps {
        options,
        shape: None,
        theme_root: None,
    })
    .render();
    false
}

/// Mounts the app inside `root`, starting with `initial` if given (tests and
/// embedding pages use this).
pub fn mount(root: web_sys::Element, initial: Option<&str>) -> yew::AppHandle<App> {
    let props = AppProps {
        initial: initial.map(|text| yew::AttrValue::from(text.to_string())),
    };
    yew::Renderer::<App>::with_root_and_props(root, props).render()
}
