//! Where each type of a statement stands: a function's arguments and
//! results (with their attributes), an op's operands, results and the
//! rest, each with its name, op and index.

use super::bytes::{close_of, skip_space, split_top, trim};
use super::manual::{Manual, OP};
use super::op_syntax::{op_head, paren_close, result_name, results_count, trailing_colon};
use super::reader::{Find, Reader, Role};
use super::statement::is_word;
use super::types::{quick_close, read_type, type_at};
use crate::core::span::Span;

impl Reader {
    /// `func.func [public|private] @name(%a: T {attrs}, ...) -> (T {attrs}, ...) {`
    pub(super) fn function(
        &mut self,
        text: &str,
        s: usize,
        e: usize,
        visit: &mut dyn FnMut(Find<'_>),
    ) {
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
        self.op(text, s, e, &at, None, visit);
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
        // The attributes follow the type: find the type's end first (a
        // tensor's `>` when nothing nests in it, else by reading it).
        let quick = if b[ts..end].starts_with(b"tensor<") {
            quick_close(b, ts + 6, end).map(|c| c + 1)
        } else {
            None
        };
        let stop = quick.unwrap_or_else(|| {
            let mut probe = std::mem::take(&mut self.shape);
            let (stop, _) = read_type(text, ts, end, &mut probe);
            self.shape = probe;
            stop
        });
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

    /// An op statement: `%r = op ... : (operands) -> results`; with
    /// `closes`, the line `} : (operands) -> results` that closes that
    /// manual computation's region (`manual.rs`).
    pub(super) fn op(
        &mut self,
        text: &str,
        s: usize,
        e: usize,
        at: &[usize],
        closes: Option<Manual>,
        visit: &mut dyn FnMut(Find<'_>),
    ) {
        let b = text.as_bytes();
        let (names, op) = match &closes {
            Some(m) => (m.names, Some(m.op)),
            None => op_head(b, s, e),
        };
        let sig = trailing_colon(b, s, e);
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
        let sharded = closes.is_none()
            && (memchr::memchr(b'{', head).is_some() || op_text.starts_with("sdy."))
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
            let (name, sharding) = match (role, &closes) {
                (Role::Result, Some(m)) => (
                    result_name(b, names, result_k - 1),
                    self.manual_sharding(text, m, true, result_k - 1),
                ),
                (Role::Operand, Some(m)) => {
                    (None, self.manual_sharding(text, m, false, operand_k - 1))
                }
                (Role::Result, None) => {
                    let k = result_k - 1;
                    let mut sharding = if sharded {
                        self.op_sharding(text, s, sig.unwrap_or(e), op_text, k, count)
                    } else {
                        None
                    };
                    if let (Some((span, _)), true) = (&sharding, self.in_manual()) {
                        sharding = Reader::inside_manual(*span);
                    }
                    (result_name(b, names, k), sharding)
                }
                _ => (None, None),
            };
            done = self.emit(text, t, end, role, name, op, index, &sharding, visit);
        }
        if closes.is_none() && op_text == OP {
            if let Some(o) = op {
                self.manual_open(b, s, e, names, o);
            }
        }
    }
}
