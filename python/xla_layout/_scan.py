"""``scan``: every shape in HLO text, a memory report or any text, as the
records ``xla-layout scan --json`` prints, in a list that shows as a table
in notebooks."""

from __future__ import annotations

import html
import json
from typing import Any, Dict, List, Optional

from . import _native

#: The table's columns: (record key, heading).
COLUMNS = (
    ("line", "line"),
    ("role", "role"),
    ("instruction", "instruction"),
    ("opcode", "opcode"),
    ("text", "shape"),
    ("elements", "elements"),
    ("bytes_data", "bytes data"),
    ("bytes_footprint", "bytes footprint"),
    ("waste", "bytes of padding"),
    ("expansion", "expansion"),
    ("padding_percent", "padding %"),
    ("error", "error"),
)


def waste(record: Dict[str, Any]) -> Optional[int]:
    """Bytes of padding: ``bytes_footprint - bytes_data``; None when either
    is null (invalid shapes, tuples of unknown size)."""
    footprint, data = record.get("bytes_footprint"), record.get("bytes_data")
    if footprint is None or data is None:
        return None
    return footprint - data


class ScanResult(list):
    """The records of :func:`scan`, in the order of the text (a ``list``
    of dicts, each exactly one line of ``xla-layout scan --json``).

    In a notebook it shows as a table, largest waste (bytes of padding)
    first; :meth:`by_waste` gives that order, :meth:`to_pandas` a
    ``pandas.DataFrame`` when pandas is installed."""

    def by_waste(self) -> List[Dict[str, Any]]:
        """The records, most bytes of padding first; records without sizes
        last; ties keep the text's order."""
        return sorted(self, key=lambda r: (waste(r) is None, -(waste(r) or 0)))

    def to_pandas(self) -> Any:
        """A ``pandas.DataFrame`` with one row per record (the text's
        order) and the record's keys as columns. Needs pandas."""
        try:
            import pandas
        except ImportError as e:  # pragma: no cover - depends on the env
            raise ImportError("ScanResult.to_pandas needs pandas: pip install pandas") from e
        return pandas.DataFrame.from_records(list(self))

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(h)}</th>" for _, h in COLUMNS)
        rows = []
        for record in self.by_waste():
            cells = []
            for key, _ in COLUMNS:
                value = waste(record) if key == "waste" else record.get(key)
                text = "" if value is None else _cell(value)
                cells.append(f"<td>{html.escape(text, quote=True)}</td>")
            rows.append("<tr>" + "".join(cells) + "</tr>")
        caption = f"{len(self)} shape{'s' if len(self) != 1 else ''}, largest waste first"
        return (
            '<table class="xla-layout-scan">'
            f"<caption>{html.escape(caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def scan(source: Any) -> ScanResult:
    """Every shape in ``source``: HLO text (an instruction, a module), a
    memory report, any text; or a ``jax.stages.Compiled`` (its
    ``as_text()``, read here; JAX is never imported).

    Returns a :class:`ScanResult`, a list of dicts, each exactly the object
    ``xla-layout scan --json`` prints on one line (keys in docs/scan.md;
    ``start``/``end`` are byte offsets into the UTF-8 text, as the CLI's).
    The scan runs with the GIL released."""
    text = _text_of(source)
    return ScanResult(json.loads(_native.scan_json(text)))


def _text_of(source: Any) -> str:
    if isinstance(source, str):
        return source
    if isinstance(source, (bytes, bytearray)):
        return bytes(source).decode("utf-8", errors="replace")
    as_text = getattr(source, "as_text", None)
    if callable(as_text):
        text = as_text()
        if isinstance(text, str):
            return text
        raise TypeError(f"{type(source).__name__}.as_text() returned {type(text).__name__}, not str")
    raise TypeError(
        f"scan takes HLO text or a jax.stages.Compiled (anything with as_text()), not {type(source).__name__}"
    )
