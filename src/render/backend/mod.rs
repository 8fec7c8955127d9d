//! Backends: each turns the same `render::scene` draw commands into
//! something to look at. `canvas` paints the page (wasm only, web-sys);
//! `svg` writes a vector document (plain Rust, both targets).
//! Backends import `scene` and `world`, never each other.

#[cfg(target_arch = "wasm32")]
pub mod canvas;
pub mod svg;
