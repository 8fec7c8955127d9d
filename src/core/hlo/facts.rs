//! The facts of a shape text (canonical text, error, sizes), computed once
//! per distinct text and shared.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use super::found::{ShapeError, ShapeFacts};
use super::tables::{Number, Numbered, Tables};
use crate::core::analysis::Analysis;
use crate::core::ast::Shape;
use crate::core::error::Error;
use crate::core::parser::parse_syntax;

/// How many distinct shape texts the cache keeps before it starts over
/// (memory stays bounded on text where every shape differs).
const MAX_CACHED: usize = 1 << 16;

/// FNV-1a over 8-byte words: shape texts are short and not chosen to
/// collide with each other in a way that matters (a collision only costs
/// a comparison), and SipHash was a fifth of the scan's time. The
/// sharding cache uses it too. Measured against rustc-hash's FxHash and
/// foldhash (docs/performance/hashing.md): FxHash counts the same, but
/// took the sharded embed page 437 B over its gzipped budget; ours stays.
#[derive(Default)]
pub(crate) struct WordHasher(u64);

/// One step of [`WordHasher`].
fn mix(h: u64, word: u64) -> u64 {
    (h ^ word)
        .wrapping_mul(0x0000_0100_0000_01b3)
        .rotate_left(23)
}

impl Hasher for WordHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut h = self.0 ^ 0xcbf2_9ce4_8422_2325;
        let (words, rest) = bytes.as_chunks::<8>();
        for w in words {
            h = mix(h, u64::from_le_bytes(*w));
        }
        if !rest.is_empty() {
            // The last 8 bytes in one word (overlapping the words before:
            // a byte at a time was a tenth of a cache look-up), or the
            // few there are, with their count.
            let last = match bytes.last_chunk::<8>() {
                Some(w) => u64::from_le_bytes(*w),
                None => rest
                    .iter()
                    .fold(rest.len() as u64, |w, &b| w << 8 | u64::from(b)),
            };
            h = mix(h, last);
        }
        self.0 = h;
    }

    // The length a slice's hash starts with, and the end mark of a
    // `str`'s: one step each, not a call to `write`.
    fn write_u8(&mut self, i: u8) {
        self.0 = mix(self.0, u64::from(i));
    }

    fn write_usize(&mut self, i: usize) {
        self.0 = mix(self.0, i as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// The caches' hasher (the facts cache's and the sharding cache's maps).
pub(crate) type TextHasher = BuildHasherDefault<WordHasher>;

/// How many texts the cache's front keeps, in sets of two (a power of
/// two).
const RECENT: usize = 128;

/// Distinct shape texts seen so far, with their facts; in front of them,
/// the texts looked up last, in a small table of sets of two.
///
/// The finds being written name their facts by number in the scanner's
/// [`Tables`]; a front entry keeps its number there with that table's id
/// ([`Numbered`]), so that a text looked up again for the same tables
/// gives the number it got there without a count taken
/// ([`FactsCache::index`]). Whatever tables it is given, a number it
/// returns is of them (`tables.rs`, the rule).
#[derive(Debug, Default)]
pub(crate) struct FactsCache {
    map: HashMap<Arc<str>, Arc<ShapeFacts>, TextHasher>,
    recent: Vec<Option<Front>>,
}

/// A text in the front table, with its facts as they are numbered.
#[derive(Clone, Debug)]
struct Front {
    text: Arc<str>,
    facts: Numbered<ShapeFacts>,
}

/// A text's slot in the front table (its set: the slot with its lowest
/// bit cleared, and the next): its length and three of its words
/// (first, middle, last), not all its bytes. A module writes few distinct
/// shapes, each many times: a look-up there is a compare, where the map's
/// was a hash of every word, a probe and a compare (a find's costliest
/// step after its parse).
fn recent_slot(t: &[u8]) -> usize {
    let w = match (t.first_chunk::<8>(), t.last_chunk::<8>()) {
        (Some(a), Some(z)) => {
            let mid = t[t.len() / 2 - 4..]
                .first_chunk::<8>()
                .map_or(0, |w| u64::from_le_bytes(*w));
            u64::from_le_bytes(*a) ^ u64::from_le_bytes(*z).rotate_left(21) ^ mid.rotate_left(42)
        }
        _ => t.iter().fold(0u64, |w, &b| w << 8 | u64::from(b)),
    };
    let h = (w ^ t.len() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> (64 - RECENT.trailing_zeros())) as usize
}

impl FactsCache {
    /// The number of `text`'s facts in `tables`; put there on its first
    /// look-up for them. The look at the front table is inlined (always:
    /// once `Scanner::statement` grew, `#[inline]` alone left it a call,
    /// 1.7 M more instructions on the bench's 5 MiB), the rest is a call.
    #[inline(always)]
    pub(crate) fn index(&mut self, text: &str, tables: &mut Tables) -> Number<ShapeFacts> {
        // Two ways per set: the text looked up last there, and the one
        // before it.
        let slot = recent_slot(text.as_bytes()) & !1;
        if let Some(pair) = self.recent.get_mut(slot..slot + 2) {
            for e in pair.iter_mut().flatten() {
                if *e.text == *text {
                    return e.facts.at(tables);
                }
            }
        }
        self.index_behind(text, slot, tables)
    }

    #[inline(never)]
    fn index_behind(&mut self, text: &str, slot: usize, tables: &mut Tables) -> Number<ShapeFacts> {
        let (text, facts) = self.lookup(text);
        let mut facts = Numbered::new(facts);
        let at = facts.at(tables);
        if self.recent.is_empty() {
            self.recent.resize(RECENT, None);
        }
        self.recent[slot + 1] = self.recent[slot].take();
        self.recent[slot] = Some(Front { text, facts });
        at
    }

    /// The facts of `text`.
    pub(crate) fn get(&mut self, text: &str) -> Arc<ShapeFacts> {
        self.lookup(text).1
    }

    /// The map's key and facts for `text`, computed on its first look-up.
    fn lookup(&mut self, text: &str) -> (Arc<str>, Arc<ShapeFacts>) {
        match self.map.get_key_value(text) {
            Some((t, f)) => (Arc::clone(t), Arc::clone(f)),
            None => {
                if self.map.len() >= MAX_CACHED {
                    self.map.clear();
                }
                let key: Arc<str> = text.into();
                let facts = Arc::new(facts_of(text));
                self.map.insert(Arc::clone(&key), Arc::clone(&facts));
                (key, facts)
            }
        }
    }
}

fn error_of(e: &Error) -> ShapeError {
    ShapeError {
        message: e.reason(),
        start: e.span().start,
        end: e.span().end,
    }
}

/// Parses, checks and sizes one shape text. Never fails: an invalid text
/// gives facts with an error and no sizes.
pub fn facts_of(text: &str) -> ShapeFacts {
    let failed = |e: Error| ShapeFacts {
        error: Some(error_of(&e)),
        ..ShapeFacts::default()
    };
    // `validate::parse`, keeping each leaf's layout and mapping for the
    // sizes below.
    let shape = match parse_syntax(text) {
        Ok(s) => s,
        Err(e) => return failed(e),
    };
    let leaves = shape.leaves();
    let checked = match leaves
        .iter()
        .map(|(_, leaf)| leaf.validate_mapped())
        .collect::<Result<Vec<_>, Error>>()
    {
        Ok(c) => c,
        Err(e) => return failed(e),
    };
    let kind = match &shape {
        Shape::Array(_) => "array",
        Shape::Tuple(_) => "tuple",
        Shape::Buffer(_) => "buffer",
        Shape::Token(_) => "token",
        Shape::Opaque(_) => "opaque",
    };
    let mut facts = ShapeFacts {
        kind: Some(kind),
        canonical: Some(shape.to_string()),
        ..ShapeFacts::default()
    };
    if matches!(shape, Shape::Token(_) | Shape::Opaque(_)) {
        return facts;
    }
    // Sums over the leaves (one leaf for an array): elements, bytes of
    // data and footprint, and footprint and data bits (the expansion and
    // padding share are in bits, as `Stats` counts them, so widened `E(n)`
    // elements are padding here too).
    let mut elements = 0u64;
    let mut bytes = [0u64; 2];
    let mut bits = [0u128; 2];
    // XLA's figure is absent for the whole shape if any leaf has none.
    let mut xla = Some(0u64);
    for ((_, leaf), (layout, mapping)) in leaves.iter().zip(checked) {
        let a = match Analysis::of_validated(leaf, layout, mapping) {
            Ok(a) => a,
            Err(e) => {
                facts.error = Some(error_of(&e));
                return facts;
            }
        };
        let s = &a.stats;
        let sums = (|| {
            elements = elements.checked_add(s.elements)?;
            bytes[0] = bytes[0].checked_add(s.bytes_data)?;
            bytes[1] = bytes[1].checked_add(s.bytes_footprint)?;
            bits[0] = bits[0].checked_add(s.bits_data())?;
            bits[1] = bits[1].checked_add(s.bits_footprint())?;
            xla = match (xla, s.bytes_xla) {
                (Some(total), Some(x)) => Some(total.checked_add(x)?),
                _ => None,
            };
            Some(())
        })();
        if sums.is_none() {
            facts.error = Some(ShapeError {
                message: "the tuple's total size is beyond 2^64".to_owned(),
                start: 0,
                end: text.len(),
            });
            return facts;
        }
    }
    let [data_bits, footprint_bits] = bits;
    facts.elements = Some(elements);
    facts.bytes_data = Some(bytes[0]);
    facts.bytes_footprint = Some(bytes[1]);
    facts.bytes_xla = xla;
    facts.expansion = (data_bits > 0).then(|| footprint_bits as f64 / data_bits as f64);
    facts.padding_percent = Some(if footprint_bits == 0 {
        0.0
    } else {
        100.0 * (footprint_bits - data_bits) as f64 / footprint_bits as f64
    });
    facts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A text looked up again for the same tables gets the same number,
    /// and for other tables, a number there: never one of the old tables.
    #[test]
    fn a_text_is_put_in_each_table_once_while_in_front() {
        let mut cache = FactsCache::default();
        let (mut one, mut two) = (Tables::default(), Tables::default());
        let a = cache.index("f32[8]{0}", &mut one);
        let b = cache.index("s32[]", &mut one);
        assert_eq!((a.at(), b.at()), (0, 1));
        assert_eq!(cache.index("f32[8]{0}", &mut one).at(), a.at());
        assert!(one
            .get(Number::<ShapeFacts>::from_parts(one.tag(), 2))
            .is_none());
        assert_eq!(cache.index("s32[]", &mut two).at(), 0);
        assert_eq!(cache.index("s32[]", &mut two).at(), 0);
        let c = cache.index("f32[8]{0}", &mut two);
        assert_eq!(c.at(), 1);
        assert!(two
            .get(Number::<ShapeFacts>::from_parts(two.tag(), 2))
            .is_none());
        let (b, c) = (one.get(b).unwrap(), two.get(c).unwrap());
        assert!(Arc::ptr_eq(
            b,
            two.get(Number::from_parts(two.tag(), 0)).unwrap()
        ));
        assert_eq!(**c, facts_of("f32[8]{0}"));
        // One table's number does not name the other's entry.
        assert!(two.get(a).is_none());
    }

    #[test]
    fn the_cache_answers_as_computing_afresh_whatever_shares_a_slot() {
        // Texts alike in length and in the three words the front table
        // looks at (three share a set of two, asserted), differing in a byte it
        // does not look at (the ninth); short texts, one of eight bytes;
        // looked up over and over in an order that makes them evict each
        // other, and past MAX_CACHED distinct texts, when the map starts
        // over.
        let alike = [
            "f32[1024,512]{1,0:T(8,128)}",
            "f32[10245512]{1,0:T(8,128)}",
            "f32[10246512]{1,0:T(8,128)}",
        ];
        for t in &alike[1..] {
            assert_eq!(t.len(), alike[0].len());
            assert_eq!(recent_slot(t.as_bytes()), recent_slot(alike[0].as_bytes()));
        }
        let mut texts: Vec<String> = alike.iter().map(|s| s.to_string()).collect();
        texts.extend(["s32[]", "f32[8]{0}", "pred[]", "x", "", "bf16[2,3]"].map(String::from));
        let mut cache = FactsCache::default();
        let mut table = Tables::default();
        let mut seed = 11u64;
        for k in 0..(MAX_CACHED + 2_000) {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let text = if k % 3 == 0 {
                format!("f32[{}]{{0}}", k)
            } else {
                texts[(seed >> 33) as usize % texts.len()].clone()
            };
            if k % 500 == 0 {
                table = Tables::default();
            }
            if k % 3 != 0 || k % 999 == 0 {
                let at = cache.index(&text, &mut table);
                assert_eq!(**table.get(at).unwrap(), facts_of(&text), "{text}");
                assert_eq!(*cache.get(&text), facts_of(&text), "{text}");
            } else {
                cache.index(&text, &mut table);
            }
        }
        assert!(cache.map.len() < MAX_CACHED);
    }
}
