"""`show(x)`: the anywidget's options and redraws, and the static SVG in
every output (what nbconvert, GitHub and PDF exports show), checked from
Python; the element's files inside the wheel when it was built after
`trunk build --release`. The browser side is not tested here."""

import pytest

import xla_layout as X
from xla_layout import _widget

pytest.importorskip("anywidget")
traitlets = pytest.importorskip("traitlets")

TEXT = "f32[3,5]{1,0:T(2,2)}"
OTHER = "bf16[8,128]{1,0:T(8,128)(2,1)}"


def bundle(w):
    b = w._repr_mimebundle_()
    return b[0] if isinstance(b, tuple) else b


def test_output_carries_the_static_svg():
    w = X.show(TEXT)
    data = bundle(w)
    assert "application/vnd.jupyter.widget-view+json" in data
    assert data["image/svg+xml"] == X.svg(TEXT)  # theme "system" draws light


def test_setting_shape_and_options_redraws():
    w = X.show(TEXT, view="memory", controls="full", autoplay=True, select="1,2")
    assert (w.view, w.controls, w.autoplay, w.select) == ("memory", "full", True, "1,2")
    assert w._svg == X.svg(TEXT, view="memory")
    w.shape = OTHER
    assert w._svg == X.svg(OTHER, view="memory")
    w.theme = "dark"
    assert bundle(w)["image/svg+xml"] == X.svg(OTHER, view="memory", theme="dark")


def test_text_output_is_the_same_on_every_run():
    # The notebook's committed outputs are compared with a fresh run's.
    assert repr(X.show(TEXT)) == "LayoutWidget(shape='f32[3,5]{1,0:T(2,2)}')"
    w = X.show(TEXT, view="memory", autoplay=True)
    assert repr(w) == "LayoutWidget(shape='f32[3,5]{1,0:T(2,2)}', view='memory', autoplay=True)"
    assert bundle(w)["text/plain"] == repr(w)


def test_bad_text_is_refused_and_keeps_the_figure():
    w = X.show(TEXT)
    with pytest.raises(X.LayoutError) as e:
        w.shape = "f32[3,5]{1,0:T(2,2)"
    assert e.value.span is not None
    assert w.shape == TEXT and w._svg == X.svg(TEXT)
    with pytest.raises(X.LayoutError):
        X.show("<img onerror=alert(1)>")
    with pytest.raises(traitlets.TraitError):
        w.view = "sideways"
    with pytest.raises(X.LayoutError):
        w.compare = "f32[2"
    for bad in ("1,x", "-1", "1;2", ",".join(["1"] * 65)):
        with pytest.raises(traitlets.TraitError):
            w.select = bad
    for bad in ("fast", "0", "-3", "nan", "inf"):
        with pytest.raises(traitlets.TraitError):
            w.speed = bad


def test_select_and_speed_as_embed_mode_reads_them():
    w = X.show(TEXT, select=" 1, 2 ", speed="12.5")
    assert (w.select, w.speed) == ("1,2", "12.5")
    w.select = ""
    assert w.select == ""


def test_takes_shapes_and_jax_arrays():
    assert X.show(X.parse(TEXT)).shape == TEXT
    jnp = pytest.importorskip("jax.numpy")
    x = jnp.zeros((3, 5), jnp.bfloat16)
    assert X.show(x).shape == X.from_jax(x) == "bf16[3,5]{1,0}"


def test_tuple_has_no_static_figure_but_is_accepted():
    w = X.show("(f32[2]{0}, f32[3]{0})")
    assert w._svg == "" and "image/svg+xml" not in bundle(w)


def test_front_end_ships_in_the_package():
    esm = (_widget.STATIC / "widget.js").read_text(encoding="utf-8")
    assert "XLA_LAYOUT_LOAD" in esm and "export default" in esm


def answer(w):
    """What the widget sends when the page asks for the element's files."""
    sent = []
    w.send = lambda content, buffers=None: sent.append((content, buffers))
    w._handle_custom_msg({"type": "xla-layout-assets?"}, [])
    w._handle_custom_msg({"type": "something else"}, [])
    assert len(sent) == 1
    return sent[0]


def test_files_are_not_widget_state():
    # A notebook that saves widget state keeps options and the figure only.
    state = X.show(TEXT).get_state()
    assert set(state) >= {"shape", "view", "controls", "_svg"}
    assert not any(isinstance(v, (bytes, memoryview)) for v in state.values())
    # The largest are the figure and the front end, far below the wasm (~680 KB).
    assert max(len(str(v)) for v in state.values()) < 100_000


@pytest.mark.skipif(not _widget.assets_available(), reason="wheel built without trunk's dist/")
def test_element_files_ship_in_the_wheel():
    content, buffers = answer(X.show(TEXT))
    assert content["type"] == "xla-layout-assets"
    assert bytes(buffers[0][:4]) == b"\0asm"
    assert "mount_xla_layout" in content["glue"]
    assert "XLA_LAYOUT_LOAD" in content["element"]


def test_a_static_only_install_says_so_once_at_the_first_widget(monkeypatch):
    monkeypatch.setattr(_widget, "assets_available", lambda: False)
    monkeypatch.setattr(_widget, "_warned", False)
    with pytest.warns(UserWarning, match="static figure only") as first:
        X.show(TEXT)
    assert len(first) == 1
    assert "bash scripts/python-install.sh" in str(first[0].message)
    assert first[0].filename == __file__  # points at the caller of show()
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a second warning would raise here
        X.show(OTHER)
        X.show(TEXT, view="memory")


def test_a_live_install_says_nothing(monkeypatch):
    monkeypatch.setattr(_widget, "assets_available", lambda: True)
    monkeypatch.setattr(_widget, "_warned", False)
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        X.show(TEXT)
    assert _widget._warned is False


def test_importing_the_package_says_nothing():
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-W", "error", "-c", "import xla_layout, xla_layout._widget"],
        capture_output=True, text=True, cwd="/",
    )
    assert out.returncode == 0 and out.stderr == "", out.stderr
