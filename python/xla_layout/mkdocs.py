"""``xla_layout.mkdocs``: ```` ```xla-layout ```` fences for MkDocs (and
MkDocs Material), through ``pymdownx.superfences``' ``custom_fences``.

``mkdocs.yml``::

    markdown_extensions:
      - pymdownx.superfences:
          custom_fences:
            - name: xla-layout
              class: xla-layout
              format: !!python/name:xla_layout.mkdocs.fence_format
              validator: !!python/name:xla_layout.mkdocs.fence_validator
    extra_javascript:
      - xla-layout/xla-layout-element.js   # optional: the live element

(``python -m xla_layout.assets docs/xla-layout`` writes the element's
script, glue JS and wasm from the wheel into the docs folder.)

then in a page::

    ```xla-layout view="both" controls="compact"
    f32[3,5]{1,0:T(2,2)}
    ```

Each block becomes the ``<xla-layout>`` element (the live picture, once the
element's script has defined it, as Material's Mermaid blocks are upgraded
by Mermaid's script) followed by the static figure ``xla-layout svg``
draws, in ``<div class="xla-layout-fallback">``. A small style rule shows
exactly one of the two: the figure while ``xla-layout`` is not defined (no
script, JavaScript off, a PDF or print export that runs no script), the
element once it is. Without the ``extra_javascript`` line every page shows
the static figures.

Fence options: the element's (``view``: both, logical, memory;
``controls``: none, compact, full; ``autoplay``; ``speed``: elements per
second; ``theme``: light, dark, system; ``select``: ``i,j,...``;
``step``: a tiling stage, from 1; ``compare``: a second layout of the same
dims, drawn under the first with the verdict; the static figure shows the
first layout only) and the
static figure's (``labels``: auto, offset, index, letters, none;
``width``: 240..8192 pixels; its ``view`` and ``theme`` are the element's,
``system`` drawing light). An unknown option or value leaves the block an
ordinary code block (superfences' rule for a validator that refuses); a
shape that does not parse becomes the error message, escaped, in
``<pre class="xla-layout-error">``, and a warning on the ``mkdocs``
logger (so ``mkdocs build --strict`` fails).
"""

from __future__ import annotations

import html
import logging
import re
from typing import Any, Dict

from . import LayoutError, _native
from . import svg as figure_svg

LOG = logging.getLogger("mkdocs.plugins.xla_layout")

VIEWS = ("both", "logical", "memory")
CONTROLS = ("none", "compact", "full")
THEMES = ("light", "dark", "system")
LABELS = ("auto", "offset", "index", "letters", "none")
_SELECT = re.compile(r"^\d+(,\d+)*$")

#: Shows the element once its script defined it, the figure before.
STYLE = (
    "<style>xla-layout:not(:defined){display:none}"
    "xla-layout:defined+.xla-layout-fallback{display:none}</style>"
)


def _number(value: str, low: float, high: float) -> bool:
    try:
        number = float(value)
    except ValueError:
        return False
    return low <= number <= high


def fence_validator(language: str, inputs: Dict[str, str], options: Dict[str, Any], attrs: Dict[str, Any], md: Any) -> bool:
    """superfences' validator: moves the known fence options into
    ``options``; False (an ordinary code block) for anything else."""
    for key, value in inputs.items():
        if key == "view" and value in VIEWS:
            options[key] = value
        elif key == "controls" and value in CONTROLS:
            options[key] = value
        elif key == "theme" and value in THEMES:
            options[key] = value
        elif key == "labels" and value in LABELS:
            options[key] = value
        elif key == "autoplay" and value in ("autoplay", "true", "false"):
            options[key] = value != "false"
        elif key == "speed" and _number(value, 1e-9, 1e9):
            options[key] = value
        elif key == "width" and value.isdigit() and 240 <= int(value) <= 8192:
            options[key] = int(value)
        elif key == "select" and _SELECT.match(value):
            options[key] = value
        elif key == "step" and value.isdigit() and int(value) >= 1:
            options[key] = value
        elif key == "compare" and value.strip():
            # Any text: the element shows a bad one's error as text.
            options[key] = " ".join(value.split())
        else:
            return False
    return True


def element_html(text: str, options: Dict[str, Any]) -> str:
    """The ``<xla-layout>`` element for ``text`` with the element's options
    (every value escaped)."""
    attrs = [f'shape="{html.escape(text, quote=True)}"']
    for name in ("view", "controls", "speed", "theme", "select", "step", "compare"):
        if name in options:
            attrs.append(f'{name}="{html.escape(str(options[name]), quote=True)}"')
    if options.get("autoplay"):
        attrs.append("autoplay")
    return f"<xla-layout {' '.join(attrs)}></xla-layout>"


def fence_format(source: str, language: str, class_name: str, options: Dict[str, Any], md: Any, **kwargs: Any) -> str:
    """superfences' formatter: the element followed by the static figure
    (see the module docstring), or the escaped error for a bad shape."""
    text = " ".join(source.split())
    theme = options.get("theme", "light")
    try:
        svg = figure_svg(
            text,
            view=options.get("view", "both"),
            labels=options.get("labels", "auto"),
            width=options.get("width", 1200),
            theme="dark" if theme == "dark" else "light",
        )
    except LayoutError as e:
        LOG.warning("xla-layout fence: %s", e.reason)
        return f'<pre class="xla-layout-error">{html.escape(str(e))}</pre>'
    classes = " ".join(c for c in ("xla-layout-block", class_name) if c)
    return (
        f'<div class="{html.escape(classes, quote=True)}">{STYLE}'
        f"{element_html(text, options)}"
        f'<div class="xla-layout-fallback">{_native.inline_svg(svg)}</div></div>'
    )
