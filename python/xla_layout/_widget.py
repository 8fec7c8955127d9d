"""``show(x)``: the ``<xla-layout>`` element as a notebook widget
(anywidget), with the static SVG of the core's SVG backend in every output.

The element's files (the embed module's wasm-bindgen glue JS and wasm, and the
element's script, built by Trunk) ship inside the wheel in
``xla_layout/static/`` when scripts/python-assets.sh copied them from
``dist/`` (``trunk build --release``) before the wheel was built; the page
asks a widget for them once (a custom message, not widget state) and loads
them from memory (Blob URLs): no network. A
wheel built without them still shows the static figure, and says so once,
at the first :func:`show` (a ``UserWarning``, not at import).
"""

from __future__ import annotations

import math
import warnings
from typing import Any, Dict, Optional

from . import _native
from .assets import ELEMENT, GLUE, STATIC, WASM
from .assets import available as assets_available
from ._native import LayoutError, Shape, parse

VIEWS = ("both", "logical", "memory")
CONTROLS = ("none", "compact", "full")
THEMES = ("light", "dark", "system")
#: The page's request for the element's files, and the reply.
ASK, REPLY = "xla-layout-assets?", "xla-layout-assets"
#: The options the widget syncs to the element, and their defaults.
OPTIONS = ("shape", "view", "controls", "autoplay", "speed", "theme", "select", "step", "compare", "height")
DEFAULTS: Dict[str, Any] = {
    "shape": "", "view": "both", "controls": "compact", "autoplay": False, "speed": "",
    "theme": "system", "select": "", "step": "", "compare": "", "height": 360,
}


def _read(name: str, binary: bool = False) -> Any:
    path = STATIC / name
    if not path.is_file():
        return b"" if binary else ""
    return path.read_bytes() if binary else path.read_text(encoding="utf-8")


def text_of(x: Any) -> str:
    """Shape text of ``x``: a ``str``, a :class:`Shape` (its canonical
    text), or anything :func:`from_jax` takes (a ``jax.Array``, a
    ``ShapeDtypeStruct``)."""
    if isinstance(x, str):
        return x
    if isinstance(x, Shape):
        return x.canonical
    from ._jax import from_jax

    return from_jax(x)


def _widget_class() -> Any:
    try:
        import anywidget
        import traitlets as t
    except ImportError as e:  # pragma: no cover - depends on the env
        raise ImportError("xla_layout.show needs anywidget: pip install anywidget") from e

    class LayoutWidget(anywidget.AnyWidget):
        """The ``<xla-layout>`` element; set any option (``w.shape = ...``,
        ``w.view = "memory"``) to redraw. Its outputs also carry the static
        SVG (``image/svg+xml``) for nbconvert, GitHub and PDF."""

        _esm = STATIC / "widget.js"

        shape = t.Unicode(DEFAULTS["shape"]).tag(sync=True)
        view = t.Enum(VIEWS, default_value=DEFAULTS["view"]).tag(sync=True)
        controls = t.Enum(CONTROLS, default_value=DEFAULTS["controls"]).tag(sync=True)
        autoplay = t.Bool(DEFAULTS["autoplay"]).tag(sync=True)
        speed = t.Unicode(DEFAULTS["speed"]).tag(sync=True)  # str(number) accepted
        theme = t.Enum(THEMES, default_value=DEFAULTS["theme"]).tag(sync=True)
        select = t.Unicode(DEFAULTS["select"]).tag(sync=True)
        step = t.Unicode(DEFAULTS["step"]).tag(sync=True)
        compare = t.Unicode(DEFAULTS["compare"]).tag(sync=True)
        height = t.Int(DEFAULTS["height"], min=200, max=4000).tag(sync=True)

        _svg = t.Unicode("").tag(sync=True)

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._update_svg()
            self.on_msg(self._on_message)

        def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
            # The page asks once for the element's files (not widget state:
            # a notebook that saves widget state stays small).
            if isinstance(content, dict) and content.get("type") == ASK:
                glue, element, wasm = _read(GLUE), _read(ELEMENT), _read(WASM, binary=True)
                self.send({"type": REPLY, "glue": glue, "element": element}, buffers=[wasm] if wasm else [])

        @t.validate("shape")
        def _check_shape(self, proposal: Dict[str, Any]) -> str:
            text = text_of(proposal["value"])
            parse(text)  # LayoutError (a ValueError) for bad text
            return text

        @t.validate("select")
        def _check_select(self, proposal: Dict[str, Any]) -> str:
            # As embed mode reads it (src/ui/embed.rs): up to 64 indices.
            text = str(proposal["value"]).strip()
            parts = [p.strip() for p in text.split(",")] if text else []
            if parts and (len(parts) > 64 or not all(p.isdigit() for p in parts)):
                raise t.TraitError(f"select is an index like '1,2' (digits separated by commas), not {text!r}")
            return ",".join(parts)

        @t.validate("speed")
        def _check_speed(self, proposal: Dict[str, Any]) -> str:
            text = str(proposal["value"]).strip()
            if text:
                try:
                    value = float(text)
                except ValueError:
                    value = float("nan")
                if not (math.isfinite(value) and value > 0):
                    raise t.TraitError(f"speed is elements a second, a positive number, not {text!r}")
            return text

        @t.validate("compare")
        def _check_compare(self, proposal: Dict[str, Any]) -> str:
            text = proposal["value"]
            if text:
                parse(text)
            return text

        @t.observe("shape", "view", "theme")
        def _redraw(self, change: Any) -> None:
            self._update_svg()

        def _update_svg(self) -> None:
            self._svg = static_svg(self.shape, self.view, self.theme) or ""

        def __repr__(self) -> str:
            # The text/plain output: the same on every run (not an address).
            options = ", ".join(f"{name}={getattr(self, name)!r}" for name in OPTIONS[1:] if getattr(self, name) != DEFAULTS[name])
            return f"LayoutWidget(shape={self.shape!r}{', ' + options if options else ''})"

        def _repr_mimebundle_(self, **kwargs: Any) -> Any:
            bundle = super()._repr_mimebundle_(**kwargs)
            data = bundle[0] if isinstance(bundle, tuple) else bundle
            if data is not None and self._svg:
                data["image/svg+xml"] = self._svg
            return bundle

    return LayoutWidget


def static_svg(text: str, view: str = "both", theme: str = "light") -> Optional[str]:
    """The figure ``svg`` draws (``system`` drawn light); None for text the
    SVG backend does not draw (a tuple, a token, no text)."""
    if not text:
        return None
    try:
        # xla_layout.svg's defaults otherwise (labels auto, width 1200).
        return _native.svg(text, view, "auto", 1200.0, "dark" if theme == "dark" else "light", "offset")
    except LayoutError:
        return None


_CLASS: Any = None

#: Said once per process, at the first widget, by a package without the
#: live element (``pip install ./python`` straight from a clone).
STATIC_ONLY = (
    "xla_layout.show: this install has no live <xla-layout> element (the wheel was "
    "built without the app's release build), so the widget draws the static figure "
    "only. For the live widget, from a clone of xla-layout-viz: "
    "bash scripts/python-install.sh (docs/python-widget.md)."
)
_warned = False


def _say_if_static() -> None:
    global _warned
    if not _warned and not assets_available():
        _warned = True
        # stacklevel 3: the caller of show().
        warnings.warn(STATIC_ONLY, UserWarning, stacklevel=3)


def show(x: Any, **options: Any) -> Any:
    """A notebook widget drawing ``x`` (shape text, a :class:`Shape`, a
    ``jax.Array`` or ``ShapeDtypeStruct``) with the ``<xla-layout>``
    element. ``options``: ``view`` (both, logical, memory), ``controls``
    (none, compact, full; default compact), ``autoplay``, ``speed``,
    ``theme`` (light, dark, system), ``select`` (``"i,j"``), ``step``,
    ``compare`` (a second shape text), ``height`` (pixels). Setting
    ``w.shape`` or any option redraws. Needs anywidget."""
    global _CLASS
    if _CLASS is None:
        _CLASS = _widget_class()
    widget = _CLASS(shape=text_of(x), **options)
    _say_if_static()
    return widget
