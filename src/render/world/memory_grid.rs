//! The memory view's fast path: a grid of memory cells looked up with one
//! decode per sampled row and per sampled column, and a few additions per
//! cell ([`OffsetParts`], `core/mapping/parts.rs`), instead of decoding
//! every cell's offset.

use crate::core::{Cell, OffsetParts, NO_TILE};

use super::views::Probe;

/// Like probing every cell `(xs[j], ys[i])` of the memory view whose rows
/// are `parts`' width wide.
pub fn probe_parts(
    mut parts: OffsetParts<'_>,
    xs: &[u64],
    ys: &[u64],
    probes: &mut Vec<Probe>,
    tiles: &mut Vec<u64>,
) {
    let columns: Vec<_> = xs.iter().map(|&x| parts.column(x)).collect();
    let mut t = vec![0u64; parts.levels()];
    for &y in ys {
        let row = parts.row(y);
        for column in &columns {
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
