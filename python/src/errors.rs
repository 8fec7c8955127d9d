//! `LayoutError`: a `ValueError` carrying the message and the byte span of
//! the offending characters.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use xla_layout_viz::core::Span;

create_exception!(
    _native,
    LayoutError,
    PyValueError,
    "A shape text XLA would reject (or one this package cannot lay out). \
     `str(e)` is the text, a caret line under the offending characters and \
     the reason; `e.span` is `(start, end)` in characters of the text, or \
     None; `e.reason` is the one-line reason; `e.text` the text."
);

/// A `LayoutError` from a rendered message, its reason, the input and the
/// byte span into it (converted to character offsets for Python).
pub fn layout_error(
    py: Python<'_>,
    message: String,
    reason: String,
    input: &str,
    span: Option<Span>,
) -> PyErr {
    let err = LayoutError::new_err(message);
    let value = err.value(py);
    let chars = |byte: usize| {
        let byte = byte.min(input.len());
        input.char_indices().take_while(|(i, _)| *i < byte).count()
    };
    let span = span.map(|s| (chars(s.start), chars(s.end.max(s.start))));
    // Setting attributes on a fresh exception object cannot fail in
    // practice; if it did, the error still carries its message.
    let _ = value.setattr("span", span);
    let _ = value.setattr("reason", reason);
    let _ = value.setattr("text", input);
    err
}

/// A core parse/validate/layout error.
pub fn from_core(py: Python<'_>, e: &xla_layout_viz::core::Error) -> PyErr {
    layout_error(py, e.to_string(), e.reason(), e.input(), Some(e.span()))
}

/// A failure with no place in the text (a tuple where one array is
/// needed, an index outside the array).
pub fn plain(py: Python<'_>, input: &str, reason: String) -> PyErr {
    layout_error(py, reason.clone(), reason, input, None)
}
