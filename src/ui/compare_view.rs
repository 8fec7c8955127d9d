//! The second layout's memory, drawn beside the first (issue 8, "Compare
//! two layouts": both drawn, hover linked). Plain Rust, tested natively.
//!
//! Layout B's memory is a grid of cells in offset order; each cell is
//! coloured by where the same logical element sits in layout A's memory
//! (so a bitcast shows A's ramp unchanged and a copy shows it shuffled).
//! Both layouts have the same dims, so an element's row-major id is the
//! link: `B offset -> id -> A offset` and back, O(dims) each way.
//! Above [`MAX_CELLS`] footprint cells one drawn cell stands for a run of
//! `stride` consecutive offsets and shows the first of them (the caption
//! says so): the picture is O(drawn cells), never O(footprint).

use std::fmt;
use std::rc::Rc;

use crate::core::mapping::{Cell, Mapping};

/// Most cells drawn for layout B's memory.
pub const MAX_CELLS: u64 = 16_384;

/// Layout B's mapping; equal when it is the same one (no deep compare).
#[derive(Clone)]
pub struct OtherMapping(pub Rc<Mapping>);

impl PartialEq for OtherMapping {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl fmt::Debug for OtherMapping {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OtherMapping(footprint {})", self.0.footprint())
    }
}

/// Layout B's memory as a grid of drawn cells.
#[derive(Clone, Debug, PartialEq)]
pub struct MemoryPicture {
    pub cols: u64,
    pub rows: u64,
    /// Consecutive B offsets per drawn cell (1 up to [`MAX_CELLS`]).
    pub stride: u64,
    /// Per drawn cell (row-major): the A offset of the element at its first
    /// B offset, `None` for padding.
    pub cells: Vec<Option<u64>>,
}

/// The A offset holding the element stored at `b_offset` in B (`None`
/// for padding or past B's footprint).
pub fn a_of_b(a: &Mapping, b: &Mapping, b_offset: u64) -> Option<u64> {
    match b.at(b_offset)? {
        Cell::Element(id) => a.offset_of_id(id),
        Cell::Padding(_) => None,
    }
}

/// The B offset holding the element stored at `a_offset` in A.
pub fn b_of_a(a: &Mapping, b: &Mapping, a_offset: u64) -> Option<u64> {
    a_of_b(b, a, a_offset)
}

/// Layout B's memory, at most [`MAX_CELLS`] drawn cells, in rows shaped
/// for a `w` x `h` picture.
pub fn memory_picture(a: &Mapping, b: &Mapping, w: f64, h: f64) -> MemoryPicture {
    let footprint = b.footprint();
    let stride = footprint.div_ceil(MAX_CELLS).max(1);
    let count = footprint.div_ceil(stride);
    let aspect = if w > 0.0 && h > 0.0 { w / h } else { 1.0 };
    let cols = ((count as f64 * aspect).sqrt().ceil() as u64).clamp(1, count.max(1));
    let rows = count.div_ceil(cols);
    let cells = (0..count).map(|k| a_of_b(a, b, k * stride)).collect();
    MemoryPicture {
        cols,
        rows,
        stride,
        cells,
    }
}

impl MemoryPicture {
    /// The drawn cell showing `b_offset`: `(row, col)`.
    pub fn place(&self, b_offset: u64) -> Option<(u64, u64)> {
        let k = b_offset / self.stride;
        (k < self.cells.len() as u64).then_some((k / self.cols, k % self.cols))
    }

    /// The first B offset of the drawn cell at `(row, col)`.
    pub fn offset_at(&self, row: u64, col: u64) -> Option<u64> {
        if col >= self.cols {
            return None;
        }
        let k = row.checked_mul(self.cols)?.checked_add(col)?;
        (k < self.cells.len() as u64).then_some(k * self.stride)
    }

    /// Side of a square cell that fits `w` x `h`.
    pub fn cell_size(&self, w: f64, h: f64) -> f64 {
        (w / self.cols.max(1) as f64).min(h / self.rows.max(1) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{self, Shape};

    fn mapping(text: &str) -> Mapping {
        let Shape::Array(a) = core::parse(text).unwrap() else {
            panic!("not an array: {text}");
        };
        Mapping::new(&a.layout().unwrap()).unwrap()
    }

    #[test]
    fn the_seeds_two_by_three_links_elements_both_ways() {
        // XLA's "Shapes and layout" page: [2x3] in {1,0} holds a b c d e f,
        // in {0,1} a d b e c f.
        let a = mapping("f32[2,3]{1,0}");
        let b = mapping("f32[2,3]{0,1}");
        let letters_a = ['a', 'b', 'c', 'd', 'e', 'f'];
        let in_b: Vec<char> = (0..6)
            .map(|o| letters_a[a_of_b(&a, &b, o).unwrap() as usize])
            .collect();
        assert_eq!(in_b, ['a', 'd', 'b', 'e', 'c', 'f']);
        for o in 0..6 {
            assert_eq!(b_of_a(&a, &b, a_of_b(&a, &b, o).unwrap()), Some(o));
        }
        let p = memory_picture(&a, &b, 420.0, 260.0);
        assert_eq!(p.stride, 1);
        assert_eq!(p.cells, [0, 3, 1, 4, 2, 5].map(Some));
        let (r, c) = p.place(4).unwrap();
        assert_eq!(p.offset_at(r, c), Some(4));
    }

    #[test]
    fn padding_has_no_partner_and_large_memories_are_sampled() {
        // f32[3]{0:T(4)}: offset 3 is padding of the 4-element tile.
        let a = mapping("f32[3]{0}");
        let b = mapping("f32[3]{0:T(4)}");
        let p = memory_picture(&a, &b, 100.0, 100.0);
        assert_eq!(p.cells, [Some(0), Some(1), Some(2), None]);
        let a = mapping("f32[1024,1024]{1,0}");
        let b = mapping("f32[1024,1024]{0,1}");
        let p = memory_picture(&a, &b, 420.0, 260.0);
        assert!(p.cells.len() as u64 <= MAX_CELLS);
        assert_eq!(p.stride, 64);
        // Drawn cell 1 starts at B offset 64: element (64, 0), A offset 64 * 1024.
        assert_eq!(p.cells[1], Some(64 * 1024));
        assert_eq!(p.place(1 << 20), None);
    }
}
