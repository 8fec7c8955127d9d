//! Pane titles, and numbers written for people.

use crate::core::Mapping;
use crate::render::world::geometry::MemoryGeometry;

/// `Logical view: y = dim 0 (3) down, x = dim 1 (5) across`.
pub fn logical_title(mapping: &Mapping) -> String {
    let dims = mapping.dims();
    let n = dims.len();
    let letters = crate::core::semantics::dim_letters(n);
    let name = |d: usize| match letters {
        Some(l) => format!("{} = dim {d} ({})", l[d], dims[d]),
        None => format!("dim {d} ({})", dims[d]),
    };
    match n {
        0 => "Logical view: a scalar (one element)".to_owned(),
        1 => format!("Logical view: {} across", name(0)),
        _ => {
            let mut t = format!("Logical view: {} down, {} across", name(n - 2), name(n - 1));
            if n > 2 {
                let higher: Vec<String> = (0..n - 2).map(name).collect();
                t.push_str(&format!("; a slice per {}", higher.join(", ")));
            }
            t
        }
    }
}

/// `Memory: 24 elements (96 B), 8 per row`.
pub fn memory_title(mapping: &Mapping, memory: &MemoryGeometry) -> String {
    let bits = u128::from(mapping.element_bits());
    let bytes = (u128::from(mapping.footprint()) * bits).div_ceil(8);
    format!(
        "Memory: {} elements ({}), {} per row",
        grouped(u128::from(mapping.footprint())),
        bytes_short(bytes),
        grouped(u128::from(memory.row_width))
    )
}

/// What a zoomed-out pane's squares are, for the app's legend and for
/// figures (`block`: cells per square along each axis; `scattered`: the
/// squares show cells picked by hash, `crate::render::world::sampling`).
/// `None` when every square is one cell.
pub fn zoom_note(block: u64, scattered: bool) -> Option<String> {
    (block > 1).then(|| {
        if scattered {
            format!("zoomed out: a square is one cell picked at random from up to {block}x{block}, a sample in proportion")
        } else {
            format!("zoomed out: a square stands for up to {block}x{block} cells")
        }
    })
}

/// `167,772,160`.
pub fn grouped(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() * 4 / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// `96 B`, `320 MiB`, `1.5 GiB`.
pub fn bytes_short(n: u128) -> String {
    const UNITS: [&str; 7] = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    let mut value = n as f64;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{n} B")
    } else {
        let digits = if value < 10.0 && value.fract() > 0.05 {
            1
        } else {
            0
        };
        format!("{value:.digits$} {}", UNITS[unit])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_for_people() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(167_772_160), "167,772,160");
        assert_eq!(bytes_short(96), "96 B");
        assert_eq!(zoom_note(1, false), None);
        assert_eq!(
            zoom_note(4, false).as_deref(),
            Some("zoomed out: a square stands for up to 4x4 cells")
        );
        assert!(zoom_note(16, true)
            .unwrap()
            .contains("at random from up to 16x16"));
        assert_eq!(bytes_short(335_544_320), "320 MiB");
        assert_eq!(bytes_short(1536), "1.5 KiB");
        assert_eq!(
            bytes_short(u128::MAX),
            format!("{:.0} EiB", u128::MAX as f64 / 1024f64.powi(6))
        );
    }
}
