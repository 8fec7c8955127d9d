//! `explain`, `compare` and `info` as the JSON text the CLI prints with
//! `--json`: the same Rust types through the same serde_json call, so the
//! Python dicts and the CLI cannot drift (tests/test_cli_json.py checks).

use pyo3::prelude::*;
use xla_layout_viz::core::compare::compare;
use xla_layout_viz::core::explain::Explanation;
use xla_layout_viz::core::steps::StepsReport;
use xla_layout_viz::core::summary::Summary;
use xla_layout_viz::core::{parse, Analysis, ArrayShape, Shape};

use crate::errors;

/// Why a report failed: a core error with its span, or a plain reason.
enum Failure {
    Core(Box<xla_layout_viz::core::Error>),
    Plain(String),
    Compare(Box<xla_layout_viz::core::compare::CompareError>),
}

impl Failure {
    fn into_py(self, py: Python<'_>, input: &str) -> PyErr {
        match self {
            Failure::Core(e) => errors::from_core(py, &e),
            Failure::Plain(reason) => errors::plain(py, input, reason),
            Failure::Compare(e) => {
                errors::layout_error(py, e.to_string(), e.reason.clone(), &e.input, e.span)
            }
        }
    }
}

fn core(e: xla_layout_viz::core::Error) -> Failure {
    Failure::Core(Box::new(e))
}

fn one_array<'a>(shape: &'a Shape, what: &str) -> Result<&'a ArrayShape, Failure> {
    match shape.leaves().as_slice() {
        [(_, only)] => Ok(*only),
        [] => Err(Failure::Plain(format!("`{shape}` holds no array"))),
        _ => Err(Failure::Plain(format!(
            "`{shape}` is a tuple: {what} one array at a time"
        ))),
    }
}

fn json<T: serde::Serialize>(value: &T) -> Result<String, Failure> {
    serde_json::to_string(value)
        .map_err(|e| Failure::Plain(format!("internal error: cannot print JSON: {e}")))
}

/// `explain --json [--at I,J]`: the explanation, with the steps report's
/// keys (`steps`, `offset`) added when `at` is given.
#[pyfunction]
#[pyo3(signature = (text, at=None))]
pub fn explain_json(py: Python<'_>, text: &str, at: Option<Vec<u64>>) -> PyResult<String> {
    let owned = text.to_owned();
    py.detach(move || -> Result<String, Failure> {
        let shape = parse(&owned).map_err(core)?;
        let array = one_array(&shape, "explain")?;
        let e = Explanation::of(array).map_err(core)?;
        let mut object = match serde_json::to_value(&e) {
            Ok(serde_json::Value::Object(o)) => o,
            _ => return Err(Failure::Plain("internal error: explanation JSON".into())),
        };
        if let Some(index) = at {
            let layout = Analysis::of(array).map_err(core)?.layout;
            let report = StepsReport::new(&layout, &index)
                .map_err(|e| Failure::Plain(format!("at: {e}")))?;
            if let Ok(serde_json::Value::Object(steps)) = serde_json::to_value(&report) {
                object.extend(steps);
            }
        }
        json(&object)
    })
    .map_err(|f| f.into_py(py, text))
}

/// `compare A B --json`.
#[pyfunction]
pub fn compare_json(py: Python<'_>, a: &str, b: &str) -> PyResult<String> {
    let (a_owned, b_owned) = (a.to_owned(), b.to_owned());
    let result = py.detach(move || -> Result<String, (Failure, bool)> {
        let sa = parse(&a_owned).map_err(|e| (core(e), false))?;
        let sb = parse(&b_owned).map_err(|e| (core(e), true))?;
        let aa = one_array(&sa, "compare").map_err(|f| (f, false))?;
        let ab = one_array(&sb, "compare").map_err(|f| (f, true))?;
        let c = compare(aa, ab).map_err(|e| (Failure::Compare(Box::new(e)), true))?;
        json(&c).map_err(|f| (f, false))
    });
    result.map_err(|(f, second)| f.into_py(py, if second { b } else { a }))
}

/// `info --json`.
#[pyfunction]
pub fn info_json(py: Python<'_>, text: &str) -> PyResult<String> {
    let owned = text.to_owned();
    py.detach(move || {
        let shape = parse(&owned).map_err(core)?;
        json(&Summary::of(&shape))
    })
    .map_err(|f| f.into_py(py, text))
}
