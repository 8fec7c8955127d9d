//! A value's sharding attribute (Shardy's `sdy.sharding`, GSPMD's
//! `mhlo.sharding`, or the `<@mesh, ...>` of `sdy.sharding_constraint`
//! and `sdy.reshard`) found in a statement and converted to XLA's text,
//! each distinct attribute once.

use super::bytes::{close_of, inner_end, inside, skip_space, string_end};
use super::reader::{Found, Reader};
use super::sdy::{Meshes, SdyError};
use super::sdy_sharding::per_value;
use super::sharding_attr;
use crate::core::span::Span;

/// Distinct sharding attributes converted and kept.
const MAX_CACHED: usize = 4096;

impl Reader {
    /// The sharding of result `k` of `count`, from the op's attributes or
    /// (`sdy.sharding_constraint`, `sdy.reshard`) its `<@mesh, ...>`.
    pub(super) fn op_sharding(
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
    pub(super) fn attribute(
        &mut self,
        text: &str,
        s: usize,
        e: usize,
        k: usize,
        count: usize,
    ) -> Found {
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
                let content_end = inner_end(b, v + 1, se, b'"');
                let span = Span::new(start, se);
                let r = self.cached(text, span, |_| {
                    sharding_attr::gspmd(text, v + 1, content_end)
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

    pub(super) fn per_value(
        &mut self,
        text: &str,
        s: usize,
        e: usize,
        k: usize,
    ) -> Result<String, SdyError> {
        let b = text.as_bytes();
        let Some((ls, le)) = inside(b, s, e, b'[', b']') else {
            return Err(SdyError {
                start: s,
                end: e,
                message: "a list of shardings `[<...>, ...]`".into(),
            }
            .fit(text));
        };
        let mut items = Vec::new();
        per_value(text, ls, le, &mut items)?;
        let Some(&(is, ie)) = items.get(k) else {
            return Err(SdyError {
                start: s,
                end: e,
                message: format!("{} shardings for result {k}", items.len()),
            }
            .fit(text));
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
            let kept = r.clone().map_err(|e| {
                let at = |x: usize| x.saturating_sub(span.start);
                (at(e.start), at(e.end), e.message)
            });
            self.cache.insert(key.to_owned(), kept);
        }
        r
    }
}
