//! The web app: Yew 0.23 function components over [`crate::core`] and
//! [`crate::render`].
//!
//! Data flows one way: the input text goes into one reducer
//! ([`state::State`], plain Rust and tested natively), which asks the core
//! ([`model`]) for the model and keeps the last good picture; the canvas
//! component paints what the state says with [`crate::render`]. Stable
//! element ids for tests and embedding: `shape-input`, `layout-canvas`,
//! `shape-error`.

mod action;
pub mod anim;
pub mod breakdown;
pub mod breakdown_mlir;
use crate::core::sizes::bytes;
pub mod compare;
pub mod compare_rows;
pub mod compare_view;
pub mod document;
pub mod embed;
pub mod explain;
pub mod held;
pub mod lines;
pub mod model;
pub mod names;
pub mod present;
pub mod presets;
mod settings;
pub mod shard;
pub mod shard_figure;
pub mod shard_grid;
mod shard_state;
pub mod state;
pub mod stepper;
pub mod timeline;
pub mod timeline_buffers;
pub mod timeline_heap;
mod view_state;
pub mod warm_sample;

#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(target_arch = "wasm32")]
pub use web::*;
