//! `scan` as the JSON the CLI prints with `scan --json`: the core's
//! `Record` serialized by the same serde_json call, one object per shape,
//! here gathered into one JSON array (one `json.loads` in Python instead of
//! one per line). tests/test_scan.py checks the objects against the CLI's
//! lines.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use xla_layout_viz::core::hlo::ScanIter;

/// `[record, record, ...]` for every shape in `text`, in the CLI's order.
/// The GIL is released while scanning and printing.
#[pyfunction]
pub fn scan_json(py: Python<'_>, text: &str) -> PyResult<String> {
    let owned = text.to_owned();
    py.detach(move || -> Result<String, String> {
        let mut out = String::with_capacity(2);
        out.push('[');
        for (n, found) in ScanIter::new(&owned).enumerate() {
            if n > 0 {
                out.push(',');
            }
            let line = serde_json::to_string(&found.record(&owned))
                .map_err(|e| format!("internal error: cannot print JSON: {e}"))?;
            out.push_str(&line);
        }
        out.push(']');
        Ok(out)
    })
    .map_err(PyValueError::new_err)
}
