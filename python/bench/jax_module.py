"""Writes the input of the CLI's scan benchmark (docs/performance.md,
"Measuring"): the optimized HLO of a JAX program, repeated to a size.

    .venv/bin/python python/bench/jax_module.py OUT [--mb 50]
    /usr/bin/time -f '%e s' target/release/xla-layout scan --json OUT > /dev/null

The program is one training step of a 4-layer MLP (a matmul, a bias and a
ReLU a layer, a mean squared error, the gradients and an SGD update),
jitted with its batch sharded over the `data` axis and its weights over
the `model` axis of a 4x2 mesh of 8 host CPU devices; its text is
`jax.jit(step).lower(...).compile().as_text()` (the module XLA compiled,
with the layouts and shardings it chose). The text is written whole,
again and again, until it reaches the size: each copy is a module of its
own, as in a file of several dumps. Not a test: nothing is checked.
"""

from __future__ import annotations

import argparse
import os
import pathlib

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

LAYERS = 4
WIDTH = 512
BATCH = 256


def step(params, x, y):
    def loss(params):
        h = x
        for w, b in params:
            h = jax.nn.relu(h @ w + b)
        return jnp.mean((h - y) ** 2)

    grads = jax.grad(loss)(params)
    return [(w - 0.01 * gw, b - 0.01 * gb) for (w, b), (gw, gb) in zip(params, grads)]


def module_text() -> str:
    mesh = Mesh(np.array(jax.devices()[:8]).reshape(4, 2), ("data", "model"))
    rows = NamedSharding(mesh, P("data", None))
    cols = NamedSharding(mesh, P(None, "model"))
    bias = NamedSharding(mesh, P("model"))
    f32 = jnp.float32
    weight = jax.ShapeDtypeStruct((WIDTH, WIDTH), f32, sharding=cols)
    b = jax.ShapeDtypeStruct((WIDTH,), f32, sharding=bias)
    batch = jax.ShapeDtypeStruct((BATCH, WIDTH), f32, sharding=rows)
    params = [(weight, b) for _ in range(LAYERS)]
    return jax.jit(step).lower(params, batch, batch).compile().as_text()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("out", type=pathlib.Path)
    ap.add_argument("--mb", type=float, default=50.0, help="size in MB (10^6 bytes)")
    args = ap.parse_args()
    text = module_text()
    if not text.endswith("\n"):
        text += "\n"
    copies = max(1, round(args.mb * 1e6 / len(text.encode("utf-8"))))
    with args.out.open("w", encoding="utf-8") as f:
        for _ in range(copies):
            f.write(text)
    size = args.out.stat().st_size
    print(f"{args.out}: jax {jax.__version__}, one module {len(text.encode('utf-8')):,} bytes, {copies:,} copies, {size:,} bytes")


if __name__ == "__main__":
    main()
