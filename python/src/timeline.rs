//! `timeline`: a program's memory over its run from XLA's dump files, as
//! the JSON `xla-layout timeline --json` prints (the core's `dump::read`,
//! serialized by serde_json as the CLI does), and its figure.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use xla_layout_viz::core::dump::{read, Input, Module};
use xla_layout_viz::render::timeline::timeline_svg;

/// `{"modules": [...], "problems": [...]}` for dump files given as
/// `(name, text)` pairs. The GIL is released while reading.
#[pyfunction]
pub fn timeline_json(py: Python<'_>, files: Vec<(String, String)>) -> PyResult<String> {
    py.detach(move || {
        let inputs: Vec<Input> = files
            .iter()
            .map(|(name, text)| Input { name, text })
            .collect();
        serde_json::to_string(&read(&inputs)).map_err(|e| e.to_string())
    })
    .map_err(PyValueError::new_err)
}

/// The figure `xla-layout timeline --svg` draws (`render::timeline`), of
/// the modules of a timeline dict given as JSON (missing fields default:
/// a dict built by hand draws too).
#[pyfunction]
pub fn timeline_svg_json(py: Python<'_>, json: &str, width: u32) -> PyResult<String> {
    #[derive(serde::Deserialize)]
    struct Modules {
        #[serde(default)]
        modules: Vec<Module>,
    }
    let json = json.to_owned();
    py.detach(move || {
        let t: Modules = serde_json::from_str(&json).map_err(|e| e.to_string())?;
        Ok::<String, String>(timeline_svg(&t.modules, width))
    })
    .map_err(PyValueError::new_err)
}
