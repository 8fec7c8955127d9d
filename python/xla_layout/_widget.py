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
from ._assets import ELEMENT, GLUE, SHARDED_GLUE, SHARDED_WASM, STATIC, WASM
from ._assets import available as assets_available
from ._assets import sharded_available
from ._native import LayoutError, Shape, parse

VIEWS = ("both", "logical", "memory")
CONTROLS = ("none", "compact", "full")
THEMES = ("light", "dark", "system")
#: The page's request for the element's files, and the reply.
ASK, REPLY = "xla-layout-assets?", "xla-layout-assets"
#: The options the widget syncs to the element, and their defaults.
OPTIONS = ("shape", "view", "controls", "autoplay", "speed", "theme", "select", "step", "compare", "height",
           "sharding", "device")
DEFAULTS: Dict[str, Any] = {
    "shape": "", "view": "both", "controls": "compact", "autoplay": False, "speed": "",
    "theme": "system", "select": "", "step": "", "compare": "", "height": 360,
    "sharding": "", "device": None,
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
        # One device's shard: the sharding as the element's `sharding`
        # attribute takes it (XLA's text, a NamedSharding repr, or `mesh
        # P(..)`; JAX objects are turned into that text), and the shown
        # device's id, as `shard` lists it.
        sharding = t.Any(DEFAULTS["sharding"]).tag(sync=True)  # text once validated
        device = t.Int(DEFAULTS["device"], allow_none=True)
        # The element's `device` attribute: the position among the listed
        # devices (the app's picker), from `device`.
        _device_index = t.Int(None, allow_none=True).tag(sync=True)
        # Whether this wheel ships the sharded embed module: without it the
        # live element draws the whole array, the static figure the shard.
        _sharded = t.Bool(sharded_available()).tag(sync=True)

        _svg = t.Unicode("").tag(sync=True)

        def __init__(self, **kwargs: Any) -> None:
            super().__init__(**kwargs)
            self._update_svg()
            self.on_msg(self._on_message)

        def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
            # The page asks once for the element's files (not widget state:
            # a notebook that saves widget state stays small).
            # `kind`: "embed", or "sharded" (the embed module that also
            # reads shardings) for an element with a sharding.
            if isinstance(content, dict) and content.get("type") == ASK:
                kind = content.get("kind", "embed")
                if kind == "sharded":
                    glue, element, wasm = _read(SHARDED_GLUE), "", _read(SHARDED_WASM, binary=True)
                else:
                    kind = "embed"
                    glue, element, wasm = _read(GLUE), _read(ELEMENT), _read(WASM, binary=True)
                reply = {"type": REPLY, "kind": kind, "glue": glue, "element": element}
                self.send(reply, buffers=[wasm] if wasm else [])

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

        @t.validate("sharding")
        def _check_sharding(self, proposal: Dict[str, Any]) -> str:
            from . import _sharding

            value = proposal["value"]
            if value is None or (isinstance(value, str) and not value.strip()):
                return ""
            field = _sharding.field_text(value, None, None, lambda: _rank(self.shape))
            # LayoutError (a ValueError) for a sharding that does not fit.
            _native.shard_device_index(self.shape, field, None)
            return field

        @t.observe("shape", "view", "theme", "sharding", "device")
        def _redraw(self, change: Any) -> None:
            self._update_svg()

        def _update_svg(self) -> None:
            self._device_index = device_index(self.shape, self.sharding, self.device)
            self._svg = static_svg(self.shape, self.view, self.theme, self.sharding, self.device) or ""

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


def _rank(text: str) -> Optional[int]:
    dims = parse(text).dims
    return None if dims is None else len(dims)


def static_svg(
    text: str, view: str = "both", theme: str = "light", sharding: str = "", device: Optional[int] = None
) -> Optional[str]:
    """The figure ``svg`` draws (``system`` drawn light); with a sharding,
    device ``device``'s shard and the device grid (``svg(..., sharding=,
    device=)``). None for what the SVG backend does not draw (a tuple, a
    token, no text, a sharding or device that does not fit)."""
    if not text:
        return None
    # xla_layout.svg's defaults otherwise (labels auto, width 1200).
    colour = "dark" if theme == "dark" else "light"
    try:
        if sharding:
            return _native.svg_shard(text, sharding, device, view, "auto", 1200.0, colour, "offset")
        return _native.svg(text, view, "auto", 1200.0, colour, "offset")
    except LayoutError:
        return None


def device_index(text: str, sharding: str, device: Optional[int]) -> Optional[int]:
    """The element's ``device`` attribute for device id ``device``: its
    position among the devices the sharding lists; None without a
    sharding, a device, or when it does not fit."""
    if not text or not sharding or device is None:
        return None
    try:
        return _native.shard_device_index(text, sharding, device)
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
    ``compare`` (a second shape text), ``height`` (pixels), ``sharding``
    (text or a JAX object, as :func:`shard` takes it) and ``device`` (the
    id of the device whose shard is drawn). An array sharded over several
    devices brings its own sharding: the widget draws a device's shard.
    Setting ``w.shape`` or any option redraws. Needs anywidget."""
    global _CLASS
    if _CLASS is None:
        _CLASS = _widget_class()
    if "sharding" not in options and not isinstance(x, (str, Shape)):
        sharding = getattr(x, "sharding", None)
        devices = getattr(sharding, "device_set", None)
        if sharding is not None and devices is not None and len(devices) > 1:
            options["sharding"] = sharding
    widget = _CLASS(shape=text_of(x), **options)
    _say_if_static()
    return widget
