//! `svg`: the figure `xla-layout svg` prints (`render::figure`), with the
//! CLI's option names; tests/test_svg.py checks byte equality.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use xla_layout_viz::render::figure::{svg_of_mapping, FigureOptions, FigureView};
use xla_layout_viz::render::scene::style::CellLabels;
use xla_layout_viz::render::world::{ColourMode, ThemeKind};

use xla_layout_viz::core::{parse, Analysis};

use crate::errors;

fn choice<T: Copy>(what: &str, value: &str, table: &[(&str, T)]) -> PyResult<T> {
    table
        .iter()
        .find(|(name, _)| *name == value)
        .map(|(_, v)| *v)
        .ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            PyValueError::new_err(format!(
                "{what} must be one of {} (found {value:?})",
                names.join(", ")
            ))
        })
}

/// The SVG document of the shape's (only) array, as `xla-layout svg TEXT
/// --view V --labels L --width W --theme T --colours C` prints it
/// (without the final newline). A tuple of several arrays is refused.
#[pyfunction]
#[pyo3(signature = (text, view="both", labels="auto", width=1200.0, theme="light", colours="offset"))]
pub fn svg(
    py: Python<'_>,
    text: &str,
    view: &str,
    labels: &str,
    width: f64,
    theme: &str,
    colours: &str,
) -> PyResult<String> {
    let options = FigureOptions {
        view: choice(
            "view",
            view,
            &[
                ("both", FigureView::Both),
                ("logical", FigureView::Logical),
                ("memory", FigureView::Memory),
            ],
        )?,
        width,
        theme: choice(
            "theme",
            theme,
            &[("light", ThemeKind::Light), ("dark", ThemeKind::Dark)],
        )?,
        mode: choice(
            "colours",
            colours,
            &[
                ("offset", ColourMode::Offset),
                ("logical", ColourMode::Logical),
                ("tile", ColourMode::Tile),
            ],
        )?,
        labels: choice(
            "labels",
            labels,
            &[
                ("auto", CellLabels::Auto),
                ("offset", CellLabels::Offset),
                ("index", CellLabels::Index),
                ("letters", CellLabels::Letters),
                ("none", CellLabels::None),
            ],
        )?,
    };
    let owned = text.to_owned();
    py.detach(move || -> Result<String, Failure> {
        // As the CLI (`xla-layout svg` without --leaf): the only array
        // leaf is drawn, titled with the whole shape's text; none or
        // several are refused.
        let shape = parse(&owned).map_err(|e| Failure::Core(Box::new(e)))?;
        let leaves = shape.leaves();
        let array = match leaves.as_slice() {
            [(_, only)] => *only,
            [] => return Err(Failure::Plain(format!("`{shape}` holds no array"))),
            _ => {
                return Err(Failure::Plain(format!(
                    "`{shape}` is a tuple: svg draws one array at a time"
                )))
            }
        };
        let analysis = Analysis::of(array).map_err(|e| Failure::Core(Box::new(e)))?;
        let mut svg = svg_of_mapping(&analysis.mapping, &shape.to_string(), &options);
        // The CLI prints the document with one final newline.
        if svg.ends_with('\n') {
            svg.pop();
        }
        Ok(svg)
    })
    .map_err(|f| match f {
        Failure::Core(e) => errors::from_core(py, &e),
        Failure::Plain(reason) => errors::plain(py, text, reason),
    })
}

/// `_native.inline_svg`: a figure ready to sit inside an HTML page (see
/// `notebook::inline_figure`).
#[pyfunction]
pub fn inline_svg(svg: &str) -> String {
    crate::notebook::inline_figure(svg)
}

enum Failure {
    Core(Box<xla_layout_viz::core::Error>),
    Plain(String),
}
