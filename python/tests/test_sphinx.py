"""The Sphinx extension: python/tests/sphinx_demo/ built with the HTML
builder (figures inline) and the epub builder (figures as SVG files)."""

import html
import pathlib
import re
import shutil

import pytest

import xla_layout as X

pytest.importorskip("sphinx")
from sphinx.cmd.build import build_main  # noqa: E402

DEMO = pathlib.Path(__file__).resolve().parent / "sphinx_demo"
FIRST = ("f32[3,5]{1,0:T(2,2)}", {})
SECOND = (
    "bf16[8,1,130,16]{3,2,0,1:T(8,128)(2,1)}",
    dict(view="memory", labels="index", width=640, theme="dark"),
)


def build(builder, src, tmp_path):
    out = tmp_path / builder
    warnings = tmp_path / f"{builder}-warnings.txt"
    code = build_main(
        ["-b", builder, "-q", "-W", "-w", str(warnings), "-d", str(tmp_path / "doctrees"), str(src), str(out)]
    )
    return code, out, warnings.read_text() if warnings.exists() else ""


def test_html_gets_the_figures_inline(tmp_path):
    code, out, warnings = build("html", DEMO, tmp_path)
    assert code == 0, warnings
    page = (out / "index.html").read_text(encoding="utf-8")
    for text, options in (FIRST, SECOND):
        assert X._native.inline_svg(X.svg(text, **options)) in page
    assert page.count('<div class="xla-layout-figure">') == 2
    assert "<?xml" not in page
    # No script: the static figure works without JavaScript.
    assert "xla-layout" not in "".join(re.findall(r"<script[^>]*>", page))


def test_epub_gets_svg_files(tmp_path):
    code, out, warnings = build("epub", DEMO, tmp_path)
    assert code == 0, warnings
    files = sorted((out / "_images").glob("xla-layout-*.svg"))
    contents = {f.read_text(encoding="utf-8") for f in files}
    expected = {X.svg(text, **options) + "\n" for text, options in (FIRST, SECOND)}
    assert contents == expected
    page = (out / "index.xhtml").read_text(encoding="utf-8")
    for f in files:
        assert f'src="_images/{f.name}"' in page
    assert "<svg" not in page


def write_project(src, conf_extra, body):
    src.mkdir()
    (src / "conf.py").write_text('extensions = ["xla_layout.sphinx"]\n' + conf_extra)
    (src / "index.rst").write_text("T\n=\n\n" + body)


def test_bad_shape_is_a_warning_pointing_at_it(tmp_path):
    write_project(tmp_path / "src", "", ".. xla-layout:: f32[3,5]{1,0:T(2,2\n")
    code, _, warnings = build("html", tmp_path / "src", tmp_path)
    assert code != 0
    assert "xla-layout:" in warnings and "index.rst:4" in warnings


def test_html_hook_replaces_the_figure(tmp_path):
    hook = (
        "import html\n"
        "def element(app, text, options, svg):\n"
        "    return '<xla-layout shape=\"%s\" view=\"%s\">%s</xla-layout>' % (\n"
        "        html.escape(text), options['view'], svg)\n"
        "def setup(app):\n"
        "    app.connect('xla-layout-html', element)\n"
    )
    write_project(tmp_path / "src", hook, ".. xla-layout:: f32[3,5]{1,0:T(2,2)}\n   :view: logical\n")
    code, out, warnings = build("html", tmp_path / "src", tmp_path)
    assert code == 0, warnings
    page = (out / "index.html").read_text(encoding="utf-8")
    svg = X._native.inline_svg(X.svg("f32[3,5]{1,0:T(2,2)}", view="logical"))
    assert f'<xla-layout shape="{html.escape("f32[3,5]{1,0:T(2,2)}")}" view="logical">{svg}</xla-layout>' in page
    assert '<div class="xla-layout-figure">' not in page
