"""Property tests: random layouts map every element to a distinct cell and
back; random text never takes the interpreter down."""

import itertools

from hypothesis import given, settings, strategies as st

import xla_layout as X

TYPES = ["f32", "bf16", "s8", "s4", "pred", "f64", "u2"]


@st.composite
def layouts(draw):
    rank = draw(st.integers(1, 3))
    dims = draw(st.lists(st.integers(1, 6), min_size=rank, max_size=rank))
    m2m = draw(st.permutations(range(rank)))
    tiles = draw(
        st.lists(
            st.lists(st.integers(1, 4), min_size=1, max_size=rank + 1), max_size=2
        )
    )
    ty = draw(st.sampled_from(TYPES))
    attrs = "".join("(" + ",".join(map(str, t)) + ")" for t in tiles)
    layout = ",".join(map(str, m2m)) + (":T" + attrs if attrs else "")
    return f"{ty}[{','.join(map(str, dims))}]{{{layout}}}", dims, list(m2m), bool(tiles)


@settings(max_examples=300, deadline=None)
@given(layouts())
def test_index_at_inverts_offset_of(case):
    text, dims, m2m, tiled = case
    s = X.parse(text)
    offsets = set()
    for index in itertools.product(*(range(d) for d in dims)):
        offset = s.offset_of(index)
        assert s.index_at(offset) == index
        offsets.add(offset)
    # Distinct cells inside the footprint; every other cell is padding.
    assert len(offsets) == s.elements
    footprint = max(offsets) + 1
    padding = [o for o in range(footprint) if s.index_at(o) is None]
    assert len(padding) + len(offsets) == footprint
    if not tiled:
        # Independent reference: untiled = strides over minor_to_major.
        stride, strides = 1, [0] * len(dims)
        for d in m2m:
            strides[d] = stride
            stride *= dims[d]
        for index in itertools.product(*(range(d) for d in dims)):
            assert s.offset_of(index) == sum(i * k for i, k in zip(index, strides))


ALPHABET = st.sampled_from(list("fsubc0123456789[]{}(),:*?<=TLESPMD#_ \n/x") + ["é", "\x00", "<img onerror=alert(1)>", "]]>", '"'])


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(max_size=60), st.lists(ALPHABET, max_size=40).map("".join)))
def test_random_text_never_crashes(text):
    for call in (X.parse, X.info, X.explain):
        try:
            call(text)
        except X.LayoutError as e:
            assert e.span is None or 0 <= e.span[0] <= e.span[1] <= len(text)
    try:
        X.compare("f32[2,3]{1,0}", text)
    except X.LayoutError:
        pass


def test_huge_and_hostile_inputs_are_errors():
    for text in ["f32[" + "9" * 400 + "]", "(" * 100000 + ")" * 100000,
                 "f32[2]{0:T(" + "1," * 10000 + "1)}", "f32[9223372036854775807,2]{1,0:T(8,128)}"]:
        try:
            X.parse(text)
        except X.LayoutError:
            pass
