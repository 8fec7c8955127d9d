//! Where the lines of a text start, for the held document's virtualised
//! text view and for naming a shape's line.

/// Index of the line holding byte `at` (given [`line_starts`]).
pub fn line_of(starts: &[usize], at: usize) -> usize {
    starts.partition_point(|&s| s <= at).saturating_sub(1)
}

/// Byte offset of the start of each line (for a virtualised view).
pub fn line_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|i| i + 1));
    if starts.last() == Some(&text.len()) && !text.is_empty() {
        starts.pop();
    }
    starts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_of_finds_the_line_of_a_byte() {
        let starts = line_starts("ab\ncd\n\ne");
        assert_eq!(line_of(&starts, 0), 0);
        assert_eq!(line_of(&starts, 2), 0);
        assert_eq!(line_of(&starts, 3), 1);
        assert_eq!(line_of(&starts, 6), 2);
        assert_eq!(line_of(&starts, 7), 3);
        assert_eq!(line_of(&starts, 99), 3);
    }

    #[test]
    fn line_starts_of_edge_texts() {
        assert_eq!(line_starts(""), vec![0]);
        assert_eq!(line_starts("a"), vec![0]);
        assert_eq!(line_starts("a\n"), vec![0]);
        assert_eq!(line_starts("\n\n"), vec![0, 1]);
    }
}
