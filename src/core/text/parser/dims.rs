//! The dimension list of an array, `[2,<=3,?]`, with a byte-level path for
//! long runs of plain sizes.

use super::Parser;
use crate::core::array::DimSize;
use crate::core::error::Error;
use crate::core::span::{Span, Spanned};
use crate::core::text::lexer::Tok;

#[cfg(test)]
thread_local! {
    /// Tests turn the byte path off to compare it with the token path.
    pub(super) static TOKENS_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Sizes of at most this many digits cannot overflow `i64`.
const SAFE_DIGITS: usize = 18;

/// The sizes (digit spans) of the run of `N,` (plain decimal digits, at
/// most [`SAFE_DIGITS`] of them, then a comma at once) that starts at `at`.
fn plain_sizes(bytes: &[u8], at: usize) -> impl Iterator<Item = Span> + '_ {
    let mut next = at;
    std::iter::from_fn(move || {
        let digits = bytes
            .get(next..)
            .unwrap_or_default()
            .iter()
            .take(SAFE_DIGITS + 1)
            .take_while(|c| c.is_ascii_digit())
            .count();
        if digits == 0 || digits > SAFE_DIGITS || bytes.get(next + digits) != Some(&b',') {
            return None;
        }
        let size = Span::new(next, next + digits);
        next += digits + 1;
        Some(size)
    })
}

impl Parser<'_> {
    /// `[` dims `]`. A leading run of `N,` sizes is read as bytes and kept
    /// only once the whole list has parsed: `f32[1,1,...,%]` over 5 MB
    /// reports its `%` without building 2.5 million dims first (issue 15).
    /// The tokens it stands for are exactly `Int` `Comma` pairs, so the
    /// dims and every error are those of the token path.
    pub(super) fn dims(&mut self) -> Result<(Vec<Spanned<DimSize>>, Span), Error> {
        let open = self.expect(&Tok::LBracket, "`[` and the dimension sizes")?;
        #[cfg(test)]
        let bytes_path = !TOKENS_ONLY.with(|t| t.get());
        #[cfg(not(test))]
        let bytes_path = true;
        let run = match self.peek().tok {
            Tok::Int(_) if bytes_path => {
                let start = self.peek().span.start;
                // Just after the run's last comma.
                let end = plain_sizes(self.text.as_bytes(), start)
                    .last()
                    .map_or(start, |size| size.end + 1);
                if end > start {
                    self.lexer.seek(end);
                    self.current = self.lexer.next_token();
                }
                start..end
            }
            _ => 0..0,
        };
        let mut rest = Vec::new();
        // After a run's last comma a dim must follow, as after any comma.
        if !run.is_empty() || self.peek().tok != Tok::RBracket {
            loop {
                rest.push(self.dim()?);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        let close = self.expect(&Tok::RBracket, "`,` or `]`")?;
        let mut dims = Vec::new();
        if !run.is_empty() {
            for span in plain_sizes(self.text.as_bytes(), run.start) {
                // At most SAFE_DIGITS digits: always a u64.
                let value = self.slice(span).parse::<u64>().unwrap_or_default();
                dims.push(Spanned::new(DimSize::Static(value), span));
            }
        }
        dims.extend(rest);
        Ok((dims, open.to(close)))
    }

    fn dim(&mut self) -> Result<Spanned<DimSize>, Error> {
        const DIM: &str = "a dimension size (`3`, `<=3` or `?`)";
        let start = self.peek().span;
        match self.peek().tok {
            Tok::Question => {
                self.bump();
                Ok(Spanned::new(DimSize::Unbounded, start))
            }
            Tok::Leq => {
                self.bump();
                let n = self.size("a dimension bound", "an integer bound after `<=`")?;
                Ok(Spanned::new(DimSize::Bounded(n.value), start.to(n.span)))
            }
            Tok::Int(_) => {
                let n = self.size("a dimension size", DIM)?;
                Ok(Spanned::new(DimSize::Static(n.value), n.span))
            }
            _ => Err(self.unexpected(DIM)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::TOKENS_ONLY;
    use crate::core::parser::parse_syntax;

    /// `text` through the byte path and through the token path.
    fn both(text: &str) -> (String, String) {
        let show = |r: Result<crate::core::ast::Shape, crate::core::error::Error>| match r {
            Ok(s) => format!("ok {s:?}"),
            Err(e) => format!("error {:?} at {:?}: {e}", e.kind(), e.span()),
        };
        let fast = show(parse_syntax(text));
        TOKENS_ONLY.with(|t| t.set(true));
        let tokens = show(parse_syntax(text));
        TOKENS_ONLY.with(|t| t.set(false));
        (fast, tokens)
    }

    #[test]
    fn the_byte_path_gives_what_the_token_path_gives() {
        let pieces = [
            "1",
            "22",
            "007",
            "<=3",
            "?",
            "-2",
            "x",
            "%",
            "",
            "2x",
            "99999999999999999999",
            "1000000000000000000",
            "999999999999999999",
        ];
        let seps = [",", ", ", ",,", "/*c*/,", ""];
        let ends = ["]", ",]", "%]", "", "]{0}", "]{1,0}"];
        let mut checked = 0;
        for a in pieces {
            for s1 in seps {
                for b in pieces {
                    for s2 in seps {
                        for c in ["1", "3", "<=2", "%"] {
                            for end in ends {
                                let text = format!("f32[{a}{s1}{b}{s2}{c}{end}");
                                let (fast, tokens) = both(&text);
                                assert_eq!(fast, tokens, "{text}");
                                checked += 1;
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(checked, 13 * 5 * 13 * 5 * 4 * 6);
        // A long run, valid and with its error at the end.
        let long = "7,".repeat(10_000);
        for text in [
            format!("f32[{long}7]"),
            format!("f32[{long}%]"),
            format!("f32[{long}]"),
        ] {
            let (fast, tokens) = both(&text);
            assert_eq!(fast, tokens);
        }
    }
}
