//! Where one sample stands for a block of cells, the picture must show
//! what the blocks hold, not the beat of the block against slices or
//! padding that repeat within it (`render::world::sampling`). Expected
//! proportions come from probing every cell, or from the layout's
//! arithmetic written out here; the beat's signature (the picture
//! repeating itself a few samples on) is what the samples at the blocks'
//! corners drew, and these tests fail on them.

use xla_layout_viz::core::{parse, Mapping};
use xla_layout_viz::render::world::{
    raster::Raster, ColourMode, Colouring, Frame, Pane, Probe, Theme, ThemeKind, View, Worlds,
};

fn mapping(text: &str) -> Mapping {
    let shape = parse(text).unwrap_or_else(|e| panic!("{e}"));
    Mapping::new(&shape.leaves()[0].1.layout().unwrap()).unwrap()
}

/// The kind of a probe: 0 element, 1 padding, 2 nothing.
fn kind(p: &Probe) -> usize {
    match p {
        Probe::Element { .. } => 0,
        Probe::Padding { .. } => 1,
        Probe::Outside => 2,
    }
}

/// The fitted pane's raster, and what `f` makes of it and its view.
fn fitted<R>(
    m: &Mapping,
    frame: (f64, f64),
    pane: Pane,
    f: impl FnOnce(&mut dyn View, &Raster) -> R,
) -> R {
    let frame = Frame::new(frame.0, frame.1);
    let worlds = Worlds::new(m, &frame, None);
    let camera = worlds.fit(pane, &frame);
    let rect = frame.pane(pane);
    let colours = Colouring::new(m, ColourMode::Offset, &Theme::of(ThemeKind::Light));
    worlds.with_view(m, pane, |view| {
        let raster = Raster::sample(view, &camera, &rect, &colours);
        // Each sample is what its cell shows, inside its block.
        let mut t = vec![0; raster.levels];
        for i in 0..raster.rows {
            for j in 0..raster.cols {
                let (x, y) = raster.samples.at(i, j);
                assert!(x >= raster.x0 + j as u64 * raster.block);
                assert!(x < raster.x0 + (j as u64 + 1) * raster.block);
                assert!(y >= raster.y0 + i as u64 * raster.block);
                assert!(y < raster.y0 + (i as u64 + 1) * raster.block);
                let probe = view.probe(x, y, &mut t);
                assert_eq!(
                    probe,
                    raster.probes[i * raster.cols + j],
                    "sample ({i}, {j})"
                );
            }
        }
        f(view, &raster)
    })
}

/// Each kind's share of the samples.
fn shares(r: &Raster) -> [f64; 3] {
    let mut n = [0usize; 3];
    r.probes.iter().for_each(|p| n[kind(p)] += 1);
    let total = r.probes.len().max(1) as f64;
    n.map(|k| k as f64 / total)
}

/// The most often a sample's kind recurs `lag` samples on along rows (or
/// down columns), over lags 1..=12, and what chance alone gives (the sum of
/// the squared shares).
fn worst_repeat(r: &Raster, down: bool) -> (f64, usize, f64) {
    let chance: f64 = shares(r).iter().map(|s| s * s).sum();
    let at = |i: usize, j: usize| kind(&r.probes[i * r.cols + j]);
    let mut worst = (0.0, 0, chance);
    for lag in 1..=12 {
        let (mut same, mut pairs) = (0usize, 0usize);
        for i in 0..r.rows {
            for j in 0..r.cols {
                let (i2, j2) = if down { (i + lag, j) } else { (i, j + lag) };
                if i2 < r.rows && j2 < r.cols {
                    pairs += 1;
                    same += usize::from(at(i, j) == at(i2, j2));
                }
            }
        }
        let share = same as f64 / pairs.max(1) as f64;
        if share > worst.0 {
            worst = (share, lag, chance);
        }
    }
    worst
}

#[test]
fn many_small_slices_show_in_their_proportions_without_a_beat() {
    // 4x4 slices (3x3 and the tile's padding) 5 cells apart, fitted so
    // that a sample stands for a block of 4 x 4 cells: from the corners,
    // consecutive samples stepped one cell back through the slices and
    // drew 3x3 squares of elements that repeated every 5 samples.
    let m = mapping("f32[20000,3,3]{2,1,0:T(2,2)}");
    fitted(&m, (1400.0, 1000.0), Pane::Logical, |view, r| {
        assert!(r.block > 1 && r.samples.moved(), "block {}", r.block);
        // Every cell of the sampled blocks, probed.
        let (w, h) = view.world();
        let mut t = vec![0; r.levels];
        let mut truth = [0usize; 3];
        let x1 = (r.x0 + r.cols as u64 * r.block).min(w);
        let y1 = (r.y0 + r.rows as u64 * r.block).min(h);
        for y in r.y0..y1 {
            for x in r.x0..x1 {
                truth[kind(&view.probe(x, y, &mut t))] += 1;
            }
        }
        let cells = ((x1 - r.x0) * (y1 - r.y0)) as f64;
        let got = shares(r);
        for k in 0..3 {
            let want = truth[k] as f64 / cells;
            assert!(
                (got[k] - want).abs() < 0.03,
                "kind {k}: {:.3} of the samples, {want:.3} of the cells",
                got[k]
            );
        }
        for down in [false, true] {
            let (worst, lag, chance) = worst_repeat(r, down);
            assert!(
                worst < chance + 0.1,
                "down {down}: kinds recur {lag} samples on {worst:.2} of the time, chance {chance:.2}"
            );
        }
    });
}

#[test]
fn a_mostly_padded_layout_shows_its_padding_in_memory() {
    // s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}: dim 4 (4) is padded to
    // 128 by the tile, so every 128 offsets hold 4 elements and 124
    // padding cells; 31/32 of memory is padding. From the corners of
    // blocks of a multiple of 128 offsets every sample was an element.
    let m = mapping("s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}");
    assert_eq!(m.footprint(), 32 * m.num_elements());
    fitted(&m, (1240.0, 700.0), Pane::Memory, |_, r| {
        assert!(r.block >= 128, "block {}", r.block);
        let [elements, padding, _] = shares(r);
        if std::env::var("DBG").is_ok() {
            for i in 0..12 {
                let row: String = (0..100)
                    .map(|j| match kind(&r.probes[i * r.cols + j]) {
                        0 => '#',
                        1 => '.',
                        _ => ' ',
                    })
                    .collect();
                eprintln!("{row}");
            }
            eprintln!(
                "{:?}",
                (0..20).map(|i| r.samples.at(i, 0)).collect::<Vec<_>>()
            );
        }
        let padded = padding / (elements + padding);
        assert!((padded - 31.0 / 32.0).abs() < 0.02, "padding {padded:.3}");
    });
}

/// Each kind's share of `n` cells drawn uniformly at random (xorshift,
/// not the sampler's hash) from the blocks `r` samples.
fn random_cells(view: &mut dyn View, r: &Raster, n: usize) -> [f64; 3] {
    let (w, h) = view.world();
    let x1 = (r.x0 + r.cols as u64 * r.block).min(w);
    let y1 = (r.y0 + r.rows as u64 * r.block).min(h);
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = |span: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % span
    };
    let mut t = vec![0; r.levels];
    let mut counts = [0usize; 3];
    for _ in 0..n {
        let (x, y) = (r.x0 + next(x1 - r.x0), r.y0 + next(y1 - r.y0));
        counts[kind(&view.probe(x, y, &mut t))] += 1;
    }
    counts.map(|k| k as f64 / n as f64)
}

#[test]
fn the_oom_shapes_slices_are_not_drawn_as_fewer_larger_ones() {
    // The same shape's logical pane: slices of 128 rows and 128 columns
    // (4 of elements, then 124 of the tile's padding), many to a block.
    let m = mapping("s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}");
    fitted(&m, (1240.0, 700.0), Pane::Logical, |view, r| {
        assert!(r.samples.moved(), "block {}", r.block);
        let got = shares(r);
        let want = random_cells(view, r, 100_000);
        // About 20,000 samples, their columns' positions shared by an
        // eighth of a column: a few thousand draws where an element is 1
        // in 32.
        for k in 0..3 {
            assert!(
                (got[k] - want[k]).abs() < 0.02,
                "kind {k}: {got:?}, cells {want:?}"
            );
        }
        // From the corners, the samples that showed elements were whole
        // columns of them, down every slice: an element below an element.
        let mut below = (0usize, 0usize);
        for i in 0..r.rows - 1 {
            for j in 0..r.cols {
                if kind(&r.probes[i * r.cols + j]) == 0 {
                    below.0 += 1;
                    below.1 += usize::from(kind(&r.probes[(i + 1) * r.cols + j]) == 0);
                }
            }
        }
        let share = below.1 as f64 / below.0.max(1) as f64;
        assert!(
            share < 0.3,
            "an element below an element {share:.2} of the time"
        );
    });
}

#[test]
fn coarse_structure_and_close_views_keep_the_blocks_corners() {
    // The app's default: slices far larger than a block, no padding. The
    // page's tests read its samples at the blocks' corners.
    let m = mapping("bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)}");
    for pane in [Pane::Logical, Pane::Memory] {
        fitted(&m, (1240.0, 700.0), pane, |_, r| {
            assert!(r.block > 1, "{pane:?}: block {}", r.block);
            assert!(!r.samples.moved(), "{pane:?}");
        });
    }
    // A cell per sample: nothing to choose.
    let m = mapping("f32[30,3,3]{2,1,0:T(2,2)}");
    for pane in [Pane::Logical, Pane::Memory] {
        fitted(&m, (1240.0, 700.0), pane, |_, r| {
            assert_eq!(r.block, 1, "{pane:?}");
            assert!(!r.samples.moved(), "{pane:?}");
        });
    }
}

/// How far the padding's share in each sample column (`down`: each sample
/// row) is from its share among every cell of that column's blocks (the
/// root mean square over the lines), and what independent samples would
/// give by chance (the root mean square of `sqrt(p (1 - p) / n)` for `n`
/// samples a line).
fn band_error(view: &mut dyn View, r: &Raster, down: bool) -> (f64, f64) {
    let (lines, len) = if down {
        (r.rows, r.cols)
    } else {
        (r.cols, r.rows)
    };
    let (w, h) = view.world();
    let mut t = vec![0; r.levels];
    let (mut error, mut chance) = (0.0, 0.0);
    for line in 0..lines {
        let at = |k: usize| match down {
            true => &r.probes[line * r.cols + k],
            false => &r.probes[k * r.cols + line],
        };
        let got = (0..len).filter(|&k| kind(at(k)) == 1).count() as f64 / len as f64;
        // Every cell of the line's blocks.
        let (x0, y0) = (r.x0 + line as u64 * r.block, r.y0 + line as u64 * r.block);
        let (xs, ys) = match down {
            true => (
                r.x0..(r.x0 + r.cols as u64 * r.block).min(w),
                y0..(y0 + r.block).min(h),
            ),
            false => (
                x0..(x0 + r.block).min(w),
                r.y0..(r.y0 + r.rows as u64 * r.block).min(h),
            ),
        };
        let (mut pad, mut cells) = (0usize, 0usize);
        for y in ys {
            for x in xs.clone() {
                pad += usize::from(kind(&view.probe(x, y, &mut t)) == 1);
                cells += 1;
            }
        }
        let p = pad as f64 / cells as f64;
        error += (got - p).powi(2);
        chance += p * (1.0 - p) / len as f64;
    }
    (
        (error / lines as f64).sqrt(),
        (chance / lines as f64).sqrt(),
    )
}

#[test]
fn no_bands_of_padding_the_blocks_do_not_hold() {
    // f32[100000,3,3] by (2,2) tiles is 16 offsets a slice in memory, 7 of
    // them padding, fitted at blocks of 16 (each block one slice, so every
    // column of blocks holds 7/16 padding) or 8 (half a slice: the columns
    // of blocks alternate 2/8 and 5/8). A sample column's share of padding
    // must be its blocks' share, give or take chance. Column positions
    // drawn at random for each of the 8 classes of rows set a column's
    // share by 8 draws: vertical bands, 2.5 and 3.8 times chance. Drawn from
    // the 8 equal parts of the block, one part a class, they are 1.6 and 0.1
    // times chance: the draws left are within parts.
    let m = mapping("f32[100000,3,3]{2,1,0:T(2,2)}");
    for frame in [(1240.0, 700.0), (1400.0, 1000.0)] {
        fitted(&m, frame, Pane::Memory, |view, r| {
            assert!(r.samples.moved(), "{frame:?}");
            for down in [false, true] {
                let (error, chance) = band_error(view, r, down);
                eprintln!(
                    "{frame:?} down {down}: error {error:.4}, chance {chance:.4}, block {}",
                    r.block
                );
                assert!(
                    error < 2.0 * chance,
                    "{frame:?} down {down}: a line's share of padding is off by {error:.3}, chance {chance:.3}"
                );
            }
        });
    }
}
