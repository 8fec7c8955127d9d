//! The device grid's geometry: one box per tile of the global array, its
//! valid part (what the devices really hold) inside the shard every device
//! allocates, and the devices' labels; drawn by the page (`#device-grid`)
//! and by SVG export from the same boxes.
//!
//! The two most minor dims of the array are the columns and rows; the
//! tiles of the dims before them are bands stacked top to bottom.

use super::shard::ShardView;
use crate::render::markup::escape;

/// The grid's width in SVG units.
pub const WIDTH: f64 = 320.0;
/// The least height of a row of tiles.
const MIN_ROW: f64 = 18.0;
/// Narrower tiles than this go without a label (their title still says).
const MIN_LABELLED: f64 = 22.0;
/// Room for a band's label above it.
const BAND_LABEL: f64 = 16.0;

/// One tile's box.
#[derive(Clone, Debug, PartialEq)]
pub struct TileBox {
    /// The shard's box (every device allocates all of it).
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
    /// Width and height of the valid part, from the box's corner.
    pub valid_w: f64,
    pub valid_h: f64,
    /// `5` or `5, 13` (replicas), at most three ids and `…`.
    pub label: String,
    pub empty: bool,
    /// The shown device is one of this tile's.
    pub shown: bool,
    /// The devices, for the box's title.
    pub title: String,
    /// Index of the tile's first device in the report's devices.
    pub first: usize,
}

/// The grid: its boxes, band labels and height.
#[derive(Clone, Debug, PartialEq)]
pub struct GridLayout {
    pub boxes: Vec<TileBox>,
    /// `(y, text)` of each band's label.
    pub bands: Vec<(f64, String)>,
    pub height: f64,
}

fn range_text(ranges: &[[u64; 2]]) -> String {
    let parts: Vec<String> = ranges.iter().map(|[s, e]| format!("{s}..{e}")).collect();
    format!("[{}]", parts.join(", "))
}

/// Lays out the grid of `v`'s blocks.
pub fn layout(v: &ShardView) -> GridLayout {
    let rank = v.global_dims.len();
    let ways = &v.report.ways;
    let (col, row) = (rank.checked_sub(1), rank.checked_sub(2));
    let cols = col.map_or(1, |c| ways[c].max(1));
    let rows = row.map_or(1, |r| ways[r].max(1));
    let shard_dim = |d: usize| v.global_dims[d].div_ceil(ways[d].max(1)).max(1);
    // The shard's aspect, clamped so a band is neither a line nor a tower.
    let aspect = match (row, col) {
        (Some(r), Some(c)) => {
            (v.global_dims[r] as f64 / v.global_dims[c].max(1) as f64).clamp(0.15, 1.0)
        }
        _ => 0.15,
    };
    // Rows at least tall enough for a label (a band grows as needed).
    let band_h = (WIDTH * aspect)
        .max(rows as f64 * MIN_ROW)
        .min(WIDTH.max(rows as f64 * MIN_ROW));
    let (w, h) = (WIDTH / cols as f64, band_h / rows as f64);
    let shown = v.shown().map(|d| d.device);
    let mut boxes = Vec::with_capacity(v.blocks.len());
    let mut bands: Vec<(f64, String)> = Vec::new();
    let banded = rank > 2;
    let mut band = 0usize;
    let mut last_key: Option<&[u64]> = None;
    for b in &v.blocks {
        let key = &b.tile[..rank.saturating_sub(2)];
        if banded && last_key != Some(key) {
            band += usize::from(last_key.is_some());
            last_key = Some(key);
            let y = band as f64 * (band_h + BAND_LABEL) + BAND_LABEL - 4.0;
            bands.push((y, format!("tile {} of the leading dims", tile_text(key))));
        }
        let top = if banded {
            band as f64 * (band_h + BAND_LABEL) + BAND_LABEL
        } else {
            0.0
        };
        let (c, r) = (col.map_or(0, |c| b.tile[c]), row.map_or(0, |r| b.tile[r]));
        let frac = |d: Option<usize>| {
            d.map_or(1.0, |d| {
                let [s, e] = b.ranges[d];
                (e - s) as f64 / shard_dim(d) as f64
            })
        };
        let ids: Vec<String> = b.devices.iter().take(3).map(i64::to_string).collect();
        let mut label = ids.join(", ");
        if b.devices.len() > 3 {
            label.push_str(", …");
        }
        if w < MIN_LABELLED {
            label.clear();
        }
        boxes.push(TileBox {
            x: c as f64 * w,
            y: top + r as f64 * h,
            w,
            h,
            valid_w: w * frac(col),
            valid_h: h * frac(row),
            empty: b.elements == 0,
            shown: shown.is_some_and(|s| b.devices.contains(&s)),
            title: {
                // A block's devices are the report's entries from its
                // first on (`blocks`): named as listed, with their chips
                // when a device order came with the mesh (labels keep the
                // short ids the sharding writes).
                let ids = v
                    .report
                    .devices
                    .get(b.first..b.first.saturating_add(b.devices.len()))
                    .unwrap_or_default()
                    .iter()
                    .map(|d| d.name())
                    .collect::<Vec<_>>()
                    .join(", ");
                let (who, verb) = match b.devices.len() {
                    1 => ("device", "holds"),
                    _ => ("devices", "hold"),
                };
                match b.elements {
                    0 => format!("{who} {ids} {verb} nothing"),
                    _ => format!("{who} {ids} {verb} {}", range_text(&b.ranges)),
                }
            },
            label,
            first: b.first,
        });
    }
    let height = match bands.len() {
        0 => band_h,
        n => n as f64 * (band_h + BAND_LABEL),
    };
    GridLayout {
        boxes,
        bands,
        height,
    }
}

impl GridLayout {
    /// The bands' labels and the boxes that reach into `[top, bottom)`
    /// (grid units, as `y` and `height`): what a view of that part of the
    /// grid draws, so that its cost follows what is in view.
    pub fn in_window(&self, top: f64, bottom: f64) -> (Vec<&(f64, String)>, Vec<&TileBox>) {
        let bands = self
            .bands
            .iter()
            .filter(|(y, _)| *y + BAND_LABEL > top && *y - BAND_LABEL < bottom)
            .collect();
        let boxes = self
            .boxes
            .iter()
            .filter(|b| b.y + b.h > top && b.y < bottom)
            .collect();
        (bands, boxes)
    }
}

fn tile_text(t: &[u64]) -> String {
    let parts: Vec<String> = t.iter().map(u64::to_string).collect();
    format!("({})", parts.join(", "))
}

/// The grid as a standalone SVG group at `(x, y)`, for SVG export.
pub fn svg_group(v: &ShardView, x: f64, y: f64) -> String {
    let g = layout(v);
    let mut out = format!(
        "<g class=\"device-grid\" transform=\"translate({x},{y})\" font-family=\"sans-serif\" font-size=\"11\">\
         <text x=\"0\" y=\"-6\">{}</text>",
        escape(&format!("{} over its devices ({})", v.report.shape, v.report.sharding))
    );
    for (y, text) in &g.bands {
        out.push_str(&format!(
            "<text x=\"0\" y=\"{y:.1}\">{}</text>",
            escape(text)
        ));
    }
    for b in &g.boxes {
        out.push_str(&format!(
            "<g><title>{}</title><rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"none\" stroke=\"#888\" stroke-dasharray=\"3 2\"/>\
             <rect x=\"{:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#9ecae1\" stroke=\"{}\" stroke-width=\"{}\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text></g>",
            escape(&b.title),
            b.x, b.y, b.w, b.h,
            b.x, b.y, b.valid_w, b.valid_h,
            if b.shown { "#000" } else { "#3182bd" },
            if b.shown { 2.5 } else { 1.0 },
            b.x + b.w / 2.0,
            b.y + b.h / 2.0 + 4.0,
            escape(if b.empty && !b.label.is_empty() { "empty" } else { &b.label })
        ));
    }
    out.push_str("</g>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::parse;

    fn view(shape: &str, sharding: &str, device: usize) -> ShardView {
        let s = parse(shape).unwrap();
        let a = s.leaf(&[]).unwrap().clone();
        crate::ui::shard::view(&s, &[], &a, sharding, device).unwrap()
    }

    #[test]
    fn boxes_sit_at_their_tiles_and_show_what_is_valid() {
        // 10 rows over 4 devices: shards of 3, the last holds 1 row.
        let g = layout(&view("f32[10,256]{1,0}", "{devices=[4,1]<=[4]}", 3));
        assert_eq!(g.boxes.len(), 4);
        let last = &g.boxes[3];
        assert!((last.valid_h * 3.0 - last.h).abs() < 1e-9);
        assert!(last.shown && !g.boxes[0].shown);
        assert_eq!(g.boxes[1].y, g.boxes[0].h);
        // 6 rows over 8: devices 6 and 7 are empty.
        let g = layout(&view("s32[6,128]{1,0}", "{devices=[8,1]<=[8]}", 0));
        let empty: Vec<bool> = g.boxes.iter().map(|b| b.empty).collect();
        assert_eq!(
            empty,
            [false, false, false, false, false, false, true, true]
        );
        assert_eq!(g.boxes[7].valid_h, 0.0);
    }

    #[test]
    fn replicas_are_listed_and_leading_dims_make_bands() {
        let g = layout(&view(
            "f32[4,8,8]{2,1,0}",
            "{devices=[2,2,1,2]<=[8] last_tile_dim_replicate}",
            0,
        ));
        assert_eq!(g.bands.len(), 2);
        assert_eq!(g.boxes.len(), 4);
        assert_eq!(g.boxes[0].label, "0, 1");
        // Cut 2 x 2 x 1 into shards of [2, 4, 8], each held twice.
        assert_eq!(g.boxes[0].title, "devices 0, 1 hold [0..2, 0..4, 0..8]");
        assert_eq!(g.boxes[3].title, "devices 6, 7 hold [2..4, 4..8, 0..8]");
        assert!(g.boxes[2].y > g.boxes[1].y + g.boxes[1].h);
    }

    /// With a device order, a tile's title names the chip: position 0 of
    /// the mesh is chip 5 (JAX: `NamedSharding._device_assignment` is
    /// `mesh.devices.flat`).
    #[test]
    fn titles_name_the_chips_of_a_device_order() {
        let g = layout(&view("f32[8]{0}", "x=2,devices=[5,7] P('x')", 1));
        let titles: Vec<&str> = g.boxes.iter().map(|b| b.title.as_str()).collect();
        assert_eq!(
            titles,
            [
                "device 0 (chip 5) holds [0..4]",
                "device 1 (chip 7) holds [4..8]"
            ]
        );
        assert_eq!(g.boxes[1].label, "1");
        let g = layout(&view("f32[8]{0}", "{devices=[2]<=[2]}", 0));
        assert_eq!(g.boxes[0].title, "device 0 holds [0..4]");
    }

    /// Windows sliding down a tall grid (4,096 devices, 128 bands): each
    /// draws a handful of boxes, exactly those that reach into it (checked
    /// box by box), and together they draw every box.
    #[test]
    fn a_window_draws_the_boxes_in_it_and_windows_cover_the_grid() {
        let g = layout(&view(
            "bf16[64,32,16,8,128,4,8,256]{7,6,5,4,3,2,1,0:T(8,128)(2,1)}",
            "{devices=[4,4,4,4,4,2,2,1]<=[4096]}",
            0,
        ));
        assert_eq!(g.boxes.len(), 256);
        assert_eq!(g.bands.len(), 128);
        let mut seen = vec![false; g.boxes.len()];
        let mut top = -50.0;
        while top < g.height {
            let bottom = top + 400.0;
            let (bands, boxes) = g.in_window(top, bottom);
            assert!(
                boxes.len() <= 32,
                "{} boxes in [{top}, {bottom})",
                boxes.len()
            );
            assert!(bands.len() <= 16);
            for (k, b) in g.boxes.iter().enumerate() {
                let inside = b.y + b.h > top && b.y < bottom;
                assert_eq!(boxes.iter().any(|x| std::ptr::eq(*x, b)), inside, "box {k}");
                seen[k] |= inside;
            }
            top += 300.0;
        }
        assert!(seen.iter().all(|&s| s));
    }

    #[test]
    fn the_exported_group_escapes_its_text() {
        let svg = svg_group(&view("f32[8]{0}", "{devices=[2]<=[2]}", 0), 0.0, 0.0);
        assert!(svg.contains("f32[8]{0} over its devices ({devices=[2]&lt;=[2]})"));
        assert_eq!(svg.matches("<rect").count(), 4);
    }
}
