"""`memory(compiled)`: our footprints of the entry parameters and result
beside XLA's own `memory_analysis()` of the same program, on JAX's CPU
backend (XLA's numbers are the expected values: for dense CPU arrays a
parameter's allocation is its data)."""

import pytest

import xla_layout as X

jax = pytest.importorskip("jax")
jnp = pytest.importorskip("jax.numpy")


def compiled(f, *args, **jit):
    return jax.jit(f, **jit).lower(*args).compile()


def test_one_array_in_one_out_agrees_with_xla():
    c = compiled(lambda a: a * 2, jnp.zeros((8, 128), jnp.float32))
    m = X.memory(c)
    xla = c.memory_analysis()
    assert m.note is None
    assert m.ours["argument_bytes_footprint"] == xla.argument_size_in_bytes == 8 * 128 * 4
    assert m.ours["output_bytes_footprint"] == xla.output_size_in_bytes
    assert m.xla["argument_size_in_bytes"] == xla.argument_size_in_bytes
    assert [r["text"] for r in m.arguments] == ["f32[8,128]{1,0}"]
    assert m.result["text"] == "f32[8,128]{1,0}"


def test_two_arguments_and_a_tuple_result():
    c = compiled(
        lambda a, b: (a * 2, b.astype(jnp.float32)),
        jnp.zeros((8, 128), jnp.float32),
        jnp.zeros((3, 5), jnp.bfloat16),
    )
    m = X.memory(c)
    xla = c.memory_analysis()
    assert m.ours["argument_bytes_data"] == xla.argument_size_in_bytes == 4096 + 30
    assert m.ours["output_bytes_data"] == 4096 + 60
    # XLA's output also counts the tuple's own allocation (its pointer
    # table), which no shape's footprint holds: never less than ours.
    assert xla.output_size_in_bytes >= m.ours["output_bytes_footprint"]
    rows = {r["quantity"]: r for r in m.rows()}
    assert rows["output"]["xla"] == xla.output_size_in_bytes
    assert rows["temp"]["ours_footprint"] is None  # not in the text: not guessed


def test_donated_argument_shows_as_alias():
    c = compiled(lambda a: a + 1, jnp.zeros((16, 16), jnp.float32), donate_argnums=0)
    m = X.memory(c)
    assert m.xla["alias_size_in_bytes"] == c.memory_analysis().alias_size_in_bytes == 16 * 16 * 4
    assert m.ours["argument_bytes_footprint"] == 16 * 16 * 4


def test_text_alone_has_no_xla_numbers():
    text = "HloModule m, entry_computation_layout={(f32[3,5]{1,0:T(2,2)})->f32[3,5]{1,0}}\n"
    m = X.memory(text)
    assert m.xla == {} and "no memory_analysis" in m.note
    # T(2,2) pads 3x5 to 4x6: 24 elements of 4 bytes (the semantics
    # document's tiling example), data 15 * 4.
    assert m.ours["argument_bytes_footprint"] == 96
    assert m.ours["argument_bytes_data"] == 60
    assert m.ours["output_bytes_footprint"] == 60
    assert "no memory_analysis" in str(m)


class Broken:
    def as_text(self):
        return "HloModule m, entry_computation_layout={()->f32[2]{0}}"

    def memory_analysis(self):
        raise NotImplementedError("<b>not on this backend</b>")


def test_failing_analysis_is_reported_not_raised_and_escaped():
    m = X.memory(Broken())
    assert m.xla == {} and "NotImplementedError" in m.note
    page = m._repr_html_()
    assert "<b>" not in page and "&lt;b&gt;" in page
    assert m.ours["output_bytes_footprint"] == 8
