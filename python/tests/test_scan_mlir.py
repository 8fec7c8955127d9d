"""`scan` of MLIR text (docs/scan.md, "MLIR text"): a `jax.stages.Lowered`
is read through its `as_text()`, StableHLO, and each sharded argument gets
the sharding JAX lowers it to and the shape one device holds, the same
records the CLI prints for the same text."""

import json
import subprocess

import pytest

import xla_layout as X
from conftest import FIXTURES

MLIR = sorted((FIXTURES / "mlir").glob("*.mlir"))


def cli_records(cli, path):
    done = subprocess.run(
        [str(cli.path), "scan", "--json", str(path)], capture_output=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]


@pytest.mark.parametrize("path", MLIR, ids=[p.name for p in MLIR])
def test_scan_of_mlir_matches_cli(cli, path):
    assert list(X.scan(path.read_text(encoding="utf-8"))) == cli_records(cli, path)


def test_scan_of_a_lowered_jax_program():
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")
    np = pytest.importorskip("numpy")
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices (XLA_FLAGS, conftest.py)")
    mesh = Mesh(np.array(jax.devices()[:8]).reshape(4, 2), ("x", "y"))
    x = jax.ShapeDtypeStruct((8, 6), jnp.float32, sharding=NamedSharding(mesh, P("x", None)))
    lowered = jax.jit(lambda a: a * 2).lower(x)
    got = X.scan(lowered)
    arg = next(r for r in got if r["role"] == "entry_parameter")
    # What XLA's own HLO text of the same lowering and the compiled
    # program say: the sharding, and one device's shape.
    hlo = lowered.as_text(dialect="hlo")
    assert f"sharding={arg['sharding']}" in hlo
    compiled = lowered.compile().as_text()
    assert arg["canonical"] == "f32[8,6]{1,0}"
    assert arg["per_device"] == "f32[2,6]{1,0}"
    assert "f32[2,6]" in compiled.splitlines()[0]
