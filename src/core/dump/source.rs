//! The module's own text (`..._after_optimizations.txt`, `HloModule::ToString`
//! in xla/hlo/ir/hlo_module.cc): `num_partitions=` on its first line, and
//! per instruction its `metadata={op_name=".." source_file=".."
//! source_line=N}` (newer XLA: `stack_frame_id=N`, resolved through the
//! module's `FileNames`, `FileLocations` and `StackFrames` tables) and an
//! entry parameter's `sharding={..}`.

use std::collections::{HashMap, HashSet};

use super::buffers::number;
use super::problem::{push, Problem};

/// What one instruction's line says about where it came from.
#[derive(Clone, Debug, Default)]
pub(crate) struct Meta {
    pub op_name: Option<String>,
    pub source: Option<String>,
    pub sharding: Option<String>,
    /// `parameter(N)` of the entry computation.
    pub parameter: Option<u64>,
}

#[derive(Clone, Debug, Default)]
pub(crate) struct Source {
    pub partitions: u64,
    pub instructions: HashMap<String, Meta>,
}

#[derive(Default)]
struct Frames {
    files: HashMap<u64, String>,
    /// location id -> (file id, line)
    locations: HashMap<u64, (u64, u64)>,
    /// frame id -> location id
    frames: HashMap<u64, u64>,
}

/// Reads the module; only the instructions in `wanted` (the values'
/// instructions) are kept.
pub(crate) fn read(
    file: &str,
    text: &str,
    wanted: &HashSet<&str>,
    problems: &mut Vec<Problem>,
) -> Source {
    let mut out = Source {
        partitions: 1,
        ..Source::default()
    };
    let mut frames = Frames::default();
    let mut pending: Vec<(String, u64)> = Vec::new();
    let mut table = "";
    let mut entry = false;
    for (i, line) in text.lines().enumerate() {
        if i == 0 {
            if !line.starts_with("HloModule ") {
                push(
                    problems,
                    Problem::new(file, 1, "expected `HloModule NAME, ...` on the first line"),
                );
            }
            if let Some(k) = line.find("num_partitions=") {
                match number(&line[k + "num_partitions=".len()..]) {
                    Some((p, _)) if p > 0 => out.partitions = p,
                    _ => push(
                        problems,
                        Problem::new(file, 1, "`num_partitions=` without a positive number"),
                    ),
                }
            }
            continue;
        }
        match line {
            "FileNames" | "FunctionNames" | "FileLocations" | "StackFrames" => {
                table = line;
                continue;
            }
            "" => {
                table = "";
                continue;
            }
            "}" => {
                entry = false;
                continue;
            }
            _ => {}
        }
        if !table.is_empty() {
            table_entry(table, line, &mut frames);
            continue;
        }
        if line.starts_with("ENTRY ") {
            entry = true;
            continue;
        }
        if let Some((name, meta, frame)) = instruction(line, entry, wanted) {
            if let Some(f) = frame {
                pending.push((name.to_owned(), f));
            }
            out.instructions.insert(name.to_owned(), meta);
        }
    }
    for (name, frame) in pending {
        let place = frames
            .frames
            .get(&frame)
            .and_then(|loc| frames.locations.get(loc))
            .and_then(|(f, line)| Some(format!("{}:{line}", frames.files.get(f)?)));
        if let (Some(m), Some(p)) = (out.instructions.get_mut(&name), place) {
            m.source.get_or_insert(p);
        }
    }
    out
}

fn table_entry(table: &str, line: &str, frames: &mut Frames) {
    let Some((id, rest)) = number(line) else {
        return;
    };
    let rest = rest.trim_start();
    match table {
        "FileNames" => {
            if let Some((s, _)) = quoted(rest) {
                frames.files.insert(id, s);
            }
        }
        "FileLocations" => {
            let f = attr_number(rest, "file_name_id=");
            let l = attr_number(rest, "line=");
            if let (Some(f), Some(l)) = (f, l) {
                frames.locations.insert(id, (f, l));
            }
        }
        "StackFrames" => {
            if let Some(loc) = attr_number(rest, "file_location_id=") {
                frames.frames.insert(id, loc);
            }
        }
        _ => {}
    }
}

/// The number after `key` where `key` starts a word.
fn attr_number(s: &str, key: &str) -> Option<u64> {
    let mut from = 0;
    while let Some(k) = s[from..].find(key) {
        let at = from + k;
        let before = s[..at].chars().next_back();
        if matches!(before, None | Some(' ' | '{')) {
            return number(&s[at + key.len()..]).map(|(n, _)| n);
        }
        from = at + key.len();
    }
    None
}

/// `"..."` at the start of `s` (with `\"` and `\\` escapes; others kept
/// as printed): the string and the rest after it.
fn quoted(s: &str) -> Option<(String, &str)> {
    let s = s.strip_prefix('"')?;
    let mut out = String::new();
    let mut chars = s.char_indices();
    while let Some((k, c)) = chars.next() {
        match c {
            '"' => return Some((out, &s[k + 1..])),
            '\\' => {
                // `\"` and `\\` are the quote and the backslash; other
                // escapes stay as printed (no line break enters a name).
                let (_, e) = chars.next()?;
                if !matches!(e, '"' | '\\') {
                    out.push('\\');
                }
                out.push(e);
            }
            c => out.push(c),
        }
    }
    None
}

/// `[ROOT ][%]name = ...`: its name, metadata and stack frame.
fn instruction<'t>(
    line: &'t str,
    entry: bool,
    wanted: &HashSet<&str>,
) -> Option<(&'t str, Meta, Option<u64>)> {
    let t = line.trim_start();
    let t = t.strip_prefix("ROOT ").unwrap_or(t);
    let t = t.strip_prefix('%').unwrap_or(t);
    // The name ends at the first space; ` = ` must follow it.
    let end = t.find(' ')?;
    let (name, rest) = (&t[..end], t[end..].strip_prefix(" = ")?);
    if name.is_empty() || name.contains(['"', '{', '(']) || !wanted.contains(name) {
        return None;
    }
    let mut meta = Meta::default();
    let meta_at = rest.find("metadata={");
    let head = &rest[..meta_at.unwrap_or(rest.len())];
    if entry {
        if let Some(k) = head.find(" parameter(") {
            meta.parameter = number(&head[k + " parameter(".len()..]).map(|(n, _)| n);
        }
    }
    if let Some(k) = head.find("sharding={") {
        meta.sharding = braces(&head[k + "sharding=".len()..]).map(str::to_owned);
    }
    let mut frame = None;
    if let Some(k) = meta_at {
        let mut s = &rest[k + "metadata={".len()..];
        let (mut file, mut line_no) = (None, None);
        loop {
            s = s.trim_start();
            if s.is_empty() || s.starts_with('}') {
                break;
            }
            let Some((key, after)) = s.split_once('=') else {
                break;
            };
            if let Some((v, r)) = quoted(after) {
                match key {
                    "op_name" => meta.op_name = Some(v),
                    "source_file" => file = Some(v),
                    _ => {}
                }
                s = r;
            } else {
                let end = after.find([' ', '}']).unwrap_or(after.len());
                let v = &after[..end];
                match key {
                    "source_line" => line_no = v.parse::<u64>().ok(),
                    "stack_frame_id" => frame = v.parse::<u64>().ok(),
                    _ => {}
                }
                s = &after[end..];
            }
        }
        if let Some(f) = file {
            meta.source = Some(match line_no {
                Some(l) => format!("{f}:{l}"),
                None => f,
            });
        }
    }
    Some((name, meta, frame))
}

/// `{...}` at the start of `s`, nested braces included.
fn braces(s: &str) -> Option<&str> {
    let mut depth = 0usize;
    for (k, b) in s.bytes().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return s.get(..=k);
                }
            }
            _ if depth == 0 => return None,
            _ => {}
        }
    }
    None
}
