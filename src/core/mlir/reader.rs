//! The reader: walks MLIR text statement by statement (a function's
//! signature, an op with its results and trailing types) and reports
//! every type in it as an XLA shape, where it stands and, for sharded
//! values, the HLO sharding text XLA makes of its attribute.
//!
//! A statement is a line, continued onto the next while that one starts
//! with `->`, or while the line ends in `,`, `(`, `[`, `<` or `x` and the
//! next does not start a statement (at most [`MAX_LINES`] lines): so a
//! bracket left open is an error where it is, and the next statement is
//! read as usual.

use std::collections::HashMap;

use memchr::memmem::{Finder, FinderRev};

use super::bytes::{close_of, skip_space, split_top, string_end, trim};
use super::sdy::{per_value, Meshes, SdyError};
use super::sharding_attr;
use super::types::{read_type, type_at, TypeError};
use crate::core::span::Span;

/// Lines one statement may span.
pub const MAX_LINES: usize = 64;
/// Distinct sharding attributes converted and kept.
const MAX_CACHED: usize = 4096;

/// Where a type stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// An argument of the module's public function (`@main`).
    EntryParameter,
    /// A result of the module's public function.
    EntryResult,
    /// An argument of another function.
    Parameter,
    /// A result of another function.
    FunctionResult,
    /// An op's result (`%0 = stablehlo.add ... : tensor<..>`).
    Result,
    /// An op's operand, in its trailing types (`: (tensor<..>, ..) -> ..`).
    Operand,
    /// Anywhere else: inside attributes, a region's arguments.
    Text,
}

/// One type found, with where it stands.
#[derive(Clone, Debug)]
pub struct Find<'a> {
    pub role: Role,
    /// The MLIR type as written.
    pub span: Span,
    /// `%arg0` or `%0`, with its `%`.
    pub name: Option<Span>,
    /// The op (`stablehlo.add`) or the function (`@main`).
    pub op: Option<Span>,
    /// Argument, result or operand number, from 0.
    pub index: Option<usize>,
    /// The XLA shape text (default layout), or why the type has none.
    pub shape: Result<&'a str, &'a TypeError>,
    /// The sharding attribute's span and XLA's text for it, or why not.
    pub sharding: Option<(Span, Result<&'a str, &'a SdyError>)>,
}

/// A reader of one text, resumable statement by statement.
#[derive(Debug)]
pub struct Reader {
    meshes: Meshes,
    pos: usize,
    shape: String,
    cache: HashMap<String, Result<String, (usize, usize, String)>>,
    tensor: Finder<'static>,
    tuple: Finder<'static>,
    token: Finder<'static>,
    sharding: Finder<'static>,
    spans: Vec<(usize, usize)>,
    /// ` : `, looked for from a statement's end.
    colon: FinderRev<'static>,
    /// The last types read (MLIR text, XLA text or why not, relative to
    /// the type): most programs repeat a few types, read once here.
    memo: [(Vec<u8>, Result<String, TypeError>); 4],
    memo_next: usize,
    /// Where the current statement's types start (reused).
    at: Vec<usize>,
    /// The text holds a `tuple<` or a `.token` somewhere: else only
    /// `tensor<` is looked for.
    rare: bool,
}

/// A sharding as found: where its attribute is, and its XLA text.
type Found = Option<(Span, Result<String, SdyError>)>;

impl Reader {
    /// A reader of `text` (its meshes are read first).
    pub fn new(text: &str) -> Reader {
        Reader {
            meshes: Meshes::declared_in(text),
            pos: 0,
            shape: String::new(),
            cache: HashMap::new(),
            tensor: Finder::new(b"tensor<"),
            tuple: Finder::new(b"tuple<"),
            token: Finder::new(b".token"),
            sharding: Finder::new(b"sharding"),
            spans: Vec::new(),
            at: Vec::new(),
            colon: FinderRev::new(b" : "),
            memo: std::array::from_fn(|_| (Vec::new(), Ok(String::new()))),
            memo_next: 0,
            rare: memchr::memmem::find(text.as_bytes(), b"tuple<").is_some()
                || memchr::memmem::find(text.as_bytes(), b".token").is_some(),
        }
    }

    /// How far it has read.
    pub fn pos(&self) -> usize {
        self.pos
    }

    /// Reads statements until `stop` (at least one) or the end; `true`
    /// once the end is reached.
    pub fn step(&mut self, text: &str, stop: usize, visit: &mut dyn FnMut(Find<'_>)) -> bool {
        let b = text.as_bytes();
        loop {
            if self.pos >= b.len() {
                return true;
            }
            let (s, e) = statement(b, self.pos);
            self.pos = e + 1;
            self.statement(text, s, e, visit);
            if self.pos >= stop {
                return self.pos >= b.len();
            }
        }
    }

    fn statement(&mut self, text: &str, s: usize, e: usize, visit: &mut dyn FnMut(Find<'_>)) {
        let b = text.as_bytes();
        let s = skip_space(b, s, e);
        let line = &b[s..e];
        if line.starts_with(b"//") || line.starts_with(b"sdy.mesh") || line.starts_with(b"module") {
            return;
        }
        if line.starts_with(b"func.func") {
            let has = self.tensor.find(line).is_some()
                || (self.rare
                    && (self.tuple.find(line).is_some() || self.token.find(line).is_some()));
            if has {
                self.function(text, s, e, visit);
            }
        } else {
            // Only statements with a type in them are read further.
            let mut at = std::mem::take(&mut self.at);
            self.types_in(b, s, e, &mut at);
            if !at.is_empty() {
                self.op(text, s, e, &at, visit);
            }
            self.at = at;
        }
    }

    /// Every type in `s..e` (not nested in another), in order.
    fn types_in(&self, b: &[u8], s: usize, e: usize, out: &mut Vec<usize>) {
        out.clear();
        let hay = &b[s..e];
        let word_start = |&k: &usize| k == 0 || !is_word(b[k - 1]);
        out.extend(self.tensor.find_iter(hay).map(|k| s + k).filter(word_start));
        if !self.rare {
            return;
        }
        out.extend(self.tuple.find_iter(hay).map(|k| s + k).filter(word_start));
        for k in self.token.find_iter(hay) {
            let at = s + k;
            for p in [&b"!stablehlo"[..], b"!mhlo"] {
                if at >= p.len() && &b[at - p.len()..at] == p {
                    out.push(at - p.len());
                }
            }
        }
        out.sort_unstable();
    }

    /// Emits the type at `at` (ending before `end`); returns its end.
    #[allow(clippy::too_many_arguments)]
    fn emit(
        &mut self,
        text: &str,
        at: usize,
        end: usize,
        role: Role,
        name: Option<Span>,
        op: Option<Span>,
        index: Option<usize>,
        sharding: &Found,
        visit: &mut dyn FnMut(Find<'_>),
    ) -> usize {
        let sharding = sharding
            .as_ref()
            .map(|(sp, r)| (*sp, r.as_ref().map(|s| s.as_str())));
        let b = text.as_bytes();
        // A tensor type seen lately: its XLA text (or error) again.
        let quick = if b[at..end].starts_with(b"tensor<") {
            super::types::quick_close(b, at + 6, end)
        } else {
            None
        };
        if let Some(close) = quick {
            let key = &b[at..=close];
            if let Some((_, r)) = self.memo.iter().find(|(k, _)| k.as_slice() == key) {
                let moved;
                let r = match r {
                    Ok(s) => Ok(s.as_str()),
                    Err(e) => {
                        moved = TypeError {
                            start: e.start + at,
                            end: e.end + at,
                            message: e.message.clone(),
                        };
                        Err(&moved)
                    }
                };
                visit(Find {
                    role,
                    span: Span::new(at, close + 1),
                    name,
                    op,
                    index,
                    shape: r,
                    sharding,
                });
                return close + 1;
            }
        }
        let mut shape = std::mem::take(&mut self.shape);
        let (stop, r) = read_type(text, at, end, &mut shape);
        visit(Find {
            role,
            span: Span::new(at, stop),
            name,
            op,
            index,
            shape: r.as_ref().map(|()| shape.as_str()),
            sharding,
        });
        if quick.is_some_and(|c| c + 1 == stop) {
            let slot = &mut self.memo[self.memo_next % 4];
            slot.0.clear();
            slot.0.extend_from_slice(&b[at..stop]);
            slot.1 = match r {
                Ok(()) => {
                    let old = std::mem::replace(&mut slot.1, Ok(String::new()));
                    let mut kept = old.unwrap_or_default();
                    kept.clear();
                    kept.push_str(&shape);
                    Ok(kept)
                }
                Err(e) => Err(TypeError {
                    start: e.start - at,
                    end: e.end - at,
                    message: e.message,
                }),
            };
            self.memo_next += 1;
        }
        self.shape = shape;
        stop
    }

    /// `func.func [public|private] @name(%a: T {attrs}, ...) -> (T {attrs}, ...) {`
    fn function(&mut self, text: &str, s: usize, e: usize, visit: &mut dyn FnMut(Find<'_>)) {
        let b = text.as_bytes();
        let Some(at) = memchr::memchr(b'@', &b[s..e]).map(|k| s + k) else {
            return self.op_here(text, s, e, visit);
        };
        let name_end = (at + 1..e).find(|&k| !is_word(b[k])).unwrap_or(e);
        let fname = Span::new(at, name_end);
        let public = !b[s..at].windows(7).any(|w| w == b"private");
        let (arg_role, res_role) = if public {
            (Role::EntryParameter, Role::EntryResult)
        } else {
            (Role::Parameter, Role::FunctionResult)
        };
        if b.get(name_end) != Some(&b'(') {
            return self.op_here(text, s, e, visit);
        }
        let close = match close_of(b, name_end, e) {
            Ok(c) => c,
            Err(_) => e,
        };
        let mut args = std::mem::take(&mut self.spans);
        split_top(b, name_end + 1, close, &mut args);
        for (k, &(as_, ae)) in args.iter().enumerate() {
            let colon = memchr::memchr(b':', &b[as_..ae]).map(|c| as_ + c);
            let (name, ts) = match colon {
                Some(c) => (
                    Some(Span::new(as_, trim(b, as_, c).1)),
                    skip_space(b, c + 1, ae),
                ),
                None => (None, as_),
            };
            if ts < ae && type_at(b, ts) {
                self.typed_value(text, ts, ae, arg_role, name, fname, k, visit);
            }
        }
        self.spans = args;
        // Results after `->`.
        let mut i = skip_space(b, (close + 1).min(e), e);
        if !b[i..e].starts_with(b"->") {
            return;
        }
        i = skip_space(b, i + 2, e);
        let mut results = std::mem::take(&mut self.spans);
        if b.get(i) == Some(&b'(') {
            let rc = close_of(b, i, e).unwrap_or(e);
            split_top(b, i + 1, rc, &mut results);
        } else {
            let stop = memchr::memchr(b'{', &b[i..e]).map_or(e, |k| i + k);
            results.clear();
            results.push((i, stop));
        }
        for (k, &(rs, re)) in results.iter().enumerate() {
            if rs < re && type_at(b, rs) {
                self.typed_value(text, rs, re, res_role, None, fname, k, visit);
            }
        }
        self.spans = results;
    }

    /// [`Reader::op`] on a statement whose types are not looked up yet.
    fn op_here(&mut self, text: &str, s: usize, e: usize, visit: &mut dyn FnMut(Find<'_>)) {
        let mut at = std::mem::take(&mut self.at);
        self.types_in(text.as_bytes(), s, e, &mut at);
        self.op(text, s, e, &at, visit);
        self.at = at;
    }

    /// `T {attrs}` of a function's argument or result.
    #[allow(clippy::too_many_arguments)]
    fn typed_value(
        &mut self,
        text: &str,
        ts: usize,
        end: usize,
        role: Role,
        name: Option<Span>,
        fname: Span,
        k: usize,
        visit: &mut dyn FnMut(Find<'_>),
    ) {
        let b = text.as_bytes();
        // The attributes follow the type: find the type's end first.
        let mut probe = String::new();
        let (stop, _) = read_type(text, ts, end, &mut probe);
        let a = skip_space(b, stop, end);
        let sharding = if b.get(a) == Some(&b'{') && a < end {
            let ac = close_of(b, a, end).unwrap_or(end);
            self.attribute(text, a, ac, 0, 1)
        } else {
            None
        };
        self.emit(
            text,
            ts,
            end,
            role,
            name,
            Some(fname),
            Some(k),
            &sharding,
            visit,
        );
    }

    /// An op statement: `%r = op ... : (operands) -> results`.
    fn op(
        &mut self,
        text: &str,
        s: usize,
        e: usize,
        at: &[usize],
        visit: &mut dyn FnMut(Find<'_>),
    ) {
        let b = text.as_bytes();
        let (names, op) = op_head(b, s, e);
        let sig = trailing_colon(&self.colon, b, s, e);
        let mut operands = (e, e);
        let mut results = (e, e);
        if let Some(c) = sig {
            let t = skip_space(b, c + 1, e);
            if b.get(t) == Some(&b'(') {
                let oc = paren_close(b, t, e)
                    .or_else(|| close_of(b, t, e).ok())
                    .unwrap_or(e);
                operands = (t + 1, oc);
                let arrow = skip_space(b, (oc + 1).min(e), e);
                if b[arrow..e].starts_with(b"->") {
                    results = (skip_space(b, arrow + 2, e), e);
                }
            } else {
                results = (t, e);
            }
        }
        let op_text = op.map(|o| &text[o.start..o.end]).unwrap_or("");
        if op_text.ends_with("return")
            && matches!(
                op_text,
                "return" | "func.return" | "stablehlo.return" | "mhlo.return" | "sdy.return"
            )
        {
            operands = results;
            results = (e, e);
        }
        // Most ops carry no sharding: an attribute dictionary (`{`) or a
        // Shardy op is looked into, once.
        let head = &b[s..sig.unwrap_or(e)];
        let sharded = (memchr::memchr(b'{', head).is_some() || op_text.starts_with("sdy."))
            && self.sharding.find(head).is_some();
        let count = if sharded {
            results_count(b, results)
        } else {
            0
        };
        let (mut operand_k, mut result_k) = (0, 0);
        let mut done = s;
        for &t in at {
            if t < done {
                continue; // inside a tuple type already read
            }
            let (role, index, end) = if t >= operands.0 && t < operands.1 {
                operand_k += 1;
                (Role::Operand, Some(operand_k - 1), operands.1)
            } else if t >= results.0 && t < results.1 {
                result_k += 1;
                (Role::Result, Some(result_k - 1), results.1)
            } else {
                (Role::Text, None, e)
            };
            let (name, sharding) = if role == Role::Result {
                let k = result_k - 1;
                let sharding = if sharded {
                    self.op_sharding(text, s, sig.unwrap_or(e), op_text, k, count)
                } else {
                    None
                };
                (result_name(b, names, k), sharding)
            } else {
                (None, None)
            };
            done = self.emit(text, t, end, role, name, op, index, &sharding, visit);
        }
    }

    /// The sharding of result `k` of `count`, from the op's attributes or
    /// (`sdy.sharding_constraint`, `sdy.reshard`) its `<@mesh, ...>`.
    fn op_sharding(
        &mut self,
        text: &str,
        s: usize,
        e: usize,
        op: &str,
        k: usize,
        count: usize,
    ) -> Found {
        let b = text.as_bytes();
        if matches!(op, "sdy.sharding_constraint" | "sdy.reshard") {
            let open = (s..e)
                .find(|&i| b[i] == b'<' && b.get(i + 1).is_some_and(|&c| c == b'@' || c == b'#'))?;
            let close = close_of(b, open, e).ok()?;
            let span = Span::new(open, close + 1);
            let body = (open + 1, close);
            return Some((
                span,
                self.cached(text, span, |m| m.sharding(text, body.0, body.1)),
            ));
        }
        self.attribute(text, s, e, k, count)
    }

    /// A `sdy.sharding = ...` or `mhlo.sharding = "..."` in `s..e`, for
    /// value `k` of `count`.
    fn attribute(&mut self, text: &str, s: usize, e: usize, k: usize, count: usize) -> Found {
        let b = text.as_bytes();
        let mut from = s;
        while let Some(rel) = self.sharding.find(&b[from..e]) {
            let at = from + rel;
            from = at + 1;
            let sdy = at >= 4 && &b[at - 4..at] == b"sdy.";
            let mhlo = at >= 5 && &b[at - 5..at] == b"mhlo.";
            if !(sdy || mhlo) {
                continue;
            }
            let mut v = skip_space(b, at + "sharding".len(), e);
            if b.get(v) != Some(&b'=') {
                continue;
            }
            v = skip_space(b, v + 1, e);
            let start = if sdy { at - 4 } else { at - 5 };
            if b.get(v) == Some(&b'"') {
                let se = string_end(b, v, e);
                let span = Span::new(start, se);
                let r = self.cached(text, span, |_| {
                    sharding_attr::gspmd(text, v + 1, se.saturating_sub(1).max(v + 1))
                });
                return Some((
                    span,
                    r.and_then(|t| sharding_attr::element(&t, k, count, span)),
                ));
            }
            for (prefix, per) in [
                ("#sdy.sharding<", false),
                ("#sdy.sharding_per_value<", true),
            ] {
                if !text[v..e].starts_with(prefix) {
                    continue;
                }
                let open = v + prefix.len() - 1;
                let close = close_of(b, open, e).unwrap_or(e);
                let span = Span::new(start, (close + 1).min(e));
                if !per {
                    return Some((
                        span,
                        self.cached(text, span, |m| m.sharding(text, open + 1, close)),
                    ));
                }
                return Some((span, self.per_value(text, open + 1, close, k)));
            }
        }
        None
    }

    fn per_value(&mut self, text: &str, s: usize, e: usize, k: usize) -> Result<String, SdyError> {
        let b = text.as_bytes();
        if b.get(s) != Some(&b'[') || e == 0 || b[e - 1] != b']' {
            return Err(SdyError {
                start: s,
                end: e.max(s + 1),
                message: "a list of shardings `[<...>, ...]`".into(),
            });
        }
        let mut items = Vec::new();
        per_value(text, s + 1, e - 1, &mut items)?;
        let Some(&(is, ie)) = items.get(k) else {
            return Err(SdyError {
                start: s,
                end: e,
                message: format!("{} shardings for result {k}", items.len()),
            });
        };
        self.cached(text, Span::new(is - 1, ie + 1), |m| {
            m.sharding(text, is, ie)
        })
    }

    /// `convert` of the attribute at `span`, kept by its text.
    fn cached(
        &mut self,
        text: &str,
        span: Span,
        convert: impl FnOnce(&Meshes) -> Result<crate::core::sharding::Sharding, SdyError>,
    ) -> Result<String, SdyError> {
        let key = &text[span.start..span.end];
        let rebase = |(s, e, m): &(usize, usize, String)| SdyError {
            start: span.start + s,
            end: span.start + e,
            message: m.clone(),
        };
        if let Some(r) = self.cache.get(key) {
            return r.clone().map_err(|e| rebase(&e));
        }
        let r = convert(&self.meshes).map(|s| s.to_string());
        if self.cache.len() < MAX_CACHED {
            let kept = r
                .clone()
                .map_err(|e| (e.start - span.start, e.end - span.start, e.message));
            self.cache.insert(key.to_owned(), kept);
        }
        r
    }
}

/// A byte of an MLIR identifier (`%arg0`, `@main`, `stablehlo.add`).
pub(crate) fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$' | b'-' | b'#')
}

/// The statement starting at `pos`: `(start, end)` with `end` at its last
/// line's `\n` (or the text's end).
pub(crate) fn statement(b: &[u8], pos: usize) -> (usize, usize) {
    let line_end = |at: usize| memchr::memchr(b'\n', &b[at..]).map_or(b.len(), |k| at + k);
    let mut e = line_end(pos);
    for _ in 1..MAX_LINES {
        if e >= b.len() {
            break;
        }
        let next = skip_inline(b, e + 1);
        let last = b[pos..e]
            .iter()
            .rposition(|c| !c.is_ascii_whitespace())
            .map(|k| b[pos + k]);
        let continues = b[next..].starts_with(b"->")
            || (matches!(last, Some(b',' | b'(' | b'[' | b'<' | b'x'))
                && !starts_statement(b, next));
        if !continues {
            break;
        }
        e = line_end(e + 1);
    }
    (pos, e)
}

fn skip_inline(b: &[u8], mut i: usize) -> usize {
    while i < b.len() && (b[i] == b' ' || b[i] == b'\t' || b[i] == b'\r') {
        i += 1;
    }
    i
}

/// Does a statement start at `i` (a line's first non-space byte)?
fn starts_statement(b: &[u8], i: usize) -> bool {
    match b.get(i) {
        None | Some(b'}' | b'^' | b'"' | b'/' | b'\n') => true,
        Some(b'%') => {
            let mut k = i + 1;
            while k < b.len() && is_word(b[k]) {
                k += 1;
            }
            match b.get(k) {
                Some(b':') => b.get(k + 1).is_some_and(|c| c.is_ascii_digit()),
                Some(b',') => true,
                _ => b.get(skip_inline(b, k)) == Some(&b'='),
            }
        }
        Some(c) if c.is_ascii_lowercase() => {
            let mut k = i;
            while k < b.len() && is_word(b[k]) {
                k += 1;
            }
            let word = &b[i..k];
            word.contains(&b'.') && !word.starts_with(b"tensor")
                || word == b"return"
                || word == b"module"
        }
        _ => false,
    }
}

/// The result names (`%0`, `%0:2`, `%a, %b`) before ` = `, and the op.
fn op_head(b: &[u8], s: usize, e: usize) -> ((usize, usize), Option<Span>) {
    let mut i = s;
    let mut names = (s, s);
    if b.get(i) == Some(&b'%') {
        // Up to the `=` that ends the names.
        let eq = (i..e).find(|&k| b[k] == b'=' || b[k] == b'(' || b[k] == b'<' || b[k] == b'{');
        if let Some(eq) = eq.filter(|&k| b[k] == b'=') {
            names = trim(b, s, eq);
            i = skip_space(b, eq + 1, e);
        }
    }
    let op_start = if b.get(i) == Some(&b'"') { i + 1 } else { i };
    let mut k = op_start;
    while k < e && is_word(b[k]) {
        k += 1;
    }
    let op = (k > op_start).then(|| Span::new(op_start, k));
    (names, op)
}

/// The name of result `k`: the `k`-th of `%a, %b`, or `%r` of `%r:2`.
fn result_name(b: &[u8], names: (usize, usize), k: usize) -> Option<Span> {
    if names.0 == names.1 {
        return None;
    }
    if memchr::memchr(b',', &b[names.0..names.1]).is_none() {
        // `%r` or `%r:2`: one name for every result.
        let e = memchr::memchr(b':', &b[names.0..names.1]).map_or(names.1, |c| names.0 + c);
        return Some(Span::new(names.0, e));
    }
    let mut list = Vec::new();
    split_top(b, names.0, names.1, &mut list);
    let &(s, e) = if list.len() == 1 {
        list.first()?
    } else {
        list.get(k)?
    };
    let e = (s..e).find(|&i| b[i] == b':').unwrap_or(e);
    Some(Span::new(s, e))
}

/// How many types the results part lists (top-level commas + 1).
fn results_count(b: &[u8], (s, e): (usize, usize)) -> usize {
    if s >= e {
        return 0;
    }
    let (s, e) = if b[s] == b'(' {
        (s + 1, close_of(b, s, e).unwrap_or(e))
    } else {
        (s, e)
    };
    let mut list = Vec::new();
    split_top(b, s, e, &mut list);
    list.len().max(1)
}

/// The last top-level ` : ` of a statement: where its types start. The
/// last ` : ` of all is looked at first: when what follows it never
/// closes a bracket it did not open (and holds no string), it is the one.
fn trailing_colon(colon: &FinderRev<'_>, b: &[u8], s: usize, e: usize) -> Option<usize> {
    if let Some(k) = colon.rfind(&b[s..e]) {
        let c = s + k + 1;
        if never_closes_outer(b, c + 1, e) {
            return Some(c);
        }
    }
    trailing_colon_slow(b, s, e)
}

/// The `)` closing the `(` at `open` when only parentheses and types
/// without strings stand between: `(tensor<..>, tensor<..>)`, counted by
/// parentheses alone; `None` sends the caller to the full match.
fn paren_close(b: &[u8], open: usize, e: usize) -> Option<usize> {
    let mut depth = 0usize;
    for (k, &c) in b[open..e].iter().enumerate() {
        match c {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(open + k);
                }
            }
            b'"' | b'{' | b'[' => return None,
            _ => {}
        }
    }
    None
}

/// Does `b[s..e]` hold no string and no closer of a bracket opened before it?
fn never_closes_outer(b: &[u8], s: usize, e: usize) -> bool {
    let mut depth = 0usize;
    let mut i = s;
    while i < e {
        match b[i] {
            b'"' => return false,
            b'-' if b.get(i + 1) == Some(&b'>') => i += 1,
            b'<' | b'(' | b'[' | b'{' => depth += 1,
            b'>' | b')' | b']' | b'}' => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return false,
            },
            _ => {}
        }
        i += 1;
    }
    true
}

fn trailing_colon_slow(b: &[u8], s: usize, e: usize) -> Option<usize> {
    let mut last = None;
    let mut i = s;
    while i < e {
        match b[i] {
            b'"' => {
                i = string_end(b, i, e);
                continue;
            }
            b'<' | b'(' | b'[' | b'{' => match close_of(b, i, e) {
                Ok(c) => i = c,
                Err(_) => return last,
            },
            b':' if i > s && b[i - 1] == b' ' && b.get(i + 1) == Some(&b' ') => last = Some(i),
            _ => {}
        }
        i += 1;
    }
    last
}
