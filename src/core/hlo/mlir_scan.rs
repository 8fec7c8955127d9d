//! MLIR text in a scan: a text that [`looks_like_mlir`] is read by the
//! MLIR reader (`crate::core::mlir`, docs/scan.md, "MLIR text") instead of
//! the HLO statements, and each type it reports becomes a find like an
//! HLO shape's: the XLA shape's facts, and the sharding's per device.
//!
//! A type with no XLA shape is a find whose facts say why (no kind, an
//! error relative to the type's start); a sharding that is refused is a
//! sharding whose facts say why.
//!
//! Natively MLIR is always read. In the browser a module reads it only
//! once [`enable_mlir`] has been called (the app does): the scanner
//! reaches the reader through function pointers set there, so the embed
//! modules, which scan a pasted instruction for its sharding and never
//! enable it, leave the reader's code out (as `ui::shard::enable` does
//! for shardings).

use std::sync::Arc;

use super::Scanner;
use crate::core::hlo::attached::Attached;
use crate::core::hlo::found::{Ctx, Found, ShapeError, ShapeFacts};
use crate::core::hlo::role::Role;
use crate::core::hlo::sharding::ShardingFacts;
use crate::core::mlir::{looks_like_mlir, Find, Reader, Role as MlirRole};
use crate::core::span::Span;

/// How the scanner reaches the reader.
pub(super) struct Hooks {
    /// A reader for a text, when it is MLIR.
    pub start: fn(&str) -> Option<Box<dyn std::any::Any + Send + Sync>>,
    /// [`Scanner::mlir_run`].
    pub run: fn(&mut Scanner, &str, usize),
}

static HOOKS: Hooks = Hooks {
    start: reader_for,
    run: Scanner::mlir_run,
};

#[cfg(target_arch = "wasm32")]
static ENABLED: std::sync::OnceLock<&'static Hooks> = std::sync::OnceLock::new();

/// Lets this module's scans read MLIR text (a no-op natively, where they
/// always do).
pub fn enable_mlir() {
    #[cfg(target_arch = "wasm32")]
    ENABLED.get_or_init(|| &HOOKS);
}

/// The hooks, if MLIR is read here.
#[inline(always)]
pub(super) fn hooks() -> Option<&'static Hooks> {
    #[cfg(target_arch = "wasm32")]
    return ENABLED.get().copied();
    #[cfg(not(target_arch = "wasm32"))]
    Some(&HOOKS)
}

fn reader_for(text: &str) -> Option<Box<dyn std::any::Any + Send + Sync>> {
    looks_like_mlir(text).then(|| Box::new(Reader::new(text)) as Box<_>)
}

fn role(r: MlirRole) -> Role {
    match r {
        MlirRole::EntryParameter => Role::EntryParameter,
        MlirRole::EntryResult => Role::EntryResult,
        MlirRole::Parameter => Role::Parameter,
        MlirRole::FunctionResult => Role::ComputationResult,
        MlirRole::Result => Role::Result,
        MlirRole::Operand => Role::Operand,
        MlirRole::Text => Role::Text,
    }
}

/// `span` without its sigil (`%0` -> `0`, `@main` -> `main`), as HLO's
/// names are given without `%`.
fn bare(text: &str, span: Span) -> Span {
    match text.as_bytes().get(span.start) {
        Some(b'%' | b'@') if span.end > span.start + 1 => Span::new(span.start + 1, span.end),
        _ => span,
    }
}

impl Scanner {
    /// MLIR statements until `stop` or the text's end.
    fn mlir_run(&mut self, text: &str, stop: usize) {
        let Some(mut held) = self.mlir.take() else {
            return;
        };
        let Some(reader) = held.downcast_mut::<Reader>() else {
            return;
        };
        let b = text.as_bytes();
        // The end of the line entered last: finds on it are located
        // without a search for line ends.
        let mut line_end: Option<usize> = None;
        let done = reader.step(text, stop, &mut |f: Find<'_>| {
            let at = f.span.start;
            if line_end.is_none_or(|le| at > le) {
                let ls = memchr::memrchr(b'\n', &b[..at]).map_or(0, |k| k + 1);
                let le = memchr::memchr(b'\n', &b[at..]).map_or(b.len(), |k| at + k);
                self.lines.enter_line(b, ls, le);
                line_end = Some(le);
            }
            let found = self.mlir_found(text, &f);
            self.push(found);
        });
        self.pos = if done { text.len() } else { reader.pos() };
        self.mlir = Some(held);
    }

    fn mlir_found(&mut self, text: &str, f: &Find<'_>) -> Found {
        let r = role(f.role);
        // A function's arguments and results are its signature's, as an
        // HLO computation's parameters are.
        let signature = matches!(
            r,
            Role::Parameter | Role::ComputationResult | Role::EntryParameter | Role::EntryResult
        );
        let owner = f.op.map(|o| bare(text, o));
        let ctx = Ctx {
            instruction: if signature {
                None
            } else {
                f.name.map(|n| bare(text, n))
            },
            opcode: if signature { None } else { owner },
            computation: if signature { owner } else { None },
            index: f.index,
            name: if signature {
                f.name.map(|n| bare(text, n))
            } else {
                None
            },
            root: false,
        };
        let at = self.lines.locate(text.as_bytes(), f.span.start);
        let facts = match f.shape {
            Ok(shape) => self.cache.index(shape, &mut self.out.tables),
            Err(e) => self.out.tables.push(Arc::new(ShapeFacts {
                error: Some(ShapeError {
                    message: e.message.clone(),
                    start: e.start.saturating_sub(f.span.start),
                    end: e.end.saturating_sub(f.span.start),
                }),
                ..ShapeFacts::empty()
            })),
        };
        let mut found = Found::new(r, f.span, at, &ctx, facts);
        if let Some((attr, sharding)) = &f.sharding {
            let k = match (sharding, f.shape) {
                (Ok(s), Ok(shape)) => {
                    self.shardings
                        .index(shape, s, false, &mut self.cache, &mut self.out.tables)
                }
                (Ok(_), Err(_)) => {
                    self.out
                        .tables
                        .push(Arc::new(Attached::Sharding(ShardingFacts {
                            error: Some("the value's type has no XLA shape".into()),
                            ..ShardingFacts::default()
                        })))
                }
                (Err(e), _) => {
                    let quoted = text.get(e.start..e.end).unwrap_or("");
                    self.out
                        .tables
                        .push(Arc::new(Attached::Sharding(ShardingFacts {
                            error: Some(format!(
                                "`{}` in `{}`: {}",
                                short(quoted),
                                short(&text[attr.start..attr.end]),
                                e.message
                            )),
                            ..ShardingFacts::default()
                        })))
                }
            };
            found.attach(Some(k));
        }
        found
    }
}

fn short(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((cut, _)) => format!("{}...", &s[..cut]),
        None => s.to_owned(),
    }
}
