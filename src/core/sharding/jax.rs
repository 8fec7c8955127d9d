//! JAX's notation: a mesh (`x=4,y=2`, or as a notebook prints it,
//! `Mesh('x': 4, 'y': 2, axis_types=(Auto, Auto))`) and a PartitionSpec
//! (`'x', None`, `P(('x','y'), None)`), or a pasted
//! `NamedSharding(mesh=Mesh(..), spec=P(..), memory_kind=device)`, lowered
//! to the sharding text JAX gives XLA: `named_sharding_to_xla_hlo_sharding`
//! in `jax/_src/named_sharding.py` (with `get_array_mapping` and
//! `get_non_one_sized_mesh_spec`), which calls XLA's
//! `HloSharding::IotaTile(dims, reshape_dims, transpose_perm,
//! subgroup_types)` = `Subgroup(TileAssignment(..), types)`. Device ids in
//! the result are positions in the mesh's device list, as in the HLO JAX
//! emits.

use super::canon;
use super::cursor::{Cursor, Result};
use super::error::{ShardingError, ShardingErrorKind as K};
use super::iota::Iota;
use super::model::{Devices, Sharding, Subgroup, MAX_RANK};

use super::jax_mesh::{mesh_at, skip_value};
pub use super::jax_mesh::{parse_mesh, Mesh};

/// One spec entry: `None`, or the axes cutting that dim (major first),
/// each with its byte span in the spec text.
pub type SpecEntry = Option<Vec<(String, usize, usize)>>;

/// `'x', None`, `P('x', None)`, `PartitionSpec(('x','y'),)`, `P()`.
pub fn parse_spec(text: &str) -> std::result::Result<Vec<SpecEntry>, ShardingError> {
    let mut c = Cursor::new(text);
    let spec = spec_at(&mut c)?;
    end(&mut c)?;
    Ok(spec)
}

fn spec_at(c: &mut Cursor) -> Result<Vec<SpecEntry>> {
    let wrapped = c.eat("PartitionSpec(")? || c.eat("P(")?;
    let mut entries: Vec<SpecEntry> = Vec::new();
    loop {
        match c.peek()? {
            None => break,
            Some(b')') if wrapped => break,
            _ => {}
        }
        if entries.len() == MAX_RANK {
            let at = c.pos;
            return Err(c.error(
                K::TooManyEntries {
                    what: "spec entries",
                    limit: MAX_RANK,
                },
                at,
                at + 1,
            ));
        }
        if c.eat("(")? {
            let mut axes = Vec::new();
            while c.peek()? != Some(b')') {
                axes.push(axis(c)?);
                if !c.eat(",")? {
                    break;
                }
            }
            c.expect(")", "`,` or `)` closing the axes")?;
            entries.push(Some(axes));
        } else if c.peek()? == Some(b'N') && c.text[c.pos..].starts_with("None") {
            c.pos += 4;
            entries.push(None);
        } else {
            entries.push(Some(vec![axis(c)?]));
        }
        if !c.eat(",")? {
            break;
        }
    }
    if wrapped {
        c.expect(")", "`)` closing the PartitionSpec")?;
    }
    Ok(entries)
}

fn axis(c: &mut Cursor) -> Result<(String, usize, usize)> {
    match c.peek()? {
        Some(b'\'' | b'"') => {
            let (name, s, e) = c.quoted("a mesh axis name")?;
            Ok((name.to_owned(), s, e))
        }
        _ => match c.word()? {
            Some((w, s)) if w != "None" => Ok((w.to_owned(), s, s + w.len())),
            _ => Err(c.unexpected("a mesh axis name, a tuple of them, or None")),
        },
    }
}

fn end(c: &mut Cursor) -> Result<()> {
    if !c.at_end()? {
        let start = c.pos;
        return Err(c.error(K::TrailingInput, start, c.text.len()));
    }
    Ok(())
}

/// JAX's lowering of `NamedSharding(mesh, spec)` for an array of `rank`
/// dims. Errors point into `spec_text`.
pub fn lower(
    mesh: &Mesh,
    spec: &[SpecEntry],
    rank: usize,
    spec_text: &str,
) -> std::result::Result<Sharding, ShardingError> {
    let err = |kind, s, e| ShardingError::new(kind, crate::core::span::Span::new(s, e), spec_text);
    if spec.len() > rank {
        return Err(err(
            K::SpecTooLong {
                entries: spec.len(),
                rank,
            },
            0,
            spec_text.len(),
        ));
    }
    // get_array_mapping: axis -> dim, in spec order; each axis once.
    let mut mapping: Vec<(usize, usize)> = Vec::new(); // (mesh axis, dim)
    for (dim, entry) in spec.iter().enumerate() {
        for (name, s, e) in entry.iter().flatten() {
            let Some(a) = mesh.axes.iter().position(|(n, _)| n == name) else {
                return Err(err(
                    K::UnknownAxis {
                        name: super::cursor::short(name),
                    },
                    *s,
                    *e,
                ));
            };
            if mapping.iter().any(|&(m, _)| m == a) {
                return Err(err(
                    K::AxisUsedTwice {
                        name: super::cursor::short(name),
                    },
                    *s,
                    *e,
                ));
            }
            mapping.push((a, dim));
        }
    }
    // get_non_one_sized_mesh_spec: size-1 axes play no part.
    let keep: Vec<usize> = (0..mesh.axes.len())
        .filter(|&a| mesh.axes[a].1 != 1)
        .collect();
    let pos = |a: usize| keep.iter().position(|&k| k == a);
    mapping.retain(|&(a, _)| pos(a).is_some());
    let replicated: Vec<usize> = keep
        .iter()
        .copied()
        .filter(|a| !mapping.iter().any(|&(m, _)| m == *a))
        .collect();
    if replicated.len() == keep.len() {
        return Ok(Sharding::Replicated);
    }
    let mut dims = vec![1u64; rank];
    let mut perm = Vec::with_capacity(keep.len());
    // sorted(array_mapping.items(), key=dim): stable, so spec order within a dim.
    let mut by_dim = mapping.clone();
    by_dim.sort_by_key(|&(_, d)| d);
    for &(a, d) in &by_dim {
        dims[d] *= mesh.axes[a].1;
        perm.push(pos(a).expect("kept"));
    }
    let mut types = Vec::new();
    if !replicated.is_empty() {
        types.push(Subgroup::Replicated);
        dims.push(replicated.iter().map(|&a| mesh.axes[a].1).product());
        perm.extend(replicated.iter().map(|&a| pos(a).expect("kept")));
    }
    let reshape: Vec<u64> = keep.iter().map(|&a| mesh.axes[a].1).collect();
    Ok(canon::subgroup(
        dims,
        Devices::Iota(Iota::new(&reshape, &perm)),
        &types,
    ))
}

/// Which text an error is in.
#[derive(Clone, Debug)]
pub enum JaxError {
    Mesh(ShardingError),
    Spec(ShardingError),
}

impl std::fmt::Display for JaxError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JaxError::Mesh(e) => write!(f, "in the mesh:\n{e}"),
            JaxError::Spec(e) => write!(f, "in the spec:\n{e}"),
        }
    }
}

impl std::error::Error for JaxError {}

/// `--mesh x=4,y=2 --spec "'x', None"` for an array of `rank` dims.
pub fn from_mesh_spec(
    mesh: &str,
    spec: &str,
    rank: usize,
) -> std::result::Result<Sharding, JaxError> {
    let m = parse_mesh(mesh).map_err(JaxError::Mesh)?;
    let s = parse_spec(spec).map_err(JaxError::Spec)?;
    lower(&m, &s, rank, spec).map_err(JaxError::Spec)
}

/// A pasted `NamedSharding(mesh=Mesh(..), spec=P(..), memory_kind=..)`.
pub fn from_named_sharding_repr(
    text: &str,
    rank: usize,
) -> std::result::Result<Sharding, ShardingError> {
    let (mesh, spec) = parse_named_sharding_repr(text)?;
    lower(&mesh, &spec, rank, text)
}

/// The mesh and the spec of a pasted `NamedSharding(..)`, not lowered.
pub fn parse_named_sharding_repr(
    text: &str,
) -> std::result::Result<(Mesh, Vec<SpecEntry>), ShardingError> {
    let mut c = Cursor::new(text);
    c.expect("NamedSharding(", "`NamedSharding(`")?;
    let mut mesh = None;
    let mut spec = None;
    loop {
        if c.eat(")")? {
            break;
        }
        let Some((key, s)) = c.word()? else {
            return Err(c.unexpected("`mesh=`, `spec=` or `)`"));
        };
        c.expect("=", "`=`")?;
        match key {
            "mesh" => mesh = Some(mesh_at(&mut c)?),
            "spec" => spec = Some(spec_at(&mut c)?),
            _ => {
                // memory_kind=device and the like: one word or a group.
                skip_value(&mut c, s)?;
            }
        }
        if !c.eat(",")? {
            c.expect(")", "`,` or `)`")?;
            break;
        }
    }
    end(&mut c)?;
    let (Some(mesh), Some(spec)) = (mesh, spec) else {
        return Err(c.error(
            K::Expected {
                expected: "both mesh= and spec=",
                found: "only one".into(),
            },
            0,
            text.len(),
        ));
    };
    Ok((mesh, spec))
}
