"""(``xla_layout.assets``'s code: the package imports this private module,
not ``assets``, so that ``python -m xla_layout.assets`` runs a module not
yet imported, without runpy's RuntimeWarning.)

The app's release build shipped inside the wheel (``static/``, copied
from ``dist/`` by scripts/python-assets.sh): the embed module's wasm-bindgen
glue JS and wasm (the build's smaller module, which draws embed mode and
elements only), the sharded embed module's (elements with a ``sharding``)
and the ``<xla-layout>`` element's script, for the notebook widget and
for documentation sites that host the live element (``xla_layout.sphinx``
copies them; ``python -m xla_layout.assets DIR`` writes them for MkDocs or
any other site)."""

from __future__ import annotations

import pathlib
import re
import sys
from typing import Dict, List, Optional

STATIC = pathlib.Path(__file__).resolve().parent / "static"
#: The Trunk build's files, under fixed names (see scripts/python-assets.sh).
GLUE, WASM, ELEMENT = "xla-layout-embed.js", "xla-layout-embed_bg.wasm", "xla-layout-element.js"
#: The sharded embed module (the embed module that also reads shardings),
#: for figures and the notebook widget's elements with a sharding.
SHARDED_GLUE, SHARDED_WASM = "xla-layout-embed-sharded.js", "xla-layout-embed-sharded_bg.wasm"

# The names Trunk's post_build hook (scripts/module-names.sh) wrote into
# the element's script; it loads the glue and wasm from beside itself. The
# release build's script is minified (scripts/minify.sh: `{js:"..",wasm:".."}`),
# the source's is not (`{ js: '..', wasm: '..' }`); the sharded module's
# names have `-sharded-` in them, so only the embed module's match.
_BUILD = re.compile(
    r"""js:\s*['"](xla-layout-embed-[0-9a-f]+\.js)['"],\s*wasm:\s*['"](xla-layout-embed-[0-9a-f]+_bg\.wasm)['"]"""
)
_SHARDED = re.compile(
    r"""js:\s*['"](xla-layout-embed-sharded-[0-9a-f]+\.js)['"],\s*wasm:\s*['"](xla-layout-embed-sharded-[0-9a-f]+_bg\.wasm)['"]"""
)


def available() -> bool:
    """True when the wheel carries the glue JS, the wasm and the element's
    script (the live element); False: static figures only."""
    return all((STATIC / name).is_file() for name in (GLUE, WASM, ELEMENT))


def sharded_available() -> bool:
    """True when the wheel also carries the sharded embed module: the
    widget's live element can then draw a device's shard."""
    return available() and all((STATIC / name).is_file() for name in (SHARDED_GLUE, SHARDED_WASM))


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
    files = {ELEMENT: element, glue: (STATIC / GLUE).read_bytes(), wasm: (STATIC / WASM).read_bytes()}
    # The sharded embed module, for figures with a sharding (wheels built
    # before it was shipped lack it: such figures then say the module is
    # missing, in their own box).
    sharded = _SHARDED.search(element.decode("utf-8"))
    if sharded is not None and all((STATIC / n).is_file() for n in (SHARDED_GLUE, SHARDED_WASM)):
        files[sharded.group(1)] = (STATIC / SHARDED_GLUE).read_bytes()
        files[sharded.group(2)] = (STATIC / SHARDED_WASM).read_bytes()
    return files


def write_site_files(folder: "str | pathlib.Path") -> List[str]:
    """Writes the element's script, glue JS and wasm into ``folder``
    (created if missing) for a site to serve, e.g. an MkDocs ``docs_dir``
    subfolder named in ``extra_javascript``; returns the file names.
    Raises ``FileNotFoundError`` when the wheel has no element files."""
    files = site_files()
    if files is None:
        raise FileNotFoundError(
            "this xla_layout was built without the app's release build "
            "(trunk build --release, then scripts/python-assets.sh, before pip install ./python)"
        )
    out = pathlib.Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (out / name).write_bytes(data)
    return sorted(files)


def main(argv: Optional[List[str]] = None) -> int:
    """``python -m xla_layout.assets DIR``: :func:`write_site_files`."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or args[0].startswith("-"):
        print("usage: python -m xla_layout.assets DIR  (writes xla-layout-element.js and its modules' glue JS and wasm)", file=sys.stderr)
        return 2
    try:
        names = write_site_files(args[0])
    except (FileNotFoundError, OSError) as e:
        print(f"xla_layout.assets: {e}", file=sys.stderr)
        return 1
    for name in names:
        print(pathlib.Path(args[0]) / name)
    return 0

