//! A large pasted text held as a document (not in the native text box):
//! its summary, the chunked scan for shapes, and the table of what was
//! found (sorted, filtered, picked). Plain Rust, tested natively; the web
//! side (`web/document.rs`, `web/scan_table.rs`) only drives and draws it.

use std::rc::Rc;

use crate::core::hlo::{Finds, FoundRef, Outcome, Role, Scanner};

pub use super::bytes::{binary_bytes, human_bytes};
pub use super::held::{is_large, should_hold, Kind, DOCUMENT_THRESHOLD};
use super::lines::line_starts;

/// Bytes scanned per task. The scanner runs at >= 200 MB/s natively
/// (benches/scan.rs); 256 KB keeps a task a few milliseconds even if the
/// wasm build is several times slower, well under the 50 ms target.
pub const SCAN_CHUNK: usize = 256 * 1024;

/// A table column that rows can be sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortKey {
    /// Order in the text.
    Where,
    Shape,
    Elements,
    Footprint,
    Padding,
    Expansion,
    Xla,
    /// Footprint minus data bytes: the default, largest first.
    Waste,
    /// One device's footprint, for sharded results.
    PerDevice,
}

/// A pasted text and what has been found in it so far.
pub struct Document {
    pub text: Rc<str>,
    /// Length in UTF-16 code units (what `String.length` says in JS).
    pub utf16_len: usize,
    pub lines: usize,
    /// Byte offset where each line starts (for the text view).
    pub line_starts: Vec<usize>,
    scanner: Scanner,
    /// Every shape found, in text order.
    pub rows: Finds,
    pub scanned: usize,
    pub done: bool,
    /// The text is MLIR (`core::mlir::looks_like_mlir`): its rows' texts
    /// are MLIR types, shown with the XLA shapes they become.
    pub mlir: bool,
    /// Set when the scan ended with nothing found.
    pub hint: Option<String>,
    /// Some result carries a sharding (the table shows a per-device column).
    pub sharded: bool,
    pub sort: SortKey,
    pub descending: bool,
    pub filter: String,
    /// Indices into `rows`, sorted and filtered: what the table shows.
    pub view: Vec<usize>,
    /// Index into `rows` of the picked row.
    pub selected: Option<usize>,
}

impl Document {
    pub fn new(text: impl Into<Rc<str>>) -> Document {
        let text: Rc<str> = text.into();
        let utf16_len = text.encode_utf16().count();
        Document::with_utf16_len(text, utf16_len)
    }

    /// [`Document::new`] when the length in UTF-16 code units is known
    /// already (the browser's string length), saving a pass over the text.
    pub fn with_utf16_len(text: impl Into<Rc<str>>, utf16_len: usize) -> Document {
        let text: Rc<str> = text.into();
        let line_starts = line_starts(&text);
        let mlir = crate::core::mlir::looks_like_mlir(&text);
        let lines = if text.is_empty() {
            0
        } else {
            line_starts.len()
        };
        Document {
            text,
            utf16_len,
            lines,
            line_starts,
            scanner: Scanner::new(),
            rows: Finds::default(),
            mlir,
            scanned: 0,
            done: false,
            hint: None,
            sharded: false,
            sort: SortKey::Waste,
            descending: true,
            filter: String::new(),
            view: Vec::new(),
            selected: None,
        }
    }

    /// Scans at most `budget` more bytes and brings the table up to date;
    /// true when the scan is done.
    pub fn scan_step(&mut self, budget: usize) -> bool {
        let done = self.scan_only(budget);
        self.refresh_view();
        done
    }

    /// [`Document::scan_step`] without updating the table: call
    /// [`Document::refresh`] after a run of these.
    pub fn scan_only(&mut self, budget: usize) -> bool {
        if self.done {
            return true;
        }
        let progress = self.scanner.scan_some(&self.text, budget.max(1));
        self.scanned = progress.scanned;
        self.reserve_rows();
        let before = self.rows.len();
        self.scanner.append_found(&mut self.rows);
        self.sharded |= self
            .rows
            .iter()
            .skip(before)
            .any(|f| f.sharding().is_some());
        if progress.done {
            self.done = true;
            if let Some(Outcome::NothingFound { hint }) = self.scanner.outcome() {
                self.hint = Some(hint.to_string());
            }
        }
        self.done
    }

    /// Room for as many rows as the text holds at the rate found so far
    /// (+1/8), so that 100,000 rows are not copied on every doubling of
    /// the vector (5 ms of a 5 MB paste in the browser). Bounded by the
    /// text: no shape is shorter than 4 bytes (`s8[]`).
    fn reserve_rows(&mut self) {
        let (found, scanned) = (self.rows.len() + self.scanner.pending_found(), self.scanned);
        if found < 1024 || scanned == 0 || scanned >= self.text.len() {
            return;
        }
        let estimate = (found as u128 * self.text.len() as u128 / scanned as u128) as usize;
        let wanted = estimate
            .saturating_add(estimate / 8)
            .min(self.text.len() / 4);
        if wanted > self.rows.capacity() {
            self.rows.reserve_exact(wanted - self.rows.len());
        }
    }

    /// Sorts and filters the rows again (after [`Document::scan_only`]).
    pub fn refresh(&mut self) {
        self.refresh_view();
    }

    /// Scans everything (tests, small texts).
    pub fn scan_all(&mut self) {
        while !self.scan_step(SCAN_CHUNK) {}
    }

    /// Percentage of the text scanned.
    pub fn percent(&self) -> u32 {
        if self.text.is_empty() || self.done {
            return 100;
        }
        let p = self.scanned.saturating_mul(100) / self.text.len();
        p.min(100) as u32
    }

    pub fn kind(&self) -> Kind {
        let has = |roles: &[Role]| self.rows.iter().any(|f| roles.contains(&f.role));
        if has(&[Role::Allocation]) {
            Kind::Report
        } else if has(&[
            Role::Parameter,
            Role::ComputationResult,
            Role::EntryParameter,
            Role::EntryResult,
        ]) {
            if self.mlir {
                Kind::MlirModule
            } else {
                Kind::Module
            }
        } else if has(&[Role::Result]) {
            Kind::Instructions
        } else {
            Kind::Text
        }
    }

    /// The one-line summary shown in place of the box.
    pub fn summary(&self) -> String {
        let progress = if self.done {
            String::new()
        } else {
            format!(", scanning {}%", self.percent())
        };
        format!(
            "{}: {}, {} lines, {} shapes found{}",
            self.kind().name(),
            human_bytes(self.text.len()),
            self.lines,
            self.rows.len(),
            progress
        )
    }

    /// Sorts by `key`: the same key again flips the direction.
    pub fn set_sort(&mut self, key: SortKey) {
        if self.sort == key {
            self.descending = !self.descending;
        } else {
            self.sort = key;
            // Sizes read best largest first; positions and names in order.
            self.descending = !matches!(key, SortKey::Where | SortKey::Shape);
        }
        self.refresh_view();
    }

    pub fn set_filter(&mut self, filter: String) {
        self.filter = filter;
        self.refresh_view();
    }

    /// Picks the row at `index` into `rows`: its canonical shape (or the
    /// text as written, when it is invalid).
    pub fn select(&mut self, index: usize) -> Option<String> {
        let found = self.rows.get(index)?;
        self.selected = Some(index);
        let text = found
            .facts
            .canonical
            .clone()
            .unwrap_or_else(|| self.text[found.span().range()].to_string());
        Some(text)
    }

    /// Picks the table's first row that holds a valid shape, as
    /// [`Document::select`] does, once the scan is done and when no row
    /// has been picked: with the default sort, the shape that wastes the
    /// most memory. None otherwise (an invalid shape would only put its
    /// error in the box).
    pub fn pick_first(&mut self) -> Option<String> {
        if !self.done || self.selected.is_some() {
            return None;
        }
        let rows = &self.rows;
        let first = self
            .view
            .iter()
            .copied()
            .find(|&i| rows.get(i).is_some_and(|f| f.facts.canonical.is_some()))?;
        self.select(first)
    }

    /// A row's "where" text: role, number, instruction.
    pub fn where_of(&self, found: FoundRef<'_>) -> String {
        let r = found.record(&self.text);
        let mut s = match (found.role, r.index, &r.report) {
            (Role::Allocation, _, Some(rep)) => match rep.allocation_number {
                Some(n) => format!("allocation {n}"),
                None => "allocation".to_string(),
            },
            (Role::Operand | Role::Parameter | Role::EntryParameter, Some(i), _) => {
                format!("{} {i}", r.role.replace('_', " "))
            }
            _ => r.role.replace('_', " "),
        };
        if let Some(name) = r.instruction {
            s.push_str(" of %");
            s.push_str(name);
        } else if let Some(name) = r.name {
            s.push_str(" %");
            s.push_str(name);
        }
        s.push_str(&format!(" (line {})", found.line()));
        s
    }

    fn key_u64(f: FoundRef<'_>, key: SortKey) -> u64 {
        let facts = f.facts;
        match key {
            SortKey::Elements => facts.elements.unwrap_or(0),
            SortKey::Footprint => facts.bytes_footprint.unwrap_or(0),
            SortKey::Xla => facts.bytes_xla.unwrap_or(0),
            SortKey::Waste => waste(f),
            SortKey::PerDevice => f
                .sharding()
                .and_then(|s| s.bytes_footprint_per_device)
                .unwrap_or(0),
            _ => 0,
        }
    }

    fn refresh_view(&mut self) {
        let needle = self.filter.trim().to_ascii_lowercase();
        let text = &self.text;
        let mut view: Vec<usize> = (self.rows.iter().enumerate())
            .filter(|(_, f)| {
                needle.is_empty() || {
                    let r = f.record(text);
                    let hay = [
                        Some(r.text),
                        r.instruction,
                        r.opcode,
                        r.name,
                        Some(r.role),
                        r.canonical,
                    ];
                    hay.iter()
                        .flatten()
                        .any(|h| h.to_ascii_lowercase().contains(&needle))
                }
            })
            .map(|(i, _)| i)
            .collect();
        let rows = &self.rows;
        let key = self.sort;
        if let SortKey::Elements
        | SortKey::Footprint
        | SortKey::Xla
        | SortKey::Waste
        | SortKey::PerDevice = key
        {
            // The sizes are read once per row, and the pairs sort without
            // a call per comparison (100,000 rows: the comparator version
            // took 20 ms in the browser, and it runs again as a scan goes).
            let mut keyed: Vec<(u64, usize)> = view
                .iter()
                .map(|&i| {
                    let k = rows.get(i).map_or(0, |f| Self::key_u64(f, key));
                    (if self.descending { u64::MAX - k } else { k }, i)
                })
                .collect();
            // Ties stay in text order: the index is the second key.
            keyed.sort_unstable();
            self.view = keyed.into_iter().map(|(_, i)| i).collect();
            return;
        }
        view.sort_by(|&a, &b| {
            let (Some(fa), Some(fb)) = (rows.get(a), rows.get(b)) else {
                return a.cmp(&b);
            };
            let ord = match key {
                SortKey::Where => fa.span().start.cmp(&fb.span().start),
                SortKey::Shape => text[fa.span().range()].cmp(&text[fb.span().range()]),
                SortKey::Padding => cmp_f64(fa.facts.padding_percent, fb.facts.padding_percent),
                SortKey::Expansion => cmp_f64(fa.facts.expansion, fb.facts.expansion),
                _ => Self::key_u64(fa, key).cmp(&Self::key_u64(fb, key)),
            };
            let ord = if self.descending { ord.reverse() } else { ord };
            // Ties stay in text order.
            ord.then(a.cmp(&b))
        });
        self.view = view;
    }
}

/// Footprint minus the bytes of the elements themselves.
pub fn waste(f: FoundRef<'_>) -> u64 {
    f.facts
        .bytes_footprint
        .unwrap_or(0)
        .saturating_sub(f.facts.bytes_data.unwrap_or(0))
}

fn cmp_f64(a: Option<f64>, b: Option<f64>) -> std::cmp::Ordering {
    a.unwrap_or(f64::NEG_INFINITY)
        .total_cmp(&b.unwrap_or(f64::NEG_INFINITY))
}

#[cfg(test)]
#[path = "document_tests.rs"]
mod tests;
