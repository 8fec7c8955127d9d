//! One array leaf, fully analysed: its layout, its mapping and its sizes,
//! with any failure located in the text.

use crate::core::array::ArrayLayout;
use crate::core::ast::ArrayShape;
use crate::core::error::{Error, ErrorKind};
use crate::core::mapping::Mapping;
use crate::core::stats::Stats;

/// Everything the app and the CLI compute for one array.
#[derive(Clone, Debug)]
pub struct Analysis {
    pub layout: ArrayLayout,
    pub mapping: Mapping,
    pub stats: Stats,
}

impl Analysis {
    /// Lays out `array` (from a validated shape). Fails, pointing at the
    /// text, on unbounded `?` dims and on sizes beyond int64.
    pub fn of(array: &ArrayShape) -> Result<Analysis, Error> {
        Analysis::build(array, None)
    }

    /// Lays out `array` with the older Layout proto's `padded_dimensions`
    /// (one size per dimension, dimension-number order).
    pub fn with_padded_dims(array: &ArrayShape, padded: &[u64]) -> Result<Analysis, Error> {
        Analysis::build(array, Some(padded))
    }

    /// From a validated layout and the mapping built to validate it
    /// ([`ArrayShape::validate_mapped`]): nothing is built twice.
    pub(crate) fn of_validated(
        array: &ArrayShape,
        layout: ArrayLayout,
        mapping: Result<Mapping, ErrorKind>,
    ) -> Result<Analysis, Error> {
        Analysis::finish(array, layout, |_| mapping)
    }

    fn build(array: &ArrayShape, padded: Option<&[u64]>) -> Result<Analysis, Error> {
        let layout = array.layout()?;
        Analysis::finish(array, layout, |layout| match padded {
            None => Mapping::new(layout),
            Some(p) => Mapping::with_padded_dims(layout, p),
        })
    }

    fn finish(
        array: &ArrayShape,
        layout: ArrayLayout,
        mapping: impl FnOnce(&ArrayLayout) -> Result<Mapping, ErrorKind>,
    ) -> Result<Analysis, Error> {
        let locate = |kind: ErrorKind| {
            let span = match kind {
                ErrorKind::UnboundedDim { dim } => {
                    array.dims.get(dim).map_or(array.dims_span, |d| d.span)
                }
                ErrorKind::PaddedDimsLength { .. } | ErrorKind::PaddedDimTooSmall { .. } => {
                    array.dims_span
                }
                _ => array.span,
            };
            Error::in_source(kind, span, &array.source)
        };
        let mapping = mapping(&layout).map_err(locate)?;
        let stats = Stats::new(&layout, &mapping).map_err(locate)?;
        Ok(Analysis {
            layout,
            mapping,
            stats,
        })
    }
}
