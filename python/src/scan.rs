//! `scan` as the JSON the CLI prints with `scan --json`: the core's
//! `Record` written by the same JSON writer as `xla-layout scan --json`
//! (`Record::write_json`, byte for byte serde_json's), one object per shape.
//!
//! `scan_records` keeps the scan's results in Rust ([`ScanRecords`]: the
//! text and the core's `Finds`, spans into it); Python builds a record's
//! dict only when it is looked at (`xla_layout.ScanResult`), so a scan of
//! a 50 MB module costs about what `xla-layout scan` costs, not that plus
//! a million dicts. `scan_json` gives every record at once (one JSON
//! array). tests/test_scan.py checks both against the CLI's lines.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use xla_layout_viz::core::hlo::{scan, Finds, FoundRef, ScanChunks, MAX_SCAN_LEN, TOO_LONG_HINT};

/// `[record, record, ...]` for every shape in `text`, in the CLI's order.
/// The GIL is released while scanning and printing.
#[pyfunction]
pub fn scan_json(py: Python<'_>, text: &str) -> PyResult<String> {
    fits(text)?;
    let owned = text.to_owned();
    py.detach(move || {
        // Printed as found, a chunk at a time: no vector of every find
        // first.
        let chunks = ScanChunks::new(&owned);
        let mut n = 0;
        let mut out = vec![b'['];
        for chunk in chunks {
            write_array(&owned, &chunk, &mut n, &mut out);
        }
        finish_array(out)
    })
    .map_err(PyValueError::new_err)
}

/// The scan of `text`, held in Rust; the GIL is released while scanning
/// (on every core for a text of several megabytes, as the core's `scan`).
#[pyfunction]
pub fn scan_records(py: Python<'_>, text: &str) -> PyResult<ScanRecords> {
    fits(text)?;
    let owned = text.to_owned();
    Ok(py.detach(move || {
        let found = scan(&owned);
        ScanRecords { text: owned, found }
    }))
}

/// A text longer than the scanner reads is a `ValueError`, not an empty
/// scan.
fn fits(text: &str) -> PyResult<()> {
    if text.len() > MAX_SCAN_LEN {
        return Err(PyValueError::new_err(format!(
            "scan: the text is {} bytes of UTF-8, longer than {MAX_SCAN_LEN}: {TOO_LONG_HINT}",
            text.len()
        )));
    }
    Ok(())
}

/// Every shape found in one text, in the text's order, as the core found
/// them; records are printed on request.
#[pyclass(frozen, module = "xla_layout._native")]
pub struct ScanRecords {
    text: String,
    found: Finds,
}

#[pymethods]
impl ScanRecords {
    fn __len__(&self) -> usize {
        self.found.len()
    }

    /// The records `start..stop` (clamped to the length) as one JSON
    /// array; the GIL is released while printing.
    fn json(&self, py: Python<'_>, start: usize, stop: usize) -> PyResult<String> {
        let stop = stop.min(self.found.len());
        let start = start.min(stop);
        py.detach(|| {
            let finds = self.found.iter().skip(start).take(stop - start);
            let mut out = vec![b'['];
            write_array(&self.text, finds, &mut 0, &mut out);
            finish_array(out)
        })
        .map_err(PyValueError::new_err)
    }

    /// Record `i` as one JSON object.
    fn json_one(&self, i: usize) -> PyResult<String> {
        let found = self
            .found
            .get(i)
            .ok_or_else(|| PyIndexError::new_err("ScanResult index out of range"))?;
        let mut buf = Vec::new();
        found.write_json(&self.text, &mut buf);
        String::from_utf8(buf)
            .map_err(|e| PyValueError::new_err(format!("internal error: cannot print JSON: {e}")))
    }

    /// The records' numbers, most bytes of padding (`bytes_footprint -
    /// bytes_data`) first, records without both sizes last; ties keep the
    /// text's order (a stable sort), as `ScanResult.by_waste`.
    fn waste_order(&self, py: Python<'_>) -> Vec<usize> {
        py.detach(|| {
            let mut order: Vec<(bool, i128, usize)> = self
                .found
                .iter()
                .enumerate()
                .map(|(i, found)| {
                    let r = found.record(&self.text);
                    match (r.bytes_footprint, r.bytes_data) {
                        // -(f - d) in i128: no u64 pair overflows it.
                        (Some(f), Some(d)) => (false, i128::from(d) - i128::from(f), i),
                        _ => (true, 0, i),
                    }
                })
                .collect();
            order.sort_unstable();
            order.into_iter().map(|(_, _, i)| i).collect()
        })
    }
}

/// Appends the records of `found` to the JSON array in `out`, `n`
/// records in so far.
fn write_array<'a>(
    text: &str,
    found: impl IntoIterator<Item = FoundRef<'a>>,
    n: &mut usize,
    out: &mut Vec<u8>,
) {
    for f in found {
        if *n > 0 {
            out.push(b',');
        }
        *n += 1;
        f.write_json(text, out);
    }
}

fn finish_array(mut out: Vec<u8>) -> Result<String, String> {
    out.push(b']');
    String::from_utf8(out).map_err(|e| format!("internal error: cannot print JSON: {e}"))
}
