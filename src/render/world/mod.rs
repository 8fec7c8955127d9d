//! What is where: a mapping and a viewport in, world cells and screen
//! rectangles out. The two worlds (the logical slices and the memory
//! strip), the cameras over them, what each world cell shows (a
//! [`Probe`]), the sampled cells of a pane and their colours, the tile
//! boundaries between samples, hit testing and the minimap's rectangles.
//!
//! Plain Rust over `crate::core`; nothing here knows how anything is drawn.

pub mod boundaries;
pub mod camera;
pub mod colour;
pub mod fold;
mod fold_choose;
mod fold_probe;
pub mod frame;
pub mod geometry;
mod grid;
mod memory_grid;
pub mod overlay;
pub mod raster;
pub mod sampling;
pub mod views;
pub mod worlds;

pub use camera::{Camera, Rect};
pub use colour::{Rgb, Theme, ThemeKind};
pub use frame::Frame;
pub use geometry::{LogicalGeometry, MemoryGeometry};
pub use grid::TermGrid;
pub use raster::{ColourMode, Colouring};
pub use views::{LogicalView, MemoryView, Pane, Probe, View};
pub use worlds::Worlds;
