//! XLA's named form, `{mesh['x'=4,'y'=2], [{'y'}, {'x'}]}`
//! (`NamedSharding`, `xla/hlo/ir/named_sharding.cc`; parsed by
//! `HloParserImpl::ParseSingleSharding`), and its devices through
//! `HloSharding::V3ToV2Sharding` (`xla/hlo/ir/hlo_sharding.cc`).

use std::fmt;

use super::canon;
use super::cursor::{Cursor, Result};
use super::error::ShardingErrorKind as K;
use super::iota::Iota;
use super::model::{Devices, Named, Sharding, Subgroup, MAX_DEVICES, MAX_RANK};

/// At the cursor: `mesh[...], [...]` (after the opening `{`), through `}`.
pub(crate) fn parse(c: &mut Cursor) -> Result<Sharding> {
    c.expect("mesh", "`mesh`")?;
    let mesh = mesh_axes(c)?;
    c.expect(",", "`,` after the mesh")?;
    c.expect("[", "`[` opening the dim shardings")?;
    let mut used = vec![false; mesh.len()];
    let mut dims = Vec::new();
    if !c.eat("]")? {
        loop {
            if dims.len() == MAX_RANK {
                let at = c.pos;
                return Err(c.error(
                    K::TooManyEntries {
                        what: "dim shardings",
                        limit: MAX_RANK,
                    },
                    at,
                    at + 1,
                ));
            }
            dims.push(axis_group(c, &mesh, &mut used)?);
            if !c.eat(",")? {
                break;
            }
        }
        c.expect("]", "`,` or `]`")?;
    }
    let mut replicated = Vec::new();
    while c.eat(",")? {
        let Some((word, s)) = c.word()? else {
            return Err(c.unexpected("`replicated=`"));
        };
        if word != "replicated" {
            return Err(c.error(
                K::Unsupported {
                    what: "this part of the named sharding",
                },
                s,
                s + word.len(),
            ));
        }
        c.expect("=", "`=`")?;
        replicated = axis_group(c, &mesh, &mut used)?;
    }
    c.expect("}", "`}` closing the sharding")?;
    Ok(Sharding::Named(Named {
        mesh,
        dims,
        replicated,
    }))
}

/// `['x'=4,'y'=2]`.
pub(crate) fn mesh_axes(c: &mut Cursor) -> Result<Vec<(String, u64)>> {
    let open = c.expect("[", "`[` opening the mesh")?;
    let mut axes: Vec<(String, u64)> = Vec::new();
    loop {
        let (name, s, e) = c.quoted("a quoted axis name")?;
        push_axis(c, &mut axes, (name, s, e), open, &["="])?;
        if !c.eat(",")? {
            break;
        }
    }
    c.expect("]", "`,` or `]` closing the mesh")?;
    Ok(axes)
}

/// After a mesh axis's name: one of `separators`, its size; checks the
/// name is new, the size at least 1 and the mesh within [`MAX_DEVICES`]
/// (counted from `open`, where errors about the whole mesh point).
pub(crate) fn push_axis(
    c: &mut Cursor,
    axes: &mut Vec<(String, u64)>,
    (name, s, e): (&str, usize, usize),
    open: usize,
    separators: &[&'static str],
) -> Result<()> {
    let mut found = false;
    for sep in separators {
        found = found || c.eat(sep)?;
    }
    if !found {
        return Err(c.unexpected("`=` after the axis name"));
    }
    let size = c.count("an axis size")?;
    add_axis(c, axes, (name, s, e), size, open)
}

/// Adds axis `name` of `size` (each with its span) to `axes`: a name used
/// once, a size above 0, at most [`MAX_DEVICES`] devices in all (from
/// `open`, where the mesh starts).
pub(crate) fn add_axis(
    c: &mut Cursor,
    axes: &mut Vec<(String, u64)>,
    (name, s, e): (&str, usize, usize),
    (size, ss, se): (u64, usize, usize),
    open: usize,
) -> Result<()> {
    if name.contains(['\'', '"']) {
        return Err(c.error(K::QuoteInAxisName, s, e));
    }
    if axes.iter().any(|(n, _)| n == name) {
        let name = super::cursor::short(name);
        return Err(c.error(K::DuplicateMeshAxis { name }, s, e));
    }
    if axes.len() == MAX_RANK {
        let (what, limit) = ("mesh axes", MAX_RANK);
        return Err(c.error(K::TooManyEntries { what, limit }, s, e));
    }
    if size == 0 {
        return Err(c.error(
            K::ZeroSize {
                what: "a mesh axis",
            },
            ss,
            se,
        ));
    }
    let devices = axes.iter().fold(size, |n, (_, a)| n.saturating_mul(*a));
    if devices > MAX_DEVICES {
        return Err(c.error(K::TooManyDevices { limit: MAX_DEVICES }, open, se));
    }
    axes.push((name.to_owned(), size));
    Ok(())
}

/// `{'x', 'y'}`: indices into the mesh, each axis used once overall.
fn axis_group(c: &mut Cursor, mesh: &[(String, u64)], used: &mut [bool]) -> Result<Vec<usize>> {
    c.expect("{", "`{` opening a dim's axes")?;
    let mut axes = Vec::new();
    if c.eat("}")? {
        return Ok(axes);
    }
    loop {
        let (name, s, e) = c.quoted("a quoted axis name")?;
        let Some(i) = mesh.iter().position(|(n, _)| n == name) else {
            return Err(c.error(
                K::UnknownAxis {
                    name: super::cursor::short(name),
                },
                s,
                e,
            ));
        };
        if used[i] {
            return Err(c.error(
                K::AxisUsedTwice {
                    name: super::cursor::short(name),
                },
                s,
                e,
            ));
        }
        used[i] = true;
        axes.push(i);
        if !c.eat(",")? {
            break;
        }
    }
    c.expect("}", "`,` or `}`")?;
    Ok(axes)
}

/// `HloSharding::V3ToV2Sharding` for a mesh of devices `0..N` in order.
pub(crate) fn to_classic(named: &Named) -> Sharding {
    let sizes: Vec<u64> = named.mesh.iter().map(|(_, s)| *s).collect();
    let mut dims: Vec<u64> = Vec::with_capacity(named.dims.len() + 1);
    let mut pos = vec![usize::MAX; sizes.len()];
    let mut next = 0;
    for axes in &named.dims {
        dims.push(axes.iter().map(|&a| sizes[a]).product());
        for &a in axes {
            pos[a] = next;
            next += 1;
        }
    }
    let mut perm = vec![0usize; sizes.len()];
    let mut replicated: u64 = 1;
    let mut rpos = next;
    for (i, &size) in sizes.iter().enumerate() {
        if pos[i] == usize::MAX {
            perm[rpos] = i;
            rpos += 1;
            replicated *= size;
        } else {
            perm[pos[i]] = i;
        }
    }
    let mut types = Vec::new();
    if replicated > 1 {
        dims.push(replicated);
        types.push(Subgroup::Replicated);
    }
    let devices = Devices::Iota(Iota::new(&sizes, &perm));
    if dims.is_empty() {
        return Sharding::Replicated;
    }
    canon::subgroup(dims, devices, &types)
}

impl fmt::Display for Named {
    /// XLA's `NamedSharding::ToString`: no space inside the mesh, one
    /// after each comma elsewhere.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{mesh[")?;
        for (i, (name, size)) in self.mesh.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "'{name}'={size}")?;
        }
        f.write_str("], [")?;
        for (i, axes) in self.dims.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            self.group(f, axes)?;
        }
        f.write_str("]")?;
        if !self.replicated.is_empty() {
            f.write_str(", replicated=")?;
            self.group(f, &self.replicated)?;
        }
        f.write_str("}")
    }
}

impl Named {
    fn group(&self, f: &mut fmt::Formatter<'_>, axes: &[usize]) -> fmt::Result {
        f.write_str("{")?;
        for (i, &a) in axes.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "'{}'", self.mesh[a].0)?;
        }
        f.write_str("}")
    }
}
