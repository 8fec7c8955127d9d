"""``timeline(x)``: a program's memory over its run, read from XLA's dump
files, as the dict ``xla-layout timeline --json`` prints (the same Rust
reader, ``core::dump``; docs/timeline.md).

``x`` is a dump folder, a dump file or a list of them, or a
``jax.stages.Lowered`` (``jax.jit(f).lower(*args)``), compiled here with
``compiler_options={"xla_dump_to": <a temporary folder>,
"xla_dump_hlo_as_text": True}`` and read from there. A compiled program
(``jax.stages.Compiled``) has no dump any more: pass its ``Lowered``, or
the folder it was compiled to dump into.

The result is a dict with one more method, :meth:`Timeline.show`: the
figure ``xla-layout timeline --svg`` draws (bytes live per step, padded
and unpadded, the fullest step and XLA's stated peak marked; the temp
heap's map), as a static SVG.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from typing import Any, Dict, Iterable, List, Tuple

from . import _native

#: The dump files read: XLA's `FilenameFor` names (xla/service/dump.cc).
_DUMP_FILE = re.compile(
    r"^(\d+\.)?module_\d+.*_after_optimizations"
    r"(\.txt|-buffer-assignment\.txt|-live-range\.txt|-memory-usage-report\.txt)$"
)


class Timeline(dict):
    """The dict ``xla-layout timeline --json`` prints, with :meth:`show`."""

    def show(self, width: int = 800) -> "TimelineChart":
        """The chart of every module (static SVG; a notebook draws it)."""
        return TimelineChart(timeline_svg(self, width=width))


class TimelineChart:
    """An SVG document that notebooks display (``_repr_svg_``)."""

    def __init__(self, svg: str):
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.svg


def timeline(x: Any) -> Timeline:
    """Reads XLA's dump files of ``x`` (see the module's docs); raises
    ``ValueError`` when no module could be read."""
    if _is_lowered(x):
        with tempfile.TemporaryDirectory(prefix="xla-layout-dump-") as tmp:
            x.compile(compiler_options={"xla_dump_to": tmp, "xla_dump_hlo_as_text": True})
            return _read(_files_in(tmp))
    if hasattr(x, "memory_analysis") and hasattr(x, "as_text"):
        raise TypeError(
            "timeline() needs the dump XLA writes while compiling: pass the "
            "Lowered (jax.jit(f).lower(*args)) to compile it here with "
            "xla_dump_to, or the folder a compile dumped into"
        )
    if isinstance(x, (str, os.PathLike)):
        paths: Iterable[Any] = [x]
    else:
        paths = list(x)
    files: List[Tuple[str, str]] = []
    for p in paths:
        p = os.fspath(p)
        if os.path.isdir(p):
            found = _files_in(p)
            if not found:
                raise ValueError(
                    f"{p} holds no XLA dump files (module_NNNN.NAME.<backend>_after_optimizations*.txt); "
                    'make them with compiler_options={"xla_dump_to": DIR} or XLA_FLAGS=--xla_dump_to=DIR'
                )
            files.extend(found)
        else:
            files.append((p, _read_text(p)))
    return _read(files)


def _is_lowered(x: Any) -> bool:
    return hasattr(x, "compile") and hasattr(x, "as_text") and not hasattr(x, "memory_analysis")


def _read_text(path: str) -> str:
    with open(path, "rb") as f:
        return f.read().decode("utf-8", errors="replace")


def _files_in(folder: str) -> List[Tuple[str, str]]:
    names = sorted(n for n in os.listdir(folder) if _DUMP_FILE.match(n))
    return [(os.path.join(folder, n), _read_text(os.path.join(folder, n))) for n in names]


def _read(files: List[Tuple[str, str]]) -> Timeline:
    result = json.loads(_native.timeline_json(files))
    if not result["modules"]:
        why = "; ".join(f"{p['file']}: {p['message']}" for p in result["problems"])
        raise ValueError(f"no module read: {why or 'no dump files'}")
    return Timeline(result)


def timeline_svg(t: Dict[str, Any], width: int = 800) -> str:
    """Every module's figure, as ``xla-layout timeline --svg`` draws it
    (the same Rust code, ``render::timeline``): the chart of bytes live per
    step and the heap map of its temp allocation."""
    return _native.timeline_svg_json(json.dumps(t), max(int(width), 0))
