//! Streaming a tuple's elements (see `parse_syntax_streaming`): skipping
//! the copies of the element just streamed.

use super::Parser;
use crate::core::span::Span;
use crate::core::text::lexer::Tok;

impl Parser<'_> {
    /// Streaming only: when the next element is a byte-for-byte copy of the
    /// array element `last` (HLO tuples repeat their leaves), moves past it
    /// without lexing it again or handing it to the sink, which has seen
    /// the same text: the same bytes are the same tokens (an array ends
    /// with `]` or `}`, which no token runs past), so the same tree and the
    /// same verdict. An array text that ends at `]` is a copy only if no
    /// layout `{` follows it.
    pub(super) fn skip_copy_of(&mut self, last: Option<Span>) -> bool {
        let Some(last) = last else { return false };
        let start = self.peek().span.start;
        let copy = self.slice(last);
        let is_copy = self.peek().tok == Tok::Ident
            && !copy.is_empty()
            && self
                .text
                .get(start..)
                .is_some_and(|rest| rest.starts_with(copy));
        if !is_copy {
            return false;
        }
        let saved = (self.lexer.clone(), self.current);
        self.lexer.seek(start + copy.len());
        self.current = self.lexer.next_token();
        if copy.ends_with(']') && self.current.tok == Tok::LBrace {
            (self.lexer, self.current) = saved;
            return false;
        }
        true
    }
}
