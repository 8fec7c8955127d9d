//! The facts of a shape text (canonical text, error, sizes), computed once
//! per distinct text and shared.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::Arc;

use super::found::{ShapeError, ShapeFacts};
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
/// sharding cache uses it too.
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

/// Distinct shape texts seen so far, with their facts.
#[derive(Default, Debug)]
pub(crate) struct FactsCache {
    map: HashMap<Box<str>, Arc<ShapeFacts>, BuildHasherDefault<WordHasher>>,
}

impl FactsCache {
    pub(crate) fn get(&mut self, text: &str) -> Arc<ShapeFacts> {
        if let Some(f) = self.map.get(text) {
            return Arc::clone(f);
        }
        if self.map.len() >= MAX_CACHED {
            self.map.clear();
        }
        let facts = Arc::new(facts_of(text));
        self.map.insert(text.into(), Arc::clone(&facts));
        facts
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
