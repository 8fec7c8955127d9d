//! From a mapping and a viewport to draw commands, and (in the browser) to
//! pixels on a canvas.
//!
//! ```text
//!   Mapping --Worlds--> LogicalView / MemoryView   (world cell -> what it shows)
//!                              |
//!           Camera + pane ---> Raster (samples) ---> PaneScene (image, hatching,
//!                              |                      lines, labels)  --paint-->  canvas
//!                              +--> boundaries (tile edges per level)
//! ```
//!
//! Everything but `paint` is plain Rust, tested natively. The cost of a
//! pane is bounded by its pixels: cells smaller than [`raster::MIN_SAMPLE_PX`]
//! are drawn as blocks of one sample each, so a 2^40-element array costs
//! no more than a small one. Nothing here loops over the elements of an
//! array.

pub mod annotate;
pub mod boundaries;
pub mod camera;
pub mod colour;
#[cfg(target_arch = "wasm32")]
mod draw2d;
pub mod frame;
pub mod geometry;
mod grid;
pub mod logical;
pub mod memory;
pub mod overlay;
#[cfg(target_arch = "wasm32")]
pub mod paint;
mod pane;
pub mod raster;
pub mod scene;
pub mod views;

use crate::core::Mapping;

pub use camera::{Camera, Rect};
pub use colour::{Theme, ThemeKind};
pub use frame::Frame;
pub use geometry::{LogicalGeometry, MemoryGeometry};
pub use logical::Labelling;
pub use raster::{ColourMode, Colouring};
pub use scene::PaneScene;
pub use views::{LogicalView, MemoryView, Pane, Probe, View};

/// The two worlds of one mapping on one frame.
#[derive(Clone, Debug, PartialEq)]
pub struct Worlds {
    pub logical: LogicalGeometry,
    pub memory: MemoryGeometry,
}

impl Worlds {
    /// Lays out `mapping` for `frame`; `row_width` is the user's choice of
    /// memory row width, `None` for automatic.
    pub fn new(mapping: &Mapping, frame: &Frame, row_width: Option<u64>) -> Worlds {
        let width = row_width
            .filter(|&w| w > 0)
            .unwrap_or_else(|| geometry::auto_row_width(mapping, frame.memory.w, frame.memory.h));
        Worlds {
            logical: LogicalGeometry::new(mapping, frame.logical.aspect()),
            memory: MemoryGeometry::new(mapping.footprint(), width),
        }
    }

    /// World width and height of a pane, in cells.
    pub fn world(&self, pane: Pane) -> (u64, u64) {
        match pane {
            Pane::Logical => self.logical.world(),
            Pane::Memory => self.memory.world(),
        }
    }

    /// The camera that shows all of a pane's world, from the pane's
    /// top-left corner, next to the tick labels in the margins.
    pub fn fit(&self, pane: Pane, frame: &Frame) -> Camera {
        let (w, h) = self.world(pane);
        let camera = Camera::fit(w as f64, h as f64, frame.pane(pane));
        Camera {
            x: camera.x.max(0.0),
            y: camera.y.max(0.0),
            ..camera
        }
    }

    /// Smallest zoom for a pane: a little further out than the fit.
    pub fn min_scale(&self, pane: Pane, frame: &Frame) -> f64 {
        self.fit(pane, frame).scale * camera::ZOOM_OUT_LIMIT
    }

    /// Runs `f` with the view of `pane`.
    pub fn with_view<R>(
        &self,
        mapping: &Mapping,
        pane: Pane,
        f: impl FnOnce(&mut dyn View) -> R,
    ) -> R {
        match pane {
            Pane::Logical => f(&mut LogicalView::new(mapping, self.logical.clone())),
            Pane::Memory => f(&mut MemoryView::new(mapping, self.memory.row_width)),
        }
    }
}

/// What one pane needs besides the mapping and its camera.
pub struct Style<'a> {
    pub colours: &'a Colouring,
    pub theme: &'a Theme,
    pub labelling: &'a Labelling<'a>,
}

/// The draw commands of one pane.
pub fn pane_scene(
    mapping: &Mapping,
    worlds: &Worlds,
    frame: &Frame,
    pane: Pane,
    camera: &Camera,
    style: &Style<'_>,
) -> PaneScene {
    let rect = frame.pane(pane);
    match pane {
        Pane::Logical => logical::logical_pane(
            &mut LogicalView::new(mapping, worlds.logical.clone()),
            camera,
            &rect,
            style,
            logical_title(mapping),
        ),
        Pane::Memory => memory::memory_pane(
            &mut MemoryView::new(mapping, worlds.memory.row_width),
            camera,
            &rect,
            style,
            memory_title(mapping, &worlds.memory),
        ),
    }
}

/// `Logical view: y = dim 0 (3) down, x = dim 1 (5) across`.
pub fn logical_title(mapping: &Mapping) -> String {
    let dims = mapping.dims();
    let n = dims.len();
    let letters = crate::core::semantics::dim_letters(n);
    let name = |d: usize| match letters {
        Some(l) => format!("{} = dim {d} ({})", l[d], dims[d]),
        None => format!("dim {d} ({})", dims[d]),
    };
    match n {
        0 => "Logical view: a scalar (one element)".to_owned(),
        1 => format!("Logical view: {} across", name(0)),
        _ => {
            let mut t = format!("Logical view: {} down, {} across", name(n - 2), name(n - 1));
            if n > 2 {
                let higher: Vec<String> = (0..n - 2).map(name).collect();
                t.push_str(&format!("; a slice per {}", higher.join(", ")));
            }
            t
        }
    }
}

/// `Memory: 24 elements (96 B), 8 per row`.
pub fn memory_title(mapping: &Mapping, memory: &MemoryGeometry) -> String {
    let bits = u128::from(mapping.element_bits());
    let bytes = (u128::from(mapping.footprint()) * bits).div_ceil(8);
    format!(
        "Memory: {} elements ({}), {} per row",
        grouped(u128::from(mapping.footprint())),
        bytes_short(bytes),
        grouped(u128::from(memory.row_width))
    )
}

/// `167,772,160`.
pub fn grouped(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `96 B`, `320 MiB`, `1.5 GiB`.
pub fn bytes_short(n: u128) -> String {
    const UNITS: [&str; 7] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = n as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} B")
    } else {
        let digits = if value < 10.0 && value.fract() > 0.05 {
            1
        } else {
            0
        };
        format!("{value:.digits$} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_for_people() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(167_772_160), "167,772,160");
        assert_eq!(bytes_short(96), "96 B");
        assert_eq!(bytes_short(335_544_320), "320 MiB");
        assert_eq!(bytes_short(1536), "1.5 KiB");
        assert_eq!(
            bytes_short(u128::MAX),
            format!("{:.0} EiB", u128::MAX as f64 / 1024f64.powi(6))
        );
    }
}
