//! Compiling a layout into a small program over coordinates.
//!
//! A tiled layout is a sequence of pad / reshape / transpose steps. We model
//! every coordinate that appears along the way as a *node* with a range
//! `0..size`, and every step as an [`Op`] between nodes:
//!
//! ```text
//! f32[3,5]{1,0:T(2,2)}
//!   physical (major..minor):   y:3        x:5
//!   level 0, tile (2,2):       y -> y/2:2, y%2:2     x -> x/2:3, x%2:2
//!   final order:               [y/2, x/2, y%2, x%2]  sizes [2,3,2,2]
//!   offset = row-major over the final order; (2,3) -> [1,1,0,1] -> 12+4+0+1 = 17
//! ```
//!
//! One tiling level with tile `(t_1..t_k)` works on the current coordinate
//! list (major to minor):
//! 1. if the tile is longer than the list, size-1 nodes are put in front;
//! 2. each `*` merges its coordinate into the next more-minor one:
//!    `m = hi * size(lo) + lo` ([`Op::Merge`]);
//! 3. each remaining tiled coordinate `c` with tile size `t` splits into
//!    `c / t` (size `ceil(size/t)`) and `c % t` (size `t`) ([`Op::Split`]);
//! 4. the new list is: untouched major coordinates, then all quotients, then
//!    all remainders, in tile order.
//!
//! Running the ops forward turns a physical index into final coordinates;
//! running them backward turns an offset into a physical index, and a split
//! whose rebuilt `q * t + r` is not below `size(c)` marks padding added by
//! that level.

use super::digits::Pow2Term;
use super::fastdiv::FastDiv;
pub use crate::core::array::MAX_NODES;
use crate::core::array::{ArrayLayout, TileDim, MAX_SIZE};
use crate::core::error::ErrorKind;

/// One step between coordinates; see the module docs.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Op {
    /// `q = src / t`, `r = src % t`. `pads` when `size(src)` is not a
    /// multiple of `t`, i.e. when this split adds padding cells.
    Split {
        src: usize,
        q: usize,
        r: usize,
        t: FastDiv,
        level: usize,
        pads: bool,
    },
    /// `dst = hi * size(lo) + lo`.
    Merge {
        hi: usize,
        lo: usize,
        dst: usize,
        lo_size: FastDiv,
    },
}

/// What one tiling level did, in node ids.
#[derive(Clone, Debug)]
pub(crate) struct LevelNodes {
    /// The level's input coordinates after padding with leading size-1
    /// nodes and merging `*` dims (major to minor).
    pub input: Vec<usize>,
    /// Untouched major coordinates followed by the tile-count coordinates:
    /// together they say which tile a cell is in.
    pub outer: Vec<usize>,
    /// The within-tile coordinates.
    pub within: Vec<usize>,
    /// The tile sizes after dropping `*` entries.
    pub tile: Vec<u64>,
}

/// One digit of a physical coordinate: `((x / div) % modulus) * stride`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Term {
    /// Which physical coordinate.
    pub physical: usize,
    pub div: FastDiv,
    pub modulus: Option<FastDiv>,
    pub stride: u64,
}

/// A compiled layout.
#[derive(Clone, Debug)]
pub(crate) struct Plan {
    /// Range of each node.
    pub sizes: Vec<u64>,
    /// Node of each physical coordinate, major to minor.
    pub physical: Vec<usize>,
    /// Dimension number of each physical coordinate.
    pub physical_dims: Vec<usize>,
    pub ops: Vec<Op>,
    pub levels: Vec<LevelNodes>,
    /// Nodes whose row-major order is memory order.
    pub final_nodes: Vec<usize>,
    /// Element stride of each final node.
    pub final_strides: Vec<u64>,
    /// The same strides, prepared for division.
    pub final_stride_divs: Vec<FastDiv>,
    /// Product of the final sizes: the footprint before `L(n)`.
    pub raw_footprint: u64,
    /// The offset as a sum of digits of the physical coordinates, when the
    /// layout has no merges and every later tile nests in the earlier ones
    /// (true of every TPU layout): the fastest forward path.
    pub terms: Option<Vec<Term>>,
    /// The same terms as shifts and masks, by dimension number, when every
    /// divisor and modulus is a power of two (TPU tiles are).
    pub pow2_terms: Option<Vec<Pow2Term>>,
}

impl Plan {
    /// Compiles `layout` with the given extents (dimension-number order).
    pub fn new(layout: &ArrayLayout, extents: &[u64]) -> Result<Plan, ErrorKind> {
        let mut b = Builder {
            sizes: Vec::new(),
            ops: Vec::new(),
        };
        let physical_dims = layout.physical_order();
        let physical: Vec<usize> = physical_dims
            .iter()
            .map(|&d| b.node(extents[d]))
            .collect::<Result<_, _>>()?;
        let mut current = physical.clone();
        let mut levels = Vec::with_capacity(layout.tiles().len());
        for (level, tile) in layout.tiles().iter().enumerate() {
            let (next, nodes) = b.tile_level(&current, tile.dims(), level)?;
            levels.push(nodes);
            current = next;
        }
        let mut final_strides = vec![0u64; current.len()];
        let mut stride = 1u64;
        for (k, &node) in current.iter().enumerate().rev() {
            final_strides[k] = stride;
            stride = stride
                .checked_mul(b.sizes[node])
                .filter(|&s| s <= MAX_SIZE)
                .ok_or(ErrorKind::Overflow { what: "footprint" })?;
        }
        let final_stride_divs = final_strides
            .iter()
            .map(|&s| Builder::divisor(s))
            .collect::<Result<_, _>>()?;
        let terms =
            super::digits::digit_terms(&b.sizes, &physical, &b.ops, &current, &final_strides);
        let pow2_terms = terms
            .as_deref()
            .and_then(|t| super::digits::pow2_terms(t, &physical_dims));
        Ok(Plan {
            terms,
            pow2_terms,
            final_stride_divs,
            sizes: b.sizes,
            physical,
            physical_dims,
            ops: b.ops,
            levels,
            final_nodes: current,
            final_strides,
            raw_footprint: stride,
        })
    }

    pub fn num_nodes(&self) -> usize {
        self.sizes.len()
    }

    /// Runs the ops forward: physical coordinates in `regs` -> all nodes.
    #[inline]
    pub fn forward(&self, regs: &mut [u64]) {
        for op in &self.ops {
            match *op {
                Op::Split { src, q, r, t, .. } => {
                    let (qv, rv) = t.div_rem(regs[src]);
                    regs[q] = qv;
                    regs[r] = rv;
                }
                Op::Merge {
                    hi,
                    lo,
                    dst,
                    lo_size,
                } => {
                    regs[dst] = regs[hi] * lo_size.divisor() + regs[lo];
                }
            }
        }
    }

    /// The offset of a physical index through the digit terms.
    #[inline]
    pub fn digit_offset(terms: &[Term], physical_index: impl Fn(usize) -> u64) -> u64 {
        terms
            .iter()
            .map(|t| {
                let x = t.div.quotient(physical_index(t.physical));
                let digit = match t.modulus {
                    Some(m) => m.div_rem(x).1,
                    None => x,
                };
                digit * t.stride
            })
            .sum()
    }

    /// The offset of the final coordinates in `regs`.
    #[inline]
    pub fn final_offset(&self, regs: &[u64]) -> u64 {
        self.final_nodes
            .iter()
            .zip(&self.final_strides)
            .map(|(&n, &s)| regs[n] * s)
            .sum()
    }

    /// Runs the ops backward from final coordinates in `regs`. Returns the
    /// level whose padding the cell is, if it is padding.
    #[inline]
    pub fn backward(&self, regs: &mut [u64]) -> Option<usize> {
        self.backward_keeping(regs, false)
    }

    /// [`Plan::backward`], but with `keep_first_level` the first level's
    /// padding is not a stop: its coordinates run on past their sizes (the
    /// ghost region of a picture). Such a coordinate reaching a merge has
    /// no place in the ghost region: that reports level 0.
    #[inline]
    pub fn backward_keeping(&self, regs: &mut [u64], keep_first_level: bool) -> Option<usize> {
        for op in self.ops.iter().rev() {
            match *op {
                Op::Split {
                    src,
                    q,
                    r,
                    t,
                    level,
                    pads,
                } => {
                    let v = regs[q] * t.divisor() + regs[r];
                    if pads && v >= self.sizes[src] && !(keep_first_level && level == 0) {
                        return Some(level);
                    }
                    regs[src] = v;
                }
                Op::Merge {
                    hi,
                    lo,
                    dst,
                    lo_size,
                } => {
                    if regs[dst] >= self.sizes[dst] {
                        return Some(0);
                    }
                    let (h, l) = lo_size.div_rem(regs[dst]);
                    regs[hi] = h;
                    regs[lo] = l;
                }
            }
        }
        None
    }
}

struct Builder {
    sizes: Vec<u64>,
    ops: Vec<Op>,
}

impl Builder {
    fn node(&mut self, size: u64) -> Result<usize, ErrorKind> {
        if self.sizes.len() >= MAX_NODES {
            return Err(ErrorKind::TooComplex {
                nodes: self.sizes.len() + 1,
                limit: MAX_NODES,
            });
        }
        self.sizes.push(size);
        Ok(self.sizes.len() - 1)
    }

    fn divisor(size: u64) -> Result<FastDiv, ErrorKind> {
        // Sizes are at most MAX_SIZE; a zero size only occurs for empty
        // arrays, whose coordinates are never evaluated: divide by 1 then.
        FastDiv::new(size.max(1)).ok_or(ErrorKind::TooLarge { value: size })
    }

    /// Applies one tile to `current`; returns the new coordinate list.
    fn tile_level(
        &mut self,
        current: &[usize],
        tile: &[TileDim],
        level: usize,
    ) -> Result<(Vec<usize>, LevelNodes), ErrorKind> {
        let k = tile.len();
        let mut list = Vec::with_capacity(current.len().max(k));
        for _ in current.len()..k {
            list.push(self.node(1)?);
        }
        list.extend_from_slice(current);
        let (untouched, tiled) = list.split_at(list.len() - k);
        let untouched = untouched.to_vec();

        // Merge each `*` coordinate into the next more-minor one.
        let mut input = untouched.clone();
        let mut sizes = Vec::with_capacity(k);
        let mut carry: Option<usize> = None;
        for (&node, &entry) in tiled.iter().zip(tile) {
            let node = match carry.take() {
                None => node,
                Some(hi) => {
                    let size = self.sizes[hi]
                        .checked_mul(self.sizes[node])
                        .filter(|&s| s <= MAX_SIZE)
                        .ok_or(ErrorKind::Overflow {
                            what: "combined dimension",
                        })?;
                    let dst = self.node(size)?;
                    let lo_size = Self::divisor(self.sizes[node])?;
                    self.ops.push(Op::Merge {
                        hi,
                        lo: node,
                        dst,
                        lo_size,
                    });
                    dst
                }
            };
            match entry {
                TileDim::Combine => carry = Some(node),
                TileDim::Size(t) => {
                    input.push(node);
                    sizes.push(t);
                }
            }
        }
        // Tile::new guarantees the last entry is a size, so nothing is left.
        debug_assert!(carry.is_none());

        let tiled_inputs = &input[untouched.len()..];
        let mut outer = untouched;
        let mut within = Vec::with_capacity(sizes.len());
        for (&src, &t) in tiled_inputs.iter().zip(&sizes) {
            let size = self.sizes[src];
            let q = self.node(size.div_ceil(t))?;
            let r = self.node(t)?;
            let pads = !size.is_multiple_of(t);
            self.ops.push(Op::Split {
                src,
                q,
                r,
                t: Self::divisor(t)?,
                level,
                pads,
            });
            outer.push(q);
            within.push(r);
        }
        let next = outer.iter().chain(&within).copied().collect();
        Ok((
            next,
            LevelNodes {
                input,
                outer,
                within,
                tile: sizes,
            },
        ))
    }
}
