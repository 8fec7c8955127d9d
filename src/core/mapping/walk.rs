//! Streaming walks over a mapping, in memory order and in logical order.
//!
//! Both use O(number of dims) memory, whatever the array's size.

use super::linear::{Linear, LinearState, TABLE_MAX};
use super::{Cell, Mapping, PaddingSource};

impl Mapping {
    /// Every memory cell in offset order, `0..footprint()`.
    pub fn walk_memory(&self) -> MemoryWalk<'_> {
        MemoryWalk {
            engine: Engine::new(self),
            buffer: Vec::new(),
            next: 0,
        }
    }

    /// Calls `f(offset, cell)` for every memory cell in offset order. The
    /// fastest way to visit a whole array.
    pub fn for_each_in_memory(&self, mut f: impl FnMut(u64, Cell)) {
        let mut engine = Engine::new(self);
        let mut offset = 0u64;
        let mut emit = |cell: Cell| {
            f(offset, cell);
            offset += 1;
        };
        while engine.emit(u64::MAX, &mut emit) > 0 {}
    }

    /// Offsets of the elements in logical (row-major) order: the `k`-th item
    /// is the offset of the element with row-major id `k`.
    pub fn walk_logical(&self) -> LogicalWalk<'_> {
        LogicalWalk {
            mapping: self,
            index: vec![0; self.num_dims()],
            remaining: self.num_elements(),
        }
    }

    /// `sum over elements e of offset(e) * (e + 1)`, wrapping mod 2^64,
    /// `e` the row-major id: one number that depends on the whole mapping.
    pub fn checksum(&self) -> u64 {
        let mut sum = 0u64;
        self.for_each_in_memory(|offset, cell| {
            if let Cell::Element(e) = cell {
                sum = sum.wrapping_add(offset.wrapping_mul(e.wrapping_add(1)));
            }
        });
        sum
    }

    /// Whether the memory walk runs without any division (see
    /// `linear.rs`); otherwise it decodes every offset.
    pub fn has_linear_walk(&self) -> bool {
        self.linear_walk().is_some()
    }

    pub(crate) fn linear_walk(&self) -> Option<Linear> {
        // An empty array has nothing to walk; its sizes, multiplied
        // without the zero, may not even fit in 64 bits.
        if self.footprint_before_tail() == 0 {
            return None;
        }
        let weights: Vec<u64> = self
            .plan
            .physical_dims
            .iter()
            .map(|&d| self.row_major[d])
            .collect();
        let bounds: Vec<Option<u64>> = self
            .plan
            .physical_dims
            .iter()
            .map(|&d| (self.legacy && self.dims[d] < self.extents[d]).then_some(self.dims[d]))
            .collect();
        Linear::new(&self.plan, &weights, &bounds)
    }
}

/// The memory walk's engine: the linear fast path or per-offset decoding,
/// then the `L(n)` tail.
enum Stage {
    Linear(Box<Linear>, LinearState),
    Decode { next: u64 },
    Tail { next: u64 },
    Done,
}

struct Engine<'a> {
    mapping: &'a Mapping,
    stage: Stage,
}

impl<'a> Engine<'a> {
    fn new(mapping: &'a Mapping) -> Engine<'a> {
        let raw = mapping.footprint_before_tail();
        let stage = match mapping.linear_walk() {
            Some(linear) => {
                let state = linear.start(raw == 0);
                Stage::Linear(Box::new(linear), state)
            }
            None => Stage::Decode { next: 0 },
        };
        Engine { mapping, stage }
    }

    /// Emits up to `max` cells; returns how many (0 at the end).
    fn emit(&mut self, max: u64, f: &mut impl FnMut(Cell)) -> u64 {
        let raw = self.mapping.footprint_before_tail();
        let footprint = self.mapping.footprint();
        loop {
            match &mut self.stage {
                Stage::Linear(linear, state) => {
                    let n = linear.emit(state, max, f);
                    if n > 0 {
                        return n;
                    }
                    self.stage = Stage::Tail { next: raw };
                }
                Stage::Decode { next } => {
                    if *next < raw {
                        let end = next.saturating_add(max.min(TABLE_MAX as u64)).min(raw);
                        for offset in *next..end {
                            // In range by construction, so `at` is Some.
                            if let Some(cell) = self.mapping.at(offset) {
                                f(cell);
                            }
                        }
                        let n = end - *next;
                        *next = end;
                        return n;
                    }
                    self.stage = Stage::Tail { next: raw };
                }
                Stage::Tail { next } => {
                    if *next < footprint {
                        let end = next.saturating_add(max).min(footprint);
                        for _ in *next..end {
                            f(Cell::Padding(PaddingSource::TailAlignment));
                        }
                        let n = end - *next;
                        *next = end;
                        return n;
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return 0,
            }
        }
    }
}

/// Iterator over memory cells in offset order; see [`Mapping::walk_memory`].
pub struct MemoryWalk<'a> {
    engine: Engine<'a>,
    buffer: Vec<Cell>,
    next: usize,
}

impl Iterator for MemoryWalk<'_> {
    type Item = Cell;

    fn next(&mut self) -> Option<Cell> {
        if self.next == self.buffer.len() {
            self.buffer.clear();
            self.next = 0;
            let buffer = &mut self.buffer;
            if self
                .engine
                .emit(TABLE_MAX as u64, &mut |cell| buffer.push(cell))
                == 0
            {
                return None;
            }
        }
        let cell = self.buffer.get(self.next).copied();
        self.next += 1;
        cell
    }
}

/// Iterator over element offsets in row-major order; see
/// [`Mapping::walk_logical`].
pub struct LogicalWalk<'a> {
    mapping: &'a Mapping,
    index: Vec<u64>,
    remaining: u64,
}

impl Iterator for LogicalWalk<'_> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        if self.remaining == 0 {
            return None;
        }
        self.remaining -= 1;
        let offset = self.mapping.offset_of(&self.index);
        // Odometer: the last dimension is the fastest.
        for (i, &d) in self.index.iter_mut().zip(self.mapping.dims()).rev() {
            *i += 1;
            if *i < d {
                break;
            }
            *i = 0;
        }
        offset
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.remaining).unwrap_or(usize::MAX);
        (n, usize::try_from(self.remaining).ok())
    }
}
