//! A [`Record`] as one JSON object, written straight into a byte buffer:
//! no allocation per record, integers by `itoa` and floats by `ryu` (the
//! formatters `serde_json` itself uses), strings escaped as `serde_json`
//! escapes them. The bytes are exactly `serde_json::to_string(&record)`'s
//! (tests/scan_json.rs compares them on every record of the fixtures and
//! of random text); `xla-layout scan --json` and Python's `scan` use it.

use std::cell::RefCell;
use std::sync::OnceLock;

use super::finds::FoundRef;
use super::record::{Record, ReportRecord};

/// Appends `s` as a JSON string: `"` and `\` escaped, control characters
/// as `\n`, `\t`, ... or `\u00XX`, everything else as it is (serde_json's
/// `format_escaped_str`).
fn string(out: &mut Vec<u8>, s: &str) {
    /// The bytes that are escaped: `"`, `\` and the control characters.
    const ESCAPED: [bool; 256] = {
        let mut t = [false; 256];
        let mut c = 0;
        while c < 0x20 {
            t[c] = true;
            c += 1;
        }
        t[b'"' as usize] = true;
        t[b'\\' as usize] = true;
        t
    };
    out.push(b'"');
    let b = s.as_bytes();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        if !ESCAPED[usize::from(c)] {
            continue;
        }
        out.extend_from_slice(&b[start..i]);
        start = i + 1;
        let esc: &[u8] = match c {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            _ => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(c >> 4)]);
                out.push(HEX[usize::from(c & 0xf)]);
                continue;
            }
        };
        out.extend_from_slice(esc);
    }
    out.extend_from_slice(&b[start..]);
    out.push(b'"');
}

thread_local! {
    /// The computation name this thread's records last wrote, and its JSON
    /// string: one computation's records come one after another, and its
    /// name is escaped once for them all (escaping it on every record was
    /// most of what the `computation` member cost `scan --json`:
    /// docs/performance/hashing.md). Kept by its text, so that it holds for
    /// whichever scan or text a record is of.
    static LAST_COMPUTATION: RefCell<(String, Vec<u8>)> =
        const { RefCell::new((String::new(), Vec::new())) };
}

/// Appends `name` as a JSON string, as [`string`] does, escaping it only
/// when it is not the name written last.
fn computation(out: &mut Vec<u8>, name: &str) {
    LAST_COMPUTATION.with_borrow_mut(|(last, json)| {
        // An empty `json` is none yet (a string is at least its quotes).
        if json.is_empty() || last != name {
            last.clear();
            last.push_str(name);
            json.clear();
            string(json, name);
        }
        out.extend_from_slice(json);
    });
}

/// A member's key as written after the object's first member: the comma,
/// the quoted key and the colon, one constant.
macro_rules! key {
    ($k:literal) => {
        concat!(",\"", $k, "\":")
    };
}

/// One object's members after the first, in order.
struct Members<'o> {
    out: &'o mut Vec<u8>,
}

impl Members<'_> {
    /// `k` is the member's key as written before its value, separator
    /// and colon included (`,"name":`, from [`key!`]).
    #[inline]
    fn key(&mut self, k: &'static str) {
        self.out.extend_from_slice(k.as_bytes());
    }

    #[inline]
    fn str(&mut self, k: &'static str, v: Option<&str>) {
        self.key(k);
        match v {
            Some(s) => string(self.out, s),
            None => self.out.extend_from_slice(b"null"),
        }
    }

    #[inline]
    fn uint(&mut self, k: &'static str, v: Option<u64>) {
        self.key(k);
        match v {
            Some(n) => self
                .out
                .extend_from_slice(itoa::Buffer::new().format(n).as_bytes()),
            None => self.out.extend_from_slice(b"null"),
        }
    }

    #[inline]
    fn float(&mut self, k: &'static str, v: Option<f64>) {
        self.key(k);
        match v.filter(|f| f.is_finite()) {
            Some(f) => self
                .out
                .extend_from_slice(ryu::Buffer::new().format_finite(f).as_bytes()),
            None => self.out.extend_from_slice(b"null"),
        }
    }

    #[inline]
    fn bool(&mut self, k: &'static str, v: Option<bool>) {
        self.key(k);
        self.out.extend_from_slice(match v {
            Some(true) => b"true",
            Some(false) => b"false",
            None => b"null",
        });
    }
}

/// The members that depend on the shape's text alone, in two runs (the
/// error's offsets, which depend on where the shape is, come between):
/// `kind`, `canonical` and `error`; `elements` to `padding_percent`.
struct FactsMembers<'a> {
    kind: Option<&'a str>,
    canonical: Option<&'a str>,
    error: Option<&'a str>,
    sizes: [Option<u64>; 4],
    ratios: [Option<f64>; 2],
}

impl FactsMembers<'_> {
    fn write_shape(&self, m: &mut Members) {
        m.str(key!("kind"), self.kind);
        m.str(key!("canonical"), self.canonical);
        m.str(key!("error"), self.error);
    }

    fn write_sizes(&self, m: &mut Members) {
        let [elements, data, footprint, xla] = self.sizes;
        m.uint(key!("elements"), elements);
        m.uint(key!("bytes_data"), data);
        m.uint(key!("bytes_footprint"), footprint);
        m.uint(key!("bytes_xla"), xla);
        m.float(key!("expansion"), self.ratios[0]);
        m.float(key!("padding_percent"), self.ratios[1]);
    }
}

/// A shape's [`FactsMembers`] as written, kept with its facts: a scan's
/// records repeat a few distinct shapes, whose numbers and canonical text
/// are then formatted and escaped once each instead of once per record.
#[derive(Clone, Debug, Default)]
pub(crate) struct FactsJson(OnceLock<[Box<[u8]>; 2]>);

/// A cache: facts are equal whether or not they have printed yet.
impl FactsJson {
    pub(crate) const fn new() -> FactsJson {
        FactsJson(OnceLock::new())
    }
}

impl PartialEq for FactsJson {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl FoundRef<'_> {
    /// Appends the JSON object of this shape's record (`text`: the text
    /// that was scanned) to `out`: the bytes of
    /// `self.record(text).write_json(out)`, with the members that depend
    /// on the shape alone written once per distinct shape text.
    pub fn write_json(&self, text: &str, out: &mut Vec<u8>) {
        let record = self.record(text);
        let written = self.facts.json.0.get_or_init(|| {
            let members = record.facts_members();
            let mut shape = Vec::new();
            members.write_shape(&mut Members { out: &mut shape });
            let mut sizes = Vec::new();
            members.write_sizes(&mut Members { out: &mut sizes });
            [shape.into(), sizes.into()]
        });
        record.write_json_with(out, Some(written));
    }
}

impl Record<'_> {
    /// Appends this record's JSON object to `out`.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        self.write_json_with(out, None);
    }

    fn facts_members(&self) -> FactsMembers<'_> {
        FactsMembers {
            kind: self.kind,
            canonical: self.canonical,
            error: self.error,
            sizes: [
                self.elements,
                self.bytes_data,
                self.bytes_footprint,
                self.bytes_xla,
            ],
            ratios: [self.expansion, self.padding_percent],
        }
    }

    /// [`Record::write_json`], the shape's members copied from `written`
    /// when given (its facts' two runs, as [`FactsMembers`] writes them).
    fn write_json_with(&self, out: &mut Vec<u8>, written: Option<&[Box<[u8]>; 2]>) {
        out.extend_from_slice(b"{\"role\":");
        string(out, self.role);
        let mut m = Members { out };
        let usize64 = |v: usize| Some(v as u64);
        m.str(key!("instruction"), self.instruction);
        m.str(key!("opcode"), self.opcode);
        m.bool(key!("root"), Some(self.root));
        m.uint(key!("index"), self.index.and_then(usize64));
        m.str(key!("name"), self.name);
        m.key(key!("computation"));
        match self.computation {
            Some(name) => computation(m.out, name),
            None => m.out.extend_from_slice(b"null"),
        }
        m.uint(key!("parameter_number"), self.parameter_number);
        m.uint(key!("line"), usize64(self.line));
        m.uint(key!("column"), usize64(self.column));
        m.uint(key!("start"), usize64(self.start));
        m.uint(key!("end"), usize64(self.end));
        m.str(key!("text"), Some(self.text));
        m.bool(key!("default_layout"), Some(self.default_layout));
        match written {
            Some([shape, _]) => m.out.extend_from_slice(shape),
            None => self.facts_members().write_shape(&mut m),
        }
        m.uint(key!("error_start"), self.error_start.and_then(usize64));
        m.uint(key!("error_end"), self.error_end.and_then(usize64));
        match written {
            Some([_, sizes]) => m.out.extend_from_slice(sizes),
            None => self.facts_members().write_sizes(&mut m),
        }
        m.str(key!("sharding"), self.sharding);
        m.str(key!("sharding_error"), self.sharding_error);
        m.str(key!("per_device"), self.per_device);
        m.uint(
            key!("bytes_footprint_per_device"),
            self.bytes_footprint_per_device,
        );
        m.str(key!("global"), self.global);
        if let Some(r) = &self.report {
            report(&mut m, r);
        }
        out.push(b'}');
    }
}

fn report(m: &mut Members, r: &ReportRecord) {
    m.uint(key!("allocation_number"), r.allocation_number);
    m.str(key!("reported_size"), r.reported_size);
    m.str(key!("reported_unpadded"), r.reported_unpadded);
    m.str(key!("reported_extra"), r.reported_extra);
    m.str(key!("reported_expansion"), r.reported_expansion);
    m.str(key!("operator"), r.operator);
    m.str(key!("allocation_type"), r.allocation_type);
    m.str(key!("memory_space"), r.memory_space);
    m.bool(key!("matches"), Some(r.matches));
    m.bool(key!("size_matches"), r.size_matches);
    m.bool(key!("unpadded_matches"), r.unpadded_matches);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A computation's name is written as [`string`] writes it, whichever
    /// name came before: the same, another, an empty one (never taken for
    /// "none written yet"), one that needs escapes.
    #[test]
    fn computation_names_are_written_as_strings_whatever_came_before() {
        let names = [
            "",
            "main",
            "main",
            "",
            "",
            "a\"b\\c\n",
            "a\"b\\c\n",
            "ma",
            "main",
            "名",
        ];
        for first in names {
            for name in names {
                let (mut got, mut want) = (Vec::new(), Vec::new());
                computation(&mut got, first);
                got.clear();
                computation(&mut got, name);
                string(&mut want, name);
                assert_eq!(got, want, "{first:?} then {name:?}");
            }
        }
    }
}
