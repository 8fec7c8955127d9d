//! The logical view's samples over a folded world ([`super::fold`]): the
//! samples of each band are the unfolded world's, moved, so a band's run
//! of sample lines is looked up by the unfolded view's fast path
//! (`grid/`) at once; a line that crosses a band's edge is probed a
//! sample at a time.

use crate::core::Mapping;

use super::fold::{Fold, FoldAxis};
use super::geometry::LogicalGeometry;
use super::sampling::Samples;
use super::views::{LogicalView, Probe, View};

/// Where a line of samples (a row for a flat world's fold, a column for a
/// tall one's) falls: all in band `k`, nowhere, or across an edge.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Line {
    In(u64),
    Nowhere,
    Mixed,
}

/// The band whose cells along the stacking axis hold `pos`.
fn band_at(f: &Fold, pos: u64) -> Option<u64> {
    let pitch = f.pitch().max(1);
    let (k, o) = (pos / pitch, pos % pitch);
    let inside = match f.axis {
        FoldAxis::Columns => o >= f.strip,
        FoldAxis::Rows => o < f.across,
    };
    (inside && k < f.bands).then_some(k)
}

/// [`View::probe_samples`] of a folded logical view `g`.
#[inline(never)]
pub(super) fn probe(
    mapping: &Mapping,
    g: &LogicalGeometry,
    f: &Fold,
    samples: &Samples,
    probes: &mut Vec<Probe>,
    tiles: &mut Vec<u64>,
) {
    let levels = mapping.num_levels();
    let (cols, rows) = samples.size();
    let (p0, t0) = (probes.len(), tiles.len());
    probes.resize(p0 + cols * rows, Probe::Outside);
    tiles.resize(t0 + cols * rows * levels, 0);
    let mut inner = LogicalView::new(mapping, g.unfolded());
    let columns = f.axis == FoldAxis::Columns;
    // Lines along the stacking axis, and each line's positions on it.
    let (lines, classes, all, stride) = match columns {
        true => (rows, samples.classes().1, samples.all_ys(), rows),
        false => (cols, samples.classes().0, samples.all_xs(), cols),
    };
    let line_of = |i: usize| {
        let mut line = Line::Nowhere;
        for c in 0..classes {
            let here = match band_at(f, all[c * stride + i]) {
                Some(k) => Line::In(k),
                None => Line::Nowhere,
            };
            if c > 0 && here != line {
                return Line::Mixed;
            }
            line = here;
        }
        line
    };
    let (mut sub_p, mut sub_t) = (Vec::new(), Vec::new());
    let mut put = |i: usize, j: usize, p: Probe, t: &[u64]| {
        let k = i * cols + j;
        probes[p0 + k] = p;
        tiles[t0 + k * levels..t0 + (k + 1) * levels].copy_from_slice(t);
    };
    let mut one = vec![0u64; levels];
    let mut i = 0;
    while i < lines {
        match line_of(i) {
            Line::Nowhere => i += 1,
            Line::Mixed => {
                let n = if columns { cols } else { rows };
                for m in 0..n {
                    let (r, c) = if columns { (i, m) } else { (m, i) };
                    let (x, y) = samples.at(r, c);
                    one.fill(0);
                    let p = match f.unfold(x, y) {
                        Some((ux, uy)) => inner.probe(ux, uy, &mut one),
                        None => Probe::Outside,
                    };
                    put(r, c, p, &one);
                }
                i += 1;
            }
            Line::In(k) => {
                let mut end = i + 1;
                while end < lines && line_of(end) == Line::In(k) {
                    end += 1;
                }
                // Unfolded position of a folded one (`Fold::shift`); off
                // the band's run of cells, nowhere.
                let (dx, dy) = f.shift(k);
                let back =
                    move |v: u64, d: i128| u64::try_from(i128::from(v) - d).unwrap_or(u64::MAX);
                let (band, strip) = (f.band, f.strip);
                let sub = if columns {
                    let x = move |v: u64| if v < band { back(v, dx) } else { u64::MAX };
                    samples.part(i..end, 0..cols, &x, &move |v| back(v, dy))
                } else {
                    let y = move |v: u64| match v.checked_sub(strip) {
                        Some(o) if o < band => back(v, dy),
                        _ => u64::MAX,
                    };
                    samples.part(0..rows, i..end, &move |v| back(v, dx), &y)
                };
                sub_p.clear();
                sub_t.clear();
                inner.probe_samples(&sub, &mut sub_p, &mut sub_t);
                let (sc, sr) = sub.size();
                for a in 0..sr {
                    for b in 0..sc {
                        let (r, c) = if columns { (i + a, b) } else { (a, i + b) };
                        let q = a * sc + b;
                        put(r, c, sub_p[q], &sub_t[q * levels..(q + 1) * levels]);
                    }
                }
                i = end;
            }
        }
    }
}
