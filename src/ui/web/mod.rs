//! The browser side of the app (wasm only): components, the canvas, the
//! address bar and storage, timing hooks, the panic banner.

mod alt_text;
mod app;
mod breakdown;
pub mod browser;
mod canvas;
mod compare;
mod compare_row;
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
mod later;
mod leaves;
mod legacy;
mod legend;
mod motion;
mod panels;
pub mod panic;
mod pasted;
mod present;
mod reducer;
mod scan_table;
mod second_part;
mod sharding;
mod shared;
mod soon;
mod stages;
mod stages_paint;
mod stages_pan;
mod stepper;
mod summary;
mod text_view;
mod timeline;
mod timeline_drop;
mod timeline_heap;
mod timeline_more;
mod timeline_sources;
mod timeline_table;
mod timeline_view;
pub mod timing;
mod warm;

pub use app::{App, AppProps, ERROR_ID};
pub use canvas::CANVAS_ID;
pub use input::{split_at_span, INPUT_ID};

/// The attribute on `<body>` that marks the page as the app (index.html).
pub const APP_MARKER: &str = "data-xla-layout-app";

/// The entry point of the app's wasm binary (`src/main.rs`), run when the
/// module is initialised: it mounts the full app in `<body>` when the page
/// is the app (its body has [`APP_MARKER`]), and touches nothing on any
/// other page. It never draws embed mode: the loader (`Trunk.toml`) gives
/// `?embed=1` pages the embed module, so embed mode and the element's
/// exports stay out of this module.
pub fn start() {
    if app_page() {
        yew::Renderer::<App>::new().render();
    }
}

/// The entry point of the embed binary (`src/bin/xla-layout-embed.rs`):
/// on the app's page with `?embed=1` (the loader picks this module by the
/// same test as `embed::options`) it mounts embed mode; on any other page
/// (one with `<xla-layout>` elements, a notebook) it touches nothing and
/// the page mounts views through the binary's `mount_xla_layout`
/// ([`element::ElementView`]). It never mounts the full app, so the
/// linker leaves the app's components out of this module.
pub fn start_embed() {
    if !app_page() {
        return;
    }
    if let Some(options) = browser::embed_options() {
        yew::Renderer::<embed::EmbedApp>::with_props(embed::EmbedProps {
            options,
            shape: None,
            theme_root: None,
            app: Some(yew::AttrValue::Static("./")),
        })
        .render();
    }
}

/// The entry point of the sharded embed binary
/// (`src/bin/xla-layout-embed-sharded.rs`): the embed module's, with
/// shardings read (`?embed=1&sharding=..`, `<xla-layout sharding=..>`)
/// and embed mode's strip of devices over the picture. The loaders pick
/// it only for a page or element that has a sharding, so the embed module
/// without it stays small.
pub fn start_embed_sharded() {
    crate::ui::shard::enable();
    embed::register_shard_strip(sharding::embed_strip);
    start_embed();
}

/// Whether the page is the app's; installs the panic hook for the page:
/// the app's banner there, the console elsewhere.
fn app_page() -> bool {
    let is_app = gloo::utils::document()
        .body()
        .is_some_and(|body| body.has_attribute(APP_MARKER));
    if is_app {
        panic::install();
    } else {
        std::panic::set_hook(Box::new(console_error_panic_hook::hook));
    }
    is_app
}

/// Mounts the app inside `root`, starting with `initial` if given (tests and
/// embedding pages use this).
pub fn mount(root: web_sys::Element, initial: Option<&str>) -> yew::AppHandle<App> {
    let props = AppProps {
        initial: initial.map(|text| yew::AttrValue::from(text.to_string())),
    };
    yew::Renderer::<App>::with_root_and_props(root, props).render()
}
