//! The one sentence a hurried engineer reads: how many times larger the
//! array is than its data, and the biggest reason.

use super::factors::Factor;
use crate::core::analysis::Analysis;
use crate::core::semantics::dim_letters;
use crate::core::summary::tile_text;

/// `32x`, `1.25x`, `21.33x`; as many more decimals as it takes to show a
/// number that is not whole as not whole (`1.0002x`, never `1x`).
pub fn times(x: f64) -> String {
    if (x - x.round()).abs() < 1e-9 {
        return format!("{}x", x.round() as u64);
    }
    let s = fixed(x, 2);
    format!("{}x", s.trim_end_matches('0').trim_end_matches('.'))
}

/// `x` with `decimals` decimals (`2.00`), or more, up to 9, when those
/// would print a number that is not whole as whole (`1.0002`, not `1.00`).
pub fn fixed(x: f64, decimals: usize) -> String {
    let whole = (x - x.round()).abs() < 1e-9;
    let mut s = format!("{x:.decimals$}");
    for more in decimals + 1..=9 {
        if whole || !s.trim_end_matches('0').ends_with('.') {
            break;
        }
        s = format!("{x:.more$}");
    }
    s
}

fn ordinal_minor(from_minor: usize) -> String {
    match from_minor {
        0 => "the most minor dim".to_owned(),
        1 => "the second most minor dim".to_owned(),
        2 => "the third most minor dim".to_owned(),
        n => format!("minor dim number {}", n + 1),
    }
}

/// The headline: `32x: dim 2 (x=4) is the most minor dim and is padded to
/// 128 by the (8,128) tile`.
pub fn sentence(analysis: &Analysis, factors: &[Factor]) -> String {
    let stats = &analysis.stats;
    let Some(x) = stats.expansion() else {
        return "the array is empty: it holds no data".to_owned();
    };
    let worst = factors
        .iter()
        .filter(|f| f.factor.is_some_and(|v| v > 1.0))
        .max_by(|a, b| {
            a.factor
                .partial_cmp(&b.factor)
                .unwrap_or(std::cmp::Ordering::Equal)
        });
    let Some(f) = worst else {
        return format!("{}: no padding; every stored bit is data", times(x));
    };
    let layout = &analysis.layout;
    let others = factors
        .iter()
        .filter(|g| g.factor.is_some_and(|v| v > 1.0))
        .count()
        - 1;
    let rest = match others {
        0 => String::new(),
        1 => format!(
            " ({} of it; one more factor adds the rest)",
            times(f.factor.unwrap_or(1.0))
        ),
        n => format!(
            " ({} of it; {n} more factors add the rest)",
            times(f.factor.unwrap_or(1.0))
        ),
    };
    let main = match f.kind {
        Some("widening") => format!(
            "each {} element is stored in {} bits (E({})) but holds {} bits of data",
            layout.element_type(),
            f.after,
            f.tile_entry,
            f.before
        ),
        Some("tail") => format!(
            "L({}) ({}) pads the footprint from {} to {} elements",
            f.tile_entry,
            crate::core::array::TAIL_FIELD,
            f.before,
            f.after
        ),
        Some(_) => format!(
            "padded_dimensions grow the array from {} to {} elements",
            f.before, f.after
        ),
        None => {
            let tile = layout
                .tiles()
                .get(f.level.saturating_sub(1))
                .map(|t| tile_text(t.dims()))
                .unwrap_or_default();
            let label = f.dim.clone().unwrap_or_default();
            let what = match label.parse::<usize>() {
                Ok(d) => {
                    let letter = dim_letters(layout.num_dims())
                        .and_then(|l| l.get(d))
                        .map_or("size".to_owned(), |l| (*l).to_owned());
                    let from_minor = layout
                        .minor_to_major()
                        .iter()
                        .position(|&m| m == d)
                        .unwrap_or(0);
                    format!(
                        "dim {d} ({letter}={}) is {} and",
                        f.before,
                        ordinal_minor(from_minor)
                    )
                }
                Err(_) => format!("coordinate \"{label}\" (size {})", f.before),
            };
            let level = if layout.tiles().len() > 1 {
                format!(" at tiling level {}", f.level)
            } else {
                String::new()
            };
            format!("{what} is padded to {} by the {tile} tile{level}", f.after)
        }
    };
    format!("{}: {main}{rest}", times(x))
}

#[cfg(test)]
mod tests {
    use super::{fixed, times};

    #[test]
    fn a_ratio_that_is_not_whole_never_prints_whole() {
        assert_eq!(times(32.0), "32x");
        assert_eq!(times(1.25), "1.25x");
        assert_eq!(times(64.0 / 3.0), "21.33x");
        // f32[12565,512]{1,0:T(8,128)}: 12568 rows stored for 12565.
        assert_eq!(times(12568.0 / 12565.0), "1.0002x");
        assert_eq!(times(1.004), "1.004x");
        assert_eq!(fixed(2.0, 2), "2.00");
        assert_eq!(fixed(12568.0 / 12565.0, 2), "1.0002");
        assert_eq!(fixed(1.5, 2), "1.50");
        assert_eq!(fixed(1.000_000_000_1, 2), "1.00");
    }
}
