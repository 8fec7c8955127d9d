//! Byte counts for people: decimal units for sizes of texts, the memory
//! reports' binary units for the table beside them.

/// `5.0 MB`, `812 B`: sizes for people (decimal units, one decimal).
pub fn human_bytes(n: usize) -> String {
    const UNITS: [&str; 4] = ["KB", "MB", "GB", "TB"];
    match scaled(n as u64, 1000.0, UNITS.len()) {
        None => format!("{n} B"),
        Some((v, unit)) => format!("{v:.1} {}", UNITS[unit]),
    }
}

/// `16.00 MiB`, `384.0 KiB`, `512 B`: byte counts in the binary units the
/// memory reports print (`HumanReadableNumBytes`: one decimal for K, two
/// above), so the table reads beside them.
pub fn binary_bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["KiB", "MiB", "GiB", "TiB", "PiB"];
    match scaled(n, 1024.0, UNITS.len()) {
        None => format!("{n} B"),
        Some((v, 0)) => format!("{v:.1} {}", UNITS[0]),
        Some((v, unit)) => format!("{v:.2} {}", UNITS[unit]),
    }
}

/// `n` in the largest of `units` powers of `base` (the first is `base`)
/// that keeps it at least 1, and that power's index; `None` below `base`.
fn scaled(n: u64, base: f64, units: usize) -> Option<(f64, usize)> {
    let mut v = n as f64;
    if v < base {
        return None;
    }
    v /= base;
    let mut unit = 0;
    while v >= base && unit + 1 < units {
        v /= base;
        unit += 1;
    }
    Some((v, unit))
}
