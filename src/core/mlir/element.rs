//! MLIR element types as XLA's: `ConvertMlirTypeToPrimitiveType`
//! (`xla/mlir/utils/type_util.cc`), which `TypeToShape`
//! (`xla/hlo/translate/mhlo_to_hlo/type_to_shape.cc`) applies to a
//! tensor's element type.
//!
//! - floats by their MLIR names: `f16`, `bf16`, `f32`, `f64`, and the
//!   small floats `f4E2M1FN`, `f8E5M2`, `f8E4M3`, `f8E4M3FN`,
//!   `f8E4M3B11FNUZ`, `f8E4M3FNUZ`, `f8E5M2FNUZ`, `f8E3M4`, `f8E8M0FNU`:
//!   XLA's name is the same in lower case;
//! - integers: width 1 is `PRED` whatever the signedness; `uiN` is
//!   `UnsignedIntegralTypeForBitWidth(N)`, signless `iN` and signed `siN`
//!   are `SignedIntegralTypeForBitWidth(N)` (`xla/primitive_util.h`);
//! - `complex<f32>` is `C64`, `complex<f64>` `C128`
//!   (`primitive_util::ComplexType`).
//!
//! Anything else (`index`, `!quant.uniform<..>`, `i3`, `complex<f16>`)
//! is `PRIMITIVE_TYPE_INVALID` there and an error here.

use super::bytes::short;
use crate::core::{ElementType, TypeClass};

/// XLA's element type for an MLIR element type's text, or why not.
pub fn xla_element(mlir: &str) -> Result<ElementType, String> {
    // The commonest names first, without allocating.
    match mlir {
        "f32" => return Ok(ElementType::F32),
        "bf16" => return Ok(ElementType::Bf16),
        "f16" => return Ok(ElementType::F16),
        "f64" => return Ok(ElementType::F64),
        "i1" => return Ok(ElementType::Pred),
        "i8" => return Ok(ElementType::S8),
        "i32" => return Ok(ElementType::S32),
        "i64" => return Ok(ElementType::S64),
        "ui8" => return Ok(ElementType::U8),
        "ui32" => return Ok(ElementType::U32),
        _ => {}
    }
    if let Some(inner) = mlir
        .strip_prefix("complex<")
        .and_then(|r| r.strip_suffix('>'))
    {
        return match inner.trim() {
            "f32" => Ok(ElementType::C64),
            "f64" => Ok(ElementType::C128),
            other => Err(format!(
                "`complex<{}>` has no XLA type (only complex<f32> and complex<f64>)",
                short(other)
            )),
        };
    }
    let unknown = || {
        format!(
            "`{}` is not an element type XLA has (ConvertMlirTypeToPrimitiveType)",
            short(mlir)
        )
    };
    let b = mlir.as_bytes();
    let int = |digits: &str, unsigned: bool| -> Result<ElementType, String> {
        let width: u32 = digits.parse().map_err(|_| unknown())?;
        if width == 1 {
            return Ok(ElementType::Pred);
        }
        let name = format!("{}{width}", if unsigned { 'u' } else { 's' });
        ElementType::from_name(&name).ok_or_else(unknown)
    };
    match b.first() {
        Some(b'u') if mlir.starts_with("ui") && is_digits(&mlir[2..]) => int(&mlir[2..], true),
        Some(b's') if mlir.starts_with("si") && is_digits(&mlir[2..]) => int(&mlir[2..], false),
        Some(b'i') if is_digits(&mlir[1..]) => int(&mlir[1..], false),
        Some(b'f') | Some(b'b') => {
            let lower = mlir.to_ascii_lowercase();
            match ElementType::from_name(&lower) {
                Some(t) if t.class() == TypeClass::Float && spelled_as_mlir(mlir, &lower) => Ok(t),
                _ => Err(unknown()),
            }
        }
        _ => Err(unknown()),
    }
}

/// MLIR spells the small floats `f8E4M3FN`: `f`, the width, the rest in
/// capitals; the others (`f16`, `bf16`) as XLA does.
fn spelled_as_mlir(mlir: &str, lower: &str) -> bool {
    match lower.get(..2) {
        Some("f4") | Some("f8") => {
            mlir[..2] == lower[..2] && mlir[2..] == lower[2..].to_ascii_uppercase()
        }
        _ => mlir == lower,
    }
}

fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_issue_s_names_map_as_type_util_does() {
        let cases = [
            ("i1", "pred"),
            ("ui1", "pred"),
            ("i4", "s4"),
            ("i8", "s8"),
            ("si16", "s16"),
            ("i32", "s32"),
            ("i64", "s64"),
            ("ui8", "u8"),
            ("ui4", "u4"),
            ("ui64", "u64"),
            ("f8E4M3FN", "f8e4m3fn"),
            ("f8E5M2", "f8e5m2"),
            ("f8E8M0FNU", "f8e8m0fnu"),
            ("bf16", "bf16"),
            ("f16", "f16"),
            ("f32", "f32"),
            ("f64", "f64"),
            ("complex<f32>", "c64"),
            ("complex<f64>", "c128"),
        ];
        for (mlir, xla) in cases {
            assert_eq!(xla_element(mlir).map(|t| t.name()), Ok(xla), "{mlir}");
        }
    }

    #[test]
    fn types_xla_has_not_are_refused_by_name() {
        for bad in [
            "index",
            "i3",
            "i128",
            "f128",
            "complex<f16>",
            "f8e4m3fn",
            "tf32",
            "",
            "i",
            "ui",
        ] {
            let e = xla_element(bad).unwrap_err();
            assert!(e.contains("XLA"), "{bad}: {e}");
        }
    }
}
