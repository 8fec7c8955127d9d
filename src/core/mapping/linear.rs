//! The fast memory-order walk, for layouts where memory position is linear.
//!
//! Write the final coordinates (whose row-major order is memory order) as
//! `f_0..f_n`. For almost every layout the element's row-major id is a
//! linear function of them, `e = sum f_k * W_k`: a split `c -> (c/t, c%t)`
//! rebuilds as `c = t*(c/t) + c%t`, and a `*` merge of dims that are
//! adjacent in dimension-number order rebuilds the same way. So are the
//! coordinates whose bounds decide padding (`c < size(c)` at each padding
//! split). The walk then needs no division at all: an odometer over the
//! final coordinates adds precomputed steps, and the innermost few
//! coordinates are unrolled into a table of at most [`TABLE_MAX`] entries
//! (or, for a long innermost run, a stride loop). Layouts where this does
//! not hold (merges of dims that are not adjacent in dimension-number order)
//! return `None` from [`Linear::new`] and use the general walk.

use super::plan::{Op, Plan};
use super::{Cell, PaddingSource};

/// Largest unrolled inner block, in cells.
pub(crate) const TABLE_MAX: usize = 4096;
/// An innermost coordinate at least this long is walked as a run.
const RUN_MIN: u64 = 256;

/// A padding condition: the cell is padding if `value >= bound`, where
/// `value` is linear in the final coordinates.
#[derive(Clone, Debug)]
struct Check {
    bound: u64,
    source: PaddingSource,
    /// Importance when several checks fail: the latest level wins.
    rank: usize,
}

#[derive(Clone, Debug)]
enum Block {
    /// Unrolled inner coordinates: per cell, the id delta and check deltas.
    Table {
        ids: Vec<u64>,
        checks: Vec<Vec<u64>>,
        check_max: Vec<u64>,
    },
    /// One long innermost coordinate: id and check weights per step.
    Run {
        len: u64,
        id_step: u64,
        check_steps: Vec<u64>,
    },
}

/// The compiled walk; see the module docs.
#[derive(Clone, Debug)]
pub(crate) struct Linear {
    checks: Vec<Check>,
    outer_sizes: Vec<u64>,
    /// Added to the id when an outer coordinate increments (and the ones
    /// after it wrap to 0).
    outer_id_steps: Vec<u64>,
    /// The same for each check value, `[dim][check]`.
    outer_check_steps: Vec<Vec<u64>>,
    block: Block,
    block_len: u64,
}

/// Walk position, so that the walk can be resumed chunk by chunk.
#[derive(Clone, Debug)]
pub(crate) struct LinearState {
    pos: Vec<u64>,
    base_id: u64,
    base_checks: Vec<u64>,
    /// Next cell inside the current block.
    j: u64,
    done: bool,
}

impl Linear {
    /// Compiles the walk; `None` if ids or padding are not linear in the
    /// final coordinates. `physical_weights[j]` is the row-major id weight
    /// of physical coordinate `j`; `legacy_bounds[j]` its element bound when
    /// it is larger than that (legacy padded dims).
    pub fn new(
        plan: &Plan,
        physical_weights: &[u64],
        legacy_bounds: &[Option<u64>],
    ) -> Option<Linear> {
        let n_final = plan.final_nodes.len();
        // Forward: the id weight of every node.
        let mut weight = vec![0u64; plan.sizes.len()];
        for (&node, &w) in plan.physical.iter().zip(physical_weights) {
            weight[node] = w;
        }
        for op in &plan.ops {
            match *op {
                Op::Split { src, q, r, t, .. } => {
                    weight[q] = weight[src].wrapping_mul(t.divisor());
                    weight[r] = weight[src];
                }
                Op::Merge {
                    hi,
                    lo,
                    dst,
                    lo_size,
                } => {
                    let linear = plan.sizes[hi] == 1
                        || weight[hi] == weight[lo].wrapping_mul(lo_size.divisor());
                    if !linear {
                        return None;
                    }
                    weight[dst] = weight[lo];
                }
            }
        }
        // Backward: every node as a linear function of the final
        // coordinates, where it is one.
        let mut coef: Vec<Option<Vec<u64>>> = vec![None; plan.sizes.len()];
        for (k, &node) in plan.final_nodes.iter().enumerate() {
            let mut unit = vec![0u64; n_final];
            unit[k] = 1;
            coef[node] = Some(unit);
        }
        let mut checks = Vec::new();
        let mut check_coefs = Vec::new();
        for op in plan.ops.iter().rev() {
            match *op {
                Op::Split {
                    src,
                    q,
                    r,
                    t,
                    level,
                    pads,
                } => {
                    let c = match (&coef[q], &coef[r]) {
                        (Some(cq), Some(cr)) => Some(
                            cq.iter()
                                .zip(cr)
                                .map(|(&a, &b)| a.wrapping_mul(t.divisor()).wrapping_add(b))
                                .collect::<Vec<_>>(),
                        ),
                        _ => None,
                    };
                    if pads {
                        check_coefs.push(c.clone()?);
                        checks.push(Check {
                            bound: plan.sizes[src],
                            source: PaddingSource::Tile { level },
                            rank: level + 1,
                        });
                    }
                    coef[src] = c;
                }
                Op::Merge { hi, lo, dst, .. } => {
                    if plan.sizes[hi] == 1 {
                        coef[hi] = Some(vec![0; n_final]);
                        coef[lo] = coef[dst].clone();
                    }
                }
            }
        }
        for (j, bound) in legacy_bounds.iter().enumerate() {
            if let Some(bound) = *bound {
                check_coefs.push(coef[plan.physical[j]].clone()?);
                checks.push(Check {
                    bound,
                    source: PaddingSource::LegacyPadding,
                    rank: 0,
                });
            }
        }

        // Collapse: drop size-1 coordinates, fuse neighbours that step
        // together in the id and in every check.
        let mut dims: Vec<(u64, u64, Vec<u64>)> = Vec::new(); // (size, id weight, check weights)
        for (k, &node) in plan.final_nodes.iter().enumerate() {
            let size = plan.sizes[node];
            if size == 1 {
                continue;
            }
            let cw: Vec<u64> = check_coefs.iter().map(|c| c[k]).collect();
            let entry = (size, weight[node], cw);
            if let Some(last) = dims.last_mut() {
                let fuses = last.1 == entry.1.wrapping_mul(size)
                    && last
                        .2
                        .iter()
                        .zip(&entry.2)
                        .all(|(&a, &b)| a == b.wrapping_mul(size));
                if fuses {
                    *last = (last.0 * size, entry.1, entry.2);
                    continue;
                }
            }
            dims.push(entry);
        }

        // The inner block.
        let n_checks = checks.len();
        let (block, split) = match dims.last() {
            Some(&(len, id_step, ref cs)) if len >= RUN_MIN => (
                Block::Run {
                    len,
                    id_step,
                    check_steps: cs.clone(),
                },
                dims.len() - 1,
            ),
            _ => {
                let mut split = dims.len();
                let mut cells = 1u64;
                while split > 0
                    && cells
                        .checked_mul(dims[split - 1].0)
                        .is_some_and(|c| c <= TABLE_MAX as u64)
                {
                    split -= 1;
                    cells *= dims[split].0;
                }
                (table(&dims[split..], n_checks), split)
            }
        };
        let block_len = match &block {
            Block::Table { ids, .. } => ids.len() as u64,
            Block::Run { len, .. } => *len,
        };
        let outer = &dims[..split];
        let outer_sizes: Vec<u64> = outer.iter().map(|d| d.0).collect();
        let mut outer_id_steps = vec![0u64; outer.len()];
        let mut outer_check_steps = vec![vec![0u64; n_checks]; outer.len()];
        let mut wrap_id = 0u64;
        let mut wrap_checks = vec![0u64; n_checks];
        for k in (0..outer.len()).rev() {
            let (size, w, ref cw) = outer[k];
            outer_id_steps[k] = w.wrapping_sub(wrap_id);
            wrap_id = wrap_id.wrapping_add(size.saturating_sub(1).wrapping_mul(w));
            for c in 0..n_checks {
                outer_check_steps[k][c] = cw[c].wrapping_sub(wrap_checks[c]);
                wrap_checks[c] =
                    wrap_checks[c].wrapping_add(size.saturating_sub(1).wrapping_mul(cw[c]));
            }
        }
        Some(Linear {
            checks,
            outer_sizes,
            outer_id_steps,
            outer_check_steps,
            block,
            block_len,
        })
    }

    pub fn start(&self, empty: bool) -> LinearState {
        LinearState {
            pos: vec![0; self.outer_sizes.len()],
            base_id: 0,
            base_checks: vec![0; self.checks.len()],
            j: 0,
            done: empty,
        }
    }

    /// Emits up to `max` cells (at least one unless done) from `state`,
    /// calling `f` with each cell in memory order. Returns the number
    /// emitted; 0 means the walk is over.
    pub fn emit(&self, state: &mut LinearState, max: u64, f: &mut impl FnMut(Cell)) -> u64 {
        if state.done {
            return 0;
        }
        let j0 = state.j;
        let j1 = j0.saturating_add(max.max(1)).min(self.block_len);
        match &self.block {
            Block::Table {
                ids,
                checks,
                check_max,
            } => {
                let all_valid = self
                    .checks
                    .iter()
                    .enumerate()
                    .all(|(n, c)| state.base_checks[n].wrapping_add(check_max[n]) < c.bound);
                if all_valid {
                    for &id in &ids[j0 as usize..j1 as usize] {
                        f(Cell::Element(state.base_id.wrapping_add(id)));
                    }
                } else {
                    for j in j0 as usize..j1 as usize {
                        let failed =
                            self.failing(|n| state.base_checks[n].wrapping_add(checks[n][j]));
                        f(failed.unwrap_or(Cell::Element(state.base_id.wrapping_add(ids[j]))));
                    }
                }
            }
            Block::Run {
                id_step,
                check_steps,
                ..
            } => {
                // Cells before `valid_end` pass every check: one division
                // per check and run, none per cell.
                let mut valid_end = j1;
                for (n, c) in self.checks.iter().enumerate() {
                    let base = state.base_checks[n];
                    let step = check_steps[n];
                    let limit = if base >= c.bound {
                        0
                    } else if step == 0 {
                        u64::MAX
                    } else {
                        (c.bound - base).div_ceil(step)
                    };
                    valid_end = valid_end.min(limit.max(j0));
                }
                let mut id = state.base_id.wrapping_add(j0.wrapping_mul(*id_step));
                for _ in j0..valid_end {
                    f(Cell::Element(id));
                    id = id.wrapping_add(*id_step);
                }
                for j in valid_end..j1 {
                    let failed = self.failing(|n| {
                        state.base_checks[n].wrapping_add(j.wrapping_mul(check_steps[n]))
                    });
                    f(failed.unwrap_or(Cell::Element(id)));
                    id = id.wrapping_add(*id_step);
                }
            }
        }
        state.j = j1;
        if j1 == self.block_len {
            state.j = 0;
            self.advance(state);
        }
        j1 - j0
    }

    /// The padding cell if any check fails, naming the latest level.
    #[inline]
    fn failing(&self, value: impl Fn(usize) -> u64) -> Option<Cell> {
        self.checks
            .iter()
            .enumerate()
            .filter(|&(n, c)| value(n) >= c.bound)
            .max_by_key(|(_, c)| c.rank)
            .map(|(_, c)| Cell::Padding(c.source))
    }

    fn advance(&self, s: &mut LinearState) {
        for k in (0..self.outer_sizes.len()).rev() {
            s.pos[k] += 1;
            if s.pos[k] < self.outer_sizes[k] {
                s.base_id = s.base_id.wrapping_add(self.outer_id_steps[k]);
                for (b, st) in s.base_checks.iter_mut().zip(&self.outer_check_steps[k]) {
                    *b = b.wrapping_add(*st);
                }
                return;
            }
            s.pos[k] = 0;
        }
        s.done = true;
    }
}

/// Unrolls `dims` (size, id weight, check weights) into per-cell deltas.
fn table(dims: &[(u64, u64, Vec<u64>)], n_checks: usize) -> Block {
    let cells: usize = dims.iter().map(|d| d.0 as usize).product();
    let mut ids = Vec::with_capacity(cells);
    let mut checks = vec![Vec::with_capacity(cells); n_checks];
    let mut pos = vec![0u64; dims.len()];
    for _ in 0..cells {
        let mut id = 0u64;
        for (p, d) in pos.iter().zip(dims) {
            id = id.wrapping_add(p.wrapping_mul(d.1));
        }
        ids.push(id);
        for (n, column) in checks.iter_mut().enumerate() {
            let v = pos
                .iter()
                .zip(dims)
                .fold(0u64, |acc, (p, d)| acc.wrapping_add(p.wrapping_mul(d.2[n])));
            column.push(v);
        }
        for k in (0..dims.len()).rev() {
            pos[k] += 1;
            if pos[k] < dims[k].0 {
                break;
            }
            pos[k] = 0;
        }
    }
    let check_max = checks
        .iter()
        .map(|c| c.iter().copied().max().unwrap_or(0))
        .collect();
    Block::Table {
        ids,
        checks,
        check_max,
    }
}
