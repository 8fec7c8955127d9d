//! JAX's Shardy attributes, read where an instruction has no `sharding=`:
//! the module's `frontend_attributes={xla.sdy.meshes={mesh = #sdy.mesh<
//! ["x"=4, "y"=2]>}}` and an instruction's `frontend_attributes={
//! xla.sdy.sharding="#sdy.sharding<@mesh, [{\"x\"}, {}]>"}` (or
//! `#sdy.sharding_per_value<[<@mesh, ...>, ...]>`), as JAX's lowering
//! writes them (`xla/service/spmd/shardy/` round-trip export).
//!
//! An sdy sharding says, per array dim, which mesh axes cut it, major to
//! minor: exactly XLA's named form, so it is written as that form
//! (`{mesh['x'=4,'y'=2], [{'x'}, {}]}`) and read by the sharding parser,
//! whose `HloSharding::V3ToV2Sharding` gives the devices. Open dims (`?`)
//! and priorities (`p1`) steer propagation only and are skipped. Sub-axes
//! (`"x":(1)2`) and meshes with `device_ids` other than one device are
//! refused with a reason.

/// The module's meshes: name and the `[...]` axis list as written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SdyMeshes {
    meshes: Vec<(String, Mesh)>,
}

#[derive(Clone, Debug, PartialEq)]
enum Mesh {
    /// `["x"=4, "y"=2]`, as `'x'=4,'y'=2`.
    Axes(String),
    /// `#sdy.mesh<[], device_ids=[3]>`: one device.
    Maximal(i64),
    /// What we do not read, and why.
    Refused(&'static str),
}

/// How many meshes a module header may name before the rest are ignored.
const MAX_MESHES: usize = 64;

/// `\"` as `"` (the attribute's text is an escaped string in places).
fn unescape(s: &str) -> String {
    s.replace("\\\"", "\"")
}

/// Splits `s` at top-level commas (outside `[]`, `{}`, `<>`, `()`).
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0);
    for (i, c) in s.char_indices() {
        match c {
            '[' | '{' | '<' | '(' => depth += 1,
            ']' | '}' | '>' | ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    let last = s[start..].trim();
    if !last.is_empty() || !out.is_empty() {
        out.push(last);
    }
    out
}

/// `"x"` -> `x`, refusing names our named form cannot quote.
fn axis_name(s: &str) -> Option<&str> {
    let n = s.trim().strip_prefix('"')?.strip_suffix('"')?;
    (!n.is_empty() && !n.contains(['"', '\'', '\\'])).then_some(n)
}

/// `#sdy.mesh<[...]>` or `#sdy.mesh<[...], device_ids=[...]>`.
fn mesh(s: &str) -> Option<Mesh> {
    let inner = s.trim().strip_prefix("#sdy.mesh<")?.strip_suffix('>')?;
    let parts = split_top(inner);
    let axes = parts.first()?.strip_prefix('[')?.strip_suffix(']')?;
    let mut text = String::new();
    for axis in split_top(axes) {
        let (name, size) = axis.split_once('=')?;
        let name = axis_name(name)?;
        let size: u64 = size.trim().parse().ok()?;
        if !text.is_empty() {
            text.push(',');
        }
        text.push_str(&format!("'{name}'={size}"));
    }
    match parts.get(1) {
        None => Some(Mesh::Axes(text)),
        Some(ids) => {
            let ids = ids.strip_prefix("device_ids=[")?.strip_suffix(']')?;
            match (text.is_empty(), ids.trim().parse::<i64>()) {
                (true, Ok(d)) => Some(Mesh::Maximal(d)),
                _ => Some(Mesh::Refused("a Shardy mesh with its own device order")),
            }
        }
    }
}

impl SdyMeshes {
    /// The meshes of an `xla.sdy.meshes=` value (`{mesh = #sdy.mesh<...>,
    /// ...}`, quoted or not).
    pub fn parse(value: &str) -> SdyMeshes {
        let v = unescape(value);
        let v = v.trim().trim_matches('"');
        let Some(body) = v.strip_prefix('{').and_then(|b| b.strip_suffix('}')) else {
            return SdyMeshes::default();
        };
        let meshes = split_top(body)
            .into_iter()
            .take(MAX_MESHES)
            .filter_map(|entry| {
                let (name, m) = entry.split_once('=')?;
                let m = mesh(m).unwrap_or(Mesh::Refused("a Shardy mesh that does not read"));
                Some((name.trim().to_owned(), m))
            })
            .collect();
        SdyMeshes { meshes }
    }

    fn get(&self, reference: &str) -> Option<&Mesh> {
        let name = reference.trim().strip_prefix('@')?;
        self.meshes.iter().find(|(n, _)| n == name).map(|(_, m)| m)
    }

    /// The XLA sharding text of an `xla.sdy.sharding` value, or why not.
    pub fn sharding(&self, value: &str) -> Result<String, String> {
        let v = unescape(value);
        let v = v.trim();
        if let Some(list) = v
            .strip_prefix("#sdy.sharding_per_value<[")
            .and_then(|r| r.strip_suffix("]>"))
        {
            let items = split_top(list)
                .into_iter()
                .map(|one| {
                    let inner = one.strip_prefix('<').and_then(|r| r.strip_suffix('>'));
                    self.one(inner.ok_or_else(|| format!("`{one}` is not a Shardy sharding"))?)
                })
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(match items.as_slice() {
                [only] => only.clone(),
                _ => format!("{{{}}}", items.join(", ")),
            });
        }
        match v
            .strip_prefix("#sdy.sharding<")
            .and_then(|r| r.strip_suffix('>'))
        {
            Some(inner) => self.one(inner),
            None => Err(format!("`{v}` is not a Shardy sharding")),
        }
    }

    /// `@mesh, [{"x"}, {}], replicated={"y"}` as XLA's named form.
    fn one(&self, inner: &str) -> Result<String, String> {
        let parts = split_top(inner);
        let (Some(reference), Some(dims)) = (parts.first(), parts.get(1)) else {
            return Err(format!("`{inner}` names no mesh and dims"));
        };
        let mesh = if reference.starts_with("#sdy.mesh<") {
            mesh(reference).unwrap_or(Mesh::Refused("a Shardy mesh that does not read"))
        } else {
            self.get(reference).cloned().ok_or_else(|| {
                format!("the mesh `{reference}` is not in the module's xla.sdy.meshes")
            })?
        };
        let axes = match mesh {
            Mesh::Axes(axes) => axes,
            Mesh::Maximal(d) => return Ok(format!("{{maximal device={d}}}")),
            Mesh::Refused(why) => return Err(format!("{why} is not read")),
        };
        let dims = dims
            .strip_prefix('[')
            .and_then(|d| d.strip_suffix(']'))
            .ok_or_else(|| format!("`{dims}` is not a list of dim shardings"))?;
        let mut out = format!("{{mesh[{axes}], [");
        for (k, dim) in split_top(dims).into_iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            out.push_str(&group(dim)?);
        }
        out.push(']');
        for extra in &parts[2..] {
            match extra.split_once('=') {
                Some(("replicated", g)) => {
                    out.push_str(", replicated=");
                    out.push_str(&group(g)?);
                }
                _ => return Err(format!("`{extra}` of a Shardy sharding is not read")),
            }
        }
        out.push('}');
        Ok(out)
    }
}

/// `{"x", "y", ?}p1` as `{'x', 'y'}`.
fn group(dim: &str) -> Result<String, String> {
    let d = dim.trim();
    let d = match d.rfind('}') {
        // A priority after the braces steers propagation only.
        Some(close) if d[close + 1..].starts_with('p') || close + 1 == d.len() => &d[..=close],
        _ => d,
    };
    let body = d
        .strip_prefix('{')
        .and_then(|b| b.strip_suffix('}'))
        .ok_or_else(|| format!("`{dim}` is not a Shardy dim sharding"))?;
    let mut names = Vec::new();
    for axis in split_top(body) {
        if axis == "?" {
            continue;
        }
        if axis.contains(':') {
            return Err(format!("the sub-axis `{axis}` is not read"));
        }
        let name = axis_name(axis).ok_or_else(|| format!("`{axis}` is not a mesh axis"))?;
        names.push(format!("'{name}'"));
    }
    Ok(format!("{{{}}}", names.join(", ")))
}
