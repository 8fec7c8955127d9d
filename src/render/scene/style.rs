//! What a pane's picture depends on besides the mapping and its camera.

use crate::render::world::colour::Theme;
use crate::render::world::raster::Colouring;

/// What one pane needs besides the mapping and its camera.
pub struct Style<'a> {
    pub colours: &'a Colouring,
    pub theme: &'a Theme,
    pub labelling: &'a Labelling<'a>,
    /// Most cell samples in the pane (`world::raster::MAX_SAMPLES` on the
    /// canvas; files keep fewer nodes).
    pub max_samples: u64,
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
