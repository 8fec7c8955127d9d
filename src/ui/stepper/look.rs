//! The app's stage view drawn like the main picture (issue 71): linear
//! memory wrapped as the page's memory view wraps it, "split into tiles"
//! with the tiles drawn apart (it was pixel for pixel the pad stage), and
//! what each rectangle says and how it is outlined: the element's letter,
//! its first-level tile. Plain Rust; `ui/web/stages.rs` paints it.

use crate::core::steps::{StageKind, Steps};
use crate::core::{Cell, Mapping};

use super::{placed, Placed, StagePicture};

/// Pixels between two tiles in a "split into tiles" stage.
pub const TILE_GAP: f64 = 8.0;

/// `steps` with its linear stages wrapped at `row_width` (the memory
/// view's row), so that the last stage is the page's memory row:
/// `a d b e c f` for `f32[2,3]{0,1}`.
pub fn with_memory_rows(steps: &Steps, row_width: u64) -> Steps {
    let mut out = steps.clone();
    out.set_row_width(row_width.max(1));
    out
}

/// The rectangles of stage `stage` on a `w` x `h` picture: as
/// [`placed`], and in a split stage each tile moved apart from its
/// neighbours by [`TILE_GAP`] (one tile a `fold_unit` wide and a
/// `row_fold_unit` high), when the stage is drawn unfolded.
pub fn placed_apart(
    steps: &Steps,
    stage: usize,
    picture: &StagePicture,
    w: f64,
    h: f64,
) -> Vec<Placed> {
    let split = matches!(
        steps.stages().get(stage).map(|s| s.kind()),
        Some(StageKind::Split { .. })
    );
    if !split || picture.blocks {
        return placed(picture, w, h);
    }
    let (ux, uy) = (picture.fold_unit.max(1), picture.row_fold_unit.max(1));
    let gaps = |at: u64, n: u64, u: u64| (at + n.max(1) - 1) / u - at / u;
    let gaps_x = gaps(picture.col0, picture.cols, ux);
    let gaps_y = gaps(picture.row0, picture.rows, uy);
    let (w2, h2) = (w - gaps_x as f64 * TILE_GAP, h - gaps_y as f64 * TILE_GAP);
    if w2 <= 0.0 || h2 <= 0.0 {
        return placed(picture, w, h);
    }
    let mut out = placed(picture, w2, h2);
    let size = (w2 / picture.cols.max(1) as f64).min(h2 / picture.rows.max(1) as f64);
    // Only where the stage was drawn as its grid (not folded or rewrapped).
    let unfolded = out.len() == picture.cells.len()
        && out.iter().zip(&picture.cells).all(|(p, c)| {
            (p.x - (c.col - picture.col0) as f64 * size).abs() < 1e-6
                && (p.y - (c.row - picture.row0) as f64 * size).abs() < 1e-6
        });
    if !unfolded {
        return placed(picture, w, h);
    }
    for (p, c) in out.iter_mut().zip(&picture.cells) {
        // (tiles counted from the stage's edge: a panned window may start
        // inside one)
        p.x += (c.col / ux - picture.col0 / ux) as f64 * TILE_GAP;
        p.y += (c.row / uy - picture.row0 / uy) as f64 * TILE_GAP;
    }
    out
}

/// What a rectangle says: the element's letter (`a` for row-major id 0)
/// when the array has at most 26 elements, else nothing (its offset is in
/// the hover's panel).
pub fn letter(mapping: &Mapping, cell: &Placed) -> Option<char> {
    if mapping.num_elements() > 26 || !cell.element {
        return None;
    }
    match mapping.at(cell.offset) {
        Some(Cell::Element(id)) => Some(char::from(b'a' + (id % 26) as u8)),
        _ => None,
    }
}

/// The first-level tile a rectangle's offset is in (`None` untiled).
pub fn tile_of(mapping: &Mapping, offset: u64) -> Option<u64> {
    tile_at(mapping, 0, offset)
}

/// The tile of tiling level `level` (0-based) an offset is in: a level's
/// tile is a run of memory inside the tile of the level above (a `(2,1)`
/// tile of `T(8,128)(2,1)` is two offsets).
fn tile_at(mapping: &Mapping, level: usize, offset: u64) -> Option<u64> {
    mapping.tile_elements(level).map(|t| offset / t.max(1))
}

/// The outline of every first-level tile whose rectangles make a
/// rectangle on the picture (`x, y, w, h`), in tile order.
pub fn tile_outlines(mapping: &Mapping, cells: &[Placed]) -> Vec<[f64; 4]> {
    tile_outlines_at(mapping, 0, cells)
}

/// [`tile_outlines`] for the tiles of level `level` (the second level's
/// pairs of `T(8,128)(2,1)` are level 1). Tiles of one element are not
/// outlined (the cell's own edge says it).
pub fn tile_outlines_at(mapping: &Mapping, level: usize, cells: &[Placed]) -> Vec<[f64; 4]> {
    if mapping.tile_elements(level).is_none_or(|t| t < 2) {
        return Vec::new();
    }
    let Some(mut tiles) = cells
        .iter()
        .map(|c| tile_at(mapping, level, c.offset).map(|t| (t, c)))
        .collect::<Option<Vec<_>>>()
    else {
        return Vec::new();
    };
    tiles.sort_unstable_by_key(|&(t, _)| t);
    let mut out = Vec::new();
    for run in tiles.chunk_by(|a, b| a.0 == b.0) {
        let mut b = [f64::MAX, f64::MAX, f64::MIN, f64::MIN];
        let mut area = 0.0;
        for (_, c) in run {
            b = [
                b[0].min(c.x),
                b[1].min(c.y),
                b[2].max(c.x + c.w),
                b[3].max(c.y + c.h),
            ];
            area += c.w * c.h;
        }
        if ((b[2] - b[0]) * (b[3] - b[1]) - area).abs() < 0.5 {
            out.push([b[0], b[1], b[2] - b[0], b[3] - b[1]]);
        }
    }
    out
}

/// The rectangle under a picture point, if any.
pub fn cell_at(cells: &[Placed], x: f64, y: f64) -> Option<&Placed> {
    cells
        .iter()
        .find(|c| x >= c.x && x < c.x + c.w && y >= c.y && y < c.y + c.h)
}
