"""JAX's sharding objects -> the texts the core reads, wherever a sharding
is taken (``shard``, ``show``).

Taken as they are: a ``jax.sharding.Mesh`` or ``AbstractMesh`` (its axis
names and sizes; a ``Mesh`` also its device order, so each device is
named by its chip), a ``PartitionSpec``, a ``NamedSharding`` (its mesh and
spec), any other sharding that lowers itself to XLA
(``GSPMDSharding``, ``PositionalSharding`` in the JAX releases that have
it, ``SingleDeviceSharding``: ``Sharding._to_xla_hlo_sharding(ndim)`` in
``jax/_src/sharding.py``, printed by XLA), an ``HloSharding`` (its
``str()`` is XLA's text), and a ``jax.Array`` (its sharding). Strings pass
through unchanged. JAX is never imported here: every object is read by
its fields.
"""

from __future__ import annotations

from typing import Any, Callable, List, Optional, Tuple


def _is_text(value: Any) -> bool:
    return isinstance(value, (str, bytes))


def _axis_name(name: Any, what: str) -> str:
    if not isinstance(name, str):
        raise TypeError(f"{what}: mesh axis names must be strings, found {name!r}")
    return "'" + name + "'"


def mesh_text(mesh: Any) -> Tuple[str, int]:
    """``'data'=2,'model'=4,devices=[0,2,..]`` for a ``Mesh`` (with its
    chips' ids in ``devices.flat`` order) or an ``AbstractMesh``; a string
    as it is. Returns the text and the mesh's device count (0 for a
    string: the core counts it)."""
    if _is_text(mesh):
        return str(mesh), 0
    names = getattr(mesh, "axis_names", None)
    sizes = getattr(mesh, "axis_sizes", None)
    if sizes is None and hasattr(mesh, "shape") and hasattr(mesh.shape, "values"):
        sizes = tuple(mesh.shape.values())
    if names is None or sizes is None:
        raise TypeError(
            f"a mesh must be a jax.sharding.Mesh, an AbstractMesh or text such as 'x=4,y=2', not {type(mesh).__name__}"
        )
    for kind in getattr(mesh, "axis_types", None) or ():
        if getattr(kind, "name", str(kind)) == "Manual":
            raise ValueError(
                "manual mesh axes are not read yet: JAX lowers them to a manual subgroup"
            )
    parts = [f"{_axis_name(n, 'mesh')}={int(s)}" for n, s in zip(names, sizes)]
    count = 1
    for s in sizes:
        count *= int(s)
    ids = _device_ids(mesh)
    if ids is not None:
        parts.append("devices=[" + ",".join(str(i) for i in ids) + "]")
    return ",".join(parts), count


def _device_ids(mesh: Any) -> Optional[List[int]]:
    """The chips' ids of a concrete mesh in ``devices.flat`` order (the
    order JAX numbers positions in: ``Mesh._flat_devices_tuple``,
    jax/_src/mesh.py); None for an abstract one."""
    try:
        devices = mesh.devices
    except Exception:  # AbstractMesh raises: it has no devices
        return None
    flat = getattr(devices, "flat", None)
    if flat is None:
        return None
    ids = [getattr(d, "id", None) for d in flat]
    if any(not isinstance(i, int) for i in ids):
        return None
    return ids


def spec_text(spec: Any) -> str:
    """``P(None, 'model')`` for a ``PartitionSpec`` (or a tuple of its
    entries); a string as it is."""
    if _is_text(spec):
        return str(spec)
    if not hasattr(spec, "__iter__"):
        raise TypeError(
            f"a spec must be a jax.sharding.PartitionSpec or text such as \"P('x', None)\", not {type(spec).__name__}"
        )
    for field in ("unreduced", "reduced"):
        if getattr(spec, field, None):
            raise ValueError(f"{field} axes in a PartitionSpec are not read yet")
    entries = []
    for entry in spec:
        if entry is None:
            entries.append("None")
        elif isinstance(entry, str):
            entries.append(_axis_name(entry, "spec"))
        elif isinstance(entry, (tuple, list)):
            inner = ", ".join(_axis_name(a, "spec") for a in entry)
            entries.append("(" + inner + ("," if len(entry) == 1 else "") + ")")
        else:
            raise ValueError(
                f"the spec entry {entry!r} is not read yet (None, an axis name or a tuple of them)"
            )
    return "P(" + ", ".join(entries) + ")"


class Resolved:
    """What the core is given: XLA's sharding text, or JAX's mesh and spec
    texts, and the device count the objects knew (None if they did not)."""

    def __init__(self) -> None:
        self.sharding: Optional[str] = None
        self.mesh: Optional[str] = None
        self.spec: Optional[str] = None
        self.devices: Optional[int] = None


def _device_count(sharding: Any) -> Optional[int]:
    devices = getattr(sharding, "device_set", None)
    try:
        return len(devices) if devices is not None else None
    except TypeError:
        return None


def resolve(sharding: Any, mesh: Any, spec: Any, rank: Callable[[], Optional[int]]) -> Resolved:
    """The texts for ``sharding`` (text or any object of the module's doc)
    or ``mesh`` and ``spec``; ``rank()`` is the array's number of dims
    (None for a tuple shape), asked only of shardings that lower
    themselves."""
    out = Resolved()
    if mesh is not None or spec is not None:
        if mesh is not None:
            out.mesh, count = mesh_text(mesh)
            out.devices = count or None
        if spec is not None:
            out.spec = spec_text(spec)
        out.sharding = None if sharding is None else resolve(sharding, None, None, rank).sharding
        return out
    if sharding is None or _is_text(sharding):
        out.sharding = None if sharding is None else str(sharding)
        return out
    # A jax.Array (or anything else holding a sharding): its sharding.
    inner = getattr(sharding, "sharding", None)
    if inner is not None and not hasattr(sharding, "spec"):
        return resolve(inner, None, None, rank)
    if hasattr(sharding, "mesh") and hasattr(sharding, "spec"):  # NamedSharding
        out.mesh, count = mesh_text(sharding.mesh)
        out.spec = spec_text(sharding.spec)
        out.devices = count or None
        return out
    to_xla = getattr(sharding, "_to_xla_hlo_sharding", None)
    if to_xla is not None:  # GSPMDSharding, PositionalSharding, SingleDeviceSharding
        ndim = rank()
        if ndim is None:
            raise ValueError(
                f"a {type(sharding).__name__} lowers one array at a time: give one array's shape"
            )
        out.sharding = str(to_xla(ndim))
        out.devices = _device_count(sharding)
        return out
    if type(sharding).__name__ == "HloSharding":  # jaxlib's, XLA's own printer
        out.sharding = str(sharding)
        return out
    raise TypeError(
        "a sharding must be XLA's text, a NamedSharding, GSPMDSharding, HloSharding, "
        f"a jax.Array or a Mesh with a PartitionSpec, not {type(sharding).__name__}"
    )


def field_text(sharding: Any, mesh: Any, spec: Any, rank: Callable[[], Optional[int]]) -> Optional[str]:
    """What the app's sharding field (and the ``<xla-layout>`` element's
    ``sharding`` attribute) takes for these: XLA's text, a pasted
    ``NamedSharding(..)``, or the mesh and the spec side by side
    (``'x'=4,'y'=2 P('x', None)``); None when none is given."""
    if sharding is None and mesh is None and spec is None:
        return None
    r = resolve(sharding, mesh, spec, rank)
    if r.sharding is not None and r.mesh is None and r.spec is None:
        return r.sharding
    if r.mesh is None or r.spec is None or r.sharding is not None:
        raise ValueError("give a sharding, or a mesh and a spec together (not both)")
    body = r.spec.strip()
    if not (body.startswith("P(") or body.startswith("PartitionSpec(")):
        body = "P(" + body + ")"
    return f"{r.mesh} {body}"
