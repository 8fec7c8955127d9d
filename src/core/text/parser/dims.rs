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
    ///
    /// Dim `MAX_NODES + 1` is an error at that dim ([`Parser::entry_bound`]).
    pub(super) fn dims(&mut self) -> Result<(Vec<Spanned<DimSize>>, Span), Error> {
        let open = self.expect(&Tok::LBracket, "`[` and the dimension sizes")?;
        #[cfg(test)]
        let bytes_path = !TOKENS_ONLY.with(|t| t.get());
        #[cfg(not(test))]
        let bytes_path = true;
        // The run's byte range and how many sizes it holds.
        let (run, in_run) = match self.peek().tok {
            Tok::Int(_) if bytes_path => {
                let start = self.peek().span.start;
                let mut end = start;
                let mut count = 0;
                for size in plain_sizes(self.text.as_bytes(), start) {
                    self.entry_bound(count, size)?;
                    // Just after the run's last comma.
                    end = size.end + 1;
                    count += 1;
                }
                if end > start {
                    self.lexer.seek(end);
                    self.current = self.lexer.next_token();
                }
                (start..end, count)
            }
            _ => (0..0, 0),
        };
        let mut rest = Vec::new();
        // After a run's last comma a dim must follow, as after any comma.
        if !run.is_empty() || self.peek().tok != Tok::RBracket {
            loop {
                let dim = self.dim()?;
                self.entry_bound(in_run + rest.len(), dim.span)?;
                rest.push(dim);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        let close = self.expect(&Tok::RBracket, "`,` or `]`")?;
        let mut dims = Vec::with_capacity(in_run + rest.len());
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
    use crate::core::error::ErrorKind;
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
        // Long runs, valid and with their error at the end, around the
        // limit of 256 dims and far past it.
        for n in [254, 255, 256, 257, 10_000] {
            let long = "7,".repeat(n);
            for text in [
                format!("f32[{long}7]"),
                format!("f32[{long}%]"),
                format!("f32[{long}]"),
                format!("f32[{long}<=3]"),
                format!("f32[{long}99999999999999999999]"),
                format!("f32[1,<=2,{long}7]"),
            ] {
                let (fast, tokens) = both(&text);
                assert_eq!(fast, tokens, "{n} {}", &text[text.len() - 30..]);
            }
        }
    }

    /// Dim 257 is refused where it stands, whatever follows it; 256 dims
    /// parse. The spans are counted here from the text, not taken from
    /// the parser: dim k of `f32[7,7,...` starts at byte 4 + 2k.
    #[test]
    fn dim_257_is_an_error_at_that_dim() {
        for byte_path in [true, false] {
            TOKENS_ONLY.with(|t| t.set(!byte_path));
            let ok = format!("f32[{}7]", "7,".repeat(255));
            assert!(parse_syntax(&ok).is_ok());
            for tail in ["7]", "7,7]", "<=7]", "7,%", "7]{0,1"] {
                let text = format!("f32[{}{tail}", "7,".repeat(256));
                let e = parse_syntax(&text).unwrap_err();
                assert_eq!(
                    *e.kind(),
                    ErrorKind::TooComplex {
                        nodes: 257,
                        limit: 256
                    },
                    "{tail}"
                );
                let start = 4 + 2 * 256;
                let len = if tail.starts_with("<=") { 3 } else { 1 };
                assert_eq!(e.span().range(), start..start + len, "{tail}");
            }
            TOKENS_ONLY.with(|t| t.set(false));
        }
    }
}
