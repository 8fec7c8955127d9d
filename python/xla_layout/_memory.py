"""``memory(compiled)``: the footprints of a compiled program's arguments
and result, read from its HLO text, set beside what XLA itself reports in
``compiled.memory_analysis()``.

The two measure different things, and the report says which:

* Ours come from the shapes in the module's ``entry_computation_layout``
  (the ``entry_parameter`` and ``entry_result`` records of :func:`scan`):
  ``bytes_data`` (the elements alone) and ``bytes_footprint`` (with the
  layout's padding) of each parameter and of the result.
* XLA's come from its buffer assignment. ``CompiledMemoryStats::
  PopulateBufferStatsFromAllocations`` (xla/pjrt, the code behind
  ``memory_analysis()`` on CPU and GPU) adds up the sizes of buffer
  *allocations*: ``argument_size_in_bytes`` those that hold an entry
  parameter, ``output_size_in_bytes`` those that may be live out of the
  program, ``alias_size_in_bytes`` parameter allocations that the output
  reuses (donated buffers, counted in both of the former),
  ``temp_size_in_bytes`` the preallocated temporary buffer; allocations in
  the host memory space go to the ``host_*`` fields instead.

So for arrays in device memory ours and XLA's argument and output sizes
should agree; they differ where an allocation is not a shape's footprint:
a tuple result's allocations include the tuple itself (its table of
element pointers), one allocation can hold a parameter that is also the
output, and temporaries and generated code have no shape in the text.
Nothing here guesses those: what the text cannot tell is None.
"""

from __future__ import annotations

import html
from typing import Any, Dict, List, Optional

from ._scan import ScanResult, _text_of, scan

#: XLA's fields, in the order shown, with what each one counts.
XLA_FIELDS = (
    ("argument_size_in_bytes", "allocations holding an entry parameter"),
    ("output_size_in_bytes", "allocations that may be live out (the result, a tuple's pointer table included)"),
    ("alias_size_in_bytes", "parameter allocations the output reuses (donation); in both sizes above"),
    ("temp_size_in_bytes", "the preallocated temporary buffer"),
    ("generated_code_size_in_bytes", "the compiled code"),
    ("host_argument_size_in_bytes", "as argument, in host memory space"),
    ("host_output_size_in_bytes", "as output, in host memory space"),
    ("host_alias_size_in_bytes", "as alias, in host memory space"),
    ("host_temp_size_in_bytes", "as temp, in host memory space"),
    ("host_generated_code_size_in_bytes", "as generated code, on the host"),
    ("peak_memory_in_bytes", "peak of live buffers over the schedule (newer jaxlib only)"),
)


class MemoryReport:
    """Our footprints of a program's arguments and result beside XLA's
    ``memory_analysis()``.

    Attributes:

    * ``arguments``: the ``entry_parameter`` records (dicts of
      :func:`scan`), one per parameter, in order;
    * ``result``: the ``entry_result`` record, or None;
    * ``ours``: ``argument_bytes_data``, ``argument_bytes_footprint``,
      ``output_bytes_data``, ``output_bytes_footprint`` (None when a shape
      has no size, e.g. it is invalid, or the module has no
      ``entry_computation_layout``);
    * ``xla``: every field of :data:`XLA_FIELDS` that ``memory_analysis()``
      has, as an int; empty when there was no analysis (see ``note``);
    * ``note``: why ``xla`` is empty, else None.

    :meth:`rows` gives the side-by-side table; in a notebook it shows as
    HTML, ``str()`` as text."""

    def __init__(self, records: ScanResult, analysis: Any, note: Optional[str] = None) -> None:
        self.arguments: List[Dict[str, Any]] = [r for r in records if r["role"] == "entry_parameter"]
        results = [r for r in records if r["role"] == "entry_result"]
        self.result: Optional[Dict[str, Any]] = results[0] if results else None
        found = bool(self.arguments) or self.result is not None
        self.ours: Dict[str, Optional[int]] = {
            "argument_bytes_data": _total(self.arguments, "bytes_data") if found else None,
            "argument_bytes_footprint": _total(self.arguments, "bytes_footprint") if found else None,
            "output_bytes_data": _total([self.result], "bytes_data") if self.result else None,
            "output_bytes_footprint": _total([self.result], "bytes_footprint") if self.result else None,
        }
        self.xla: Dict[str, int] = {}
        self.note = note
        if analysis is not None:
            for field, _ in XLA_FIELDS:
                value = getattr(analysis, field, None)
                if isinstance(value, int) and not isinstance(value, bool):
                    self.xla[field] = value
        elif note is None:
            self.note = "no memory_analysis() was given"

    def rows(self) -> List[Dict[str, Any]]:
        """One row per quantity: ``quantity``, ``ours_data``,
        ``ours_footprint``, ``xla`` (XLA's field's value), ``xla_field``
        and ``meaning``. A number that cannot be had is None."""
        o = self.ours
        rows = [
            _row("arguments", o["argument_bytes_data"], o["argument_bytes_footprint"], self.xla, "argument_size_in_bytes"),
            _row("output", o["output_bytes_data"], o["output_bytes_footprint"], self.xla, "output_size_in_bytes"),
        ]
        for field, _ in XLA_FIELDS[2:]:
            if field in self.xla:
                rows.append(_row(field.replace("_size_in_bytes", "").replace("_in_bytes", ""), None, None, self.xla, field))
        return rows

    def __str__(self) -> str:
        lines = [f"{'':<24}{'ours: data':>16}{'ours: footprint':>18}{'XLA':>16}  XLA's field: what it counts"]
        for r in self.rows():
            lines.append(
                f"{r['quantity']:<24}{_num(r['ours_data']):>16}{_num(r['ours_footprint']):>18}"
                f"{_num(r['xla']):>16}  {r['xla_field']}: {r['meaning']}"
            )
        if self.note:
            lines.append(f"XLA: {self.note}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"<MemoryReport arguments={self.ours['argument_bytes_footprint']} output={self.ours['output_bytes_footprint']} xla={self.xla}>"

    def _repr_html_(self) -> str:
        head = "".join(
            f"<th>{h}</th>" for h in ("", "ours: data", "ours: footprint", "XLA", "XLA's field", "what XLA counts")
        )
        body = []
        for r in self.rows():
            cells = [r["quantity"], _num(r["ours_data"]), _num(r["ours_footprint"]), _num(r["xla"]), r["xla_field"], r["meaning"]]
            body.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in cells) + "</tr>")
        caption = "bytes: ours from entry_computation_layout's shapes, XLA's from memory_analysis() (buffer allocations)"
        note = f"<p>{html.escape('XLA: ' + self.note)}</p>" if self.note else ""
        return (
            f'<table class="xla-layout-memory"><caption>{html.escape(caption)}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{note}"
        )


def _row(quantity: str, data: Optional[int], footprint: Optional[int], xla: Dict[str, int], field: str) -> Dict[str, Any]:
    meaning = dict(XLA_FIELDS)[field]
    return {
        "quantity": quantity,
        "ours_data": data,
        "ours_footprint": footprint,
        "xla": xla.get(field),
        "xla_field": field,
        "meaning": meaning,
    }


def _total(records: List[Dict[str, Any]], key: str) -> Optional[int]:
    total = 0
    for r in records:
        value = r.get(key)
        if value is None:
            return None
        total += value
    return total


def _num(value: Optional[int]) -> str:
    return "-" if value is None else f"{value:,}"


def memory(compiled: Any, analysis: Any = None) -> MemoryReport:
    """Our footprints of the arguments and the result of ``compiled`` (a
    ``jax.stages.Compiled``, or its HLO text) beside XLA's
    ``compiled.memory_analysis()``.

    ``analysis`` replaces ``compiled.memory_analysis()`` (for HLO text,
    give the object or None). JAX is never imported. Returns a
    :class:`MemoryReport`; see its ``rows()`` for what each number means.

    Not the CLI's ``xla-layout memory-order SHAPE`` (one shape's memory
    order); the CLI's ``scan FILE`` lists a program's shapes and bytes."""
    text = _text_of(compiled, "memory", "a jax.stages.Compiled")
    note = None
    if analysis is None and not isinstance(compiled, (str, bytes, bytearray)):
        get = getattr(compiled, "memory_analysis", None)
        if callable(get):
            try:
                analysis = get()
            except Exception as e:  # backends without it raise (e.g. Unimplemented)
                note = f"memory_analysis() failed: {type(e).__name__}: {e}"
            else:
                if analysis is None:
                    note = "memory_analysis() returned None (this backend reports nothing)"
        else:
            note = f"{type(compiled).__name__} has no memory_analysis()"
    return MemoryReport(scan(text), analysis, note)
