//! The app's compared memory laid out like the page's memory view (issue
//! 71): the second layout's cells wrapped at the memory view's row width
//! (`f32[2,3]{0,1}` against `{1,0}`: one row of six, not 4 + 2), each
//! with its element's letter for arrays of at most 26 elements.
//! Plain Rust; `ui/web/compare_row.rs` paints it.

use crate::core::mapping::{Cell, Mapping};

use super::compare_view::{memory_picture, MemoryPicture};

/// [`memory_picture`] wrapped at `row_width` cells a row when every cell
/// is drawn (`stride` 1); sampled pictures keep their own shape.
pub fn memory_rows(a: &Mapping, b: &Mapping, row_width: u64, w: f64, h: f64) -> MemoryPicture {
    let mut p = memory_picture(a, b, w, h);
    let count = p.cells.len() as u64;
    if p.stride == 1 && count > 0 {
        p.cols = row_width.clamp(1, count);
        p.rows = count.div_ceil(p.cols);
    }
    p
}

/// The letter of the element stored at `b_offset` in `b` (`a` for
/// row-major id 0), for arrays of at most 26 elements.
pub fn letter_at(b: &Mapping, b_offset: u64) -> Option<char> {
    if b.num_elements() > 26 {
        return None;
    }
    match b.at(b_offset)? {
        Cell::Element(id) => Some(char::from(b'a' + (id % 26) as u8)),
        Cell::Padding(_) => None,
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
    fn the_seeds_compare_reads_a_d_b_e_c_f_in_one_row() {
        // XLA's "Shapes and layout" page: [2x3] {0,1} holds a d b e c f.
        let (a, b) = (mapping("f32[2,3]{1,0}"), mapping("f32[2,3]{0,1}"));
        let p = memory_rows(&a, &b, 6, 420.0, 260.0);
        assert_eq!((p.rows, p.cols), (1, 6));
        let text: String = (0..6).filter_map(|o| letter_at(&b, o)).collect();
        assert_eq!(text, "adbecf");
        // The old shape, for the record: 4 + 2 in a 420x260 picture.
        let old = memory_picture(&a, &b, 420.0, 260.0);
        assert_eq!((old.rows, old.cols), (2, 4));
        // A wider row than there are cells: one row of them all.
        assert_eq!(memory_rows(&a, &b, 64, 420.0, 260.0).cols, 6);
        // Padding has no letter; 27 elements have none.
        let padded = mapping("f32[3]{0:T(4)}");
        assert_eq!(letter_at(&padded, 3), None);
        assert_eq!(letter_at(&padded, 2), Some('c'));
        assert_eq!(letter_at(&mapping("f32[27]"), 0), None);
    }
}
