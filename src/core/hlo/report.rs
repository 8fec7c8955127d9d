//! XLA memory reports: the "Largest program allocations in hbm" list the
//! TPU compiler prints when a program does not fit.
//!
//! ```text
//!   Largest program allocations in hbm:
//!
//!   1. Size: 16.00M
//!      Operator: op_type="Reshape" op_name="model/reshape_7"
//!      Shape: f32[4096,8,3]{2,1,0:T(8,128)}
//!      Unpadded size: 384.0K
//!      Extra memory due to padding: 15.62M (42.7x expansion)
//!      XLA label: %copy.17 = f32[4096,8,3]{2,1,0:T(8,128)} copy(...)
//!      Allocation type: HLO temp
//!      ==========================
//! ```
//!
//! The TPU compiler's source is not public; the field names and layout
//! above are those of reports quoted in public issues (for example
//! tensorflow/tensorflow#30803, pytorch/xla#1965 and #9524). Fields are
//! found anywhere on a line, so that log prefixes
//! (`E 1578 xla_util.cc:76]      Shape: ...`) do not hide them.

use crate::core::span::Span;

/// One field of a report entry, with the span of its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Field {
    /// `Largest program allocations in hbm:`: the memory space's name.
    Header(Span),
    /// `1. Size: 16.00M`: the entry's number and the size text.
    Size(Option<u64>, Span),
    Operator(Span),
    Shape(usize),
    Unpadded(Span),
    /// `Extra memory due to padding: 15.62M (42.7x expansion)`: the size
    /// text and the expansion number.
    Extra(Span, Option<Span>),
    /// `XLA label: ...`: where the label's text starts.
    Label(usize),
    AllocationType(Span),
    /// `=====`: the end of an entry.
    Separator,
}

/// How far into a line field names are looked for (log prefixes are
/// about a hundred characters).
const FIELD_WINDOW: usize = 256;

/// The report field on the line `b[start..end]`, if any.
pub(crate) fn field(b: &[u8], start: usize, end: usize) -> Option<Field> {
    let window = end.min(start.saturating_add(FIELD_WINDOW));
    // A run of at least four `=` ending the line, alone or after a log
    // prefix.
    let t_end = trim_end(b, start, end);
    let mut run = t_end;
    while run > start && b[run - 1] == b'=' {
        run -= 1;
    }
    if t_end - run >= 4 && (run == start || b[run - 1].is_ascii_whitespace()) {
        return Some(Field::Separator);
    }
    // Every other field has a `:` in the line's first bytes.
    let hay = &b[start..window];
    memchr::memchr(b':', hay)?;
    // Where each key (with its `:`) first ends: one pass over the colons
    // instead of a search per key (lines of free text often hold a `:`).
    let mut first = [None; KEYS.len()];
    for p in memchr::memchr_iter(b':', hay) {
        for (k, key) in KEYS.iter().enumerate() {
            if first[k].is_none() && hay[..p].ends_with(key) {
                first[k] = Some(start + p + 1);
            }
        }
    }
    let [unpadded, extra, size, operator, shape, label, allocation_type] = first;
    let value = |at: usize| {
        let s = skip_spaces(b, at, end);
        Span::new(s, trim_end(b, s, end))
    };
    if let Some(k) = header_finder().find(hay) {
        let at = start + k + HEADER.len();
        let e = (at..end)
            .find(|&i| !super::scan::is_name_byte(b[i]))
            .unwrap_or(end);
        return Some(Field::Header(Span::new(at, e)));
    }
    if let Some(at) = unpadded {
        return Some(Field::Unpadded(size_text(b, value(at))));
    }
    if let Some(at) = extra {
        let v = value(at);
        let size = size_text(b, v);
        let expansion = memchr::memmem::find(&b[size.end..v.end], b"x expansion").and_then(|k| {
            let x_at = size.end + k;
            let open = memchr::memrchr(b'(', &b[size.end..x_at])? + size.end;
            Some(Span::new(open + 1, x_at))
        });
        return Some(Field::Extra(size, expansion));
    }
    if let Some(at) = size {
        let key = at - b"Size:".len();
        return Some(Field::Size(
            entry_number(b, start, key),
            size_text(b, value(at)),
        ));
    }
    if let Some(at) = operator {
        return Some(Field::Operator(value(at)));
    }
    if let Some(at) = shape {
        return Some(Field::Shape(skip_spaces(b, at, end)));
    }
    if let Some(at) = label {
        return Some(Field::Label(skip_spaces(b, at, end)));
    }
    if let Some(at) = allocation_type {
        return Some(Field::AllocationType(value(at)));
    }
    None
}

/// The header's words before the memory space's name.
const HEADER: &[u8] = b"Largest program allocations in ";

/// The field names that end in `:` (the `:` left off), in the order they
/// are tried.
const KEYS: [&[u8]; 7] = [
    b"Unpadded size",
    b"Extra memory due to padding",
    b"Size",
    b"Operator",
    b"Shape",
    b"XLA label",
    b"Allocation type",
];

/// A searcher for [`HEADER`], built once (building one costs more than
/// searching a line).
fn header_finder() -> &'static memchr::memmem::Finder<'static> {
    static FINDER: std::sync::OnceLock<memchr::memmem::Finder<'static>> =
        std::sync::OnceLock::new();
    FINDER.get_or_init(|| memchr::memmem::Finder::new(HEADER))
}

/// `  12. ` just before `Size:`: the entry number.
fn entry_number(b: &[u8], floor: usize, key: usize) -> Option<u64> {
    let mut k = key;
    while k > floor && b[k - 1] == b' ' {
        k -= 1;
    }
    if k == floor || b[k - 1] != b'.' {
        return None;
    }
    let dot = k - 1;
    let mut s = dot;
    while s > floor && b[s - 1].is_ascii_digit() {
        s -= 1;
    }
    std::str::from_utf8(&b[s..dot]).ok()?.parse().ok()
}

fn skip_spaces(b: &[u8], mut i: usize, end: usize) -> usize {
    while i < end && super::scan::is_inline_space(b[i]) {
        i += 1;
    }
    i
}

fn trim_end(b: &[u8], start: usize, mut end: usize) -> usize {
    while end > start && b[end - 1].is_ascii_whitespace() {
        end -= 1;
    }
    end
}

/// The size word at the start of a value (`16.00M` of `16.00M (42.7x ...)`).
fn size_text(b: &[u8], v: Span) -> Span {
    let e = (v.start..v.end)
        .find(|&i| b[i].is_ascii_whitespace() || b[i] == b'(')
        .unwrap_or(v.end);
    Span::new(v.start, e)
}

/// A size as the report prints it, and the range of byte counts that
/// print that way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReportedSize {
    /// The printed text (`16.00M`).
    pub span: Span,
    /// Smallest byte count printed this way.
    pub low: u64,
    /// Largest byte count printed this way.
    pub high: u64,
}

impl ReportedSize {
    /// Does `bytes` print as this size?
    pub fn contains(&self, bytes: u64) -> bool {
        self.low <= bytes && bytes <= self.high
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_found_behind_log_prefixes() {
        let line = "2020-05-04 09:05:40.719796: E    1578 xla_util.cc:76]      Shape: u32[12582912,1]{1,0:T(8,128)}";
        let b = line.as_bytes();
        let Some(Field::Shape(at)) = field(b, 0, b.len()) else {
            panic!()
        };
        assert!(line[at..].starts_with("u32["));
        let line = "  3. Size: 6.00G";
        let Some(Field::Size(n, s)) = field(line.as_bytes(), 0, line.len()) else {
            panic!()
        };
        assert_eq!((n, &line[s.range()]), (Some(3), "6.00G"));
        let line = "     Extra memory due to padding: 15.62M (42.7x expansion)";
        let Some(Field::Extra(s, Some(x))) = field(line.as_bytes(), 0, line.len()) else {
            panic!()
        };
        assert_eq!((&line[s.range()], &line[x.range()]), ("15.62M", "42.7"));
        let line = "     ==========================";
        assert_eq!(
            field(line.as_bytes(), 0, line.len()),
            Some(Field::Separator)
        );
        let line = "  Largest program allocations in vmem:";
        let Some(Field::Header(s)) = field(line.as_bytes(), 0, line.len()) else {
            panic!()
        };
        assert_eq!(&line[s.range()], "vmem");
        let line = "  Total hbm usage >= 41.74G";
        assert_eq!(field(line.as_bytes(), 0, line.len()), None);
    }
}
