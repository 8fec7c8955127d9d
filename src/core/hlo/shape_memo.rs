//! Shapes an instruction's parse has measured, remembered by their bytes,
//! so that the same shape text written again (a module writes few
//! distinct shapes, each many times) is measured by one compare.
//!
//! [`shape_end`] decides where a shape ends from its bytes up to that end
//! alone whenever the shape closes itself: an array's layout at its `}`
//! (braces balanced), a tuple at its `)`. An array with no layout ends
//! after its `]` unless a `{` follows, so it is remembered with that
//! condition. A shape cut short (by a line's end, a character no layout
//! holds, or [`MAX_PART`](super::shape_bytes::MAX_PART)) ends where something
//! after it says, and is never remembered. So wherever the remembered
//! bytes are written again, with the line going on at least as far,
//! `shape_end` would end them at the same place: the memo answers only
//! then.

use super::shape_bytes::shape_end;

/// Slots, by the text's first 16 bytes, in sets of two (a power of two).
const SLOTS: usize = 128;
/// The longest shape text remembered.
const MAX_LEN: usize = 64;

#[derive(Clone, Debug)]
struct Entry {
    /// 0: empty.
    len: u8,
    /// An array without layout: it ends here only if no `{` follows.
    open_end: bool,
    bytes: [u8; MAX_LEN],
}

const EMPTY: Entry = Entry {
    len: 0,
    open_end: false,
    bytes: [0; MAX_LEN],
};

/// The memo: one shape text per slot, two slots per set.
#[derive(Clone, Debug, Default)]
pub(crate) struct ShapeMemo {
    slots: Vec<Entry>,
    /// Answers given by a compare (the tests check that it answers).
    #[cfg(test)]
    hits: usize,
}

fn slot(first: &[u8; 16]) -> usize {
    let w = u128::from_le_bytes(*first);
    let w = (w as u64) ^ ((w >> 64) as u64).rotate_left(29);
    (w.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.trailing_zeros())) as usize
}

/// Does the shape `s` (as [`shape_end`] measured it) end at its own
/// closing bracket, and not at what follows? `Some(open_end)` if so.
fn closes_itself(s: &[u8]) -> Option<bool> {
    match s.last()? {
        b')' => (s.first() == Some(&b'(')).then_some(false),
        b'}' => {
            let opens = s.iter().filter(|&&c| c == b'{').count();
            let closes = s.iter().filter(|&&c| c == b'}').count();
            (opens == closes).then_some(false)
        }
        b']' => Some(true),
        _ => None,
    }
}

impl Entry {
    /// Are these bytes written at `i`, ending there (before `end`)? Their
    /// end if so.
    fn matches(&self, b: &[u8], i: usize, end: usize) -> Option<usize> {
        let n = usize::from(self.len);
        let stop = i + n;
        (n > 0
            && stop <= end
            && b[i..stop] == self.bytes[..n]
            && !(self.open_end && stop < end && b[stop] == b'{'))
            .then_some(stop)
    }
}

impl ShapeMemo {
    /// [`shape_end`]`(b, i, end, true)`: the same answer, by a compare when
    /// the same shape text was measured before.
    pub(crate) fn shape_end(&mut self, b: &[u8], i: usize, end: usize) -> Option<usize> {
        let end = end.min(b.len());
        let Some(first) = b.get(i..end).and_then(|s| s.first_chunk::<16>()) else {
            return shape_end(b, i, end, true);
        };
        if !matches!(first[0], b'a'..=b'z' | b'0'..=b'9' | b'(') {
            // No shape starts so (an operand's name, `%x`): shape_end's
            // answer too, at once.
            return None;
        }
        // Two ways per set: the text measured last there, and the one
        // before it.
        let k = slot(first) & !1;
        if let Some(pair) = self.slots.get(k..k + 2) {
            if let Some(stop) = pair.iter().find_map(|e| e.matches(b, i, end)) {
                #[cfg(test)]
                {
                    self.hits += 1;
                }
                return Some(stop);
            }
        }
        let found = shape_end(b, i, end, true)?;
        let s = &b[i..found];
        if let Some(open_end) = closes_itself(s).filter(|_| s.len() <= MAX_LEN) {
            if self.slots.is_empty() {
                self.slots = vec![EMPTY; SLOTS];
            }
            self.slots[k + 1] = self.slots[k].clone();
            let e = &mut self.slots[k];
            e.len = s.len() as u8;
            e.open_end = open_end;
            e.bytes[..s.len()].copy_from_slice(s);
        }
        Some(found)
    }
}

#[cfg(test)]
#[path = "shape_memo_tests.rs"]
mod tests;
