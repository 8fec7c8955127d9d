//! `Shape`: a parsed shape text with its sizes (the `info --json` summary's
//! figures) and, for an array, its memory mapping.

use std::sync::Arc;

use pyo3::exceptions::PyIndexError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use xla_layout_viz::core::summary::{LeafSummary, Summary};
use xla_layout_viz::core::{parse as core_parse, Analysis, ArrayShape, Cell, Mapping};

use crate::{errors, notebook};

/// One shape: an array (or buffer of one), a tuple, a token or an opaque.
#[pyclass(frozen, module = "xla_layout._native")]
pub struct Shape {
    canonical: String,
    kind: &'static str,
    path: Vec<usize>,
    leaf: Option<LeafSummary>,
    mapping: Option<Arc<Mapping>>,
    leaves: Vec<Py<Shape>>,
    summary_json: String,
}

/// What one array leaf contributes, computed without the GIL.
struct LeafData {
    path: Vec<usize>,
    canonical: String,
    summary: Option<LeafSummary>,
    mapping: Option<Arc<Mapping>>,
}

fn leaf_data(path: Vec<usize>, array: &ArrayShape) -> LeafData {
    // Laid out once, for both the summary and the mapping.
    let analysis = Analysis::of(array);
    LeafData {
        path,
        canonical: array.to_string(),
        summary: LeafSummary::with(array, analysis.as_ref()),
        mapping: analysis.ok().map(|a| Arc::new(a.mapping)),
    }
}

/// Parses and validates an XLA shape text, e.g. `f32[3,5]{1,0:T(2,2)}`.
///
/// Raises `LayoutError` (a `ValueError`) pointing at the offending
/// characters when XLA would reject the text.
#[pyfunction]
pub fn parse(py: Python<'_>, text: &str) -> PyResult<Shape> {
    let text = text.to_owned();
    let parsed = py.detach(move || {
        let shape = core_parse(&text)?;
        let leaves: Vec<LeafData> = shape
            .leaves()
            .into_iter()
            .map(|(path, a)| leaf_data(path, a))
            .collect();
        // The whole shape's summary from the leaves' own: each leaf laid
        // out once (they come in the same order; any other is laid out).
        let mut given = leaves.iter();
        let summary = Summary::with(&shape, |path, array| match given.next() {
            Some(d) if d.path == path => d.summary.clone(),
            _ => LeafSummary::of(array),
        });
        let json = serde_json::to_string(&summary).unwrap_or_default();
        Ok((summary.canonical, summary.kind, json, leaves))
    });
    let (canonical, kind, summary_json, leaves) =
        parsed.map_err(|e: xla_layout_viz::core::Error| errors::from_core(py, &e))?;
    let single = matches!(kind, "array" | "buffer");
    let mut leaf_shapes = Vec::with_capacity(leaves.len());
    let mut own: Option<(Option<LeafSummary>, Option<Arc<Mapping>>)> = None;
    for data in leaves {
        if single {
            own = Some((data.summary.clone(), data.mapping.clone()));
        }
        let json = data
            .summary
            .as_ref()
            .and_then(|s| leaf_json(&data.canonical, s))
            .unwrap_or_default();
        leaf_shapes.push(Py::new(
            py,
            Shape {
                canonical: data.canonical,
                kind: "array",
                path: data.path,
                leaf: data.summary,
                mapping: data.mapping,
                leaves: Vec::new(),
                summary_json: json,
            },
        )?);
    }
    let (leaf, mapping) = own.unwrap_or((None, None));
    Ok(Shape {
        canonical,
        kind,
        path: Vec::new(),
        leaf,
        mapping,
        leaves: leaf_shapes,
        summary_json,
    })
}

/// A leaf's `info --json` object: `canonical`, `kind` and its facts, as
/// the CLI prints for that array on its own.
fn leaf_json(canonical: &str, summary: &LeafSummary) -> Option<String> {
    let mut object = serde_json::Map::new();
    object.insert("canonical".into(), canonical.into());
    object.insert("kind".into(), "array".into());
    if let serde_json::Value::Object(fields) = serde_json::to_value(summary).ok()? {
        object.extend(fields);
    }
    serde_json::to_string(&object).ok()
}

impl Shape {
    fn mapping(&self, py: Python<'_>) -> PyResult<&Mapping> {
        match (&self.mapping, &self.leaf) {
            (Some(m), _) => Ok(m),
            (None, Some(leaf)) => Err(errors::plain(
                py,
                &self.canonical,
                leaf.mapping_error
                    .clone()
                    .unwrap_or_else(|| "this array cannot be laid out".to_owned()),
            )),
            (None, None) => Err(errors::plain(
                py,
                &self.canonical,
                format!(
                    "`{}` is a {}, not one array: use .leaves",
                    self.canonical, self.kind
                ),
            )),
        }
    }
}

#[pymethods]
impl Shape {
    /// The text as XLA prints it (`f32[3,5]{1,0:T(2,2)}`).
    #[getter]
    fn canonical(&self) -> &str {
        &self.canonical
    }

    /// `array`, `tuple`, `buffer`, `token` or `opaque`.
    #[getter]
    fn kind(&self) -> &str {
        self.kind
    }

    /// The index path of this leaf inside its tuple (`()` for the shape
    /// itself).
    #[getter]
    fn path<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.path)
    }

    /// Sizes in dimension-number order; a bounded dim at its bound, an
    /// unbounded `?` as None. None for tuples, tokens and opaques.
    #[getter]
    fn dims(&self) -> Option<Vec<Option<u64>>> {
        self.leaf.as_ref().map(|l| l.dims.clone())
    }

    /// The element type's name (`f32`, `bf16`, `s4`, ...).
    #[getter]
    fn dtype(&self) -> Option<&str> {
        self.leaf.as_ref().map(|l| l.element_type.as_str())
    }

    /// Number of elements.
    #[getter]
    fn elements(&self) -> Option<u64> {
        self.leaf.as_ref().and_then(|l| l.elements)
    }

    /// Bytes of the data alone (`E(n)` bits where narrower than the type).
    #[getter]
    fn bytes_data(&self) -> Option<u64> {
        self.leaf.as_ref().and_then(|l| l.bytes_data)
    }

    /// Bytes the array occupies, tiling and padding included.
    #[getter]
    fn bytes_footprint(&self) -> Option<u64> {
        self.leaf.as_ref().and_then(|l| l.bytes_footprint)
    }

    /// What XLA's `ShapeUtil::ArraySize` reports; None where XLA's figure
    /// is meaningless (see `info()["warnings"]`).
    #[getter]
    fn bytes_xla(&self) -> Option<u64> {
        self.leaf.as_ref().and_then(|l| l.bytes_xla)
    }

    /// Footprint bits over data bits (None for an empty array).
    #[getter]
    fn expansion(&self) -> Option<f64> {
        self.leaf.as_ref().and_then(|l| l.expansion)
    }

    /// Every array leaf as a `Shape` (with `.path`); an array is its own
    /// only leaf.
    #[getter]
    fn leaves(&self, py: Python<'_>) -> Vec<Py<Shape>> {
        self.leaves.iter().map(|s| s.clone_ref(py)).collect()
    }

    /// The `info --json` object of this shape as JSON text.
    fn info_json(&self) -> &str {
        &self.summary_json
    }

    /// The linear offset (in elements) of the element at `index`
    /// (dimension-number order). Raises IndexError outside the array.
    fn offset_of(&self, py: Python<'_>, index: Vec<i128>) -> PyResult<u64> {
        let mapping = self.mapping(py)?;
        let index: Option<Vec<u64>> = index.iter().map(|&i| u64::try_from(i).ok()).collect();
        index.and_then(|i| mapping.offset_of(&i)).ok_or_else(|| {
            PyIndexError::new_err(format!("index is not inside dims {:?}", mapping.dims()))
        })
    }

    /// The index of the element stored at linear `offset`, or None when
    /// the cell there is padding. Raises IndexError past the footprint.
    fn index_at<'py>(
        &self,
        py: Python<'py>,
        offset: i128,
    ) -> PyResult<Option<Bound<'py, PyTuple>>> {
        let mapping = self.mapping(py)?;
        let cell = u64::try_from(offset).ok().and_then(|o| mapping.at(o));
        match cell {
            None => Err(PyIndexError::new_err(format!(
                "offset {offset} is not inside the footprint of {} cells",
                mapping.footprint()
            ))),
            Some(Cell::Padding(_)) => Ok(None),
            Some(Cell::Element(id)) => {
                let mut index = vec![0; mapping.num_dims()];
                mapping.unravel(id, &mut index);
                PyTuple::new(py, index).map(Some)
            }
        }
    }

    /// The static SVG figure (`xla-layout svg` with its defaults) for
    /// notebooks; None when this is not one array that can be laid out.
    fn _repr_svg_(&self) -> Option<String> {
        self.mapping
            .as_ref()
            .map(|m| notebook::figure(m, &self.canonical))
    }

    /// HTML for notebooks: each array leaf's escaped text and its figure
    /// (or the escaped reason it has none).
    fn _repr_html_(&self, py: Python<'_>) -> String {
        let one = |shape: &Shape| {
            let svg = shape
                .mapping(py)
                .map(|m| notebook::figure(m, &shape.canonical))
                .map_err(|e| e.value(py).to_string());
            notebook::leaf_html(&shape.canonical, svg)
        };
        let parts: Vec<String> = if self.leaf.is_some() || self.leaves.is_empty() {
            vec![one(self)]
        } else {
            self.leaves.iter().map(|leaf| one(leaf.get())).collect()
        };
        format!("<div class=\"xla-layout-shape\">{}</div>", parts.concat())
    }

    fn __str__(&self) -> &str {
        &self.canonical
    }

    fn __repr__(&self) -> String {
        format!("xla_layout.parse({:?})", self.canonical)
    }
}
