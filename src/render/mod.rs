//! From a mapping and a viewport to draw commands, and from draw commands
//! to pixels (the browser's canvas) or to a file. The folders follow the
//! data path, and each imports only the ones below it:
//!
//! ```text
//!   core::Mapping
//!        |
//!   world/    what is where: worlds (logical slices, memory strip), cameras,
//!        |    frame, probes, sampled cells (raster), colours, tile boundaries,
//!        |    hit testing
//!   scene/    plain draw commands per pane (PaneScene): image, hatching,
//!        |    lines, labels, titles and axes
//!   backend/  canvas/ (wasm, web-sys): the page's two canvases
//! ```
//!
//! Everything but `backend::canvas` is plain Rust, tested natively. The
//! cost of a pane is bounded by its pixels: cells smaller than
//! [`world::raster::MIN_SAMPLE_PX`] are drawn as blocks of one sample each,
//! so a 2^40-element array costs no more than a small one. Nothing here
//! loops over the elements of an array.

pub mod backend;
pub mod figure;
pub mod markup;
pub mod scene;
pub mod timeline;
pub mod world;
