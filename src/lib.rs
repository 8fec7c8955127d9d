pub mod core;
pub mod render;
/// The web app; its state and model are plain Rust, its components are
/// only built for the browser.
pub mod ui;
