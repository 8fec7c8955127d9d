//! Element type names as the scanner meets them: is the word before a `[`
//! a type (`f32`, `bf16`, `f8e4m3b11fnuz`)? Asked once per candidate, so
//! answered with numbers rather than string comparisons.

use crate::core::element_type::ElementType;

/// The longest element type name (`f8e4m3b11fnuz`, 13 bytes).
pub(crate) const MAX_TYPE_NAME: usize = {
    let mut most = 0;
    let mut k = 0;
    while k < ElementType::ALL.len() {
        let n = ElementType::ALL[k].name().len();
        if n > most {
            most = n;
        }
        k += 1;
    }
    most
};

/// A name of at most 15 bytes as one number: its bytes, little-endian,
/// and its length in the top byte (so that `f32` and `f32\0` differ).
const fn name_key(name: &[u8]) -> u128 {
    let mut key = (name.len() as u128 & 0xff) << 120;
    let mut k = 0;
    while k < name.len() && k < 15 {
        key |= (name[k] as u128) << (8 * k);
        k += 1;
    }
    key
}

/// Every element type name's [`name_key`], then `token`'s and `opaque`'s
/// (shapes, but not element types).
const KEYS: [u128; ElementType::ALL.len() + 2] = {
    let mut keys = [0u128; ElementType::ALL.len() + 2];
    let mut k = 0;
    while k < ElementType::ALL.len() {
        keys[k] = name_key(ElementType::ALL[k].name().as_bytes());
        k += 1;
    }
    keys[k] = name_key(b"token");
    keys[k + 1] = name_key(b"opaque");
    keys
};

// A key's index, plus one, fits the table's bytes.
const _: () = assert!(KEYS.len() < u8::MAX as usize);

/// Slots of the table below: a power of two, about four times the keys.
const SLOT_BITS: u32 = 7;

/// A key's slot for the multiplier `m`.
const fn slot(key: u128, m: u64) -> usize {
    let folded = (key as u64) ^ ((key >> 64) as u64);
    (folded.wrapping_mul(m) >> (64 - SLOT_BITS)) as usize
}

/// A multiplier that gives every key its own slot (found at compile time:
/// the first odd number of a fixed sequence that does; a key set without
/// one fails the build).
const MULTIPLIER: u64 = {
    let mut m: u64 = 0x9e37_79b9_7f4a_7c15;
    loop {
        let mut taken = [false; 1 << SLOT_BITS];
        let mut k = 0;
        while k < KEYS.len() && !taken[slot(KEYS[k], m)] {
            taken[slot(KEYS[k], m)] = true;
            k += 1;
        }
        if k == KEYS.len() {
            break m;
        }
        m = m.wrapping_add(0x2545_f491_4f6c_dd1e) | 1;
    }
};

/// For each slot, 1 + the index in [`KEYS`] of the key there, or 0: a
/// candidate's name is one multiplication, one load and one comparison
/// away from its answer (a binary search of the sorted keys took about
/// 45 instructions a candidate; the string `match` of
/// `ElementType::from_name` before it, a twentieth of a scan).
static SLOTS: [u8; 1 << SLOT_BITS] = {
    let mut slots = [0u8; 1 << SLOT_BITS];
    let mut k = 0;
    while k < KEYS.len() {
        slots[slot(KEYS[k], MULTIPLIER)] = k as u8 + 1;
        k += 1;
    }
    slots
};

/// Is `name` the name of a shape's element type (`f32`, `pred`, ...), or
/// `token`/`opaque` when `special` is set?
pub(crate) fn is_type_name(name: &[u8], special: bool) -> bool {
    if name.is_empty() || name.len() > MAX_TYPE_NAME.min(15) {
        return false;
    }
    is_key_of_type(name_key(name), special)
}

/// [`is_type_name`] of `b[i..j]`. When 16 bytes start at `i` (all but
/// the text's last few), its key is one 16-byte read, masked: building
/// it byte by byte was about 3% of a scan's instructions.
pub(crate) fn is_type_name_in(b: &[u8], i: usize, j: usize, special: bool) -> bool {
    let n = j.saturating_sub(i);
    if n == 0 || n > MAX_TYPE_NAME.min(15) {
        return false;
    }
    let word = b.get(i..i + 16).and_then(|w| <[u8; 16]>::try_from(w).ok());
    let Some(word) = word else {
        return b.get(i..j).is_some_and(|name| is_type_name(name, special));
    };
    // n <= 15: the shift stays below 128.
    let key = (u128::from_le_bytes(word) & ((1u128 << (8 * n)) - 1)) | ((n as u128) << 120);
    is_key_of_type(key, special)
}

fn is_key_of_type(key: u128, special: bool) -> bool {
    match usize::from(SLOTS[slot(key, MULTIPLIER)]).checked_sub(1) {
        Some(k) => KEYS[k] == key && (special || k < ElementType::ALL.len()),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Against `ElementType::from_name` (the parser's own lookup): every
    /// name, every name cut short by a byte and grown by one, and the
    /// special names.
    #[test]
    fn agrees_with_the_parsers_lookup() {
        let mut tried = 0;
        for t in ElementType::ALL {
            let name = t.name();
            let mut words = vec![name.to_owned(), format!("{name}x"), format!("x{name}")];
            words.push(name[..name.len() - 1].to_owned());
            for w in &words {
                let expected = ElementType::from_name(w).is_some();
                assert_eq!(is_type_name(w.as_bytes(), false), expected, "{w}");
                assert_eq!(is_type_name(w.as_bytes(), true), expected, "{w}");
                tried += 1;
            }
        }
        assert!(tried > 100);
        for w in ["token", "opaque"] {
            assert!(!is_type_name(w.as_bytes(), false) && is_type_name(w.as_bytes(), true));
        }
        for w in ["", "tokens", "f32\0", "\u{e9}32", "f8e4m3b11fnuzz"] {
            assert!(!is_type_name(w.as_bytes(), true), "{w:?}");
        }
    }

    /// Read in place, with and without 16 bytes after the name: as
    /// [`is_type_name`] of the same bytes, at every start and end.
    #[test]
    fn read_in_place_agrees() {
        let mut text = String::new();
        for t in ElementType::ALL {
            text.push_str(&format!(
                "{}[2] x{}y token[] opaque[] f32\0[",
                t.name(),
                t.name()
            ));
        }
        let b = text.as_bytes();
        let mut tried = 0;
        for i in 0..b.len() {
            for j in i..(i + 17).min(b.len() + 1) {
                for special in [false, true] {
                    let want = is_type_name(&b[i..j], special);
                    assert_eq!(is_type_name_in(b, i, j, special), want, "{:?}", &text[i..j]);
                    tried += usize::from(want);
                }
            }
        }
        assert!(tried > 2 * ElementType::ALL.len(), "{tried}");
    }

    #[test]
    fn the_longest_name_is_counted() {
        let longest = ElementType::ALL.iter().map(|t| t.name().len()).max();
        assert_eq!(Some(MAX_TYPE_NAME), longest);
        assert_eq!(MAX_TYPE_NAME, "f8e4m3b11fnuz".len());
    }
}
