"""``scan``: every shape in HLO text, a memory report or any text, as the
records ``xla-layout scan --json`` prints, in a list that shows as a table
in notebooks."""

from __future__ import annotations

import html
import json
import operator
from collections.abc import Sequence
from typing import Any, Dict, Iterable, Iterator, List, Optional, Union, overload

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


class ScanResult(Sequence):
    """The records of :func:`scan`, in the order of the text: a read-only
    sequence of dicts, each exactly one line of ``xla-layout scan --json``.

    The scan's results stay in Rust; a record's dict is built the first
    time it is looked at (``r[i]``, iteration, ``list(r)``) and kept, so
    ``r[i] is r[i]``. ``len(r)``, :meth:`by_waste` and the notebook table's
    order cost no dicts for records not shown. It compares equal to a list
    of the same dicts. ``ScanResult(records)`` wraps a list of dicts.

    In a notebook it shows as a table, largest waste (bytes of padding)
    first; :meth:`by_waste` gives that order, :meth:`to_pandas` a
    ``pandas.DataFrame`` when pandas is installed."""

    #: Records built per JSON parse when the whole result is built.
    _CHUNK = 65536

    def __init__(self, records: Iterable[Dict[str, Any]] = (), *, _records: Any = None) -> None:
        self._native = _records
        self._built: Dict[int, Dict[str, Any]] = {}
        self._all: Optional[List[Dict[str, Any]]] = None if _records is not None else list(records)

    def __len__(self) -> int:
        if self._all is not None:
            return len(self._all)
        return len(self._native)

    @overload
    def __getitem__(self, i: int) -> Dict[str, Any]: ...

    @overload
    def __getitem__(self, i: slice) -> List[Dict[str, Any]]: ...

    def __getitem__(self, i: Union[int, slice]) -> Any:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if self._all is not None:
            return self._all[i]
        n = len(self)
        k = operator.index(i)
        if k < 0:
            k += n
        if not 0 <= k < n:
            raise IndexError("ScanResult index out of range")
        record = self._built.get(k)
        if record is None:
            record = self._built[k] = json.loads(self._native.json_one(k))
        return record

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        return iter(self.records())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (ScanResult, list, tuple)):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other))
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<ScanResult: {len(self)} shape{'s' if len(self) != 1 else ''}>"

    def records(self) -> List[Dict[str, Any]]:
        """Every record as a dict (built at once, a chunk of records per
        JSON parse, the first time), in the text's order; the list is the
        result's own (do not change it)."""
        if self._all is None:
            out: List[Dict[str, Any]] = []
            n = len(self._native)
            for start in range(0, n, self._CHUNK):
                out.extend(json.loads(self._native.json(start, start + self._CHUNK)))
            for k, record in self._built.items():  # keep dicts handed out
                out[k] = record
            self._all, self._built = out, {}
        return self._all

    def order_by_waste(self) -> List[int]:
        """The records' positions, most bytes of padding first; records
        without sizes last; ties keep the text's order."""
        if self._all is None:
            return list(self._native.waste_order())
        return sorted(range(len(self._all)), key=lambda k: (waste(self._all[k]) is None, -(waste(self._all[k]) or 0)))

    def by_waste(self) -> List[Dict[str, Any]]:
        """The records, most bytes of padding first; records without sizes
        last; ties keep the text's order."""
        return [self[k] for k in self.order_by_waste()]

    def to_pandas(self) -> Any:
        """A ``pandas.DataFrame`` with one row per record (the text's
        order) and the record's keys as columns. Needs pandas."""
        try:
            import pandas
        except ImportError as e:  # pragma: no cover - depends on the env
            raise ImportError("ScanResult.to_pandas needs pandas: pip install pandas") from e
        return pandas.DataFrame.from_records(self.records())

    def _repr_html_(self) -> str:
        # Click a heading to sort by that column (again: the other way);
        # works where the notebook runs our HTML as trusted (a live
        # JupyterLab/Notebook output, nbconvert's HTML); elsewhere (GitHub)
        # the table stays largest waste first.
        head = "".join(f'<th onclick="{html.escape(SORT_JS, quote=True)}">{html.escape(h)}</th>' for _, h in COLUMNS)
        rows = []
        order = self.order_by_waste()
        for k in order[:MAX_ROWS]:
            record = self[k]
            cells = []
            for key, _ in COLUMNS:
                value = waste(record) if key == "waste" else record.get(key)
                text = "" if value is None else _cell(value)
                cells.append(f"<td>{html.escape(text, quote=True)}</td>")
            rows.append("<tr>" + "".join(cells) + "</tr>")
        caption = f"{len(self):,} shape{'s' if len(self) != 1 else ''}, largest waste first"
        if len(order) > MAX_ROWS:
            caption += f"; the {MAX_ROWS:,} largest shown (to_pandas() for all)"
        caption += "; click a heading to sort"
        return (
            '<table class="xla-layout-scan">'
            f"<caption>{html.escape(caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>"
        )


#: At most this many rows in the notebook table (largest waste first).
MAX_ROWS = 1000

#: A heading's click handler (no user text in it): sorts the body's rows by
#: that column, numbers as numbers, empty cells last, ascending first.
SORT_JS = (
    "var th=this,b=th.closest('table').tBodies[0],i=th.cellIndex,"
    "up=th.dataset.sort!=='asc';"
    "for(var h of th.parentNode.cells)delete h.dataset.sort;"
    "th.dataset.sort=up?'asc':'desc';"
    "var v=function(r){var t=r.cells[i].textContent,n=Number(t);return t===''?null:(isFinite(n)?n:t)};"
    "Array.from(b.rows).sort(function(x,y){var a=v(x),c=v(y);"
    "if(a===null||c===null)return (a===null)-(c===null);"
    "var o=(typeof a==='number'&&typeof c==='number')?a-c:String(a).localeCompare(String(c));"
    "return up?o:-o}).forEach(function(r){b.appendChild(r)})"
)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def scan(source: Any) -> ScanResult:
    """Every shape in ``source``: HLO text (an instruction, a module), a
    memory report, StableHLO (MLIR) text, any text; a
    ``jax.stages.Compiled`` (its ``as_text()``: the optimized module,
    per-device shapes); or a ``jax.stages.Lowered`` (its ``as_text()``:
    StableHLO with Shardy's or GSPMD's shardings, read as XLA will
    partition it, docs/scan.md "MLIR text"). Read here; JAX is never
    imported.

    Returns a :class:`ScanResult`, a sequence of dicts, each exactly the object
    ``xla-layout scan --json`` prints on one line (keys in docs/scan.md;
    ``start``/``end`` are byte offsets into the UTF-8 text, as the CLI's).
    The scan runs with the GIL released; a record's dict is built when it
    is first looked at."""
    text = _text_of(source, "scan", "a jax.stages.Compiled or Lowered")
    return ScanResult(_records=_native.scan_records(text))


def _text_of(source: Any, who: str, objects: str) -> str:
    """The text of ``source`` (HLO, or a Lowered's StableHLO) for the
    function ``who`` (named in the errors), which takes text or
    ``objects``."""
    if isinstance(source, str):
        return source
    if isinstance(source, (bytes, bytearray)):
        return bytes(source).decode("utf-8", errors="replace")
    as_text = getattr(source, "as_text", None)
    if callable(as_text):
        # jax.stages.Lowered's `as_text()` is StableHLO (MLIR), which the
        # scanner reads (docs/scan.md, "MLIR text"); a Compiled's is HLO.
        text = as_text()
        if isinstance(text, str):
            return text
        raise TypeError(f"{type(source).__name__}.as_text() returned {type(text).__name__}, not str")
    hint = ""
    if callable(getattr(source, "lower", None)):
        hint = ": a jitted function is not compiled yet; give jax.jit(f).lower(*args).compile()"
    raise TypeError(
        f"{who} takes HLO text or {objects} (anything with as_text()), not {type(source).__name__}{hint}"
    )
