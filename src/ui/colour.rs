//! The colour ramp for memory order: viridis, perceptually uniform and
//! readable with the common colour-vision deficiencies.

/// An sRGB colour, 8 bits per channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// CSS text for the canvas `fillStyle`, e.g. `rgb(68,1,84)`.
    pub fn css(self) -> String {
        format!("rgb({},{},{})", self.0, self.1, self.2)
    }
}

/// Viridis sampled at nine evenly spaced points (matplotlib's table).
const VIRIDIS: [Rgb; 9] = [
    Rgb(68, 1, 84),
    Rgb(72, 40, 120),
    Rgb(62, 73, 137),
    Rgb(49, 104, 142),
    Rgb(38, 130, 142),
    Rgb(31, 158, 137),
    Rgb(53, 183, 121),
    Rgb(110, 206, 88),
    Rgb(253, 231, 37),
];

/// Padding slots: a neutral grey that is not on the ramp.
pub const PADDING: Rgb = Rgb(150, 150, 150);

/// Elements outside the part of the array on screen (memory strip only).
pub const OFF_SCREEN: Rgb = Rgb(226, 226, 226);

/// The ramp colour at `t` in `[0, 1]` (clamped), interpolated between stops.
pub fn viridis(t: f64) -> Rgb {
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    let scaled = t * (VIRIDIS.len() - 1) as f64;
    let low = (scaled.floor() as usize).min(VIRIDIS.len() - 2);
    let frac = scaled - low as f64;
    let (a, b) = (VIRIDIS[low], VIRIDIS[low + 1]);
    let mix = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * frac).round() as u8;
    Rgb(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// The ramp colour for position `rank` among `count` ordered items: the
/// first is the ramp's first colour, the last its last colour.
pub fn ramp_for_rank(rank: usize, count: usize) -> Rgb {
    if count <= 1 {
        viridis(0.0)
    } else {
        viridis(rank as f64 / (count - 1) as f64)
    }
}
