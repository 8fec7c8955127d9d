#!/usr/bin/env python3
"""Regenerates tests/fixtures/sharding/sdy.tsv: for meshes of up to 8
devices and PartitionSpecs over them, what JAX's lowering writes on an
entry parameter of its HLO (`jax.jit(..).lower(..).as_text(dialect="hlo")`):
the module's `xla.sdy.meshes`, the parameter's Shardy `xla.sdy.sharding`
and, beside them, XLA's own `sharding=` for the same parameter.

    XLA_FLAGS=--xla_force_host_platform_device_count=8 \\
        python scripts/sdy-oracle.py > tests/fixtures/sharding/sdy.tsv

Each line: meshes value, sdy value (unescaped), XLA's sharding text.
"""
import itertools
import os
import re

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

MESHES = [(8,), (2, 4), (4, 2), (2, 2, 2), (1, 8), (2, 1, 4)]
NAMES = ("x", "y", "z")
HEADER = re.compile(r"xla\.sdy\.meshes=(\{.*\})\}\s*$")
PARAM = re.compile(r"parameter\(0\), sharding=(\{.*?\}), frontend_attributes=\{xla\.sdy\.sharding=\"(.*)\"\}")


def entries(axes):
    yield None
    for a in axes:
        yield a
    for a, b in itertools.permutations(axes, 2):
        yield (a, b)


def main():
    devices = np.array(jax.devices()[:8])
    for shape in MESHES:
        names = NAMES[: len(shape)]
        mesh = Mesh(devices.reshape(shape), names)
        for rank in (1, 2, 3):
            for combo in itertools.product(list(entries(names)), repeat=rank):
                used = [a for e in combo if e is not None for a in (e if isinstance(e, tuple) else (e,))]
                if len(used) != len(set(used)):
                    continue
                s = NamedSharding(mesh, P(*combo))
                x = jax.ShapeDtypeStruct((16,) * rank, jnp.float32, sharding=s)
                text = jax.jit(lambda a: a + 1, in_shardings=s).lower(x).as_text(dialect="hlo")
                meshes = HEADER.search(text.splitlines()[0]).group(1)
                param = PARAM.search(text)
                sdy = param.group(2).replace('\\"', '"')
                print(f"{meshes}\t{sdy}\t{param.group(1)}")


if __name__ == "__main__":
    main()
