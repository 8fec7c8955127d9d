//! Building the stages of a layout: XLA's tiling as pad, reshape and
//! transpose, one stage per step (`docs/tiled_layout.md` in openxla/xla,
//! "Tiling as pad-reshape-transpose", "Repeated tiling", "Combining
//! dimensions using tiles"; `docs/shapes.md` for minor_to_major and
//! `tail_padding_alignment_in_elements`).

use std::ops::Range;

use super::grid::Grid;
use super::ops::Op;
use super::{Stage, StageDim, StageKind};
use crate::core::array::{ArrayLayout, TileDim, MAX_SIZE};
use crate::core::error::ErrorKind;
use crate::core::semantics::dim_letters;
use crate::core::summary::tile_text;

/// Labels longer than this are replaced by a short positional name.
const MAX_LABEL: usize = 24;

/// The stages of `layout` and the ops between them (`ops[k]` turns stage
/// `k` into stage `k + 1`).
pub(crate) fn build(layout: &ArrayLayout) -> Result<(Vec<Stage>, Vec<Op>), ErrorKind> {
    let extents: Vec<u64> = layout
        .dims()
        .iter()
        .enumerate()
        .map(|(dim, d)| d.extent().ok_or(ErrorKind::UnboundedDim { dim }))
        .collect::<Result<_, _>>()?;
    let n = extents.len();
    let labels: Vec<String> = match dim_letters(n) {
        Some(letters) => letters.iter().map(|s| (*s).to_owned()).collect(),
        None => (0..n).map(|d| format!("d{d}")).collect(),
    };
    let mut b = Builder::default();
    let logical: Vec<StageDim> = extents
        .iter()
        .zip(&labels)
        .map(|(&size, label)| StageDim::new(size, label.clone()))
        .collect();
    b.push_plain(StageKind::Logical, "logical".to_owned(), logical, None)?;

    let physical = layout.physical_order();
    let dims: Vec<StageDim> = physical.iter().map(|&d| b.last()[d].clone()).collect();
    let note = layout.has_default_minor_to_major().then(|| {
        "the default minor_to_major: physical order is dimension order, nothing moves".to_owned()
    });
    b.ops.push(Op::Permute(physical));
    b.push_plain(StageKind::Physical, "physical order".to_owned(), dims, note)?;

    for (level, tile) in layout.tiles().iter().enumerate() {
        b.level(level, tile.dims())?;
    }

    let sizes: Vec<u64> = b.last().iter().map(|d| d.size).collect();
    let raw = cells(&sizes)?;
    b.ops.push(Op::Linearise { sizes });
    let linear = vec![StageDim::new(raw, "offset".to_owned())];
    b.push_wrapped(StageKind::Linear, "linear memory".to_owned(), linear, None);

    let align = layout.tail_padding_alignment();
    if align > 1 {
        let total = raw
            .div_ceil(align)
            .checked_mul(align)
            .filter(|&t| t <= MAX_SIZE)
            .ok_or(ErrorKind::Overflow { what: "footprint" })?;
        b.ops.push(Op::Tail { before: raw });
        let note = layout.tiles().is_empty().then(|| {
            "for an untiled array XLA's ShapeUtil::ArraySize (xla/shape_util.cc) returns ByteSizeOfElements, without this tail; the footprint here includes it, as docs/shapes.md defines L(n)".to_owned()
        });
        let dims = vec![StageDim::new(total, "offset".to_owned())];
        b.push_wrapped(
            StageKind::Tail,
            format!("L({align}) tail ({})", crate::core::array::TAIL_FIELD),
            dims,
            note,
        );
    }
    Ok((b.stages, b.ops))
}

#[derive(Default)]
struct Builder {
    stages: Vec<Stage>,
    ops: Vec<Op>,
}

impl Builder {
    fn last(&self) -> &[StageDim] {
        self.stages.last().map_or(&[], |s| s.dims.as_slice())
    }

    /// A stage drawn with every dim but the most minor down the rows.
    fn push_plain(
        &mut self,
        kind: StageKind,
        title: String,
        dims: Vec<StageDim>,
        note: Option<String>,
    ) -> Result<(), ErrorKind> {
        let m = dims.len();
        let rows = (0..m.saturating_sub(1)).collect();
        let cols = (m.saturating_sub(1)..m).collect();
        self.push(kind, title, dims, note, |sizes| {
            Grid::dims(sizes, rows, cols)
        })
    }

    fn push_wrapped(
        &mut self,
        kind: StageKind,
        title: String,
        dims: Vec<StageDim>,
        note: Option<String>,
    ) {
        let len = dims[0].size;
        let width = self.stages.last().map_or(1, |s| s.default_width).max(1);
        let stage = Stage {
            kind,
            title,
            dims,
            note,
            grid: Grid::Wrapped { width, len },
            default_width: width,
        };
        self.stages.push(stage);
    }

    fn push(
        &mut self,
        kind: StageKind,
        title: String,
        dims: Vec<StageDim>,
        note: Option<String>,
        grid: impl FnOnce(&[u64]) -> Grid,
    ) -> Result<(), ErrorKind> {
        let sizes: Vec<u64> = dims.iter().map(|d| d.size).collect();
        cells(&sizes)?;
        // The row width memory is wrapped to: the first level's tile, or
        // the most minor dim of an untiled array.
        let default_width = match kind {
            StageKind::Physical => sizes.last().copied().unwrap_or(1),
            StageKind::TilesMajor { level: 0 } => self.tile_elements(),
            _ => self.stages.last().map_or(1, |s| s.default_width),
        };
        let grid = grid(&sizes);
        self.stages.push(Stage {
            kind,
            title,
            dims,
            note,
            grid,
            default_width,
        });
        Ok(())
    }

    /// Cells in one tile of the level just split: the product of the sizes
    /// the last `Split` lists.
    fn tile_elements(&self) -> u64 {
        match self
            .ops
            .iter()
            .rev()
            .find(|op| matches!(op, Op::Split { .. }))
        {
            Some(Op::Split { tiles, .. }) => tiles.iter().product::<u64>().max(1),
            _ => 1,
        }
    }

    /// One tiling level: combine (if needed), pad, split, tiles major.
    fn level(&mut self, level: usize, tile: &[TileDim]) -> Result<(), ErrorKind> {
        let name = format!("level {} T{}", level + 1, tile_text(tile));
        let k = tile.len();
        let cur: Vec<StageDim> = self.last().to_vec();
        let leading = k.saturating_sub(cur.len());
        let has_star = tile.contains(&TileDim::Combine);
        if leading > 0 || has_star {
            let (groups, dims) = regroup(&cur, tile, leading)?;
            let mut why = Vec::new();
            if leading > 0 {
                why.push(format!(
                    "the tile has {k} entries and the shape {} dims: {leading} leading dim(s) of size 1 are added",
                    cur.len()
                ));
            }
            if has_star {
                why.push("each `*` merges its dim into the next more-minor one".to_owned());
            }
            self.ops.push(Op::Regroup {
                groups,
                in_sizes: cur.iter().map(|d| d.size).collect(),
            });
            self.push_plain(
                StageKind::Combine { level },
                format!("{name}: combine dims"),
                dims,
                Some(why.join("; ")),
            )?;
        }
        let cur: Vec<StageDim> = self.last().to_vec();
        let tiles: Vec<u64> = tile
            .iter()
            .filter_map(|t| match t {
                TileDim::Size(n) => Some(*n),
                TileDim::Combine => None,
            })
            .collect();
        let first = cur.len() - tiles.len();
        let mut padded = cur.clone();
        for (d, &t) in padded[first..].iter_mut().zip(&tiles) {
            d.size = d
                .size
                .div_ceil(t)
                .checked_mul(t)
                .filter(|&p| p <= MAX_SIZE)
                .ok_or(ErrorKind::Overflow {
                    what: "padded dimension",
                })?;
        }
        let note = packing_note(level, &tiles);
        self.ops.push(Op::Pad {
            first,
            tiles: tiles.clone(),
            before: cur.iter().map(|d| d.size).collect(),
        });
        self.push_plain(
            StageKind::Pad { level },
            format!("{name}: pad"),
            padded.clone(),
            note,
        )?;

        let mut split = padded[..first].to_vec();
        for (j, (d, &t)) in padded[first..].iter().zip(&tiles).enumerate() {
            let q = label(&d.label, '/', t, || format!("q{}.{j}", level + 1));
            let r = label(&d.label, '%', t, || format!("r{}.{j}", level + 1));
            split.push(StageDim::new(d.size / t, q));
            split.push(StageDim::new(t, r));
        }
        self.ops.push(Op::Split {
            first,
            tiles: tiles.clone(),
        });
        let m = split.len();
        self.push(
            StageKind::Split { level },
            format!("{name}: split into tiles"),
            split.clone(),
            None,
            |sizes| Grid::dims(sizes, (0..m - 2).collect(), vec![m - 2, m - 1]),
        )?;

        let kk = tiles.len();
        let mut perm: Vec<usize> = (0..first).collect();
        perm.extend((0..kk).map(|j| first + 2 * j));
        perm.extend((0..kk).map(|j| first + 2 * j + 1));
        let dims: Vec<StageDim> = perm.iter().map(|&p| split[p].clone()).collect();
        self.ops.push(Op::Permute(perm));
        let rows: Vec<usize> = (0..first).chain(first + kk..first + 2 * kk - 1).collect();
        let cols: Vec<usize> = (first..first + kk).chain([first + 2 * kk - 1]).collect();
        self.push(
            StageKind::TilesMajor { level },
            format!("{name}: tiles major"),
            dims,
            None,
            |sizes| Grid::dims(sizes, rows, cols),
        )
    }
}

/// The groups of input dims each output dim of a combine stage merges, and
/// the output dims.
fn regroup(
    cur: &[StageDim],
    tile: &[TileDim],
    leading: usize,
) -> Result<(Vec<Range<usize>>, Vec<StageDim>), ErrorKind> {
    let k = tile.len();
    // Positions in the list with `leading` size-1 dims in front; position
    // p >= leading is input dim p - leading.
    let total = cur.len() + leading;
    let untouched = total - k;
    let mut groups: Vec<Range<usize>> = (0..untouched).map(|p| p..p + 1).collect();
    let mut dims: Vec<StageDim> = cur[..untouched].to_vec();
    let mut start: Option<usize> = None;
    let mut names: Vec<String> = Vec::new();
    for (j, entry) in tile.iter().enumerate() {
        let p = untouched + j;
        if p >= leading {
            start.get_or_insert(p - leading);
            names.push(cur[p - leading].label.clone());
        }
        if *entry == TileDim::Combine {
            continue;
        }
        let end = if p >= leading { p - leading + 1 } else { 0 };
        let range = start.take().map_or(0..0, |s| s..end);
        let size = cur[range.clone()]
            .iter()
            .try_fold(1u64, |acc, d| {
                acc.checked_mul(d.size).filter(|&s| s <= MAX_SIZE)
            })
            .ok_or(ErrorKind::Overflow {
                what: "combined dimension",
            })?;
        let name = match names.len() {
            0 => "1".to_owned(),
            1 => names[0].clone(),
            _ => format!("({})", names.join(",")),
        };
        names.clear();
        let name = if name.len() > MAX_LABEL {
            format!("c{}", groups.len())
        } else {
            name
        };
        groups.push(range);
        dims.push(StageDim::new(size, name));
    }
    Ok((groups, dims))
}

/// `y/2`, `(y%8)/2`, or `fallback()` when that gets long.
fn label(parent: &str, op: char, t: u64, fallback: impl FnOnce() -> String) -> String {
    let simple = parent.chars().all(|c| c.is_ascii_alphanumeric());
    let text = if simple {
        format!("{parent}{op}{t}")
    } else {
        format!("({parent}){op}{t}")
    };
    if text.len() > MAX_LABEL {
        fallback()
    } else {
        text
    }
}

/// What XLA's docs say a packing tile does, for tiles of the form
/// `(k,1,...,1)` after the first level.
fn packing_note(level: usize, tiles: &[u64]) -> Option<String> {
    let (&k, rest) = tiles.split_first()?;
    if level == 0 || k < 2 || rest.is_empty() || rest.iter().any(|&t| t != 1) {
        return None;
    }
    Some(format!(
        "a ({k}{}) tile gathers {k} elements from {k} consecutive positions of its most major dim into adjacent offsets; docs/tiled_layout.md uses (2,1) to put two 16-bit values in one 32-bit word, (4,1) four 8-bit ones and (32,1) 32 1-bit ones. The offsets here count elements, whatever their width",
        ",1".repeat(rest.len())
    ))
}

/// Cells in a stage: 0 if any size is 0, else the product, which must fit
/// in int64.
pub(crate) fn cells(sizes: &[u64]) -> Result<u64, ErrorKind> {
    if sizes.contains(&0) {
        return Ok(0);
    }
    sizes
        .iter()
        .try_fold(1u64, |acc, &s| {
            acc.checked_mul(s).filter(|&p| p <= MAX_SIZE)
        })
        .ok_or(ErrorKind::Overflow { what: "stage size" })
}
