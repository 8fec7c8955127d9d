//! The browser backend (wasm only): paints scenes on the page's canvases
//! with the Canvas 2D API.

mod draw2d;
pub mod paint;
