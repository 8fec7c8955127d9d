//! The draw commands of a pane, as plain Rust data: an image of sampled
//! cells, padding to hatch, lines (grid, outlines, tile boundaries of
//! every level), labels, and the title and axes around the pane. Every
//! backend (`backend::canvas` in the browser, `backend::svg` anywhere)
//! consumes the same [`PaneScene`], so what a pane will show is tested
//! natively.
//!
//! Built from `render::world` (what is where); nothing here draws.

pub mod annotate;
pub mod bands;
pub mod build;
pub mod commands;
pub mod logical;
mod margin;
pub mod memory;
mod pane;
pub mod style;
pub mod titles;

pub use build::pane_scene;
pub use commands::PaneScene;
pub use style::{Labelling, Style};
