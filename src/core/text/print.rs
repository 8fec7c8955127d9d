//! [`Shape`] -> XLA's canonical text, byte for byte what XLA prints
//! (`ShapeUtil::HumanStringWithLayout` and `Layout::Print`).
//!
//! - No whitespace, except `, ` between tuple elements.
//! - Arrays always show a layout; an absent one is written out as the
//!   default `{N-1,...,0}` (`f32[2,3]` -> `f32[2,3]{1,0}`).
//! - Scalars show their layout only when it says something: `f32[]`, but
//!   `f32[]{:T(128)}`.
//! - Attributes at their defaults are left out (`L(1)`, `E(0)`, `S(0)`,
//!   `M(0)`); the `:` appears only before the first one printed. `D(...)`
//!   is never printed, as in current XLA.
//! - A tuple puts `/*index=N*/` before its elements 5, 10, 15, ...:
//!   `(f32[], f32[], f32[], f32[], f32[], /*index=5*/f32[])`.

use std::fmt::{self, Display, Formatter, Write};

use crate::core::array::{DimSize, TileDim};
use crate::core::ast::{ArrayShape, BufferShape, LayoutText, Shape, TupleShape};

/// XLA's `kAnnotationPrintInterval`.
const ANNOTATION_INTERVAL: usize = 5;

impl Display for Shape {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Shape::Array(a) => a.fmt(f),
            Shape::Tuple(t) => t.fmt(f),
            Shape::Buffer(b) => b.fmt(f),
            Shape::Token(_) => f.write_str("token[]"),
            Shape::Opaque(_) => f.write_str("opaque[]"),
        }
    }
}

impl Display for TupleShape {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_char('(')?;
        for (i, element) in self.elements.iter().enumerate() {
            if i > 0 && i % ANNOTATION_INTERVAL == 0 {
                write!(f, ", /*index={i}*/")?;
            } else if i > 0 {
                f.write_str(", ")?;
            }
            element.fmt(f)?;
        }
        f.write_char(')')
    }
}

impl Display for BufferShape {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "b({})", self.array)
    }
}

impl Display for ArrayShape {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}[", self.element_type.value)?;
        for (i, dim) in self.dims.iter().enumerate() {
            if i > 0 {
                f.write_char(',')?;
            }
            match dim.value {
                DimSize::Static(n) => write!(f, "{n}")?,
                DimSize::Bounded(n) => write!(f, "<={n}")?,
                DimSize::Unbounded => f.write_char('?')?,
            }
        }
        f.write_char(']')?;
        match &self.layout {
            // XLA does not print "{}" for a scalar.
            Some(l)
                if self.is_scalar()
                    && l.minor_to_major.is_empty()
                    && l.has_default_attributes() =>
            {
                Ok(())
            }
            Some(l) => l.fmt(f),
            None if self.is_scalar() => Ok(()),
            None => {
                f.write_char('{')?;
                write_list(f, self.effective_minor_to_major().iter())?;
                f.write_char('}')
            }
        }
    }
}

impl Display for LayoutText {
    /// The layout alone, as XLA's `Layout::Print`: `{1,0:T(8,128)S(1)}`,
    /// `{}` when everything is default.
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        f.write_char('{')?;
        write_list(f, self.minor_to_major.iter().map(|m| m.value))?;
        let mut colon = Colon(false);
        if !self.tiles.is_empty() {
            colon.write(f)?;
            f.write_char('T')?;
            for tile in &self.tiles {
                f.write_char('(')?;
                for (i, d) in tile.value.iter().enumerate() {
                    if i > 0 {
                        f.write_char(',')?;
                    }
                    match d.value {
                        TileDim::Size(n) => write!(f, "{n}")?,
                        TileDim::Combine => f.write_char('*')?,
                    }
                }
                f.write_char(')')?;
            }
        }
        let l = self.tail_padding_alignment_value();
        if l != 1 {
            colon.write(f)?;
            write!(f, "L({l})")?;
        }
        if let Some(t) = &self.index_type {
            colon.write(f)?;
            write!(f, "#({})", t.value)?;
        }
        if let Some(t) = &self.pointer_type {
            colon.write(f)?;
            write!(f, "*({})", t.value)?;
        }
        let e = self.element_size_bits_value();
        if e != 0 {
            colon.write(f)?;
            write!(f, "E({e})")?;
        }
        let s = self.memory_space_value();
        if s != 0 {
            colon.write(f)?;
            write!(f, "S({s})")?;
        }
        if !self.split_configs.is_empty() {
            colon.write(f)?;
            f.write_str("SC")?;
            for sc in &self.split_configs {
                write!(f, "({}:", sc.value.dimension.value)?;
                write_list(f, sc.value.indices.iter().map(|i| i.value))?;
                f.write_char(')')?;
            }
        }
        if let Some(p) = &self.physical_shape {
            colon.write(f)?;
            write!(f, "P({})", p.value)?;
        }
        let m = self.dynamic_shape_metadata_prefix_bytes_value();
        if m > 0 {
            colon.write(f)?;
            write!(f, "M({m})")?;
        }
        f.write_char('}')
    }
}

/// Writes `:` the first time only.
struct Colon(bool);

impl Colon {
    fn write(&mut self, f: &mut Formatter<'_>) -> fmt::Result {
        if !self.0 {
            self.0 = true;
            f.write_char(':')?;
        }
        Ok(())
    }
}

fn write_list<T: Display>(f: &mut Formatter<'_>, items: impl Iterator<Item = T>) -> fmt::Result {
    for (i, item) in items.enumerate() {
        if i > 0 {
            f.write_char(',')?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}
