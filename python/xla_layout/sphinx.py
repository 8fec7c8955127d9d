"""``xla_layout.sphinx``: the ``xla-layout`` directive for Sphinx.

Add ``"xla_layout.sphinx"`` to ``extensions`` in ``conf.py``, then::

    .. xla-layout:: f32[3,5]{1,0:T(2,2)}
       :view: both
       :labels: auto
       :width: 800
       :theme: light

Every builder gets the static figure ``xla-layout svg`` draws with those
options: HTML builders (html, dirhtml, singlehtml) inline, without
JavaScript; the others (epub, LaTeX, texinfo, ...) an ``.svg`` image file,
chosen and copied like any image. The LaTeX builder takes no SVG itself:
add ``sphinx.ext.imgconverter`` (ImageMagick or rsvg-convert converts the
file) for PDF output.

The live element: when the wheel carries the app's release build
(``scripts/python-assets.sh``), HTML builders also get the live
``<xla-layout>`` element (``shape``, ``view``, ``theme``; ``controls``,
``autoplay``, ``speed``, ``select``, ``step``, ``compare``, ``sharding``,
``device`` and ``app`` are its options too: every attribute the element
takes; the static figure shows the first layout, and a sharded one the
device's shard when ``shard`` reads the sharding) before the
inline figure, with a style rule that shows exactly one of them: the
figure while ``xla-layout`` is not defined (no script, JavaScript off, a
print), the element once it is. The element's script is added only to
pages with a figure, once each; the script, glue JS and wasm are copied to
``_static/xla-layout/`` (with the sharded embed module, for figures with a
``sharding``; the site must be served over http, as browsers do not import
modules from ``file:``). ``xla_layout_live = False`` in ``conf.py`` keeps
the static figures alone. ``xla_layout_app = "https://..."`` in ``conf.py``
is the full app's address for each element's "open in the full app" link
(an ``:app:`` option overrides it); without either the link is left out.
Without ``:theme:`` the element follows the site's colour scheme and its
light/dark switch (furo's, Material's; ``xla_layout.mkdocs.SITE_THEME``),
and the static figure is drawn light, at most as wide as the column.

Hook: the event ``xla-layout-html(app, text, options, svg)``. A handler
that returns a string replaces the figure in HTML builders with that HTML;
``None`` keeps ours. ``options`` holds ``view``, ``labels``, ``width``,
``theme`` when given and the element's options given; ``svg`` is the figure ready for
inlining.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any, Dict, List

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.docutils import SphinxDirective

from . import LayoutError, __version__, _native, assets as _assets, parse
from .mkdocs import ELEMENT_OPTIONS, SITE_THEME, STYLE, WIDTH, app_address, element_html, static_figure

#: The event the live element connects to (see the module docstring).
HTML_EVENT = "xla-layout-html"

#: Builders that get the figure inline (others get an image file).
INLINE_FORMATS = ("html",)

VIEWS = ("both", "logical", "memory")
LABELS = ("auto", "offset", "index", "letters", "none")
THEMES = ("light", "dark", "system")
CONTROLS = ("none", "compact", "full")
#: Where the element's files go in an HTML build's output.
STATIC_DIR = "xla-layout"


class xla_layout_figure(nodes.General, nodes.Element):
    """One figure: ``text``, ``options``, ``svg`` (the document) and
    ``image`` (the written file, relative to the source directory)."""


def _width(value: str) -> int:
    width = directives.positive_int(value)
    if not 240 <= width <= 8192:
        raise ValueError("width must be 240 to 8192 pixels")
    return width


def _compare(value: str) -> str:
    """A second shape of the same dims; checked here so that a typo is a
    build warning pointing at the directive, not only an error in the page."""
    text = " ".join((value or "").split())
    if not text:
        raise ValueError("compare needs a shape, e.g. f32[2,3]{0,1}")
    parse(text)  # LayoutError is a ValueError: docutils reports it
    return text


def _text(value: str) -> str:
    text = " ".join((value or "").split())
    if not text:
        raise ValueError("needs a value")
    return text


def _app(value: str) -> str:
    address = app_address(value or "")
    if address is None:
        raise ValueError("app is an http, https or file address, or a relative one")
    return address


def _speed(value: str) -> str:
    if not 0 < float(value) < 1e9:
        raise ValueError("speed is elements per second, > 0")
    return value.strip()


def _select(value: str) -> str:
    parts = value.replace(" ", "").split(",")
    if not all(p.isdigit() for p in parts):
        raise ValueError("select is an index: digits separated by commas, e.g. 1,2")
    return ",".join(parts)


class XlaLayoutDirective(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {
        "view": lambda v: directives.choice(v, VIEWS),
        "labels": lambda v: directives.choice(v, LABELS),
        "width": _width,
        "theme": lambda v: directives.choice(v, THEMES),
        "controls": lambda v: directives.choice(v, CONTROLS),
        "autoplay": directives.flag,
        "select": _select,
        "step": directives.positive_int,
        "compare": _compare,
        "speed": _speed,
        "sharding": _text,
        "device": directives.nonnegative_int,
        "app": _app,
    }

    def run(self) -> List[nodes.Node]:
        text = " ".join(self.arguments[0].split())
        options = {
            "view": self.options.get("view", "both"),
            "labels": self.options.get("labels", "auto"),
            "width": self.options.get("width", WIDTH),
        }
        if "theme" in self.options:
            options["theme"] = self.options["theme"]
        element = {
            name: self.options[name]
            for name in ("controls", "speed", "select", "step", "compare", "sharding", "device", "app")
            if name in self.options
        }
        if "app" not in element and self.config.xla_layout_app:
            element["app"] = self.config.xla_layout_app
        if "autoplay" in self.options:
            element["autoplay"] = True
        try:
            svg = static_figure(text, dict(options, **element), options["width"])
        except LayoutError as e:
            error = self.state_machine.reporter.error(
                f"xla-layout: {e.reason}",
                nodes.literal_block(str(e), str(e)),
                line=self.lineno,
            )
            return [error]
        # The image file for non-HTML builders, beside the doctrees (never
        # in the source tree), registered as an image of this document.
        digest = hashlib.sha256(svg.encode("utf-8")).hexdigest()[:20]
        folder = Path(self.env.doctreedir) / "xla-layout"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"xla-layout-{digest}.svg"
        if not path.exists():
            path.write_text(svg + "\n", encoding="utf-8")
        image = os.path.relpath(path, self.env.srcdir).replace(os.sep, "/")
        self.env.images.add_file(self.env.docname, image)
        node = xla_layout_figure(text=text, options=options, element=element, svg=svg, image=image)
        self.set_source_info(node)
        return [node]


def _inline(builder: Any) -> bool:
    return builder.format in INLINE_FORMATS and not builder.name.startswith("epub")


class FiguresAsImages(SphinxPostTransform):
    """For builders that do not inline: each figure becomes an image node
    of its SVG file (before ``sphinx.ext.imgconverter``, priority 10)."""

    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        # Sphinx 9 deprecates `.app` on transforms; its own post-transforms
        # read the builder class from `env._builder_cls` (older: app.builder).
        builder = getattr(self.env, "_builder_cls", None) or self.app.builder
        if _inline(builder):
            return
        for node in list(self.document.findall(xla_layout_figure)):
            uri = node["image"]
            image = nodes.image(
                uri=uri,
                candidates={"image/svg+xml": uri},
                alt=f"Memory layout of {node['text']}",
            )
            image.source, image.line = node.source, node.line
            node.replace_self(image)


def visit_html(self: Any, node: xla_layout_figure) -> None:
    svg = _native.inline_svg(node["svg"])
    options = dict(node["options"], **node.get("element", {}))
    hooked = self.builder.events.emit_firstresult(HTML_EVENT, node["text"], dict(options), svg)
    if hooked is None:
        if _live(self.builder):
            _pages(self.builder).add(self.builder.current_docname)
            live = {k: options[k] for k in (*ELEMENT_OPTIONS, "autoplay") if k in options}
            hooked = (
                f'<div class="xla-layout-figure">{STYLE}{element_html(node["text"], live)}'
                f'<div class="xla-layout-fallback">{svg}</div>'
                f"{SITE_THEME if 'theme' not in live else ''}</div>"
            )
        else:
            hooked = f'<div class="xla-layout-figure">{STYLE}{svg}</div>'
    self.body.append(hooked)
    raise nodes.SkipNode


def _live(builder: Any) -> bool:
    return bool(builder.config.xla_layout_live) and _assets.available()


def _pages(builder: Any) -> set:
    """Pages of this build with a live element (on the builder)."""
    if not hasattr(builder, "_xla_layout_pages"):
        builder._xla_layout_pages = set()
    return builder._xla_layout_pages


def add_script(app: Any, pagename: str, templatename: str, context: Any, doctree: Any) -> None:
    """The element's script, once, on each page with a live figure."""
    if pagename in _pages(app.builder):
        app.add_js_file(f"{STATIC_DIR}/{_assets.ELEMENT}", defer="defer")


def copy_files(app: Any, exception: Any) -> None:
    """The element's script, glue JS and wasm into ``_static/xla-layout/``
    (whether or not a page has a figure: with parallel writing, the pages
    are known only in the processes that wrote them)."""
    if exception is not None or not _inline(app.builder) or not _live(app.builder):
        return
    files = _assets.site_files()
    if files is None:
        return
    folder = Path(app.builder.outdir) / "_static" / STATIC_DIR
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (folder / name).write_bytes(data)


def keep_figures_out_of_epub(app: Any, env: Any) -> None:
    """The SVG files are written beside the doctrees, which an epub build
    keeps inside its output folder: the epub would carry each figure twice
    (its copy in ``_images/`` and this one). They are left out by name."""
    if not app.builder.name.startswith("epub"):
        return
    folder = Path(env.doctreedir) / "xla-layout"
    outdir = Path(app.builder.outdir).resolve()
    for path in sorted(folder.glob("xla-layout-*.svg")):
        try:
            name = path.resolve().relative_to(outdir).as_posix()
        except ValueError:
            continue  # outside the output: not packed anyway
        if name not in app.config.epub_exclude_files:
            # A new list: the default one may be shared by other builds.
            app.config.epub_exclude_files = [*app.config.epub_exclude_files, name]


def skip(self: Any, node: xla_layout_figure) -> None:
    raise nodes.SkipNode


def setup(app: Any) -> Dict[str, Any]:
    app.add_event(HTML_EVENT)
    app.add_config_value("xla_layout_live", True, "html", types=(bool,))
    app.add_config_value("xla_layout_app", None, "env", types=(str, type(None)))
    app.connect("env-updated", keep_figures_out_of_epub)
    app.connect("html-page-context", add_script)
    app.connect("build-finished", copy_files)
    app.add_node(
        xla_layout_figure,
        html=(visit_html, None),
        latex=(skip, None),
        text=(skip, None),
        man=(skip, None),
        texinfo=(skip, None),
    )
    app.add_directive("xla-layout", XlaLayoutDirective)
    app.add_post_transform(FiguresAsImages)
    return {"version": __version__, "parallel_read_safe": True, "parallel_write_safe": True}
