"""from_jax against the layout text XLA itself prints (PJRT's
`str(x._pjrt_layout)` on CPU), not against our printer."""

import re

import pytest

import xla_layout as X

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")
layout_mod = pytest.importorskip("jax.experimental.layout")
Format = layout_mod.Format
Layout = layout_mod.Layout


def xla_text(x):
    """XLA's own shape text: the dtype and dims, and PJRT's layout string."""
    return f"{X._jax.xla_dtype(x.dtype)}[{','.join(map(str, x.shape))}]{x._pjrt_layout}"


@pytest.mark.parametrize(
    "shape,dtype",
    [((3, 5), jnp.float32), ((2, 3, 4), jnp.bfloat16), ((7,), jnp.int8), ((2, 2), jnp.bool_)],
)
def test_default_layouts_match_pjrt(shape, dtype):
    x = jnp.zeros(shape, dtype)
    text = X.from_jax(x)
    assert text == xla_text(x)
    assert X.parse(text).canonical == text


def test_requested_major_to_minor_matches_pjrt():
    sharding = jax.sharding.SingleDeviceSharding(jax.devices()[0])
    f = jax.jit(lambda a: a * 2, out_shardings=Format(Layout(major_to_minor=(1, 0)), sharding))
    y = f(jnp.arange(15.0, dtype=jnp.float32).reshape(3, 5))
    assert str(y._pjrt_layout) == "{0,1}"  # XLA's own text: dim 0 most minor
    assert X.from_jax(y) == xla_text(y) == "f32[3,5]{0,1}"
    # and the element (2,3) of a column-major 3x5 array sits at 2 + 3*3.
    assert X.parse(X.from_jax(y)).offset_of((2, 3)) == 11


def test_shape_dtype_struct_with_and_without_format():
    sds = jax.ShapeDtypeStruct((3, 5), jnp.bfloat16)
    assert X.from_jax(sds) == "bf16[3,5]{1,0}"
    sharding = jax.sharding.SingleDeviceSharding(jax.devices()[0])
    sds = jax.ShapeDtypeStruct(
        (3, 5), jnp.float32, sharding=Format(Layout(major_to_minor=(1, 0)), sharding)
    )
    assert X.from_jax(sds) == "f32[3,5]{0,1}"


def test_layout_with_tilings_built_directly():
    # JAX's major_to_minor (0,1) is XLA's minor_to_major {1,0}; tiles and
    # the sub-byte size become T(...)(...) and E(n) (xla/layout.cc,
    # Layout::Print's order: T, then E).
    lay = Layout(major_to_minor=(0, 1), tiling=((8, 128), (2, 1)), sub_byte_element_size_in_bits=4)
    text = X.from_jax(lay, shape=(16, 256), dtype=jnp.int4)
    assert text == "s4[16,256]{1,0:T(8,128)(2,1)E(4)}"
    s = X.parse(text)
    assert s.bytes_footprint == 16 * 256 // 2
    fmt = Format(lay, jax.sharding.SingleDeviceSharding(jax.devices()[0]))
    assert X.from_jax(fmt, shape=(16, 256), dtype=jnp.int4) == text


def test_missing_shape_is_an_error():
    with pytest.raises(ValueError):
        X.from_jax(Layout(major_to_minor=(0,)))


def test_dtype_names():
    names = {jnp.float32: "f32", jnp.bfloat16: "bf16", jnp.int4: "s4", jnp.uint8: "u8",
             jnp.float8_e4m3fn: "f8e4m3fn", jnp.complex64: "c64", jnp.bool_: "pred"}
    for dtype, name in names.items():
        assert X._jax.xla_dtype(jnp.dtype(dtype)) == name
        X.parse(f"{name}[2]")  # the core knows the name


def test_sharded_array_keeps_its_global_shape_and_sharding():
    # JAX layouts are device-local: XLA lays out each (2,6) shard of a
    # (4,6) array split over two devices; PJRT prints each shard's layout.
    if len(jax.devices()) < 2:
        pytest.skip("needs XLA_FLAGS=--xla_force_host_platform_device_count=2 (conftest sets it)")
    from jax.sharding import NamedSharding, PartitionSpec

    mesh = jax.make_mesh((2,), ("a",))
    s = NamedSharding(mesh, PartitionSpec("a"))
    x = jax.device_put(jnp.zeros((4, 6), jnp.float32), s)
    shard = x.addressable_shards[0].data
    text = X.from_jax(x)
    assert text == "f32[4,6]{1,0}" and isinstance(text, str)
    assert text.shard == xla_text(shard) == "f32[2,6]{1,0}"
    assert text.sharding == str(s._to_xla_hlo_sharding(2)) == "{devices=[2,1]<=[2]}"
    # One device: no sharding.
    one = X.from_jax(jnp.zeros((4, 6), jnp.float32))
    assert (one, one.sharding, one.shard) == ("f32[4,6]{1,0}", None, None)


MESHES = [
    ((8,), ("x",), ("x", None)),
    ((4, 2), ("x", "y"), ("x", None)),
    ((4, 2), ("x", "y"), ("y", "x")),
    ((2, 4), ("x", "y"), (("x", "y"), None)),
    ((2, 2, 2), ("x", "y", "z"), ("z", None)),
    ((8,), ("x",), (None, "x")),
]


@pytest.mark.parametrize("mesh_shape,names,spec", MESHES)
@pytest.mark.parametrize("dims", [(16, 24), (6, 10)])
def test_from_jax_and_shard_agree_with_jax_on_every_device(mesh_shape, names, spec, dims):
    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices (conftest sets XLA_FLAGS)")
    import numpy as np
    from jax.sharding import Mesh, NamedSharding, PartitionSpec

    mesh = Mesh(np.array(jax.devices()[:8]).reshape(mesh_shape), names)
    s = NamedSharding(mesh, PartitionSpec(*spec))
    struct = jax.ShapeDtypeStruct(dims, jnp.float32, sharding=s)
    text = X.from_jax(struct)
    assert text == "f32[%d,%d]{1,0}" % dims
    assert text.sharding == str(s._to_xla_hlo_sharding(2))
    # XLA's TileShape: each cut dim divided by its tiles, rounded up (JAX's
    # own shard_shape agrees where the dims divide, and refuses otherwise).
    ways = X.shard(text)["ways"]
    assert text.shard == "f32[%d,%d]{1,0}" % tuple(-(-d // w) for d, w in zip(dims, ways))
    if all(d % w == 0 for d, w in zip(dims, ways)):
        assert text.shard == "f32[%d,%d]{1,0}" % s.shard_shape(dims)
    ours = X.shard(text)
    assert ours["sharding"] == X.shard(text, text.sharding)["sharding"]
    if not all(d % w == 0 for d, w in zip(dims, ways)):
        return  # JAX refuses uneven dims (shard_shape, jit, devices_indices_map).
    # XLA's partitioned module holds that shard per device.
    compiled = jax.jit(lambda a: a + 1, in_shardings=s).lower(struct).compile().as_text()
    entry = compiled[compiled.index("ENTRY"):]
    assert re.search(r"(f32\[[\d,]*\])\{[^}]*\} parameter\(0\)", entry).group(1) == text.shard.split("{")[0]
    # Device ids in XLA's text are positions in the mesh's device list.
    held = s.devices_indices_map(dims)
    by_id = {d["device"]: d for d in ours["devices"]}
    for position, device in enumerate(mesh.devices.flat):
        ranges = [[sl.start or 0, dims[i] if sl.stop is None else sl.stop] for i, sl in enumerate(held[device])]
        # JAX clips an uneven last shard as XLA does; an empty one is [d, d].
        assert by_id[position]["ranges"] == [[min(a, dims[i]), min(b, dims[i])] for i, (a, b) in enumerate(ranges)], position
    # A real array on those devices: its first shard's data is that shard.
    if dims == (16, 24):
        x = jax.device_put(jnp.zeros(dims, jnp.float32), s)
        assert X.from_jax(x) == text and X.from_jax(x).shard == xla_text(x.addressable_shards[0].data)


@pytest.mark.parametrize("order", [[0, 2, 4, 6, 1, 3, 5, 7], [7, 6, 5, 4, 3, 2, 1, 0], [3, 1, 4, 0, 5, 2, 7, 6]])
@pytest.mark.parametrize("mesh_shape,names,spec", MESHES[:4])
def test_a_device_order_with_the_mesh_names_the_chip_jax_puts_each_shard_on(order, mesh_shape, names, spec):
    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices (conftest sets XLA_FLAGS)")
    import numpy as np
    from jax.sharding import Mesh, NamedSharding, PartitionSpec

    devices = jax.devices()
    mesh = Mesh(np.array([devices[i] for i in order]).reshape(mesh_shape), names)
    s = NamedSharding(mesh, PartitionSpec(*spec))
    dims = (16, 24)
    # The mesh as JAX prints it, with the device order as print(mesh.device_ids) shows it.
    given = repr(mesh)[:-1] + ", device_ids=" + " ".join(str(mesh.device_ids).split()) + ")"
    spec_text = "P(" + ", ".join("None" if e is None else repr(e) for e in spec) + ")"
    ours = X.shard("f32[16,24]{1,0}", mesh=given, spec=spec_text)
    assert ours["sharding"] == str(s._to_xla_hlo_sharding(2))
    # jax.Array placement: which chip (Device.id) holds which slice.
    held = {d.id: idx for d, idx in s.devices_indices_map(dims).items()}
    assert sorted(d["chip"] for d in ours["devices"]) == sorted(held)
    for d in ours["devices"]:
        want = [[sl.start or 0, dims[i] if sl.stop is None else sl.stop] for i, sl in enumerate(held[d["chip"]])]
        assert d["ranges"] == want, d
    # Without the order, devices are positions and carry no chip.
    assert all("chip" not in d for d in X.shard("f32[16,24]{1,0}", mesh=repr(mesh), spec=spec_text)["devices"])


def test_scan_reports_per_device_before_and_global_after_partitioning():
    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices (conftest sets XLA_FLAGS)")
    import numpy as np
    from jax.sharding import Mesh, NamedSharding, PartitionSpec

    mesh = Mesh(np.array(jax.devices()[:8]).reshape(4, 2), ("x", "y"))
    s = NamedSharding(mesh, PartitionSpec("x", None))
    struct = jax.ShapeDtypeStruct((64, 256), jnp.float32, sharding=s)
    lowered = jax.jit(lambda a: jnp.sin(a) * 2, in_shardings=s, out_shardings=s).lower(struct)
    want = "f32[%d,%d]" % s.shard_shape((64, 256))

    def param(records):
        # The entry's parameter (a fused computation's has no sharding).
        return next(r for r in records if r["opcode"] == "parameter" and r["sharding"])

    # Before partitioning (JAX's lowered HLO): global shapes, one device's shard.
    before = param(X.scan(lowered.as_text(dialect="hlo")))
    assert before["text"] == "f32[64,256]{1,0}"
    assert before["sharding"] == str(s._to_xla_hlo_sharding(2))
    assert before["per_device"] == want + "{1,0}" and before["global"] is None
    assert before["bytes_footprint_per_device"] == 16 * 256 * 4
    # After XLA's SPMD partitioner: per-device shapes, the global one beside.
    after = param(X.scan(lowered.compile().as_text()))
    assert after["text"].split("{")[0] == want
    assert after["global"] == "f32[64,256]{1,0}" and after["per_device"] is None
