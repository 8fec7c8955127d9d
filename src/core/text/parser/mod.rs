//! Shape text -> [`Shape`], syntax only (XLA's `ParseShape`).
//!
//! The grammar, with whitespace and comments allowed between any two tokens:
//!
//! ```text
//! shape  ::= array | '(' (shape (',' shape)*)? ')' | 'b' '(' array ')'
//!          | 'token' '[' ']' | 'opaque' '[' ']'
//! array  ::= element_type '[' (dim (',' dim)*)? ']' layout?
//! dim    ::= int | '<=' int | '?'
//! layout ::= '{' (int (',' int)*)? (':' D? T? L? #? *? E? S? SC? P? M?)? '}'
//! ```
//!
//! The layout attributes are described in `parser/layout.rs`. Nothing
//! here checks meaning beyond what the AST cannot hold (a negative dim or
//! tile size); [`parse`](crate::core::validate::parse) does the rest. The
//! parser never panics, recurses at most [`MAX_DEPTH`] shapes deep and uses
//! memory linear in the text's length.

mod dims;
mod layout;
mod stream;
mod suggest;

use std::sync::Arc;

use super::error::{Error, ErrorKind, Short};
use super::lexer::{Lexer, Tok, Token};
use crate::core::array::MAX_NODES;
use crate::core::ast::{ArrayShape, BufferShape, Shape, TupleShape};
use crate::core::element_type::ElementType;
use crate::core::span::{Span, Spanned};
use suggest::suggest;

/// How deeply tuples, buffers and `P(...)` shapes may nest.
pub const MAX_DEPTH: usize = 128;

/// Parses a whole shape text without checking what it means: a layout that
/// is not a permutation, `L(0)` or `P(...)` all parse. Use
/// [`parse`](crate::core::validate::parse) for checked shapes.
pub fn parse_syntax(text: &str) -> Result<Shape, Error> {
    parse_syntax_in(text, &Arc::from(text))
}

/// [`parse_syntax`] with the nodes sharing `source`, which holds `text`.
pub(crate) fn parse_syntax_in(text: &str, source: &Arc<str>) -> Result<Shape, Error> {
    let mut parser = Parser::new(text, source, None);
    let shape = parser.shape()?;
    parser.finish()?;
    Ok(shape)
}

/// [`parse_syntax`], but every tuple element is handed to `sink` as soon
/// as it has been parsed, in text order, instead of being kept: the tuples
/// of the result are empty. Elements inside `P(...)` stay in their shape
/// (they are part of the leaf that holds them). A syntax error anywhere is
/// still the result, whatever `sink` saw before it.
///
/// This is how [`parse`](crate::core::validate::parse) finds the error at
/// the end of a 5 MB tuple without building (and paging in) the whole tree
/// first: the same grammar, with nothing kept.
pub(crate) fn parse_syntax_streaming(
    text: &str,
    source: &Arc<str>,
    sink: &mut dyn FnMut(Shape),
) -> Result<Shape, Error> {
    let mut parser = Parser::new(text, source, Some(sink));
    let shape = parser.shape()?;
    parser.finish()?;
    Ok(shape)
}

/// What is expected where a shape should start.
const SHAPE: &str = "a shape such as `f32[2,3]`, a tuple `(...)` or a buffer `b(...)`";

struct Parser<'a> {
    text: &'a str,
    source: Arc<str>,
    /// Tokens are pulled one at a time: an error early in a large text
    /// is found without reading the rest.
    lexer: Lexer<'a>,
    /// The current token (the parser looks one token ahead).
    current: Token,
    depth: usize,
    /// Where tuple elements go instead of their tuple (see
    /// [`parse_syntax_streaming`]).
    sink: Option<&'a mut dyn FnMut(Shape)>,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, source: &Arc<str>, sink: Option<&'a mut dyn FnMut(Shape)>) -> Parser<'a> {
        let mut lexer = Lexer::new(text);
        let current = lexer.next_token();
        Parser {
            text,
            source: Arc::clone(source),
            lexer,
            current,
            depth: 0,
            sink,
        }
    }

    fn shape(&mut self) -> Result<Shape, Error> {
        let token = *self.peek();
        match token.tok {
            Tok::LParen => self.tuple(),
            Tok::Ident => match self.slice(token.span) {
                "b" => self.buffer(),
                "token" => self.non_array("token").map(Shape::Token),
                "opaque" => self.non_array("opaque").map(Shape::Opaque),
                _ => self.array().map(Shape::Array),
            },
            _ => Err(self.unexpected(SHAPE)),
        }
    }

    fn tuple(&mut self) -> Result<Shape, Error> {
        let open = self.bump().span;
        self.enter(open)?;
        let mut elements = Vec::new();
        // Streaming: the text of the last array element handed to the sink.
        let mut last: Option<Span> = None;
        if self.peek().tok != Tok::RParen {
            loop {
                if self.sink.is_some() && self.skip_copy_of(last) {
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                    continue;
                }
                let element = self.shape()?;
                match &mut self.sink {
                    Some(sink) => {
                        last = match &element {
                            Shape::Array(a) => Some(a.span),
                            _ => None,
                        };
                        sink(element)
                    }
                    None => elements.push(element),
                }
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        let close = self.expect(&Tok::RParen, "`,` or `)`")?;
        self.depth -= 1;
        Ok(Shape::Tuple(TupleShape {
            elements,
            span: open.to(close),
        }))
    }

    fn buffer(&mut self) -> Result<Shape, Error> {
        let b = self.bump().span;
        let open = self.expect(&Tok::LParen, "`(`: a buffer is written `b(f32[16])`")?;
        self.enter(open)?;
        if self.peek().tok == Tok::RParen {
            return Err(self.error(ErrorKind::BadBuffer, b.to(self.peek().span)));
        }
        let array = match self.shape()? {
            Shape::Array(a) => a,
            other => return Err(self.error(ErrorKind::BadBuffer, other.span())),
        };
        if self.peek().tok == Tok::Comma {
            return Err(self.error(ErrorKind::BadBuffer, self.peek().span));
        }
        let close = self.expect(&Tok::RParen, "`)`")?;
        self.depth -= 1;
        Ok(Shape::Buffer(BufferShape {
            array,
            span: b.to(close),
        }))
    }

    fn array(&mut self) -> Result<ArrayShape, Error> {
        let name = self.bump().span;
        let text = self.slice(name);
        let Some(ty) = ElementType::from_name(text) else {
            let kind = ErrorKind::UnknownElementType {
                name: name_for_error(text),
                suggestion: suggest(text),
            };
            return Err(self.error(kind, name));
        };
        let (dims, dims_span) = self.dims()?;
        let layout = match self.peek().tok {
            Tok::LBrace => Some(self.layout()?),
            _ => None,
        };
        let end = layout.as_ref().map_or(dims_span, |l| l.span);
        Ok(ArrayShape {
            element_type: Spanned::new(ty, name),
            dims,
            dims_span,
            layout,
            span: name.to(end),
            source: Arc::clone(&self.source),
        })
    }

    /// `token[]` or `opaque[]`; dims or a layout are errors.
    fn non_array(&mut self, name: &'static str) -> Result<Span, Error> {
        let start = self.bump().span;
        let (dims, dims_span) = self.dims()?;
        if !dims.is_empty() {
            return Err(self.error(ErrorKind::NotAnArrayType { name }, dims_span));
        }
        if self.peek().tok == Tok::LBrace {
            let brace = self.peek().span;
            let span = self.layout().map_or(brace, |l| l.span);
            return Err(self.error(ErrorKind::NotAnArrayType { name }, span));
        }
        Ok(start.to(dims_span))
    }

    /// A non-negative integer.
    fn size(&mut self, what: &'static str, expected: &'static str) -> Result<Spanned<u64>, Error> {
        let n = self.int(expected)?;
        match u64::try_from(n.value) {
            Ok(v) => Ok(Spanned::new(v, n.span)),
            Err(_) => Err(self.error(
                ErrorKind::NegativeNumber {
                    what,
                    value: i128::from(n.value),
                },
                n.span,
            )),
        }
    }

    fn int(&mut self, expected: &'static str) -> Result<Spanned<i64>, Error> {
        match self.peek().tok {
            Tok::Int(v) => Ok(Spanned::new(v, self.bump().span)),
            _ => Err(self.unexpected(expected)),
        }
    }

    /// Everything must have been read.
    fn finish(&mut self) -> Result<(), Error> {
        match self.peek().tok {
            Tok::Eof => Ok(()),
            Tok::Error => Err(self.unexpected("")),
            _ => {
                // The trailing input runs to the last token (or the
                // first lexical error) of the text: lexed, not stored.
                let mut rest = self.lexer.clone();
                let end = loop {
                    let t = rest.next_token();
                    match t.tok {
                        Tok::Eof => break t.span.end,
                        Tok::Error => break t.span.end,
                        _ => {}
                    }
                };
                Err(self.error(
                    ErrorKind::TrailingInput,
                    Span::new(self.peek().span.start, end),
                ))
            }
        }
    }

    // ---- token helpers ----

    fn peek(&self) -> &Token {
        &self.current
    }

    /// The current token, moving past it (but never past the end).
    fn bump(&mut self) -> Token {
        if self.current.tok == Tok::Eof {
            return self.current;
        }
        let next = self.lexer.next_token();
        std::mem::replace(&mut self.current, next)
    }

    fn eat(&mut self, tok: &Tok) -> bool {
        let found = self.peek().tok == *tok;
        if found {
            self.bump();
        }
        found
    }

    fn expect(&mut self, tok: &Tok, expected: &'static str) -> Result<Span, Error> {
        if self.peek().tok == *tok {
            Ok(self.bump().span)
        } else {
            Err(self.unexpected(expected))
        }
    }

    fn slice(&self, span: Span) -> &'a str {
        self.text.get(span.range()).unwrap_or_default()
    }

    /// Counts one more level of nesting, opened at `at`.
    fn enter(&mut self, at: Span) -> Result<(), Error> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(self.error(ErrorKind::TooDeep { limit: MAX_DEPTH }, at));
        }
        Ok(())
    }

    /// Entry `index` (0-based) of a list with at most one entry per
    /// mapping coordinate (dims, minor_to_major, a tile's sizes, the tiles),
    /// at `span`: an error from entry `MAX_NODES + 1` on. Every dim, tile
    /// entry and tile level adds at least one of the mapping's coordinates
    /// (`mapping/plan.rs`), so such a layout could never be drawn; refusing
    /// it here keeps a 5 MB `f32[1,1,...]` from building millions of
    /// entries, a layout and a mapping before saying so (issue 15).
    fn entry_bound(&self, index: usize, span: Span) -> Result<(), Error> {
        if index < MAX_NODES {
            return Ok(());
        }
        let kind = ErrorKind::TooComplex {
            nodes: MAX_NODES + 1,
            limit: MAX_NODES,
        };
        Err(self.error(kind, span))
    }

    /// Entry `index` (0-based) of a list that adds no coordinates but is
    /// held per dim or per split (dim level types, split configs, split
    /// indices), at `span`: an error from entry `MAX_NODES + 1` on, so that
    /// no list of the text is read without bound.
    fn list_bound(&self, index: usize, span: Span, what: &'static str) -> Result<(), Error> {
        if index < MAX_NODES {
            return Ok(());
        }
        let kind = ErrorKind::TooManyEntries {
            what,
            limit: MAX_NODES,
        };
        Err(self.error(kind, span))
    }

    fn error(&self, kind: ErrorKind, span: Span) -> Error {
        Error::in_source(kind, span, &self.source)
    }

    /// The error for finding the current token where `expected` should be:
    /// a lexical error is reported as itself, the end of the text as
    /// [`ErrorKind::UnexpectedEnd`].
    fn unexpected(&self, expected: &'static str) -> Error {
        let token = self.peek();
        let kind = match token.tok {
            // The lexer stops at its first error: the current token.
            Tok::Error => match self.lexer.error() {
                Some(kind) => kind.clone(),
                None => ErrorKind::UnexpectedChar { found: '\u{fffd}' },
            },
            Tok::Eof => ErrorKind::UnexpectedEnd { expected },
            _ => ErrorKind::Expected {
                expected,
                found: describe(self.slice(token.span)),
            },
        };
        self.error(kind, token.span)
    }
}

/// A token's text for an error message, in backticks, cut to 24
/// characters and `...` when longer.
pub(super) fn describe(text: &str) -> String {
    format!("`{}`", Short { text, max: 24 })
}

/// A name the user wrote, cut to [`QUOTE_MAX`](crate::core::error::QUOTE_MAX)
/// characters for the error that quotes it.
fn name_for_error(name: &str) -> String {
    Short::new(name).to_string()
}

#[cfg(test)]
mod tests;
