#!/usr/bin/env python3
"""Regenerates tests/fixtures/sharding/jax_mesh.tsv: how JAX prints a mesh
(repr(mesh), str(mesh), repr(mesh.abstract_mesh), print(mesh.device_ids);
jax/_src/mesh.py) for meshes of up to 8 devices in several device orders,
and the chip ids position by position (mesh.devices.flat, the order of
NamedSharding._device_assignment).

    python scripts/jax-mesh-oracle.py > tests/fixtures/sharding/jax_mesh.tsv

Each line: mesh (x=2,y=4), repr, str, abstract repr, device_ids as
printed (newlines as spaces), the chip ids comma-separated.
"""
import os

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh  # noqa: E402

MESHES = [(8,), (2, 4), (4, 2), (2, 2, 2), (1, 8), (2, 1, 4)]
NAMES = ("x", "y", "z")
ORDERS = [list(range(8)), [0, 2, 4, 6, 1, 3, 5, 7], [7, 6, 5, 4, 3, 2, 1, 0], [3, 1, 4, 0, 5, 2, 7, 6]]


def main():
    devices = jax.devices()[:8]
    for shape in MESHES:
        names = NAMES[: len(shape)]
        for order in ORDERS:
            mesh = Mesh(np.array([devices[i] for i in order]).reshape(shape), names)
            mesh_text = ",".join(f"{n}={s}" for n, s in zip(names, shape))
            printed = " ".join(str(mesh.device_ids).split())
            chips = ",".join(str(d.id) for d in mesh.devices.flat)
            print(f"{mesh_text}\t{mesh!r}\t{mesh}\t{mesh.abstract_mesh!r}\t{printed}\t{chips}")


if __name__ == "__main__":
    main()
