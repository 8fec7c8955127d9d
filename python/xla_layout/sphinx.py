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

Hook for the live ``<xla-layout>`` element: the event
``xla-layout-html(app, text, options, svg)``. A handler that returns a
string replaces the inline figure in HTML builders with that HTML (for
example the element with the static SVG as its fallback content, the
element's script added with ``app.add_js_file``); ``None`` keeps the
static figure. ``options`` holds ``view``, ``labels``, ``width``,
``theme``; ``svg`` is the figure ready for inlining.
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

from . import LayoutError, __version__, _native
from . import svg as figure_svg

#: The event the live element connects to (see the module docstring).
HTML_EVENT = "xla-layout-html"

#: Builders that get the figure inline (others get an image file).
INLINE_FORMATS = ("html",)

VIEWS = ("both", "logical", "memory")
LABELS = ("auto", "offset", "index", "letters", "none")
THEMES = ("light", "dark")


class xla_layout_figure(nodes.General, nodes.Element):
    """One figure: ``text``, ``options``, ``svg`` (the document) and
    ``image`` (the written file, relative to the source directory)."""


def _width(value: str) -> int:
    width = directives.positive_int(value)
    if not 240 <= width <= 8192:
        raise ValueError("width must be 240 to 8192 pixels")
    return width


class XlaLayoutDirective(SphinxDirective):
    required_arguments = 1
    final_argument_whitespace = True
    option_spec = {
        "view": lambda v: directives.choice(v, VIEWS),
        "labels": lambda v: directives.choice(v, LABELS),
        "width": _width,
        "theme": lambda v: directives.choice(v, THEMES),
    }

    def run(self) -> List[nodes.Node]:
        text = " ".join(self.arguments[0].split())
        options = {
            "view": self.options.get("view", "both"),
            "labels": self.options.get("labels", "auto"),
            "width": self.options.get("width", 1200),
            "theme": self.options.get("theme", "light"),
        }
        try:
            svg = figure_svg(text, **options)
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
        node = xla_layout_figure(text=text, options=options, svg=svg, image=image)
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
    hooked = self.builder.events.emit_firstresult(
        HTML_EVENT, node["text"], dict(node["options"]), svg
    )
    if hooked is None:
        hooked = f'<div class="xla-layout-figure">{svg}</div>'
    self.body.append(hooked)
    raise nodes.SkipNode


def skip(self: Any, node: xla_layout_figure) -> None:
    raise nodes.SkipNode


def setup(app: Any) -> Dict[str, Any]:
    app.add_event(HTML_EVENT)
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
