"""Suggestions on the user's mesh (issue 68, item 2): with a mesh, `shard`
suggests PartitionSpecs of that mesh. Each suggested `P(...)` is checked
against what JAX lowers it to (`_to_xla_hlo_sharding`) and the shard JAX
gives each device (`shard_shape`); none takes more than the user's own;
and the best is the best of every PartitionSpec of the mesh, found by
brute force here (each run through `shard`'s own report)."""

import itertools

import numpy as np
import pytest

import xla_layout as X

jax = pytest.importorskip("jax")
if len(jax.devices()) < 8:
    pytest.skip("needs 8 devices (conftest sets XLA_FLAGS)", allow_module_level=True)

from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

CASES = [
    # The issue's: P(None, 'model', None) cuts the 8 rows 4 ways, and
    # T(8,128) pads each shard's 2 rows back to 8.
    ("f32[512,8,64]{2,1,0:T(8,128)}", (2, 4), ("data", "model"), P(None, "model", None)),
    ("f32[32,4096]{1,0:T(8,128)}", (2, 4), ("data", "model"), P(("data", "model"), None)),
    ("bf16[16,256]{1,0:T(8,128)(2,1)}", (2, 2, 2), ("a", "b", "c"), P(("a", "b", "c"))),
    # Uneven: 6x10 over 4x2 is 2x5 a device (40 B); 'y' on the rows, 'x'
    # on the columns is 3x3 (36 B).
    ("f32[6,10]", (4, 2), ("x", "y"), P("x", "y")),
]


def jax_shard_dims(named, dims):
    """One device's shard dims: the ways JAX cuts each dim
    (`get_num_ways_dim_sharded` of the sharding it lowers to, as its own
    `shard_shape` reads them), each dim divided rounding up, XLA's
    `HloSharding::TileShape` (JAX's `shard_shape` refuses uneven cuts)."""
    from jax._src.sharding_impls import get_num_ways_dim_sharded

    partitions, _ = get_num_ways_dim_sharded(named._to_xla_hlo_sharding(len(dims)))
    if not partitions:  # replicated
        partitions = [1] * len(dims)
    return tuple(-(-d // p) for d, p in zip(dims, partitions))


def all_specs(names, sizes, rank):
    """Every PartitionSpec of the mesh: each axis of size > 1 on one dim or
    none, every order of the axes sharing a dim."""
    axes = [n for n, s in zip(names, sizes) if s > 1]
    for place in itertools.product(range(rank + 1), repeat=len(axes)):
        groups = [[a for a, p in zip(axes, place) if p == d + 1] for d in range(rank)]
        for orders in itertools.product(*(itertools.permutations(g) for g in groups)):
            yield P(*[None if not o else (o[0] if len(o) == 1 else tuple(o)) for o in orders])


@pytest.mark.parametrize("shape,sizes,names,spec", CASES, ids=[c[0] for c in CASES])
def test_suggestions_are_specs_of_the_mesh(shape, sizes, names, spec):
    mesh = Mesh(np.array(jax.devices()[:8]).reshape(sizes), names)
    ours = X.shard(shape, mesh=mesh, spec=spec)
    dims = tuple(X.parse(shape).dims)
    suggestions = ours["suggestions"]
    assert suggestions, ours["sentence"]
    for s in suggestions:
        suggested = eval(s["spec"], {"P": P})  # our text, as a user would paste it
        named = NamedSharding(mesh, suggested)
        assert s["sharding"] == str(named._to_xla_hlo_sharding(len(dims))), s
        assert tuple(s["shard_dims"]) == jax_shard_dims(named, dims), s
        assert s["bytes_total"] < ours["bytes_total"], s
        assert s["spec"] in s["text"]
        # The same spec given back to shard: the same bytes.
        again = X.shard(shape, mesh=mesh, spec=suggested)
        assert (again["bytes_per_device"], again["bytes_total"]) == (s["bytes_per_device"], s["bytes_total"])
    totals = [s["bytes_total"] for s in suggestions]
    assert totals == sorted(totals)
    # Brute force: no PartitionSpec of the mesh takes less than the first.
    best = min(X.shard(shape, mesh=mesh, spec=p)["bytes_total"] for p in all_specs(names, sizes, len(dims)))
    assert suggestions[0]["bytes_total"] == best


def test_the_issues_example_suggests_the_spec_to_write():
    mesh = Mesh(np.array(jax.devices()[:8]).reshape(2, 4), ("data", "model"))
    ours = X.shard("f32[512,8,64]{2,1,0:T(8,128)}", mesh="data=2,model=4", spec="P(None, 'model', None)")
    first = ours["suggestions"][0]
    assert first["spec"] == "P(('data', 'model'))"
    assert first["sharding"] == str(NamedSharding(mesh, P(("data", "model")))._to_xla_hlo_sharding(3))


def test_without_a_mesh_the_search_is_over_device_counts():
    ours = X.shard("f32[64,4096]{1,0:T(8,128)}", "{devices=[16,1]<=[16]}")
    assert ours["suggestions"] and all(s["spec"] is None for s in ours["suggestions"])
