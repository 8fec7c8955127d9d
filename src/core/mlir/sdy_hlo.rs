//! Shardy's attributes in HLO's spelling, read by the same code as in
//! MLIR's (`sdy.rs`, `sdy_sharding.rs`): a module header's
//! `frontend_attributes={xla.sdy.meshes={mesh = #sdy.mesh<["x"=4]>, ...}}`
//! and an instruction's `frontend_attributes={xla.sdy.sharding=
//! "#sdy.sharding<@mesh, [{\"x\"}]>"}` (or `#sdy.sharding_per_value<[<...>,
//! ...]>`, one per result), as XLA's Shardy round-trip export writes them
//! into the HLO JAX lowers to (`xla/service/spmd/shardy/sdy_round_trip/
//! export_shardings.cc`, `xla/service/spmd/shardy/sdy_round_trip/
//! export_ops.cc`). The values come here with `\"` made `"`.

use super::bytes::{inside, short, split_top};
use super::sdy::{err, mesh_body, Meshes, SdyError, MAX_MESHES};
use super::sdy_sharding::per_value;
use crate::core::sharding::Sharding;

impl Meshes {
    /// The meshes of an `xla.sdy.meshes` value, `{name = #sdy.mesh<...>,
    /// ...}`: each that does not read is kept with its error.
    pub fn listed(text: &str) -> Meshes {
        let b = text.as_bytes();
        let Some((ls, le)) = inside(b, 0, text.len(), b'{', b'}') else {
            return Meshes::default();
        };
        let mut items = Vec::new();
        split_top(b, ls, le, &mut items);
        let list = items
            .iter()
            .take(MAX_MESHES)
            .filter_map(|&(s, e)| {
                let eq = s + text[s..e].find('=')?;
                let (ms, me) = super::bytes::trim(b, eq + 1, e);
                let mesh = match text[ms..me].strip_prefix("#sdy.mesh") {
                    Some(_) => match inside(b, ms + "#sdy.mesh".len(), me, b'<', b'>') {
                        Some((is, ie)) => mesh_body(text, is, ie),
                        None => err(ms, me, "a mesh is written `#sdy.mesh<[...]>`".into()),
                    },
                    None => err(ms, me, "a mesh is written `#sdy.mesh<[...]>`".into()),
                };
                Some((text[s..eq].trim().to_owned(), mesh.map_err(|e| e.fit(text))))
            })
            .collect();
        Meshes { list }
    }

    /// The HLO sharding of an `xla.sdy.sharding` value (its text), or why
    /// not: the offending characters quoted, then the reason.
    pub fn attribute(&self, text: &str) -> Result<Sharding, String> {
        self.read_attribute(text).map_err(|e| {
            let at = text.get(e.start..e.end).unwrap_or("");
            format!("`{}`: {}", short(at), e.message)
        })
    }

    fn read_attribute(&self, text: &str) -> Result<Sharding, SdyError> {
        let b = text.as_bytes();
        let end = text.len();
        let mut bodies = Vec::new();
        let list = text
            .strip_prefix("#sdy.sharding_per_value")
            .and_then(|r| inside(b, end - r.len(), end, b'<', b'>'))
            .and_then(|(s, e)| inside(b, s, e, b'[', b']'));
        if let Some((ls, le)) = list {
            per_value(text, ls, le, &mut bodies)?;
        } else if let Some(body) = text
            .starts_with("#sdy.sharding<")
            .then(|| inside(b, "#sdy.sharding".len(), end, b'<', b'>'))
            .flatten()
        {
            bodies.push(body);
        } else {
            return err(
                0,
                end,
                "this is not a Shardy sharding (`#sdy.sharding<@mesh, [...]>`)".into(),
            );
        }
        let mut out = Vec::with_capacity(bodies.len());
        for &(s, e) in &bodies {
            // The mesh is named in the header, not declared in the text.
            let name = text[s..e].split(',').next().unwrap_or("").trim();
            if let Some(name) = name.strip_prefix('@') {
                if self.get(name).is_none() {
                    return err(
                        s,
                        s + name.len() + 1,
                        format!(
                            "the mesh @{} is not in the module's xla.sdy.meshes",
                            short(name)
                        ),
                    );
                }
            }
            out.push(self.sharding(text, s, e)?);
        }
        Ok(match out.len() {
            1 => out.remove(0),
            _ => Sharding::Tuple(out),
        })
    }
}
