//! A value's dense bytes: its shape's elements times their bits, the
//! tool's own sizes (`core::sizes::data_bits`), without the layout's
//! padding. A tuple's buffer is its table of pointers: its `size=` is
//! taken as is.

use std::collections::HashMap;

use crate::core::mapping::{bits_to_bytes, checked_product};
use crate::core::sizes::data_bits;
use crate::core::Shape;

/// Dense bytes of shape texts, each text read once.
#[derive(Default)]
pub(crate) struct Dense<'a> {
    seen: HashMap<&'a str, Result<Option<u64>, String>>,
}

impl<'a> Dense<'a> {
    /// `Ok(Some(bytes))` for an array, `Ok(None)` for a tuple or a token,
    /// `Err(why)` for a shape the core does not read.
    pub fn of(&mut self, shape: &'a str) -> Result<Option<u64>, String> {
        if let Some(r) = self.seen.get(shape) {
            return r.clone();
        }
        let r = dense(shape);
        self.seen.insert(shape, r.clone());
        r
    }
}

fn dense(shape: &str) -> Result<Option<u64>, String> {
    if shape.starts_with('(') || shape.starts_with("token") {
        return Ok(None);
    }
    let parsed =
        crate::core::text::parser::parse_syntax(shape).map_err(|e| e.kind().to_string())?;
    let array = match &parsed {
        Shape::Array(a) => a,
        Shape::Buffer(b) => &b.array,
        _ => return Ok(None),
    };
    let layout = array.layout().map_err(|e| e.kind().to_string())?;
    let extents = layout
        .extents()
        .ok_or_else(|| "an unbounded dim has no size".to_owned())?;
    let n = checked_product(&extents).ok_or_else(|| "too many elements".to_owned())?;
    bits_to_bytes(n, data_bits(&layout))
        .map(Some)
        .ok_or_else(|| "too many bytes".to_owned())
}
