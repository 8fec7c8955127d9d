//! A brute-force reference for the stages of a tiled layout, written from
//! XLA's `docs/tiled_layout.md` alone: it keeps a dense array of cell ids
//! and literally transposes, reshapes and pads it, stage by stage, never
//! calling the code under test.

/// One stage: its shape and, for every cell id present, its index there.
pub struct RefStage {
    pub shape: Vec<usize>,
    /// `cells[i]` is the id of the cell at row-major position `i`.
    pub cells: Vec<usize>,
}

impl RefStage {
    /// Index of the cell with id `uid`, if present.
    pub fn index_of(&self, uid: usize) -> Option<Vec<u64>> {
        let pos = self.cells.iter().position(|&c| c == uid)?;
        Some(
            unravel(pos, &self.shape)
                .iter()
                .map(|&x| x as u64)
                .collect(),
        )
    }
}

pub fn unravel(mut i: usize, shape: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        idx[d] = i % shape[d].max(1);
        i /= shape[d].max(1);
    }
    idx
}

fn ravel(idx: &[usize], shape: &[usize]) -> usize {
    idx.iter().zip(shape).fold(0, |acc, (i, s)| acc * s + i)
}

fn transpose(a: &RefStage, perm: &[usize]) -> RefStage {
    let shape: Vec<usize> = perm.iter().map(|&p| a.shape[p]).collect();
    let n: usize = shape.iter().product();
    let cells = (0..n)
        .map(|i| {
            let idx = unravel(i, &shape);
            let mut src = vec![0; idx.len()];
            for (k, &p) in perm.iter().enumerate() {
                src[p] = idx[k];
            }
            a.cells[ravel(&src, &a.shape)]
        })
        .collect();
    RefStage { shape, cells }
}

/// All stages: logical, physical, per level [combine], pad, split, tiles
/// major; linear; [tail]. Tile entries below 0 are `*`. Cell ids: elements
/// are their row-major ids, padding gets fresh ids.
pub fn stages(dims: &[usize], m2m: &[usize], tiles: &[Vec<i64>], align: usize) -> Vec<RefStage> {
    let n: usize = dims.iter().product();
    let mut next_uid = n;
    let mut out = vec![RefStage {
        shape: dims.to_vec(),
        cells: (0..n).collect(),
    }];
    let physical: Vec<usize> = m2m.iter().rev().copied().collect();
    out.push(transpose(&out[0], &physical));
    for tile in tiles {
        let a = out.last().unwrap();
        let leading = tile.len().saturating_sub(a.shape.len());
        let mut shape = vec![1; leading];
        shape.extend(&a.shape);
        let first = shape.len() - tile.len();
        // `*`: merging a dim into the next of a row-major array is a reshape.
        let mut merged: Vec<usize> = shape[..first].to_vec();
        let mut sizes = Vec::new();
        let mut carry = 1;
        for (k, &t) in tile.iter().enumerate() {
            let d = shape[first + k] * carry;
            if t < 0 {
                carry = d;
            } else {
                carry = 1;
                merged.push(d);
                sizes.push(t as usize);
            }
        }
        if leading > 0 || tile.iter().any(|&t| t < 0) {
            let cells = a.cells.clone();
            out.push(RefStage {
                shape: merged.clone(),
                cells,
            });
        }
        let a = out.last().unwrap();
        let first = a.shape.len() - sizes.len();
        let mut padded = a.shape.clone();
        for (k, &t) in sizes.iter().enumerate() {
            padded[first + k] = a.shape[first + k].div_ceil(t) * t;
        }
        let total: usize = padded.iter().product();
        let cells = (0..total)
            .map(|i| {
                let idx = unravel(i, &padded);
                if idx.iter().zip(&a.shape).all(|(i, s)| i < s) {
                    a.cells[ravel(&idx, &a.shape)]
                } else {
                    next_uid += 1;
                    next_uid - 1
                }
            })
            .collect();
        out.push(RefStage {
            shape: padded.clone(),
            cells,
        });
        let mut split = padded[..first].to_vec();
        for (k, &t) in sizes.iter().enumerate() {
            split.push(padded[first + k] / t);
            split.push(t);
        }
        let cells = out.last().unwrap().cells.clone();
        out.push(RefStage {
            shape: split,
            cells,
        });
        let mut perm: Vec<usize> = (0..first).collect();
        perm.extend((0..sizes.len()).map(|k| first + 2 * k));
        perm.extend((0..sizes.len()).map(|k| first + 2 * k + 1));
        let t = transpose(out.last().unwrap(), &perm);
        out.push(t);
    }
    let mut cells = out.last().unwrap().cells.clone();
    let len = cells.len();
    out.push(RefStage {
        shape: vec![len],
        cells: cells.clone(),
    });
    if align > 1 {
        while !cells.len().is_multiple_of(align) {
            cells.push(next_uid);
            next_uid += 1;
        }
        out.push(RefStage {
            shape: vec![cells.len()],
            cells,
        });
    }
    out
}
