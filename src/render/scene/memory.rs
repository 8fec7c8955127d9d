//! The memory pane: linear memory as a wrapped strip, padding hatched,
//! tile boundaries as separators, word and byte separators for packed
//! elements, byte addresses on the left axis.

use crate::core::Mapping;
use crate::render::world::camera::{Camera, Rect};
use crate::render::world::colour::Theme;
use crate::render::world::geometry::MemoryGeometry;
use crate::render::world::views::{MemoryView, Pane, Probe};

use super::annotate::{compact, nice_step, tick_labels, ticks, CellText};
use super::commands::{Dash, Label, Lines, PaneScene, Stroke};
use super::pane::{build_pane, Extras};
use super::style::Style;

/// Word separators are drawn when a word is at least this wide.
const WORD_MIN_PX: f64 = 10.0;
/// Bits in a word: the unit packed elements share (`bf16` pairs, 4 `s8`).
pub const WORD_BITS: u64 = 32;

struct MemoryTexts<'a> {
    style: &'a Style<'a>,
    mapping: &'a Mapping,
}

impl CellText for MemoryTexts<'_> {
    fn text(&self, probe: Probe) -> Option<String> {
        let s = self.style;
        s.cell_labels
            .text(probe, Pane::Memory, s.labelling, self.mapping)
    }
}

/// `2,3`: the index of the element with row-major id `id`.
pub fn index_text(id: u64, mapping: &Mapping) -> String {
    let mut index = vec![0u64; mapping.num_dims()];
    mapping.unravel(id, &mut index);
    index
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// The byte address of `offset` for `bits`-bit elements, in hex, with the
/// bit inside the byte when elements are smaller than a byte:
/// `0x1f40`, `0x1f40.4` (bit 4).
pub fn address_text(offset: u64, bits: u64) -> String {
    let bit = u128::from(offset) * u128::from(bits);
    let (byte, within) = (bit / 8, bit % 8);
    if within == 0 {
        format!("0x{byte:x}")
    } else {
        format!("0x{byte:x}.{within}")
    }
}

/// Builds the memory pane's draw commands.
pub fn memory_pane(
    view: &mut MemoryView<'_>,
    camera: &Camera,
    rect: &Rect,
    style: &Style<'_>,
    title: String,
) -> PaneScene {
    let theme = style.theme;
    let geometry = view.geometry;
    let mapping = view.mapping;
    let bits = mapping.element_bits();
    let texts = MemoryTexts { style, mapping };
    build_pane(view, camera, rect, style, &texts, title, |_| Extras {
        lines: packing_separators(&geometry, bits, camera, rect, theme),
        labels: Vec::new(),
        margin: memory_axes(&geometry, bits, camera, rect, theme),
    })
}

/// Column offsets above the strip and byte addresses of rows on the left.
fn memory_axes(
    g: &MemoryGeometry,
    bits: u64,
    camera: &Camera,
    rect: &Rect,
    theme: &Theme,
) -> Vec<Label> {
    let v = camera.visible(rect);
    let width = g.row_width;
    let rows = g.rows();
    let xs = ticks(
        v.x.max(0.0),
        v.right().min(width as f64),
        nice_step(40.0 / camera.scale),
        Some,
    );
    let mut out = tick_labels(&xs, camera, rect, true, theme, |c| {
        format!("+{}", compact(c))
    });
    let ys = ticks(
        v.y.max(0.0),
        v.bottom().min(rows as f64),
        nice_step(16.0 / camera.scale),
        Some,
    );
    out.extend(tick_labels(&ys, camera, rect, false, theme, |row| {
        address_text(row.saturating_mul(width), bits)
    }));
    out
}

/// Faint lines where 32-bit words start (elements narrower than a word
/// share one: bf16 pairs, four s8), and fainter ones at bytes for elements
/// narrower than a byte.
fn packing_separators(
    g: &MemoryGeometry,
    bits: u64,
    camera: &Camera,
    rect: &Rect,
    theme: &Theme,
) -> Vec<Lines> {
    let mut out = Vec::new();
    for (unit_bits, alpha, dash) in [(WORD_BITS, 0.55, Dash::Solid), (8, 0.35, Dash::Dotted)] {
        if bits == 0 || bits >= unit_bits || unit_bits % bits != 0 {
            continue;
        }
        let per = unit_bits / bits;
        if (per as f64) * camera.scale < WORD_MIN_PX {
            continue;
        }
        let v = camera.visible(rect);
        let row_lo = v.y.max(0.0).floor() as u64;
        let row_hi = (v.bottom().max(0.0).ceil() as u64).min(g.rows());
        let col_lo = v.x.max(0.0).floor() as u64;
        let col_hi = (v.right().max(0.0).ceil() as u64).min(g.row_width);
        let mut segments = Vec::new();
        for row in row_lo..row_hi {
            let start = row.saturating_mul(g.row_width);
            // First column at or after col_lo where a unit starts.
            let phase = (start + col_lo) % per;
            let mut col = col_lo + (per - phase) % per;
            while col < col_hi && segments.len() < 65_536 {
                if col > 0 && start + col < g.footprint {
                    let (x, y) = camera.to_screen(rect, col as f64, row as f64);
                    segments.push([x, y, x, y + camera.scale]);
                }
                col += per;
            }
        }
        out.push(Lines {
            stroke: Stroke {
                colour: theme.text,
                alpha,
                width: 1.0,
                dash,
            },
            segments,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_in_bytes_and_bits() {
        assert_eq!(address_text(0, 32), "0x0");
        assert_eq!(address_text(1024, 16), "0x800");
        assert_eq!(address_text(3, 4), "0x1.4");
        assert_eq!(address_text(5, 1), "0x0.5");
        assert_eq!(
            address_text(u64::MAX, 128),
            format!("0x{:x}", u128::from(u64::MAX) * 16)
        );
    }

    #[test]
    fn index_texts() {
        let mapping = |text: &str| {
            let shape = crate::core::parse(text).unwrap();
            Mapping::new(&shape.leaves()[0].1.layout().unwrap()).unwrap()
        };
        assert_eq!(index_text(13, &mapping("f32[3,5]")), "2,3");
        assert_eq!(index_text(0, &mapping("f32[]")), "");
        assert_eq!(index_text(7, &mapping("f32[8]")), "7");
    }
}
