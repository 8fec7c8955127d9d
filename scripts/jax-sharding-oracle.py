#!/usr/bin/env python3
"""Regenerates tests/fixtures/sharding/jax.tsv: for meshes of up to 8
devices and PartitionSpecs over them, the sharding text JAX itself gives
XLA (`NamedSharding._to_xla_hlo_sharding(rank)`, jax/_src/named_sharding.py)
and the NamedSharding's repr, as a notebook prints it.

    XLA_FLAGS=--xla_force_host_platform_device_count=8 \\
        python scripts/jax-sharding-oracle.py > tests/fixtures/sharding/jax.tsv

Each line: mesh (x=2,y=4), spec ('x', None), rank, JAX's text, repr.
"""
import itertools
import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

MESHES = [(8,), (2, 4), (4, 2), (2, 2, 2), (1, 8), (8, 1), (2, 1, 4)]
NAMES = ("x", "y", "z")


def entries(axes):
    yield None
    for a in axes:
        yield a
    for a, b in itertools.permutations(axes, 2):
        yield (a, b)


def specs(axes, rank):
    for combo in itertools.product(list(entries(axes)), repeat=rank):
        used = [a for e in combo if e is not None for a in (e if isinstance(e, tuple) else (e,))]
        if len(used) == len(set(used)):
            yield combo


def spec_text(combo):
    def one(e):
        if e is None:
            return "None"
        if isinstance(e, tuple):
            return "(" + ", ".join(f"'{a}'" for a in e) + ")"
        return f"'{e}'"
    return ", ".join(one(e) for e in combo)


def main():
    devices = np.array(jax.devices()[:8])
    for shape in MESHES:
        names = NAMES[: len(shape)]
        mesh = Mesh(devices.reshape(shape), names)
        mesh_text = ",".join(f"{n}={s}" for n, s in zip(names, shape))
        for rank in (1, 2, 3):
            for combo in specs(names, rank):
                for cut in range(rank + 1):  # shorter specs pad with None
                    spec = combo[:cut] if cut < rank else combo
                    if cut < rank and any(e is not None for e in combo[cut:]):
                        continue
                    s = NamedSharding(mesh, P(*spec))
                    text = str(s._to_xla_hlo_sharding(rank))
                    print(f"{mesh_text}\t{spec_text(spec)}\t{rank}\t{text}\t{s!r}")


if __name__ == "__main__":
    main()
