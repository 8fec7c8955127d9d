//! Line and column (in characters) of the offsets the scanner reports.

/// Line and column of offsets reported in increasing order (mostly).
#[derive(Clone, Debug)]
pub(super) struct LineCursor {
    pos: usize,
    line: usize,
    line_start: usize,
    col: usize,
}

impl Default for LineCursor {
    fn default() -> Self {
        LineCursor {
            pos: 0,
            line: 1,
            line_start: 0,
            col: 0,
        }
    }
}

/// Characters in `b`: its bytes that do not continue a UTF-8 sequence.
/// ASCII (nearly every HLO text) is answered by `is_ascii`, which reads a
/// word at a time (the count byte by byte was a twentieth of a scan).
fn count_chars(b: &[u8]) -> usize {
    if b.is_ascii() {
        return b.len();
    }
    b.iter().filter(|&&c| c & 0xC0 != 0x80).count()
}

impl LineCursor {
    /// A cursor counting lines from the line starting at `at` (line 1).
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    pub(super) fn starting_at(at: usize) -> LineCursor {
        LineCursor {
            pos: at,
            line_start: at,
            ..LineCursor::default()
        }
    }

    /// 1-based line and column (in characters) of `off`.
    pub(super) fn locate(&mut self, b: &[u8], off: usize) -> (usize, usize) {
        let off = off.min(b.len());
        if off < self.pos {
            let back = memchr::memchr_iter(b'\n', &b[off..self.pos]).count();
            self.line = self.line.saturating_sub(back).max(1);
            self.line_start = memchr::memrchr(b'\n', &b[..off]).map_or(0, |i| i + 1);
            self.pos = self.line_start;
            self.col = 0;
        }
        let seg = &b[self.pos..off];
        match memchr::memrchr(b'\n', seg) {
            Some(k) => {
                self.line += memchr::memchr_iter(b'\n', seg).count();
                self.line_start = self.pos + k + 1;
                self.col = count_chars(&b[self.line_start..off]);
            }
            None => self.col += count_chars(seg),
        }
        self.pos = off;
        (self.line, self.col + 1)
    }
}
