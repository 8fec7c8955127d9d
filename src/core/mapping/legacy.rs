//! The older Layout proto's padding fields (seed files 000, 001, 002, 004).
//!
//! `padded_dimensions` gives each dimension a padded size; the mapping
//! lays the array out as if it had those sizes
//! ([`Mapping::with_padded_dims`](crate::core::Mapping::with_padded_dims)).
//! `padding_value` says what the padding cells hold. Neither has a text
//! syntax in HLO, so they come from the caller (the CLI's
//! `--padded-dims` and `--padding-value`).

use std::fmt;

use crate::core::element_type::{ElementType, TypeClass};

/// What the older proto's padding cells hold (`PaddingValue`). The seeds'
/// example assumes zero padding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum PaddingValue {
    /// `ZERO_PAD`: the type's zero.
    #[default]
    Zero,
    /// `ONE_PAD`: the type's one.
    One,
    /// `LOWEST_PAD`: the type's lowest value (padding for a max-reduction).
    Lowest,
    /// `HIGHEST_PAD`: the type's highest value (padding for a
    /// min-reduction).
    Highest,
    /// `UNKNOWN_PAD`: not specified; any value.
    Unknown,
}

impl PaddingValue {
    pub const ALL: [PaddingValue; 5] = [
        PaddingValue::Zero,
        PaddingValue::One,
        PaddingValue::Lowest,
        PaddingValue::Highest,
        PaddingValue::Unknown,
    ];

    /// `zero`, `one`, `lowest`, `highest`, `unknown`.
    pub const fn name(self) -> &'static str {
        match self {
            PaddingValue::Zero => "zero",
            PaddingValue::One => "one",
            PaddingValue::Lowest => "lowest",
            PaddingValue::Highest => "highest",
            PaddingValue::Unknown => "unknown",
        }
    }

    /// By [`PaddingValue::name`], by the proto's name (`ZERO_PAD`, ...), or
    /// `unspecified` (the semantics doc's word for `unknown`).
    pub fn from_name(name: &str) -> Option<PaddingValue> {
        let lower = name.to_ascii_lowercase();
        let short = lower.strip_suffix("_pad").unwrap_or(&lower);
        if short == "unspecified" {
            return Some(PaddingValue::Unknown);
        }
        PaddingValue::ALL.into_iter().find(|v| v.name() == short)
    }

    /// The value a padding cell of an array of `ty` holds, as text:
    /// `0`, `false`, `-128`, `-inf`, `448`, or `any` for
    /// [`PaddingValue::Unknown`]. `None` where the type has no such value
    /// (the lowest or highest complex number).
    pub fn value_for(self, ty: ElementType) -> Option<String> {
        let bits = ty.bit_width();
        let text = match (self, ty.class()) {
            (PaddingValue::Unknown, _) => "any".to_owned(),
            (PaddingValue::Zero, TypeClass::Predicate) => "false".to_owned(),
            (PaddingValue::One, TypeClass::Predicate) => "true".to_owned(),
            (PaddingValue::Zero, _) => "0".to_owned(),
            (PaddingValue::One, _) => "1".to_owned(),
            (_, TypeClass::Complex) => return None,
            (PaddingValue::Lowest, TypeClass::Predicate) => "false".to_owned(),
            (PaddingValue::Highest, TypeClass::Predicate) => "true".to_owned(),
            (PaddingValue::Lowest, TypeClass::SignedInteger) => {
                (-(1i128 << (bits - 1))).to_string()
            }
            (PaddingValue::Highest, TypeClass::SignedInteger) => {
                ((1i128 << (bits - 1)) - 1).to_string()
            }
            (PaddingValue::Lowest, TypeClass::UnsignedInteger) => "0".to_owned(),
            (PaddingValue::Highest, TypeClass::UnsignedInteger) => {
                ((1u128 << bits) - 1).to_string()
            }
            (PaddingValue::Lowest | PaddingValue::Highest, TypeClass::Float) => {
                let magnitude = float_max(ty);
                match (self, magnitude) {
                    (PaddingValue::Lowest, FloatMax::Infinite) => "-inf".to_owned(),
                    (_, FloatMax::Infinite) => "inf".to_owned(),
                    // f8e8m0fnu has no sign: its lowest value is 2^-127.
                    (PaddingValue::Lowest, FloatMax::Unsigned(_)) => "2^-127".to_owned(),
                    (_, FloatMax::Unsigned(max))
                    | (PaddingValue::Highest, FloatMax::Finite(max)) => max.to_owned(),
                    (_, FloatMax::Finite(max)) => format!("-{max}"),
                }
            }
        };
        Some(text)
    }
}

impl fmt::Display for PaddingValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The largest value of a float type.
enum FloatMax {
    /// IEEE-like types with infinities.
    Infinite,
    /// Finite-only types, with their largest finite value.
    Finite(&'static str),
    /// Unsigned (no negative values), with the largest value.
    Unsigned(&'static str),
}

/// Largest values of the finite-only small floats (their names end in
/// `fn`, `fnuz` or `fnu`); the others have infinities.
fn float_max(ty: ElementType) -> FloatMax {
    use ElementType::*;
    match ty {
        F8E4m3fn => FloatMax::Finite("448"),
        F8E4m3fnuz => FloatMax::Finite("240"),
        F8E4m3b11fnuz => FloatMax::Finite("30"),
        F8E5m2fnuz => FloatMax::Finite("57344"),
        F4E2m1fn => FloatMax::Finite("6"),
        F8E8m0fnu => FloatMax::Unsigned("2^127"),
        _ => FloatMax::Infinite,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ElementType::*;

    #[test]
    fn names_round_trip_and_accept_the_proto_names() {
        for v in PaddingValue::ALL {
            assert_eq!(PaddingValue::from_name(v.name()), Some(v));
        }
        assert_eq!(
            PaddingValue::from_name("LOWEST_PAD"),
            Some(PaddingValue::Lowest)
        );
        assert_eq!(
            PaddingValue::from_name("ZERO_PAD"),
            Some(PaddingValue::Zero)
        );
        assert_eq!(
            PaddingValue::from_name("unspecified"),
            Some(PaddingValue::Unknown)
        );
        assert_eq!(PaddingValue::from_name("pad"), None);
        assert_eq!(PaddingValue::default(), PaddingValue::Zero);
    }

    #[test]
    fn values_follow_each_types_range() {
        let v = |p: PaddingValue, t| p.value_for(t);
        assert_eq!(v(PaddingValue::Zero, F32).as_deref(), Some("0"));
        assert_eq!(v(PaddingValue::Zero, Pred).as_deref(), Some("false"));
        assert_eq!(v(PaddingValue::One, Pred).as_deref(), Some("true"));
        assert_eq!(v(PaddingValue::Lowest, S8).as_deref(), Some("-128"));
        assert_eq!(v(PaddingValue::Highest, S8).as_deref(), Some("127"));
        assert_eq!(v(PaddingValue::Lowest, S1).as_deref(), Some("-1"));
        assert_eq!(v(PaddingValue::Highest, S1).as_deref(), Some("0"));
        assert_eq!(v(PaddingValue::Highest, U4).as_deref(), Some("15"));
        assert_eq!(
            v(PaddingValue::Highest, U64).as_deref(),
            Some("18446744073709551615")
        );
        assert_eq!(
            v(PaddingValue::Lowest, S64).as_deref(),
            Some("-9223372036854775808")
        );
        assert_eq!(v(PaddingValue::Lowest, U32).as_deref(), Some("0"));
        assert_eq!(v(PaddingValue::Lowest, Bf16).as_deref(), Some("-inf"));
        assert_eq!(v(PaddingValue::Highest, F8E5m2).as_deref(), Some("inf"));
        assert_eq!(v(PaddingValue::Lowest, F8E4m3fn).as_deref(), Some("-448"));
        assert_eq!(v(PaddingValue::Highest, F4E2m1fn).as_deref(), Some("6"));
        assert_eq!(
            v(PaddingValue::Lowest, F8E8m0fnu).as_deref(),
            Some("2^-127")
        );
        assert_eq!(v(PaddingValue::Lowest, C64), None);
        assert_eq!(v(PaddingValue::Zero, C128).as_deref(), Some("0"));
        assert_eq!(v(PaddingValue::Unknown, F32).as_deref(), Some("any"));
    }
}
