//! `sdy.manual_computation` (what `jax.shard_map` lowers to with Shardy):
//!
//! ```mlir
//! %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>]
//!     out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x", "y"} (%arg1: tensor<2x6xf32>) {
//!   ...
//! } : (tensor<8x6xf32>) -> tensor<8x6xf32>
//! ```
//!
//! XLA's export (`convertManualComputationOp`,
//! `xla/service/spmd/shardy/stablehlo_round_trip/shard_map_export.cc`)
//! puts a sharding constraint with `in_shardings[k]` on operand `k` before
//! its `SPMDFullToShardShape`, and one with `out_shardings[k]` on result
//! `k` after its `SPMDShardToFullShape`; for a manual computation inside no
//! other, neither names manual axes (`parentManualAxesAttr` is empty), so
//! each is the plain export of the Shardy sharding. So the types of the
//! region's closing line, `} : (operands) -> results`, get those shardings
//! (named by the op's first line). One nested in another is refused: its
//! constraints carry the outer one's axes as manual. The values inside the
//! region are one device's (for the manual axes) and their own shardings
//! are refused with that reason.

use super::bytes::{close_of, skip_space, string_end};
use super::reader::{Found, Reader};
use super::sdy::SdyError;
use crate::core::span::Span;

/// Manual computations open at once, at most (deeper ones are not
/// tracked: their values are read as any op's).
const MAX_OPEN: usize = 64;

/// The op's name.
pub(super) const OP: &str = "sdy.manual_computation";

/// An `sdy.manual_computation` whose region is open.
#[derive(Clone, Copy, Debug)]
pub(super) struct Manual {
    /// Its result names (`%0`, `%0:2`) and its op, on its first line.
    pub names: (usize, usize),
    pub op: Span,
    /// The lists `[<...>, ...]` after `in_shardings=` and `out_shardings=`.
    ins: Option<(usize, usize)>,
    outs: Option<(usize, usize)>,
    /// `{` opened and not closed since its first line, its region's own
    /// included.
    depth: usize,
    /// Inside another manual computation.
    nested: bool,
}

/// The list `[...]` after `key` in `s..e`.
fn list_after(b: &[u8], key: &[u8], s: usize, e: usize) -> Option<(usize, usize)> {
    let at = memchr::memmem::find(&b[s..e], key)? + s + key.len();
    let open = skip_space(b, at, e);
    if b.get(open) != Some(&b'[') {
        return None;
    }
    let close = close_of(b, open, e).ok()?;
    Some((open, close + 1))
}

/// The `{` and `}` in `s..e` outside strings, as (opened, closed).
fn braces(b: &[u8], s: usize, e: usize) -> (usize, usize) {
    let (mut opened, mut closed) = (0, 0);
    let mut i = s;
    while let Some(k) = memchr::memchr3(b'{', b'}', b'"', &b[i..e]) {
        let at = i + k;
        match b[at] {
            b'"' => {
                i = string_end(b, at, e);
                continue;
            }
            b'{' => opened += 1,
            _ => closed += 1,
        }
        i = at + 1;
    }
    (opened, closed)
}

impl Reader {
    /// A statement inside an open manual computation: its braces counted;
    /// the computation it closes (`} : ...`), if it closes one.
    pub(super) fn manual_step(&mut self, b: &[u8], s: usize, e: usize) -> Option<Manual> {
        let top = self.manual.last_mut()?;
        let (opened, closed) = braces(b, s, e);
        let depth = top.depth + opened;
        if b.get(s) == Some(&b'}') && closed >= depth {
            return self.manual.pop();
        }
        top.depth = depth.saturating_sub(closed);
        None
    }

    /// The first line of a manual computation (`s..e`, the statement whose
    /// op is [`OP`]): its region is open from here.
    pub(super) fn manual_open(
        &mut self,
        b: &[u8],
        s: usize,
        e: usize,
        names: (usize, usize),
        op: Span,
    ) {
        let (opened, closed) = braces(b, s, e);
        let depth = opened.saturating_sub(closed);
        if depth == 0 || self.manual.len() >= MAX_OPEN {
            return;
        }
        // manual_step counted this line into the computation around it.
        let nested = match self.manual.last_mut() {
            Some(outer) => {
                outer.depth = outer.depth.saturating_sub(depth);
                true
            }
            None => false,
        };
        self.manual.push(Manual {
            names,
            op,
            ins: list_after(b, b"in_shardings=", s, e),
            outs: list_after(b, b"out_shardings=", s, e),
            depth,
            nested,
        });
    }

    /// Inside a manual computation's region (a value's own sharding there
    /// is refused).
    pub(super) fn in_manual(&self) -> bool {
        !self.manual.is_empty()
    }

    /// The sharding of operand (`result` false) or result `k` of the
    /// manual computation `m`.
    pub(super) fn manual_sharding(
        &mut self,
        text: &str,
        m: &Manual,
        result: bool,
        k: usize,
    ) -> Found {
        let (list, what) = if result {
            (m.outs, "out_shardings")
        } else {
            (m.ins, "in_shardings")
        };
        let (s, e) = list?;
        let span = Span::new(s, e);
        if m.nested {
            return Some((
                span,
                Err(SdyError {
                    start: s,
                    end: e,
                    message: format!(
                        "`{what}` of a manual computation inside another: XLA's export marks the outer one's axes manual in it (shard_map_export.cc); not read"
                    ),
                }),
            ));
        }
        Some((span, self.per_value(text, s, e, k)))
    }

    /// Why a sharding inside a manual computation's region is not read.
    pub(super) fn inside_manual(span: Span) -> Found {
        Some((
            span,
            Err(SdyError {
                start: span.start,
                end: span.end,
                message: "inside an sdy.manual_computation: the value is one device's for its manual axes, and XLA's export marks those axes manual in this sharding (shard_map_export.cc, setOpManualAxes); not read".into(),
            }),
        ))
    }
}

#[cfg(test)]
#[path = "manual_tests.rs"]
mod tests;
