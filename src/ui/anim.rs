//! The animation: a cursor walking memory offsets in order.
//!
//! Speed is in elements per second, from 1 to 10^7 on a log scale. Each
//! frame advances the cursor by `speed x elapsed time` (the fraction is
//! carried over), so at high speed a frame skips many elements and the cost
//! of a frame does not depend on the speed.

/// Slowest and fastest speeds, elements per second.
pub const MIN_SPEED: f64 = 1.0;
pub const MAX_SPEED: f64 = 1e7;
/// A frame never advances more than this much time (a background tab
/// wakes up where it left off instead of jumping).
const MAX_FRAME_MS: f64 = 100.0;
/// Most points on the trail.
pub const TRAIL_POINTS: u64 = 96;
/// The trail covers about this long a stretch of time at the current speed.
const TRAIL_SECONDS: f64 = 0.6;
/// Shortest trail, in elements.
const TRAIL_MIN: u64 = 12;

#[derive(Clone, Debug, PartialEq)]
pub struct Anim {
    /// The memory offset under the cursor.
    pub cursor: u64,
    /// Cells of memory the cursor walks (`0` for nothing).
    pub footprint: u64,
    pub playing: bool,
    pub speed: f64,
    pub looping: bool,
    /// The user chose the speed: a new array keeps it (issue 71).
    pub chosen: bool,
    carry: f64,
    last: Option<f64>,
}

impl Default for Anim {
    fn default() -> Anim {
        Anim {
            cursor: 0,
            footprint: 0,
            playing: false,
            speed: 4.0,
            looping: true,
            chosen: false,
            carry: 0.0,
            last: None,
        }
    }
}

/// A speed that walks `footprint` cells in about 20 seconds, at least 2
/// and at most a million cells a second.
pub fn default_speed(footprint: u64) -> f64 {
    (footprint as f64 / 20.0).clamp(2.0, 1e6).round()
}

/// Slider position (0 to 7) for a speed, and back.
pub fn speed_to_slider(speed: f64) -> f64 {
    speed.clamp(MIN_SPEED, MAX_SPEED).log10()
}

pub fn slider_to_speed(position: f64) -> f64 {
    if position.is_finite() {
        10f64.powf(position).clamp(MIN_SPEED, MAX_SPEED)
    } else {
        MIN_SPEED
    }
}

impl Anim {
    /// A new picture: back to offset 0, stopped, at a speed that suits it.
    pub fn reset(&mut self, footprint: u64) {
        *self = Anim {
            footprint,
            speed: if self.chosen {
                self.speed
            } else {
                default_speed(footprint)
            },
            looping: self.looping,
            chosen: self.chosen,
            ..Anim::default()
        };
    }

    fn last_offset(&self) -> u64 {
        self.footprint.saturating_sub(1)
    }

    pub fn play(&mut self) {
        if self.footprint == 0 {
            return;
        }
        if self.cursor >= self.last_offset() && !self.looping {
            self.cursor = 0;
        }
        self.playing = true;
        self.last = None;
        self.carry = 0.0;
    }

    pub fn pause(&mut self) {
        self.playing = false;
        self.last = None;
    }

    pub fn set_speed(&mut self, speed: f64) {
        self.speed = if speed.is_finite() {
            speed.clamp(MIN_SPEED, MAX_SPEED)
        } else {
            MIN_SPEED
        };
    }

    /// Moves the cursor to `offset` (clamped to memory).
    pub fn seek(&mut self, offset: u64) {
        self.cursor = offset.min(self.last_offset());
        self.carry = 0.0;
    }

    /// Moves the cursor by `delta` cells: wrapping around when looping,
    /// else stopping at either end.
    pub fn step(&mut self, delta: i64) {
        if self.footprint == 0 {
            return;
        }
        let f = i128::from(self.footprint);
        let target = i128::from(self.cursor) + i128::from(delta);
        let target = if self.looping {
            target.rem_euclid(f)
        } else {
            target.clamp(0, f - 1)
        };
        // In 0..footprint by construction.
        self.cursor = u64::try_from(target).unwrap_or(0);
        self.carry = 0.0;
    }

    /// An animation frame at `now` (ms). Returns how many cells the cursor
    /// moved.
    pub fn tick(&mut self, now: f64) -> u64 {
        if !self.playing || self.footprint == 0 || !now.is_finite() {
            return 0;
        }
        let Some(last) = self.last.replace(now) else {
            return 0;
        };
        let dt = (now - last).clamp(0.0, MAX_FRAME_MS);
        self.carry += self.speed * dt / 1000.0;
        let whole = self.carry.floor();
        self.carry -= whole;
        let advance = whole as u64;
        let target = self.cursor.saturating_add(advance);
        if target < self.footprint {
            self.cursor = target;
        } else if self.looping {
            self.cursor = target % self.footprint;
        } else {
            self.cursor = self.last_offset();
            self.pause();
        }
        advance
    }

    /// Offsets behind the cursor, oldest first, ending at the cursor: at
    /// most [`TRAIL_POINTS`], spread over about the last 0.6 s of travel.
    pub fn trail(&self) -> Vec<u64> {
        if self.footprint == 0 || self.cursor == 0 {
            return Vec::new();
        }
        let span = ((self.speed * TRAIL_SECONDS) as u64)
            .max(TRAIL_MIN)
            .min(self.cursor);
        let points = span.min(TRAIL_POINTS);
        (0..=points)
            .map(|k| {
                self.cursor - span + (u128::from(span) * u128::from(k) / u128::from(points)) as u64
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn anim(footprint: u64) -> Anim {
        let mut a = Anim::default();
        a.reset(footprint);
        a
    }

    #[test]
    fn ticks_advance_by_speed_times_time_and_carry_fractions() {
        let mut a = anim(1000);
        a.set_speed(10.0);
        a.play();
        assert_eq!(a.tick(1000.0), 0, "the first frame only starts the clock");
        // 16 ms at 10/s is 0.16 of a cell: nothing for 6 frames, then 1.
        let moved: u64 = (1..=7).map(|k| a.tick(1000.0 + 16.0 * k as f64)).sum();
        assert_eq!(moved, 1);
        assert_eq!(a.cursor, 1);
        // A long pause counts as one short frame.
        a.tick(60_000.0);
        assert_eq!(a.cursor, 2);
    }

    #[test]
    fn the_end_loops_or_stops() {
        let mut a = anim(10);
        a.set_speed(1e7);
        a.play();
        a.tick(0.0);
        a.tick(16.0);
        assert!(a.playing && a.cursor < 10);
        a.looping = false;
        a.tick(32.0);
        assert_eq!((a.playing, a.cursor), (false, 9));
        a.play();
        assert_eq!(a.cursor, 0, "playing again starts over");
    }

    #[test]
    fn steps_wrap_when_looping_and_clamp_otherwise() {
        let mut a = anim(24);
        a.step(-1);
        assert_eq!(a.cursor, 23);
        a.step(4);
        assert_eq!(a.cursor, 3);
        a.looping = false;
        a.step(-100);
        assert_eq!(a.cursor, 0);
        a.step(i64::MAX);
        assert_eq!(a.cursor, 23);
        let mut empty = anim(0);
        empty.step(5);
        empty.play();
        assert_eq!((empty.cursor, empty.playing), (0, false));
    }

    #[test]
    fn the_trail_ends_at_the_cursor_and_is_bounded() {
        let mut a = anim(1 << 40);
        a.set_speed(1e7);
        a.seek(1 << 39);
        let t = a.trail();
        assert_eq!(t.last(), Some(&(1 << 39)));
        assert!(t.len() as u64 <= TRAIL_POINTS + 1);
        assert!(t.windows(2).all(|w| w[0] < w[1]));
        a.set_speed(1.0);
        a.seek(5);
        assert_eq!(a.trail(), [0, 1, 2, 3, 4, 5]);
    }

    #[test]
    fn speeds_stay_in_range() {
        assert_eq!(slider_to_speed(0.0), 1.0);
        assert_eq!(slider_to_speed(7.0), 1e7);
        assert_eq!(slider_to_speed(f64::NAN), 1.0);
        assert!((speed_to_slider(1000.0) - 3.0).abs() < 1e-12);
        assert_eq!(default_speed(24), 2.0);
        assert_eq!(default_speed(u64::MAX), 1e6);
    }
}
