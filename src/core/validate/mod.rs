//! Checked shapes: everything XLA's layout verifier checks, and what it
//! misses or aborts on.
//!
//! For every array leaf (see [`ArrayShape::validate`]):
//!
//! 1. minor_to_major is a permutation of `0..N`: each entry in range and
//!    new (checked entry by entry, so the caret lands on the first bad
//!    one), then the length.
//! 2. Every tile is non-empty, its sizes are at least 1 and `*` is never
//!    its most-minor entry.
//! 3. Numbers XLA would store but must not be negative (`L`, `E`, `S`,
//!    split configs, `M`) are not; `L(0)` (XLA aborts) and a written `E(0)`
//!    are errors.
//! 4. The rest of [`ArrayLayout`]'s invariants: index and pointer types,
//!    memory space in 8 bits, split configs inside their dimension.
//! 5. `P(...)` is an error: XLA's `ParseShape` rejects physical shapes on
//!    the dense arrays that are all it still has.
//! 6. Element count, footprint and byte size fit XLA's `int64` (checked by
//!    building the [`Mapping`]; a layout too complex for it is an error
//!    too). Unbounded `?` dims are valid: they only cannot be mapped.

use std::sync::Arc;

use super::array::{
    ArrayLayout, DimSize, LayoutAttributes, LayoutError, Locus, SplitConfig, Tile, MAX_SIZE,
};
use super::ast::{ArrayShape, LayoutText, Shape, SplitText};
use super::error::{Error, ErrorKind};
use super::mapping::Mapping;
use super::parser::{parse_syntax_in, parse_syntax_streaming};
use super::span::{Span, Spanned};

mod leaf_cache;

use leaf_cache::{each_leaf, ValidLeaves};

/// Parses and checks a shape text: the entry point for everything that
/// needs a shape it can rely on.
///
/// The result is that of [`parse_syntax`](crate::core::parser::parse_syntax)
/// then [`validate`]: a syntax error anywhere first, else the first invalid
/// leaf. A tuple is read in two passes so that an invalid one costs no
/// tree: the first streams the elements, validating each leaf (once per
/// distinct leaf text) and dropping it; only a valid tuple is parsed again
/// and kept.
pub fn parse(text: &str) -> Result<Shape, Error> {
    // One copy of the text for both passes, their nodes and the error.
    let source: Arc<str> = Arc::from(text);
    let mut leaves = ValidLeaves::new(text);
    let mut invalid: Option<Error> = None;
    let streamed = parse_syntax_streaming(text, &source, &mut |element| {
        if invalid.is_none() {
            invalid = each_leaf(&element, &mut |leaf| leaves.check(leaf)).err();
        }
    })?;
    if let Some(error) = invalid {
        return Err(error);
    }
    match streamed {
        // Its leaves went through the sink, already checked.
        Shape::Tuple(_) => parse_syntax_in(text, &source),
        // Nothing was streamed: this is the whole shape.
        shape => {
            each_leaf(&shape, &mut |leaf| leaves.check(leaf))?;
            Ok(shape)
        }
    }
}

/// Checks every array leaf of a parsed shape.
pub fn validate(shape: &Shape) -> Result<(), Error> {
    each_leaf(shape, &mut |leaf| leaf.validate().map(drop))
}

type Located<T> = Result<T, (ErrorKind, Span)>;

impl ArrayShape {
    /// The validated layout numbers of this array. Fails, with the span of
    /// the offending text, when the layout breaks an [`ArrayLayout`]
    /// invariant; does not check sizes (see [`ArrayShape::validate`]).
    pub fn layout(&self) -> Result<ArrayLayout, Error> {
        self.build_layout()
            .map_err(|(kind, span)| Error::in_source(kind, span, &self.source))
    }

    /// [`ArrayShape::layout`], and every size fits XLA's `int64`.
    pub fn validate(&self) -> Result<ArrayLayout, Error> {
        self.validate_mapped().map(|(layout, _)| layout)
    }

    /// [`ArrayShape::validate`], also giving the mapping built to check
    /// the sizes (or why there is none: an unbounded dim), so that it need
    /// not be built twice.
    pub(crate) fn validate_mapped(
        &self,
    ) -> Result<(ArrayLayout, Result<Mapping, ErrorKind>), Error> {
        let layout = self.layout()?;
        let mapping = check_sizes(&layout).map_err(|kind| {
            // The element count is the dims' doing; a footprint also the
            // layout's (tiles, L(n), E(n)).
            let span = match (&kind, &self.layout) {
                (
                    ErrorKind::Overflow {
                        what: "element count",
                    },
                    _,
                ) => self.dims_span,
                (ErrorKind::Overflow { .. }, Some(l)) => self.dims_span.to(l.span),
                (ErrorKind::TooComplex { .. }, Some(l)) => l.span,
                _ => self.dims_span,
            };
            Error::in_source(kind, span, &self.source)
        })?;
        Ok((layout, mapping))
    }

    fn build_layout(&self) -> Located<ArrayLayout> {
        let ty = self.element_type.value;
        let dims: Vec<DimSize> = self.dims.iter().map(|d| d.value).collect();
        let Some(text) = &self.layout else {
            return ArrayLayout::new(ty, dims, None, Vec::new(), LayoutAttributes::default())
                .map_err(|e| self.locate(e));
        };
        let minor_to_major = check_permutation(text, dims.len())?;
        let mut tiles = Vec::with_capacity(text.tiles.len());
        for (level, tile) in text.tiles.iter().enumerate() {
            let entries = tile.value.iter().map(|d| d.value).collect();
            tiles.push(Tile::new(entries).map_err(|e| self.locate(e.at_level(level)))?);
        }
        let attributes = attributes(text)?;
        let layout = ArrayLayout::new(ty, dims, Some(minor_to_major), tiles, attributes)
            .map_err(|e| self.locate(e))?;
        match &text.physical_shape {
            Some(p) => Err((ErrorKind::PhysicalShapeNotAllowed, p.span)),
            None => Ok(layout),
        }
    }

    /// The span of the text an [`ArrayLayout`] error is about.
    fn locate(&self, error: LayoutError) -> (ErrorKind, Span) {
        let text = self.layout.as_ref();
        let span_of = |v: Option<&Option<Spanned<i64>>>| v.and_then(|v| v.as_ref()).map(|v| v.span);
        let span = match error.locus {
            Locus::Dim(i) => self.dims.get(i).map(|d| d.span),
            Locus::MinorToMajorList => text.map(|t| t.minor_to_major_span),
            Locus::MinorToMajor(i) => text.and_then(|t| t.minor_to_major.get(i)).map(|m| m.span),
            Locus::Tile { level } => text.and_then(|t| t.tiles.get(level)).map(|t| t.span),
            Locus::TileEntry { level, entry } => text
                .and_then(|t| t.tiles.get(level))
                .and_then(|t| t.value.get(entry))
                .map(|d| d.span),
            Locus::TailAlignment => span_of(text.map(|t| &t.tail_padding_alignment)),
            Locus::ElementSize => span_of(text.map(|t| &t.element_size_bits)),
            Locus::MemorySpace => span_of(text.map(|t| &t.memory_space)),
            Locus::DynamicPrefix => span_of(text.map(|t| &t.dynamic_shape_metadata_prefix_bytes)),
            Locus::IndexType => text.and_then(|t| t.index_type.as_ref()).map(|t| t.span),
            Locus::PointerType => text.and_then(|t| t.pointer_type.as_ref()).map(|t| t.span),
            Locus::SplitConfig(k) => {
                text.and_then(|t| t.split_configs.get(k))
                    .map(|sc| match &error.kind {
                        ErrorKind::DimOutOfRange { .. } => sc.value.dimension.span,
                        ErrorKind::BadSplitIndex { .. } => {
                            self.bad_split_index(&sc.value).unwrap_or(sc.span)
                        }
                        _ => sc.span,
                    })
            }
        };
        (error.kind, span.unwrap_or(self.span))
    }

    /// The first split index of `sc` that is not above the one before it
    /// or not inside its dimension (the one [`ArrayLayout::new`] rejected).
    fn bad_split_index(&self, sc: &SplitText) -> Option<Span> {
        let minor_to_major = self.effective_minor_to_major();
        let physical = usize::try_from(sc.dimension.value).ok()?;
        let logical = minor_to_major.get(minor_to_major.len().checked_sub(physical + 1)?)?;
        let extent = self
            .dims
            .get(usize::try_from(*logical).ok()?)?
            .value
            .extent();
        let mut prev = 0;
        for i in &sc.indices {
            let inside = extent.is_none_or(|size| u64::try_from(i.value).is_ok_and(|v| v < size));
            if i.value <= prev || !inside {
                return Some(i.span);
            }
            prev = i.value;
        }
        None
    }
}

/// Invariant 1 of [`ArrayLayout`] with spans, in entry order; negative
/// entries are reported like any other out-of-range one.
fn check_permutation(text: &LayoutText, num_dims: usize) -> Located<Vec<usize>> {
    let mut seen = vec![false; num_dims];
    let mut out = Vec::with_capacity(num_dims);
    for m in &text.minor_to_major {
        let out_of_range = (
            ErrorKind::DimOutOfRange {
                dim: m.value,
                num_dims,
            },
            m.span,
        );
        let d = usize::try_from(m.value).map_err(|_| out_of_range.clone())?;
        match seen.get_mut(d) {
            None => return Err(out_of_range),
            Some(true) => return Err((ErrorKind::DuplicateDim { dim: d }, m.span)),
            Some(s) => *s = true,
        }
        out.push(d);
    }
    if out.len() != num_dims {
        let kind = ErrorKind::MinorToMajorLength {
            expected: num_dims,
            found: out.len(),
        };
        return Err((kind, text.minor_to_major_span));
    }
    Ok(out)
}

/// The attributes after the colon as numbers, with signs checked.
fn attributes(text: &LayoutText) -> Located<LayoutAttributes> {
    let mut a = LayoutAttributes::default();
    if let Some(l) = text.tail_padding_alignment {
        if l.value == 0 {
            return Err((ErrorKind::TailAlignmentZero, l.span));
        }
        a.tail_padding_alignment = non_negative(l, "the tail padding alignment L(n)")?;
    }
    if let Some(e) = text.element_size_bits {
        if e.value == 0 {
            return Err((ErrorKind::ElementSizeZero, e.span));
        }
        a.element_size_bits = non_negative(e, "the element size E(n)")?;
    }
    if let Some(s) = text.memory_space {
        a.memory_space = non_negative(s, "the memory space S(n)")?;
    }
    a.index_type = text.index_type.map(|t| t.value);
    a.pointer_type = text.pointer_type.map(|t| t.value);
    for sc in &text.split_configs {
        let dimension = non_negative(sc.value.dimension, "a split dimension")?;
        let split_indices = sc
            .value
            .indices
            .iter()
            .map(|&i| non_negative(i, "a split index"))
            .collect::<Located<Vec<u64>>>()?;
        let dimension = usize::try_from(dimension).unwrap_or(usize::MAX);
        a.split_configs.push(SplitConfig {
            dimension,
            split_indices,
        });
    }
    if let Some(m) = text.dynamic_shape_metadata_prefix_bytes {
        a.dynamic_shape_metadata_prefix_bytes =
            non_negative(m, "the dynamic shape metadata prefix M(n)")?;
    }
    Ok(a)
}

fn non_negative(n: Spanned<i64>, what: &'static str) -> Located<u64> {
    u64::try_from(n.value).map_err(|_| {
        (
            ErrorKind::NegativeNumber {
                what,
                value: i128::from(n.value),
            },
            n.span,
        )
    })
}

/// Builds the mapping to check that every size fits XLA's `int64`. An
/// unbounded `?` dim is valid (it only cannot be mapped): the other dims'
/// product must still fit.
/// The mapping comes back (`Err` with why it cannot be built, for an
/// unbounded dim).
fn check_sizes(layout: &ArrayLayout) -> Result<Result<Mapping, ErrorKind>, ErrorKind> {
    match Mapping::new(layout) {
        Ok(m) => Ok(Ok(m)),
        Err(unbounded @ ErrorKind::UnboundedDim { .. }) => {
            let mut known = layout.dims().iter().filter_map(|d| d.extent());
            match known.try_fold(1u64, |acc, d| acc.checked_mul(d).filter(|&p| p <= MAX_SIZE)) {
                Some(_) => Ok(Err(unbounded)),
                None => Err(ErrorKind::Overflow {
                    what: "element count",
                }),
            }
        }
        Err(kind) => Err(kind),
    }
}

#[cfg(test)]
mod tests;
