//! The scanner: walks a text statement by statement (a module header, a
//! computation signature, an instruction with its continuation lines, a
//! report field, or a line of free text) and reports every shape found.
//!
//! It can be advanced by a byte budget ([`Scanner::scan_some`]) so that a
//! UI can spread a 20 MB document over many short tasks; [`scan`] and
//! [`super::ScanChunks`] are the one-call and iterator forms over the same code.

use super::attached::Attached;
use super::facts::FactsCache;
use super::finds::Finds;
use super::found::{Ctx, Found, ShapeFacts, MAX_SCAN_LEN};
use super::instruction::{head, parse_instruction_on, Lines, Parts};
use super::module::{
    computation_header, entry_layout, header_end, is_partitioned, may_be_signature, signature,
    MAX_HEADER_SPAN,
};
pub use super::outcome::{Outcome, Progress, NOTHING_FOUND_HINT, TOO_LONG_HINT};
use super::report;
use super::role::Role;
use super::scan::{line_end, skip_inline, starts_at};
use super::sdy::SdyMeshes;
use super::shape_bytes::{free_shapes, FreeText, Strings};
use super::sharding::{header_meshes, ShardingCache};
use super::tables::Number;
use crate::core::span::Span;
use line_cursor::LineCursor;
use report_entry::Pending;

#[path = "line_cursor.rs"]
mod line_cursor;
#[path = "mlir_scan.rs"]
pub(super) mod mlir_scan;
#[cfg(not(target_arch = "wasm32"))]
#[path = "parallel.rs"]
pub(super) mod parallel;
#[path = "report_entry.rs"]
mod report_entry;

/// An incremental scan of one text. Call [`Scanner::scan_some`] with the
/// same text until it reports `done`, taking what was found with
/// [`Scanner::take_found`] in between. Given another text (of another
/// length), it starts over.
#[derive(Debug, Default)]
pub struct Scanner {
    len: usize,
    pos: usize,
    /// Inside a long line of free text: where to go on, the line's end and
    /// the line's start.
    free: Option<(usize, usize, usize)>,
    lines: LineCursor,
    cache: FactsCache,
    shardings: ShardingCache,
    /// The current computation was written by XLA's SPMD partitioner.
    partitioned: bool,
    /// The current computation: where it opens and its name (its
    /// instructions' `computation`).
    computation: Option<(usize, Span)>,
    /// The module's Shardy meshes, and where its header starts.
    meshes: Option<SdyMeshes>,
    #[cfg_attr(target_arch = "wasm32", allow(dead_code))]
    module_at: Option<usize>,
    /// No `*/` follows this offset (a comment opened after it never closes).
    no_close_from: Option<usize>,
    /// A module header before this offset ran over lines and never closed
    /// within [`MAX_HEADER_SPAN`]: headers starting before it are read as
    /// one line, not followed again (each offset is walked once).
    header_unclosed_to: usize,
    /// The last instruction's parts, kept for their buffers (boxed: taken
    /// and put back for each instruction, it moves as a pointer).
    parts: Option<Box<Parts>>,
    space: Option<Span>,
    pending: Option<Pending>,
    out: Finds,
    found: usize,
    done: bool,
    scratch: Vec<(usize, usize)>,
    /// The MLIR reader, when the text is MLIR (`mlir_scan.rs`). Held as
    /// `dyn Any`: a module that never reads MLIR then carries none of the
    /// reader's code, not even the code that drops one.
    mlir: Option<Box<dyn std::any::Any + Send + Sync>>,
}

impl Scanner {
    pub fn new() -> Scanner {
        Scanner::default()
    }

    /// Starts over (with the same text or another), keeping the facts of
    /// the shape texts already seen.
    pub fn restart(&mut self) {
        // The new scanner's finds are written into new tables (their own
        // id): the caches' numbers for the old ones are not given again.
        *self = Scanner {
            cache: std::mem::take(&mut self.cache),
            shardings: std::mem::take(&mut self.shardings),
            ..Scanner::default()
        };
    }

    /// Scans about `max_bytes` more of `text` (at least one statement; a
    /// single instruction is never split, a long line of free text is) and
    /// says how far it got.
    pub fn scan_some(&mut self, text: &str, max_bytes: usize) -> Progress {
        if text.len() != self.len || (self.pos == 0 && self.found == 0 && !self.done) {
            self.restart();
            self.len = text.len();
            self.mlir = mlir_scan::hooks().and_then(|h| (h.start)(text));
        }
        if text.len() > MAX_SCAN_LEN {
            self.done = true;
            return self.progress();
        }
        let budget_end = self.pos.saturating_add(max_bytes.max(1));
        self.run(text, budget_end);
        if self.pos >= text.len() && !self.done {
            self.close_report();
            self.done = true;
        }
        self.progress()
    }

    /// Statements (and pieces of a long line of free text) until `stop` or
    /// the text's end.
    fn run(&mut self, text: &str, stop: usize) {
        let end = text.len();
        if let (Some(_), Some(h)) = (&self.mlir, mlir_scan::hooks()) {
            return (h.run)(self, text, stop);
        }
        while self.pos < end && self.pos < stop {
            if let Some((resume, le, ls)) = self.free {
                self.free_text(text, resume, le, ls, stop);
                continue;
            }
            self.statement(text);
        }
    }

    /// The shapes found since the last call, in text order.
    pub fn take_found(&mut self) -> Finds {
        // The finds from now on go into new tables, with an id of their
        // own (`tables.rs`, the rule). Finds a report entry still holds
        // named the taken tables: they name the new ones now.
        let taken = std::mem::take(&mut self.out);
        // The next finds are still in the current computation.
        self.out.computations.extend(self.computation);
        if let Some(p) = self.pending.as_mut() {
            for f in p.shape.iter_mut().chain(p.label.iter_mut()) {
                self.out.adopt(f, &taken);
            }
        }
        taken
    }

    /// How many shapes wait to be taken.
    pub fn pending_found(&self) -> usize {
        self.out.len()
    }

    /// [`Scanner::take_found`], appended to `into`: the scanner keeps its
    /// buffer's capacity for the next step instead of growing a new one.
    pub fn append_found(&mut self, into: &mut Finds) {
        let mut taken = self.take_found();
        into.append(&mut taken);
        self.out.found = taken.found;
    }

    pub fn progress(&self) -> Progress {
        Progress {
            scanned: self.pos.min(self.len),
            total: self.len,
            found: self.found,
            done: self.done,
        }
    }

    /// `None` until the scan is done.
    pub fn outcome(&self) -> Option<Outcome> {
        self.done.then_some(match self.found {
            _ if self.len > MAX_SCAN_LEN => Outcome::TooLong {
                len: self.len,
                max: MAX_SCAN_LEN,
            },
            0 => Outcome::NothingFound {
                hint: NOTHING_FOUND_HINT,
            },
            n => Outcome::Found(n),
        })
    }

    /// The number of the facts of the shape at `span` in the finds' tables.
    fn facts(&mut self, text: &str, span: Span) -> Number<ShapeFacts> {
        self.cache
            .index(text.get(span.range()).unwrap_or(""), &mut self.out.tables)
    }

    fn make(&mut self, text: &str, role: Role, span: Span, ctx: &Ctx) -> Found {
        let at = self.lines.locate(text.as_bytes(), span.start);
        let facts = self.facts(text, span);
        Found::new(role, span, at, ctx, facts)
    }

    /// Everything found goes through here. While a report entry holds finds
    /// back (its shape, or its label's shapes, waiting for the entry's
    /// other fields), later finds wait with them, so that results always
    /// come in text order.
    fn push(&mut self, f: Found) {
        match self
            .pending
            .as_mut()
            .filter(|p| p.shape.is_some() || !p.label.is_empty())
        {
            Some(p) => p.label.push(f),
            None => self.emit(f),
        }
    }

    fn emit(&mut self, f: Found) {
        self.found += 1;
        self.out.found.push(f);
    }

    /// One statement starting at the line start `self.pos`.
    fn statement(&mut self, text: &str) {
        let b = text.as_bytes();
        let end = b.len();
        let ls = self.pos;
        let le = line_end(b, ls, end);
        let next = (le + 1).min(end);
        let c = skip_inline(b, ls, le);
        if c >= le {
            // A comment opened here and closed on a later line hides every
            // line in between, as XLA's lexer skips it.
            self.pos = self.comment_close(b, ls, le).unwrap_or(next);
            return;
        }
        if starts_at(b, c, le, b"HloModule") {
            self.close_report();
            self.partitioned = false;
            self.module_at = Some(c);
            self.meshes = text.get(c..le).and_then(header_meshes);
            let e = entry_layout(b, c, le);
            for (k, p) in e.params.iter().enumerate() {
                let f = self.make(
                    text,
                    Role::EntryParameter,
                    *p,
                    &Ctx {
                        index: Some(k),
                        ..Ctx::default()
                    },
                );
                self.push(f);
            }
            if let Some(r) = e.result {
                let f = self.make(text, Role::EntryResult, r, &Ctx::default());
                self.push(f);
            }
            self.pos = (self.header_end(b, c, le) + 1).min(end).max(next);
            return;
        }
        if let Some(h) = head(b, c, le) {
            self.close_report();
            let mut parts = self.parts.take().unwrap_or_default();
            let lines = Lines::Following {
                line_end: le,
                text_end: end,
            };
            parse_instruction_on(b, &h, lines, &mut parts);
            self.lines.enter_line(b, ls, le);
            // No report entry holds finds back here (it was just closed):
            // the finds go straight out, written once.
            let mut out = std::mem::take(&mut self.out.found);
            let before = out.len();
            self.instruction_founds(text, &parts, &mut out);
            self.found += out.len() - before;
            self.out.found = out;
            self.pos = (parts.end + 1).min(end).max(next);
            self.parts = Some(parts);
            return;
        }
        if may_be_signature(b, c, le) {
            if let Some(sig) = signature(b, c, end) {
                self.close_report();
                self.partitioned = is_partitioned(b, sig.name);
                self.open_computation(ls, sig.name);
                let ctx = Ctx {
                    computation: Some(sig.name),
                    ..Ctx::default()
                };
                for (k, (name, shape)) in sig.params.iter().enumerate() {
                    let f = self.make(
                        text,
                        Role::Parameter,
                        *shape,
                        &Ctx {
                            index: Some(k),
                            name: Some(*name),
                            ..ctx
                        },
                    );
                    self.push(f);
                }
                if let Some(r) = sig.result {
                    let f = self.make(text, Role::ComputationResult, r, &ctx);
                    self.push(f);
                }
                self.pos = next;
                return;
            }
        }
        if let Some(name) = computation_header(b, c, le) {
            self.close_report();
            self.partitioned = is_partitioned(b, name);
            self.open_computation(ls, name);
            self.pos = next;
            return;
        }
        if let Some(field) = report::field(b, c, le) {
            if self.report_field(text, field, le) {
                self.pos = next;
                return;
            }
        }
        self.free = Some((c, le, ls));
    }

    /// The computation named `name` opens on the line starting at `ls`.
    fn open_computation(&mut self, ls: usize, name: Span) {
        self.computation = Some((ls, name));
        self.out.computations.push((ls, name));
    }

    /// Founds of one parsed instruction, in text order, added to `out`
    /// (their facts to the finds' tables).
    fn instruction_founds(&mut self, text: &str, p: &Parts, out: &mut Vec<Found>) {
        let ctx = Ctx {
            instruction: Some(p.name),
            opcode: p.opcode,
            root: p.root.is_some(),
            ..Ctx::default()
        };
        if let Some(s) = p.shape {
            let mut f = self.make(text, Role::Result, s, &ctx);
            f.attach(self.sharding(text, p, s));
            out.push(f);
        }
        for (k, a) in p.args.iter().enumerate() {
            if let Some(s) = a.shape {
                out.push(self.make(
                    text,
                    Role::Operand,
                    s,
                    &Ctx {
                        index: Some(k),
                        name: a.name,
                        ..ctx
                    },
                ));
            }
        }
        for s in &p.text_shapes {
            out.push(self.make(text, Role::Text, *s, &ctx));
        }
    }

    /// The end of the module header starting at `c` (its first line ending
    /// at `le`): [`header_end`], its attributes' brackets and strings
    /// followed over lines; nothing in them is read (a recovery table's
    /// quoted modules are a value, not this module's instructions).
    fn header_end(&mut self, b: &[u8], c: usize, le: usize) -> usize {
        if c < self.header_unclosed_to {
            return le;
        }
        let limit = c.saturating_add(MAX_HEADER_SPAN).min(b.len());
        header_end(b, c, le, limit).unwrap_or_else(|| {
            self.header_unclosed_to = limit;
            le
        })
    }

    /// Just past the `*/` closing a `/*` left open on the line `ls..le`,
    /// when it closes on a later line. Each offset is searched once: a
    /// text of unclosed comments stays linear.
    fn comment_close(&mut self, b: &[u8], ls: usize, le: usize) -> Option<usize> {
        let open = ls + memchr::memmem::rfind(&b[ls..le], b"/*")?;
        if memchr::memmem::find(&b[open + 2..le], b"*/").is_some()
            || self.no_close_from.is_some_and(|from| from <= le)
        {
            return None;
        }
        match memchr::memmem::find(&b[le..], b"*/") {
            Some(k) => Some(le + k + 2),
            None => {
                self.no_close_from = Some(le);
                None
            }
        }
    }

    /// The number in the finds' tables of the facts of the instruction's
    /// sharding on its result `shape`.
    fn sharding(&mut self, text: &str, p: &Parts, shape: Span) -> Option<Number<Attached>> {
        let shape = text.get(shape.range())?;
        self.shardings.of_instruction(
            text,
            p,
            shape,
            self.partitioned,
            self.meshes.as_ref(),
            &mut self.cache,
            &mut self.out.tables,
        )
    }

    /// Free text from `resume` to at most `budget_end` on the line ending at
    /// `le` (starting at `ls`).
    fn free_text(&mut self, text: &str, resume: usize, le: usize, ls: usize, budget_end: usize) {
        let b = text.as_bytes();
        let to = le.min(budget_end.max(resume + 1));
        let mut hits = std::mem::take(&mut self.scratch);
        let w = FreeText {
            floor: ls,
            from: resume,
            to,
            end: le,
        };
        let next = free_shapes(b, w, Strings::Search, |s, e| hits.push((s, e)));
        for (s, e) in hits.drain(..) {
            let f = self.make(text, Role::Text, Span::new(s, e), &Ctx::default());
            self.push(f);
        }
        self.scratch = hits;
        if next >= le {
            self.free = None;
            self.pos = (le + 1).min(b.len());
        } else {
            self.free = Some((next, le, ls));
            self.pos = next;
        }
    }
}
