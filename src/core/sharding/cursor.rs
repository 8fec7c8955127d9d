//! A byte cursor for sharding, mesh and spec text: whitespace and
//! `/* ... */` comments between tokens are skipped, as XLA's HLO lexer
//! does (`xla/hlo/parser/hlo_lexer.cc`, `HloLexer::LexToken`).

use super::error::{ShardingError, ShardingErrorKind};
use crate::core::span::Span;

pub(crate) struct Cursor<'a> {
    pub text: &'a str,
    pub pos: usize,
}

pub(crate) type Result<T> = std::result::Result<T, ShardingError>;

impl<'a> Cursor<'a> {
    pub fn new(text: &'a str) -> Cursor<'a> {
        Cursor { text, pos: 0 }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    pub fn error(&self, kind: ShardingErrorKind, start: usize, end: usize) -> ShardingError {
        ShardingError::new(kind, Span::new(start, end), self.text)
    }

    /// Skips whitespace and comments; an unclosed comment is an error.
    pub fn skip(&mut self) -> Result<()> {
        let b = self.bytes();
        loop {
            while self.pos < b.len() && b[self.pos].is_ascii_whitespace() {
                self.pos += 1;
            }
            if b[self.pos..].starts_with(b"/*") {
                match self.text[self.pos + 2..].find("*/") {
                    Some(end) => self.pos += 2 + end + 2,
                    None => {
                        return Err(self.error(
                            ShardingErrorKind::Expected {
                                expected: "`*/` closing the comment",
                                found: "the end of the text".into(),
                            },
                            self.pos,
                            self.pos + 2,
                        ))
                    }
                }
            } else {
                return Ok(());
            }
        }
    }

    /// The next byte after whitespace, without taking it.
    pub fn peek(&mut self) -> Result<Option<u8>> {
        self.skip()?;
        Ok(self.bytes().get(self.pos).copied())
    }

    pub fn at_end(&mut self) -> Result<bool> {
        Ok(self.peek()?.is_none())
    }

    /// Takes `token` if it comes next.
    pub fn eat(&mut self, token: &str) -> Result<bool> {
        self.skip()?;
        if self.text[self.pos..].starts_with(token) {
            self.pos += token.len();
            return Ok(true);
        }
        Ok(false)
    }

    /// Takes `token` or fails naming it.
    pub fn expect(&mut self, token: &'static str, expected: &'static str) -> Result<usize> {
        self.skip()?;
        let start = self.pos;
        if self.eat(token)? {
            return Ok(start);
        }
        Err(self.unexpected(expected))
    }

    /// An error at the next token: what was found instead of `expected`.
    pub fn unexpected(&mut self, expected: &'static str) -> ShardingError {
        let _ = self.skip();
        let start = self.pos;
        if start >= self.text.len() {
            return self.error(ShardingErrorKind::UnexpectedEnd { expected }, start, start);
        }
        let end = self.token_end(start);
        let found = format!("`{}`", short(&self.text[start..end]));
        self.error(ShardingErrorKind::Expected { expected, found }, start, end)
    }

    /// End of the token starting at `start`: a word, or one character.
    fn token_end(&self, start: usize) -> usize {
        let b = self.bytes();
        let mut end = start;
        while end < b.len() && is_word(b[end]) {
            end += 1;
        }
        if end == start {
            end = start + self.text[start..].chars().next().map_or(1, char::len_utf8);
        }
        end
    }

    /// A word of letters, digits, `_` and `.`: returns it and its start.
    pub fn word(&mut self) -> Result<Option<(&'a str, usize)>> {
        self.skip()?;
        let b = self.bytes();
        let start = self.pos;
        let mut end = start;
        while end < b.len() && is_word(b[end]) {
            end += 1;
        }
        if end == start {
            return Ok(None);
        }
        self.pos = end;
        Ok(Some((&self.text[start..end], start)))
    }

    /// A decimal integer (a leading `-` allowed): value and span.
    pub fn int(&mut self, what: &'static str) -> Result<(i64, usize, usize)> {
        self.skip()?;
        let b = self.bytes();
        let start = self.pos;
        let mut end = start;
        if end < b.len() && b[end] == b'-' {
            end += 1;
        }
        let digits = end;
        while end < b.len() && b[end].is_ascii_digit() {
            end += 1;
        }
        if end == digits {
            return Err(self.unexpected(what));
        }
        let value: i64 = self.text[start..end]
            .parse()
            .map_err(|_| self.error(ShardingErrorKind::NumberTooLarge, start, end))?;
        self.pos = end;
        Ok((value, start, end))
    }

    /// A non-negative integer.
    pub fn count(&mut self, what: &'static str) -> Result<(u64, usize, usize)> {
        let (v, s, e) = self.int(what)?;
        if v < 0 {
            return Err(self.error(ShardingErrorKind::Negative { what }, s, e));
        }
        Ok((v as u64, s, e))
    }

    /// A quoted name, `'x'` or `"x"`: its text and span.
    pub fn quoted(&mut self, expected: &'static str) -> Result<(&'a str, usize, usize)> {
        self.skip()?;
        let start = self.pos;
        let Some(&q) = self.bytes().get(start) else {
            return Err(self.unexpected(expected));
        };
        if q != b'\'' && q != b'"' {
            return Err(self.unexpected(expected));
        }
        match self.text[start + 1..].find(q as char) {
            Some(len) => {
                self.pos = start + 1 + len + 1;
                Ok((&self.text[start + 1..start + 1 + len], start, self.pos))
            }
            None => Err(self.error(
                ShardingErrorKind::UnexpectedEnd {
                    expected: "the closing quote",
                },
                start,
                self.text.len(),
            )),
        }
    }

    /// Skips one balanced `{...}` (metadata), minding quoted strings.
    pub fn skip_braced(&mut self) -> Result<()> {
        let start = self.expect("{", "`{`")?;
        let b = self.bytes();
        let mut depth = 1usize;
        let mut i = self.pos;
        while i < b.len() {
            match b[i] {
                b'"' => {
                    i += 1;
                    while i < b.len() && b[i] != b'"' {
                        i += if b[i] == b'\\' { 2 } else { 1 };
                    }
                }
                b'{' => depth += 1,
                b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos = i + 1;
                        return Ok(());
                    }
                }
                _ => {}
            }
            i += 1;
        }
        Err(self.error(
            ShardingErrorKind::UnexpectedEnd {
                expected: "`}` closing the metadata",
            },
            start,
            self.text.len(),
        ))
    }
}

pub(crate) fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'.'
}

/// User text quoted in an error, cut to 40 characters.
pub(crate) fn short(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_owned(),
    }
}
