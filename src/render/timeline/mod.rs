//! A program's memory as a figure (`xla-layout timeline --svg`): per
//! module, the chart of bytes live at each step (padded and unpadded, the
//! minimum and maximum of each pixel column, so 10^5 steps cost what 800
//! do), the fullest step and XLA's stated peak marked, and the heap map of
//! its largest temp allocation (`heap.rs`). Text is escaped; numbers are
//! formatted deterministically (`backend::svg::text`); text escaped by `render::markup`.

mod heap;

pub use heap::{chosen as heap_allocation, runs as heap_runs, Run as HeapRun, ROWS as HEAP_ROWS};

use std::fmt::Write as _;

use crate::core::dump::Module;
use crate::core::sizes::bytes::binary_bytes;
use crate::render::backend::svg::num;
use crate::render::markup::escape;

const LEFT: f64 = 72.0;
const RIGHT: f64 = 16.0;
const CHART_H: f64 = 170.0;
const HEAP_H: f64 = 120.0;
/// Height of one module's block: title, chart, heap map, captions.
const BLOCK_H: f64 = 24.0 + CHART_H + 34.0 + HEAP_H + 46.0;

/// The figure of `modules`, one block each, `width` pixels wide.
pub fn timeline_svg(modules: &[Module], width: u32) -> String {
    let w = f64::from(width.clamp(320, 4000));
    let h = BLOCK_H * modules.len().max(1) as f64;
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" role=\"img\">",
        num(w),
        num(h),
        num(w),
        num(h)
    );
    s.push_str("<title>Bytes live per step of each module, and its temp heap</title>");
    s.push_str(
        "<style>text{font:12px sans-serif;fill:#222}.title{font-weight:bold}.axis{stroke:#888}\
.padded{fill:none;stroke:#1f6feb;stroke-width:1.5}.unpadded{fill:none;stroke:#1a7f37;stroke-width:1.5;stroke-dasharray:4 2}\
.peak{stroke:#cf222e}.xla-peak{stroke:#9a6700;stroke-dasharray:3 3}.heap{fill:#eef1f5}.used{fill:#6e8fc7;shape-rendering:crispEdges}</style>",
    );
    let _ = write!(
        s,
        "<rect width=\"{}\" height=\"{}\" fill=\"#fff\"/>",
        num(w),
        num(h)
    );
    for (i, m) in modules.iter().enumerate() {
        block(&mut s, m, i as f64 * BLOCK_H, w);
    }
    s.push_str("</svg>\n");
    s
}

/// Steps to x: step t's column is centred in its share of the width.
pub(crate) struct Axis {
    pub left: f64,
    pub width: f64,
    pub steps: usize,
}

impl Axis {
    pub fn x(&self, step: u64) -> f64 {
        self.left + self.width * (step as f64 + 0.5) / self.steps.max(1) as f64
    }
}

fn block(s: &mut String, m: &Module, y0: f64, w: f64) {
    let per = match m.partitions {
        Some(n) if n > 1 => format!(", per device (each of {n})"),
        _ => String::new(),
    };
    let _ = write!(
        s,
        "<text class=\"title\" x=\"{}\" y=\"{}\">{}: bytes live per step{}</text>",
        num(LEFT),
        num(y0 + 16.0),
        escape(&m.name),
        escape(&per)
    );
    let axis = Axis {
        left: LEFT,
        width: w - LEFT - RIGHT,
        steps: m.steps.len(),
    };
    let top = y0 + 24.0;
    let most = m.steps.iter().map(|st| st.bytes).max().unwrap_or(0).max(1);
    let y = |b: u64| top + CHART_H * (1.0 - b as f64 / most as f64);
    let _ = write!(
        s,
        "<line class=\"axis\" x1=\"{l}\" y1=\"{b}\" x2=\"{r}\" y2=\"{b}\"/><text x=\"{t}\" y=\"{y1}\" text-anchor=\"end\">{}</text><text x=\"{t}\" y=\"{y2}\" text-anchor=\"end\">0</text>",
        escape(&binary_bytes(most)),
        l = num(LEFT),
        r = num(w - RIGHT),
        b = num(top + CHART_H),
        t = num(LEFT - 6.0),
        y1 = num(top + 10.0),
        y2 = num(top + CHART_H),
    );
    let columns = axis.width.floor().max(1.0) as usize;
    for (class, pick) in [("padded", 0usize), ("unpadded", 1)] {
        let series: Vec<u64> = m
            .steps
            .iter()
            .map(|st| if pick == 0 { st.bytes } else { st.unpadded })
            .collect();
        let points = min_max_columns(&series, columns);
        if points.is_empty() {
            continue;
        }
        let _ = write!(s, "<polyline class=\"{class}\" points=\"");
        let n = points.len() as f64;
        for (c, (lo, hi)) in points.iter().enumerate() {
            let x = axis.left + axis.width * (c as f64 + 0.5) / n;
            let _ = write!(s, "{},{} ", num(x), num(y(*hi)));
            if lo != hi {
                let _ = write!(s, "{},{} ", num(x), num(y(*lo)));
            }
        }
        s.push_str("\"/>");
    }
    // A label right of its line, or left of it in the right half.
    let label = |x: f64| {
        if x > axis.left + axis.width / 2.0 {
            (num(x - 4.0), "end")
        } else {
            (num(x + 4.0), "start")
        }
    };
    if let Some(p) = &m.peak {
        let x = axis.x(p.step);
        let (lx, anchor) = label(x);
        let _ = write!(
            s,
            "<line class=\"peak\" x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\"/><text x=\"{}\" y=\"{}\" text-anchor=\"{anchor}\">fullest step {}: {}</text>",
            num(top),
            num(top + CHART_H),
            lx,
            num(top + 12.0),
            p.step,
            escape(&binary_bytes(p.bytes)),
            x = num(x)
        );
    }
    if let Some(xp) = m
        .xla_peak
        .as_ref()
        .filter(|xp| m.peak.as_ref().is_none_or(|p| p.step != xp.step))
    {
        let x = axis.x(xp.step);
        let (lx, anchor) = label(x);
        let _ = write!(
            s,
            "<line class=\"xla-peak\" x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\"/><text x=\"{}\" y=\"{}\" text-anchor=\"{anchor}\">XLA's stated peak, step {}</text>",
            num(top),
            num(top + CHART_H),
            lx,
            num(top + 28.0),
            xp.step,
            x = num(x)
        );
    }
    let _ = write!(
        s,
        "<text x=\"{}\" y=\"{}\">steps 0..{}; blue: bytes live (size=, padded); green, dashed: their data</text>",
        num(LEFT),
        num(top + CHART_H + 16.0),
        m.steps.len().saturating_sub(1)
    );
    heap::draw(s, m, &axis, top + CHART_H + 34.0, HEAP_H);
}

/// (min, max) of `values` in each of `columns` equal runs (one per value
/// when there are fewer values than columns).
pub(crate) fn min_max_columns(values: &[u64], columns: usize) -> Vec<(u64, u64)> {
    let n = values.len();
    if n <= columns {
        return values.iter().map(|&v| (v, v)).collect();
    }
    (0..columns)
        .filter_map(|c| {
            let a = c * n / columns;
            let b = ((c + 1) * n / columns).max(a + 1).min(n);
            let chunk = values.get(a..b)?;
            Some((*chunk.iter().min()?, *chunk.iter().max()?))
        })
        .collect()
}

#[cfg(test)]
mod tests;
