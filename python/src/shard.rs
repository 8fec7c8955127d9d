//! `shard`: what each device holds of a sharded array, as the JSON text
//! `xla-layout shard --json` prints (the same core functions).

use pyo3::prelude::*;
use xla_layout_viz::core::parse;
use xla_layout_viz::core::sharding::jax::JaxError;
use xla_layout_viz::core::sharding::{shard_given, shard_json, ShardFailure};

use crate::errors;

/// `shard SHAPE (SHARDING | --mesh M --spec S) [--devices N] --json`.
#[pyfunction]
#[pyo3(signature = (shape, sharding=None, devices=None, mesh=None, spec=None))]
pub fn shard_json_text(
    py: Python<'_>,
    shape: &str,
    sharding: Option<&str>,
    devices: Option<u64>,
    mesh: Option<&str>,
    spec: Option<&str>,
) -> PyResult<String> {
    let shape_text = shape.to_owned();
    let (sharding, mesh, spec) = (
        sharding.map(str::to_owned),
        mesh.map(str::to_owned),
        spec.map(str::to_owned),
    );
    let result = py.detach(move || -> Result<String, ShardFailure> {
        let shape = parse(&shape_text).map_err(ShardFailure::Shape)?;
        let (sharding, reports) = shard_given(
            &shape,
            sharding.as_deref(),
            mesh.as_deref(),
            spec.as_deref(),
            devices,
        )?;
        Ok(shard_json(&sharding, &reports).expect("reports serialise"))
    });
    result.map_err(|failure| match failure {
        ShardFailure::Shape(e) => errors::from_core(py, &e),
        ShardFailure::Sharding(e) | ShardFailure::Jax(JaxError::Mesh(e) | JaxError::Spec(e)) => {
            errors::layout_error(py, e.to_string(), e.reason(), e.input(), Some(e.span()))
        }
        ShardFailure::Usage(why) => errors::plain(py, shape, why),
    })
}
