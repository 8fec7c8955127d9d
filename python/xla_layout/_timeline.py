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
chart of bytes live per step (padded and unpadded) with the fullest step
and XLA's stated peak marked, as a static SVG.
"""

from __future__ import annotations

import html
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

    def show(self, width: int = 720) -> "TimelineChart":
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


# --- the chart ---------------------------------------------------------------


def _columns(values: List[int], width: int) -> List[Tuple[int, int]]:
    """(min, max) of `values` per pixel column: 10^5 steps draw in `width`
    columns, never one shape per step."""
    n = len(values)
    if n <= width:
        return [(v, v) for v in values]
    out = []
    for c in range(width):
        chunk = values[c * n // width : max((c + 1) * n // width, c * n // width + 1)]
        out.append((min(chunk), max(chunk)))
    return out


def _human(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB", "TiB"):
        if n < 1024 or unit == "TiB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"


def _module_svg(m: Dict[str, Any], y0: int, width: int, height: int) -> List[str]:
    e = html.escape
    left, right, top = 64, 12, 28
    plot_w, plot_h = width - left - right, height - top - 28
    steps = m.get("steps") or []
    padded = [s["bytes"] for s in steps]
    dense = [s["unpadded"] for s in steps]
    top_bytes = max(padded + [1])
    n = max(len(steps), 1)
    x_of = lambda t: left + plot_w * (t + 0.5) / n  # noqa: E731
    y_of = lambda b: y0 + top + plot_h * (1 - b / top_bytes)  # noqa: E731
    devices = m.get("partitions")
    per = f", per device (each of {devices})" if devices and devices > 1 else ""
    out = [
        f'<g class="module"><text x="{left}" y="{y0 + 16}" class="title">'
        f"{e(m['name'])}: bytes live per step{e(per)}</text>",
        f'<line x1="{left}" y1="{y0 + top + plot_h}" x2="{left + plot_w}" y2="{y0 + top + plot_h}" class="axis"/>',
        f'<text x="{left - 4}" y="{y_of(top_bytes) + 4:.1f}" class="tick" text-anchor="end">{e(_human(top_bytes))}</text>',
        f'<text x="{left - 4}" y="{y0 + top + plot_h + 4}" class="tick" text-anchor="end">0</text>',
    ]
    for cls, series in (("padded", padded), ("unpadded", dense)):
        cols = _columns(series, plot_w)
        k = len(cols)
        pts = []
        for c, (lo, hi) in enumerate(cols):
            x = left + plot_w * (c + 0.5) / max(k, 1)
            pts.append(f"{x:.1f},{y_of(hi):.1f}")
            if lo != hi:
                pts.append(f"{x:.1f},{y_of(lo):.1f}")
        if pts:
            out.append(f'<polyline class="{cls}" points="{" ".join(pts)}"/>')
    peak, xla = m.get("peak"), m.get("xla_peak")
    if peak:
        x = x_of(peak["step"])
        out.append(f'<line class="peak" x1="{x:.1f}" y1="{y0 + top}" x2="{x:.1f}" y2="{y0 + top + plot_h}"/>')
        out.append(
            f'<text class="label" x="{x + 3:.1f}" y="{y0 + top + 10}">fullest step {peak["step"]}: '
            f"{e(_human(peak['bytes']))}</text>"
        )
    if xla and (not peak or xla["step"] != peak["step"]):
        x = x_of(xla["step"])
        out.append(f'<line class="xla-peak" x1="{x:.1f}" y1="{y0 + top}" x2="{x:.1f}" y2="{y0 + top + plot_h}"/>')
        out.append(
            f'<text class="label" x="{x + 3:.1f}" y="{y0 + top + 24}">XLA\'s stated peak, step {xla["step"]}</text>'
        )
    out.append(
        f'<text class="tick" x="{left}" y="{y0 + height - 8}">step 0 .. {max(len(steps) - 1, 0)}; '
        "padded (size=) solid, unpadded (data) dashed</text></g>"
    )
    return out


def timeline_svg(t: Dict[str, Any], width: int = 720, height: int = 220) -> str:
    """Every module's chart, one below the other, as an SVG document."""
    width = max(int(width), 200)
    modules = t.get("modules") or []
    total = height * max(len(modules), 1)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{total}" '
        f'viewBox="0 0 {width} {total}" role="img">',
        "<title>Bytes live per step of each module (xla_layout.timeline)</title>",
        "<style>.title{font:bold 13px sans-serif}.tick,.label{font:11px sans-serif}"
        ".axis{stroke:#888}.padded{fill:none;stroke:#1f6feb;stroke-width:1.5}"
        ".unpadded{fill:none;stroke:#2da44e;stroke-width:1.5;stroke-dasharray:4 2}"
        ".peak{stroke:#cf222e}.xla-peak{stroke:#9a6700;stroke-dasharray:3 3}</style>",
        f'<rect width="{width}" height="{total}" fill="#fff"/>',
    ]
    for i, m in enumerate(modules):
        parts.extend(_module_svg(m, i * height, width, height))
    parts.append("</svg>")
    return "".join(parts)
