//! The fastest forward path: the offset as a sum of digits.
//!
//! When no `*` merges happen and every later tile nests in the earlier one
//! (its size divides the within-tile size it splits), each final coordinate
//! is one digit of one physical coordinate, `(x / div) % modulus`, and the
//! offset is a sum of digits times strides: a few shifts and masks for
//! power-of-two tiles.

use super::fastdiv::FastDiv;
use super::plan::{Op, Term};
use crate::core::array::MAX_SIZE;

/// How a node's value follows from the physical index, when it is a
/// single digit of one coordinate.
#[derive(Clone, Copy, Debug)]
enum Digit {
    Zero,
    Of {
        physical: usize,
        div: u64,
        modulus: Option<u64>,
    },
}

/// Derives [`Plan::terms`]; `None` when some final coordinate is not a
/// single digit of one physical coordinate.
pub(crate) fn digit_terms(
    sizes: &[u64],
    physical: &[usize],
    ops: &[Op],
    finals: &[usize],
    strides: &[u64],
) -> Option<Vec<Term>> {
    let mut digit = vec![Digit::Zero; sizes.len()];
    for (j, &node) in physical.iter().enumerate() {
        digit[node] = Digit::Of {
            physical: j,
            div: 1,
            modulus: None,
        };
    }
    for op in ops {
        match *op {
            Op::Merge { hi, lo, dst, .. } => {
                if sizes[hi] != 1 {
                    return None;
                }
                digit[dst] = digit[lo];
            }
            Op::Split { src, q, r, t, .. } => {
                let t = t.divisor();
                let (dq, dr) = match digit[src] {
                    Digit::Zero => (Digit::Zero, Digit::Zero),
                    Digit::Of {
                        physical,
                        div,
                        modulus,
                    } => {
                        // (x/div % m) / t and % t are digits when t divides m.
                        if modulus.is_some_and(|m| !m.is_multiple_of(t)) {
                            return None;
                        }
                        let q_div = div.checked_mul(t).filter(|&d| d <= MAX_SIZE);
                        let dq = match q_div {
                            Some(d) => Digit::Of {
                                physical,
                                div: d,
                                modulus: modulus.map(|m| m / t),
                            },
                            None => Digit::Zero,
                        };
                        (
                            dq,
                            Digit::Of {
                                physical,
                                div,
                                modulus: Some(t),
                            },
                        )
                    }
                };
                digit[q] = dq;
                digit[r] = dr;
            }
        }
    }
    let mut terms = Vec::new();
    for (&node, &stride) in finals.iter().zip(strides) {
        if sizes[node] <= 1 {
            continue;
        }
        if let Digit::Of {
            physical,
            div,
            modulus,
        } = digit[node]
        {
            terms.push(Term {
                physical,
                div: FastDiv::new(div)?,
                modulus: modulus
                    .map(FastDiv::new)
                    .map(|m| m.ok_or(()))
                    .transpose()
                    .ok()?,
                stride,
            });
        }
    }
    Some(terms)
}

/// A digit whose divisor and modulus are powers of two, of the coordinate
/// of dimension `dim`: `((x >> shift) & mask) * stride`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Pow2Term {
    pub dim: usize,
    pub shift: u32,
    pub mask: u64,
    pub stride: u64,
}

/// `terms` as shifts and masks (with the dimension number of each, from
/// `physical_dims`), if every divisor and modulus is a power of two.
pub(crate) fn pow2_terms(terms: &[Term], physical_dims: &[usize]) -> Option<Vec<Pow2Term>> {
    terms
        .iter()
        .map(|t| {
            let div = t.div.divisor();
            let mask = match t.modulus.map(FastDiv::divisor) {
                None => u64::MAX,
                Some(m) if m.is_power_of_two() => m - 1,
                Some(_) => return None,
            };
            div.is_power_of_two().then_some(Pow2Term {
                dim: *physical_dims.get(t.physical)?,
                shift: div.trailing_zeros(),
                mask,
                stride: t.stride,
            })
        })
        .collect()
}

impl Pow2Term {
    /// The offset of `index` (dimension-number order, in range).
    #[inline]
    pub fn offset(terms: &[Pow2Term], index: &[u64]) -> u64 {
        terms
            .iter()
            .map(|t| ((index[t.dim] >> t.shift) & t.mask) * t.stride)
            .sum()
    }
}
