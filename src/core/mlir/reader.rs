//! The reader: walks MLIR text statement by statement (a function's
//! signature, an op with its results and trailing types) and reports
//! every type in it as an XLA shape, where it stands and, for sharded
//! values, the HLO sharding text XLA makes of its attribute.
//!
//! Where a statement ends is `statement.rs`'s; where each of its types
//! stands, `roles.rs`'s; its sharding attributes, `attribute.rs`'s.

use std::collections::HashMap;

use memchr::memmem::Finder;

use super::bytes::skip_space;
use super::sdy::{Meshes, SdyError};
use super::statement::{is_word, statement};
use super::types::{read_type, TypeError};
use crate::core::span::Span;

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
    pub(super) meshes: Meshes,
    pos: usize,
    pub(super) shape: String,
    pub(super) cache: HashMap<String, Result<String, (usize, usize, String)>>,
    tensor: Finder<'static>,
    tuple: Finder<'static>,
    token: Finder<'static>,
    pub(super) sharding: Finder<'static>,
    pub(super) spans: Vec<(usize, usize)>,
    /// The last types read (MLIR text, XLA text or why not, relative to
    /// the type): most programs repeat a few types, read once here.
    memo: [(Vec<u8>, Result<String, TypeError>); 4],
    memo_next: usize,
    /// Where the current statement's types start (reused).
    pub(super) at: Vec<usize>,
    /// The `sdy.manual_computation`s whose region is open, innermost last
    /// (`manual.rs`).
    pub(super) manual: Vec<super::manual::Manual>,
}

/// A sharding as found: where its attribute is, and its XLA text.
pub(super) type Found = Option<(Span, Result<String, SdyError>)>;

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
            memo: std::array::from_fn(|_| (Vec::new(), Ok(String::new()))),
            memo_next: 0,
            manual: Vec::new(),
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
        // The line that closes a manual computation's region carries its
        // operands' and results' types (`} : (..) -> ..`).
        let closes = if self.in_manual() {
            self.manual_step(b, s, e)
        } else {
            None
        };
        if line.starts_with(b"func.func") {
            let has = self.tensor.find(line).is_some()
                || self.tuple.find(line).is_some()
                || self.token.find(line).is_some();
            if has {
                self.function(text, s, e, visit);
            }
        } else {
            // Only statements with a type in them are read further.
            let mut at = std::mem::take(&mut self.at);
            self.types_in(b, s, e, &mut at);
            if !at.is_empty() {
                self.op(text, s, e, &at, closes, visit);
            }
            self.at = at;
        }
    }

    /// Every type in `s..e` (not nested in another), in order.
    pub(super) fn types_in(&self, b: &[u8], s: usize, e: usize, out: &mut Vec<usize>) {
        out.clear();
        let hay = &b[s..e];
        let word_start = |k: usize| k == 0 || !is_word(b[k - 1]);
        // One pass over the statement's `<` and `!` (a searcher's setup
        // costs more than a statement's few bytes, and a search of the
        // whole text for the rare types more than this, on a text larger
        // than the caches). In text order: no two of these overlap.
        for k in memchr::memchr2_iter(b'<', b'!', hay) {
            if hay[k] == b'!' {
                let rest = &hay[k..];
                if rest.starts_with(b"!stablehlo.token") || rest.starts_with(b"!mhlo.token") {
                    out.push(s + k);
                }
                continue;
            }
            let at = if k >= 6 && &hay[k - 6..k] == b"tensor" {
                s + k - 6
            } else if k >= 5 && &hay[k - 5..k] == b"tuple" {
                s + k - 5
            } else {
                continue;
            };
            if word_start(at) {
                out.push(at);
            }
        }
    }

    /// Emits the type at `at` (ending before `end`); returns its end.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn emit(
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
                    start: e.start.saturating_sub(at),
                    end: e.end.saturating_sub(at),
                    message: e.message,
                }),
            };
            self.memo_next += 1;
        }
        self.shape = shape;
        stop
    }
}
