//! The web app: Yew 0.21 function components over [`crate::core`].
//!
//! Data flows one way: the input text goes into one reducer
//! ([`state::State`]), which asks the core ([`model`]) for the canonical
//! text or the error, and keeps the last good picture; the canvas draws it
//! ([`draw`] plans, `canvas` paints). Stable element ids for tests and
//! embedding: `shape-input`, `layout-canvas`, `shape-error`.

mod app;
pub mod browser;
mod canvas;
pub mod colour;
pub mod draw;
mod input;
pub mod model;
pub mod panic;
pub mod state;

pub use app::{App, AppProps, ERROR_ID};
pub use canvas::CANVAS_ID;
pub use input::{split_at_span, INPUT_ID};

/// Starts the app in the page's `<body>`: the entry point of the wasm binary.
pub fn start() {
    panic::install();
    yew::Renderer::<App>::new().render();
}

/// Mounts the app inside `root`, starting with `initial` if given (tests and
/// embedding pages use this).
pub fn mount(root: web_sys::Element, initial: Option<&str>) -> yew::AppHandle<App> {
    let props = AppProps {
        initial: initial.map(|text| yew::AttrValue::from(text.to_string())),
    };
    yew::Renderer::<App>::with_root_and_props(root, props).render()
}
