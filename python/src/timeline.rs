//! `timeline`: a program's memory over its run from XLA's dump files, as
//! the JSON `xla-layout timeline --json` prints (the core's `dump::read`,
//! serialized by serde_json as the CLI does).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use xla_layout_viz::core::dump::{read, Input};

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
