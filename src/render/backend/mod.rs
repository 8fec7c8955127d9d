//! Backends: each turns the same `render::scene` draw commands into
//! something to look at. `canvas` paints the page (wasm only, web-sys).
//! Backends import `scene` and `world`, never each other.

#[cfg(target_arch = "wasm32")]
pub mod canvas;
