#!/usr/bin/env python3
"""Regenerates tests/fixtures/mlir/: programs lowered by JAX to StableHLO
text (`jax.jit(f).lower(*args).as_text()`), in Shardy's spelling (jax's
default) and in GSPMD's (`jax_use_shardy_partitioner=False`, or an older
jax such as 0.4.38, which knows only GSPMD), and, in `expected.tsv`, what
XLA makes of each sharded value:

- `global`: the value's shape as XLA's HLO text of the same lowering
  prints it (`.as_text(dialect="hlo")`, the parameter's shape);
- `sharding`: the sharding text JAX lowers it to, as that HLO text prints
  it (`parameter(k), sharding={...}`); for a result, JAX's own
  `_to_xla_hlo_sharding` of the compiled program's output sharding;
  for a `with_sharding_constraint`, the `Sharding` custom call's;
- `per_device`: one device's shape. For arguments and results, from the
  compiled module (`.compile().as_text()`, `entry_computation_layout`:
  the shapes XLA's SPMD partitioner gave the entry computation). For a
  constraint (on an uneven dim: JAX refuses uneven arguments and
  results), the shape of the instruction the partitioner made of it, in
  the module dumped after XLA's `spmd-partitioning` pass.

    XLA_FLAGS=--xla_force_host_platform_device_count=8 \\
        python scripts/mlir-oracle.py [--gspmd] [--tag TAG] tests/fixtures/mlir

With `--subaxes`, it writes programs whose shardings name sub-axes
(`"x":(2)4`, Shardy's split of a mesh axis), which JAX's API cannot
write: a lowered `a + a` with its argument's sharding (and, for one, its
mesh's `device_ids`) replaced in the text, or, for uneven dims, a lowered
`with_sharding_constraint` with the constraint's; `sharding` is what
XLA's own import of that text prints (`mlir_module_to_xla_computation`,
which runs Shardy's export, `convertToHloSharding`), and `per_device` the
entry parameter's shape in the program XLA compiles from it (for a
constraint, the partitioned instruction's, as above). It also writes
that import's HLO text, `<case>.shardy.hlo`, whose instructions carry
the Shardy sharding in `xla.sdy.sharding` beside XLA's `sharding=`, with
the same rows in `expected_hlo.tsv` (rewritten each run).

With `--bench`, it writes instead one larger program's two texts,
`bench_mlp.<tag>.mlir` and `bench_mlp.<tag>.hlo` (a sharded MLP's
training step: the same lowering as MLIR and as HLO), which the scan
benchmark reads both of (benches/scan.rs, "scan_mlir").

Each run writes `<case>.<tag>.mlir` (tag: `shardy`, `gspmd`, or the one
given) and appends its lines to `expected.tsv` (delete it first to
regenerate all): file, where (`arg0`, `result1`, `%3`), global, sharding,
per_device.
"""
import argparse
import os
import re
import sys
import tempfile

os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P  # noqa: E402


def braced(text, start):
    """The `{...}` starting at `start`, nested braces included."""
    depth = 0
    for i in range(start, len(text)):
        if text[i] == "{":
            depth += 1
        elif text[i] == "}":
            depth -= 1
            if depth == 0:
                return text[start : i + 1]
    raise ValueError("unbalanced")


def entry_layout(compiled_text):
    """The compiled module's entry parameters and results, one device's."""
    head = compiled_text.splitlines()[0]
    key = "entry_computation_layout="
    layout = braced(head, head.index(key) + len(key))[1:-1]
    args, result = layout.split(")->", 1)
    params = split_top(args[1:])
    results = split_top(result[1:-1]) if result.startswith("(") else [result]
    return params, results


def split_top(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch in "[{(":
            depth += 1
        elif ch in "]})":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def hlo_params(hlo_text):
    """k -> (shape, sharding) of the entry's `parameter(k)` instructions."""
    out = {}
    for line in hlo_text.splitlines():
        m = re.search(r"= (\S+) parameter\((\d+)\), sharding=", line)
        if m:
            at = line.index("sharding=", m.end() - len("sharding=")) + len("sharding=")
            out[int(m.group(2))] = (m.group(1), braced(line, at))
    return out


def hlo_constraints(hlo_text, names=False):
    """(shape, sharding) of each `Sharding` custom call, in order (with
    its name first if `names`)."""
    out = []
    for line in hlo_text.splitlines():
        m = re.search(r"(\S+) = (\S+) custom-call\(.*custom_call_target=\"Sharding\", sharding=", line)
        if m:
            at = line.index("sharding=", line.index("Sharding\"")) + len("sharding=")
            found = (m.group(2), braced(line, at))
            out.append((m.group(1).lstrip("%"),) + found if names else found)
    return out


def strip_layout(shape):
    return shape.split("{")[0]


def cases():
    devs = np.array(jax.devices()[:8])
    m8 = Mesh(devs.reshape(8), ("x",))
    m42 = Mesh(devs.reshape(4, 2), ("x", "y"))
    m18 = Mesh(devs.reshape(1, 8), ("x", "y"))
    m222 = Mesh(devs.reshape(2, 2, 2), ("x", "y", "z"))
    m214 = Mesh(devs.reshape(2, 1, 4), ("a", "b", "c"))
    # A device order other than 0..7: JAX lowers ids relative to the
    # program's device assignment, which follows the mesh.
    perm = Mesh(devs[[3, 1, 2, 0, 7, 5, 6, 4]].reshape(2, 4), ("a", "b"))

    def arg(mesh, dims, spec, dtype=jnp.float32):
        return jax.ShapeDtypeStruct(dims, dtype, sharding=NamedSharding(mesh, spec))

    yield "add_1x8", lambda a: a + a, [arg(m18, (56,), P(("x", "y")), jnp.float16)], None
    yield "mesh1_dtypes", lambda a, b, c: (a, b.astype(jnp.int32) * 2, c), [
        arg(m8, (16, 4), P("x", None), jnp.bfloat16),
        arg(m8, (2, 24), P(None, "x"), jnp.int8),
        arg(m8, (8,), P("x"), jnp.bool_),
    ], None
    yield "mesh2_dot", lambda a, b, c: (jnp.dot(a, b) + c.sum(), (a * 2).astype(jnp.bfloat16)), [
        arg(m42, (8, 6), P("x", None)),
        arg(m42, (6, 8), P(None, ("y", "x"))),
        arg(m42, (4, 4), P(), jnp.uint8),
    ], (NamedSharding(m42, P("y", "x")), NamedSharding(m42, P("x", None)))
    yield "mesh2_yx", lambda a: a * 3, [arg(m42, (8, 8, 3), P("y", "x"), jnp.int16)], None
    yield "mesh3", lambda a, b, c: (a + 1, b - 1, c), [
        arg(m222, (4, 4, 4), P("x", "y", "z")),
        arg(m222, (8, 6), P(("x", "z"), "y"), jnp.complex64),
        arg(m222, (8,), P("z"), jnp.uint32),
    ], None
    yield "mesh3_size1", lambda a: a * a, [arg(m214, (4, 8), P("c", "a"))], None
    yield "device_order", lambda a: a + 1, [arg(perm, (8, 8), P("b", "a"))], None

    def uneven(a):
        return jax.lax.with_sharding_constraint(a[:5] * 2, NamedSharding(m42, P("x", None))).sum()

    yield "uneven_constraint", uneven, [arg(m42, (8, 8), P("x", "y"))], None

    # jax.shard_map: Shardy's `sdy.manual_computation` (manual over every
    # axis, so that the region's types are each device's). Shardy only:
    # GSPMD's spelling of it is `@Sharding` custom calls.
    def body(a, b):
        return a * 2, b + 1

    def sharded_map(a, b):
        c, d = jax.shard_map(body, mesh=m42, in_specs=(P("x", None), P(None, ("y", "x"))),
                             out_specs=(P("x", None), P("y", "x")))(a, b)
        return c + 1, d

    yield "shard_map", sharded_map, [arg(m42, (8, 6), P("x", "y")), arg(m42, (6, 16), P(None, "y"))], None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--gspmd", action="store_true")
    ap.add_argument("--tag")
    ap.add_argument("--bench", action="store_true")
    ap.add_argument("--subaxes", action="store_true")
    ap.add_argument("--only", help="the one case to write (its rows appended)")
    opts = ap.parse_args()
    if opts.gspmd:
        jax.config.update("jax_use_shardy_partitioner", False)
    tag = opts.tag or ("gspmd" if opts.gspmd else "shardy")
    if opts.bench:
        return bench_program(opts.out, tag)
    if opts.subaxes:
        return subaxes(opts.out)
    rows = []
    for name, f, args, out in cases():
        if opts.only and name != opts.only:
            continue
        if name == "shard_map" and (opts.gspmd or not hasattr(jax, "shard_map")):
            continue
        jitted = jax.jit(f, out_shardings=out) if out is not None else jax.jit(f)
        lowered = jitted.lower(*args)
        mlir = lowered.as_text()
        hlo = lowered.as_text(dialect="hlo")
        compiled = lowered.compile()
        params, results = entry_layout(compiled.as_text())
        _, global_results = entry_layout(hlo)
        file = f"{name}.{tag}.mlir"
        with open(os.path.join(opts.out, file), "w") as fh:
            fh.write(mlir)
        for k, (shape, sharding) in sorted(hlo_params(hlo).items()):
            rows.append((file, f"arg{k}", shape, sharding, strip_layout(params[k])))
        if out is not None:
            outs = compiled.output_shardings
            outs = outs if isinstance(outs, (list, tuple)) else [outs]
            for k, s in enumerate(outs):
                glob = global_results[k]
                rank = glob.split("[")[1].split("]")[0].count(",") + (glob.split("[")[1][0] != "]")
                text = str(s._to_xla_hlo_sharding(rank))
                rows.append((file, f"result{k}", glob, text, strip_layout(results[k])))
        if name == "shard_map":
            for row in manual_values(lowered):
                rows.append((file,) + row)
            continue
        constraints = hlo_constraints(hlo)
        if constraints:
            per = partitioned_constraints(lowered)
            for k, (shape, sharding) in enumerate(constraints):
                rows.append((file, f"constraint{k}", strip_layout(shape), sharding, per[k]))
    with open(os.path.join(opts.out, "expected.tsv"), "a") as fh:
        for row in rows:
            fh.write("\t".join(row) + "\n")
    print(f"{len(rows)} rows, jax {jax.__version__}, {tag}", file=sys.stderr)


def subaxis_cases():
    """name, mesh axes, device ids (or None), dims, the sharding's dims,
    and where the sharding goes: on the argument (`arg`), or on a
    `with_sharding_constraint` of the argument's first `dims` elements
    (`constraint`: the argument itself is 8x8 and replicated).

    An argument's dims are even: for an uneven entry parameter the
    compiled program's shape is not the sharding's (f32[6,8] on {"x"} of
    8 devices compiles to f32[3,8]), and JAX refuses uneven arguments
    anyway. Uneven dims are checked on a constraint, as `uneven_constraint`
    is: the shape XLA's SPMD partitioner gave the instruction it made of
    the `Sharding` custom call (`partitioned_shape`)."""
    yield "subaxes_split", [("x", 8)], None, (8, 8), '[{"x":(1)2}, {"x":(2)4}]', "arg"
    yield "subaxes_middle", [("x", 8)], None, (8, 8), '[{"x":(2)2}, {}]', "arg"
    yield "subaxes_minor", [("x", 4), ("y", 2)], None, (8, 4), '[{"y", "x":(2)2}, {}]', "arg"
    yield "subaxes_replicated", [("x", 4), ("y", 2)], None, (4, 4), \
        '[{"x":(2)2}, {"y"}], replicated={"x":(1)2}', "arg"
    yield "subaxes_mesh3", [("x", 1), ("y", 4), ("z", 2)], None, (8, 8), \
        '[{"y":(2)2, "x"}, {"z", "y":(1)2}]', "arg"
    yield "subaxes_device_ids", [("a", 2), ("b", 4)], [3, 1, 2, 0, 7, 5, 6, 4], (8, 8), \
        '[{"b":(2)2}, {"a", "b":(1)2}]', "arg"
    # Not a sub-axis: a mesh of one device, whose axes cut nothing.
    yield "subaxes_one_device", [("a", 1)], None, (8, 8), '[{"a"}, {}]', "arg"
    # Uneven dims.
    yield "subaxes_uneven_major", [("x", 8)], None, (6, 8), '[{"x":(1)2}, {}]', "constraint"
    yield "subaxes_uneven_minor", [("x", 8)], None, (7, 5), '[{"x":(2)4}, {}]', "constraint"
    yield "subaxes_uneven_few", [("x", 8)], None, (3, 5), '[{"x":(2)4}, {}]', "constraint"
    yield "subaxes_uneven_mesh2", [("x", 4), ("y", 2)], None, (7, 5), \
        '[{"y", "x":(2)2}, {}]', "constraint"
    yield "subaxes_uneven_replicated", [("x", 4), ("y", 2)], None, (7, 5), \
        '[{"x":(2)2}, {"y"}], replicated={"x":(1)2}', "constraint"
    yield "subaxes_uneven_mesh3", [("x", 1), ("y", 4), ("z", 2)], None, (7, 5), \
        '[{"y":(2)2}, {"z", "y":(1)2}]', "constraint"


def subaxes(out):
    """Writes each sub-axes case's MLIR text (`<case>.shardy.mlir`, rows in
    `expected.tsv`) and the HLO text XLA makes of it (`<case>.shardy.hlo`,
    rows in `expected_hlo.tsv`, rewritten): `PyMlirModuleToXlaComputation`
    (jaxlib/xla/mlir.cc, `_jax.mlir.mlir_module_to_xla_computation`) runs
    `ExportShardyForHloRoundTrip` (xla/pjrt/mlir_to_hlo.cc: Shardy's
    round-trip export, `addSdyRoundTripExportPipeline`) before converting,
    so that each instruction keeps its Shardy sharding in
    `frontend_attributes={xla.sdy.sharding=...}` and the module its meshes
    in `xla.sdy.meshes`, beside the HLO `sharding=` XLA's export made of
    it: the text `jax.jit(f).lower(..).as_text(dialect="hlo")` prints."""
    from jax._src import compiler
    from jax._src.lib import _jax, hlo, xla_client

    devs = np.array(jax.devices()[:8])
    rows, hlo_rows = [], []
    for name, axes, ids, dims, body, where in subaxis_cases():
        count = int(np.prod([size for _, size in axes]))
        mesh = Mesh(devs[:count].reshape([size for _, size in axes]), tuple(a for a, _ in axes))
        if where == "arg":
            arg = jax.ShapeDtypeStruct(dims, jnp.float32, sharding=NamedSharding(mesh, P()))
            text = jax.jit(lambda a: a + a).lower(arg).as_text()
            pattern = r"#sdy\.sharding<@mesh, \[[^\]]*\]>"
            replace = f"#sdy.sharding<@mesh, {body}>"
        else:
            arg = jax.ShapeDtypeStruct((8, 8), jnp.float32, sharding=NamedSharding(mesh, P()))
            cut = next(a for a, size in axes if size > 1)

            def f(a, d0=dims[0], d1=dims[1], s=NamedSharding(mesh, P(cut, None))):
                return jax.lax.with_sharding_constraint(a[:d0, :d1] * 2, s).sum()

            text = jax.jit(f).lower(arg).as_text()
            pattern = r"(sdy\.sharding_constraint %\S+ )<@mesh, \[[^\]]*\]>"
            replace = rf"\1<@mesh, {body}>"
        text, n = re.subn(pattern, replace, text)
        assert n == 1, text
        if ids is not None:
            text, n = re.subn(r"(sdy\.mesh @mesh = <\[[^\]]*\])>", rf"\1, device_ids={ids}>".replace(" ", ""), text)
            assert n == 1, text
        file = f"{name}.shardy.mlir"
        with open(os.path.join(out, file), "w") as fh:
            fh.write(text)
        module = _jax.mlir.mlir_module_to_xla_computation(text, use_tuple_args=False).as_hlo_module()
        hlo_text = module.to_string(hlo.HloPrintOptions.short_parsable())
        hlo_file = f"{name}.shardy.hlo"
        with open(os.path.join(out, hlo_file), "w") as fh:
            fh.write(hlo_text)
        with tempfile.TemporaryDirectory() as dump:
            options = compiler.get_compile_options(
                num_replicas=1, num_partitions=count, device_assignment=np.arange(count).reshape(1, count),
                env_options_overrides={"xla_dump_to": dump, "xla_dump_hlo_pass_re": "spmd-partitioning"})
            options.executable_build_options.use_spmd_partitioning = True
            options.executable_build_options.use_shardy_partitioner = True
            exe = devs[0].client.compile_and_load(text, xla_client.DeviceList(tuple(devs[:count])), options)
            params, _ = entry_layout(exe.hlo_modules()[0].to_string())
            after = [f for f in os.listdir(dump) if "after_spmd-partitioning" in f]
            partitioned = open(os.path.join(dump, after[0])).read() if after else ""
        shape, sharding = hlo_params(hlo_text)[0]
        found = [(file, "arg0", shape, sharding, strip_layout(params[0]))]
        for k, (cname, cshape, csharding) in enumerate(hlo_constraints(hlo_text, names=True)):
            found.append((file, f"constraint{k}", strip_layout(cshape), csharding,
                          partitioned_shape(partitioned, cname)))
        rows += found
        hlo_rows += [(hlo_file,) + row[1:] for row in found]
    with open(os.path.join(out, "expected.tsv"), "a") as fh:
        for row in rows:
            fh.write("\t".join(row) + "\n")
    with open(os.path.join(out, "expected_hlo.tsv"), "w") as fh:
        for row in hlo_rows:
            fh.write("\t".join(row) + "\n")
    print(f"{len(rows)} rows, jax {jax.__version__}, sub-axes", file=sys.stderr)


def partitioned_shape(text, name):
    """One device's shape of the instruction `name` (a `Sharding` custom
    call of the module XLA imported) in the module XLA's SPMD partitioner
    wrote: the instructions whose `op_name` metadata is `name` (the
    partitioner's copy, and any reshard before it), which must agree."""
    shapes = {m.group(1).split("{")[0] for m in re.finditer(
        r"= (\S+) \S+\(.*metadata=\{op_name=\"" + re.escape(name) + r"\"", text)}
    assert len(shapes) == 1, (name, shapes)
    return shapes.pop()


def bench_program(out, tag):
    """A sharded 8-layer MLP's training step, lowered: MLIR and HLO."""
    devs = np.array(jax.devices()[:8])
    mesh = Mesh(devs.reshape(4, 2), ("data", "model"))
    layers, width = 8, 256

    def loss(params, x):
        for w, b in params:
            x = jnp.tanh(x @ w + b)
            x = jax.lax.with_sharding_constraint(x, NamedSharding(mesh, P("data", None)))
        return jnp.mean(x * x)

    def step(params, x):
        grads = jax.grad(loss)(params, x)
        return [(w - 0.1 * gw, b - 0.1 * gb) for (w, b), (gw, gb) in zip(params, grads)]

    w = jax.ShapeDtypeStruct((width, width), jnp.float32, sharding=NamedSharding(mesh, P(None, "model")))
    b = jax.ShapeDtypeStruct((width,), jnp.float32, sharding=NamedSharding(mesh, P("model")))
    x = jax.ShapeDtypeStruct((64, width), jnp.float32, sharding=NamedSharding(mesh, P("data", None)))
    lowered = jax.jit(step).lower([(w, b)] * layers, x)
    for ext, text in (("mlir", lowered.as_text()), ("hlo", lowered.as_text(dialect="hlo"))):
        with open(os.path.join(out, f"bench_mlp.{tag}.{ext}"), "w") as fh:
            fh.write(text)


def manual_values(lowered):
    """Each operand and result of the program's `sdy.manual_computation`:
    (`manual_inK` / `manual_outK`, global shape, sharding, one device's
    shape), from the module XLA hands its SPMD partitioner (dumped before
    its `spmd-partitioning` pass, after Shardy's export): operand k is the
    sharding constraint (`copy`) feeding `SPMDFullToShardShape`, whose
    result is the local shape; result k is `SPMDShardToFullShape`, whose
    operand is the local shape."""
    with tempfile.TemporaryDirectory() as dump:
        lowered.compile(compiler_options={
            "xla_dump_to": dump, "xla_dump_hlo_pass_re": "spmd-partitioning"})
        (before,) = [f for f in os.listdir(dump) if "before_spmd-partitioning" in f]
        with open(os.path.join(dump, before)) as fh:
            text = fh.read()
    lines = {}
    for line in text.splitlines():
        m = re.match(r"\s*(?:ROOT )?%(\S+) = (\S+) (\S+?)\((%[^)]*)\)", line)
        if m:
            lines[m.group(1)] = (m.group(2), m.group(4).lstrip("%"), line)

    def sharding(line):
        return braced(line, line.index("sharding=") + len("sharding="))

    rows, ins, outs = [], 0, 0
    for name, (shape, operand, line) in lines.items():
        if 'custom_call_target="SPMDFullToShardShape"' in line:
            gshape, _, gline = lines[operand]
            rows.append((f"manual_in{ins}", strip_layout(gshape), sharding(gline), strip_layout(shape)))
            ins += 1
        elif 'custom_call_target="SPMDShardToFullShape"' in line:
            lshape = lines[operand][0]
            rows.append((f"manual_out{outs}", strip_layout(shape), sharding(line), strip_layout(lshape)))
            outs += 1
    return rows


def partitioned_constraints(lowered):
    """One device's shape of each `with_sharding_constraint`, in order: the
    instructions named `sharding_constraint` in the module XLA's SPMD
    partitioner wrote (dumped after its `spmd-partitioning` pass)."""
    with tempfile.TemporaryDirectory() as dump:
        lowered.compile(compiler_options={
            "xla_dump_to": dump, "xla_dump_hlo_pass_re": "spmd-partitioning"})
        (after,) = [f for f in os.listdir(dump) if "after_spmd-partitioning" in f]
        with open(os.path.join(dump, after)) as fh:
            text = fh.read()
    return [m.group(1).split("{")[0] for m in re.finditer(
        r"= (\S+) \S+\(.*op_name=\"[^\"]*/sharding_constraint\"", text)]


if __name__ == "__main__":
    main()
