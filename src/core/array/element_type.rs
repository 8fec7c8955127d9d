//! XLA primitive element types: names, bit widths, classes.

use std::fmt;

macro_rules! element_types {
    ($($variant:ident = $name:literal, $bits:literal, $class:ident;)*) => {
        /// An array element type, as XLA's `PrimitiveType` (array types only:
        /// `token`, `opaque` and tuples are shapes, not element types).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum ElementType {
            $($variant,)*
        }

        impl ElementType {
            /// Every element type, in XLA's own order of the list.
            pub const ALL: &'static [ElementType] = &[$(ElementType::$variant,)*];

            /// The lower-case name XLA prints (`bf16`, `f8e4m3fn`, ...).
            pub const fn name(self) -> &'static str {
                match self { $(ElementType::$variant => $name,)* }
            }

            /// The type's own width in bits (`pred` is 8: one byte an element).
            pub const fn bit_width(self) -> u32 {
                match self { $(ElementType::$variant => $bits,)* }
            }

            /// The class of the type (integer, float, complex, predicate).
            pub const fn class(self) -> TypeClass {
                match self { $(ElementType::$variant => TypeClass::$class,)* }
            }

            /// Looks a type up by its exact lower-case name.
            pub fn from_name(name: &str) -> Option<ElementType> {
                match name { $($name => Some(ElementType::$variant),)* _ => None }
            }
        }
    };
}

/// What kind of number an element type holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TypeClass {
    Predicate,
    SignedInteger,
    UnsignedInteger,
    Float,
    Complex,
}

element_types! {
    Pred = "pred", 8, Predicate;
    S1 = "s1", 1, SignedInteger;
    S2 = "s2", 2, SignedInteger;
    S4 = "s4", 4, SignedInteger;
    S8 = "s8", 8, SignedInteger;
    S16 = "s16", 16, SignedInteger;
    S32 = "s32", 32, SignedInteger;
    S64 = "s64", 64, SignedInteger;
    U1 = "u1", 1, UnsignedInteger;
    U2 = "u2", 2, UnsignedInteger;
    U4 = "u4", 4, UnsignedInteger;
    U8 = "u8", 8, UnsignedInteger;
    U16 = "u16", 16, UnsignedInteger;
    U32 = "u32", 32, UnsignedInteger;
    U64 = "u64", 64, UnsignedInteger;
    F16 = "f16", 16, Float;
    Bf16 = "bf16", 16, Float;
    F32 = "f32", 32, Float;
    F64 = "f64", 64, Float;
    C64 = "c64", 64, Complex;
    C128 = "c128", 128, Complex;
    F8E5m2 = "f8e5m2", 8, Float;
    F8E4m3 = "f8e4m3", 8, Float;
    F8E4m3fn = "f8e4m3fn", 8, Float;
    F8E4m3b11fnuz = "f8e4m3b11fnuz", 8, Float;
    F8E5m2fnuz = "f8e5m2fnuz", 8, Float;
    F8E4m3fnuz = "f8e4m3fnuz", 8, Float;
    F8E3m4 = "f8e3m4", 8, Float;
    F8E8m0fnu = "f8e8m0fnu", 8, Float;
    F4E2m1fn = "f4e2m1fn", 4, Float;
}

impl ElementType {
    /// Integral types are the signed and unsigned integers (XLA's
    /// `IsIntegralType`; `pred` is not one). Only these may be index or
    /// pointer types (`#(s32)`, `*(u64)`).
    pub const fn is_integral(self) -> bool {
        matches!(
            self.class(),
            TypeClass::SignedInteger | TypeClass::UnsignedInteger
        )
    }

    /// Narrower than a byte (`s4`, `u2`, `f4e2m1fn`, ...).
    pub const fn is_sub_byte(self) -> bool {
        self.bit_width() < 8
    }
}

impl fmt::Display for ElementType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_are_lower_case() {
        for &t in ElementType::ALL {
            assert_eq!(ElementType::from_name(t.name()), Some(t));
            assert_eq!(t.name(), t.name().to_lowercase());
        }
        assert_eq!(ElementType::from_name("F32"), None);
        assert_eq!(ElementType::from_name("f31"), None);
    }

    #[test]
    fn widths_follow_the_semantics_doc() {
        use ElementType::*;
        let expected = [
            (Pred, 8),
            (S1, 1),
            (U2, 2),
            (S4, 4),
            (Bf16, 16),
            (F32, 32),
            (C64, 64),
            (C128, 128),
            (F8E4m3fn, 8),
            (F4E2m1fn, 4),
        ];
        for (t, bits) in expected {
            assert_eq!(t.bit_width(), bits, "{t}");
        }
        assert!(S32.is_integral() && U8.is_integral());
        assert!(!Pred.is_integral() && !F32.is_integral());
    }
}
