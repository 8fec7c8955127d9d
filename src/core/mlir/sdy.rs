//! Shardy's meshes in MLIR text: `sdy.mesh @mesh = <["x"=4, "y"=2]>`
//! declares a mesh; a sharding names it (`@mesh`) or inlines one
//! (`#sdy.mesh<["x"=4]>`). With `device_ids=[...]` the devices are
//! listed, in the mesh's row-major order; a mesh without axes is one
//! device (`{maximal device=N}`) or, without ids, replicated. The
//! shardings on a mesh, as XLA's, are `sdy_sharding.rs`'s.

use super::bytes::{close_of, fit, inside, short, skip_space, split_top};
use crate::core::sharding::{MAX_DEVICES, MAX_RANK};

/// What is wrong and where (offsets into the text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SdyError {
    pub start: usize,
    pub end: usize,
    pub message: String,
}

impl SdyError {
    /// The same error, its span fitted onto the text ([`fit`]).
    pub(super) fn fit(self, text: &str) -> SdyError {
        let (start, end) = fit(text, self.start, self.end);
        SdyError {
            start,
            end,
            message: self.message,
        }
    }
}

pub(super) fn err<T>(start: usize, end: usize, message: String) -> Result<T, SdyError> {
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
    pub(super) list: Vec<(String, Result<Mesh, SdyError>)>,
}

/// How many meshes a module may declare before the rest are ignored.
pub(super) const MAX_MESHES: usize = 256;

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

    pub(super) fn get(&self, name: &str) -> Option<&Result<Mesh, SdyError>> {
        self.list.iter().find(|(n, _)| n == name).map(|(_, m)| m)
    }
}

/// `["x"=4, "y"=2], device_ids=[...]` (inside the angle brackets).
pub(super) fn mesh_body(text: &str, start: usize, end: usize) -> Result<Mesh, SdyError> {
    let b = text.as_bytes();
    let mut parts = Vec::new();
    split_top(b, start, end, &mut parts);
    let Some(&(as_, ae)) = parts.first() else {
        return err(start, end, "a mesh lists its axes: `[\"x\"=4, ...]`".into());
    };
    let Some((ls, le)) = inside(b, as_, ae, b'[', b']') else {
        return err(as_, ae, "a mesh lists its axes: `[\"x\"=4, ...]`".into());
    };
    let mut items = Vec::new();
    split_top(b, ls, le, &mut items);
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
pub(super) fn quoted(text: &str, start: usize, end: usize) -> Result<&str, SdyError> {
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
