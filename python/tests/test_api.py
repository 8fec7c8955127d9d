"""The Python API on the docs' worked examples and XLA's own numbers."""

import pytest

import xla_layout as X


def test_figure_1_element_2_3_is_at_17():
    # docs/visualizer.md / XLA's "Shapes and layout" figure: f32[3,5] tiled
    # 2x2, element (2,3) is at linear offset 17.
    s = X.parse("f32[3,5]{1,0:T(2,2)}")
    assert s.offset_of((2, 3)) == 17
    assert s.index_at(17) == (2, 3)


def test_figure_4_element_6_5_is_at_51():
    s = X.parse("f32[8,8]{1,0:T(2,4)(2,1,1,1)}")
    assert s.offset_of([6, 5]) == 51


def test_sizes_of_the_tiled_example():
    # 3x5 padded to 4x6 by 2x2 tiles: 24 cells of 4 bytes, data 15*4.
    s = X.parse("f32[3,5]{1,0:T(2,2)}")
    assert s.canonical == "f32[3,5]{1,0:T(2,2)}"
    assert s.kind == "array"
    assert s.dims == [3, 5]
    assert s.dtype == "f32"
    assert s.elements == 15
    assert s.bytes_data == 60
    assert s.bytes_footprint == 96
    assert s.expansion == pytest.approx(96 / 60)
    assert str(s) == s.canonical


def test_padding_cells_are_none():
    # Row 2 of the 3x5 array lives in the second row of tiles; tile row 3
    # (index 3) is padding. Brute force: every cell is an element exactly
    # once or padding.
    s = X.parse("f32[3,5]{1,0:T(2,2)}")
    seen = [s.index_at(o) for o in range(24)]
    elements = [tuple(i) for i in seen if i is not None]
    assert len(elements) == 15
    assert sorted(elements) == [(i, j) for i in range(3) for j in range(5)]


def test_column_major_has_no_padding_and_swapped_strides():
    s = X.parse("f32[2,3]{0,1}")
    # dim 0 most minor: offset = i + 2*j.
    for i in range(2):
        for j in range(3):
            assert s.offset_of((i, j)) == i + 2 * j


def test_tuple_leaves_and_paths():
    t = X.parse("(f32[2,3], (s8[4]{0:T(8)}, bf16[2]))")
    assert t.kind == "tuple"
    assert t.dims is None and t.elements is None
    assert [l.path for l in t.leaves] == [(0,), (1, 0), (1, 1)]
    assert [l.canonical for l in t.leaves] == ["f32[2,3]{1,0}", "s8[4]{0:T(8)}", "bf16[2]{0}"]
    assert t.leaves[1].bytes_footprint == 8
    with pytest.raises(X.LayoutError):
        t.offset_of((0,))


def test_layout_error_points_at_the_characters():
    text = "f32[2,3]{1,0:L(0)}"
    with pytest.raises(X.LayoutError) as info:
        X.parse(text)
    e = info.value
    assert isinstance(e, ValueError)
    start, end = e.span
    assert text[start:end] == "0"
    assert text.index("L(0)") + 2 == start
    assert "L(n) must be at least 1" in e.reason
    assert e.text == text
    # The message is the text, a caret line under the span, and the reason.
    lines = str(e).splitlines()
    assert lines[0] == text and lines[1].strip() == "^" and lines[1].index("^") == start


def test_span_counts_characters_not_bytes():
    text = "f32[2,3]{1,0:T(2,é)}"
    with pytest.raises(X.LayoutError) as info:
        X.parse(text)
    start, end = info.value.span
    assert text[start] == "é"


def test_index_errors():
    s = X.parse("f32[3,5]{1,0:T(2,2)}")
    for bad in [(3, 0), (0, 5), (-1, 0), (0,), (0, 0, 0), (2**70, 0)]:
        with pytest.raises(IndexError):
            s.offset_of(bad)
    for bad in [24, -1, 2**80]:
        with pytest.raises(IndexError):
            s.index_at(bad)


def test_unbounded_dim_cannot_be_laid_out():
    s = X.parse("f32[?,3]")
    assert s.dims == [None, 3]
    with pytest.raises(X.LayoutError, match="unbounded"):
        s.offset_of((0, 0))


def test_explain_at_ends_at_the_offset():
    e = X.explain("f32[3,5]{1,0:T(2,2)}", at=(2, 3))
    assert e["offset"] == 17
    assert e["expansion"] == pytest.approx(1.6)
    assert "suggestions" not in e
    with_suggestions = X.explain("f32[3,5]{1,0:T(2,2)}", suggest=True)
    assert "suggestions" in with_suggestions and "complete" in with_suggestions


def test_explain_rejects_tuples_and_bad_indices():
    with pytest.raises(X.LayoutError, match="tuple"):
        X.explain("(f32[2], f32[3])")
    with pytest.raises(X.LayoutError):
        X.explain("f32[3,5]", at=(3, 0))
    with pytest.raises(IndexError):
        X.explain("f32[3,5]", at=(-1, 0))


def test_compare_the_seeds_transpose():
    # {1,0} -> {0,1} of a 2x3 array: only (0,0) and (1,2) keep their place.
    c = X.compare("f32[2,3]{1,0}", "f32[2,3]{0,1}")
    assert c["bitcast"] is False
    assert c["elements"] == 6
    assert c["elements_moved"] == 4
    assert X.compare("f32[2,3]{1,0}", "f32[2,3]{1,0}")["bitcast"] is True


def test_compare_error_points_into_the_second_text():
    with pytest.raises(X.LayoutError) as info:
        X.compare("f32[2,3]{1,0}", "f32[2,4]{1,0}")
    assert info.value.text == "f32[2,4]{1,0}"
