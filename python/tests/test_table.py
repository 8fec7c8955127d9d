"""Scan results as a notebook table: largest waste (bytes of padding)
first, every string HTML-escaped; `to_pandas` when pandas is there."""

import html
import re

import pytest

import xla_layout as X

HOSTILE = ["<img onerror=alert(1)>", "]]>", '"', "'><script>alert(1)</script>", "&amp;"]

MODULE = """HloModule m
ENTRY %main (p0: f32[4096,8,3], p1: bf16[8,128]) -> f32[3,5] {
  %p0 = f32[4096,8,3]{2,1,0:T(8,128)} parameter(0)
  %p1 = bf16[8,128]{1,0:T(8,128)(2,1)} parameter(1)
  ROOT %r = f32[3,5]{1,0:T(2,2)} custom-call(%p0, %p1), custom_call_target="<img onerror=alert(1)>"
}
"""


def rows(page):
    body = page.split("<tbody>", 1)[1]
    return re.findall(r"<tr>(.*?)</tr>", body, flags=re.S)


def test_table_is_largest_waste_first():
    result = X.scan(MODULE)
    assert len(result) >= 3
    page = result._repr_html_()
    shapes = [html.unescape(re.findall(r"<td>(.*?)</td>", r)[4]) for r in rows(page)]
    # Independent of the table code: sort the records by their own sizes.
    sized = [r for r in result if r["bytes_footprint"] is not None and r["bytes_data"] is not None]
    expected = sorted(sized, key=lambda r: r["bytes_data"] - r["bytes_footprint"])
    assert shapes[: len(expected)] == [r["text"] for r in expected]
    assert result.by_waste()[0]["text"] == "f32[4096,8,3]{2,1,0:T(8,128)}"


@pytest.mark.parametrize("hostile", HOSTILE)
def test_every_string_is_escaped(hostile):
    record = {
        "role": hostile,
        "instruction": hostile,
        "opcode": hostile,
        "line": hostile,
        "text": hostile,
        "elements": None,
        "bytes_data": None,
        "bytes_footprint": None,
        "expansion": None,
        "padding_percent": None,
        "error": hostile,
    }
    page = X.ScanResult([record])._repr_html_()
    body = page.split("<tbody>", 1)[1]
    assert html.escape(hostile, quote=True) in body
    if hostile != "&amp;":
        assert hostile not in body
    assert "<img" not in page and "<script" not in page
    assert page.count("<td>") == page.count("</td>") == len(X._scan.COLUMNS)


def test_real_scan_with_hostile_text_is_escaped():
    text = "%p = f32[3]{0:T(<img onerror=alert(1)>)} parameter(0)\n" + MODULE
    result = X.scan(text)
    # The scanner reports the broken shape with its hostile text.
    assert any("<img" in (r["text"] or "") for r in result)
    page = result._repr_html_()
    assert "<img" not in page
    assert "&lt;img onerror" in page


def test_to_pandas():
    pandas = pytest.importorskip("pandas")
    result = X.scan(MODULE)
    frame = result.to_pandas()
    assert isinstance(frame, pandas.DataFrame)
    assert len(frame) == len(result)
    assert list(frame["text"]) == [r["text"] for r in result]


def test_table_shows_at_most_max_rows_the_largest_first():
    # MAX_ROWS + 5 arrays f32[n]{0:T(2048)}: n = 1..; padding 2048 - n elements.
    n = X._scan.MAX_ROWS + 5
    text = "\n".join(f"%p{k} = f32[{k}]{{0:T(2048)}} parameter(0)" for k in range(1, n + 1))
    result = X.scan(text)
    assert len(result) == n
    page = result._repr_html_()
    shown = rows(page)
    assert len(shown) == X._scan.MAX_ROWS
    # Independent of the table code: the most padding is the smallest n
    # (f32[1] padded to 2048), so the rows are n = 1, 2, ... in that order.
    first = [html.unescape(re.findall(r"<td>(.*?)</td>", r)[4]) for r in shown[:3]]
    assert first == ["f32[1]{0:T(2048)}", "f32[2]{0:T(2048)}", "f32[3]{0:T(2048)}"]
    assert f"{n:,} shapes" in page and f"the {X._scan.MAX_ROWS:,} largest shown" in page


def test_every_heading_sorts_on_click():
    page = X.scan(MODULE)._repr_html_()
    head = page.split("<thead>", 1)[1].split("</thead>", 1)[0]
    assert head.count("<th onclick=") == len(X._scan.COLUMNS)
    # The handler is ours alone: escaped once into the attribute, no markup.
    assert html.escape(X._scan.SORT_JS, quote=True) in head
    assert "<" not in X._scan.SORT_JS
