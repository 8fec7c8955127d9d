//! The checks behind [`ArrayLayout::new`](super::ArrayLayout::new), and
//! where a broken invariant is, so that the text validator can point at it.

use super::{DimSize, SplitConfig};
use crate::core::error::ErrorKind;

pub(super) fn check_permutation(m: &[usize], n: usize) -> Result<(), LayoutError> {
    let mut seen = vec![false; n.min(m.len())];
    for (i, &d) in m.iter().enumerate() {
        if d >= n {
            return Err(LayoutError::new(
                ErrorKind::DimOutOfRange {
                    dim: d as i64,
                    num_dims: n,
                },
                Locus::MinorToMajor(i),
            ));
        }
        if i < seen.len() {
            if seen[d] {
                return Err(LayoutError::new(
                    ErrorKind::DuplicateDim { dim: d },
                    Locus::MinorToMajor(i),
                ));
            }
            seen[d] = true;
        }
    }
    if m.len() != n {
        return Err(LayoutError::new(
            ErrorKind::MinorToMajorLength {
                expected: n,
                found: m.len(),
            },
            Locus::MinorToMajorList,
        ));
    }
    Ok(())
}

/// Split configs name a *physical* dimension, counted from the most major
/// (XLA's `LayoutUtil::MaxSplitSize` looks it up with `Major`).
pub(super) fn check_split_config(
    sc: &SplitConfig,
    dims: &[DimSize],
    physical: &[usize],
) -> Result<(), ErrorKind> {
    let Some(dim) = physical.get(sc.dimension).map(|&d| dims[d]) else {
        return Err(ErrorKind::DimOutOfRange {
            dim: sc.dimension as i64,
            num_dims: dims.len(),
        });
    };
    let mut prev = 0u64;
    for &i in &sc.split_indices {
        let inside = dim.extent().is_none_or(|size| i < size);
        if i == 0 || i <= prev || !inside {
            return Err(ErrorKind::BadSplitIndex { index: i });
        }
        prev = i;
    }
    Ok(())
}

/// Which part of a layout an error is about, so that the text validator can
/// point at the characters that wrote it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Locus {
    /// Dimension `i` (in dimension-number order).
    Dim(usize),
    /// The whole minor_to_major list.
    MinorToMajorList,
    /// Entry `i` of minor_to_major.
    MinorToMajor(usize),
    /// Tiling level `level` (0-based).
    Tile {
        level: usize,
    },
    /// Entry `entry` of tiling level `level`.
    TileEntry {
        level: usize,
        entry: usize,
    },
    TailAlignment,
    ElementSize,
    MemorySpace,
    IndexType,
    PointerType,
    /// Split config `k` (0-based).
    SplitConfig(usize),
    DynamicPrefix,
}

/// A broken invariant of [`ArrayLayout`], with where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LayoutError {
    pub kind: ErrorKind,
    pub locus: Locus,
}

impl LayoutError {
    pub fn new(kind: ErrorKind, locus: Locus) -> LayoutError {
        LayoutError { kind, locus }
    }

    pub(crate) fn at_level(mut self, level: usize) -> LayoutError {
        self.locus = match self.locus {
            Locus::Tile { .. } => Locus::Tile { level },
            Locus::TileEntry { entry, .. } => Locus::TileEntry { level, entry },
            other => other,
        };
        self
    }
}
