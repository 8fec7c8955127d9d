"""Where every element of an XLA array lives in linear memory.

``parse(text)`` gives a :class:`Shape` with its sizes and memory mapping;
``explain``, ``compare`` and ``info`` return the dicts the ``xla-layout``
CLI prints with ``--json`` (the same Rust types, serialized by the same
code); ``scan`` finds every shape in HLO text or a compiled JAX program
(the records of ``scan --json``); ``memory`` sets a compiled program's
argument and result footprints beside XLA's ``memory_analysis()``; ``svg`` draws the figure ``xla-layout
svg`` prints; ``from_jax`` turns a JAX array, ``ShapeDtypeStruct`` or ``Format``
into XLA's shape text. Bad input raises :class:`LayoutError`, a
``ValueError`` whose ``span`` is ``(start, end)`` in the text.
"""

from __future__ import annotations

import json
from typing import Any, Dict, Optional, Sequence

from ._native import LayoutError, Shape, parse
from . import _native
from ._jax import ShapeText, from_jax
from ._scan import ScanResult, scan
from ._memory import MemoryReport, memory
from ._widget import show
from ._timeline import Timeline, timeline

__all__ = [
    "LayoutError",
    "Shape",
    "ScanResult",
    "MemoryReport",
    "parse",
    "explain",
    "compare",
    "info",
    "shard",
    "scan",
    "memory",
    "show",
    "svg",
    "from_jax",
    "ShapeText",
]
__version__ = "0.1.0"


def explain(text: str, at: Optional[Sequence[int]] = None, suggest: bool = False) -> Dict[str, Any]:
    """Why the array occupies N times its data, factor by factor.

    Returns the object ``xla-layout explain SHAPE --json`` prints:
    ``expansion``, ``factors``, ``sentence`` and, with ``suggest=True``,
    ``suggestions`` and ``complete`` (other minor_to_major orders of the
    same dims and tiles that occupy less; XLA chooses layouts itself).
    With ``at=(i, j, ...)`` it also has ``steps`` and ``offset``: XLA's
    tiling stage by stage for that element, as ``explain --json --at``.
    """
    index = None
    if at is not None:
        index = [_index_entry(i) for i in at]
    result = json.loads(_native.explain_json(text, index))
    if not suggest:
        result.pop("suggestions", None)
        result.pop("complete", None)
    return result


def compare(a: str, b: str) -> Dict[str, Any]:
    """Is changing layout ``a`` into ``b`` a bitcast, or a copy moving N of
    M elements? The object ``xla-layout compare A B --json`` prints:
    ``bitcast``, ``elements``, ``elements_moved``, ``bytes_footprint_a``,
    ``bytes_footprint_b`` and, when something is undecided, ``reason``.
    Errors point into ``b`` where the two disagree."""
    return json.loads(_native.compare_json(a, b))


def info(text: str) -> Dict[str, Any]:
    """Everything about the shape: the object ``xla-layout info SHAPE
    --json`` prints."""
    return json.loads(_native.info_json(text))


def shard(
    shape: Any,
    sharding: Any = None,
    devices: Optional[int] = None,
    *,
    mesh: Any = None,
    spec: Any = None,
) -> Dict[str, Any]:
    """What each device holds of ``shape`` cut by ``sharding``: the object
    ``xla-layout shard SHAPE SHARDING --json`` prints (``sharding``,
    ``ways``, ``replication``, ``num_devices``, ``shard``, ``devices``,
    ``bytes_data``, ``bytes_per_device``, ``bytes_total``, the padding by
    source, the explanation and ``suggestions``; docs/sharding.md).

    ``shape`` is XLA's shape text or a ``jax.Array`` /
    ``jax.ShapeDtypeStruct`` (read by :func:`from_jax`). ``sharding`` is
    a JAX object as it is (a ``NamedSharding``, ``GSPMDSharding``,
    ``PositionalSharding`` where JAX still has it, an ``HloSharding``, or a
    ``jax.Array``: its sharding) or text: XLA's
    (``"{devices=[4,1,2]<=[8] last_tile_dim_replicate}"``), its named form
    (``"{mesh['x'=4,'y'=2], [{'y'}, {'x'}]}"``) or a pasted
    ``NamedSharding(...)`` repr. Instead of ``sharding``, ``mesh`` (a
    ``Mesh``, an ``AbstractMesh`` or text such as ``"x=4,y=2"``) and
    ``spec`` (a ``PartitionSpec`` or text such as ``"'x', None"``) give
    the sharding JAX lowers that NamedSharding to; a ``Mesh`` brings its
    device order, so each device entry names its ``chip``. Without
    either, the sharding of ``shape`` itself (a ``jax.Array``, or
    ``from_jax``'s result) is used: ``shard(x)``.

    ``devices`` is the program's device count; a mesh or a JAX sharding
    knows it already (so ``P()`` lists every device)."""
    from . import _sharding

    given = sharding is not None or mesh is not None or spec is not None
    if not isinstance(shape, str):  # a jax.Array or ShapeDtypeStruct
        if not given:
            sharding = getattr(shape, "sharding", None)
        shape = from_jax(shape)
    elif not given:
        sharding = getattr(shape, "sharding", None)
        if devices is None:
            devices = getattr(shape, "num_devices", None)
    text = str(shape)

    def rank() -> Optional[int]:
        dims = parse(text).dims
        return None if dims is None else len(dims)

    r = _sharding.resolve(sharding, mesh, spec, rank)
    if devices is None:
        devices = r.devices
    return json.loads(_native.shard_json_text(text, r.sharding, devices, r.mesh, r.spec))


def _index_entry(value: Any) -> int:
    entry = int(value)
    if entry < 0:
        raise IndexError(f"index entries cannot be negative (found {entry})")
    if entry >= 1 << 64:
        raise IndexError(f"index entry {entry} is beyond any XLA dimension")
    return entry


def svg(
    text: str,
    view: str = "both",
    labels: str = "auto",
    width: float = 1200,
    theme: str = "light",
    colours: str = "offset",
    *,
    sharding: Any = None,
    device: Optional[int] = None,
    mesh: Any = None,
    spec: Any = None,
) -> str:
    """The SVG document ``xla-layout svg TEXT --view VIEW --labels LABELS
    --width WIDTH --theme THEME --colours COLOURS`` prints, byte for byte
    (without its final newline). ``view``: both, logical, memory;
    ``labels``: auto, offset, index, letters, none; ``theme``: light, dark;
    ``colours``: offset, logical, tile; ``width`` in pixels (clamped to
    240..8192 as the CLI does). A tuple of several arrays is refused
    (the CLI's ``--leaf`` has no counterpart: pass the leaf's text).

    With ``sharding`` (as :func:`shard` takes it: text or a JAX object),
    or ``mesh`` and ``spec``, it draws one device's shard with the device
    grid below it, as ``svg TEXT --sharding S --device ID`` does:
    ``device`` is the device's id as ``shard`` lists it (the first listed
    without one)."""
    from . import _sharding

    text = str(text)

    def rank() -> Optional[int]:
        dims = parse(text).dims
        return None if dims is None else len(dims)

    field = _sharding.field_text(sharding, mesh, spec, rank)
    if field is None:
        if device is not None:
            raise ValueError("device= needs a sharding: sharding=, or mesh= and spec=")
        return _native.svg(text, view, labels, float(width), theme, colours)
    return _native.svg_shard(text, field, device, view, labels, float(width), theme, colours)
