//! The heap map: within one allocation (the largest temp heap), which
//! bytes hold a live value at each step, as XLA's heap simulator packed
//! them (steps across, offsets down). Drawn as an occupancy grid of at
//! most [`ROWS`] rows and one column per two pixels, one rectangle per run
//! of occupied cells in a row: never one shape per value.

use std::fmt::Write as _;

use super::Axis;
use crate::core::dump::{Allocation, Module};
use crate::core::sizes::bytes::binary_bytes;
use crate::render::backend::svg::num;
use crate::render::markup::escape;

pub const ROWS: usize = 48;

/// The allocation the map shows: the largest `preallocated-temp` one,
/// else the largest with two values or more.
pub fn chosen(m: &Module) -> Option<&Allocation> {
    let temp = m
        .allocations
        .iter()
        .filter(|a| a.kinds.iter().any(|k| k == "preallocated-temp"))
        .max_by_key(|a| a.size);
    temp.or_else(|| {
        m.allocations
            .iter()
            .filter(|a| a.values.len() >= 2)
            .max_by_key(|a| a.size)
    })
}

pub(crate) fn draw(s: &mut String, m: &Module, axis: &Axis, top: f64, height: f64) {
    let Some(a) = chosen(m).filter(|a| a.size > 0 && !m.steps.is_empty()) else {
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\">no heap to map</text>",
            num(axis.left),
            num(top + 14.0)
        );
        return;
    };
    let steps = m.steps.len();
    let cols = ((axis.width / 2.0).floor() as usize).clamp(1, steps);
    let _ = write!(
        s,
        "<rect class=\"heap\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
        num(axis.left),
        num(top),
        num(axis.width),
        num(height)
    );
    let cw = axis.width / cols as f64;
    let rh = height / ROWS as f64;
    for run in runs(m, a, cols) {
        let _ = write!(
            s,
            "<rect class=\"used\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            num(axis.left + cw * run.first as f64),
            num(top + rh * run.row as f64),
            num(cw * (run.last + 1 - run.first) as f64),
            num(rh)
        );
    }
    let kind = if a.kinds.iter().any(|k| k == "preallocated-temp") {
        "the temp heap"
    } else {
        "allocation"
    };
    let frag = match &a.fragmentation {
        Some(f) => format!(
            "at most {} occupied at once (step {}): {} never used then (fragmentation)",
            binary_bytes(f.most_live),
            f.step,
            binary_bytes(f.unused)
        ),
        None => String::new(),
    };
    let _ = write!(
        s,
        "<text x=\"{}\" y=\"{}\">heap map of {kind} (allocation {}, {}): offsets down, steps across</text><text x=\"{}\" y=\"{}\">{}</text>",
        num(axis.left),
        num(top + height + 16.0),
        a.index,
        escape(&binary_bytes(a.size)),
        num(axis.left),
        num(top + height + 32.0),
        escape(&frag)
    );
}

/// A run of occupied cells of the heap map: in `row` (of [`ROWS`], offsets
/// down), columns `first..=last` (of the `cols` the steps are cut into).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    pub row: usize,
    pub first: usize,
    pub last: usize,
}

/// The occupied runs of allocation `a` in `m`: a cell is occupied when a
/// value of `a` whose bytes reach into the cell's offsets is live at a
/// step of the cell's columns. At most one run per row and gap: the grid
/// is [`ROWS`] by `cols`, whatever the number of values and steps.
pub fn runs(m: &Module, a: &Allocation, cols: usize) -> Vec<Run> {
    let steps = m.steps.len();
    if a.size == 0 || steps == 0 {
        return Vec::new();
    }
    let cols = cols.clamp(1, steps);
    let col = |t: u64| -> usize {
        ((u128::from(t) * cols as u128) / steps as u128).min(cols as u128 - 1) as usize
    };
    let row = |o: u64| -> usize {
        ((u128::from(o) * ROWS as u128) / u128::from(a.size)).min(ROWS as u128) as usize
    };
    let mut diff = vec![vec![0i64; cols + 1]; ROWS];
    for v in m
        .values
        .iter()
        .filter(|v| v.allocation == Some(a.index) && v.bytes > 0)
    {
        let Some(off) = v.offset else { continue };
        let (r0, r1) = (
            row(off).min(ROWS - 1),
            row(off.saturating_add(v.bytes) - 1).min(ROWS - 1),
        );
        let (c0, c1) = (col(v.start), col(v.end));
        for d in &mut diff[r0..=r1] {
            d[c0] += 1;
            d[c1 + 1] -= 1;
        }
    }
    let mut out = Vec::new();
    for (r, d) in diff.iter().enumerate() {
        let mut live = 0i64;
        let mut run: Option<usize> = None;
        for (c, delta) in d.iter().enumerate() {
            live += delta;
            let on = c < cols && live > 0;
            match (on, run) {
                (true, None) => run = Some(c),
                (false, Some(c0)) => {
                    out.push(Run {
                        row: r,
                        first: c0,
                        last: c - 1,
                    });
                    run = None;
                }
                _ => {}
            }
        }
    }
    out
}
