"""The Sphinx extension: python/tests/sphinx_demo/ built with the HTML
builder (figures inline) and the epub builder (figures as SVG files)."""

import html
import pathlib
import re

import pytest

import xla_layout as X
from conftest import browser_missing, page_in_browser, skip_loudly
from xla_layout import assets as _assets

pytest.importorskip("sphinx")
from sphinx.cmd.build import build_main  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
DEMO = HERE / "sphinx_demo"
# The directive's default width is xla_layout.mkdocs.WIDTH (720): the
# figure fits a docs theme's column.
FIRST = ("f32[3,5]{1,0:T(2,2)}", dict(width=720))
SECOND = (
    "bf16[8,1,130,16]{3,2,0,1:T(8,128)(2,1)}",
    dict(view="memory", labels="index", width=640, theme="dark"),
)


def build(builder, src, tmp_path, *extra):
    out = tmp_path / builder
    warnings = tmp_path / f"{builder}-warnings.txt"
    code = build_main(
        ["-b", builder, "-q", "-W", "-w", str(warnings), "-d", str(tmp_path / "doctrees"), *extra, str(src), str(out)]
    )
    return code, out, warnings.read_text() if warnings.exists() else ""


def test_html_gets_the_figures_inline(tmp_path):
    code, out, warnings = build("html", DEMO, tmp_path, "-D", "xla_layout_live=0")
    assert code == 0, warnings
    page = (out / "index.html").read_text(encoding="utf-8")
    for text, options in (FIRST, SECOND):
        assert X._native.inline_svg(X.svg(text, **options)) in page
    assert page.count('<div class="xla-layout-figure">') == 2
    assert "<?xml" not in page
    # No script: the static figure works without JavaScript.
    assert "xla-layout" not in "".join(re.findall(r"<script[^>]*>", page))
    assert "<xla-layout" not in page and not (out / "_static" / "xla-layout").exists()


@pytest.mark.skipif(not _assets.available(), reason="wheel built without trunk's dist/ (scripts/python-assets.sh)")
def test_html_gets_the_live_element_with_the_figure_as_fallback(tmp_path):
    src = tmp_path / "src"
    write_project(
        src,
        "",
        ".. toctree::\n\n   other\n\n"
        ".. xla-layout:: f32[3,5]{1,0:T(2,2)}\n\n"
        ".. xla-layout:: bf16[8,128]{1,0:T(8,128)(2,1)}\n   :view: memory\n   :theme: dark\n"
        "   :controls: full\n   :autoplay:\n   :select: 1, 2\n",
    )
    (src / "other.rst").write_text("Other\n=====\n\nNo figure here.\n")
    code, out, warnings = build("html", src, tmp_path)
    assert code == 0, warnings
    page = (out / "index.html").read_text(encoding="utf-8")
    # No theme given: the element follows the site's (data-site-theme).
    assert '<xla-layout shape="f32[3,5]{1,0:T(2,2)}" view="both" data-site-theme></xla-layout>' in page
    assert (
        '<xla-layout shape="bf16[8,128]{1,0:T(8,128)(2,1)}" view="memory" controls="full" theme="dark" select="1,2" autoplay>'
        in page
    )
    # Each followed by its static figure, shown while the element is undefined.
    svg = X._native.inline_svg(X.svg("bf16[8,128]{1,0:T(8,128)(2,1)}", view="memory", theme="dark", width=720))
    assert f'<div class="xla-layout-fallback">{svg}</div>' in page
    assert "xla-layout:not(:defined){display:none}" in page
    # The script once on the page with figures, not on the other page.
    scripts = lambda p: [s for s in re.findall(r"<script[^>]*>", p) if "xla-layout" in s]  # noqa: E731
    assert len(scripts(page)) == 1 and "_static/xla-layout/xla-layout-element.js" in scripts(page)[0]
    assert scripts((out / "other.html").read_text(encoding="utf-8")) == []
    # The files beside it under the names the script loads.
    folder = out / "_static" / "xla-layout"
    element = (folder / "xla-layout-element.js").read_text(encoding="utf-8")
    # The release build's script is minified: `{js:"..",wasm:".."}`.
    glue, wasm = re.search(r"""js:\s*['"]([^'"]+)['"],\s*wasm:\s*['"]([^'"]+)['"]""", element).groups()
    assert (folder / wasm).read_bytes()[:4] == b"\0asm"
    assert "mount_xla_layout" in (folder / glue).read_text(encoding="utf-8")


@pytest.mark.skipif(not _assets.available(), reason="wheel built without trunk's dist/ (scripts/python-assets.sh)")
def test_step_and_compare_reach_the_live_element(tmp_path):
    src = tmp_path / "src"
    write_project(src, "", ".. xla-layout:: f32[2,3]{1,0}\n   :step: 2\n   :compare: f32[2,3]{0,1}\n")
    code, out, warnings = build("html", src, tmp_path)
    assert code == 0, warnings
    page = (out / "index.html").read_text(encoding="utf-8")
    assert '<xla-layout shape="f32[2,3]{1,0}" view="both" step="2" compare="f32[2,3]{0,1}" data-site-theme></xla-layout>' in page


def test_bad_compare_is_a_warning_at_the_directive(tmp_path):
    write_project(tmp_path / "src", "", ".. xla-layout:: f32[2,3]{1,0}\n   :compare: f32[2,3]{0,1\n")
    code, _, warnings = build("html", tmp_path / "src", tmp_path)
    assert code != 0
    assert 'option: "compare"' in warnings and "index.rst:4" in warnings, warnings


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
    svg = X._native.inline_svg(X.svg("f32[3,5]{1,0:T(2,2)}", view="logical", width=720))
    assert f'<xla-layout shape="{html.escape("f32[3,5]{1,0:T(2,2)}")}" view="logical">{svg}</xla-layout>' in page
    assert '<div class="xla-layout-figure">' not in page


def test_live_elements_draw_in_chromium(tmp_path):
    """The HTML build of sphinx_demo served on 127.0.0.1: both elements
    draw in headless Chromium, their static figures hidden."""
    reason = browser_missing()
    if reason:
        skip_loudly("Sphinx page browser test", reason)
    code, out, warnings = build("html", DEMO, tmp_path)
    assert code == 0, warnings
    # f32[3,5] under T(2,2) pads to 4 rows of 6 cells (XLA's tiling
    # example); the 4-D array's world (slices laid out by the app) is
    # only checked to be drawn.
    done = page_in_browser(out, [[FIRST[0], "6,4"], [SECOND[0], None]])
    assert done.returncode == 0, done.stdout + done.stderr
    assert "page: 2 elements drawn" in done.stdout
