"""JAX objects -> XLA shape text. JAX is imported only when it is needed,
and only to recognize its classes: every field is read by name, so the
current names (JAX >= 0.6: ``Format(layout=Layout(...), sharding)``) and
the older ones (``Layout(device_local_layout=DeviceLocalLayout(...))``)
both work."""

from __future__ import annotations

import json
from typing import Any, Optional, Sequence, Tuple

# JAX memory kinds with an S(n) in XLA's layout text. XLA's host memory
# space is `Layout::kHostMemorySpace = 5` (xla/layout.h); XLA's host
# offloading passes (xla/service/host_offloader.h, HostOffloader) give the
# layouts of host buffers that memory space. JAX's "pinned_host" buffers
# are those; "device" is `Layout::kDefaultMemorySpace = 0`, which XLA's
# printer leaves out (xla/layout.cc, Layout::Print). PJRT's CPU client does
# not show memory spaces in `x._pjrt_layout` (a "pinned_host" array on CPU
# prints `{1,0}`), so S(5) cannot be checked against XLA's text on CPU.
_MEMORY_SPACES = {"device": 0, "pinned_host": 5}

# numpy/ml_dtypes names whose XLA name is not derived by the rules below.
_DTYPES = {
    "bool": "pred",
    "float16": "f16",
    "bfloat16": "bf16",
    "float32": "f32",
    "float64": "f64",
    "complex64": "c64",
    "complex128": "c128",
}


def xla_dtype(dtype: Any) -> str:
    """The XLA element type name of a numpy / JAX dtype (``float32`` ->
    ``f32``, ``int4`` -> ``s4``, ``float8_e4m3fn`` -> ``f8e4m3fn``)."""
    try:  # scalar types such as jnp.int4 -> their dtype
        import numpy

        dtype = numpy.dtype(dtype)
    except (ImportError, TypeError):
        pass
    name = getattr(dtype, "name", None) or str(dtype)
    if name in _DTYPES:
        return _DTYPES[name]
    for prefix, letter in (("uint", "u"), ("int", "s")):
        if name.startswith(prefix) and name[len(prefix):].isdigit():
            return letter + name[len(prefix):]
    if name.startswith("float") and "_" in name:
        bits, rest = name[len("float"):].split("_", 1)
        if bits.isdigit():
            return f"f{bits}{rest}"
    raise ValueError(f"no XLA element type for the dtype {name!r}")


def _layout_of(obj: Any) -> Any:
    """The device-local layout (``major_to_minor``, ``tiling``, ...) inside
    a Format (new name) / Layout (old name), or the object itself."""
    if hasattr(obj, "major_to_minor"):
        return obj
    for field in ("layout", "device_local_layout"):
        inner = getattr(obj, field, None)
        if inner is not None and hasattr(inner, "major_to_minor"):
            return inner
    return None


def _memory_kind(obj: Any) -> Optional[str]:
    sharding = getattr(obj, "sharding", None)
    return getattr(sharding, "memory_kind", None)


def layout_text(
    rank: int,
    major_to_minor: Optional[Sequence[int]] = None,
    tiling: Optional[Sequence[Sequence[int]]] = None,
    sub_byte_element_size_in_bits: int = 0,
    memory_space: int = 0,
) -> str:
    """XLA's layout text ``{1,0:T(8,128)(2,1)E(4)S(5)}`` from JAX's
    fields. minor_to_major is major_to_minor reversed; without one, XLA's
    default (the last dim most minor)."""
    if major_to_minor is None:
        major_to_minor = tuple(range(rank))
    m2m = ",".join(str(int(d)) for d in reversed(tuple(major_to_minor)))
    attrs = ""
    for tile in tiling or ():
        attrs += "(" + ",".join(str(int(t)) for t in tile) + ")"
    if attrs:
        attrs = "T" + attrs
    if sub_byte_element_size_in_bits:
        attrs += f"E({int(sub_byte_element_size_in_bits)})"
    if memory_space:
        attrs += f"S({int(memory_space)})"
    return "{" + m2m + (":" + attrs if attrs else "") + "}"


class ShapeText(str):
    """The shape text :func:`from_jax` returns: a ``str`` (the global
    array's text, so anything that takes a shape takes it), with
    ``sharding`` (XLA's text of the array's sharding over several devices,
    or None), ``shard`` (one device's array, the same layout on the
    shard's dims, or None when not sharded) and ``num_devices`` (the
    devices the sharding spans, or None when not sharded)."""

    sharding: Optional[str]
    shard: Optional[str]
    num_devices: Optional[int]

    def __new__(
        cls,
        text: str,
        sharding: Optional[str] = None,
        shard: Optional[str] = None,
        num_devices: Optional[int] = None,
    ):
        obj = super().__new__(cls, text)
        obj.sharding = sharding
        obj.shard = shard
        obj.num_devices = num_devices
        return obj


def _xla_sharding(sharding: Any, rank: int) -> Optional[str]:
    """XLA's text of a JAX sharding over several devices: what JAX lowers
    it to (``Sharding._to_xla_hlo_sharding(num_dimensions)``,
    jax/_src/sharding_impls.py and jax/_src/named_sharding.py), printed by
    XLA (``HloSharding::ToString``). None on one device."""
    to_xla = getattr(sharding, "_to_xla_hlo_sharding", None)
    devices = getattr(sharding, "device_set", None)
    if to_xla is None or devices is None or len(devices) <= 1:
        return None
    return str(to_xla(rank))


def from_jax(x: Any, shape: Optional[Sequence[int]] = None, dtype: Any = None) -> ShapeText:
    """XLA's shape text for a ``jax.Array``, a ``jax.ShapeDtypeStruct``, or
    a JAX ``Format`` / ``Layout`` (then give ``shape`` and ``dtype``).

    A sharded array (or a struct or Format with a sharding over several
    devices) keeps its global shape; the result's ``.sharding`` is XLA's
    text of its sharding and ``.shard`` one device's array. JAX layouts are
    device-local: XLA lays out each shard with it, so both texts carry it.

    Built from the layout's ``major_to_minor``, ``tiling`` and
    ``sub_byte_element_size_in_bits``, the dtype, and the memory kind
    (``pinned_host`` -> ``S(5)``). Without a concrete layout (``None`` or
    ``AUTO``) the text has XLA's default layout. Raises ValueError for what
    XLA's text cannot say (an unknown dtype or memory kind).
    """
    if shape is None:
        shape = getattr(x, "shape", None)
    if dtype is None:
        dtype = getattr(x, "dtype", None)
    if shape is None or dtype is None:
        raise ValueError(
            "from_jax needs a shape and a dtype: pass a jax.Array or "
            "ShapeDtypeStruct, or give shape= and dtype= with a Format/Layout"
        )
    dims: Tuple[int, ...] = tuple(int(d) for d in shape)
    # JAX's Layout is the device-local layout: it lays out each device's
    # shard; the global array and the shard carry the same layout text.
    sharding = getattr(x, "sharding", None)
    if sharding is None and not hasattr(x, "major_to_minor"):
        sharding = getattr(x, "format", None) and getattr(x.format, "sharding", None)
    xla_sharding = _xla_sharding(sharding, len(dims))
    layout = None
    try:
        fmt = x.format if hasattr(x, "format") and not hasattr(x, "major_to_minor") else x
    except Exception:  # jax.Array.format can fail for deleted arrays
        fmt = x
    if fmt is not None:
        layout = _layout_of(fmt)
    kind = _memory_kind(x) or _memory_kind(fmt)
    if kind is not None and kind not in _MEMORY_SPACES:
        raise ValueError(f"memory kind {kind!r} has no S(n) in XLA's layout text")
    space = _MEMORY_SPACES.get(kind or "device", 0)
    name = xla_dtype(dtype)
    if layout is None:
        text = layout_text(len(dims), memory_space=space)
    else:
        text = layout_text(
            len(dims),
            tuple(layout.major_to_minor),
            tuple(tuple(t) for t in (layout.tiling or ())),
            int(getattr(layout, "sub_byte_element_size_in_bits", 0) or 0),
            space,
        )

    def shape_text(d: Tuple[int, ...]) -> str:
        dims_text = f"{name}[{','.join(str(k) for k in d)}]"
        return dims_text if not d and text == "{}" else dims_text + text

    if xla_sharding is None:
        return ShapeText(shape_text(dims))
    # One device's array: XLA's HloSharding::TileShape (each cut dim
    # divided by its tiles, rounded up: JAX refuses uneven dims in its own
    # shard_shape), from the core, with the same layout.
    from . import _native

    count = len(sharding.device_set)
    report = json.loads(_native.shard_json_text(shape_text(dims), xla_sharding, count, None, None))
    return ShapeText(shape_text(dims), xla_sharding, report["shard"], count)
