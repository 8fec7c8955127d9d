//! A [`Record`] as one JSON object, written straight into a byte buffer:
//! no allocation per record, integers by `itoa` and floats by `ryu` (the
//! formatters `serde_json` itself uses), strings escaped as `serde_json`
//! escapes them. The bytes are exactly `serde_json::to_string(&record)`'s
//! (tests/scan_json.rs compares them on every record of the fixtures and
//! of random text); `xla-layout scan --json` and Python's `scan` use it.

use super::record::{Record, ReportRecord};

/// Appends `s` as a JSON string: `"` and `\` escaped, control characters
/// as `\n`, `\t`, ... or `\u00XX`, everything else as it is (serde_json's
/// `format_escaped_str`).
fn string(out: &mut Vec<u8>, s: &str) {
    out.push(b'"');
    let b = s.as_bytes();
    let mut start = 0;
    for (i, &c) in b.iter().enumerate() {
        let esc: &[u8] = match c {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0..=0x1f => {
                out.extend_from_slice(&b[start..i]);
                const HEX: &[u8; 16] = b"0123456789abcdef";
                out.extend_from_slice(b"\\u00");
                out.push(HEX[usize::from(c >> 4)]);
                out.push(HEX[usize::from(c & 0xf)]);
                start = i + 1;
                continue;
            }
            _ => continue,
        };
        out.extend_from_slice(&b[start..i]);
        out.extend_from_slice(esc);
        start = i + 1;
    }
    out.extend_from_slice(&b[start..]);
    out.push(b'"');
}

/// One object's members, in order.
struct Members<'o> {
    out: &'o mut Vec<u8>,
    first: bool,
}

impl Members<'_> {
    fn key(&mut self, k: &str) {
        if !self.first {
            self.out.push(b',');
        }
        self.first = false;
        self.out.push(b'"');
        self.out.extend_from_slice(k.as_bytes());
        self.out.extend_from_slice(b"\":");
    }

    fn str(&mut self, k: &str, v: Option<&str>) {
        self.key(k);
        match v {
            Some(s) => string(self.out, s),
            None => self.out.extend_from_slice(b"null"),
        }
    }

    fn uint(&mut self, k: &str, v: Option<u64>) {
        self.key(k);
        match v {
            Some(n) => self
                .out
                .extend_from_slice(itoa::Buffer::new().format(n).as_bytes()),
            None => self.out.extend_from_slice(b"null"),
        }
    }

    fn float(&mut self, k: &str, v: Option<f64>) {
        self.key(k);
        match v.filter(|f| f.is_finite()) {
            Some(f) => self
                .out
                .extend_from_slice(ryu::Buffer::new().format_finite(f).as_bytes()),
            None => self.out.extend_from_slice(b"null"),
        }
    }

    fn bool(&mut self, k: &str, v: Option<bool>) {
        self.key(k);
        self.out.extend_from_slice(match v {
            Some(true) => b"true",
            Some(false) => b"false",
            None => b"null",
        });
    }
}

impl Record<'_> {
    /// Appends this record's JSON object to `out`.
    pub fn write_json(&self, out: &mut Vec<u8>) {
        out.push(b'{');
        let mut m = Members { out, first: true };
        let usize64 = |v: usize| Some(v as u64);
        m.str("role", Some(self.role));
        m.str("instruction", self.instruction);
        m.str("opcode", self.opcode);
        m.bool("root", Some(self.root));
        m.uint("index", self.index.and_then(usize64));
        m.str("name", self.name);
        m.str("computation", self.computation);
        m.uint("line", usize64(self.line));
        m.uint("column", usize64(self.column));
        m.uint("start", usize64(self.start));
        m.uint("end", usize64(self.end));
        m.str("text", Some(self.text));
        m.str("kind", self.kind);
        m.str("canonical", self.canonical);
        m.str("error", self.error);
        m.uint("error_start", self.error_start.and_then(usize64));
        m.uint("error_end", self.error_end.and_then(usize64));
        m.uint("elements", self.elements);
        m.uint("bytes_data", self.bytes_data);
        m.uint("bytes_footprint", self.bytes_footprint);
        m.uint("bytes_xla", self.bytes_xla);
        m.float("expansion", self.expansion);
        m.float("padding_percent", self.padding_percent);
        m.str("sharding", self.sharding);
        m.str("sharding_error", self.sharding_error);
        m.str("per_device", self.per_device);
        m.uint(
            "bytes_footprint_per_device",
            self.bytes_footprint_per_device,
        );
        m.str("global", self.global);
        if let Some(r) = &self.report {
            report(&mut m, r);
        }
        out.push(b'}');
    }
}

fn report(m: &mut Members, r: &ReportRecord) {
    m.uint("allocation_number", r.allocation_number);
    m.str("reported_size", r.reported_size);
    m.str("reported_unpadded", r.reported_unpadded);
    m.str("reported_extra", r.reported_extra);
    m.str("reported_expansion", r.reported_expansion);
    m.str("operator", r.operator);
    m.str("allocation_type", r.allocation_type);
    m.str("memory_space", r.memory_space);
    m.bool("matches", Some(r.matches));
    m.bool("size_matches", r.size_matches);
    m.bool("unpadded_matches", r.unpadded_matches);
}
