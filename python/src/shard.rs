//! `shard`: what each device holds of a sharded array, as the JSON text
//! `xla-layout shard --json` prints (the same core function).

use pyo3::prelude::*;
use xla_layout_viz::core::parse;
use xla_layout_viz::core::sharding::{parse_sharding, shard_json, shard_parsed, ShardFailure};

use crate::errors;

/// `shard SHAPE SHARDING [--devices N] --json`.
#[pyfunction]
#[pyo3(signature = (shape, sharding, devices=None))]
pub fn shard_json_text(
    py: Python<'_>,
    shape: &str,
    sharding: &str,
    devices: Option<u64>,
) -> PyResult<String> {
    let (shape_text, sharding_text) = (shape.to_owned(), sharding.to_owned());
    let result = py.detach(move || -> Result<String, ShardFailure> {
        let shape = parse(&shape_text).map_err(ShardFailure::Shape)?;
        let sharding = parse_sharding(&sharding_text).map_err(ShardFailure::Sharding)?;
        let reports = shard_parsed(&shape, &sharding, &sharding_text, devices)?;
        Ok(shard_json(&sharding, &reports).expect("reports serialise"))
    });
    result.map_err(|failure| match failure {
        ShardFailure::Shape(e) => errors::from_core(py, &e),
        ShardFailure::Sharding(e) => {
            errors::layout_error(py, e.to_string(), e.reason(), e.input(), Some(e.span()))
        }
    })
}
