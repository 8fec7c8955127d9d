//! `xla_layout._native`: the core's parse, sizes, mapping, explain and
//! compare for Python. The pure-Python package `xla_layout` wraps these
//! (JSON text becomes dicts there, so the dicts are byte for byte the
//! CLI's `--json`).
//!
//! Nothing here may panic: every failure of the core is a `Result` that
//! becomes `LayoutError` (the release profile aborts on panic, so
//! `catch_unwind` would not help).

mod errors;
mod figure;
mod notebook;
mod reports;
mod scan;
mod shape;
mod shard;
mod timeline;

use pyo3::prelude::*;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("LayoutError", m.py().get_type::<errors::LayoutError>())?;
    m.add_class::<shape::Shape>()?;
    m.add_function(wrap_pyfunction!(shape::parse, m)?)?;
    m.add_function(wrap_pyfunction!(reports::explain_json, m)?)?;
    m.add_function(wrap_pyfunction!(reports::compare_json, m)?)?;
    m.add_function(wrap_pyfunction!(reports::info_json, m)?)?;
    m.add_function(wrap_pyfunction!(scan::scan_json, m)?)?;
    m.add_function(wrap_pyfunction!(scan::scan_records, m)?)?;
    m.add_class::<scan::ScanRecords>()?;
    m.add_function(wrap_pyfunction!(shard::shard_json_text, m)?)?;
    m.add_function(wrap_pyfunction!(figure::svg, m)?)?;
    m.add_function(wrap_pyfunction!(figure::inline_svg, m)?)?;
    m.add_function(wrap_pyfunction!(timeline::timeline_json, m)?)?;
    m.add_function(wrap_pyfunction!(timeline::timeline_svg_json, m)?)?;
    m.add_function(wrap_pyfunction!(figure::svg_shard, m)?)?;
    m.add_function(wrap_pyfunction!(figure::shard_device_index, m)?)?;
    Ok(())
}
