//! Shardy's meshes and shardings in MLIR text, as the HLO sharding XLA
//! makes of them: `convertToHloSharding`
//! (`xla/service/spmd/shardy/stablehlo_round_trip/export_shardings.cc`),
//! the export JAX's programs go through before XLA partitions them.
//!
//! - `sdy.mesh @mesh = <["x"=4, "y"=2]>` declares a mesh; a sharding
//!   names it (`@mesh`) or inlines one (`#sdy.mesh<["x"=4]>`). With
//!   `device_ids=[...]` the devices are listed, in the mesh's row-major
//!   order; a mesh without axes is one device (`{maximal device=N}`) or,
//!   without ids, replicated.
//! - `#sdy.sharding<@mesh, [{"x"}, {}]>`: per array dim, the axes that cut
//!   it, major to minor. Tile dims are the product of each dim's axes;
//!   the tile assignment is the mesh's devices transposed so that the
//!   sharding axes come first (in dim order), then `unreduced={...}`
//!   axes (an UNREDUCED subgroup), then the rest (a REPLICATED
//!   subgroup); `HloSharding::Subgroup` then normalises it.
//! - A priority (`{"x"}p1`) orders propagation; the export ignores it, and
//!   so does this reader.
//! - Refused, with the reason: open dims (`{"x", ?}`: Shardy's propagation
//!   may still shard them, so the lowered text does not say how they are
//!   cut; the compiled module does), sub-axes (`"x":(1)2`), an axis named
//!   twice or not in the mesh, an undeclared mesh.

use super::bytes::{close_of, short, skip_space, split_top, string_end};
use crate::core::sharding::canon;
use crate::core::sharding::{Devices, Iota, Sharding, Subgroup, MAX_DEVICES, MAX_RANK};

/// What is wrong and where (offsets into the text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SdyError {
    pub start: usize,
    pub end: usize,
    pub message: String,
}

fn err<T>(start: usize, end: usize, message: String) -> Result<T, SdyError> {
    Err(SdyError {
        start,
        end: end.max(start + 1),
        message,
    })
}

/// A Shardy mesh: axes (name, size) in order, and the devices if listed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mesh {
    pub axes: Vec<(String, u64)>,
    pub device_ids: Option<Vec<i64>>,
}

/// A module's declared meshes (`sdy.mesh @name = <...>`).
#[derive(Clone, Debug, Default)]
pub struct Meshes {
    list: Vec<(String, Result<Mesh, SdyError>)>,
}

/// How many meshes a module may declare before the rest are ignored.
const MAX_MESHES: usize = 256;

impl Meshes {
    /// Every `sdy.mesh @name = <...>` statement of `text` (one pass over
    /// the lines that start with `sdy.mesh`).
    pub fn declared_in(text: &str) -> Meshes {
        let b = text.as_bytes();
        let mut list = Vec::new();
        for at in memchr::memmem::find_iter(b, b"sdy.mesh @") {
            if list.len() == MAX_MESHES {
                break;
            }
            let line_start = memchr::memrchr(b'\n', &b[..at]).map_or(0, |k| k + 1);
            if !b[line_start..at].iter().all(|c| c.is_ascii_whitespace()) {
                continue;
            }
            let end = memchr::memchr(b'\n', &b[at..]).map_or(b.len(), |k| at + k);
            let name_start = at + "sdy.mesh @".len();
            let name_end = (name_start..end)
                .find(|&k| {
                    !(b[k].is_ascii_alphanumeric() || b[k] == b'_' || b[k] == b'.' || b[k] == b'$')
                })
                .unwrap_or(end);
            let name = text[name_start..name_end].to_owned();
            let eq = skip_space(b, name_end, end);
            let mesh = if b.get(eq) == Some(&b'=') {
                let open = skip_space(b, eq + 1, end);
                if b.get(open) == Some(&b'<') {
                    match close_of(b, open, end) {
                        Ok(close) => mesh_body(text, open + 1, close),
                        Err(u) => {
                            let (at, why) = u.describe(b);
                            err(at, at + 1, why)
                        }
                    }
                } else {
                    err(open, open + 1, "a mesh is written `<[...]>`".into())
                }
            } else {
                err(eq, eq + 1, "`sdy.mesh @name` needs `= <[...]>`".into())
            };
            list.push((name, mesh));
        }
        Meshes { list }
    }

    fn get(&self, name: &str) -> Option<&Result<Mesh, SdyError>> {
        self.list.iter().find(|(n, _)| n == name).map(|(_, m)| m)
    }

    /// The sharding in `<@mesh, [...], ...>` whose body (inside the angle
    /// brackets) is `text[start..end]`.
    pub fn sharding(&self, text: &str, start: usize, end: usize) -> Result<Sharding, SdyError> {
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
        } else if text[ms..me].starts_with("#sdy.mesh<") && b[me - 1] == b'>' {
            inline = mesh_body(text, ms + "#sdy.mesh<".len(), me - 1)?;
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
        if b[ds] != b'[' || b[de - 1] != b']' {
            return err(
                ds,
                de,
                "the dims of a Shardy sharding are a list: `[{...}, ...]`".into(),
            );
        }
        let mut used = vec![false; mesh.axes.len()];
        let mut dims: Vec<Vec<usize>> = Vec::new();
        let mut list = Vec::new();
        split_top(b, ds + 1, de - 1, &mut list);
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
        Ok(to_hlo(mesh, &dims, &unreduced))
    }
}

/// `["x"=4, "y"=2], device_ids=[...]` (inside the angle brackets).
fn mesh_body(text: &str, start: usize, end: usize) -> Result<Mesh, SdyError> {
    let b = text.as_bytes();
    let mut parts = Vec::new();
    split_top(b, start, end, &mut parts);
    let Some(&(as_, ae)) = parts.first() else {
        return err(start, end, "a mesh lists its axes: `[\"x\"=4, ...]`".into());
    };
    if as_ == ae || b[as_] != b'[' || b[ae - 1] != b']' {
        return err(as_, ae, "a mesh lists its axes: `[\"x\"=4, ...]`".into());
    }
    let mut items = Vec::new();
    split_top(b, as_ + 1, ae - 1, &mut items);
    if items.len() == 1 && items[0].0 == items[0].1 {
        items.clear();
    }
    if items.len() > MAX_RANK {
        return err(as_, ae, format!("more than {MAX_RANK} mesh axes"));
    }
    let mut axes: Vec<(String, u64)> = Vec::new();
    let mut devices: u64 = 1;
    for &(s, e) in &items {
        let item = &text[s..e];
        let Some(eq) = item.rfind('=') else {
            return err(
                s,
                e,
                format!("`{}` is not an axis (`\"x\"=4`)", short(item)),
            );
        };
        let (ns, ne) = (s, s + eq);
        let name = quoted(text, ns, ne)?;
        if axes.iter().any(|(n, _)| n == name) {
            return err(
                ns,
                ne,
                format!("the axis \"{}\" is named twice in the mesh", short(name)),
            );
        }
        let size_text = item[eq + 1..].trim();
        let size: u64 = match size_text.parse() {
            Ok(v) if v > 0 => v,
            _ => {
                return err(
                    s + eq + 1,
                    e,
                    format!("`{}` is not an axis size", short(size_text)),
                )
            }
        };
        devices = match devices.checked_mul(size) {
            Some(d) if d <= MAX_DEVICES => d,
            _ => {
                return err(
                    s,
                    e,
                    format!("the mesh has more than {MAX_DEVICES} devices"),
                )
            }
        };
        axes.push((name.to_owned(), size));
    }
    let mut device_ids = None;
    for &(s, e) in &parts[1..] {
        let field = &text[s..e];
        let Some(list) = field
            .strip_prefix("device_ids=[")
            .and_then(|r| r.strip_suffix(']'))
        else {
            return err(s, e, format!("`{}` of a mesh is not read", short(field)));
        };
        let ls = s + "device_ids=[".len();
        let mut ids_at = Vec::new();
        split_top(b, ls, ls + list.len(), &mut ids_at);
        if ids_at.len() as u64 > MAX_DEVICES {
            return err(s, e, format!("more than {MAX_DEVICES} device ids"));
        }
        let mut ids = Vec::with_capacity(ids_at.len());
        for &(is, ie) in &ids_at {
            match text[is..ie].parse::<i64>() {
                Ok(v) if v >= 0 => ids.push(v),
                _ => {
                    return err(
                        is,
                        ie,
                        format!("`{}` is not a device id", short(&text[is..ie])),
                    )
                }
            }
        }
        let want = if axes.is_empty() { 1 } else { devices };
        if ids.len() as u64 != want {
            return err(
                s,
                e,
                format!("{} device ids for a mesh of {want} devices", ids.len()),
            );
        }
        let mut sorted = ids.clone();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return err(s, e, format!("the device {} is listed twice", w[0]));
        }
        device_ids = Some(ids);
    }
    Ok(Mesh { axes, device_ids })
}

/// `"x"` (its text between the quotes), or an error at it.
fn quoted(text: &str, start: usize, end: usize) -> Result<&str, SdyError> {
    let (s, e) = super::bytes::trim(text.as_bytes(), start, end);
    let t = &text[s..e];
    match t.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        Some(name) if !name.is_empty() && !name.contains(['"', '\\']) => Ok(name),
        _ => err(
            s,
            e,
            format!("`{}` is not an axis name (`\"x\"`)", short(t)),
        ),
    }
}

/// One dim's `{"x", "y"}` (closed), with a priority `p1` or not.
fn dim(
    text: &str,
    start: usize,
    end: usize,
    mesh: &Mesh,
    used: &mut [bool],
) -> Result<Vec<usize>, SdyError> {
    let b = text.as_bytes();
    if b[start] != b'{' {
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

/// `{"x", "y"}` as mesh axis indices, each marked used.
fn axes(
    text: &str,
    start: usize,
    end: usize,
    mesh: &Mesh,
    used: &mut [bool],
    dim: bool,
) -> Result<Vec<usize>, SdyError> {
    let b = text.as_bytes();
    if b[start] != b'{' || b[end - 1] != b'}' {
        return err(
            start,
            end,
            format!(
                "`{}` is not a list of axes (`{{\"x\"}}`)",
                short(&text[start..end])
            ),
        );
    }
    let mut items = Vec::new();
    split_top(b, start + 1, end - 1, &mut items);
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
        if b[s] == b'"' && string_end(b, s, e) < e {
            return err(
                s,
                e,
                format!(
                    "the sub-axis `{}` is not read (only whole mesh axes)",
                    short(item)
                ),
            );
        }
        let name = quoted(text, s, e)?;
        let Some(a) = mesh.axes.iter().position(|(n, _)| n == name) else {
            return err(s, e, format!("the mesh has no axis \"{}\"", short(name)));
        };
        if used[a] {
            return err(
                s,
                e,
                format!(
                    "the axis \"{}\" is named twice in the sharding",
                    short(name)
                ),
            );
        }
        used[a] = true;
        out.push(a);
    }
    Ok(out)
}

/// `convertToHloSharding` without manual axes or sub-axes.
fn to_hlo(mesh: &Mesh, dims: &[Vec<usize>], unreduced: &[usize]) -> Sharding {
    if mesh.axes.is_empty() {
        return match mesh.device_ids.as_deref() {
            Some([first, ..]) => Sharding::Maximal { device: *first },
            _ => Sharding::Replicated,
        };
    }
    let n = mesh.axes.len();
    let mut tile: Vec<u64> = vec![1; dims.len()];
    let mut pos = vec![usize::MAX; n];
    let mut next = 0;
    for (k, axes) in dims.iter().enumerate() {
        for &a in axes {
            tile[k] *= mesh.axes[a].1;
            pos[a] = next;
            next += 1;
        }
    }
    let mut types = Vec::new();
    if !unreduced.is_empty() {
        types.push(Subgroup::Unreduced);
        tile.push(unreduced.iter().map(|&a| mesh.axes[a].1).product());
        for &a in unreduced {
            pos[a] = next;
            next += 1;
        }
    }
    let reshape: Vec<u64> = mesh.axes.iter().map(|(_, s)| *s).collect();
    let mut perm = vec![0usize; n];
    let mut replicated: u64 = 1;
    for a in 0..n {
        if pos[a] == usize::MAX {
            perm[next] = a;
            next += 1;
            replicated *= mesh.axes[a].1;
        } else {
            perm[pos[a]] = a;
        }
    }
    if replicated > 1 {
        tile.push(replicated);
        types.push(Subgroup::Replicated);
    }
    if tile.is_empty() {
        return Sharding::Replicated;
    }
    let iota = Iota::new(&reshape, &perm);
    let devices = match &mesh.device_ids {
        // The listed devices, transposed as the iota transposes 0..N.
        Some(ids) => Devices::List((0..iota.len()).map(|k| ids[iota.at(k) as usize]).collect()),
        None => Devices::Iota(iota),
    };
    canon::subgroup(tile, devices, &types)
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
    let b = text.as_bytes();
    split_top(b, start, end, out);
    if out.len() == 1 && out[0].0 == out[0].1 {
        out.clear();
    }
    for item in out.iter_mut() {
        let (s, e) = *item;
        if b[s] != b'<' || b[e - 1] != b'>' {
            return err(
                s,
                e,
                format!(
                    "`{}` is not a Shardy sharding (`<@mesh, [...]>`)",
                    short(&text[s..e])
                ),
            );
        }
        *item = (s + 1, e - 1);
    }
    Ok(())
}
