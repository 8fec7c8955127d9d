//! The browser backend (wasm only): paints scenes on the page's canvases
//! with the Canvas 2D API.

mod draw2d;
pub mod paint;

/// A canvas's 2D context (`None` if the browser gives none), for the
/// panels that paint their own small pictures (compare, step mode).
pub use draw2d::{context, hatch_pattern};
