//! The cell layer of a pane: one colour per visible cell, or per block of
//! cells when cells are smaller than a few pixels (semantic zoom).
//!
//! Blocks are `b x b` cells with `b` a power of two, sampled at their
//! top-left cell, or at a cell of the block chosen by hash where a corner
//! would draw a beat ([`super::sampling`]), so a far-out view of a 2^40-element array costs as much
//! as a close-up of a small one: at most about `(pane area) / MIN_SAMPLE_PX^2`
//! samples, never one per element. The painter puts the samples into an
//! image with one pixel per sample and scales it up without smoothing.

use crate::core::{Mapping, NO_TILE};

use super::camera::{Camera, Rect};
use super::colour::{tile_colour, viridis_table, Rgb, Theme};
use super::sampling::Samples;
use super::views::{Probe, View};

/// Smallest on-screen size of one sample.
pub const MIN_SAMPLE_PX: f64 = 3.0;
/// Padding is hatched from this cell size on.
pub const HATCH_MIN_PX: f64 = 6.0;
/// Hard cap on samples per pane, whatever the pane's size.
pub const MAX_SAMPLES: u64 = 1 << 19;

/// What the cell colours say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ColourMode {
    /// Position in memory: the ramp from offset 0 to the last offset.
    #[default]
    Offset,
    /// Which first-level tile holds the cell, lighter towards its end.
    Tile,
    /// Row-major (logical) order: the ramp from element 0 to the last.
    Logical,
}

/// Colours cells of one mapping.
pub struct Colouring {
    mode: ColourMode,
    table: Vec<Rgb>,
    footprint: u64,
    elements: u64,
    /// Tile-count columns of the first level and its tile size.
    tile_cols: u64,
    tile_elements: u64,
    padding: Rgb,
}

impl Colouring {
    pub fn new(mapping: &Mapping, mode: ColourMode, theme: &Theme) -> Colouring {
        let (tile_cols, tile_elements) = match (mapping.level_input_shape(0), mapping.level_tile(0))
        {
            (Some(input), Some(tile)) => {
                let size = input.last().copied().unwrap_or(1);
                let t = tile.last().copied().unwrap_or(1).max(1);
                (size.div_ceil(t).max(1), tile.iter().product::<u64>().max(1))
            }
            _ => (1, 1),
        };
        let mode = if mode == ColourMode::Tile && mapping.num_levels() == 0 {
            ColourMode::Offset
        } else {
            mode
        };
        Colouring {
            mode,
            table: viridis_table(),
            footprint: mapping.footprint(),
            elements: mapping.num_elements(),
            tile_cols,
            tile_elements,
            padding: theme.padding,
        }
    }

    /// The mode in effect (tile colouring needs a tiled layout).
    pub fn mode(&self) -> ColourMode {
        self.mode
    }

    fn ramp(&self, value: u64, count: u64) -> Rgb {
        self.table[ramp_index(value, count)]
    }

    /// Colours `probes` (with `levels` tile numbers each in `tiles`) into
    /// `rgba`, 4 bytes each, left transparent where nothing is; there, the
    /// tile numbers become [`NO_TILE`], so that the tile edges' search reads
    /// `tiles` alone.
    fn paint(&self, probes: &[Probe], tiles: &mut [u64], levels: usize, rgba: &mut [u8]) {
        let (pixels, _) = rgba.as_chunks_mut::<4>();
        for (k, (&probe, px)) in probes.iter().zip(pixels).enumerate() {
            let at = k * levels;
            let tile0 = if levels > 0 { tiles[at] } else { 0 };
            match self.colour(probe, tile0) {
                Some(c) => *px = [c.0, c.1, c.2, 255],
                None => tiles[at..at + levels].fill(NO_TILE),
            }
        }
    }

    /// The colour of a probed cell (`tile0`: its first-level tile number).
    #[inline(always)]
    pub fn colour(&self, probe: Probe, tile0: u64) -> Option<Rgb> {
        match probe {
            Probe::Outside => None,
            Probe::Padding { .. } => Some(self.padding),
            Probe::Element { offset, id } => Some(match self.mode {
                ColourMode::Offset => self.ramp(offset, self.footprint),
                ColourMode::Logical => self.ramp(id, self.elements),
                ColourMode::Tile => {
                    let base = tile_colour(tile0 / self.tile_cols, tile0 % self.tile_cols);
                    let within = (offset % self.tile_elements) as f64 / self.tile_elements as f64;
                    base.mix(Rgb(255, 255, 255), 0.5 * within)
                }
            }),
        }
    }
}

/// The sampled cells of one pane.
pub struct Raster {
    /// Samples across and down.
    pub cols: usize,
    pub rows: usize,
    /// Cells per sample along each axis (a power of two).
    pub block: u64,
    /// World cell of block (0, 0); sample (i, j) stands for the block from
    /// cell `(x0 + j * block, y0 + i * block)`.
    pub x0: u64,
    pub y0: u64,
    /// The cell each sample shows: its block's top-left one, or where that
    /// would draw a beat, another of its block's ([`Samples`]).
    pub samples: Samples,
    /// `rows * cols` RGBA pixels; transparent where nothing is.
    pub rgba: Vec<u8>,
    /// What each sample shows, row-major.
    pub probes: Vec<Probe>,
    /// Tile numbers, `levels` per sample ([`NO_TILE`] where nothing is).
    pub tiles: Vec<u64>,
    pub levels: usize,
}

impl Raster {
    /// Samples `view` as `camera` shows it in `pane`.
    pub fn sample(
        view: &mut dyn View,
        camera: &Camera,
        pane: &Rect,
        colours: &Colouring,
    ) -> Raster {
        Raster::sample_at_most(view, camera, pane, colours, MAX_SAMPLES)
    }

    /// [`Raster::sample`] with at most about `max_samples` samples (blocks
    /// grow by powers of two until the pane holds no more).
    pub fn sample_at_most(
        view: &mut dyn View,
        camera: &Camera,
        pane: &Rect,
        colours: &Colouring,
        max_samples: u64,
    ) -> Raster {
        let (world_w, world_h) = view.world();
        let block = block_size_at_most(camera.scale, pane, max_samples);
        let visible = camera.visible(pane);
        let (x0, x1) = sample_range(visible.x, visible.right(), world_w, block);
        let (y0, y1) = sample_range(visible.y, visible.bottom(), world_h, block);
        let cols = ((x1 - x0).div_ceil(block)) as usize;
        let rows = ((y1 - y0).div_ceil(block)) as usize;
        let levels = view.mapping().num_levels();
        let n = rows * cols;
        let samples = Samples::new(
            (x0, y0),
            (cols, rows),
            block,
            (world_w, world_h),
            view.repeat(),
        );
        let mut raster = Raster {
            cols,
            rows,
            block,
            x0,
            y0,
            samples,
            rgba: vec![0; n * 4],
            probes: Vec::with_capacity(n),
            tiles: Vec::with_capacity(n * levels),
            levels,
        };
        view.probe_samples(&raster.samples, &mut raster.probes, &mut raster.tiles);
        colours.paint(&raster.probes, &mut raster.tiles, levels, &mut raster.rgba);
        raster
    }

    /// Where the image goes on screen.
    pub fn screen_rect(&self, camera: &Camera, pane: &Rect) -> Rect {
        let size = self.block as f64;
        camera.screen_rect(
            pane,
            Rect::new(
                self.x0 as f64,
                self.y0 as f64,
                self.cols as f64 * size,
                self.rows as f64 * size,
            ),
        )
    }

    pub fn probe(&self, i: usize, j: usize) -> Probe {
        self.probes[i * self.cols + j]
    }

    pub fn tile(&self, i: usize, j: usize, level: usize) -> u64 {
        self.tiles[(i * self.cols + j) * self.levels + level]
    }

    /// Runs of padding cells, as screen rectangles to hatch; only when
    /// every cell is drawn and big enough to show hatching (further out,
    /// padding is its flat grey, which is not on any ramp).
    pub fn padding_runs(&self, camera: &Camera, pane: &Rect) -> Vec<Rect> {
        let mut runs = Vec::new();
        if self.block > 1 || camera.scale < HATCH_MIN_PX {
            return runs;
        }
        let size = self.block as f64;
        for i in 0..self.rows {
            let mut j = 0;
            while j < self.cols {
                if !matches!(self.probe(i, j), Probe::Padding { .. }) {
                    j += 1;
                    continue;
                }
                let start = j;
                while j < self.cols && matches!(self.probe(i, j), Probe::Padding { .. }) {
                    j += 1;
                }
                let world = Rect::new(
                    (self.x0 + start as u64 * self.block) as f64,
                    (self.y0 + i as u64 * self.block) as f64,
                    (j - start) as f64 * size,
                    size,
                );
                runs.push(camera.screen_rect(pane, world));
            }
        }
        runs
    }

    /// How many samples show elements, padding, and nothing.
    pub fn census(&self) -> (usize, usize, usize) {
        let mut counts = (0, 0, 0);
        for p in &self.probes {
            match p {
                Probe::Element { .. } => counts.0 += 1,
                Probe::Padding { .. } => counts.1 += 1,
                Probe::Outside => counts.2 += 1,
            }
        }
        counts
    }
}

/// The ramp's entry (0..=255) for `value` of `count`: `value * 255 /
/// (count - 1)`, in 64 bits whenever the product fits (every array a screen
/// shows), since a 128-bit division is a library call in wasm and was the
/// largest single cost of colouring a pane; 128 bits otherwise.
fn ramp_index(value: u64, count: u64) -> usize {
    if count <= 1 {
        return 0;
    }
    match value.checked_mul(255) {
        Some(scaled) => (scaled / (count - 1)).min(255) as usize,
        None => (u128::from(value) * 255 / u128::from(count - 1)).min(255) as usize,
    }
}

/// Cells per sample: the smallest power of two whose block is at least
/// [`MIN_SAMPLE_PX`] on screen and keeps the pane under [`MAX_SAMPLES`].
pub fn block_size(scale: f64, pane: &Rect) -> u64 {
    block_size_at_most(scale, pane, MAX_SAMPLES)
}

/// [`block_size`] keeping the pane under `max_samples` samples.
pub fn block_size_at_most(scale: f64, pane: &Rect, max_samples: u64) -> u64 {
    let mut block = 1u64;
    let fits = |b: u64| {
        let side = b as f64 * scale;
        let samples = (pane.w / side + 2.0) * (pane.h / side + 2.0);
        side >= MIN_SAMPLE_PX && samples <= max_samples as f64
    };
    while !fits(block) && block < (1 << 62) {
        block <<= 1;
    }
    block
}

/// The block-aligned range of world cells `[lo, hi)` to sample along one
/// axis for the visible span `[from, to)` of a world `size` cells long.
fn sample_range(from: f64, to: f64, size: u64, block: u64) -> (u64, u64) {
    let clamp = |v: f64| {
        if v.is_nan() || v <= 0.0 {
            0
        } else if v >= size as f64 {
            size
        } else {
            v as u64
        }
    };
    let lo = clamp(from.floor()) / block * block;
    let hi = clamp(to.ceil()).max(lo);
    (lo, hi)
}

/// A `cols x rows` RGBA thumbnail of the whole world of `view`: pixel
/// `(i, j)` shows the cell at the same fraction of the world.
pub fn thumbnail(view: &mut dyn View, colours: &Colouring, cols: usize, rows: usize) -> Vec<u8> {
    let (w, h) = view.world();
    let mut rgba = vec![0u8; cols * rows * 4];
    let mut tiles = vec![0u64; view.mapping().num_levels()];
    let at = |k: usize, n: usize, size: u64| {
        ((u128::from(size) * (2 * k as u128 + 1)) / (2 * n.max(1) as u128)) as u64
    };
    for i in 0..rows {
        let wy = at(i, rows, h);
        for j in 0..cols {
            let probe = view.probe(at(j, cols, w), wy, &mut tiles);
            if let Some(c) = colours.colour(probe, tiles.first().copied().unwrap_or(0)) {
                let k = (i * cols + j) * 4;
                rgba[k..k + 4].copy_from_slice(&[c.0, c.1, c.2, 255]);
            }
        }
    }
    rgba
}

#[cfg(test)]
mod tests {
    use super::ramp_index;

    /// The formula before the 64-bit fast path, kept as the reference.
    fn reference(value: u64, count: u64) -> usize {
        if count <= 1 {
            return 0;
        }
        (u128::from(value) * 255 / u128::from(count - 1)).min(255) as usize
    }

    #[test]
    fn ramp_index_agrees_with_128_bit_arithmetic() {
        let edges = [
            0,
            1,
            2,
            3,
            254,
            255,
            256,
            1 << 20,
            u64::MAX / 255,
            u64::MAX / 255 + 1,
        ];
        let mut values: Vec<u64> = edges.to_vec();
        values.extend([u64::MAX - 1, u64::MAX, 1 << 63, (1 << 56) + 12345]);
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            values.push(x >> (x % 64));
        }
        for &count in values.iter().chain(&[0, 1]) {
            for &value in values.iter().take(200) {
                // Only values below count occur; larger ones clamp to 255.
                assert_eq!(
                    ramp_index(value, count),
                    reference(value, count),
                    "{value} of {count}"
                );
            }
        }
        assert_eq!(ramp_index(u64::MAX - 2, u64::MAX), 254);
        assert_eq!(ramp_index(u64::MAX - 1, u64::MAX), 255);
        assert_eq!(ramp_index((u64::MAX - 1) / 2, u64::MAX), 127);
    }
}
