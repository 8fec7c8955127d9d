//! The parts a layout is made of: dim sizes, tiles, split configs.

use super::checks::{LayoutError, Locus};
use super::MAX_SIZE;
use crate::core::error::ErrorKind;

/// One dimension's size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DimSize {
    /// A fixed size, `3`.
    Static(u64),
    /// A bounded dynamic size, `<=10`: at most the bound, and it occupies
    /// the bound in memory.
    Bounded(u64),
    /// An unbounded dynamic size, `?`: parses, but cannot be laid out.
    Unbounded,
}

impl DimSize {
    /// The size the dimension occupies in memory, if it has one.
    pub fn extent(self) -> Option<u64> {
        match self {
            DimSize::Static(n) | DimSize::Bounded(n) => Some(n),
            DimSize::Unbounded => None,
        }
    }
}

/// One entry of a tile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TileDim {
    /// A tile size in elements, `>= 1`.
    Size(u64),
    /// `*`: merge this dimension into the next more-minor one before tiling.
    Combine,
}

/// One tiling level, entries from most major to most minor as written:
/// `T(8,128)` is `[Size(8), Size(128)]`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tile {
    dims: Vec<TileDim>,
}

impl Tile {
    /// A tile with the given entries; checks invariant 2 for this tile.
    pub fn new(dims: Vec<TileDim>) -> Result<Tile, LayoutError> {
        if dims.is_empty() {
            return Err(LayoutError::new(
                ErrorKind::EmptyTile,
                Locus::Tile { level: 0 },
            ));
        }
        for (entry, d) in dims.iter().enumerate() {
            let locus = Locus::TileEntry { level: 0, entry };
            match *d {
                TileDim::Size(0) => {
                    return Err(LayoutError::new(
                        ErrorKind::TileSizeNotPositive { value: 0 },
                        locus,
                    ))
                }
                TileDim::Size(n) if n > MAX_SIZE => {
                    return Err(LayoutError::new(ErrorKind::TooLarge { value: n }, locus))
                }
                TileDim::Combine if entry + 1 == dims.len() => {
                    return Err(LayoutError::new(ErrorKind::CombineMostMinor, locus))
                }
                _ => {}
            }
        }
        Ok(Tile { dims })
    }

    /// Entries from most major to most minor.
    pub fn dims(&self) -> &[TileDim] {
        &self.dims
    }

    /// Number of entries (the number of most-minor dims the tile covers).
    pub fn len(&self) -> usize {
        self.dims.len()
    }

    pub fn is_empty(&self) -> bool {
        self.dims.is_empty()
    }

    /// Elements in one tile: the product of the sizes (`*` entries count 1).
    /// `None` if it overflows XLA's int64.
    pub fn num_elements(&self) -> Option<u64> {
        self.dims.iter().try_fold(1u64, |acc, d| match d {
            TileDim::Size(n) => acc.checked_mul(*n).filter(|&p| p <= MAX_SIZE),
            TileDim::Combine => Some(acc),
        })
    }
}

/// `SC(dim:i,j)`: a dimension split into pieces at the given indices.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SplitConfig {
    pub dimension: usize,
    pub split_indices: Vec<u64>,
}
