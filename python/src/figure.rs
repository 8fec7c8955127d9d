//! `svg`: the figure `xla-layout svg` prints (`render::figure`), with the
//! CLI's option names; tests/test_svg.py checks byte equality.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use xla_layout_viz::render::figure::{svg_of_mapping, FigureOptions, FigureView};
use xla_layout_viz::render::scene::style::CellLabels;
use xla_layout_viz::render::world::{ColourMode, ThemeKind};

use xla_layout_viz::core::{parse, Analysis};
use xla_layout_viz::ui::shard_figure::{device_view, shard_svg};

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
    let options = options(view, labels, width, theme, colours)?;
    let owned = text.to_owned();
    drawn(py, text, move || {
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
        Ok(svg_of_mapping(
            &analysis.mapping,
            &shape.to_string(),
            &options,
        ))
    })
}

/// One device's shard under `field` (the app's sharding field: XLA's
/// text, a pasted `NamedSharding(..)`, or `mesh P(..)`), as `xla-layout svg
/// TEXT --sharding S [--device ID] ...` prints it (without the final
/// newline); `device` is the device's id, the first listed without one.
#[pyfunction]
#[pyo3(signature = (text, field, device=None, view="both", labels="auto", width=1200.0, theme="light", colours="offset"))]
#[allow(clippy::too_many_arguments)]
pub fn svg_shard(
    py: Python<'_>,
    text: &str,
    field: &str,
    device: Option<i64>,
    view: &str,
    labels: &str,
    width: f64,
    theme: &str,
    colours: &str,
) -> PyResult<String> {
    let options = options(view, labels, width, theme, colours)?;
    let (owned, field) = (text.to_owned(), field.to_owned());
    drawn(py, text, move || {
        let shape = parse(&owned).map_err(|e| Failure::Core(Box::new(e)))?;
        let v = device_view(&shape, &field, device).map_err(Failure::Plain)?;
        Ok(shard_svg(&v, &options))
    })
}

/// The document `draw` makes with the GIL released, without the one final
/// newline the CLI prints it with; its failure as the Python error that
/// points into `text`.
fn drawn(
    py: Python<'_>,
    text: &str,
    draw: impl FnOnce() -> Result<String, Failure> + Send,
) -> PyResult<String> {
    py.detach(move || {
        let mut svg = draw()?;
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

/// The position of device `device` (an id) among the devices the
/// sharding lists, as the `<xla-layout>` element's `device` attribute
/// counts them (the app's picker); the first without one.
#[pyfunction]
#[pyo3(signature = (text, field, device=None))]
pub fn shard_device_index(
    py: Python<'_>,
    text: &str,
    field: &str,
    device: Option<i64>,
) -> PyResult<usize> {
    let shape = parse(text).map_err(|e| errors::from_core(py, &e))?;
    device_view(&shape, field, device)
        .map(|v| v.device)
        .map_err(|reason| errors::plain(py, text, reason))
}

/// The figure options from the CLI's option names.
fn options(
    view: &str,
    labels: &str,
    width: f64,
    theme: &str,
    colours: &str,
) -> PyResult<FigureOptions> {
    Ok(FigureOptions {
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
