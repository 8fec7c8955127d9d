//! The size XLA itself reports for an array: `ShapeUtil::ArraySize` in
//! `xla/shape_util.cc`, step for step, as of openxla/xla commit
//! `0186c15567f18301c7b387dcc57db3a8bb5ed56a`.
//!
//! What that function does (every step below is in its body):
//! - no tiles: `ByteSizeOfElements(shape)`, elements times the element size
//!   (`L(n)` is not looked at);
//! - with tiles: only the *first* tile counts ("We assume the sub-tiles
//!   won't cause additional padding"). Its entries are matched to the
//!   most-minor dims in `minor_to_major` order, each dim sized by
//!   `LayoutUtil::MaxSplitSize` (entries beyond the shape's dims size 1),
//!   and each dim is rounded up with `RoundUpTo(dim_size, tile_dim)`; the
//!   other dims multiply in as they are; then `L(n)` rounds the count up;
//! - an entry equal to `Tile::kCombineDimension` (`*`, which `xla/layout.h`
//!   defines as `std::numeric_limits<int64_t>::min()`) is first replaced by
//!   the entry at the same position (from the minor end) of the *second*
//!   tile when the second tile has that many entries, else by
//!   `default_packing = max(1, 32 / ElementSizeInBits(shape))`. `*` dims are
//!   not merged as the mapping merges them;
//! - element size: `E(n)` bits (`CeilOfRatio(bits, CHAR_BIT)` bytes) when
//!   set, else `ByteSizeOfPrimitiveType`, whole bytes.
//!
//! Where the second tile's entry at that position is itself `*`, the value
//! reaching `RoundUpTo` is `INT64_MIN`: `RoundUpTo` (`xla/util.h`) is
//! `CeilOfRatio(value, divisor) * divisor`, and `MathUtil::CeilOrFloorOfRatio`
//! (`xla/tsl/lib/math/math_util.h`) returns 0 for a non-negative value over
//! a negative divisor (the quotient truncates to 0 and no adjustment is made
//! for opposite signs), so the whole product is 0 bytes. That figure is
//! meaningless, and we give none. Older XLA versions of `ArraySize` had no
//! `kCombineDimension` branch at all and so computed 0 for every `*` in the
//! first tile.

use crate::core::array::{ArrayLayout, TileDim, MAX_SIZE};
use crate::core::mapping::{bits_to_bytes, checked_product, round_up};

/// Why there is no XLA figure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NoXlaSize {
    /// A dim is unbounded (`?`); `ArraySize` returns `Shape::kUnboundedSize`
    /// then (tiled) or is not defined for it.
    Unbounded,
    /// The second tile holds `*` where the first tile's `*` looks it up:
    /// `RoundUpTo(size, INT64_MIN)` is 0, so `ArraySize` says 0 bytes.
    CombineMeetsCombine,
    /// The figure would not fit XLA's int64 (XLA's multiplication would
    /// overflow).
    Overflow,
}

impl std::fmt::Display for NoXlaSize {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoXlaSize::Unbounded => f.write_str("an unbounded dim has no size"),
            NoXlaSize::CombineMeetsCombine => f.write_str(
                "XLA's ShapeUtil::ArraySize (xla/shape_util.cc) would round a `*` dim up to the second tile's `*` (Tile::kCombineDimension, INT64_MIN); RoundUpTo then yields 0, so XLA's figure (0 bytes) is meaningless",
            ),
            NoXlaSize::Overflow => {
                f.write_str("XLA's ShapeUtil::ArraySize would overflow int64 for this layout")
            }
        }
    }
}

/// XLA's `ShapeUtil::ArraySize` (see the module docs), or why there is no
/// meaningful figure.
pub fn xla_array_size(layout: &ArrayLayout) -> Result<u64, NoXlaSize> {
    let extents = layout.extents().ok_or(NoXlaSize::Unbounded)?;
    let bits = layout.element_bits();
    let Some(first) = layout.tiles().first() else {
        let n = checked_product(&extents).ok_or(NoXlaSize::Overflow)?;
        return bits_to_bytes(n, bits).ok_or(NoXlaSize::Overflow);
    };
    let m2m = layout.minor_to_major();
    let tile = first.dims();
    let k = tile.len();
    let split_size = |d: usize| max_split_size(layout, &extents, d);
    let mut n = 1u64;
    let mut meaningless = false;
    for dim in 0..k {
        let size = if dim < m2m.len() {
            split_size(m2m[dim])
        } else {
            1
        };
        let t = match tile[k - dim - 1] {
            TileDim::Size(t) => Some(t),
            TileDim::Combine => {
                let default_packing = (32 / bits).max(1);
                match layout.tiles().get(1).map(|t| t.dims()) {
                    Some(second) if dim < second.len() => match second[second.len() - 1 - dim] {
                        TileDim::Size(t) => Some(t),
                        TileDim::Combine => None,
                    },
                    _ => Some(default_packing),
                }
            }
        };
        match t {
            Some(t) => {
                n = n
                    .checked_mul(round_up(size, t).ok_or(NoXlaSize::Overflow)?)
                    .filter(|&p| p <= MAX_SIZE)
                    .ok_or(NoXlaSize::Overflow)?;
            }
            None => meaningless = true,
        }
    }
    if meaningless {
        return Err(NoXlaSize::CombineMeetsCombine);
    }
    for &d in m2m.iter().skip(k) {
        n = n
            .checked_mul(split_size(d))
            .filter(|&p| p <= MAX_SIZE)
            .ok_or(NoXlaSize::Overflow)?;
    }
    let n = round_up(n, layout.tail_padding_alignment()).ok_or(NoXlaSize::Overflow)?;
    bits_to_bytes(n, bits).ok_or(NoXlaSize::Overflow)
}

/// `LayoutUtil::MaxSplitSize` (`xla/layout_util.cc`): the largest piece of
/// logical dim `d` under a split config naming it (by its physical
/// position from the most major), else the whole dim.
fn max_split_size(layout: &ArrayLayout, extents: &[u64], d: usize) -> u64 {
    let size = extents[d];
    let physical = layout.physical_order();
    let Some(config) = layout
        .split_configs()
        .iter()
        .find(|c| physical.get(c.dimension) == Some(&d))
    else {
        return size;
    };
    let mut cuts = vec![0];
    cuts.extend(config.split_indices.iter().copied());
    cuts.push(size);
    cuts.windows(2)
        .map(|w| w[1].saturating_sub(w[0]))
        .max()
        .unwrap_or(size)
}
