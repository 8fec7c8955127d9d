//! What a pane's picture depends on besides the mapping and its camera.

use crate::core::{Mapping, PaddingSource};
use crate::render::world::colour::Theme;
use crate::render::world::views::{Pane, Probe};

use super::memory::index_text;
use crate::render::world::raster::Colouring;

/// What one pane needs besides the mapping and its camera.
pub struct Style<'a> {
    pub colours: &'a Colouring,
    pub theme: &'a Theme,
    pub labelling: &'a Labelling<'a>,
    /// Most cell samples in the pane (`world::raster::MAX_SAMPLES` on the
    /// canvas; files keep fewer nodes).
    pub max_samples: u64,
    /// What cells say (figures choose; the canvas uses `Auto`).
    pub cell_labels: CellLabels,
}

impl<'a> Style<'a> {
    /// The canvas's style: at most `world::raster::MAX_SAMPLES` samples,
    /// cells labelled as the canvas chooses (`CellLabels::Auto`).
    pub fn canvas(
        colours: &'a Colouring,
        theme: &'a Theme,
        labelling: &'a Labelling<'a>,
    ) -> Style<'a> {
        Style {
            colours,
            theme,
            labelling,
            max_samples: crate::render::world::raster::MAX_SAMPLES,
            cell_labels: CellLabels::Auto,
        }
    }
}

/// What the cells of a pane are labelled with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CellLabels {
    /// Letters for arrays of at most 26 elements, else the memory offset
    /// in the logical view and the element's index in the memory view.
    #[default]
    Auto,
    /// The memory offset, in both views.
    Offset,
    /// The element's index (`2,3`), in both views.
    Index,
    /// `a, b, c, ...` by row-major id (wrapping after `z`).
    Letters,
    /// No cell labels (the older proto's padding value neither).
    None,
}

impl CellLabels {
    pub fn from_name(name: &str) -> Option<CellLabels> {
        Some(match name {
            "auto" => CellLabels::Auto,
            "offset" => CellLabels::Offset,
            "index" => CellLabels::Index,
            "letters" => CellLabels::Letters,
            "none" => CellLabels::None,
            _ => return None,
        })
    }

    /// What the cell showing `probe` says in `pane`.
    pub fn text(
        self,
        probe: Probe,
        pane: Pane,
        labelling: &Labelling<'_>,
        mapping: &Mapping,
    ) -> Option<String> {
        use CellLabels as L;
        let mode = match self {
            L::Auto if labelling.letters => L::Letters,
            L::Auto => match pane {
                // A logical cell says where it is in memory; a memory cell
                // which element it holds.
                Pane::Logical => L::Offset,
                Pane::Memory => L::Index,
            },
            other => other,
        };
        match probe {
            _ if mode == L::None => None,
            Probe::Element { id, .. } if mode == L::Letters => Some(Labelling::letter(id)),
            Probe::Element { offset, .. } if mode == L::Offset => Some(offset.to_string()),
            Probe::Element { id, .. } => Some(index_text(id, mapping)),
            Probe::Padding {
                source: PaddingSource::LegacyPadding,
                ..
            } => labelling.pad_label.map(str::to_owned),
            _ => None,
        }
    }
}

/// What the cells of a picture are labelled with.
pub struct Labelling<'a> {
    /// Letters `a, b, c, ...` by row-major id (arrays of at most 26
    /// elements, like the seeds' `a b c / d e f`), else numbers.
    pub letters: bool,
    /// The older proto's padding value, shown on its padding cells.
    pub pad_label: Option<&'a str>,
}

impl Labelling<'_> {
    pub fn letter(id: u64) -> String {
        char::from(b'a' + (id % 26) as u8).to_string()
    }
}
