//! The two worlds of one mapping on one frame, and the cameras that fit
//! them.

use crate::core::Mapping;

use super::camera::{self, Camera};
use super::frame::Frame;
use super::geometry::{self, LogicalGeometry, MemoryGeometry};
use super::views::{LogicalView, MemoryView, Pane, View};

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
        let mut logical = LogicalGeometry::new(mapping, frame.logical.aspect());
        logical.fold_for(mapping, &frame.logical, frame.text);
        Worlds {
            logical,
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

    /// These worlds with the logical one unfolded: the array as one line
    /// (or as laid out, when it was not folded).
    pub fn unfolded(&self) -> Worlds {
        Worlds {
            logical: self.logical.unfolded(),
            ..self.clone()
        }
    }

    /// The default view of a pane: all of its world, from the pane's
    /// top-left corner, next to the tick labels in the margins; a folded
    /// logical world's own default (`fold.rs`: all of it, or its first
    /// bands at a readable scale).
    pub fn fit(&self, pane: Pane, frame: &Frame) -> Camera {
        if let (Pane::Logical, Some(fold)) = (pane, &self.logical.fold) {
            return fold.camera(&frame.logical);
        }
        self.fit_all(pane, frame)
    }

    /// The camera that shows all of a pane's world.
    pub fn fit_all(&self, pane: Pane, frame: &Frame) -> Camera {
        let (w, h) = self.world(pane);
        // Margins' text scaled by k lets cells grow to k^2 times the cap.
        let most = (camera::FIT_MAX_SCALE * frame.text * frame.text).min(camera::MAX_SCALE);
        let camera = Camera::fit_at_most(w as f64, h as f64, frame.pane(pane), most);
        Camera {
            x: camera.x.max(0.0),
            y: camera.y.max(0.0),
            ..camera
        }
    }

    /// Smallest zoom for a pane: a little further out than the fit; for
    /// a folded world, the fit of all of it (further out, the app shows
    /// the line).
    pub fn min_scale(&self, pane: Pane, frame: &Frame) -> f64 {
        let fit = self.fit_all(pane, frame).scale;
        match (pane, &self.logical.fold) {
            (Pane::Logical, Some(_)) => fit,
            _ => fit * camera::ZOOM_OUT_LIMIT,
        }
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
