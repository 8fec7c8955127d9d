"""One device's shard drawn (issue 68, item 4): `svg(..., sharding=,
device=)` is byte for byte `xla-layout svg --sharding --device`; JAX's
objects draw what their text draws; the shard drawn is the one JAX places
on that device; and `show(sharded_array)` draws a device's shard, with
the `sharding` and `device` traits the element gets (its `device`
attribute is the device's position in the listed devices)."""

import numpy as np
import pytest

import xla_layout as X

SHAPE = "f32[64,4096]{1,0:T(8,128)}"


def test_svg_of_a_shard_matches_cli(cli):
    for sharding, device in [("{devices=[16,1]<=[16]}", 5), ("{devices=[4,2]<=[2,4]T(1,0)}", 3), ("{devices=[4,2]<=[8]}", None)]:
        args = ["svg", SHAPE, "--sharding", sharding, "--view", "memory", "--width", "640"]
        if device is not None:
            args += ["--device", str(device)]
        done = cli.run(*args)
        assert done.returncode == 0, done.stderr
        assert X.svg(SHAPE, view="memory", width=640, sharding=sharding, device=device) + "\n" == done.stdout


def test_errors_are_layout_errors():
    with pytest.raises(X.LayoutError, match="device 16 is not one of"):
        X.svg(SHAPE, sharding="{devices=[16,1]<=[16]}", device=16)
    with pytest.raises(ValueError, match="device= needs a sharding"):
        X.svg(SHAPE, device=1)


@pytest.fixture(scope="module")
def jax_mesh():
    jax = pytest.importorskip("jax")
    if len(jax.devices()) < 8:
        pytest.skip("needs 8 devices (conftest sets XLA_FLAGS)")
    from jax.sharding import Mesh

    order = [0, 2, 4, 6, 1, 3, 5, 7]
    return jax, Mesh(np.array(jax.devices())[order].reshape(2, 4), ("data", "model"))


def test_jax_objects_draw_the_shard_jax_places(jax_mesh):
    jax, mesh = jax_mesh
    from jax.sharding import NamedSharding, PartitionSpec as P

    named = NamedSharding(mesh, P("model", "data"))
    by_text = X.svg("f32[16,8]", sharding=str(named._to_xla_hlo_sharding(2)), device=6)
    # The mesh's chips name the device: position 6 holds chip 5's slice.
    by_object = X.svg("f32[16,8]", sharding=named, device=6)
    assert by_object == X.svg("f32[16,8]", mesh=mesh, spec=P("model", "data"), device=6)
    report = X.shard("f32[16,8]", named)
    entry = next(d for d in report["devices"] if d["device"] == 6)
    held = named.devices_indices_map((16, 8))
    chip = next(d for d in held if d.id == entry["chip"])
    assert [[s.start, s.stop] for s in held[chip]] == entry["ranges"]
    assert f"device 6 (chip {entry['chip']})&apos;s shard" in by_object
    assert "device 6&apos;s shard" in by_text
    assert f"{report['shard']}: device" in by_object


def test_show_of_a_sharded_array_draws_a_shard(jax_mesh):
    pytest.importorskip("anywidget")
    jax, mesh = jax_mesh
    import jax.numpy as jnp
    from jax.sharding import NamedSharding, PartitionSpec as P

    named = NamedSharding(mesh, P(None, "model"))
    x = jax.device_put(jnp.zeros((16, 512), jnp.float32), named)
    w = X.show(x)
    assert w.shape == "f32[16,512]{1,0}"
    assert w.sharding  # the array's own sharding, as the element's text
    assert w._svg == X.svg(w.shape, sharding=named)
    # {devices=[1,4,2]<=[2,4]T(1,0) ...} lists devices 0,4,1,5,..: device
    # 5 is the fourth listed, the element's device="3".
    w.device = 5
    ids = [d["device"] for d in X.shard(x)["devices"]]
    assert w._device_index == ids.index(5) == 3
    assert w._svg == X.svg(w.shape, sharding=named, device=5)
    w.sharding = ""
    assert w._device_index is None and w._svg == X.svg(w.shape)
    with pytest.raises(ValueError):
        w.sharding = "{devices=[2]0,1}"  # one tile dim for two array dims
    # A single-device array stays unsharded.
    assert X.show(jnp.zeros((3, 5))).sharding == ""


def test_the_kernel_hands_over_the_sharded_module_by_kind():
    pytest.importorskip("anywidget")
    from xla_layout import _widget, assets

    w = X.show(SHAPE, sharding="{devices=[16,1]<=[16]}")
    assert w._sharded == assets.sharded_available()
    sent = []
    w.send = lambda content, buffers=None: sent.append((content, buffers))
    w._handle_custom_msg({"type": "xla-layout-assets?", "kind": "sharded"}, [])
    w._handle_custom_msg({"type": "xla-layout-assets?"}, [])
    (sharded, sharded_wasm), (embed, _) = sent
    assert (sharded["kind"], embed["kind"]) == ("sharded", "embed")
    if assets.sharded_available():
        assert bytes(sharded_wasm[0][:4]) == b"\0asm"
        assert "mount_xla_layout" in sharded["glue"]
        assert sharded["glue"] != embed["glue"]
    else:
        assert sharded["glue"] == "" and sharded_wasm == []
