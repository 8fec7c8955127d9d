//! GSPMD's spelling: `mhlo.sharding = "{devices=[4,1,2]<=[8] ...}"`, the
//! HLO sharding text itself in a string (JAX writes it so when Shardy is
//! off, `jax_use_shardy_partitioner=False`, and before Shardy), read by
//! the sharding parser (`HloSharding` text, docs/sharding.md). An op with
//! several results carries a tuple sharding: one element per result.

use super::sdy::SdyError;
use crate::core::sharding::{parse_sharding, Sharding};
use crate::core::span::Span;

/// The sharding in the string whose content is `text[start..end]`.
pub(crate) fn gspmd(text: &str, start: usize, end: usize) -> Result<Sharding, SdyError> {
    let content = &text[start..end.max(start)];
    if content.contains('\\') {
        return Err(SdyError {
            start,
            end: end.max(start + 1),
            message: "an escape in a sharding string is not read".into(),
        });
    }
    parse_sharding(content).map_err(|e| {
        let span = e.span();
        SdyError {
            start: start + span.start,
            end: (start + span.end).max(start + span.start + 1),
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
