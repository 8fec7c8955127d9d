//! What an unknown element type name probably meant: `float` -> `f32`.

use crate::core::element_type::ElementType;

/// The element type someone probably meant by `name`.
pub(super) fn suggest(name: &str) -> Option<&'static str> {
    const ALIASES: &[(&str, &str)] = &[
        ("bool", "pred"),
        ("boolean", "pred"),
        ("float", "f32"),
        ("float32", "f32"),
        ("fp32", "f32"),
        ("half", "f16"),
        ("float16", "f16"),
        ("fp16", "f16"),
        ("double", "f64"),
        ("float64", "f64"),
        ("fp64", "f64"),
        ("bfloat16", "bf16"),
        ("int8", "s8"),
        ("int16", "s16"),
        ("int32", "s32"),
        ("int64", "s64"),
        ("i8", "s8"),
        ("i16", "s16"),
        ("i32", "s32"),
        ("i64", "s64"),
        ("uint8", "u8"),
        ("uint16", "u16"),
        ("uint32", "u32"),
        ("uint64", "u64"),
        ("complex64", "c64"),
        ("complex128", "c128"),
        ("int4", "s4"),
        ("i4", "s4"),
        ("uint4", "u4"),
        ("opaque_type", "opaque"),
    ];
    // Every name and alias is short: a longer name matches none of them
    // (and is not copied to find out).
    if name.len() > 16 {
        return None;
    }
    let lower = name.to_ascii_lowercase();
    if let Some(t) = ElementType::from_name(&lower) {
        return Some(t.name());
    }
    match lower.as_str() {
        "token" => Some("token"),
        "opaque" => Some("opaque"),
        _ => ALIASES
            .iter()
            .find(|(alias, _)| *alias == lower)
            .map(|(_, to)| *to),
    }
}
