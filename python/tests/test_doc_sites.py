"""Where docs writers are (issue 70): the Sphinx directive and the MkDocs
fence take every attribute the element takes (a sharding and its device
too), a block they refuse stays a code block and fails a strict build,
figures without a theme follow the site's light/dark switch, the static
figure fits the column, the app's address is a setting, the epub carries
each figure once, and ``python -m xla_layout.assets`` runs without a
RuntimeWarning. Built as sites are: Sphinx with furo, MkDocs with
Material, and drawn in headless Chromium (browser/sites.mjs)."""

import os
import pathlib
import re
import subprocess
import sys
import zipfile

import pytest

from conftest import browser_missing, skip_loudly
from xla_layout import assets

SHAPE = "f32[64,4096]{1,0:T(8,128)}"
SHARDING = "{devices=[16,1]<=[16]}"
HERE = pathlib.Path(__file__).resolve().parent


def sphinx_build(builder, src, out, doctrees, *extra, strict=True):
    from sphinx.cmd.build import build_main

    warnings = out.parent / f"{out.name}-warnings.txt"
    flags = ["-W"] if strict else []
    code = build_main(["-b", builder, "-q", *flags, "-w", str(warnings), "-d", str(doctrees), *extra, str(src), str(out)])
    return code, warnings.read_text() if warnings.exists() else ""


def sphinx_project(src, conf, body):
    src.mkdir(parents=True)
    (src / "conf.py").write_text('project = "t"\nextensions = ["xla_layout.sphinx"]\n' + conf)
    (src / "index.rst").write_text("Figures\n=======\n\n" + body)


SPHINX_BODY = (
    ".. xla-layout:: f32[3,5]{1,0:T(2,2)}\n\n"
    f".. xla-layout:: {SHAPE}\n   :sharding: {SHARDING}\n   :device: 5\n   :controls: compact\n\n"
    ".. xla-layout:: f32[2,3]{1,0}\n   :theme: dark\n   :speed: 2.5\n   :app: https://u.test/course/layout/\n\n"
)


def test_sphinx_takes_sharding_device_speed_app_and_system(tmp_path):
    pytest.importorskip("sphinx")
    src = tmp_path / "src"
    sphinx_project(src, 'xla_layout_app = "../layout/"\n', SPHINX_BODY + ".. xla-layout:: f32[2]{0}\n   :theme: system\n")
    code, warnings = sphinx_build("html", src, tmp_path / "html", tmp_path / "d")
    assert code == 0, warnings
    page = (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
    if assets.available():
        assert (
            f'<xla-layout shape="{SHAPE}" view="both" controls="compact" sharding="{SHARDING.replace("<", "&lt;")}" '
            'device="5" app="../layout/" data-site-theme></xla-layout>'
        ) in page
        # The directive's app overrides conf.py's; a theme given is kept.
        assert 'view="both" speed="2.5" theme="dark" app="https://u.test/course/layout/"></xla-layout>' in page
        assert 'theme="system"' in page
        # The sharded embed module is served beside the script.
        names = {p.name for p in (tmp_path / "html" / "_static" / "xla-layout").iterdir()}
        assert any(re.fullmatch(r"xla-layout-embed-sharded-[0-9a-f]+_bg\.wasm", n) for n in names), names


@pytest.mark.parametrize("option", [":colour: red", ":app: javascript:alert(1)", ":device: -1", ":sharding:", ":speed: 0"])
def test_sphinx_refuses_a_bad_option_and_a_strict_build_fails(tmp_path, option):
    pytest.importorskip("sphinx")
    src = tmp_path / "src"
    sphinx_project(src, "", f".. xla-layout:: f32[2]{{0}}\n   {option}\n\nAfter\n-----\n")
    code, warnings = sphinx_build("html", src, tmp_path / "html", tmp_path / "d")
    assert code != 0 and "index.rst:4" in warnings, warnings
    # docutils keeps the block as a literal block in the error, and the
    # heading after it survives.
    page = (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
    assert "<xla-layout " not in page and "After" in page


def test_epub_carries_each_figure_once(tmp_path):
    pytest.importorskip("sphinx")
    src = tmp_path / "src"
    sphinx_project(src, "", ".. xla-layout:: f32[3,5]{1,0:T(2,2)}\n\n.. xla-layout:: f32[2,3]{0,1}\n")
    out = tmp_path / "epub"
    # The doctrees inside the output folder, as `sphinx-build -M epub` and
    # `make epub` put them (the epub builder then warns about their
    # pickles, which it leaves out: not strict).
    code, warnings = sphinx_build("epub", src, out, out / ".doctrees", strict=False)
    assert code == 0, warnings
    (book,) = out.glob("*.epub")
    svgs = [n for n in zipfile.ZipFile(book).namelist() if n.endswith(".svg")]
    assert len(svgs) == 2 and all(n.startswith("OEBPS/_images/") or n.startswith("_images/") for n in svgs), svgs


def test_assets_module_runs_without_a_runtime_warning(tmp_path):
    done = subprocess.run(
        [sys.executable, "-W", "error::RuntimeWarning", "-m", "xla_layout.assets", str(tmp_path / "files")],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )
    assert "RuntimeWarning" not in done.stderr, done.stderr
    if assets.available():
        assert done.returncode == 0, done.stderr
        names = sorted(pathlib.Path(p).name for p in done.stdout.split())
        assert len(names) == 5 and "xla-layout-element.js" in names, names
        assert sum("sharded" in n for n in names) == 2, names


def mkdocs_build(config, site, cwd):
    # Not -q: it drops warnings before --strict counts them.
    return subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "-f", str(config), "-d", str(site)],
        capture_output=True, text=True, timeout=300, cwd=cwd,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )


MKDOCS_YML = """site_name: figures
theme:
  name: material
markdown_extensions:
  - pymdownx.superfences:
      custom_fences:
        - name: xla-layout
          class: xla-layout
          format: !!python/name:xla_layout.mkdocs.fence_format
          validator: !!python/name:xla_layout.mkdocs.fence_validator
"""


def test_mkdocs_strict_build_fails_on_a_refused_fence(tmp_path):
    pytest.importorskip("material")
    (tmp_path / "docs").mkdir()
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML)
    (tmp_path / "docs" / "index.md").write_text(
        '# T\n\n```xla-layout colour="red"\nf32[2]{0}\n```\n\n## After\n\n```xla-layout\nf32[3]{0}\n```\n'
    )
    done = mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site", tmp_path)
    assert done.returncode != 0
    assert 'colour="red" is not an option' in done.stderr, done.stderr


MD_BODY = (
    "# Figures\n\n```xla-layout\nf32[3,5]{1,0:T(2,2)}\n```\n\n"
    f'## Sharded\n\n```xla-layout sharding="{SHARDING}" device="5" controls="compact"\n{SHAPE}\n```\n\n'
    '## Dark always\n\n```xla-layout theme="dark"\nf32[2,3]{0,1}\n```\n'
)


def serve_and_check(site, page, switch):
    reason = browser_missing()
    if reason:
        skip_loudly(f"{switch} site browser test", reason)
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(site), "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        port = re.search(r"port (\d+)", server.stdout.readline()).group(1)
        done = subprocess.run(
            ["node", str(HERE / "browser" / "sites.mjs")],
            env=dict(os.environ, PAGE_URL=f"http://127.0.0.1:{port}/{page}", SWITCH=switch),
            capture_output=True, text=True, timeout=300,
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "sites: " in done.stdout


def test_material_site_draws_follows_its_switch_and_fits(tmp_path):
    pytest.importorskip("material")
    if not assets.available():
        skip_loudly("Material site browser test", "the wheel has no element files")
    (tmp_path / "docs").mkdir()
    written = subprocess.run(
        [sys.executable, "-m", "xla_layout.assets", str(tmp_path / "docs" / "xla-layout")],
        capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )
    assert written.returncode == 0, written.stderr
    (tmp_path / "mkdocs.yml").write_text(MKDOCS_YML + "extra_javascript:\n  - xla-layout/xla-layout-element.js\n")
    (tmp_path / "docs" / "index.md").write_text(MD_BODY)
    done = mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site", tmp_path)
    assert done.returncode == 0, done.stderr
    serve_and_check(tmp_path / "site", "index.html", "material")


def test_furo_site_draws_follows_its_switch_and_fits(tmp_path):
    pytest.importorskip("furo")
    if not assets.available():
        skip_loudly("furo site browser test", "the wheel has no element files")
    src = tmp_path / "src"
    rst = (
        ".. xla-layout:: f32[3,5]{1,0:T(2,2)}\n\n"
        f".. xla-layout:: {SHAPE}\n   :sharding: {SHARDING}\n   :device: 5\n   :controls: compact\n\n"
        ".. xla-layout:: f32[2,3]{0,1}\n   :theme: dark\n"
    )
    sphinx_project(src, 'html_theme = "furo"\n', rst)
    code, warnings = sphinx_build("html", src, tmp_path / "html", tmp_path / "d")
    assert code == 0, warnings
    serve_and_check(tmp_path / "html", "index.html", "furo")


def test_mkdocs_site_wide_app_address(tmp_path):
    """mkdocs.yml's formatter(app=...) gives every fence the app's address;
    a fence's own app wins; a bad one stops the build."""
    pytest.importorskip("material")
    (tmp_path / "docs").mkdir()
    yml = MKDOCS_YML.replace(
        "format: !!python/name:xla_layout.mkdocs.fence_format",
        "format: !!python/object/apply:xla_layout.mkdocs.formatter\n"
        "            kwds: {app: 'https://u.test/course/layout/'}",
    )
    (tmp_path / "mkdocs.yml").write_text(yml)
    (tmp_path / "docs" / "index.md").write_text(
        "# T\n\n```xla-layout\nf32[2]{0}\n```\n\n```xla-layout app=\"../other/\"\nf32[3]{0}\n```\n"
    )
    done = mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site", tmp_path)
    assert done.returncode == 0, done.stderr
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert '<xla-layout shape="f32[2]{0}" app="https://u.test/course/layout/" data-site-theme>' in page
    assert '<xla-layout shape="f32[3]{0}" app="../other/" data-site-theme>' in page
    (tmp_path / "mkdocs.yml").write_text(yml.replace("https://u.test/course/layout/", "javascript:alert(1)"))
    done = mkdocs_build(tmp_path / "mkdocs.yml", tmp_path / "site2", tmp_path)
    assert done.returncode != 0 and "is not an http, https, file or relative address" in done.stderr


PERMUTED = "{devices=[2,2]0,2,1,3}"


def test_the_static_figure_of_a_sharded_block_is_the_elements_device(tmp_path):
    """The element's device is a position in the picker's list; under
    {devices=[2,2]0,2,1,3} position 1 is device 2 (shard()'s list), whose
    shard the static figure draws in both tools; a sharding only the
    element reads leaves the whole array."""
    import markdown

    import xla_layout as X
    from xla_layout import mkdocs as M

    text = "f32[8,8]{1,0}"
    want = X._native.inline_svg(X.svg(text, sharding=PERMUTED, device=2, width=720))
    assert want != X._native.inline_svg(X.svg(text, sharding=PERMUTED, device=1, width=720))
    config = {"pymdownx.superfences": {"custom_fences": [
        {"name": "xla-layout", "class": "xla-layout", "format": M.fence_format, "validator": M.fence_validator}]}}
    page = markdown.markdown(
        f'```xla-layout sharding="{PERMUTED}" device="1"\n{text}\n```\n\n'
        f"```xla-layout sharding=\"x=2,y=2 P('x', 'y')\"\n{text}\n```\n",
        extensions=["pymdownx.superfences"], extension_configs=config,
    )
    assert want in page
    assert X._native.inline_svg(X.svg(text, width=720)) in page
    pytest.importorskip("sphinx")
    src = tmp_path / "src"
    sphinx_project(src, "xla_layout_live = False\n", f".. xla-layout:: {text}\n   :sharding: {PERMUTED}\n   :device: 1\n")
    code, warnings = sphinx_build("html", src, tmp_path / "html", tmp_path / "d")
    assert code == 0, warnings
    assert want in (tmp_path / "html" / "index.html").read_text(encoding="utf-8")
