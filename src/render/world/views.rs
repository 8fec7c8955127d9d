//! The two views as functions from a world cell to what it shows, and back
//! from a memory offset to the world cell showing it.

use crate::core::{Cell, Mapping, PaddingSource, NO_TILE};

use super::geometry::{LogicalGeometry, MemoryGeometry};
use super::sampling::Samples;

/// What a world cell shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Probe {
    /// Nothing: a gap between slices, or beyond the end of memory.
    Outside,
    /// The element with row-major id `id`, stored at `offset`.
    Element { offset: u64, id: u64 },
    /// A padding cell at `offset`.
    Padding { offset: u64, source: PaddingSource },
}

impl Probe {
    pub fn offset(&self) -> Option<u64> {
        match *self {
            Probe::Outside => None,
            Probe::Element { offset, .. } | Probe::Padding { offset, .. } => Some(offset),
        }
    }
}

/// Which of the two views.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pane {
    Logical,
    Memory,
}

/// A view: a world of cells over one mapping.
pub trait View {
    fn pane(&self) -> Pane;
    fn mapping(&self) -> &Mapping;
    /// World width and height in cells.
    fn world(&self) -> (u64, u64);
    /// What cell `(wx, wy)` shows; `tiles[k]` receives the level-`k` tile
    /// number ([`NO_TILE`] where unknown). `tiles` has one entry per level.
    fn probe(&mut self, wx: u64, wy: u64, tiles: &mut [u64]) -> Probe;
    /// The world cell showing memory offset `offset`, if this view shows it.
    fn cell_of_offset(&mut self, offset: u64) -> Option<(u64, u64)>;
    /// How many cells apart, along x and y, what the view shows repeats
    /// (`u64::MAX`: it does not): a sample per block coarser than that
    /// would draw the beat of the two ([`super::sampling`]).
    fn repeat(&self) -> (u64, u64);

    /// Probes every sample of `samples`, row by row, appending to `probes`
    /// and `levels` tile numbers per sample to `tiles`.
    fn probe_samples(&mut self, samples: &Samples, probes: &mut Vec<Probe>, tiles: &mut Vec<u64>) {
        probe_each(self, samples, probes, tiles);
    }
}

/// Probes every cell `(xs[j], ys[i])` of `view`, row by row, appending to
/// `probes` and `levels` tile numbers per cell to `tiles` (a grid of one
/// class of samples, [`View::probe_samples`]). A free function, not a
/// method of the trait: only the tests call it.
pub fn probe_grid(
    view: &mut dyn View,
    xs: &[u64],
    ys: &[u64],
    probes: &mut Vec<Probe>,
    tiles: &mut Vec<u64>,
) {
    view.probe_samples(&Samples::grid(xs, ys), probes, tiles);
}

/// [`View::probe_samples`] one cell at a time. Out of line: the views'
/// fast paths (`grid/`, the memory rows) draw most pictures, the default's
/// first one included, which then does not compile this
/// (`tests/e2e/firstframe.test.mjs`).
#[inline(never)]
fn probe_each<V: View + ?Sized>(
    view: &mut V,
    samples: &Samples,
    probes: &mut Vec<Probe>,
    tiles: &mut Vec<u64>,
) {
    let mut t = vec![0u64; view.mapping().num_levels()];
    let (cols, rows) = samples.size();
    // `Samples::at`, with each row's xs found once.
    let (xs, ys, col_class) = (samples.all_xs(), samples.all_ys(), samples.col_classes());
    probes.reserve(cols * rows);
    tiles.reserve(cols * rows * t.len());
    for i in 0..rows {
        let row = &xs[samples.row_class(i) * cols..][..cols];
        for (&x, &class) in row.iter().zip(col_class) {
            let y = ys[usize::from(class) * rows + i];
            probes.push(view.probe(x, y, &mut t));
            tiles.extend_from_slice(&t);
        }
    }
}

/// The logical view over one mapping.
pub struct LogicalView<'a> {
    pub(crate) mapping: &'a Mapping,
    pub geometry: LogicalGeometry,
    index: Vec<u64>,
}

impl<'a> LogicalView<'a> {
    pub fn new(mapping: &'a Mapping, geometry: LogicalGeometry) -> LogicalView<'a> {
        LogicalView {
            index: vec![0; mapping.num_dims()],
            mapping,
            geometry,
        }
    }
}

impl View for LogicalView<'_> {
    fn pane(&self) -> Pane {
        Pane::Logical
    }

    fn mapping(&self) -> &Mapping {
        self.mapping
    }

    fn world(&self) -> (u64, u64) {
        self.geometry.world()
    }

    fn probe(&mut self, wx: u64, wy: u64, tiles: &mut [u64]) -> Probe {
        let Some((slice, r, c)) = self.geometry.cell(wx, wy) else {
            return Probe::Outside;
        };
        self.geometry.index_of(slice, r, c, &mut self.index);
        let Some(offset) = self.mapping.locate(&self.index, tiles) else {
            return Probe::Outside;
        };
        match self.mapping.row_major_id(&self.index) {
            Some(id) => Probe::Element { offset, id },
            None => {
                // Outside the array's dims: padding. Inside the padded
                // dims of the older proto it is theirs, else the first
                // tiling level's.
                let legacy = self.mapping.is_legacy()
                    && self
                        .index
                        .iter()
                        .zip(self.mapping.extents())
                        .all(|(i, e)| i < e);
                let source = if legacy {
                    PaddingSource::LegacyPadding
                } else {
                    PaddingSource::Tile { level: 0 }
                };
                Probe::Padding { offset, source }
            }
        }
    }

    // Out of line: a folded view calls it again for each band
    // (`fold_probe.rs`), and one copy of the grid path is enough.
    #[inline(never)]
    fn probe_samples(&mut self, samples: &Samples, probes: &mut Vec<Probe>, tiles: &mut Vec<u64>) {
        if let Some(fold) = &self.geometry.fold {
            return super::fold_probe::probe(
                self.mapping,
                &self.geometry,
                fold,
                samples,
                probes,
                tiles,
            );
        }
        let (cols, rows) = samples.size();
        match super::grid::TermGrid::new(self.mapping, &self.geometry, cols * rows) {
            Some(mut grid) => grid.probe(samples, probes, tiles),
            None => probe_each(self, samples, probes, tiles),
        }
    }

    fn cell_of_offset(&mut self, offset: u64) -> Option<(u64, u64)> {
        if !self.mapping.ghost_index(offset, &mut self.index) {
            return None;
        }
        let (slice, r, c) = self.geometry.place_of(&self.index);
        Some(self.geometry.world_of(slice, r, c))
    }

    /// The slices' pitch, along an axis with more than one slice.
    fn repeat(&self) -> (u64, u64) {
        let g = &self.geometry;
        let along = |count: u64, pitch: u64| if count > 1 { pitch } else { u64::MAX };
        let (x, y) = (
            along(g.slices_per_row, g.pitch_x()),
            along(g.slice_grid_rows, g.pitch_y()),
        );
        match &g.fold {
            Some(f) => f.repeat((x, y)),
            None => (x, y),
        }
    }
}

/// The memory view over one mapping.
pub struct MemoryView<'a> {
    pub(crate) mapping: &'a Mapping,
    pub geometry: MemoryGeometry,
    /// Registers reused by every probe.
    regs: Vec<u64>,
}

impl<'a> MemoryView<'a> {
    pub fn new(mapping: &'a Mapping, row_width: u64) -> MemoryView<'a> {
        MemoryView {
            geometry: MemoryGeometry::new(mapping.footprint(), row_width),
            mapping,
            regs: Vec::new(),
        }
    }
}

impl View for MemoryView<'_> {
    fn pane(&self) -> Pane {
        Pane::Memory
    }

    fn mapping(&self) -> &Mapping {
        self.mapping
    }

    fn world(&self) -> (u64, u64) {
        self.geometry.world()
    }

    fn probe(&mut self, wx: u64, wy: u64, tiles: &mut [u64]) -> Probe {
        let Some(offset) = self.geometry.offset(wx, wy) else {
            return Probe::Outside;
        };
        match self
            .mapping
            .probe_offset_with(offset, tiles, &mut self.regs)
        {
            Some(Cell::Element(id)) => Probe::Element { offset, id },
            Some(Cell::Padding(source)) => Probe::Padding { offset, source },
            None => {
                tiles.fill(NO_TILE);
                Probe::Outside
            }
        }
    }

    fn probe_samples(&mut self, samples: &Samples, probes: &mut Vec<Probe>, tiles: &mut Vec<u64>) {
        match self.mapping.offset_parts(self.geometry.row_width) {
            Some(parts) => super::memory_grid::probe_parts(parts, samples, probes, tiles),
            None => probe_each(self, samples, probes, tiles),
        }
    }

    fn cell_of_offset(&mut self, offset: u64) -> Option<(u64, u64)> {
        (offset < self.geometry.footprint).then(|| self.geometry.cell(offset))
    }

    /// Padding can come in runs of any length, down to one cell; without
    /// it, memory is a plain ramp.
    fn repeat(&self) -> (u64, u64) {
        match self.mapping.footprint() > self.mapping.num_elements() {
            true => (1, 1),
            false => (u64::MAX, u64::MAX),
        }
    }
}
