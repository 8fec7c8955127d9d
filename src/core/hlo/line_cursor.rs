//! Line and column (in characters) of the offsets the scanner reports.

/// Line and column of offsets reported in increasing order (mostly).
///
/// # The invariant
///
/// Between calls, for the text `b` the cursor is used with (the cursor
/// starts at line 1 at its first `line_start`):
///
/// 1. `line_start <= pos`, `line_start <= clean_to`, and `line_start` is
///    the start of a line (0, the cursor's start, or just past a `\n`);
/// 2. `line` is the number of the line starting at `line_start`;
/// 3. `col` is the number of characters in `b[line_start..pos]`;
/// 4. `b[line_start..clean_to]` is ASCII and holds no `\n`;
/// 5. when `line_end` is `Some(le)`: `clean_to <= le <= b.len()`, `le`
///    is that line's end (a `\n` or the text's end) and
///    `b[line_start..le]` holds no `\n`.
///
/// The fast path of [`LineCursor::locate`] is right only while 4 and 5
/// hold: an offset in `line_start..=clean_to`, or up to `line_end` with
/// only ASCII since `clean_to`, is on `line`, at column
/// `off - line_start + 1`. Every method that moves `line_start` therefore
/// sets `clean_to` and `line_end` anew ([`LineCursor::enter_line`] from
/// what the scanner says of the line, the slow path to the line start and
/// nothing known), and `clean_to` grows only over bytes tested ASCII.
/// [`LineCursor::check`] asserts 1 and 5 in debug builds, and 3 on short
/// lines, at the end of each method that changes the fields; the tests
/// compare every answer with a count from the text's start (2 and 3 in
/// full).
#[derive(Clone, Debug)]
pub(super) struct LineCursor {
    /// The last offset located.
    pos: usize,
    line: usize,
    line_start: usize,
    col: usize,
    /// From `line_start` to here the text is ASCII with no newline: an
    /// offset in between is on `line`, its column counted by subtraction.
    clean_to: usize,
    /// Where `line` ends (its `\n`, or the text's end), when the scanner
    /// said so ([`LineCursor::enter_line`]).
    line_end: Option<usize>,
}

impl Default for LineCursor {
    fn default() -> Self {
        LineCursor {
            pos: 0,
            line: 1,
            line_start: 0,
            col: 0,
            clean_to: 0,
            line_end: None,
        }
    }
}

/// Segments up to this long are searched newline by newline.
const SHORT: usize = 512;

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
            clean_to: at,
            ..LineCursor::default()
        }
    }

    /// 1-based line and column (in characters) of `off`. The look at the
    /// current line is inlined, the rest is a call.
    #[inline]
    pub(super) fn locate(&mut self, b: &[u8], off: usize) -> (usize, usize) {
        let off = off.min(b.len());
        if off >= self.line_start && (off <= self.clean_to || self.extend_clean(b, off)) {
            // Invariant 4 and 5: `off` is on `line`, every byte before it
            // there one character.
            self.pos = off;
            self.col = off - self.line_start;
            self.check(b);
            return (self.line, self.col + 1);
        }
        self.locate_off_line(b, off)
    }

    #[inline(never)]
    fn locate_off_line(&mut self, b: &[u8], off: usize) -> (usize, usize) {
        let line_start = self.line_start;
        let at = self.locate_far(b, off);
        if self.line_start != line_start {
            // Another line: nothing is known of it beyond its start.
            self.clean_to = self.line_start;
            self.line_end = None;
        }
        self.check(b);
        at
    }

    /// Is `off`, past `clean_to`, on the current line with only ASCII
    /// before it? Then `clean_to` moves up to it (invariant 4 holds for
    /// the bytes it claims: they are ASCII, and before `line_end`, so
    /// hold no `\n` by 5).
    fn extend_clean(&mut self, b: &[u8], off: usize) -> bool {
        let on_line = self.line_end.is_some_and(|le| off <= le);
        if on_line && b[self.clean_to..off].is_ascii() {
            self.clean_to = off;
            return true;
        }
        false
    }

    /// The invariant (the type's docs), as far as it is cheap to check:
    /// in debug builds, O(1) but for column 3, counted on lines of at
    /// most [`SHORT`] bytes.
    #[inline]
    fn check(&self, b: &[u8]) {
        if cfg!(debug_assertions) {
            let (ls, le) = (self.line_start, self.line_end);
            debug_assert!(ls <= self.pos && ls <= self.clean_to, "1: {self:?}");
            debug_assert!(ls == 0 || b.get(ls - 1) == Some(&b'\n'), "1: {self:?}");
            debug_assert!(self.pos <= b.len() && self.clean_to <= b.len(), "{self:?}");
            if let Some(le) = le {
                debug_assert!(self.clean_to <= le && le <= b.len(), "5: {self:?}");
                debug_assert!(le == b.len() || b[le] == b'\n', "5: {self:?}");
            }
            if self.pos - ls <= SHORT {
                debug_assert_eq!(self.col, count_chars(&b[ls..self.pos]), "3: {self:?}");
            }
        }
    }

    /// Moves to the line starting at `ls` and ending at `le` (its `\n`, or
    /// the text's end), where the next offsets will be located: each then
    /// costs a subtraction and a look at the ASCII bytes since the last
    /// one, not a search for newlines. The line after the one entered last
    /// is entered without any search. Inlined into the scanner's one
    /// caller (a call per instruction once its caller grew).
    #[inline(always)]
    pub(super) fn enter_line(&mut self, b: &[u8], ls: usize, le: usize) {
        if self.line_end.is_some_and(|e| e + 1 == ls) && self.pos <= ls {
            // The line right after the current one (5: its end is a `\n`).
            self.line += 1;
        } else {
            self.locate(b, ls);
            if self.line_start != ls {
                // Entered from within: `ls` is not a line start (a comment
                // closed mid-line before it, and the scanner's statement
                // starts there). `locate` left the cursor at `ls` with the
                // invariant whole, on the line holding it; making `ls`
                // the line start would break 1 and 3 (the columns count
                // from the real start), and nothing is known of the bytes
                // between for 4. So the cursor stays as `locate` left it:
                // the offsets that follow take the slow path until the
                // next line is entered.
                return;
            }
        }
        let le = le.min(b.len());
        debug_assert!(
            memchr::memchr(b'\n', &b[ls..le]).is_none(),
            "5: the line entered at {ls} holds a newline before {le}"
        );
        self.pos = ls;
        self.line_start = ls;
        self.col = 0;
        self.clean_to = ls;
        self.line_end = Some(le);
        self.check(b);
    }

    /// [`LineCursor::locate`] by searching for newlines from the last
    /// offset located.
    fn locate_far(&mut self, b: &[u8], off: usize) -> (usize, usize) {
        if off < self.pos {
            let back = memchr::memchr_iter(b'\n', &b[off..self.pos]).count();
            self.line = self.line.saturating_sub(back).max(1);
            self.line_start = memchr::memrchr(b'\n', &b[..off]).map_or(0, |i| i + 1);
            self.pos = self.line_start;
            self.col = 0;
        }
        let seg = &b[self.pos..off];
        // Finds are close together: a segment holds a newline or two, or
        // none. One search per newline costs less than a reverse search
        // and a count, each set up for long texts.
        let mut last = None;
        if seg.len() <= SHORT {
            for k in memchr::memchr_iter(b'\n', seg) {
                self.line += 1;
                last = Some(k);
            }
        } else if let Some(k) = memchr::memrchr(b'\n', seg) {
            self.line += memchr::memchr_iter(b'\n', seg).count();
            last = Some(k);
        }
        match last {
            Some(k) => {
                self.line_start = self.pos + k + 1;
                self.col = count_chars(&b[self.line_start..off]);
            }
            None => self.col += count_chars(seg),
        }
        self.pos = off;
        (self.line, self.col + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Line and column by counting from the text's start.
    fn brute(b: &[u8], off: usize) -> (usize, usize) {
        let line = 1 + b[..off].iter().filter(|&&c| c == b'\n').count();
        let start = b[..off]
            .iter()
            .rposition(|&c| c == b'\n')
            .map_or(0, |k| k + 1);
        (line, count_chars(&b[start..off]) + 1)
    }

    #[test]
    fn locate_agrees_with_counting_from_the_start() {
        // Gaps between offsets short and long (past SHORT), with no, one
        // and many newlines, and non-ASCII characters; offsets mostly
        // increasing, sometimes going back.
        let mut text = String::new();
        for k in 0..400 {
            text.push_str(&"x".repeat(k % 37));
            text.push_str(if k.is_multiple_of(5) { "é\n" } else { "\n" });
            if k.is_multiple_of(50) {
                text.push_str(&"\n".repeat(700));
                text.push_str(&"y".repeat(900));
            }
        }
        let b = text.as_bytes();
        let bounds: Vec<usize> = (0..=b.len())
            .filter(|&i| text.is_char_boundary(i))
            .collect();
        let mut cursor = LineCursor::default();
        let mut seed = 7u64;
        let mut at = 0usize;
        for _ in 0..5000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let step = ((seed >> 33) % 1500) as usize;
            at = if seed.is_multiple_of(11) {
                at.saturating_sub(step)
            } else {
                (at + step) % bounds.len()
            };
            let off = bounds[at];
            if seed.is_multiple_of(3) {
                // As the scanner does before an instruction's finds: enter
                // the line holding `off` (from its start, or from within,
                // as after a comment closed mid-line), then locate on it.
                let ls = b[..off]
                    .iter()
                    .rposition(|&c| c == b'\n')
                    .map_or(0, |k| k + 1);
                let from = if seed.is_multiple_of(2) { ls } else { off };
                let le = b[off..]
                    .iter()
                    .position(|&c| c == b'\n')
                    .map_or(b.len(), |k| off + k);
                cursor.enter_line(b, from, le);
            }
            assert_eq!(cursor.locate(b, off), brute(b, off), "at {off}");
        }
    }

    #[test]
    fn entering_lines_in_order_agrees_with_counting() {
        // The scanner's order: each line entered (most right after the one
        // before, some skipped, some from within), then offsets on it and
        // sometimes past it; lines with non-ASCII characters and empty ones.
        let mut text = String::new();
        for k in 0..300 {
            text.push_str(&"ab ".repeat(k % 23));
            if k % 7 == 0 {
                text.push_str("é ");
            }
            text.push_str(&"cd".repeat(k % 5));
            text.push('\n');
        }
        let b = text.as_bytes();
        let mut starts = vec![0];
        starts.extend(
            b.iter()
                .enumerate()
                .filter(|(_, &c)| c == b'\n')
                .map(|(k, _)| k + 1),
        );
        starts.pop();
        let mut cursor = LineCursor::default();
        for (n, &ls) in starts.iter().enumerate() {
            let le = b[ls..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |k| ls + k);
            if n % 11 == 5 {
                continue;
            }
            let from = if n % 13 == 3 { (ls + 3).min(le) } else { ls };
            cursor.enter_line(b, from, le);
            for off in (from..=le).step_by(1 + n % 4) {
                if text.is_char_boundary(off) {
                    assert_eq!(cursor.locate(b, off), brute(b, off), "line {n} at {off}");
                }
            }
            if n % 17 == 0 && le + 4 < b.len() {
                assert_eq!(cursor.locate(b, le + 4), brute(b, le + 4), "past line {n}");
            }
        }
    }

    /// A cursor whose line end is not its line's end breaks invariant 5:
    /// the debug build says so at the next offset located.
    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "5:")]
    fn a_broken_invariant_fails_loudly() {
        let b = b"abc def\nxyz";
        let mut cursor = LineCursor::default();
        cursor.enter_line(b, 0, 7);
        cursor.line_end = Some(5);
        cursor.locate(b, 2);
    }
}
