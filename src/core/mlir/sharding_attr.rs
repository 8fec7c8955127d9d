//! GSPMD's spelling: `mhlo.sharding = "{devices=[4,1,2]<=[8] ...}"`, the
//! HLO sharding text itself in a string (JAX writes it so when Shardy is
//! off, `jax_use_shardy_partitioner=False`, and before Shardy), read by
//! the sharding parser (`HloSharding` text, docs/sharding.md). An op with
//! several results carries a tuple sharding: one element per result.

use super::bytes::fit;
use super::sdy::SdyError;
use crate::core::sharding::{parse_sharding, Sharding};
use crate::core::span::Span;

/// The sharding in the string whose content is `text[start..end]`.
pub(crate) fn gspmd(text: &str, start: usize, end: usize) -> Result<Sharding, SdyError> {
    let Some(content) = text.get(start..end.max(start)) else {
        let (start, end) = fit(text, start, start);
        return Err(SdyError {
            start,
            end,
            message: "a sharding string cut inside a character".into(),
        });
    };
    if content.contains('\\') {
        let (start, end) = fit(text, start, end);
        return Err(SdyError {
            start,
            end,
            message: "an escape in a sharding string is not read".into(),
        });
    }
    parse_sharding(content).map_err(|e| {
        let span = e.span();
        let (s, end) = fit(text, start + span.start, start + span.end);
        SdyError {
            start: s,
            end,
            message: e.reason(),
        }
    })
}

/// Value `k`'s sharding of `count` values, from the canonical text of the
/// whole attribute: a tuple's element `k` when there are several values.
pub(crate) fn element(
    canonical: &str,
    k: usize,
    count: usize,
    span: Span,
) -> Result<String, SdyError> {
    if count <= 1 {
        return Ok(canonical.to_owned());
    }
    match parse_sharding(canonical) {
        Ok(Sharding::Tuple(items)) if items.len() == count => Ok(items[k].to_string()),
        // One sharding for every result, as XLA reads a non-tuple one.
        Ok(s) if !s.is_tuple() => Ok(canonical.to_owned()),
        _ => Err(SdyError {
            start: span.start,
            end: span.end,
            message: format!("the sharding does not have one element per result ({count})"),
        }),
    }
}
