//! Shardy's shardings in MLIR text, as the HLO sharding XLA makes of
//! them: `convertToHloSharding`
//! (`xla/service/spmd/shardy/stablehlo_round_trip/export_shardings.cc`),
//! the export JAX's programs go through before XLA partitions them.
//!
//! - `#sdy.sharding<@mesh, [{"x"}, {}]>`: per array dim, the axes that cut
//!   it, major to minor. Tile dims are the product of each dim's axes;
//!   the tile assignment is the mesh's devices transposed so that the
//!   sharding axes come first (in dim order), then `unreduced={...}`
//!   axes (an UNREDUCED subgroup), then the rest (a REPLICATED
//!   subgroup); `HloSharding::Subgroup` then normalises it.
//! - A priority (`{"x"}p1`) orders propagation; the export ignores it, and
//!   so does this reader.
//! - Sub-axes (`"x":(2)4`) are read as Shardy defines them and XLA's
//!   export cuts the mesh by them (`sdy_axes.rs`, `sdy_export.rs`).
//! - Refused, with the reason: open dims (`{"x", ?}`: Shardy's propagation
//!   may still shard them, so the lowered text does not say how they are
//!   cut; the compiled module does), axes Shardy's verifier refuses (named
//!   twice or not in the mesh, sub-axes that overlap: `sdy_axes.rs`), an
//!   undeclared mesh.

use super::bytes::{close_of, inside, short, split_top};
use super::sdy::{err, mesh_body, Mesh, Meshes, SdyError};
use super::sdy_axes::{axis_ref, AxisRef, Used};
use super::sdy_export::to_hlo;
use crate::core::sharding::{Sharding, MAX_RANK};

impl Meshes {
    /// The sharding in `<@mesh, [...], ...>` whose body (inside the angle
    /// brackets) is `text[start..end]`; an error's span is fitted onto
    /// the text's characters.
    pub fn sharding(&self, text: &str, start: usize, end: usize) -> Result<Sharding, SdyError> {
        self.read_sharding(text, start, end)
            .map_err(|e| e.fit(text))
    }

    fn read_sharding(&self, text: &str, start: usize, end: usize) -> Result<Sharding, SdyError> {
        let b = text.as_bytes();
        let mut parts = Vec::new();
        split_top(b, start, end, &mut parts);
        let (Some(&(ms, me)), Some(&(ds, de))) = (parts.first(), parts.get(1)) else {
            return err(
                start,
                end,
                "a Shardy sharding names a mesh and its dims: `<@mesh, [...]>`".into(),
            );
        };
        let inline;
        let mesh = if let Some(name) = text[ms..me].strip_prefix('@') {
            match self.get(name) {
                Some(Ok(m)) => m,
                Some(Err(e)) => {
                    return err(
                        ms,
                        me,
                        format!("the mesh @{} does not read: {}", short(name), e.message),
                    )
                }
                None => {
                    return err(
                        ms,
                        me,
                        format!(
                            "no mesh @{} is declared (sdy.mesh @{0} = <...>)",
                            short(name)
                        ),
                    )
                }
            }
        } else if let Some((is, ie)) = text[ms..me]
            .starts_with("#sdy.mesh<")
            .then(|| inside(b, ms + "#sdy.mesh".len(), me, b'<', b'>'))
            .flatten()
        {
            inline = mesh_body(text, is, ie)?;
            &inline
        } else {
            return err(
                ms,
                me,
                format!(
                    "`{}` is not a mesh (`@name` or `#sdy.mesh<...>`)",
                    short(&text[ms..me])
                ),
            );
        };
        let Some((ls, le)) = inside(b, ds, de, b'[', b']') else {
            return err(
                ds,
                de,
                "the dims of a Shardy sharding are a list: `[{...}, ...]`".into(),
            );
        };
        let mut used = Used::default();
        let mut dims: Vec<Vec<AxisRef>> = Vec::new();
        let mut list = Vec::new();
        split_top(b, ls, le, &mut list);
        if list.len() == 1 && list[0].0 == list[0].1 {
            list.clear();
        }
        if list.len() > MAX_RANK {
            return err(ds, de, format!("more than {MAX_RANK} dims"));
        }
        for &(s, e) in &list {
            dims.push(dim(text, s, e, mesh, &mut used)?);
        }
        let mut unreduced = Vec::new();
        for &(s, e) in &parts[2..] {
            let field = &text[s..e];
            if let Some(rest) = field.strip_prefix("replicated=") {
                let gs = e - rest.len();
                axes(text, gs, e, mesh, &mut used, false)?;
            } else if let Some(rest) = field.strip_prefix("unreduced=") {
                let gs = e - rest.len();
                unreduced = axes(text, gs, e, mesh, &mut used, false)?;
            } else {
                return err(
                    s,
                    e,
                    format!("`{}` of a Shardy sharding is not read", short(field)),
                );
            }
        }
        to_hlo(mesh, &dims, &unreduced).map_or_else(
            || {
                err(
                    start,
                    end,
                    "the sub-axes do not cut the mesh into parts".into(),
                )
            },
            Ok,
        )
    }
}

/// One dim's `{"x", "y"}` (closed), with a priority `p1` or not.
fn dim(
    text: &str,
    start: usize,
    end: usize,
    mesh: &Mesh,
    used: &mut Used,
) -> Result<Vec<AxisRef>, SdyError> {
    let b = text.as_bytes();
    if b.get(start) != Some(&b'{') {
        return err(
            start,
            end,
            format!(
                "`{}` is not a dim sharding (`{{\"x\"}}`)",
                short(&text[start..end])
            ),
        );
    }
    let close = match close_of(b, start, end) {
        Ok(c) => c,
        Err(u) => {
            let (at, why) = u.describe(b);
            return err(at, at + 1, why);
        }
    };
    let tail = &text[close + 1..end];
    if !(tail.is_empty()
        || (tail.len() > 1
            && tail.starts_with('p')
            && tail[1..].bytes().all(|c| c.is_ascii_digit())))
    {
        return err(
            close + 1,
            end,
            format!("`{}` after a dim sharding is not a priority", short(tail)),
        );
    }
    axes(text, start, close + 1, mesh, used, true)
}

/// `{"x", "y":(1)2}` as the mesh's axes, each added to `used`.
fn axes(
    text: &str,
    start: usize,
    end: usize,
    mesh: &Mesh,
    used: &mut Used,
    dim: bool,
) -> Result<Vec<AxisRef>, SdyError> {
    let b = text.as_bytes();
    let Some((ls, le)) = inside(b, start, end, b'{', b'}') else {
        return err(
            start,
            end,
            format!(
                "`{}` is not a list of axes (`{{\"x\"}}`)",
                short(&text[start..end])
            ),
        );
    };
    let mut items = Vec::new();
    split_top(b, ls, le, &mut items);
    if items.len() == 1 && items[0].0 == items[0].1 {
        items.clear();
    }
    let mut out = Vec::with_capacity(items.len());
    for &(s, e) in &items {
        let item = &text[s..e];
        if item == "?" && dim {
            return err(
                s,
                e,
                "an open dim (`?`): Shardy's propagation may still shard it, so this text does not say how it is cut (the compiled module's does)".into(),
            );
        }
        let r = axis_ref(text, s, e, mesh)?;
        let prev = out.last().copied();
        // Shardy's verifier: replicated and unreduced axes in the mesh's
        // order (verifySortedAxisRefList), a sub-axis by its pre-size.
        let key = |r: AxisRef| (r.axis, r.sub.map_or(0, |(pre, _)| pre));
        if !dim && prev.is_some_and(|p| key(p) > key(r)) {
            return err(
                s,
                e,
                format!("`{}` is out of the mesh's order: Shardy lists replicated and unreduced axes in it (verifySortedAxisRefList)", short(item)),
            );
        }
        used.add(r, prev, mesh, s, e)?;
        out.push(r);
    }
    Ok(out)
}

/// All the shardings in `#sdy.sharding_per_value<[<...>, <...>]>` whose
/// list (inside the square brackets) is `text[start..end]`, each with
/// the span of its body.
pub fn per_value(
    text: &str,
    start: usize,
    end: usize,
    out: &mut Vec<(usize, usize)>,
) -> Result<(), SdyError> {
    read_per_value(text, start, end, out).map_err(|e| e.fit(text))
}

fn read_per_value(
    text: &str,
    start: usize,
    end: usize,
    out: &mut Vec<(usize, usize)>,
) -> Result<(), SdyError> {
    let b = text.as_bytes();
    split_top(b, start, end, out);
    if out.len() == 1 && out[0].0 == out[0].1 {
        out.clear();
    }
    for item in out.iter_mut() {
        let (s, e) = *item;
        let Some(body) = inside(b, s, e, b'<', b'>') else {
            return err(
                s,
                e,
                format!(
                    "`{}` is not a Shardy sharding (`<@mesh, [...]>`)",
                    short(&text[s..e])
                ),
            );
        };
        *item = body;
    }
    Ok(())
}
