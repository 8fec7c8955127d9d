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

pub use app::{App, AppProps, ERROR_ID};
pub use canvas::CANVAS_ID;
pub use input::{split_at_span, INPUT_ID};

/// Starts the app in the page's `<body>`: the entry point of the wasm binary.
pub fn start() {
    panic::install();
    match browser::embed_options() {
        Some(options) => {
            yew::Renderer::<embed::EmbedApp>::with_props(embed::EmbedProps { options }).render();
        }
        None => {
            yew::Renderer::<App>::new().render();
        }
    }
}

/// Mounts the app inside `root`, starting with `initial` if given (tests and
/// embedding pages use this).
pub fn mount(root: web_sys::Element, initial: Option<&str>) -> yew::AppHandle<App> {
    let props = AppProps {
        initial: initial.map(|text| yew::AttrValue::from(text.to_string())),
    };
    yew::Renderer::<App>::with_root_and_props(root, props).render()
}
