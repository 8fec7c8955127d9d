//! How the canvas is divided: the logical view on top, the memory view
//! below, each with margins for its title and axis labels.
//!
//! ```text
//!   +--------------------------------------------------+
//!   | Logical view: title                 (TITLE)      |
//!   |      0   1   2   3   4  column ticks (TICKS)     |
//!   |  0 +---------------------------------------+     |
//!   |  1 |  logical pane                         |     |
//!   |    +---------------------------------------+     |
//!   | Memory: title                                    |
//!   |        0   4   8  ...                            |
//!   | 0x0000 +--------------------------------------+  |
//!   | 0x0040 |  memory pane                         |  |
//!   +--------------------------------------------------+
//! ```

use super::camera::Rect;
use super::views::Pane;

/// Height of a pane title line.
pub const TITLE_H: f64 = 20.0;
/// Height of the column-tick band under a title.
pub const TICKS_H: f64 = 16.0;
/// Left margin of the logical pane (row ticks).
pub const LOGICAL_LEFT: f64 = 46.0;
/// Left margin of the memory pane (byte addresses).
pub const MEMORY_LEFT: f64 = 96.0;
const RIGHT: f64 = 10.0;
const BOTTOM: f64 = 6.0;
const BETWEEN: f64 = 10.0;
/// Share of the height (after titles) given to the logical view.
const LOGICAL_SHARE: f64 = 0.58;
/// Smallest canvas the layout is computed for.
const MIN_SIZE: f64 = 120.0;

/// The canvas's CSS size and its two panes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub width: f64,
    pub height: f64,
    pub logical: Rect,
    pub memory: Rect,
    /// How much the margins' text is scaled (presentation mode; 1 else):
    /// titles, ticks and addresses, and the margins that hold them.
    pub text: f64,
}

impl Frame {
    pub fn new(width: f64, height: f64) -> Frame {
        Frame::scaled(width, height, 1.0)
    }

    /// [`Frame::new`] with the margins and their text `text` times as
    /// large (presentation mode, `ui::present`).
    pub fn scaled(width: f64, height: f64, text: f64) -> Frame {
        let k = if text.is_finite() {
            text.clamp(1.0, 4.0)
        } else {
            1.0
        };
        let sane = |v: f64| {
            if v.is_finite() {
                v.max(MIN_SIZE)
            } else {
                MIN_SIZE
            }
        };
        let (width, height) = (sane(width), sane(height));
        let head = k * (TITLE_H + TICKS_H);
        let chrome = 2.0 * head + k * BETWEEN + BOTTOM;
        let room = (height - chrome).max(2.0);
        let logical_h = (room * LOGICAL_SHARE).floor();
        let logical = Rect::new(
            k * LOGICAL_LEFT,
            head,
            (width - k * LOGICAL_LEFT - RIGHT).max(1.0),
            logical_h,
        );
        let memory_top = logical.bottom() + k * BETWEEN + head;
        let memory = Rect::new(
            k * MEMORY_LEFT,
            memory_top,
            (width - k * MEMORY_LEFT - RIGHT).max(1.0),
            (height - BOTTOM - memory_top).max(1.0),
        );
        Frame {
            width,
            height,
            logical,
            memory,
            text: k,
        }
    }

    /// The frame of a canvas that shows one pane only (embed mode's
    /// `view=logical|memory`): that pane gets all the room under its title
    /// and ticks; the other is a sliver below the canvas, never on screen.
    pub fn only(width: f64, height: f64, shown: Pane) -> Frame {
        let mut f = Frame::new(width, height);
        let top = TITLE_H + TICKS_H;
        let left = match shown {
            Pane::Logical => LOGICAL_LEFT,
            Pane::Memory => MEMORY_LEFT,
        };
        let whole = Rect::new(
            left,
            top,
            (f.width - left - RIGHT).max(1.0),
            (f.height - BOTTOM - top).max(1.0),
        );
        let (hidden, hidden_left) = match shown {
            Pane::Logical => (&mut f.memory, MEMORY_LEFT),
            Pane::Memory => (&mut f.logical, LOGICAL_LEFT),
        };
        *hidden = Rect::new(hidden_left, f.height + 2.0 * top, 1.0, 1.0);
        match shown {
            Pane::Logical => f.logical = whole,
            Pane::Memory => f.memory = whole,
        }
        f
    }

    /// The part of the canvas a pane owns (its title, ticks and margins
    /// too); a pane parked below the canvas by [`Frame::only`] owns a
    /// sliver there and the other pane the whole canvas.
    pub fn region(&self, pane: Pane) -> Rect {
        let whole = Rect::new(0.0, 0.0, self.width, self.height);
        let below = Rect::new(0.0, self.height, self.width, 1.0);
        let parked = |p: Pane| self.pane(p).y >= self.height;
        let other = match pane {
            Pane::Logical => Pane::Memory,
            Pane::Memory => Pane::Logical,
        };
        if parked(pane) {
            return below;
        }
        if parked(other) {
            return whole;
        }
        let split = (self.logical.bottom() + self.memory.y - self.text * (TITLE_H + TICKS_H)) / 2.0;
        match pane {
            Pane::Logical => Rect::new(0.0, 0.0, self.width, split),
            Pane::Memory => Rect::new(0.0, split, self.width, self.height - split),
        }
    }

    pub fn pane(&self, pane: Pane) -> Rect {
        match pane {
            Pane::Logical => self.logical,
            Pane::Memory => self.memory,
        }
    }

    /// Which pane the screen point is in.
    pub fn pane_at(&self, x: f64, y: f64) -> Option<Pane> {
        [Pane::Logical, Pane::Memory]
            .into_iter()
            .find(|&p| self.pane(p).contains(x, y))
    }

    /// Where a pane's title goes (baseline left point).
    pub fn title_at(&self, pane: Pane) -> (f64, f64) {
        let r = self.pane(pane);
        (8.0, r.y - TICKS_H - 5.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panes_stack_without_overlapping_and_stay_inside() {
        for (w, h) in [
            (1600.0, 1000.0),
            (800.0, 480.0),
            (10.0, 10.0),
            (f64::NAN, 5e4),
        ] {
            let f = Frame::new(w, h);
            assert!(f.logical.bottom() < f.memory.y, "{f:?}");
            assert!(
                f.memory.bottom() <= f.height && f.memory.right() <= f.width,
                "{f:?}"
            );
            assert!(f.logical.w > 0.0 && f.memory.h > 0.0, "{f:?}");
            assert_eq!(
                f.pane_at(f.logical.x + 1.0, f.logical.y + 1.0),
                Some(Pane::Logical)
            );
            assert_eq!(
                f.pane_at(f.memory.x + 1.0, f.memory.y + 1.0),
                Some(Pane::Memory)
            );
            assert_eq!(f.pane_at(1.0, 1.0), None);
            // The two regions split the canvas between the panes.
            let (top, bottom) = (f.region(Pane::Logical), f.region(Pane::Memory));
            assert_eq!((top.y, top.bottom()), (0.0, bottom.y), "{f:?}");
            assert_eq!(bottom.bottom(), f.height);
            assert!(top.bottom() >= f.logical.bottom() && bottom.y <= f.memory.y - TITLE_H);
        }
    }

    #[test]
    fn one_pane_takes_the_canvas_and_the_other_is_off_screen() {
        for (w, h) in [(640.0, 400.0), (320.0, 200.0), (f64::NAN, 5e4)] {
            for shown in [Pane::Logical, Pane::Memory] {
                let f = Frame::only(w, h, shown);
                let hidden = match shown {
                    Pane::Logical => Pane::Memory,
                    Pane::Memory => Pane::Logical,
                };
                let r = f.pane(shown);
                // The shown pane fills everything under one title line.
                assert_eq!(r.y, TITLE_H + TICKS_H, "{f:?}");
                assert_eq!(r.bottom(), f.height - BOTTOM, "{f:?}");
                assert!(r.right() <= f.width && r.h > Frame::new(w, h).pane(shown).h);
                // The other starts below the canvas (title included).
                assert!(f.title_at(hidden).1 - TITLE_H > f.height, "{f:?}");
                assert_eq!(f.pane_at(r.x + 1.0, r.y + 1.0), Some(shown));
                // The shown pane owns the whole canvas, the other nothing on it.
                let whole = Rect::new(0.0, 0.0, f.width, f.height);
                assert_eq!(f.region(shown), whole);
                assert!(f.region(hidden).y >= f.height);
            }
        }
    }
}
