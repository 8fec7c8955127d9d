"""xla_layout.shard: the CLI's JSON, and what XLA's SPMD partitioner itself
gives each device on 8 host CPU devices (conftest sets
XLA_FLAGS=--xla_force_host_platform_device_count=8)."""

import re

import pytest

import xla_layout as X

CASES = [
    ("f32[64,4096]{1,0:T(8,128)}", "{devices=[16,1]<=[16]}", None),
    ("f32[10,5]", "{devices=[4,2]<=[8]}", None),
    ("f16[10]", "{devices=[2,4]<=[2,2,2]T(1,0,2) last_tile_dim_replicate}", None),
    ("f32[8]", "{replicated}", 4),
    ("(f32[8], s8[4,4])", "{{devices=[2]0,1}, {replicated}}", 2),
    ("s32[48,7,130]", "{mesh['x'=8], [{'x'}, {}, {}]}", None),
]


@pytest.mark.parametrize("shape,sharding,devices", CASES)
def test_shard_matches_cli(cli, shape, sharding, devices):
    args = ["shard", shape, sharding]
    if devices is not None:
        args += ["--devices", str(devices)]
    assert X.shard(shape, sharding, devices=devices) == cli.json(*args)


def test_errors_carry_the_span():
    text = "{devices=[2]0,0}"
    with pytest.raises(X.LayoutError) as info:
        X.shard("f32[8]", text)
    start, end = info.value.span
    assert text[start:end] == "0" and start == 14
    assert "twice" in info.value.reason


# (global dims, PartitionSpec entries, mesh shape) run through jax.jit.
JAX_CASES = [
    ((48, 7, 130), ("x", None, None), (8,)),
    ((5, 512, 12), (None, "y", "x"), (2, 4)),
    ((16, 8), ("x", None), (4, 2)),
    ((64, 256), (("x", "y"), None), (2, 4)),
    ((8, 24), ("y", "x"), (2, 4)),
    ((24,), (None,), (8,)),
]


@pytest.mark.parametrize("dims,spec,mesh_shape", JAX_CASES)
def test_per_device_shape_is_xlas(dims, spec, mesh_shape):
    jax = pytest.importorskip("jax")
    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices (conftest sets XLA_FLAGS)")
    import jax.numpy as jnp
    from jax.sharding import Mesh, NamedSharding, PartitionSpec
    import numpy as np

    names = ("x", "y")[: len(mesh_shape)]
    mesh = Mesh(np.array(jax.devices()[:8]).reshape(mesh_shape), names)
    s = NamedSharding(mesh, PartitionSpec(*spec))
    lowered = jax.jit(lambda a: a * 2, in_shardings=s, out_shardings=s).lower(
        jax.ShapeDtypeStruct(dims, jnp.float32))
    hlo = lowered.as_text(dialect="hlo")
    param = re.search(r"f32\[[\d,]*\]\{[\d,]*\} parameter\(0\)(?:, sharding=(\{[^\n]*?\}))?(?=[,\n ])", hlo)
    sharding = param.group(1) or "{replicated}"
    global_shape = "f32[%s]" % ",".join(map(str, dims))
    ours = X.shard(global_shape, sharding, devices=8)
    # XLA's partitioned module: the entry parameter's per-device shape.
    compiled = lowered.compile().as_text()
    entry = compiled[compiled.index("ENTRY"):]
    per_device = re.search(r"(f32\[[\d,]*\])\{[^}]*\} parameter\(0\)", entry).group(1)
    assert ours["shard"].split("{")[0] == per_device, (sharding, ours["shard"], per_device)
    # And what JAX says each device holds, index by index.
    held = s.devices_indices_map(dims)
    by_id = {d["device"]: d for d in ours["devices"]}
    flat = list(np.array(jax.devices()[:8]).reshape(mesh_shape).flat)
    for position, device in enumerate(flat):
        ranges = [[sl.start or 0, dims[i] if sl.stop is None else sl.stop] for i, sl in enumerate(held[device])]
        assert by_id[position]["ranges"] == ranges, (sharding, position)


def test_mesh_and_spec_match_the_cli(cli):
    expected = cli.json("shard", "f32[16,8]", "--mesh", "x=4,y=2", "--spec", "'y', 'x'")
    assert X.shard("f32[16,8]", mesh="x=4,y=2", spec="'y', 'x'") == expected
    assert expected["sharding"] == "{devices=[2,4]<=[4,2]T(1,0)}"


def test_named_sharding_repr_is_read():
    jax = pytest.importorskip("jax")
    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices (conftest sets XLA_FLAGS)")
    from jax.sharding import NamedSharding, PartitionSpec as P
    mesh = jax.make_mesh((2, 4), ("x", "y"))
    s = NamedSharding(mesh, P("y", None))
    ours = X.shard("f32[16,8]", repr(s))
    assert ours["sharding"] == str(s._to_xla_hlo_sharding(2))
