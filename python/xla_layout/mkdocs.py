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

Fence options: every attribute of the element (``view``: both, logical,
memory; ``controls``: none, compact, full; ``autoplay``; ``speed``:
elements per second; ``theme``: light, dark, system; ``select``:
``i,j,...``; ``step``: a tiling stage, from 1; ``compare``: a second layout
of the same dims, drawn under the first with the verdict; ``sharding``:
any sharding the element reads, the picture then one device's shard;
``device``: which device, from 0 (the static figure draws that device's
shard when ``shard`` reads the sharding, the whole array otherwise); ``app``: the full app's address, for an
"open in the full app" link, left out without it (``formatter(app=...)``
sets one for the whole site); the static figure shows
the first layout) and the static figure's (``labels``: auto,
offset, index, letters, none; ``width``: 240..8192 pixels, 720 by default,
and never wider than the page's column; its ``view`` and ``theme`` are the
element's, ``system`` drawing light).

Without ``theme`` the element follows the site's colour scheme, and its
light/dark switch as it is flipped (Material's ``data-md-color-scheme``,
furo's ``data-theme``, else the page's background; ``SITE_THEME``).

A block the extension refuses (an unknown option or value) stays a code
block, its text escaped in ``<pre class="xla-layout-refused">``, and is a
warning on the ``mkdocs`` logger; a shape that does not parse becomes the
error message, escaped, in ``<pre class="xla-layout-error">``, and a
warning too. Either way ``mkdocs build --strict`` fails.
"""

from __future__ import annotations

import functools
import html
import logging
import re
from typing import Any, Dict

from . import LayoutError, _native, shard
from . import svg as figure_svg

LOG = logging.getLogger("mkdocs.plugins.xla_layout")

VIEWS = ("both", "logical", "memory")
CONTROLS = ("none", "compact", "full")
THEMES = ("light", "dark", "system")
LABELS = ("auto", "offset", "index", "letters", "none")
_SELECT = re.compile(r"^\d+(,\d+)*$")
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*):")
#: The static figure's width when none is given: about a docs theme's
#: content column (furo's is 736 px), so that its labels keep their size.
WIDTH = 720

#: Shows the element once its script defined it, the figure before; the
#: figure never wider than the column.
STYLE = (
    "<style>xla-layout:not(:defined){display:none}"
    "xla-layout:defined+.xla-layout-fallback{display:none}"
    ".xla-layout-fallback svg{max-width:100%;height:auto}</style>"
)

#: Elements written without a ``theme`` (``data-site-theme``) take the
#: site's scheme and follow its switch: furo's ``body[data-theme]``
#: (light, dark; auto is the reader's system setting), Material's
#: ``body[data-md-color-scheme]`` (``slate`` is dark), else the body's
#: background colour. Once per page (a later copy only applies it again).
SITE_THEME = (
    "<script>(()=>{const w=window;if(w.__xlaLayoutSiteTheme)return w.__xlaLayoutSiteTheme();"
    "const b=document.body;"
    "const dark=(c)=>{const m=/rgba?\\((\\d+), (\\d+), (\\d+)(?:, ([\\d.]+))?/.exec(c);"
    "if(!m||m[4]==='0')return null;return 0.2126*m[1]+0.7152*m[2]+0.0722*m[3]<128};"
    "const scheme=()=>{const t=b.dataset.theme;if(t==='dark'||t==='light')return t;if(t==='auto')return 'system';"
    "const s=b.getAttribute('data-md-color-scheme');if(s)return s==='slate'?'dark':'light';"
    "const d=dark(getComputedStyle(b).backgroundColor);return d===null?'system':d?'dark':'light'};"
    "const apply=()=>{const v=scheme();for(const e of document.querySelectorAll('xla-layout[data-site-theme]'))"
    "if(e.getAttribute('theme')!==v)e.setAttribute('theme',v)};"
    "w.__xlaLayoutSiteTheme=apply;"
    "new MutationObserver(apply).observe(b,{attributes:true,attributeFilter:['data-theme','data-md-color-scheme','class','style']});"
    "apply()})();</script>"
)

#: The element's attributes, in the order they are written.
ELEMENT_OPTIONS = ("view", "controls", "speed", "theme", "select", "step", "compare", "sharding", "device", "app")


def app_address(value: str) -> "str | None":
    """An app address for the element's ``app``: http, https, file or a
    relative path; ``None`` for anything else (``javascript:``)."""
    text = value.strip()
    scheme = _SCHEME.match(text)
    if not text or (scheme and scheme.group(1).lower() not in ("http", "https", "file")):
        return None
    return text


def _number(value: str, low: float, high: float) -> bool:
    try:
        number = float(value)
    except ValueError:
        return False
    return low <= number <= high


def fence_validator(language: str, inputs: Dict[str, str], options: Dict[str, Any], attrs: Dict[str, Any], md: Any) -> bool:
    """superfences' validator: moves the known fence options into
    ``options``. It takes every block (a refusal would hand the block back
    to superfences, which then reads its closing fence as an opening one
    and swallows what follows): anything it does not know is noted in
    ``options["_refused"]``, and the formatter keeps that block a code
    block and warns."""
    refused = _refusal(inputs, options)
    if refused is not None:
        options.clear()
        options["_refused"] = refused
    return True


def _refusal(inputs: Dict[str, str], options: Dict[str, Any]) -> "str | None":
    """Moves the known options into ``options``; the first one refused, as
    text, or None."""
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
        elif key in ("compare", "sharding") and value.strip():
            # Any text: the element shows a bad one's error as text.
            options[key] = " ".join(value.split())
        elif key == "device" and value.isdigit():
            options[key] = value
        elif key == "app" and app_address(value) is not None:
            options[key] = app_address(value)
        else:
            return f'{key}="{value}"'
    return None


def static_figure(text: str, options: Dict[str, Any], width: int) -> str:
    """The static figure for a block's options: ``svg``'s, drawn light
    unless ``theme`` is dark; with a ``sharding`` that ``shard`` reads,
    the element's device's shard with the device grid (``device`` is a
    position among the devices ``shard`` lists, as the element's picker
    lists them; ``svg`` takes the device's id); otherwise the whole array.
    Raises ``LayoutError`` for a shape that does not parse."""
    figure = dict(
        view=options.get("view", "both"),
        labels=options.get("labels", "auto"),
        width=width,
        theme="dark" if options.get("theme") == "dark" else "light",
    )
    if options.get("sharding"):
        try:
            devices = shard(text, options["sharding"])["devices"]
            index = int(options.get("device", 0))
            if 0 <= index < len(devices):
                return figure_svg(text, sharding=options["sharding"], device=devices[index]["device"], **figure)
        except (LayoutError, ValueError, TypeError, KeyError):
            pass  # a form only the element reads: the whole array below
    return figure_svg(text, **figure)


def element_html(text: str, options: Dict[str, Any]) -> str:
    """The ``<xla-layout>`` element for ``text`` with the element's options
    (every value escaped); without a ``theme``, marked to follow the
    site's (``data-site-theme``, ``SITE_THEME``)."""
    attrs = [f'shape="{html.escape(text, quote=True)}"']
    for name in ELEMENT_OPTIONS:
        if name in options:
            attrs.append(f'{name}="{html.escape(str(options[name]), quote=True)}"')
    if options.get("autoplay"):
        attrs.append("autoplay")
    if "theme" not in options:
        attrs.append("data-site-theme")
    return f"<xla-layout {' '.join(attrs)}></xla-layout>"


def formatter(app: "str | None" = None) -> Any:
    """``fence_format`` with a site-wide app address: each element's "open
    in the full app" link goes to ``app`` unless its fence gives ``app``.
    In ``mkdocs.yml``, in place of ``!!python/name:...fence_format``::

        format: !!python/object/apply:xla_layout.mkdocs.formatter
          kwds: {app: "https://user.github.io/course/layout/"}
    """
    address = app_address(app) if app else None
    if app and address is None:
        raise ValueError(f"xla_layout.mkdocs.formatter: app={app!r} is not an http, https, file or relative address")
    return functools.partial(fence_format, app=address)


def fence_format(
    source: str, language: str, class_name: str, options: Dict[str, Any], md: Any, app: "str | None" = None, **kwargs: Any
) -> str:
    """superfences' formatter: the element followed by the static figure
    (see the module docstring), or the escaped error for a bad shape.
    ``app``: the site's app address (``formatter``), for fences without
    their own."""
    if "_refused" in options:
        LOG.warning("xla-layout fence: %s is not an option this extension takes; the block stays code", options["_refused"])
        return f'<pre class="xla-layout-refused"><code>{html.escape(source)}</code></pre>'
    if app and "app" not in options:
        options = dict(options, app=app)
    text = " ".join(source.split())
    try:
        svg = static_figure(text, options, options.get("width", WIDTH))
    except LayoutError as e:
        LOG.warning("xla-layout fence: %s", e.reason)
        return f'<pre class="xla-layout-error">{html.escape(str(e))}</pre>'
    classes = " ".join(c for c in ("xla-layout-block", class_name) if c)
    return (
        f'<div class="{html.escape(classes, quote=True)}">{STYLE}'
        f"{element_html(text, options)}"
        f'<div class="xla-layout-fallback">{_native.inline_svg(svg)}</div>'
        f"{SITE_THEME if 'theme' not in options else ''}</div>"
    )
