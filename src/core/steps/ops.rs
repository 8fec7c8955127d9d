//! The operations between consecutive stages, on one cell's index.
//!
//! Every op is a pad, a reshape or a transpose (XLA's `docs/tiled_layout.md`,
//! "Tiling as pad-reshape-transpose"). Forward, an op maps a cell's index in
//! stage `k` to its index in stage `k + 1`; backward, it maps it back, or
//! says that the cell did not exist yet in stage `k` (padding that the op
//! itself added).

use std::ops::Range;

/// One step between two stages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Op {
    /// A transpose: output dim `i` is input dim `perm[i]`.
    Permute(Vec<usize>),
    /// A reshape that merges runs of input dims: output dim `g` is the
    /// row-major linear index of the input dims `groups[g]` (an empty run
    /// is a new dim of size 1). `in_sizes` are the input stage's sizes.
    Regroup {
        groups: Vec<Range<usize>>,
        in_sizes: Vec<u64>,
    },
    /// Pads the dims `first..` up to multiples of `tiles`; the index is
    /// unchanged. `before` are the input stage's sizes.
    Pad {
        first: usize,
        tiles: Vec<u64>,
        before: Vec<u64>,
    },
    /// A reshape: each dim `first + j` becomes the pair
    /// `(x / tiles[j], x % tiles[j])`.
    Split { first: usize, tiles: Vec<u64> },
    /// A reshape to one dim: the row-major linear index over `sizes`.
    Linearise { sizes: Vec<u64> },
    /// `L(n)`: the one dim grows from `before` to a multiple of `n`.
    Tail { before: u64 },
}

impl Op {
    /// The cell's index after this op.
    pub fn forward(&self, index: &[u64]) -> Vec<u64> {
        match self {
            Op::Permute(perm) => perm.iter().map(|&p| index[p]).collect(),
            Op::Regroup { groups, in_sizes } => groups
                .iter()
                .map(|g| linear(&index[g.clone()], &in_sizes[g.clone()]))
                .collect(),
            Op::Pad { .. } | Op::Tail { .. } => index.to_vec(),
            Op::Split { first, tiles } => {
                let mut out = index[..*first].to_vec();
                for (&x, &t) in index[*first..].iter().zip(tiles) {
                    out.push(x / t);
                    out.push(x % t);
                }
                out
            }
            Op::Linearise { sizes } => vec![linear(index, sizes)],
        }
    }

    /// The cell's index before this op, or `None` if this op added the
    /// cell (padding).
    pub fn backward(&self, index: &[u64]) -> Option<Vec<u64>> {
        match self {
            Op::Permute(perm) => {
                let mut out = vec![0; perm.len()];
                for (i, &p) in perm.iter().enumerate() {
                    out[p] = index[i];
                }
                Some(out)
            }
            Op::Regroup { groups, in_sizes } => {
                let mut out = vec![0; in_sizes.len()];
                for (g, &v) in groups.iter().zip(index) {
                    unravel(v, &in_sizes[g.clone()], &mut out[g.clone()]);
                }
                Some(out)
            }
            Op::Pad { before, .. } => index
                .iter()
                .zip(before)
                .all(|(i, s)| i < s)
                .then(|| index.to_vec()),
            Op::Tail { before } => (index[0] < *before).then(|| index.to_vec()),
            Op::Split { first, tiles } => {
                let mut out = index[..*first].to_vec();
                for (j, &t) in tiles.iter().enumerate() {
                    out.push(index[first + 2 * j] * t + index[first + 2 * j + 1]);
                }
                Some(out)
            }
            Op::Linearise { sizes } => {
                let mut out = vec![0; sizes.len()];
                unravel(index[0], sizes, &mut out);
                Some(out)
            }
        }
    }
}

/// Row-major linear index of `index` in `sizes`. Callers keep every stage's
/// cell count within int64, so this cannot overflow for an index in range.
pub(crate) fn linear(index: &[u64], sizes: &[u64]) -> u64 {
    index
        .iter()
        .zip(sizes)
        .fold(0u64, |acc, (&i, &s)| acc * s + i)
}

/// The row-major digits of `value` in `sizes`, into `out`.
pub(crate) fn unravel(mut value: u64, sizes: &[u64], out: &mut [u64]) {
    for (o, &s) in out.iter_mut().zip(sizes).rev() {
        let s = s.max(1);
        *o = value % s;
        value /= s;
    }
}
