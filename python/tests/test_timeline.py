"""`timeline(x)`: XLA's dump files read by the core's reader, against
XLA's own `memory_analysis()` of real jitted programs (one device, donated
arguments, sharded over 8 host devices) and against the CLI's
`timeline --json` on the committed fixtures."""

import os
import xml.etree.ElementTree as ET

import pytest

import xla_layout as X
from conftest import FIXTURES

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")


def totals_match(t, compiled):
    ma = compiled.memory_analysis()
    (m,) = t["modules"]
    assert m["totals"] == {
        "arguments": ma.argument_size_in_bytes,
        "outputs": ma.output_size_in_bytes,
        "aliased": ma.alias_size_in_bytes,
        "temp": ma.temp_size_in_bytes,
        "host_arguments": ma.host_argument_size_in_bytes,
        "host_outputs": ma.host_output_size_in_bytes,
        "host_aliased": ma.host_alias_size_in_bytes,
        "host_temp": ma.host_temp_size_in_bytes,
    }
    return m


def mlp(x, w1, w2):
    return jnp.sum(jnp.tanh(x @ w1) @ w2)


def test_a_lowered_program_is_dumped_and_read():
    lowered = jax.jit(mlp).lower(jnp.zeros((32, 64)), jnp.zeros((64, 128)), jnp.zeros((128, 16)))
    m = totals_match(X.timeline(lowered), lowered.compile())
    assert m["partitions"] == 1
    assert m["peak"]["bytes"] == max(s["bytes"] for s in m["steps"])
    assert m["xla_peak"]["step"] < len(m["steps"])
    # XLA's list of its peak: each value it names is live there.
    live = {v["name"] for v in m["values"] if v["start"] <= m["xla_peak"]["step"] <= v["end"]}
    assert {name for name, _ in m["xla_peak"]["values"]} <= live


def test_donated_arguments_are_aliased():
    def step(w, x):
        return w - 0.1 * jnp.tanh(x.T @ x @ w), jnp.sum(x)

    lowered = jax.jit(step, donate_argnums=0).lower(jnp.zeros((64, 64)), jnp.zeros((8, 64)))
    m = totals_match(X.timeline(lowered), lowered.compile())
    assert m["totals"]["aliased"] == 64 * 64 * 4


def test_a_sharded_program_is_read_per_device():
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as P
    import numpy as np

    if len(jax.devices()) < 8:
        pytest.skip("needs 8 host devices (XLA_FLAGS in conftest.py)")
    mesh = Mesh(np.array(jax.devices()[:8]).reshape(4, 2), ("x", "y"))

    def arg(dims, *spec):
        return jax.ShapeDtypeStruct(dims, jnp.float32, sharding=NamedSharding(mesh, P(*spec)))

    lowered = jax.jit(mlp).lower(arg((32, 64), "x", None), arg((64, 128), None, "y"), arg((128, 16), "y", None))
    m = totals_match(X.timeline(lowered), lowered.compile())
    assert m["partitions"] == 8
    # Per device: x is cut 4 ways, w1 2 ways, w2 2 ways.
    assert m["totals"]["arguments"] == (32 * 64 // 4 + 64 * 128 // 2 + 128 * 16 // 2) * 4
    params = sorted((a for a in m["allocations"] if a["parameter"] is not None), key=lambda a: a["parameter"])
    assert all(a["sharding"].startswith("{devices=") for a in params), params
    # Each parameter's whole array, as jax sees the argument.
    assert [a["shard"]["global_dims"] for a in params] == [[32, 64], [64, 128], [128, 16]]


@pytest.mark.parametrize("jax_version", ["jax-0.10.2", "jax-0.4.38"])
def test_a_dump_folder_reads_as_the_cli_does(cli, jax_version):
    folder = FIXTURES / "dump" / jax_version
    assert X.timeline(folder) == cli.json("timeline", str(folder))
    assert X.timeline(str(folder)) == X.timeline(sorted(str(p) for p in folder.iterdir() if not p.name.endswith(".json")))


def test_what_cannot_be_read_is_said(tmp_path):
    with pytest.raises(ValueError, match="holds no XLA dump files"):
        X.timeline(tmp_path)
    compiled = jax.jit(lambda a: a + 1).lower(jnp.zeros(4)).compile()
    with pytest.raises(TypeError, match="pass the Lowered"):
        X.timeline(compiled)
    lr = tmp_path / "module_0001.f.cpu_after_optimizations-live-range.txt"
    lr.write_text("HloLiveRange (max 1):\n  InstructionSequence:\n    0:a\n  BufferLiveRange:\n    a{}:0-1\n")
    (m,) = X.timeline(lr)["modules"]
    assert any("without its buffer assignment" in p["message"] for p in m["problems"])


def test_show_draws_every_module_and_escapes_names():
    t = X.timeline(FIXTURES / "dump" / "jax-0.10.2")
    svg = t.show().svg
    root = ET.fromstring(svg)
    titles = [el.text for el in root.iter("{http://www.w3.org/2000/svg}text") if el.get("class") == "title"]
    assert len(titles) == len(t["modules"])
    assert "XLA's stated peak, step 5" in svg  # jit_mlp: stated 5, fullest 4
    hostile = X.Timeline({"modules": [dict(t["modules"][0], name='<script>alert("x")</script>&')]})
    svg = hostile.show()._repr_svg_()
    ET.fromstring(svg)
    assert "<script>" not in svg and "&lt;script&gt;" in svg


def test_the_chart_draws_many_steps_per_pixel_column():
    steps = [{"instruction": f"i{k}", "bytes": (k * 7919) % 1000, "unpadded": 0} for k in range(100_000)]
    t = X.Timeline({"modules": [{"name": "big", "steps": steps, "peak": {"step": 3, "bytes": 999}}]})
    svg = t.show(width=400).svg
    # At most two points per pixel column per line.
    assert svg.count(",") < 4 * 400 + 100
