//! Colours: the ramp for orders (viridis: perceptually uniform, readable
//! with the common colour-vision deficiencies, and in greyscale), the tile
//! palette (Okabe and Ito's colour-blind-safe set), and the two themes.

/// An sRGB colour, 8 bits per channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    /// CSS text, e.g. `rgb(68,1,84)`.
    pub fn css(self) -> String {
        format!("rgb({},{},{})", self.0, self.1, self.2)
    }

    /// CSS text with an alpha in `[0, 1]`.
    pub fn css_alpha(self, alpha: f64) -> String {
        format!(
            "rgba({},{},{},{:.3})",
            self.0,
            self.1,
            self.2,
            alpha.clamp(0.0, 1.0)
        )
    }

    /// `self` moved towards `other` by `t` in `[0, 1]`.
    pub fn mix(self, other: Rgb, t: f64) -> Rgb {
        let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
        let m = |a: u8, b: u8| (f64::from(a) + (f64::from(b) - f64::from(a)) * t).round() as u8;
        Rgb(m(self.0, other.0), m(self.1, other.1), m(self.2, other.2))
    }

    /// Relative luminance in `[0, 1]` (sRGB approximation), to pick a
    /// readable text colour on top.
    pub fn luminance(self) -> f64 {
        (0.2126 * f64::from(self.0) + 0.7152 * f64::from(self.1) + 0.0722 * f64::from(self.2))
            / 255.0
    }

    /// The colour text is written in on this fill: near-black on a light
    /// fill, near-white on a dark one (cell letters, labels).
    pub fn ink(self) -> Rgb {
        if self.luminance() > 0.55 {
            Rgb(20, 20, 20)
        } else {
            Rgb(250, 250, 250)
        }
    }
}

/// Viridis sampled at 17 evenly spaced points (matplotlib's table).
const VIRIDIS: [Rgb; 17] = [
    Rgb(68, 1, 84),
    Rgb(72, 26, 108),
    Rgb(71, 47, 125),
    Rgb(65, 68, 135),
    Rgb(57, 86, 140),
    Rgb(49, 104, 142),
    Rgb(42, 120, 142),
    Rgb(35, 136, 142),
    Rgb(31, 152, 139),
    Rgb(34, 168, 132),
    Rgb(53, 183, 121),
    Rgb(84, 197, 104),
    Rgb(122, 209, 81),
    Rgb(165, 219, 54),
    Rgb(210, 226, 27),
    Rgb(241, 229, 29),
    Rgb(253, 231, 37),
];

/// The ramp's first colour (offset 0).
pub const RAMP_FIRST: Rgb = VIRIDIS[0];
/// The ramp's last colour.
pub const RAMP_LAST: Rgb = VIRIDIS[16];

/// The ramp colour at `t` in `[0, 1]` (clamped; NaN is 0).
pub fn viridis(t: f64) -> Rgb {
    let t = if t.is_nan() { 0.0 } else { t.clamp(0.0, 1.0) };
    let scaled = t * (VIRIDIS.len() - 1) as f64;
    let low = (scaled.floor() as usize).min(VIRIDIS.len() - 2);
    VIRIDIS[low].mix(VIRIDIS[low + 1], scaled - low as f64)
}

/// The ramp as a 256-entry table, for painting many cells fast.
pub fn viridis_table() -> Vec<Rgb> {
    (0..256).map(|i| viridis(i as f64 / 255.0)).collect()
}

/// Okabe and Ito's palette without black and grey.
pub const TILE_PALETTE: [Rgb; 7] = [
    Rgb(230, 159, 0),
    Rgb(86, 180, 233),
    Rgb(0, 158, 115),
    Rgb(240, 228, 66),
    Rgb(0, 114, 178),
    Rgb(213, 94, 0),
    Rgb(204, 121, 167),
];

/// The palette entry of tile `(row, col)` of a grid of tiles: horizontal
/// neighbours differ by 1 entry, vertical ones by 3, so neither ever share
/// a colour (7 is prime).
pub fn tile_colour(row: u64, col: u64) -> Rgb {
    let n = TILE_PALETTE.len() as u64;
    TILE_PALETTE[((row % n) * 3 + col % n) as usize % TILE_PALETTE.len()]
}

/// Light or dark.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ThemeKind {
    #[default]
    Light,
    Dark,
}

/// Every colour the canvas uses, for one theme.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Theme {
    pub kind: ThemeKind,
    pub background: Rgb,
    pub text: Rgb,
    pub muted: Rgb,
    /// Padding cells, and the hatch lines over them.
    pub padding: Rgb,
    pub hatch: Rgb,
    /// The array's outline and cell grid lines.
    pub frame: Rgb,
    pub grid: Rgb,
    /// Tile boundary colours by level (level 4 and on reuse the last).
    pub levels: [Rgb; 4],
    pub cursor: Rgb,
    pub hover: Rgb,
}

impl Theme {
    pub fn of(kind: ThemeKind) -> Theme {
        match kind {
            ThemeKind::Light => Theme {
                kind,
                background: Rgb(255, 255, 255),
                text: Rgb(29, 29, 31),
                muted: Rgb(95, 99, 104),
                padding: Rgb(214, 214, 218),
                hatch: Rgb(150, 150, 158),
                frame: Rgb(29, 29, 31),
                grid: Rgb(255, 255, 255),
                levels: [
                    Rgb(20, 20, 20),
                    Rgb(214, 39, 140),
                    Rgb(0, 140, 200),
                    Rgb(230, 120, 0),
                ],
                cursor: Rgb(255, 45, 45),
                hover: Rgb(0, 0, 0),
            },
            ThemeKind::Dark => Theme {
                kind,
                background: Rgb(22, 23, 26),
                text: Rgb(232, 232, 234),
                muted: Rgb(160, 164, 170),
                padding: Rgb(58, 60, 66),
                hatch: Rgb(120, 122, 130),
                frame: Rgb(232, 232, 234),
                grid: Rgb(22, 23, 26),
                levels: [
                    Rgb(245, 245, 245),
                    Rgb(255, 105, 190),
                    Rgb(80, 200, 255),
                    Rgb(255, 170, 60),
                ],
                cursor: Rgb(255, 80, 80),
                hover: Rgb(255, 255, 255),
            },
        }
    }

    /// The boundary colour of tiling level `level`.
    pub fn level(&self, level: usize) -> Rgb {
        self.levels[level.min(self.levels.len() - 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ramp_ends_and_clamping() {
        assert_eq!(viridis(0.0), RAMP_FIRST);
        assert_eq!(viridis(1.0), RAMP_LAST);
        assert_eq!(viridis(-3.0), RAMP_FIRST);
        assert_eq!(viridis(f64::NAN), RAMP_FIRST);
        assert_eq!(viridis(0.5), VIRIDIS[8]);
        let table = viridis_table();
        assert_eq!((table[0], table[255]), (RAMP_FIRST, RAMP_LAST));
    }

    #[test]
    fn the_ramp_gets_lighter_monotonically() {
        let l: Vec<f64> = (0..=100)
            .map(|i| viridis(i as f64 / 100.0).luminance())
            .collect();
        assert!(l.windows(2).all(|w| w[1] >= w[0] - 1e-9), "{l:?}");
    }

    #[test]
    fn neighbouring_tiles_never_share_a_colour() {
        for row in 0..20 {
            for col in 0..20 {
                let c = tile_colour(row, col);
                assert_ne!(c, tile_colour(row, col + 1), "({row},{col}) right");
                assert_ne!(c, tile_colour(row + 1, col), "({row},{col}) below");
            }
        }
    }
}
