//! Where the padding comes from: one row per tiling level and coordinate
//! it rounds up, then `L(n)`, sub-byte packing and widening. The factors
//! multiply to the expansion (footprint bits over data bits) exactly.

use serde::Serialize;

use crate::core::analysis::Analysis;
use crate::core::array::TileDim;

/// One factor of the expansion.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Factor {
    /// Tiling level, 1-based; 0 for the `kind` rows.
    pub level: usize,
    /// The coordinate the level rounds up: a dim number (`"2"`), dims
    /// merged by `*` (`"0*1"`), a part an earlier level made (`"1 tiles"`:
    /// its tile count, `"1 within"`: its place inside the tile), or `"new"`
    /// for a size-1 dim added in front because the tile is longer than the
    /// shape. `null` for `kind` rows.
    pub dim: Option<String>,
    /// Size before and after rounding up (elements); for `widening` and
    /// `packing` rows, bits of data and bits stored per element; for
    /// `tail`, the footprint before and after `L(n)`; for
    /// `padded_dimensions`, the element count before and after.
    pub before: u64,
    pub after: u64,
    /// `after / before`; `null` when `before` is 0 (an empty array).
    pub factor: Option<f64>,
    /// The tile entry (or `L(n)`, `E(n)`) that caused it.
    pub tile_entry: u64,
    /// `tail`, `packing`, `widening` or `padded_dimensions`; absent for
    /// tiling rows.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kind: Option<&'static str>,
}

impl Factor {
    fn new(level: usize, dim: Option<String>, before: u64, after: u64, entry: u64) -> Factor {
        Factor {
            level,
            dim,
            before,
            after,
            factor: (before > 0).then(|| after as f64 / before as f64),
            tile_entry: entry,
            kind: None,
        }
    }
}

/// Labels of the coordinates each tiling level works on, built the way the
/// mapping builds its coordinates (see `mapping/plan.rs`): per level, the
/// labels of the tiled coordinates, minor-most last.
fn tiled_labels(analysis: &Analysis) -> Vec<Vec<String>> {
    let layout = &analysis.layout;
    let mut current: Vec<String> = layout
        .physical_order()
        .iter()
        .map(usize::to_string)
        .collect();
    let mut out = Vec::new();
    for tile in layout.tiles() {
        let k = tile.len();
        while current.len() < k {
            current.insert(0, "new".to_owned());
        }
        let first = current.len() - k;
        let mut untouched: Vec<String> = current[..first].to_vec();
        let mut tiled = Vec::new();
        let mut carry: Option<String> = None;
        for (label, entry) in current[first..].iter().zip(tile.dims()) {
            let label = match carry.take() {
                Some(hi) => format!("{hi}*{label}"),
                None => label.clone(),
            };
            match entry {
                TileDim::Combine => carry = Some(label),
                TileDim::Size(_) => tiled.push(label),
            }
        }
        untouched.extend(tiled.iter().map(|l| format!("{l} tiles")));
        untouched.extend(tiled.iter().map(|l| format!("{l} within")));
        out.push(tiled);
        current = untouched;
    }
    out
}

/// Every factor of the expansion of an analysed array.
pub fn factors(analysis: &Analysis) -> Vec<Factor> {
    let mapping = &analysis.mapping;
    let stats = &analysis.stats;
    let mut rows = Vec::new();
    if mapping.is_legacy() {
        let padded = mapping.extents().iter().product::<u64>();
        let mut f = Factor::new(0, None, stats.elements, padded, padded);
        f.kind = Some("padded_dimensions");
        rows.push(f);
    }
    let labels = tiled_labels(analysis);
    for level in 0..mapping.num_levels() {
        let (Some(input), Some(tile)) =
            (mapping.level_input_shape(level), mapping.level_tile(level))
        else {
            continue;
        };
        let tiled = &input[input.len() - tile.len()..];
        for (k, (&size, &t)) in tiled.iter().zip(tile).enumerate() {
            let label = labels.get(level).and_then(|l| l.get(k)).cloned();
            rows.push(Factor::new(
                level + 1,
                label,
                size,
                size.div_ceil(t).saturating_mul(t),
                t,
            ));
        }
    }
    if analysis.layout.tail_padding_alignment() > 1 {
        let mut f = Factor::new(
            0,
            None,
            mapping.footprint_before_tail(),
            mapping.footprint(),
            analysis.layout.tail_padding_alignment(),
        );
        f.kind = Some("tail");
        rows.push(f);
    }
    let e = analysis.layout.element_size_bits_attr();
    if e != 0 {
        let mut f = Factor::new(0, None, stats.data_bits, stats.element_bits, e);
        f.kind = Some(if stats.element_bits > stats.data_bits {
            "widening"
        } else {
            "packing"
        });
        rows.push(f);
    }
    rows
}
