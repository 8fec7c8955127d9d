"""from_jax against the layout text XLA itself prints (PJRT's
`str(x._pjrt_layout)` on CPU), not against our printer."""

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


def test_sharded_array_gives_one_shards_text():
    # JAX layouts are device-local: XLA lays out each (2,6) shard of a
    # (4,6) array split over two devices; PJRT prints each shard's layout.
    if len(jax.devices()) < 2:
        pytest.skip("needs XLA_FLAGS=--xla_force_host_platform_device_count=2 (conftest sets it)")
    from jax.sharding import NamedSharding, PartitionSpec

    mesh = jax.make_mesh((2,), ("a",))
    x = jax.device_put(jnp.zeros((4, 6), jnp.float32), NamedSharding(mesh, PartitionSpec("a")))
    shard = x.addressable_shards[0].data
    assert X.from_jax(x) == xla_text(shard) == "f32[2,6]{1,0}"
