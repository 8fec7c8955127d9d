//! Where each sample of a pane sits in its block.
//!
//! A sample stands for a block of `b x b` cells. Taken at the block's
//! top-left cell, the samples of a view whose slices repeat more finely
//! than a few blocks step through each slice at a fixed stride, and the
//! picture shows the beat of that stride instead of the slices:
//! `f32[100000,3,3]{2,1,0:T(2,2)}` fitted in a 1400x1000 window drew a row
//! of 509 slices as 32 squares, each like one slice 16 times its size, and
//! the logical pane of `s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}` drew
//! 55 large slices for its 262,144. In memory the same holds for padding
//! that recurs inside a block: that layout's 4 elements and 124 padding
//! cells in every 128 offsets showed as no padding at all, every sample
//! falling on an element.
//!
//! Where a block is that coarse (a view's [`super::views::View::repeat`] under
//! [`BEAT_BLOCKS`] blocks), each sample sits at a pseudo-random cell of its
//! block instead (stochastic sampling, Cook, "Stochastic sampling in
//! computer graphics", ACM TOG 5(1), 1986): the beat becomes noise in which
//! elements, padding and gaps show in the proportions they have. The
//! positions are a hash of the block's world coordinates and size, so the
//! same view draws the same picture and a pan by whole blocks keeps every
//! block's sample.
//!
//! The fast paths look cells up with one lookup per sampled row and per
//! sampled column ([`super::views::View::probe_samples`]), so samples
//! cannot each have a position of their own. Rows fall into [`CLASSES`]
//! classes by hash, and so do columns: a sample's column position is its
//! column's in its row's class, and its row position its row's in its
//! column's class. The fast paths look each class's rows and columns up
//! once, and each sample reads the entries of its two classes. A position
//! is then shared by an eighth of its column (or row), scattered: where it
//! falls on something rare, a faint dotted streak, not a stripe (one
//! position per row would draw whole rows of gap or padding). More classes
//! thin the streaks and cost as many more lookups (docs/performance/samples.md,
//! "Samples off the blocks' corners").
//!
//! So that a column's few positions still show its blocks' share, they are
//! stratified (jittered sampling, also Cook 1986): a block's 8 positions
//! fall one in each eighth of it, the eighth of each class turned by a hash
//! of the block, and every run of 8 rows holds each class once. Drawn
//! independently, the 8 set a column's share by 8 draws, which showed as
//! vertical bands where padding is common (`tests/render_sampling.rs`).

/// A view is sampled off the blocks' corners when what it shows repeats
/// within fewer than this many blocks along an axis.
pub const BEAT_BLOCKS: u64 = 4;
/// Classes of rows, each with its own column positions, when columns move;
/// of columns, each with its own row positions, when rows move.
pub const CLASSES: usize = 8;

/// The world cell of every sample of a raster.
#[derive(Clone, Debug, PartialEq)]
pub struct Samples {
    /// Column positions, `cols` per row class, class by class.
    xs: Vec<u64>,
    /// Row positions, `rows` per column class, class by class.
    ys: Vec<u64>,
    /// Each row's class, and each column's.
    row_class: Vec<u8>,
    col_class: Vec<u8>,
    /// How many classes of rows, and of columns.
    classes: (usize, usize),
    cols: usize,
    rows: usize,
}

/// splitmix64's finaliser (Steele, Lea and Flood, "Fast splittable
/// pseudorandom number generators", OOPSLA 2014).
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A hash of what is chosen (`what`: a column, a row's class or a row)
/// for the block or class `index`, at block size `salt`.
fn pick(salt: u64, what: u64, index: u64) -> u64 {
    mix(salt ^ mix(index.wrapping_mul(4) | what))
}

/// The cell of class `class` in the block starting at `start` (`block`
/// cells, cut at the world's end `size`): in stratum `(class + turn) %`
/// [`CLASSES`] of the block's [`CLASSES`] equal parts, at a place in it
/// chosen by `hash` (jittered stratified sampling, Cook 1986), so that a
/// block's classes cover it evenly and each class visits every part along
/// the line (`turn`: a hash of the block). A block narrower than that
/// gets a cell chosen by `hash` alone.
fn inside(start: u64, block: u64, size: u64, class: u64, turn: u64, hash: u64) -> u64 {
    let span = block.min(size.saturating_sub(start)).max(1);
    let n = CLASSES as u64;
    if span < n {
        return start + hash % span;
    }
    let part = (class + turn % n) % n;
    // `span * part / n` without overflow, for worlds up to 2^64 cells.
    let at = |p: u64| span / n * p + span % n * p / n;
    let (lo, hi) = (at(part), at(part + 1));
    start + lo + hash % (hi - lo)
}

/// The class of line `index`: its place in a shuffle of the [`CLASSES`]
/// classes (Fisher and Yates, driven by `hash`, one per run of [`CLASSES`]
/// lines), so that every run of lines holds each class once.
fn shuffled(mut hash: u64, index: u64) -> u8 {
    let mut order: [u8; CLASSES] = std::array::from_fn(|k| k as u8);
    for k in (1..CLASSES).rev() {
        let pick = (hash % (k as u64 + 1)) as usize;
        hash /= k as u64 + 1;
        order.swap(k, pick);
    }
    order[(index % CLASSES as u64) as usize]
}

impl Samples {
    /// The samples of blocks `block` cells wide from world cell `(x0, y0)`,
    /// `cols x rows` of them, in a world of `world` cells whose picture
    /// repeats every `repeat` cells along each axis ([`super::views::View::repeat`]).
    pub fn new(
        (x0, y0): (u64, u64),
        (cols, rows): (usize, usize),
        block: u64,
        world: (u64, u64),
        repeat: (u64, u64),
    ) -> Samples {
        let beats = |r: u64| block > 1 && r < BEAT_BLOCKS.saturating_mul(block);
        let (move_x, move_y) = (beats(repeat.0), beats(repeat.1));
        let salt = mix(block);
        // Along one axis: each line's class (by the moving positions of the
        // other axis), and each class's positions of the lines.
        let axis = |start: u64, count: usize, size: u64, moves: bool, other: bool, what: u64| {
            let of = |yes: bool| if yes { CLASSES } else { 1 };
            let (classes, patterns) = (of(other), of(moves));
            let class = (0..count)
                .map(|k| {
                    let index = start / block + k as u64;
                    match classes {
                        1 => 0,
                        _ => shuffled(pick(salt, what, index / CLASSES as u64), index),
                    }
                })
                .collect::<Vec<u8>>();
            let at = (0..patterns)
                .flat_map(|c| {
                    (0..count).map(move |k| {
                        let corner = start + k as u64 * block;
                        let slot = (corner / block).wrapping_mul(CLASSES as u64 + 1);
                        let hash = |i: u64| pick(salt, what + 2, slot.wrapping_add(i));
                        match moves {
                            true => inside(
                                corner,
                                block,
                                size,
                                c as u64,
                                hash(CLASSES as u64),
                                hash(c as u64),
                            ),
                            false => corner,
                        }
                    })
                })
                .collect::<Vec<u64>>();
            (class, at, patterns)
        };
        // Rows are classed when columns move, columns when rows move.
        let (row_class, ys, col_classes) = axis(y0, rows, world.1, move_y, move_x, 0);
        let (col_class, xs, row_classes) = axis(x0, cols, world.0, move_x, move_y, 1);
        Samples {
            xs,
            ys,
            row_class,
            col_class,
            classes: (row_classes, col_classes),
            cols,
            rows,
        }
    }

    /// The grid of every cell `(xs[j], ys[i])`: one class of each.
    pub fn grid(xs: &[u64], ys: &[u64]) -> Samples {
        Samples {
            xs: xs.to_vec(),
            ys: ys.to_vec(),
            row_class: vec![0; ys.len()],
            col_class: vec![0; xs.len()],
            classes: (1, 1),
            cols: xs.len(),
            rows: ys.len(),
        }
    }

    /// Rows `rows` and columns `cols` of these samples, their positions
    /// moved by `x` and `y` (a band of a folded world, `fold_probe.rs`).
    pub(crate) fn part(
        &self,
        rows: std::ops::Range<usize>,
        cols: std::ops::Range<usize>,
        x: &dyn Fn(u64) -> u64,
        y: &dyn Fn(u64) -> u64,
    ) -> Samples {
        let (row_classes, col_classes) = self.classes;
        let mut xs = Vec::with_capacity(row_classes * cols.len());
        for c in 0..row_classes {
            xs.extend(self.xs[c * self.cols..][cols.clone()].iter().map(|&v| x(v)));
        }
        let mut ys = Vec::with_capacity(col_classes * rows.len());
        for c in 0..col_classes {
            ys.extend(self.ys[c * self.rows..][rows.clone()].iter().map(|&v| y(v)));
        }
        Samples {
            xs,
            ys,
            row_class: self.row_class[rows.clone()].to_vec(),
            col_class: self.col_class[cols.clone()].to_vec(),
            classes: self.classes,
            cols: cols.len(),
            rows: rows.len(),
        }
    }

    /// Whether the samples sit anywhere but at their blocks' top-left
    /// cells (or the grid's cells).
    pub fn moved(&self) -> bool {
        self.classes != (1, 1)
    }

    /// Samples across and down.
    pub fn size(&self) -> (usize, usize) {
        (self.cols, self.rows)
    }

    /// How many classes of rows (sets of column positions) and of columns
    /// (sets of row positions).
    pub fn classes(&self) -> (usize, usize) {
        self.classes
    }

    /// Every class of rows' column positions, `cols` a class, class by
    /// class; and every class of columns' row positions, `rows` a class.
    pub fn all_xs(&self) -> &[u64] {
        &self.xs
    }

    pub fn all_ys(&self) -> &[u64] {
        &self.ys
    }

    /// Every column's class.
    pub fn col_classes(&self) -> &[u8] {
        &self.col_class
    }

    /// The class of row `i`, and of column `j`.
    pub fn row_class(&self, i: usize) -> usize {
        usize::from(self.row_class[i])
    }

    pub fn col_class(&self, j: usize) -> usize {
        usize::from(self.col_class[j])
    }

    /// World cell of sample `(i, j)` (row `i`, column `j`).
    pub fn at(&self, i: usize, j: usize) -> (u64, u64) {
        let x = self.xs[self.row_class(i) * self.cols + j];
        let y = self.ys[self.col_class(j) * self.rows + i];
        (x, y)
    }
}

#[cfg(test)]
mod tests {
    use super::{Samples, BEAT_BLOCKS, CLASSES};

    const WORLD: (u64, u64) = (1000, 700);

    fn samples(x0: u64, y0: u64, block: u64, repeat: (u64, u64)) -> Samples {
        let cols = (WORLD.0 - x0).div_ceil(block) as usize;
        let rows = (WORLD.1 - y0).div_ceil(block) as usize;
        Samples::new((x0, y0), (cols, rows), block, WORLD, repeat)
    }

    #[test]
    fn each_sample_is_a_cell_of_its_block_and_they_spread_over_it() {
        for repeat in [(5, 5), (5, u64::MAX), (u64::MAX, 5)] {
            let s = samples(0, 0, 16, repeat);
            assert!(s.moved());
            let mut seen = [[false; 16]; 2];
            for i in 0..s.rows {
                for j in 0..s.cols {
                    let (x, y) = s.at(i, j);
                    assert_eq!((x / 16, y / 16), (j as u64, i as u64), "{repeat:?}");
                    assert!(
                        x < WORLD.0 && y < WORLD.1,
                        "the world's last blocks are cut"
                    );
                    seen[0][(x % 16) as usize] = true;
                    seen[1][(y % 16) as usize] = true;
                }
            }
            // Along an axis that moves, every cell of a block is used
            // somewhere; along one that does not, only the corner.
            let moves = [repeat.0 < 64, repeat.1 < 64];
            for axis in 0..2 {
                let used = seen[axis].iter().filter(|&&u| u).count();
                assert_eq!(
                    used,
                    if moves[axis] { 16 } else { 1 },
                    "{repeat:?} axis {axis}"
                );
            }
        }
    }

    #[test]
    fn classes_come_once_a_run_and_cover_their_blocks_evenly() {
        let s = samples(0, 0, 16, (5, 5));
        // Every run of CLASSES rows (from a multiple of CLASSES) holds each
        // class of rows once; so do columns.
        for (lines, classes) in [(s.rows, &s.row_class), (s.cols, &s.col_class)] {
            for run in classes[..lines - lines % CLASSES].chunks(CLASSES) {
                let mut seen = run.to_vec();
                seen.sort_unstable();
                assert_eq!(seen, (0..CLASSES as u8).collect::<Vec<_>>());
            }
        }
        // A block's positions, one a class, fall one in each of its
        // CLASSES equal parts (16 / 8 = 2 cells each).
        for j in 0..s.cols - 1 {
            let mut parts: Vec<u64> = (0..CLASSES)
                .map(|c| (s.xs[c * s.cols + j] - j as u64 * 16) / 2)
                .collect();
            parts.sort_unstable();
            assert_eq!(parts, (0..CLASSES as u64).collect::<Vec<_>>(), "column {j}");
        }
    }

    #[test]
    fn the_parts_of_the_widest_blocks_do_not_overflow() {
        // The last block of a world 2^64 - 1 cells wide, 2^63 cells.
        let (block, size) = (1u64 << 63, u64::MAX);
        let start = size - size % block;
        for class in 0..CLASSES as u64 {
            let x = super::inside(start, block, size, class, 0, u64::MAX);
            assert!(x >= start && x < size);
        }
        let x = super::inside(0, block, size, 7, 0, 0);
        assert_eq!(x, block / CLASSES as u64 * 7, "the start of the last part");
    }

    #[test]
    fn blocks_keep_their_samples_when_the_view_pans_by_whole_blocks() {
        let (a, b) = (samples(0, 0, 8, (3, 3)), samples(24, 16, 8, (3, 3)));
        assert_eq!(
            a,
            samples(0, 0, 8, (3, 3)),
            "the same view, the same samples"
        );
        for i in 0..b.rows {
            for j in 0..b.cols {
                assert_eq!(b.at(i, j), a.at(i + 2, j + 3));
            }
        }
    }

    #[test]
    fn corners_unless_the_picture_repeats_within_a_few_blocks() {
        assert!(!samples(0, 0, 1, (2, 2)).moved(), "a cell per sample");
        let edge = BEAT_BLOCKS * 16;
        assert!(!samples(0, 0, 16, (edge, edge)).moved());
        assert!(samples(0, 0, 16, (edge - 1, edge)).moved());
        assert!(samples(0, 0, 16, (edge, edge - 1)).moved());
        let s = samples(0, 0, 16, (edge, edge));
        assert_eq!(s.at(3, 5), (80, 48));
    }
}
