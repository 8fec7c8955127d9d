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

/// `25,733,120 B`: every digit, grouped in threes, for a column where
/// rounded sizes would look alike (24.54 MiB is 25,731,564 B and 25,733,120 B).
pub fn exact_bytes(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3 + 2);
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out.push_str(" B");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_bytes_groups_every_digit() {
        assert_eq!(exact_bytes(0), "0 B");
        assert_eq!(exact_bytes(999), "999 B");
        assert_eq!(exact_bytes(1000), "1,000 B");
        assert_eq!(exact_bytes(25_733_120), "25,733,120 B");
        assert_eq!(exact_bytes(u64::MAX), "18,446,744,073,709,551,615 B");
    }
}
