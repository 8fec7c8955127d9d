//! Iota tile assignments, `<=[reshape]T(perm)`: the devices
//! `0..N` reshaped to `reshape`, transposed by `perm`, read in row-major
//! order (XLA's `IotaTileAssignment`, `xla/hlo/ir/tile_assignment.cc`).
//! Always held in XLA's canonical form (`CanonicalizeIotaDims`), so that
//! printing gives XLA's text.

use std::fmt;

/// A canonical iota: no size-1 reshape dims (unless the only one), and no
/// run of reshape dims that the transpose keeps adjacent and in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Iota {
    reshape: Vec<u64>,
    perm: Vec<usize>,
}

impl Iota {
    /// Canonicalises `reshape` + `perm` (a valid permutation, checked by
    /// the caller, with a product that fits `u64`).
    pub fn new(reshape: &[u64], perm: &[usize]) -> Iota {
        let (mut dims, mut perm) = (reshape.to_vec(), perm.to_vec());
        canonicalize(&mut dims, &mut perm);
        if dims.is_empty() {
            dims.push(1);
            perm.push(0);
        }
        Iota {
            reshape: dims,
            perm,
        }
    }

    /// `<=[n]`: devices 0..n in order.
    pub fn range(n: u64) -> Iota {
        Iota::new(&[n], &[0])
    }

    pub fn reshape(&self) -> &[u64] {
        &self.reshape
    }

    pub fn perm(&self) -> &[usize] {
        &self.perm
    }

    /// Number of devices.
    pub fn len(&self) -> u64 {
        self.reshape.iter().product()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The device at row-major position `k` of the transposed array.
    pub fn at(&self, mut k: u64) -> u64 {
        let n = self.perm.len();
        // Coordinates in the transposed array, most minor last.
        let mut coords = [0u64; super::model::MAX_RANK + 2];
        for i in (0..n).rev() {
            let size = self.reshape[self.perm[i]];
            coords[self.perm[i]] = k % size;
            k /= size;
        }
        let mut value = 0u64;
        for (d, &size) in self.reshape.iter().enumerate() {
            value = value * size + coords[d];
        }
        value
    }

    /// XLA's `GroupMinorIotaDimsSorted` (`xla/hlo/ir/hlo_sharding.cc`):
    /// for `last_tile_dim_replicate` with groups of `group` devices, the
    /// iota whose minor dims form sorted groups, if there is one.
    pub fn group_minor_sorted(&self, group: u64) -> Option<Iota> {
        let (dims, perm) = (&self.reshape, &self.perm);
        let mut group = group;
        let mut grouped = 0usize;
        let mut split: Option<(usize, u64)> = None;
        for i in (0..perm.len()).rev() {
            let dim = perm[i];
            let size = dims[dim];
            if size <= group {
                if !group.is_multiple_of(size) {
                    return None;
                }
                group /= size;
                grouped += 1;
            } else {
                if !size.is_multiple_of(group) {
                    return None;
                }
                split = Some((dim, size / group));
                grouped += 1;
                break;
            }
        }
        let Some((split_i, major)) = split else {
            let mut new_perm = perm.clone();
            let from = new_perm.len() - grouped;
            sort_small(&mut new_perm[from..]);
            return Some(Iota::new(dims, &new_perm));
        };
        let mut new_dims = Vec::with_capacity(dims.len() + 1);
        new_dims.extend_from_slice(&dims[..split_i]);
        new_dims.push(major);
        new_dims.push(dims[split_i] / major);
        new_dims.extend_from_slice(&dims[split_i + 1..]);
        let shift = |d: usize| if d <= split_i { d } else { d + 1 };
        let mut new_perm = Vec::with_capacity(perm.len() + 1);
        let mut at_split = perm.len();
        for (i, &d) in perm.iter().enumerate() {
            new_perm.push(shift(d));
            if d == split_i {
                at_split = i;
                break;
            }
        }
        new_perm.push(new_perm[at_split] + 1);
        for &d in &perm[at_split + 1..] {
            new_perm.push(shift(d));
        }
        let from = new_perm.len() - grouped;
        sort_small(&mut new_perm[from..]);
        Some(Iota::new(&new_dims, &new_perm))
    }

    fn is_identity(&self) -> bool {
        self.perm.iter().enumerate().all(|(i, &p)| i == p)
    }
}

/// XLA's `CanonicalizeIotaDims`: drop size-1 dims, merge runs of dims the
/// transpose keeps in order, until nothing changes.
fn canonicalize(dims: &mut Vec<u64>, perm: &mut Vec<usize>) {
    if dims.len() <= 1 {
        return;
    }
    loop {
        let keep: Vec<Option<usize>> = {
            let mut next = 0;
            dims.iter()
                .map(|&d| {
                    (d != 1).then(|| {
                        next += 1;
                        next - 1
                    })
                })
                .collect()
        };
        if keep.iter().any(Option::is_none) {
            *perm = perm.iter().filter_map(|&p| keep[p]).collect();
            dims.retain(|&d| d != 1);
        }
        let mut changed = false;
        let mut base = 0;
        for i in 1..dims.len() {
            let (base_dim, dim) = (perm[base], perm[i]);
            if base_dim + (i - base) == dim {
                dims[base_dim] *= dims[dim];
                dims[dim] = 1;
                changed = true;
            } else {
                base = i;
            }
        }
        if !changed {
            break;
        }
    }
}

impl fmt::Display for Iota {
    /// `<=[8]`, `<=[2,4]T(1,0)`: XLA's `IotaTileAssignment::Print`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<=[")?;
        join(f, &self.reshape)?;
        f.write_str("]")?;
        if !self.is_identity() {
            f.write_str("T(")?;
            join(f, &self.perm)?;
            f.write_str(")")?;
        }
        Ok(())
    }
}

fn join<T: fmt::Display>(f: &mut fmt::Formatter<'_>, items: &[T]) -> fmt::Result {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

/// Sorts a few dim numbers (at most one per dim) by insertion: the
/// standard library's sort would link a general sort for `usize` into the
/// wasm for this one use (about 3.5 KB).
fn sort_small(v: &mut [usize]) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && v[j - 1] > v[j] {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(reshape: &[u64], perm: &[usize]) -> String {
        Iota::new(reshape, perm).to_string()
    }

    #[test]
    fn canonical_forms_from_xla_comments() {
        // The examples in CanonicalizeIotaDims's comment
        // (xla/hlo/ir/tile_assignment.cc).
        assert_eq!(text(&[3, 4, 5], &[0, 1, 2]), "<=[60]");
        assert_eq!(text(&[3, 4, 5], &[2, 1, 0]), "<=[3,4,5]T(2,1,0)");
        assert_eq!(text(&[3, 4, 5], &[1, 2, 0]), "<=[3,20]T(1,0)");
        assert_eq!(text(&[3, 4, 5], &[1, 0, 2]), "<=[3,4,5]T(1,0,2)");
        assert_eq!(text(&[3, 4, 5], &[2, 0, 1]), "<=[12,5]T(1,0)");
        assert_eq!(
            text(&[1, 3, 1, 4, 1, 5], &[4, 3, 2, 5, 1, 0]),
            "<=[3,20]T(1,0)"
        );
        assert_eq!(text(&[1, 1], &[1, 0]), "<=[1]");
    }

    #[test]
    fn devices_match_a_brute_force_transpose() {
        let cases: &[(&[u64], &[usize])] = &[
            (&[2, 4], &[1, 0]),
            (&[2, 2, 2], &[1, 0, 2]),
            (&[3, 4, 5], &[2, 0, 1]),
            (&[2, 3, 4], &[2, 1, 0]),
        ];
        for (reshape, perm) in cases {
            let iota = Iota::new(reshape, perm);
            // Brute force: walk the transposed array's coordinates.
            let tshape: Vec<u64> = perm.iter().map(|&p| reshape[p]).collect();
            let n: u64 = tshape.iter().product();
            let mut expected = Vec::new();
            for k in 0..n {
                let mut rest = k;
                let mut tc = vec![0; tshape.len()];
                for i in (0..tshape.len()).rev() {
                    tc[i] = rest % tshape[i];
                    rest /= tshape[i];
                }
                let mut c = vec![0; reshape.len()];
                for i in 0..perm.len() {
                    c[perm[i]] = tc[i];
                }
                expected.push(c.iter().zip(*reshape).fold(0, |v, (&x, &s)| v * s + x));
            }
            let got: Vec<u64> = (0..n).map(|k| iota.at(k)).collect();
            assert_eq!(got, expected, "{reshape:?} T{perm:?}");
        }
    }
}
