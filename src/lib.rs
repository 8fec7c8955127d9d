pub mod core;
pub mod render;

/// The web app (Yew); only built for the browser.
#[cfg(target_arch = "wasm32")]
pub mod ui;
