//! `-buffer-assignment.txt`: `BufferAssignment::ToString` in
//! xla/service/buffer_assignment.cc prints each allocation with
//! `BufferAllocation::ToString` (`allocation I: size B[, color C][,
//! parameter N, shape |S| at ShapeIndex {..}][, output shape is |S|][,
//! constant][, thread-local][, maybe-live-out][, preallocated-temp]:`),
//! then each value assigned to it as ` value: <ID NAME[{INDEX}][ (phi)]
//! @COLOR> (size=S,offset=O): SHAPE`.

use super::model::{AllocValue, Allocation};
use super::problem::{excerpt, push, Problem};

/// Allocations in file order. Reading stops where the allocations end
/// (`Total bytes used:`, `Used values:`, `HloLiveRange`).
pub(crate) fn read(file: &str, text: &str, problems: &mut Vec<Problem>) -> Vec<Allocation> {
    let mut out: Vec<Allocation> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let n = i + 1;
        if line.starts_with("Total bytes used:")
            || line.starts_with("Used values:")
            || line.starts_with("HloLiveRange")
            || line.starts_with("BufferAssignment stats")
        {
            break;
        }
        if line.trim().is_empty() || line == "BufferAssignment:" {
            continue;
        }
        if let Some(rest) = line.strip_prefix("allocation ") {
            match header(rest) {
                Ok(mut a) => {
                    a.line = n;
                    out.push(a);
                }
                Err(why) => push(problems, bad(file, n, line, why)),
            }
        } else if let Some(rest) = line.trim_start().strip_prefix("value: ") {
            match (value(rest), out.last_mut()) {
                (Ok(v), Some(a)) => a.values.push(v),
                (Ok(_), None) => push(
                    problems,
                    bad(file, n, line, "a value before any allocation"),
                ),
                (Err(why), _) => push(problems, bad(file, n, line, why)),
            }
        } else {
            push(
                problems,
                bad(file, n, line, "not an allocation or value line"),
            );
        }
    }
    if !text.is_empty() && !text.ends_with('\n') {
        let n = text.lines().count();
        push(
            problems,
            Problem::new(
                file,
                n,
                "the file ends without a line break: it may be cut short",
            ),
        );
    }
    out
}

fn bad(file: &str, n: usize, line: &str, why: &str) -> Problem {
    Problem::new(file, n, format!("{why}: `{}`", excerpt(line)))
}

/// A decimal number at the start of `s` and the rest.
pub(crate) fn number(s: &str) -> Option<(u64, &str)> {
    let digits = s.bytes().take_while(u8::is_ascii_digit).count();
    let n = s.get(..digits)?.parse().ok()?;
    Some((n, &s[digits..]))
}

/// After `allocation `: `I: size B, parts...:`.
fn header(s: &str) -> Result<Allocation, &'static str> {
    const NO: &str = "expected `allocation I: size B, ...:`";
    let (index, s) = number(s).ok_or(NO)?;
    let s = s.strip_prefix(": size ").ok_or(NO)?;
    let (size, s) = number(s).ok_or(NO)?;
    let mut rest = s
        .strip_suffix(':')
        .ok_or("the allocation line does not end with `:`")?;
    let mut a = Allocation {
        index,
        size,
        ..Allocation::default()
    };
    while !rest.is_empty() {
        rest = rest.strip_prefix(", ").ok_or(NO)?;
        if let Some(r) = rest.strip_prefix("color ") {
            let (c, r) = number(r).ok_or("expected `color N`")?;
            a.color = c;
            rest = r;
        } else if let Some(r) = rest.strip_prefix("parameter ") {
            let (p, r) = number(r).ok_or("expected `parameter N`")?;
            a.parameter = Some(p);
            a.kinds.push("parameter".to_owned());
            rest = r;
        } else if let Some(r) = rest.strip_prefix("shape |") {
            let bar = r.find('|').ok_or("a shape without its closing `|`")?;
            a.shape = Some(r[..bar].to_owned());
            let r = r[bar + 1..]
                .strip_prefix(" at ShapeIndex ")
                .ok_or("expected ` at ShapeIndex {..}`")?;
            let close = r.find('}').ok_or("a ShapeIndex without its `}`")?;
            a.shape_index = Some(r[..=close].to_owned());
            rest = &r[close + 1..];
        } else if let Some(r) = rest.strip_prefix("output shape is |") {
            let bar = r.find('|').ok_or("a shape without its closing `|`")?;
            a.shape.get_or_insert_with(|| r[..bar].to_owned());
            a.kinds.push("output".to_owned());
            rest = &r[bar + 1..];
        } else {
            let end = rest.find(", ").unwrap_or(rest.len());
            let kind = &rest[..end];
            if kind.is_empty() || kind.len() > 40 {
                return Err(NO);
            }
            a.kinds.push(kind.to_owned());
            rest = &rest[end..];
        }
    }
    Ok(a)
}

/// After `value: `: `<ID NAME[{INDEX}][ (phi)] @COLOR> (size=S,offset=O): SHAPE`.
fn value(s: &str) -> Result<AllocValue, &'static str> {
    const NO: &str = "expected `value: <ID NAME @COLOR> (size=S,offset=O): SHAPE`";
    let s = s.strip_prefix('<').ok_or(NO)?;
    let (id, s) = number(s).ok_or(NO)?;
    let s = s.strip_prefix(' ').ok_or(NO)?;
    let close = s.rfind("> (size=").ok_or(NO)?;
    let inner = &s[..close];
    let tail = &s[close + "> (size=".len()..];
    let (name, _color) = inner.rsplit_once(" @").ok_or(NO)?;
    let (name, phi) = match name.strip_suffix(" (phi)") {
        Some(n) => (n, true),
        None => (name, false),
    };
    let name = with_index(name);
    let (size, tail) = number(tail).ok_or(NO)?;
    let tail = tail.strip_prefix(",offset=").ok_or(NO)?;
    let (offset, tail) = number(tail).ok_or(NO)?;
    let shape = tail.strip_prefix("): ").ok_or(NO)?;
    if name.len() <= 2 || shape.is_empty() {
        return Err(NO);
    }
    Ok(AllocValue {
        name,
        size,
        offset,
        shape: shape.trim_end().to_owned(),
        id,
        phi,
    })
}

/// `dot` -> `dot{}`; `tuple.3{1}` stays. (The buffer assignment leaves an
/// empty shape index out; the live ranges always print it.)
pub(crate) fn with_index(name: &str) -> String {
    if name.ends_with('}') && name.contains('{') {
        name.to_owned()
    } else {
        format!("{name}{{}}")
    }
}
