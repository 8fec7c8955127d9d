"""The app's release build shipped inside the wheel (``static/``, copied
from ``dist/`` by scripts/python-assets.sh): the wasm-bindgen glue JS, the
wasm and the ``<xla-layout>`` element's script, for the notebook widget and
for documentation sites that host the live element (``xla_layout.sphinx``)."""

from __future__ import annotations

import pathlib
import re
from typing import Dict, Optional

STATIC = pathlib.Path(__file__).resolve().parent / "static"
#: The Trunk build's files, under fixed names (see scripts/python-assets.sh).
GLUE, WASM, ELEMENT = "xla-layout-viz.js", "xla-layout-viz_bg.wasm", "xla-layout-element.js"

# The names Trunk's post_build hook (scripts/element-names.sh) wrote into
# the element's script; it loads the glue and wasm from beside itself.
_BUILD = re.compile(r"BUILD = \{ js: '(xla-layout-viz-[0-9a-f]+\.js)', wasm: '(xla-layout-viz-[0-9a-f]+_bg\.wasm)' \}")


def available() -> bool:
    """True when the wheel carries the glue JS, the wasm and the element's
    script (the live element); False: static figures only."""
    return all((STATIC / name).is_file() for name in (GLUE, WASM, ELEMENT))


def site_files() -> Optional[Dict[str, bytes]]:
    """The files a web site serves side by side for the element, under the
    names its script asks for: ``xla-layout-element.js`` and the glue and
    wasm under their hashed names. None without them or when the script
    has no names written into it."""
    if not available():
        return None
    element = (STATIC / ELEMENT).read_bytes()
    found = _BUILD.search(element.decode("utf-8"))
    if found is None:
        return None
    glue, wasm = found.groups()
    return {ELEMENT: element, glue: (STATIC / GLUE).read_bytes(), wasm: (STATIC / WASM).read_bytes()}
