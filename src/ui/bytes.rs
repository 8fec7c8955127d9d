//! Byte counts for people: decimal units for sizes of texts, the memory
//! reports' binary units for the table beside them.

/// `5.0 MB`, `812 B`: sizes for people (decimal units, one decimal).
pub fn human_bytes(n: usize) -> String {
    const UNITS: [&str; 4] = ["KB", "MB", "GB", "TB"];
    if n < 1000 {
        return format!("{n} B");
    }
    let mut v = n as f64 / 1000.0;
    let mut unit = 0;
    while v >= 1000.0 && unit + 1 < UNITS.len() {
        v /= 1000.0;
        unit += 1;
    }
    format!("{v:.1} {}", UNITS[unit])
}

/// `16.00 MiB`, `384.0 KiB`, `512 B`: byte counts in the binary units the
/// memory reports print (`HumanReadableNumBytes`: one decimal for K, two
/// above), so the table reads beside them.
pub fn binary_bytes(n: u64) -> String {
    const UNITS: [&str; 5] = ["KiB", "MiB", "GiB", "TiB", "PiB"];
    if n < 1024 {
        return format!("{n} B");
    }
    let mut v = n as f64 / 1024.0;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{v:.1} {}", UNITS[unit])
    } else {
        format!("{v:.2} {}", UNITS[unit])
    }
}
