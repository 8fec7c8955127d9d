//! What to draw for a mapping on a canvas of a given size: a first, small
//! picture of memory order (the full visualizer will live in `src/render/`).
//!
//! Two panels, one above the other, in CSS pixels:
//!
//! ```text
//!   logical grid: the two most minor logical dims      memory strip: offsets 0, 1, 2, ...
//!   (rows = dim n-2, cols = dim n-1, higher dims at 0)  wrapped into rows
//!   +--+--+--+--+--+                                   +--+--+--+--+--+--+
//!   |0 |1 |4 |5 |8 |  each cell coloured by the         |  |  |  |  |  |  |  same colours;
//!   +--+--+--+--+--+  memory order of the cells shown   +--+--+--+--+--+--+  padding grey
//! ```
//!
//! The colour of a cell is its rank by memory offset among the cells on
//! screen, along the viridis ramp: the first in memory is dark purple, the
//! last yellow. Work is bounded by the canvas area: at most
//! `(width / MIN_CELL) * (height / MIN_CELL)` cells, whatever the array size.

use crate::core::{Cell, Mapping};

use super::colour::{ramp_for_rank, Rgb, OFF_SCREEN, PADDING};

/// Smallest cell edge in CSS pixels; bounds the number of cells drawn.
pub const MIN_CELL: f64 = 4.0;
/// Largest cell edge in CSS pixels, so that tiny arrays stay readable.
pub const MAX_CELL: f64 = 48.0;
/// Space between the two panels.
pub const PANEL_GAP: f64 = 16.0;
/// Share of the height given to the logical grid.
const GRID_SHARE: f64 = 0.6;

/// A panel of square cells in row-major order.
#[derive(Clone, Debug, PartialEq)]
pub struct Panel {
    /// Top-left corner of the panel.
    pub x: f64,
    pub y: f64,
    /// Cell edge.
    pub cell: f64,
    pub rows: usize,
    pub cols: usize,
    /// `rows * cols` colours, row-major; `None` leaves the cell empty.
    pub colours: Vec<Option<Rgb>>,
}

/// The whole drawing plus what the captions say about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    /// Sizes of the drawn leaf in dimension-number order.
    pub dims: Vec<u64>,
    /// Rows and columns of the logical 2-D slice (before clipping).
    pub slice_rows: u64,
    pub slice_cols: u64,
    pub grid: Panel,
    pub strip: Panel,
    /// Memory slots shown in the strip, from offset 0.
    pub slots_shown: u64,
    pub footprint: u64,
    pub padding_shown: u64,
}

/// The rows and columns of the logical slice drawn for `dims`.
pub fn slice_shape(dims: &[u64]) -> (u64, u64) {
    match dims {
        [] => (1, 1),
        [cols] => (1, *cols),
        [.., rows, cols] => (*rows, *cols),
    }
}

/// Plans the drawing of `mapping` on a `width` x `height` CSS-pixel canvas.
pub fn plan(mapping: &Mapping, width: f64, height: f64) -> Plan {
    let dims = mapping.dims().to_vec();
    let (slice_rows, slice_cols) = slice_shape(&dims);
    let grid_height = ((height - PANEL_GAP) * GRID_SHARE).max(MIN_CELL);

    // Logical grid: the largest cell that fits, clamped; then as many
    // rows and columns as fit at that size.
    let fit = |count: u64, room: f64| {
        if count == 0 {
            MAX_CELL
        } else {
            room / count as f64
        }
    };
    let cell = fit(slice_cols, width)
        .min(fit(slice_rows, grid_height))
        .clamp(MIN_CELL, MAX_CELL)
        .floor();
    let cols = slice_cols.min((width / cell) as u64) as usize;
    let rows = slice_rows.min((grid_height / cell) as u64) as usize;

    let mut index = vec![0u64; dims.len()];
    let offsets: Vec<Option<u64>> = (0..rows * cols)
        .map(|i| {
            if let [.., row, col] = index.as_mut_slice() {
                (*row, *col) = ((i / cols) as u64, (i % cols) as u64);
            } else if let [col] = index.as_mut_slice() {
                *col = i as u64;
            }
            mapping.offset_of(&index)
        })
        .collect();
    let mut order: Vec<u64> = offsets.iter().flatten().copied().collect();
    order.sort_unstable();
    order.dedup();
    let colour_of = |offset: u64| {
        order
            .binary_search(&offset)
            .ok()
            .map(|rank| ramp_for_rank(rank, order.len()))
    };

    let grid = Panel {
        x: 0.0,
        y: 0.0,
        cell,
        rows,
        cols,
        colours: offsets
            .iter()
            .map(|offset| offset.and_then(colour_of))
            .collect(),
    };

    // Memory strip: slots 0.. wrapped; shrink cells until the footprint
    // fits or the minimum size is reached.
    let footprint = mapping.footprint();
    let strip_y = rows as f64 * cell + PANEL_GAP;
    let strip_height = (height - strip_y).max(0.0);
    let mut strip_cell = cell;
    let capacity =
        |edge: f64| ((width / edge).floor() as u64) * ((strip_height / edge).floor() as u64);
    while strip_cell > MIN_CELL && capacity(strip_cell) < footprint {
        strip_cell = (strip_cell - 1.0).max(MIN_CELL);
    }
    let strip_cols = (width / strip_cell).floor() as u64;
    let strip_cols = wrap_width(strip_cols, footprint, mapping.tile_elements(0)).max(1);
    let slots_shown = footprint.min(strip_cols * (strip_height / strip_cell).floor() as u64);
    let mut padding_shown = 0;
    let strip_colours = (0..slots_shown)
        .map(|offset| match mapping.at(offset) {
            Some(Cell::Element(_)) => Some(colour_of(offset).unwrap_or(OFF_SCREEN)),
            Some(Cell::Padding(_)) => {
                padding_shown += 1;
                Some(PADDING)
            }
            None => None,
        })
        .collect();
    let strip_rows = slots_shown.div_ceil(strip_cols) as usize;
    let strip = Panel {
        x: 0.0,
        y: strip_y,
        cell: strip_cell,
        rows: strip_rows,
        cols: strip_cols as usize,
        colours: strip_colours,
    };
    Plan {
        dims,
        slice_rows,
        slice_cols,
        grid,
        strip,
        slots_shown,
        footprint,
        padding_shown,
    }
}

/// Row width of the memory strip: all of memory on one row when it fits;
/// else a multiple of the first-level tile when one fits on a row; else a
/// power of two (tiles are usually a power of two, so rows stay aligned).
fn wrap_width(max_cols: u64, footprint: u64, tile_elements: Option<u64>) -> u64 {
    if footprint <= max_cols {
        return footprint.max(1);
    }
    match tile_elements {
        Some(tile) if tile > 1 && tile <= max_cols => max_cols / tile * tile,
        _ if max_cols >= 8 => 1 << (63 - max_cols.leading_zeros()),
        _ => max_cols,
    }
}
