//! Shape text -> tokens, following XLA's HLO lexer where it matters.
//!
//! Whitespace (` `, tab, newline, carriage return), `/* ... */` comments and
//! `//` line comments separate tokens and are otherwise skipped, so that
//! XLA's own `/*index=5*/` tuple annotations read back. Identifiers are
//! `[a-zA-Z_][a-zA-Z0-9_.-]*` (maximal munch, as XLA: `SC` is one token, and
//! `F32` is one unknown name). Integers are decimal with an optional leading
//! `-`; anything outside `int64` is an error instead of XLA's silent wrap.
//!
//! The first lexical error ends the token list with an [`Tok::Error`] token,
//! so that the parser reports whichever problem comes first in the text.
//! Its [`ErrorKind`] stays in the [`Lexer`] ([`Lexer::error`]): tokens are
//! small and `Copy`, so the parser moves them around for free.

use super::error::{ErrorKind, Short};
use crate::core::span::Span;

/// What a token is. Identifiers and numbers keep their text in the span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    /// A name: an element type, a layout attribute letter, `b`.
    Ident,
    /// A decimal integer in `int64` range.
    Int(i64),
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    LParen,
    RParen,
    Comma,
    Colon,
    Star,
    Hash,
    Plus,
    Tilde,
    Question,
    /// `<=`.
    Leq,
    /// The end of the text.
    Eof,
    /// A lexical error: always the last token before `Eof`; what is wrong
    /// is [`Lexer::error`].
    Error,
}

/// A token and where it was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub tok: Tok,
    pub span: Span,
}

/// Splits `text` into tokens. The list always ends with [`Tok::Eof`], whose
/// empty span sits just after the last token (where something missing would
/// go). Uses memory linear in the text's length; the parser pulls tokens
/// one at a time from a [`Lexer`] instead.
#[cfg(test)]
pub fn tokenize(text: &str) -> Vec<Token> {
    let mut lexer = Lexer::new(text);
    let mut tokens = Vec::new();
    loop {
        let token = lexer.next_token();
        let eof = token.tok == Tok::Eof;
        tokens.push(token);
        if eof {
            return tokens;
        }
    }
}

/// Tokens of one text, made as they are asked for: parsing stops at the
/// first error without having read (or stored) the rest of the text.
#[derive(Clone, Debug)]
pub struct Lexer<'a> {
    text: &'a str,
    /// Where the next token is looked for.
    pos: usize,
    /// The end of the last token (where [`Tok::Eof`] sits).
    last_end: usize,
    /// After an error or the end, only [`Tok::Eof`] comes.
    done: bool,
    /// What the [`Tok::Error`] token (if one was made) is about.
    error: Option<ErrorKind>,
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text,
            pos: 0,
            last_end: 0,
            done: false,
            error: None,
        }
    }

    /// Goes on from byte `at` (a token boundary before any error), as if
    /// the tokens up to there had been read.
    pub fn seek(&mut self, at: usize) {
        if !self.done {
            self.pos = at.min(self.text.len());
            self.last_end = self.pos;
        }
    }

    /// What is wrong at the [`Tok::Error`] token, once it has been made.
    pub fn error(&self) -> Option<&ErrorKind> {
        self.error.as_ref()
    }

    /// The next token: [`Tok::Eof`] (again and again) once the text or a
    /// lexical error has been reached.
    pub fn next_token(&mut self) -> Token {
        let eof = Token {
            tok: Tok::Eof,
            span: Span::new(self.last_end, self.last_end),
        };
        if self.done {
            return eof;
        }
        let text = self.text;
        let bytes = text.as_bytes();
        let i = match skip_trivia(bytes, self.pos) {
            Ok(next) => next,
            Err(start) => {
                self.done = true;
                self.last_end = text.len();
                self.error = Some(ErrorKind::UnterminatedComment);
                return Token {
                    tok: Tok::Error,
                    span: Span::new(start, text.len()),
                };
            }
        };
        let Some(&c) = bytes.get(i) else {
            self.done = true;
            return eof;
        };
        let (tok, end) = match c {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                (Ok(Tok::Ident), scan(bytes, i + 1, is_ident_continue))
            }
            b'0'..=b'9' => lex_number(text, i),
            b'[' => (Ok(Tok::LBracket), i + 1),
            b']' => (Ok(Tok::RBracket), i + 1),
            b'{' => (Ok(Tok::LBrace), i + 1),
            b'}' => (Ok(Tok::RBrace), i + 1),
            b'(' => (Ok(Tok::LParen), i + 1),
            b')' => (Ok(Tok::RParen), i + 1),
            b',' => (Ok(Tok::Comma), i + 1),
            b':' => (Ok(Tok::Colon), i + 1),
            b'*' => (Ok(Tok::Star), i + 1),
            b'#' => (Ok(Tok::Hash), i + 1),
            b'+' => (Ok(Tok::Plus), i + 1),
            b'~' => (Ok(Tok::Tilde), i + 1),
            b'?' => (Ok(Tok::Question), i + 1),
            b'<' if bytes.get(i + 1) == Some(&b'=') => (Ok(Tok::Leq), i + 2),
            b'<' => {
                let kind = ErrorKind::Expected {
                    expected: "`<=` (a bounded dimension)",
                    found: "`<`".into(),
                };
                (Err(kind), i + 1)
            }
            b'-' if bytes.get(i + 1).is_some_and(u8::is_ascii_digit) => lex_number(text, i),
            _ => {
                let found = text
                    .get(i..)
                    .and_then(|s| s.chars().next())
                    .unwrap_or('\u{fffd}');
                let end = i + found.len_utf8();
                (Err(ErrorKind::UnexpectedChar { found }), end)
            }
        };
        let tok = match tok {
            Ok(tok) => tok,
            Err(kind) => {
                self.done = true;
                self.error = Some(kind);
                Tok::Error
            }
        };
        self.pos = end;
        self.last_end = end;
        Token {
            tok,
            span: Span::new(i, end),
        }
    }
}

fn is_ident_continue(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'-')
}

fn scan(bytes: &[u8], mut i: usize, keep: impl Fn(u8) -> bool) -> usize {
    while bytes.get(i).is_some_and(|&c| keep(c)) {
        i += 1;
    }
    i
}

/// Skips whitespace and comments from `i`; `Err(start)` for a `/*` at
/// `start` that is never closed.
fn skip_trivia(bytes: &[u8], mut i: usize) -> Result<usize, usize> {
    loop {
        match (bytes.get(i), bytes.get(i + 1)) {
            (Some(b' ' | b'\t' | b'\n' | b'\r'), _) => i += 1,
            (Some(b'/'), Some(b'*')) => {
                let body = bytes.get(i + 2..).unwrap_or_default();
                match memchr::memmem::find(body, b"*/") {
                    Some(p) => i += 2 + p + 2,
                    None => return Err(i),
                }
            }
            (Some(b'/'), Some(b'/')) => i = scan(bytes, i, |c| c != b'\n'),
            _ => return Ok(i),
        }
    }
}

/// An integer from `start` (a digit, or `-` and a digit). A number running
/// straight into letters or a dot (`1.5`, `2x3`, `1e3`) is one bad token.
fn lex_number(text: &str, start: usize) -> (Result<Tok, ErrorKind>, usize) {
    let bytes = text.as_bytes();
    let digits_start = if bytes.get(start) == Some(&b'-') {
        start + 1
    } else {
        start
    };
    let digits_end = scan(bytes, digits_start, |c| c.is_ascii_digit());
    let end = scan(bytes, digits_end, |c| {
        c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.')
    });
    if end > digits_end {
        let found = format!(
            "`{}`",
            Short {
                text: text.get(start..end).unwrap_or_default(),
                max: 24
            }
        );
        return (
            Err(ErrorKind::Expected {
                expected: "an integer",
                found,
            }),
            end,
        );
    }
    let value = text
        .get(start..digits_end)
        .and_then(|s| s.parse::<i64>().ok());
    match value {
        Some(v) => (Ok(Tok::Int(v)), end),
        None => (Err(ErrorKind::NumberTooLarge), end),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Tok> {
        tokenize(text).into_iter().map(|t| t.tok).collect()
    }

    /// The lexical error of `text`, after all its tokens.
    fn error(text: &str) -> Option<ErrorKind> {
        let mut lexer = Lexer::new(text);
        while lexer.next_token().tok != Tok::Eof {}
        lexer.error().cloned()
    }

    #[test]
    fn splits_a_tiled_shape() {
        use Tok::*;
        assert_eq!(
            kinds("bf16[8,<=1,?]{0:T(8,*)#(u32)}"),
            vec![
                Ident,
                LBracket,
                Int(8),
                Comma,
                Leq,
                Int(1),
                Comma,
                Question,
                RBracket,
                LBrace,
                Int(0),
                Colon,
                Ident,
                LParen,
                Int(8),
                Comma,
                Star,
                RParen,
                Hash,
                LParen,
                Ident,
                RParen,
                RBrace,
                Eof
            ]
        );
    }

    #[test]
    fn skips_whitespace_and_comments() {
        let t = tokenize(" ( f32[] ,/*index=5*/ s32[] // line\n ) ");
        assert_eq!(t.len(), 10);
        assert_eq!(t[5].span, Span::new(22, 25));
        assert_eq!(
            t[9].span,
            Span::new(38, 38),
            "Eof sits after the last token"
        );
    }

    #[test]
    fn numbers_stay_in_int64() {
        assert_eq!(kinds("9223372036854775807")[0], Tok::Int(i64::MAX));
        assert_eq!(kinds("-9223372036854775808")[0], Tok::Int(i64::MIN));
        assert_eq!(error("9223372036854775807"), None);
        assert_eq!(kinds("9223372036854775808")[0], Tok::Error);
        assert_eq!(
            error("9223372036854775808"),
            Some(ErrorKind::NumberTooLarge)
        );
        assert_eq!(
            error("18446744073709551615"),
            Some(ErrorKind::NumberTooLarge)
        );
        assert_eq!(kinds("-1")[0], Tok::Int(-1));
        assert_eq!(kinds("1.5")[0], Tok::Error);
        assert!(matches!(error("1.5"), Some(ErrorKind::Expected { .. })));
    }

    #[test]
    fn errors_end_the_list() {
        let t = tokenize("f32[2] /* open");
        assert_eq!(t[4].tok, Tok::Error);
        assert_eq!(
            error("f32[2] /* open"),
            Some(ErrorKind::UnterminatedComment)
        );
        assert_eq!(t[4].span, Span::new(7, 14));
        assert_eq!(t.len(), 6);
        let t = tokenize("f32[é]");
        assert_eq!(t[2].tok, Tok::Error);
        assert_eq!(
            error("f32[é]"),
            Some(ErrorKind::UnexpectedChar { found: 'é' })
        );
        assert_eq!(t[2].span, Span::new(4, 6));
        assert_eq!(kinds("<")[0], Tok::Error);
        assert!(matches!(error("<"), Some(ErrorKind::Expected { .. })));
    }
}
