"""JAX's objects taken as they are wherever a sharding is taken (issue 68,
items 1 and 3): Mesh, AbstractMesh, PartitionSpec, NamedSharding,
GSPMDSharding, HloSharding and sharded jax.Arrays, on 8 host CPU devices
(conftest sets XLA_FLAGS). Expected values come from JAX itself: the text
it lowers each sharding to (`_to_xla_hlo_sharding`) and what it places on
each device (`devices_indices_map`)."""

import numpy as np
import pytest

import xla_layout as X

jax = pytest.importorskip("jax")
if len(jax.devices()) < 8:
    pytest.skip("needs 8 devices (conftest sets XLA_FLAGS)", allow_module_level=True)

import jax.numpy as jnp  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

# A mesh over a permuted device list, as the session had.
ORDER = [0, 2, 4, 6, 1, 3, 5, 7]


@pytest.fixture(scope="module")
def mesh():
    return Mesh(np.array(jax.devices())[ORDER].reshape(2, 4), ("data", "model"))


def jax_text(sharding, rank):
    return str(sharding._to_xla_hlo_sharding(rank))


def check_devices_against_jax(report, sharding, dims):
    """Each device entry's chip holds, in JAX, exactly the entry's ranges."""
    held = sharding.devices_indices_map(tuple(dims))
    by_id = {d.id: idx for d, idx in held.items()}
    assert len(report["devices"]) == len(held)
    for entry in report["devices"]:
        index = by_id[entry["chip"]]
        ranges = [[sl.start or 0, dims[i] if sl.stop is None else sl.stop] for i, sl in enumerate(index)]
        assert entry["ranges"] == ranges, entry


SPECS = [P(None, "model"), P("data", "model"), P(("model", "data"), None), P("model"), P(None, "data")]


@pytest.mark.parametrize("spec", SPECS, ids=str)
def test_mesh_and_partition_spec_objects(mesh, spec):
    dims = (64, 1024)
    shape = "f32[64,1024]{1,0:T(8,128)}"
    ours = X.shard(shape, mesh=mesh, spec=spec)
    named = NamedSharding(mesh, spec)
    assert ours["sharding"] == jax_text(named, 2)
    assert ours["num_devices"] == 8
    check_devices_against_jax(ours, named, dims)
    # The NamedSharding object itself, and its text forms, say the same.
    assert X.shard(shape, named) == ours
    assert X.shard(shape, sharding=named)["sharding"] == ours["sharding"]
    assert X.shard(shape, repr(named))["sharding"] == ours["sharding"]
    assert X.shard(shape, mesh=str(mesh), spec=str(spec))["sharding"] == ours["sharding"]


def test_abstract_mesh_has_no_chips(mesh):
    ours = X.shard("f32[16,8]", mesh=mesh.abstract_mesh, spec=P("model", "data"))
    assert ours["sharding"] == jax_text(NamedSharding(mesh, P("model", "data")), 2)
    assert ours["num_devices"] == 8
    assert all("chip" not in d for d in ours["devices"])


def test_sharded_array_and_its_sharding(mesh):
    named = NamedSharding(mesh, P(None, "model"))
    x = jax.device_put(jnp.zeros((16, 512), jnp.float32), named)
    whole = X.shard(x)
    assert whole["shape"] == "f32[16,512]{1,0}"
    assert whole["sharding"] == jax_text(named, 2)
    check_devices_against_jax(whole, named, (16, 512))
    # The array given as the sharding of a shape text.
    assert X.shard("f32[16,512]{1,0}", x) == whole
    # from_jax's text keeps positions (no chips) and the device count.
    text = X.from_jax(x)
    assert text.num_devices == 8
    by_text = X.shard(text)
    assert by_text["sharding"] == whole["sharding"] and by_text["num_devices"] == 8
    assert [d["ranges"] for d in by_text["devices"]] == [d["ranges"] for d in whole["devices"]]


def test_gspmd_and_hlo_sharding(mesh):
    from jax._src.sharding_impls import GSPMDSharding

    named = NamedSharding(mesh, P("model", "data"))
    hlo = named._to_xla_hlo_sharding(2)
    gspmd = GSPMDSharding(tuple(mesh.devices.flat), hlo)
    for given in (gspmd, hlo):
        ours = X.shard("f32[16,8]", given)
        assert ours["sharding"] == str(hlo), given
        assert ours["num_devices"] == 8
    replicated = GSPMDSharding(tuple(mesh.devices.flat), NamedSharding(mesh, P())._to_xla_hlo_sharding(2))
    assert X.shard("f32[16,8]", replicated)["num_devices"] == 8


def test_single_device_array():
    x = jnp.zeros((3, 5), jnp.float32)
    ours = X.shard(x)
    assert ours["sharding"] == "{replicated}" and ours["num_devices"] == 1
    assert ours["bytes_total"] == 60


# Item 3: a replicated array over a mesh still has its devices.
def test_replicated_remembers_the_mesh(mesh, cli):
    shape = "f32[512]"
    for ours in (
        X.shard(shape, mesh=mesh, spec=P()),
        X.shard(shape, mesh="data=2,model=4", spec="P()"),
        X.shard(shape, NamedSharding(mesh, P())),
    ):
        assert ours["sharding"] == "{replicated}"
        assert ours["num_devices"] == 8 and len(ours["devices"]) == 8
        assert ours["bytes_total"] == 8 * 2048
    assert cli.json("shard", shape, "--mesh", "data=2,model=4", "--spec", "P()")["num_devices"] == 8
    x = jax.device_put(jnp.zeros((512,), jnp.float32), NamedSharding(mesh, P()))
    for given in (x, X.from_jax(x)):
        ours = X.shard(given)
        assert ours["num_devices"] == 8 and ours["bytes_total"] == 8 * 2048


def test_device_count_must_agree_with_the_mesh(mesh):
    with pytest.raises(ValueError, match="the mesh has 8 devices"):
        X.shard("f32[512]", mesh=mesh, spec=P(), devices=16)


def test_what_is_not_read_is_refused_plainly(mesh):
    with pytest.raises(TypeError, match="not int"):
        X.shard("f32[16,8]", 3)
    with pytest.raises(TypeError, match="mesh"):
        X.shard("f32[16,8]", mesh=3, spec=P())
    with pytest.raises(ValueError, match="not read yet"):
        X.shard("f32[16,8]", mesh=mesh, spec=P(P.UNCONSTRAINED, None))


# Item 7: a Lowered program is read through its as_text(), StableHLO
# (issue 65's MLIR reader), with the sharding JAX lowers it to.
def test_scan_of_a_lowered_program_reads_its_stablehlo(mesh):
    s = NamedSharding(mesh, P(None, "model"))
    lowered = jax.jit(lambda a: a * 2, in_shardings=s, out_shardings=s).lower(
        jax.ShapeDtypeStruct((16, 512), jnp.float32))
    records = X.scan(lowered)
    assert len(records) > 0
    assert records == X.scan(lowered.as_text())
    assert any(r.get("sharding") == jax_text(s, 2) for r in records)


# Item 5: each function names itself, and says what to do with a jitted one.
def test_a_jitted_function_is_refused_by_the_right_name():
    f = jax.jit(lambda a: a)
    with pytest.raises(TypeError, match=r"^memory takes HLO text or a jax\.stages\.Compiled .*lower\(\*args\)\.compile\(\)"):
        X.memory(f)
    with pytest.raises(TypeError, match=r"^scan takes .*lower\(\*args\)\.compile\(\)"):
        X.scan(f)


# Item 6: a compiled step's records name their computation, and each
# parameter(N) of the entry computation is argument N of XLA's
# entry_computation_layout.
def test_scan_records_name_their_computation_and_argument(mesh):
    import re

    s = NamedSharding(mesh, P(None, "model"))
    args = [jax.ShapeDtypeStruct((16, 512), jnp.float32, sharding=s)] * 2
    compiled = jax.jit(lambda a, b: (a * 2 + b).sum(axis=0)).lower(*args).compile()
    text = compiled.as_text()
    records = X.scan(compiled)
    # The computation open at each line, read here from the text.
    open_at, current = {}, None
    for k, line in enumerate(text.splitlines(), 1):
        if line.rstrip() == "}":
            current = None
        elif not line.startswith(" ") and line.rstrip().endswith("{") and not line.startswith("HloModule"):
            current = re.match(r"(?:ENTRY )?%?([^ ({]+)", line).group(1)
        open_at[k] = current
    instr = [r for r in records if r["instruction"] and r["role"] in ("result", "operand")]
    assert instr
    for r in instr:
        assert r["computation"] == open_at[r["line"]], r
    entry = re.search(r"^ENTRY %?([^ ({]+)", text, re.M).group(1)
    layout = {r["index"]: r["canonical"] for r in records if r["role"] == "entry_parameter"}
    params = {r["parameter_number"]: r["canonical"] for r in records
              if r["computation"] == entry and r["parameter_number"] is not None}
    assert len(layout) == 2 and params == layout
