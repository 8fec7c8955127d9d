//! The memory view's fast path: a grid of memory cells looked up with one
//! decode per sampled row and per sampled column (of each class of
//! samples, `super::sampling`), and a few additions per
//! cell ([`OffsetParts`], `core/mapping/parts.rs`), instead of decoding
//! every cell's offset.

use crate::core::{Cell, OffsetParts, NO_TILE};

use super::sampling::Samples;
use super::views::Probe;

/// Like probing every sample of `samples` (cells `(x, y)`) of the memory
/// view whose rows are `parts`' width wide.
pub fn probe_parts(
    mut parts: OffsetParts<'_>,
    samples: &Samples,
    probes: &mut Vec<Probe>,
    tiles: &mut Vec<u64>,
) {
    let (cols, rows) = samples.size();
    let col_classes = samples.classes().1;
    // Each class's columns and rows decoded once.
    let columns: Vec<_> = samples.all_xs().iter().map(|&x| parts.column(x)).collect();
    let lines: Vec<_> = samples.all_ys().iter().map(|&y| parts.row(y)).collect();
    let mut t = vec![0u64; parts.levels()];
    let col_class = samples.col_classes();
    for i in 0..rows {
        let columns = &columns[samples.row_class(i) * cols..][..cols];
        for (j, column) in columns.iter().enumerate() {
            let row = match col_classes {
                1 => lines[i],
                _ => lines[usize::from(col_class[j]) * rows + i],
            };
            let found = match (row, *column) {
                (Some(r), Some(c)) => parts.cell(r, c, &mut t),
                _ => None,
            };
            probes.push(match found {
                Some((offset, Cell::Element(id))) => Probe::Element { offset, id },
                Some((offset, Cell::Padding(source))) => Probe::Padding { offset, source },
                None => {
                    t.fill(NO_TILE);
                    Probe::Outside
                }
            });
            tiles.extend_from_slice(&t);
        }
    }
}
