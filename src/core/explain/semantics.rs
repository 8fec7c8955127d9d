//! Names for things: dimension letters, minor_to_major orders, memory spaces.

/// XLA's conventional letters for 2-, 3- and 4-dimensional arrays,
/// dimension 0 first (`y,x` / `z,y,x` / `p,z,y,x`).
pub fn dim_letters(num_dims: usize) -> Option<&'static [&'static str]> {
    match num_dims {
        2 => Some(&["y", "x"]),
        3 => Some(&["z", "y", "x"]),
        4 => Some(&["p", "z", "y", "x"]),
        _ => None,
    }
}

/// Resolves a dimension number, negative ones Python-style (`-1` is the
/// last). `None` when out of range.
pub fn resolve_dim(dim: i64, num_dims: usize) -> Option<usize> {
    let n = i64::try_from(num_dims).ok()?;
    let d = if dim < 0 { dim.checked_add(n)? } else { dim };
    usize::try_from(d).ok().filter(|&d| d < num_dims)
}

/// The number of dimensions of size greater than 1.
pub fn true_num_dims(sizes: &[u64]) -> usize {
    sizes.iter().filter(|&&s| s > 1).count()
}

/// A name for a minor_to_major order, in the words of XLA's docs, when it
/// has one: descending is the default "row-major" ("dim 0 is major"),
/// ascending is "column-major" ("dim 0 is minor"). The docs give both names
/// for 2-D arrays and the "dim 0" ones for any monotonic order; other
/// orders, and arrays of fewer than 2 dims, have no name.
pub fn minor_to_major_name(minor_to_major: &[usize]) -> Option<&'static str> {
    let n = minor_to_major.len();
    if n < 2 {
        return None;
    }
    if minor_to_major.iter().copied().eq((0..n).rev()) {
        Some("row-major (dim 0 is major)")
    } else if minor_to_major.iter().copied().eq(0..n) {
        Some("column-major (dim 0 is minor)")
    } else {
        None
    }
}

/// What XLA's `S(n)` memory space means. 0 is `Layout::kDefaultMemorySpace`
/// (xla/layout.h), whatever memory the backend allocates by default: HBM on
/// TPU and GPU, host RAM for the CPU backend.
pub fn memory_space_name(space: u64) -> String {
    match space {
        0 => "the default memory space (HBM on TPU and GPU)".to_owned(),
        1 => "on-device VMEM (fast memory)".to_owned(),
        5 => "host memory".to_owned(),
        n => format!("device-specific memory space {n}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_follow_the_docs() {
        assert_eq!(dim_letters(2), Some(&["y", "x"][..]));
        assert_eq!(dim_letters(4), Some(&["p", "z", "y", "x"][..]));
        assert_eq!(dim_letters(5), None);
    }

    #[test]
    fn negative_dims_count_from_the_end() {
        assert_eq!(resolve_dim(-1, 3), Some(2));
        assert_eq!(resolve_dim(-3, 3), Some(0));
        assert_eq!(resolve_dim(-4, 3), None);
        assert_eq!(resolve_dim(3, 3), None);
        assert_eq!(resolve_dim(i64::MIN, 3), None);
    }

    #[test]
    fn orders_have_the_seeds_names() {
        assert_eq!(
            minor_to_major_name(&[1, 0]),
            Some("row-major (dim 0 is major)")
        );
        assert_eq!(
            minor_to_major_name(&[0, 1]),
            Some("column-major (dim 0 is minor)")
        );
        assert_eq!(minor_to_major_name(&[0]), None);
        assert_eq!(minor_to_major_name(&[]), None);
        assert_eq!(
            minor_to_major_name(&[3, 2, 1, 0]),
            Some("row-major (dim 0 is major)")
        );
        assert_eq!(
            minor_to_major_name(&[0, 1, 2]),
            Some("column-major (dim 0 is minor)")
        );
        assert_eq!(minor_to_major_name(&[3, 2, 0, 1]), None);
        assert_eq!(true_num_dims(&[8, 1, 1280, 16384]), 3);
    }

    #[test]
    fn memory_spaces() {
        assert_eq!(
            memory_space_name(0),
            "the default memory space (HBM on TPU and GPU)"
        );
        assert_eq!(memory_space_name(1), "on-device VMEM (fast memory)");
        assert_eq!(memory_space_name(5), "host memory");
        assert!(memory_space_name(3).contains("device-specific"));
    }
}
