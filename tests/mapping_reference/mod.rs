//! A brute-force reference for the mapping, written from the semantics doc
//! alone: it literally pads, reshapes and transposes an array of element
//! ids, level by level, and never calls the code under test.
//!
//! Every cell carries a unique id, so that after each tiling level the
//! reference can write down where the cell went: its tile (untouched major
//! coordinates, then tile counts) and its place inside the tile.

use xla_layout_viz::core::PaddingSource;

/// A memory cell: an element's row-major id, or padding tagged with the
/// step that created it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum R {
    E(u64),
    Pad(PaddingSource),
}

/// Tile and within-tile coordinates of a cell at one level.
pub type Coords = (Vec<u64>, Vec<u64>);

/// The reference's memory: cells in offset order and, for each, its
/// coordinates at each tiling level (`None` before the level created it).
pub struct Memory {
    pub cells: Vec<R>,
    pub levels: Vec<Vec<Option<Coords>>>,
}

#[derive(Clone, Copy, Debug)]
struct C {
    r: R,
    uid: usize,
}

/// A dense row-major array of cells.
struct Dense {
    shape: Vec<usize>,
    data: Vec<C>,
}

fn strides(shape: &[usize]) -> Vec<usize> {
    let mut s = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * shape[i + 1];
    }
    s
}

/// Row-major index of `i` in `shape`.
pub fn unravel(mut i: usize, shape: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        idx[d] = i % shape[d];
        i /= shape[d];
    }
    idx
}

impl Dense {
    fn at(&self, idx: &[usize]) -> C {
        let s = strides(&self.shape);
        self.data[idx.iter().zip(&s).map(|(i, s)| i * s).sum::<usize>()]
    }

    /// Pads dim `d` to `to` with new padding cells tagged `tag`.
    fn pad(&self, d: usize, to: usize, tag: PaddingSource, uids: &mut usize) -> Dense {
        let mut shape = self.shape.clone();
        shape[d] = to;
        let n: usize = shape.iter().product();
        let data = (0..n)
            .map(|i| {
                let idx = unravel(i, &shape);
                if idx[d] < self.shape[d] {
                    self.at(&idx)
                } else {
                    *uids += 1;
                    C {
                        r: R::Pad(tag),
                        uid: *uids - 1,
                    }
                }
            })
            .collect();
        Dense { shape, data }
    }

    /// `out[i] = self[i permuted]`: out dim k is input dim perm[k].
    fn transpose(&self, perm: &[usize]) -> Dense {
        let shape: Vec<usize> = perm.iter().map(|&p| self.shape[p]).collect();
        let n: usize = shape.iter().product();
        let data = (0..n)
            .map(|i| {
                let idx = unravel(i, &shape);
                let mut src = vec![0; idx.len()];
                for (k, &p) in perm.iter().enumerate() {
                    src[p] = idx[k];
                }
                self.at(&src)
            })
            .collect();
        Dense { shape, data }
    }
}

/// Legacy padding, then pad, reshape, transpose level by level; then the
/// `L(n)` tail. `tiles` entries below 0 are `*`.
pub fn reference(
    dims: &[usize],
    padded: Option<&[usize]>,
    m2m: &[usize],
    tiles: &[Vec<i64>],
    align: usize,
) -> Memory {
    let n: usize = dims.iter().product();
    let mut uids = n;
    let mut a = Dense {
        shape: dims.to_vec(),
        data: (0..n)
            .map(|e| C {
                r: R::E(e as u64),
                uid: e,
            })
            .collect(),
    };
    if let Some(p) = padded {
        for (d, &to) in p.iter().enumerate() {
            a = a.pad(d, to, PaddingSource::LegacyPadding, &mut uids);
        }
    }
    let physical: Vec<usize> = m2m.iter().rev().copied().collect();
    a = a.transpose(&physical);
    // levels[uid][level]
    let mut coords: Vec<Vec<Option<Coords>>> = Vec::new();
    for (level, tile) in tiles.iter().enumerate() {
        while a.shape.len() < tile.len() {
            a.shape.insert(0, 1);
        }
        let first = a.shape.len() - tile.len();
        // `*`: merging a dim into the next one of a row-major array is a
        // reshape.
        let mut shape: Vec<usize> = a.shape[..first].to_vec();
        let mut sizes = Vec::new();
        let mut carry = 1;
        for (k, &t) in tile.iter().enumerate() {
            let d = a.shape[first + k] * carry;
            if t < 0 {
                carry = d;
            } else {
                carry = 1;
                shape.push(d);
                sizes.push(t as usize);
            }
        }
        a.shape = shape;
        let first = a.shape.len() - sizes.len();
        for (k, &t) in sizes.iter().enumerate() {
            let d = first + k;
            let to = a.shape[d].div_ceil(t) * t;
            a = a.pad(d, to, PaddingSource::Tile { level }, &mut uids);
        }
        // Reshape each tiled dim c into (c / t, t)...
        let mut split = a.shape[..first].to_vec();
        for (k, &t) in sizes.iter().enumerate() {
            split.push(a.shape[first + k] / t);
            split.push(t);
        }
        a.shape = split;
        // ...and move all the t parts to the minor end, in order.
        let mut perm: Vec<usize> = (0..first).collect();
        perm.extend((0..sizes.len()).map(|k| first + 2 * k));
        perm.extend((0..sizes.len()).map(|k| first + 2 * k + 1));
        a = a.transpose(&perm);
        // Where every cell is now: tile = all but the last `sizes.len()`
        // coordinates, within = those.
        coords.resize(uids, vec![None; tiles.len()]);
        let tile_part = a.shape.len() - sizes.len();
        for (i, c) in a.data.iter().enumerate() {
            let idx: Vec<u64> = unravel(i, &a.shape).iter().map(|&x| x as u64).collect();
            coords[c.uid][level] = Some((idx[..tile_part].to_vec(), idx[tile_part..].to_vec()));
        }
    }
    let mut cells: Vec<R> = a.data.iter().map(|c| c.r).collect();
    let mut levels: Vec<Vec<Option<Coords>>> = a
        .data
        .iter()
        .map(|c| {
            coords
                .get(c.uid)
                .cloned()
                .unwrap_or_else(|| vec![None; tiles.len()])
        })
        .collect();
    while !cells.len().is_multiple_of(align) {
        cells.push(R::Pad(PaddingSource::TailAlignment));
        levels.push(vec![None; tiles.len()]);
    }
    Memory { cells, levels }
}
