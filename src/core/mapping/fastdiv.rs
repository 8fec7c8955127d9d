//! Division by a constant without a hardware divide.
//!
//! Every divisor in a mapping (tile sizes, dim sizes) is known when the
//! mapping is built, and every dividend is a coordinate or offset below
//! [`MAX_SIZE`](crate::core::array::MAX_SIZE) `< 2^63`. For such dividends
//! Granlund and Montgomery's round-up method is exact: with
//! `l = ceil(log2 d)` and `m = ceil(2^(63+l) / d)` (which fits in 64 bits
//! when `d` is not a power of two), `n / d == (n * m) >> (63 + l)`.
//! Powers of two become a shift and a mask. In wasm, which has no
//! 64 x 64 -> 128-bit multiply, a dividend and divisor that both fit in
//! 32 bits are divided by the hardware instead (`FastDiv::quotient_with`).

/// A divisor `d >= 1` prepared for fast `n / d` and `n % d` with `n < 2^63`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FastDiv {
    d: u64,
    kind: Kind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// `d == 2^shift`.
    Pow2 { shift: u32 },
    /// Multiply by `magic`, keep the high bits from `shift` on.
    Magic { magic: u64, shift: u32 },
}

impl FastDiv {
    /// Prepares `d`; `None` when `d == 0` or `d >= 2^63`.
    pub fn new(d: u64) -> Option<FastDiv> {
        if d == 0 || d > i64::MAX as u64 {
            return None;
        }
        let kind = if d.is_power_of_two() {
            Kind::Pow2 {
                shift: d.trailing_zeros(),
            }
        } else {
            let l = 64 - (d - 1).leading_zeros(); // ceil(log2 d), in 2..=63
            let shift = 63 + l;
            let magic = (1u128 << shift).div_ceil(u128::from(d));
            Kind::Magic {
                magic: u64::try_from(magic).ok()?,
                shift,
            }
        };
        Some(FastDiv { d, kind })
    }

    /// The divisor.
    #[inline]
    pub fn divisor(self) -> u64 {
        self.d
    }

    /// `n / d`, exact for `n < 2^63`.
    #[inline(always)]
    pub fn quotient(self, n: u64) -> u64 {
        self.quotient_with(n, cfg!(target_arch = "wasm32"))
    }

    /// [`FastDiv::quotient`]; with `divide_small`, dividends and divisors
    /// that both fit in 32 bits are divided by the hardware. Wasm has no
    /// 64 x 64 -> 128-bit multiply: there the magic product is four 32-bit
    /// products (a call to compiler-builtins' `__multi3`), where a 32-bit
    /// division is one instruction.
    #[inline(always)]
    fn quotient_with(self, n: u64, divide_small: bool) -> u64 {
        debug_assert!(n <= i64::MAX as u64);
        match self.kind {
            Kind::Pow2 { shift } => n >> shift,
            Kind::Magic { .. } if divide_small && (n | self.d) >> 32 == 0 => {
                u64::from(n as u32 / self.d as u32)
            }
            Kind::Magic { magic, shift } => ((u128::from(n) * u128::from(magic)) >> shift) as u64,
        }
    }

    /// `(n / d, n % d)`, exact for `n < 2^63`.
    #[inline(always)]
    pub fn div_rem(self, n: u64) -> (u64, u64) {
        match self.kind {
            Kind::Pow2 { shift } => (n >> shift, n & (self.d - 1)),
            Kind::Magic { .. } => {
                let q = self.quotient(n);
                (q, n - q * self.d)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::FastDiv;

    fn check(d: u64, n: u64) {
        let f = FastDiv::new(d).unwrap();
        assert_eq!(f.div_rem(n), (n / d, n % d), "{n} / {d}");
        // Both paths, whichever the target uses.
        assert_eq!(f.quotient_with(n, true), n / d, "{n} / {d} as in wasm");
        assert_eq!(f.quotient_with(n, false), n / d, "{n} / {d} by magic");
    }

    #[test]
    fn exact_at_the_edges() {
        let max = i64::MAX as u64;
        let divisors = [
            1,
            2,
            3,
            5,
            7,
            10,
            127,
            128,
            129,
            160,
            1000,
            1 << 20,
            (1 << 31) + 1,
            max / 3,
            max - 1,
            max,
        ];
        let dividends = [
            0,
            1,
            2,
            3,
            126,
            127,
            128,
            1 << 32,
            (1 << 32) - 1,
            max / 2,
            max - 1,
            max,
        ];
        for d in divisors {
            for n in dividends {
                check(d, n);
                if n >= d {
                    check(d, n - n % d);
                    check(d, n - n % d - 1);
                }
            }
        }
    }

    #[test]
    fn exact_for_a_pseudo_random_sweep() {
        // xorshift, so the test needs no dependency and is repeatable.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..200_000 {
            let d = (next() >> (1 + next() % 63)).max(1);
            let n = next() >> 1;
            check(d, n);
            // Dividends of every size, many of them below 2^32.
            check(d, n >> (next() % 63));
        }
    }

    #[test]
    fn rejects_zero_and_huge() {
        assert!(FastDiv::new(0).is_none());
        assert!(FastDiv::new(1 << 63).is_none());
    }
}
