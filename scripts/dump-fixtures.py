#!/usr/bin/env python3
"""Makes the fixtures of `xla-layout timeline` (tests/fixtures/dump/): small
jitted programs compiled by jax on 8 host CPU devices with
`compiler_options={"xla_dump_to": DIR}`, their dump files, and XLA's own
numbers beside them.

    # jax 0.10.2 (the live-range file) and jax 0.4.38 (the older layout,
    # live ranges inside the buffer-assignment file); one venv each:
    python -m venv target/venv-jax && target/venv-jax/bin/pip install "jax[cpu]==0.10.2"
    python -m venv target/venv-jax04 && target/venv-jax04/bin/pip install \\
        "jax==0.4.38" "jaxlib==0.4.38" "numpy<2.3"
    target/venv-jax/bin/python scripts/dump-fixtures.py tests/fixtures/dump
    target/venv-jax04/bin/python scripts/dump-fixtures.py tests/fixtures/dump

    # the benchmark's 192-layer training step (not committed):
    target/venv-jax/bin/python scripts/dump-fixtures.py --big target/dump-192

Every program's files go into OUT/jax-VERSION/ (each module's files share
its `module_NNNN.NAME` prefix; the folder is emptied first): only
`*after_optimizations.txt`, `*-buffer-assignment.txt`, `*-live-range.txt`
and `*-memory-usage-report.txt` (a CPU dump also holds `.ll` and `.o`
files), with the absolute path of this script in the modules' metadata
rewritten to the repository-relative `scripts/dump-fixtures.py`. Beside
them, `module_NNNN.NAME.xla.json`:

- `memory_analysis`: every byte count of `compiled.memory_analysis()`
  (argument, output, alias, temp, ...), XLA's own totals;
- `stated_peak`: XLA's statement in its dump, `Live ranges at P (peak):`
  and the values listed under it (`HloLiveRange::ToString`,
  xla/hlo/utils/hlo_live_range.cc), copied from the text as printed;
- `brute_force`: the bytes live at each step, summed here independently of
  the Rust reader (a value is live at t when start <= t <= end; bytes are
  the buffer assignment's `size=`), the fullest step, and per allocation
  the most bytes its live values occupy at one step (the union of their
  `[offset, offset+size)`), step by step;
- `program`: which program below; `partitions`: how many devices run the
  module (each runs it on its own shard); `arguments`: each argument's
  whole shape as jax sees it, in parameter order.
"""
import argparse
import json
import os
import re
import shutil
import sys
import tempfile

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
KEEP = (
    "after_optimizations.txt",
    "after_optimizations-buffer-assignment.txt",
    "after_optimizations-live-range.txt",
    "after_optimizations-memory-usage-report.txt",
)


# --- the programs -----------------------------------------------------------

def mlp(x, w1, w2):
    h = jnp.tanh(x @ w1)
    return jnp.sum((h @ w2) ** 2)


def _loss(params, x):
    w1, w2 = params
    return jnp.mean((jnp.tanh(x @ w1) @ w2) ** 2)


def sgd(params, x):
    loss, grads = jax.value_and_grad(_loss)(params, x)
    new = tuple(p - 0.1 * g for p, g in zip(params, grads))
    return new, loss


def _layer(h, w):
    return jnp.tanh(h @ w), None


def scan_remat(ws, x):
    body = jax.checkpoint(lambda ws, x: jax.lax.scan(_layer, x, ws)[0])
    return jax.grad(lambda ws: jnp.sum(body(ws, x) ** 2))(ws)


def tuples(a, b):
    return a + b, (a * b, jnp.sum(a, axis=0))


def f32(*dims, sharding=None):
    if sharding is None:
        return jax.ShapeDtypeStruct(dims, jnp.float32)
    return jax.ShapeDtypeStruct(dims, jnp.float32, sharding=sharding)


def programs():
    """(name, jitted function, abstract arguments): single device, SPMD over
    8 devices, donated arguments, a scan with remat, tuples."""
    mesh = Mesh(np.array(jax.devices()[:8]).reshape(4, 2), ("x", "y"))

    def on(*spec):
        return NamedSharding(mesh, P(*spec))

    yield "mlp", jax.jit(mlp), (f32(32, 64), f32(64, 128), f32(128, 16))
    yield "sgd_donated", jax.jit(sgd, donate_argnums=0), (
        (f32(64, 128), f32(128, 16)), f32(32, 64))
    yield "scan_remat", jax.jit(scan_remat), (f32(4, 64, 64), f32(16, 64))
    yield "tuples", jax.jit(tuples), (f32(8, 32), f32(8, 32))
    yield "spmd_mlp", jax.jit(mlp), (
        f32(32, 64, sharding=on("x", None)), f32(64, 128, sharding=on(None, "y")),
        f32(128, 16, sharding=on("y", None)))
    yield "spmd_sgd_donated", jax.jit(sgd, donate_argnums=0), (
        (f32(64, 128, sharding=on(None, "y")), f32(128, 16, sharding=on("y", None))),
        f32(32, 64, sharding=on("x", None)))


def big_program(layers=192, width=256, batch=64):
    """A training step of `layers` residual blocks (two matmuls, a bias,
    gelu, layer norm each), for the benchmark: a dump of thousands of
    steps, values and allocations."""
    def block(x, p):
        w1, b1, w2 = p
        h = jax.nn.gelu(x @ w1 + b1)
        y = x + h @ w2
        mu = jnp.mean(y, axis=-1, keepdims=True)
        return (y - mu) * jax.lax.rsqrt(jnp.var(y, axis=-1, keepdims=True) + 1e-5)

    def loss(ps, x):
        for p in ps:
            x = block(x, p)
        return jnp.mean(x ** 2)

    def step(ps, x):
        l, g = jax.value_and_grad(loss)(ps, x)
        return jax.tree.map(lambda w, gw: w - 0.01 * gw, ps, g), l

    ps = [(f32(width, width), f32(width), f32(width, width)) for _ in range(layers)]
    return jax.jit(step, donate_argnums=0), (ps, f32(batch, width))


# --- dumping ----------------------------------------------------------------

def compile_dump(fn, args, folder):
    lowered = fn.lower(*args)
    return lowered.compile(compiler_options={
        "xla_dump_to": folder, "xla_dump_hlo_as_text": True})


def memory_numbers(compiled):
    stats = compiled.memory_analysis()
    out = {}
    for name in dir(stats):
        if name.startswith("_"):
            continue
        value = getattr(stats, name)
        if isinstance(value, int):
            out[name] = value
    return out


def keep_files(dump, dest):
    kept = []
    for name in sorted(os.listdir(dump)):
        if name.endswith(KEEP) and name.startswith("module_"):
            with open(os.path.join(dump, name), encoding="utf-8") as f:
                text = f.read()
            text = text.replace(os.path.abspath(__file__), "scripts/dump-fixtures.py")
            text = text.replace(ROOT + "/", "")
            with open(os.path.join(dest, name), "w", encoding="utf-8") as f:
                f.write(text)
            kept.append(name)
    return kept


LIVE = re.compile(r"^\s*(\S+?)(\{[0-9,]*\})?:(\d+)-(\d+)\s*$")
PEAK = re.compile(r"^\s*Live ranges at (\d+) \(peak\):\s*$")
PEAK_VALUE = re.compile(r"^\s*(\S+?)(\{[0-9,]*\})?: (\d+) bytes")
ALLOCATION = re.compile(r"^allocation (\d+): size (\d+)")
VALUE = re.compile(
    r"^\s*value: <\d+ (\S+?)(\{[0-9,]*\})?(?: \(phi\))? @\d+> \(size=(\d+),offset=(\d+)\)")


def brute_force(texts):
    """XLA's stated peak as printed, and the bytes live per step summed here."""
    sizes = {}
    places = {}
    allocation = None
    ranges = []
    stated = None
    section = None
    for text in texts:
        for line in text.splitlines():
            m = ALLOCATION.match(line)
            if m:
                allocation = (int(m.group(1)), int(m.group(2)))
                continue
            m = VALUE.match(line)
            if m:
                name = m.group(1) + (m.group(2) or "{}")
                sizes[name] = int(m.group(3))
                places[name] = (allocation, int(m.group(4)), int(m.group(3)))
                continue
            s = line.strip()
            if s.startswith("BufferLiveRange:"):
                section = "ranges"
                continue
            m = PEAK.match(line)
            if m:
                stated = {"step": int(m.group(1)), "values": []}
                section = "peak"
                continue
            if section == "ranges":
                m = LIVE.match(line)
                if m:
                    ranges.append((m.group(1) + (m.group(2) or "{}"),
                                   int(m.group(3)), int(m.group(4))))
                else:
                    section = None
            elif section == "peak":
                m = PEAK_VALUE.match(line)
                if m:
                    stated["values"].append([m.group(1) + (m.group(2) or "{}"), int(m.group(3))])
                else:
                    section = None
    steps = max((end for _, _, end in ranges), default=-1) + 1
    live = [0] * steps
    for name, start, end in ranges:
        for t in range(start, end + 1):
            live[t] += sizes[name]
    peak = max(range(steps), key=lambda t: (live[t], -t)) if steps else None
    occupied = {}
    for t in range(steps):
        spans = {}
        for name, start, end in ranges:
            if start <= t <= end:
                (index, size), offset, nbytes = places[name]
                spans.setdefault((index, size), []).append((offset, offset + nbytes))
        for key, sp in spans.items():
            total, reach = 0, 0
            for s, e in sorted(sp):
                s = max(s, reach)
                if e > s:
                    total, reach = total + e - s, e
            occupied[key] = max(occupied.get(key, 0), total)
    fragmentation = {str(index): {"most_live": most, "unused": max(size - most, 0)}
                     for (index, size), most in sorted(occupied.items())}
    return stated, {"bytes_per_step": live, "fragmentation": fragmentation,
                    "peak": None if peak is None else {"step": peak, "bytes": live[peak]}}


def partitions(compiled):
    leaves = jax.tree.leaves(compiled.input_shardings[0])
    return len(leaves[0].device_set) if leaves else 1


def dump_one(name, fn, args, dest):
    with tempfile.TemporaryDirectory() as tmp:
        compiled = compile_dump(fn, args, tmp)
        kept = keep_files(tmp, dest)
    texts = []
    for k in kept:
        if "buffer-assignment" in k or "live-range" in k:
            with open(os.path.join(dest, k), encoding="utf-8") as f:
                texts.append(f.read())
    stated, brute = brute_force(texts)
    record = {
        "program": name,
        "jax": jax.__version__,
        "files": kept,
        "partitions": partitions(compiled),
        "arguments": [list(a.shape) for a in jax.tree.leaves(args)],
        "memory_analysis": memory_numbers(compiled),
        "stated_peak": stated,
        "brute_force": brute,
    }
    prefix = kept[0].split(".cpu_after_optimizations")[0]
    with open(os.path.join(dest, prefix + ".xla.json"), "w", encoding="utf-8") as f:
        json.dump(record, f, indent=1, sort_keys=True)
        f.write("\n")
    return record


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out", help="tests/fixtures/dump, or with --big the dump folder")
    ap.add_argument("--big", action="store_true",
                    help="dump the 192-layer training step into OUT (whole dump)")
    ap.add_argument("--layers", type=int, default=192)
    a = ap.parse_args()
    if a.big:
        fn, args = big_program(a.layers)
        os.makedirs(a.out, exist_ok=True)
        compiled = compile_dump(fn, args, a.out)
        print(json.dumps(memory_numbers(compiled)))
        return
    dest = os.path.join(a.out, "jax-" + jax.__version__)
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    os.makedirs(dest)
    for name, fn, args in programs():
        rec = dump_one(name, fn, args, dest)
        print(f"{dest}: {name}: {', '.join(rec['files'])}", file=sys.stderr)


if __name__ == "__main__":
    main()
