//! The axes a Shardy sharding names: a whole mesh axis (`"x"`) or a
//! sub-axis (`"x":(2)4`), checked as Shardy's verifier checks them.
//!
//! A sub-axis, as Shardy defines it (`Sdy_SubAxisInfo`,
//! `shardy/dialect/sdy/ir/attrs.td`): an axis of size n reshaped into
//! `[k_1, ..., k_m]` (major to minor); its i-th part is `(m)k` with
//! pre-size `m = k_1 * ... * k_(i-1)` and size `k = k_i`. So `"x":(1)2`
//! is the major half of an axis `"x"=8`, `"x":(2)4` the rest.
//!
//! Refused as Shardy's verifier refuses them (`verifyAxisRefList`,
//! `verifySubAxes`, `shardy/dialect/sdy/ir/verifiers.cc`): an axis not in
//! the mesh; one named twice; a pre-size below 1, a size of 1 or less, a
//! sub-axis whose end (`pre-size * size`) does not divide the axis or that
//! is the whole axis; two consecutive sub-axes of one list that can be
//! merged (`(1)2, (2)2`); an axis used whole and as a sub-axis; sub-axes
//! that overlap. Also refused: sub-axes that cannot coexist
//! (`AxisRefAttr::canCoexist`, `shardy/dialect/sdy/ir/dialect.cc`:
//! `(1)2` and `(3)2` of an axis of 12), since XLA's export cuts the axis
//! at every sub-axis's ends and needs each cut to divide the next.

use super::bytes::{short, string_end};
use super::sdy::{err, quoted, Mesh, SdyError};

/// A mesh axis, whole or a sub-axis.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct AxisRef {
    /// The axis's index in the mesh.
    pub axis: usize,
    /// A sub-axis's pre-size and size; `None` for the whole axis.
    pub sub: Option<(u64, u64)>,
}

impl AxisRef {
    /// Its size.
    pub fn size(&self, mesh: &Mesh) -> u64 {
        self.sub.map_or(mesh.axes[self.axis].1, |(_, size)| size)
    }

    /// The part of its axis it covers: from its pre-size to the next
    /// sub-axis's (`pre-size * size`; the axis's size for a whole axis).
    pub fn range(&self, mesh: &Mesh) -> (u64, u64) {
        match self.sub {
            // Checked not to overflow when read (it divides the axis).
            Some((pre, size)) => (pre, pre * size),
            None => (1, mesh.axes[self.axis].1),
        }
    }

    fn text(&self, mesh: &Mesh) -> String {
        let mut out = format!("\"{}\"", short(&mesh.axes[self.axis].0));
        if let Some((pre, size)) = self.sub {
            out += &format!(":({pre}){size}");
        }
        out
    }
}

/// `"x"` or `"x":(2)4` at `text[start..end]` (trimmed), an axis of `mesh`.
pub(super) fn axis_ref(
    text: &str,
    start: usize,
    end: usize,
    mesh: &Mesh,
) -> Result<AxisRef, SdyError> {
    let b = text.as_bytes();
    let q = if b.get(start) == Some(&b'"') {
        string_end(b, start, end)
    } else {
        end
    };
    let name = quoted(text, start, q)?;
    let Some(axis) = mesh.axes.iter().position(|(n, _)| n == name) else {
        return err(
            start,
            end,
            format!("the mesh has no axis \"{}\"", short(name)),
        );
    };
    if q == end {
        return Ok(AxisRef { axis, sub: None });
    }
    let item = &text[start..end];
    let Some((pre, size)) = sub_axis(&text[q..end]) else {
        return err(
            start,
            end,
            format!(
                "`{}` is not an axis (`\"x\"`) or a sub-axis (`\"x\":(2)4`)",
                short(item)
            ),
        );
    };
    let full = mesh.axes[axis].1;
    let why = if pre < 1 {
        "its pre-size must be at least 1"
    } else if size <= 1 {
        "its size must be greater than 1"
    } else if pre
        .checked_mul(size)
        .is_none_or(|next| !full.is_multiple_of(next))
    {
        "its pre-size times its size must divide the axis's size"
    } else if size == full {
        "it is the whole axis (Shardy writes the axis then)"
    } else {
        return Ok(AxisRef {
            axis,
            sub: Some((pre, size)),
        });
    };
    err(
        start,
        end,
        format!(
            "the sub-axis `{}` of an axis of {full}: {why} (Shardy's verifySubAxes)",
            short(item)
        ),
    )
}

/// `:(2)4` as (2, 4).
fn sub_axis(t: &str) -> Option<(u64, u64)> {
    let (pre, size) = t.strip_prefix(":(")?.split_once(')')?;
    let number = |s: &str| {
        (!s.is_empty() && s.len() <= 19 && s.bytes().all(|c| c.is_ascii_digit()))
            .then(|| s.parse().ok())
            .flatten()
    };
    Some((number(pre)?, number(size)?))
}

/// The axes one sharding has named so far, with where.
#[derive(Debug, Default)]
pub(super) struct Used {
    refs: Vec<AxisRef>,
}

impl Used {
    /// Adds `r`, written at `start..end`, after `prev` in the same list,
    /// or refuses it as Shardy's verifier does.
    pub fn add(
        &mut self,
        r: AxisRef,
        prev: Option<AxisRef>,
        mesh: &Mesh,
        start: usize,
        end: usize,
    ) -> Result<(), SdyError> {
        if self.refs.contains(&r) {
            return err(
                start,
                end,
                format!("the axis {} is named twice in the sharding", r.text(mesh)),
            );
        }
        let sub = |o: &AxisRef| o.axis == r.axis && o.sub.is_some() && r.sub.is_some();
        let follows = prev
            .filter(|p| sub(p) && p.range(mesh).1 == r.range(mesh).0)
            .map(|p| {
                (
                    p,
                    "the sub-axes follow each other: Shardy writes them as one (verifyAxisRefList)",
                )
            });
        let clash = follows.or_else(|| {
            self.refs.iter().filter(|o| o.axis == r.axis).find_map(|&o| {
                let (a, b) = (o.range(mesh), r.range(mesh));
                let why = if !sub(&o) {
                    "the axis is used whole and as a sub-axis (verifySubAxes)"
                } else if a.0.max(b.0) < a.1.min(b.1) {
                    "the sub-axes overlap (verifySubAxes)"
                } else if a.0.max(b.0) % a.1.min(b.1) != 0 {
                    "the sub-axes cannot coexist: one's end does not divide the other's start (AxisRefAttr::canCoexist)"
                } else {
                    return None;
                };
                Some((o, why))
            })
        });
        if let Some((o, why)) = clash {
            return err(
                start,
                end,
                format!("{} and {}: {why}", o.text(mesh), r.text(mesh)),
            );
        }
        self.refs.push(r);
        Ok(())
    }
}

#[cfg(test)]
#[path = "sdy_axes_tests.rs"]
mod tests;
