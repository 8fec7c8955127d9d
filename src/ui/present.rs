//! Presentation mode (`?present=1`, key `p`, `#present-toggle`): the
//! picture fills the window and its text is read from the back of a room.
//! The app's only (embed mode never turns it on).
//!
//! The canvas's frame is [`Frame::scaled`] by [`text_scale`]: titles,
//! ticks and addresses, and the margins holding them, grow with the
//! canvas, and a fitted view's cells may grow to `k^2` times the usual
//! cap (`Worlds::fit`), their letters with them
//! (`scene::annotate::cell_label_size`).

use crate::render::world::Frame;

/// The query parameter that opens the app in presentation mode (`1`).
pub const PARAM: &str = "present";
/// The canvas size at which text is drawn at its usual size.
const BASE: (f64, f64) = (640.0, 360.0);
/// Text grows at most this much.
const MOST: f64 = 3.0;

/// How much larger the margins' text is on a `width` x `height` canvas in
/// presentation mode: in proportion to the canvas against a 640x360 one
/// (the smaller of the two ratios), from 1 to 3.
pub fn text_scale(width: f64, height: f64) -> f64 {
    let k = (width / BASE.0).min(height / BASE.1);
    if k.is_finite() {
        k.clamp(1.0, MOST)
    } else {
        1.0
    }
}

/// The frame of a `width` x `height` canvas in presentation mode.
pub fn frame(width: f64, height: f64) -> Frame {
    Frame::scaled(width, height, text_scale(width, height))
}

/// Whether an address's query (`?shape=...&present=1`) asks for it.
pub fn asked(query: &str) -> bool {
    query
        .trim_start_matches('?')
        .split('&')
        .any(|pair| pair == "present=1" || pair == "present=true")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_grows_with_the_canvas_within_bounds() {
        assert_eq!(text_scale(640.0, 360.0), 1.0);
        assert_eq!(text_scale(400.0, 900.0), 1.0);
        assert_eq!(text_scale(1280.0, 1200.0), 2.0);
        assert_eq!(text_scale(1e9, 1e9), MOST);
        assert_eq!(text_scale(f64::NAN, f64::NAN), 1.0);
        assert_eq!(text_scale(f64::INFINITY, 360.0), 1.0);
        let f = frame(1280.0, 720.0);
        assert_eq!(f.text, 2.0);
        assert!(f.logical.y > Frame::new(1280.0, 720.0).logical.y);
    }

    #[test]
    fn the_address_asks_with_present_1() {
        assert!(asked("?shape=f32[2,3]&present=1"));
        assert!(asked("present=true"));
        assert!(!asked("?shape=f32[2,3]&present=0"));
        assert!(!asked("?xpresent=1"));
        assert!(!asked(""));
    }
}
