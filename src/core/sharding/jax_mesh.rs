//! JAX's mesh as people write it and as a notebook prints it: `x=4,y=2`,
//! `'x': 4, 'y': 2`, `{'x': 4}`, `str(mesh)` = `Mesh('x': 4, 'y': 2,
//! axis_types=(Auto, Auto))`, `repr(mesh)` = `Mesh(axis_sizes=(4, 2),
//! axis_names=('x', 'y'), axis_types=(..))` (`Mesh.__str__` and
//! `Mesh._repr` in `jax/_src/mesh.py`), and `AbstractMesh('x': 4, ..)`
//! (`AbstractMesh.__repr__`, same file).
//!
//! A device order may go with the mesh, `devices=[0, 2, 1, 3]` or
//! `device_ids=[[0 2] [1 3]]` as `print(mesh.device_ids)` shows it: the
//! chips' own ids, position by position in `mesh.devices.flat` order. A
//! lowered sharding names positions (`NamedSharding._device_assignment` is
//! `mesh._flat_devices_tuple`, `tuple(self.devices.flat)`), so the ids are
//! for display only: which chip holds what.

use super::cursor::{Cursor, Result};
use super::error::{ShardingError, ShardingErrorKind as K};
use super::model::MAX_DEVICES;

/// Mesh axes in order (name and size), and the chips' ids if given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mesh {
    pub axes: Vec<(String, u64)>,
    /// One chip id per mesh position, in `devices.flat` order.
    pub device_ids: Option<Vec<u64>>,
}

impl Mesh {
    /// Positions in the mesh: the product of the axis sizes.
    pub fn size(&self) -> u64 {
        self.axes.iter().map(|(_, n)| *n).product()
    }
}

/// Any of the forms in the module's doc, alone.
pub fn parse_mesh(text: &str) -> std::result::Result<Mesh, ShardingError> {
    let mut c = Cursor::new(text);
    let mesh = mesh_at(&mut c)?;
    if !c.at_end()? {
        let start = c.pos;
        return Err(c.error(K::TrailingInput, start, c.text.len()));
    }
    Ok(mesh)
}

/// A value spelled `(n, ..)` or `('x', ..)` after `axis_sizes=` /
/// `axis_names=`, with spans.
type Listed<'a, T> = Vec<(T, usize, usize)>;

pub(super) fn mesh_at(c: &mut Cursor) -> Result<Mesh> {
    let open = {
        c.skip()?;
        c.pos
    };
    let wrapped = c.eat("Mesh(")? || c.eat("Mesh (")? || c.eat("AbstractMesh(")?;
    let braced = !wrapped && c.eat("{")?;
    let mut axes: Vec<(String, u64)> = Vec::new();
    // Each with the span of `key=(..)`.
    let mut sizes: Option<(Listed<u64>, usize, usize)> = None;
    let mut names: Option<(Listed<&str>, usize, usize)> = None;
    let mut ids: Option<(Vec<u64>, usize, usize)> = None;
    loop {
        if wrapped && (c.peek()? == Some(b')')) {
            break;
        }
        let (name, s, e) = match c.peek()? {
            Some(b'\'' | b'"') => c.quoted("a mesh axis name")?,
            _ => match c.word()? {
                Some((w, s)) if is_keyword(w) => {
                    c.expect("=", "`=`")?;
                    match w {
                        "axis_sizes" => sizes = Some((listed(c, Item::Size)?.0, s, c.pos)),
                        "axis_names" => names = Some((listed(c, Item::Name)?.1, s, c.pos)),
                        "devices" | "device_ids" => ids = Some(id_list(c)?),
                        // axis_types=(Auto, ..), device_kind=.., platform=..:
                        // how the mesh is used, not its sizes.
                        _ => skip_value(c, s)?,
                    }
                    if !c.eat(",")? {
                        break;
                    }
                    continue;
                }
                Some((w, s)) => (w, s, s + w.len()),
                None => return Err(c.unexpected("a mesh axis such as x=4")),
            },
        };
        super::named::push_axis(c, &mut axes, (name, s, e), open, &["=", ":"])?;
        if !c.eat(",")? {
            break;
        }
    }
    if wrapped {
        c.expect(")", "`)` closing Mesh(")?;
    } else if braced {
        c.expect("}", "`}` closing the mesh")?;
    }
    match (sizes, names) {
        (Some((sizes, ..)), Some((names, ..))) if sizes.len() == names.len() => {
            for ((name, s, e), (size, ss, se)) in names.into_iter().zip(sizes) {
                super::named::add_axis(c, &mut axes, (name, s, e), (size, ss, se), open)?;
            }
        }
        (Some((sizes, ..)), Some((names, s, e))) => {
            let (given, named) = (sizes.len(), names.len());
            return Err(c.error(
                K::MeshSizesNames {
                    sizes: given,
                    names: named,
                },
                s,
                e,
            ));
        }
        (Some((_, s, e)), None) | (None, Some((_, s, e))) => {
            return Err(c.error(K::MeshSizesNames { sizes: 0, names: 0 }, s, e));
        }
        (None, None) => {}
    }
    if axes.is_empty() {
        return Err(c.unexpected("a mesh axis such as x=4"));
    }
    let mesh_size: u64 = axes.iter().map(|(_, n)| *n).product();
    let device_ids = match ids {
        None => None,
        Some((list, s, e)) => {
            if list.len() as u64 != mesh_size {
                let given = list.len() as u64;
                return Err(c.error(
                    K::MeshDeviceCount {
                        mesh: mesh_size,
                        given,
                    },
                    s,
                    e,
                ));
            }
            // Sorted as i64 (the same bits, so equal ids stay equal and
            // end up side by side): the sort `canon.rs` already links in,
            // not a second copy of it for u64 (about 4 KB of wasm).
            let mut seen: Vec<i64> = list.iter().map(|&d| d as i64).collect();
            seen.sort_unstable();
            if let Some(w) = seen.windows(2).find(|w| w[0] == w[1]) {
                let device = w[0] as u64;
                return Err(c.error(K::MeshDeviceTwice { device }, s, e));
            }
            Some(list)
        }
    };
    Ok(Mesh { axes, device_ids })
}

fn is_keyword(w: &str) -> bool {
    matches!(
        w,
        "axis_sizes"
            | "axis_names"
            | "axis_types"
            | "devices"
            | "device_ids"
            | "device_kind"
            | "num_cores"
            | "platform"
    )
}

#[derive(Clone, Copy, PartialEq)]
enum Item {
    Size,
    Name,
}

/// `(4, 2)` or `('x', 'y')` (a one-element tuple may end in a comma).
fn listed<'a>(c: &mut Cursor<'a>, item: Item) -> Result<(Listed<'a, u64>, Listed<'a, &'a str>)> {
    c.expect("(", "`(`")?;
    let (mut sizes, mut names) = (Vec::new(), Vec::new());
    while c.peek()? != Some(b')') {
        if sizes.len() + names.len() == super::model::MAX_RANK {
            let at = c.pos;
            let (what, limit) = ("mesh axes", super::model::MAX_RANK);
            return Err(c.error(K::TooManyEntries { what, limit }, at, at + 1));
        }
        match item {
            Item::Size => sizes.push(c.count("an axis size")?),
            Item::Name => names.push(c.quoted("a quoted axis name")?),
        }
        if !c.eat(",")? {
            break;
        }
    }
    c.expect(")", "`,` or `)`")?;
    Ok((sizes, names))
}

/// Device ids, nested lists flattened in order: `[0, 2, 1, 3]`,
/// `(0, 2, 1, 3)`, `[[0 2] [1 3]]`, `array([[0, 2], [1, 3]])`.
fn id_list(c: &mut Cursor) -> Result<(Vec<u64>, usize, usize)> {
    c.skip()?;
    let start = c.pos;
    let wrapped = c.eat("array(")?;
    let mut ids = Vec::new();
    let mut depth = 0usize;
    loop {
        match c.peek()? {
            Some(b'[' | b'(') => {
                depth += 1;
                c.pos += 1;
            }
            Some(b']' | b')') if depth > 0 => {
                depth -= 1;
                c.pos += 1;
                if depth == 0 {
                    break;
                }
            }
            Some(b',') if depth > 0 => c.pos += 1,
            Some(b'0'..=b'9') if depth > 0 => {
                if ids.len() as u64 == MAX_DEVICES {
                    let at = c.pos;
                    let limit = MAX_DEVICES as usize;
                    let what = "device ids";
                    return Err(c.error(K::TooManyEntries { what, limit }, at, at + 1));
                }
                ids.push(c.count("a device id")?.0);
            }
            _ => return Err(c.unexpected("a list of device ids such as [0, 2, 1, 3]")),
        }
    }
    if wrapped {
        // `, dtype=int32` and the like.
        if c.eat(",")? {
            let at = c.pos;
            skip_value(c, at)?;
        }
        c.expect(")", "`)` closing array(")?;
    }
    let end = c.pos;
    Ok((ids, start, end))
}

/// Skips one value: up to the next `,` or unmatched `)` / `]` / `}`,
/// across nested brackets (`(Auto, Auto)`, `TPU v4`).
pub(super) fn skip_value(c: &mut Cursor, start: usize) -> Result<()> {
    let b = c.text.as_bytes();
    let mut depth = 0usize;
    while c.pos < b.len() {
        match b[c.pos] {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' if depth == 0 => return Ok(()),
            b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => return Ok(()),
            _ => {}
        }
        c.pos += 1;
    }
    if depth > 0 {
        return Err(c.error(K::UnexpectedEnd { expected: "`)`" }, start, b.len()));
    }
    Ok(())
}
