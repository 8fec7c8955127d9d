"""``xla_layout.mkdocs``: the superfences formatter and validator through
Python-Markdown with the real pymdownx.superfences, and the tiny MkDocs
Material site in python/tests/mkdocs_demo/ built with ``--strict``."""

import html
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

import xla_layout as X
from conftest import browser_missing, page_in_browser, skip_loudly
from xla_layout import assets

markdown = pytest.importorskip("markdown")
pytest.importorskip("pymdownx.superfences")
from xla_layout import mkdocs as M  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
DEMO = HERE / "mkdocs_demo"
CONFIG = {
    "pymdownx.superfences": {
        "custom_fences": [
            {"name": "xla-layout", "class": "xla-layout", "format": M.fence_format, "validator": M.fence_validator}
        ]
    }
}


def render(text):
    return markdown.markdown(text, extensions=["pymdownx.superfences"], extension_configs=CONFIG)


def test_fence_becomes_element_and_static_figure():
    page = render('```xla-layout view="memory" controls="compact" autoplay select="1,2"\nf32[3,5]{1,0:T(2,2)}\n```\n')
    assert '<xla-layout shape="f32[3,5]{1,0:T(2,2)}" view="memory" controls="compact" select="1,2" autoplay data-site-theme></xla-layout>' in page
    # The fallback is exactly the figure `svg` draws with the same view, at
    # the fence's default width (M.WIDTH), never wider than the column.
    assert X._native.inline_svg(X.svg("f32[3,5]{1,0:T(2,2)}", view="memory", width=720)) in page
    assert ".xla-layout-fallback svg{max-width:100%;height:auto}" in page
    assert page.index("<xla-layout ") < page.index('<div class="xla-layout-fallback">')
    assert "xla-layout:defined+.xla-layout-fallback{display:none}" in page


def test_figure_options_reach_the_svg():
    page = render('```xla-layout labels="index" width="640" theme="dark"\nbf16[8,128]{1,0:T(8,128)(2,1)}\n```\n')
    want = X.svg("bf16[8,128]{1,0:T(8,128)(2,1)}", labels="index", width=640, theme="dark")
    assert X._native.inline_svg(want) in page
    assert 'theme="dark"' in page


@pytest.mark.parametrize(
    "header",
    ['view="sideways"', 'controls="all"', 'width="100"', 'select="1,x"', 'colour="red"', 'speed="fast"'],
)
def test_unknown_options_leave_a_code_block(header, caplog):
    # A heading and a second figure after it: the refused block's closing
    # fence must not swallow them (it did while the validator refused).
    page = render(f"```xla-layout {header}\nf32[2]{{0}}\n```\n\n## After\n\n```xla-layout\nf32[3]{{0}}\n```\n")
    assert '<pre class="xla-layout-refused"><code>f32[2]{0}</code></pre>' in page
    assert page.count("<xla-layout ") == 1 and '<xla-layout shape="f32[3]{0}"' in page
    assert "<h2>After</h2>" in page
    warned = [r.getMessage() for r in caplog.records if "xla-layout fence" in r.getMessage()]
    assert len(warned) == 1 and header.split("=")[0] in warned[0], warned


def test_hostile_text_is_escaped_and_reported(caplog):
    hostile = 'f32[2]{0}"><img src=x onerror=alert(1)>]]>'
    page = render(f"```xla-layout\n{hostile}\n```\n")
    assert "<img" not in page
    assert '<pre class="xla-layout-error">' in page
    assert html.escape(hostile) in page or "&lt;img" in page
    assert any("xla-layout fence" in r.getMessage() for r in caplog.records)


def test_step_and_compare_reach_the_element_escaped():
    page = render(
        '```xla-layout step="3" compare="f32[3,5]{0,1:T(2,2)}"\nf32[3,5]{1,0:T(2,2)}\n```\n'
    )
    assert '<xla-layout shape="f32[3,5]{1,0:T(2,2)}" step="3" compare="f32[3,5]{0,1:T(2,2)}" data-site-theme></xla-layout>' in page
    hostile = 'x"><img src=x onerror=alert(1)>'
    page = render(f"```xla-layout compare='{hostile}'\nf32[2]{{0}}\n```\n")
    assert "<img" not in page
    assert 'compare="x&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"' in page
    assert "<xla-layout" not in render('```xla-layout step="0"\nf32[2]{0}\n```\n')


def test_element_attributes_are_escaped():
    # A valid shape never carries markup, but element_html escapes anyway.
    out = M.element_html('a"<b>', {"view": "both", "theme": "dark"})
    assert out == '<xla-layout shape="a&quot;&lt;b&gt;" view="both" theme="dark"></xla-layout>'


def test_material_site_builds_strict(tmp_path):
    pytest.importorskip("material")
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(DEMO / "mkdocs.yml"), "-d", str(site)],
        capture_output=True,
        text=True,
        timeout=300,
        # Not from python/: `-m` puts the working directory first on
        # sys.path, where the source tree's xla_layout has no _native.
        cwd=tmp_path,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr
    page = (site / "index.html").read_text(encoding="utf-8")
    assert page.count("<xla-layout ") == 2
    assert page.count('<div class="xla-layout-fallback">') == 2
    assert X._native.inline_svg(X.svg("f32[3,5]{1,0:T(2,2)}", width=720)) in page
    second = X.svg("bf16[8,1,130,16]{3,2,0,1:T(8,128)(2,1)}", view="memory", labels="index", width=640, theme="dark")
    assert X._native.inline_svg(second) in page
    # The plain ```text block is still a code block.
    assert "<code>f32[3,5]{1,0}\n</code>" in page


def test_live_element_with_files_from_the_wheel(tmp_path):
    """The recipe's live element: `python -m xla_layout.assets` writes the
    element's files into the docs, `extra_javascript` names the script; the
    site builds --strict and, served on 127.0.0.1, both fences draw in
    headless Chromium with their static figures hidden."""
    pytest.importorskip("material")
    if not assets.available():
        pytest.skip("wheel built without trunk's dist/ (scripts/python-assets.sh)")
    project = tmp_path / "project"
    shutil.copytree(DEMO, project)
    written = subprocess.run(
        [sys.executable, "-m", "xla_layout.assets", str(project / "docs" / "xla-layout")],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )
    assert written.returncode == 0, written.stderr
    # The element's script, and the embed and sharded embed modules.
    assert len(written.stdout.split()) == 5
    config = project / "mkdocs.yml"
    config.write_text(config.read_text() + "extra_javascript:\n  - xla-layout/xla-layout-element.js\n")
    site = tmp_path / "site"
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-q", "-f", str(config), "-d", str(site)],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    assert done.returncode == 0, done.stderr
    page = (site / "index.html").read_text(encoding="utf-8")
    assert 'src="xla-layout/xla-layout-element.js"' in page
    reason = browser_missing()
    if reason:
        skip_loudly("MkDocs page browser test", reason)
    # f32[3,5] under T(2,2) pads to 4 rows of 6 cells (XLA's tiling
    # example); the 4-D array's world is only checked to be drawn.
    shown = page_in_browser(site, [["f32[3,5]{1,0:T(2,2)}", "6,4"], ["bf16[8,1,130,16]{3,2,0,1:T(8,128)(2,1)}", None]])
    assert shown.returncode == 0, shown.stdout + shown.stderr
    assert "page: 2 elements drawn" in shown.stdout


def test_assets_command_fails_clearly_without_a_folder():
    done = subprocess.run([sys.executable, "-m", "xla_layout.assets"], capture_output=True, text=True, timeout=60, cwd="/")
    assert done.returncode == 2 and "usage: python -m xla_layout.assets DIR" in done.stderr
