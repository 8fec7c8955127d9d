//! The layout `{minor_to_major:attributes}`.
//!
//! Attributes follow the colon with no separator, each at most once and in
//! XLA's fixed order `D T L # * E S SC P M`:
//!
//! ```text
//! D(D,C+,S~)      dim level types, parsed and dropped (as current XLA)
//! T(8,128)(2,1)   tiles; an entry is a size or `*`
//! L(n) E(n) S(n) M(n)
//! #(u32) *(u32)   index and pointer types
//! SC(0:1,2)(1:5)  split configs
//! P(shape)        physical shape
//! ```
//!
//! XLA reads them with one `if` per attribute, so anything out of order or
//! repeated is left over and reported as a missing `}`; we name the problem
//! instead ([`ErrorKind::AttributeOutOfOrder`],
//! [`ErrorKind::DuplicateAttribute`], [`ErrorKind::UnknownAttribute`]).

use super::{describe, name_for_error, suggest, Parser};
use crate::core::array::TileDim;
use crate::core::ast::{LayoutText, SplitText, TileText};
use crate::core::element_type::ElementType;
use crate::core::error::{Error, ErrorKind};
use crate::core::span::{Span, Spanned};
use crate::core::text::lexer::Tok;

/// The attributes in the order XLA reads and prints them.
const ATTRIBUTES: [&str; 10] = ["D", "T", "L", "#", "*", "E", "S", "SC", "P", "M"];

const ATTRIBUTE_OR_END: &str = "a layout attribute (D T L # * E S SC P M) or `}`";

impl Parser<'_> {
    pub(super) fn layout(&mut self) -> Result<Box<LayoutText>, Error> {
        let open = self.bump().span;
        let mut layout = Box::new(LayoutText::empty(open));
        layout.minor_to_major_span = Span::new(open.end, open.end);
        if let Tok::Int(_) = self.peek().tok {
            loop {
                let entry = self.int("a dimension number")?;
                self.entry_bound(layout.minor_to_major.len(), entry.span)?;
                layout.minor_to_major.push(entry);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            if let (Some(first), Some(last)) =
                (layout.minor_to_major.first(), layout.minor_to_major.last())
            {
                layout.minor_to_major_span = first.span.to(last.span);
            }
        }
        if self.eat(&Tok::Colon) {
            self.attributes(&mut layout)?;
        }
        if self.peek().tok != Tok::RBrace {
            return Err(self.unexpected(
                match (&self.peek().tok, layout.minor_to_major.is_empty()) {
                    (Tok::Ident | Tok::Hash | Tok::Star, _) if self.attribute_here().is_some() => {
                        "`:` before the layout attributes"
                    }
                    (_, true) => "a dimension number, `:` or `}`",
                    (_, false) => "`,`, `:` or `}`",
                },
            ));
        }
        layout.span = open.to(self.bump().span);
        Ok(layout)
    }

    /// The attribute the current token starts, as an index into
    /// [`ATTRIBUTES`].
    fn attribute_here(&self) -> Option<usize> {
        let name = match self.peek().tok {
            Tok::Ident => self.slice(self.peek().span),
            Tok::Hash => "#",
            Tok::Star => "*",
            _ => return None,
        };
        ATTRIBUTES.iter().position(|&a| a == name)
    }

    fn attributes(&mut self, layout: &mut LayoutText) -> Result<(), Error> {
        let mut seen = [false; ATTRIBUTES.len()];
        let mut last: Option<usize> = None;
        while self.peek().tok != Tok::RBrace {
            let key = self.peek().span;
            let Some(k) = self.attribute_here() else {
                return Err(match self.peek().tok {
                    Tok::Ident => {
                        let name = describe(self.slice(key)).trim_matches('`').to_owned();
                        self.error(ErrorKind::UnknownAttribute { name }, key)
                    }
                    _ => self.unexpected(ATTRIBUTE_OR_END),
                });
            };
            let attribute = ATTRIBUTES.get(k).copied().unwrap_or_default();
            if seen.get(k).copied().unwrap_or_default() {
                return Err(self.error(ErrorKind::DuplicateAttribute { attribute }, key));
            }
            if let Some(after) = last
                .filter(|&l| l > k)
                .and_then(|l| ATTRIBUTES.get(l).copied())
            {
                return Err(self.error(ErrorKind::AttributeOutOfOrder { attribute, after }, key));
            }
            if let Some(s) = seen.get_mut(k) {
                *s = true;
            }
            last = Some(k);
            self.bump();
            match attribute {
                "D" => layout.dim_level_types = Some(key.to(self.dim_level_types()?)),
                "T" => layout.tiles = self.tiles()?,
                "L" => layout.tail_padding_alignment = Some(self.int_attribute()?),
                "#" => layout.index_type = Some(self.type_attribute()?),
                "*" => layout.pointer_type = Some(self.type_attribute()?),
                "E" => layout.element_size_bits = Some(self.int_attribute()?),
                "S" => layout.memory_space = Some(self.int_attribute()?),
                "SC" => layout.split_configs = self.split_configs()?,
                "P" => layout.physical_shape = Some(self.physical_shape(key)?),
                _ => layout.dynamic_shape_metadata_prefix_bytes = Some(self.int_attribute()?),
            }
        }
        Ok(())
    }

    /// `(D,C+,S~)`; returns the span of the closing parenthesis.
    fn dim_level_types(&mut self) -> Result<Span, Error> {
        const LEVEL: &str = "a dim level type (D, C, S or H)";
        self.expect(&Tok::LParen, "`(` and dim level types")?;
        if self.peek().tok != Tok::RParen {
            for index in 0.. {
                let is_level = self.peek().tok == Tok::Ident
                    && matches!(self.slice(self.peek().span), "D" | "C" | "S" | "H");
                if !is_level {
                    return Err(self.unexpected(LEVEL));
                }
                self.list_bound(index, self.peek().span, "dim level types")?;
                self.bump();
                self.eat(&Tok::Plus);
                self.eat(&Tok::Tilde);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        self.expect(&Tok::RParen, "`,` or `)`")
    }

    /// `(8,128)(2,1)`: one or more tiles.
    fn tiles(&mut self) -> Result<Vec<TileText>, Error> {
        let mut tiles = Vec::new();
        loop {
            let open = self.expect(&Tok::LParen, "`(` and tile sizes")?;
            let mut dims = Vec::new();
            if self.peek().tok != Tok::RParen {
                loop {
                    let entry = self.tile_dim()?;
                    self.entry_bound(dims.len(), entry.span)?;
                    dims.push(entry);
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
            }
            let close = self.expect(&Tok::RParen, "`,` or `)`")?;
            self.entry_bound(tiles.len(), open.to(close))?;
            tiles.push(Spanned::new(dims, open.to(close)));
            if self.peek().tok != Tok::LParen {
                return Ok(tiles);
            }
        }
    }

    fn tile_dim(&mut self) -> Result<Spanned<TileDim>, Error> {
        match self.peek().tok {
            Tok::Star => Ok(Spanned::new(TileDim::Combine, self.bump().span)),
            Tok::Int(v) => {
                let span = self.bump().span;
                match u64::try_from(v) {
                    Ok(size) => Ok(Spanned::new(TileDim::Size(size), span)),
                    // XLA aborts here (MakeLayout's LOG(FATAL)); we explain.
                    Err(_) => Err(self.error(
                        ErrorKind::TileSizeNotPositive {
                            value: i128::from(v),
                        },
                        span,
                    )),
                }
            }
            _ => Err(self.unexpected("a tile size or `*`")),
        }
    }

    /// `(n)` after `L`, `E`, `S` or `M`.
    fn int_attribute(&mut self) -> Result<Spanned<i64>, Error> {
        self.expect(&Tok::LParen, "`(`")?;
        let n = self.int("an integer")?;
        self.expect(&Tok::RParen, "`)`")?;
        Ok(n)
    }

    /// `(u32)` after `#` or `*`.
    fn type_attribute(&mut self) -> Result<Spanned<ElementType>, Error> {
        const TYPE: &str = "an integer type such as `u32`";
        self.expect(&Tok::LParen, "`(`")?;
        if self.peek().tok != Tok::Ident {
            return Err(self.unexpected(TYPE));
        }
        let span = self.peek().span;
        let name = self.slice(span);
        let ty = match ElementType::from_name(name) {
            Some(ty) => ty,
            None if matches!(name, "token" | "opaque") => return Err(self.unexpected(TYPE)),
            None => {
                let kind = ErrorKind::UnknownElementType {
                    name: name_for_error(name),
                    suggestion: suggest(name),
                };
                return Err(self.error(kind, span));
            }
        };
        self.bump();
        self.expect(&Tok::RParen, "`)`")?;
        Ok(Spanned::new(ty, span))
    }

    /// `(0:1,2)(1:5)`: one or more split configs.
    fn split_configs(&mut self) -> Result<Vec<Spanned<SplitText>>, Error> {
        let mut configs = Vec::new();
        loop {
            let open = self.expect(&Tok::LParen, "`(` and a split config like `(0:512)`")?;
            self.list_bound(configs.len(), open, "split configs")?;
            let dimension = self.int("a dimension number")?;
            self.expect(&Tok::Colon, "`:` and the split indices")?;
            let mut indices = Vec::new();
            if self.peek().tok != Tok::RParen {
                loop {
                    let index = self.int("a split index")?;
                    self.list_bound(indices.len(), index.span, "split indices in one config")?;
                    indices.push(index);
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
            }
            let close = self.expect(&Tok::RParen, "`,` or `)`")?;
            configs.push(Spanned::new(
                SplitText { dimension, indices },
                open.to(close),
            ));
            if self.peek().tok != Tok::LParen {
                return Ok(configs);
            }
        }
    }

    /// `(shape)` after `P` at `key`; the span covers `P(...)`.
    fn physical_shape(
        &mut self,
        key: Span,
    ) -> Result<Spanned<Box<crate::core::ast::Shape>>, Error> {
        let open = self.expect(&Tok::LParen, "`(` and a shape")?;
        self.enter(open)?;
        // The physical shape is part of this leaf: its tuples keep their
        // elements even when the leaf's own tuple streams them.
        let sink = self.sink.take();
        let shape = self.shape();
        self.sink = sink;
        let shape = shape?;
        let close = self.expect(&Tok::RParen, "`)`")?;
        self.depth -= 1;
        Ok(Spanned::new(Box::new(shape), key.to(close)))
    }
}
