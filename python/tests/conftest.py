"""Shared fixtures: the repository, its shape fixtures, and the CLI."""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

# Eight CPU devices for the sharded tests (from_jax, shard against XLA's
# partitioned modules); must be set before JAX
# initializes its backends (the other tests use device 0 only).
os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=8")

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"


def fixture_texts(kind):
    """(name, text) for every file in tests/fixtures/<kind>/."""
    out = []
    for path in sorted((FIXTURES / kind).glob("*.txt")):
        out.append((path.stem, path.read_text(encoding="utf-8").rstrip("\n")))
    return out


class Cli:
    """The `xla-layout` binary (XLA_LAYOUT_CLI, else target/debug)."""

    def __init__(self, path):
        self.path = path

    def run(self, *args):
        return subprocess.run(
            [str(self.path), *args], capture_output=True, text=True, timeout=120
        )

    def json(self, *args):
        done = self.run(*args, "--json")
        assert done.returncode == 0, done.stderr
        return json.loads(done.stdout)


@pytest.fixture(scope="session")
def cli():
    path = pathlib.Path(
        os.environ.get("XLA_LAYOUT_CLI", ROOT / "target" / "debug" / "xla-layout")
    )
    if not path.exists():
        pytest.fail(f"{path} is missing: run `cargo build --bin xla-layout` first")
    return Cli(path)


CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
E2E_MODULES = pathlib.Path(os.environ.get("E2E_MODULES", ROOT / "tests" / "e2e"))


def browser_missing():
    """Why headless Chromium cannot run the element here, or None."""
    from xla_layout import assets as _assets

    if not pathlib.Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    if shutil.which("node") is None:
        return "no node on PATH"
    if not (E2E_MODULES / "node_modules" / "playwright-core").is_dir():
        return f"no playwright-core in {E2E_MODULES}/node_modules (npm ci there)"
    if not _assets.available():
        return "the wheel has no element files (run trunk build --release before scripts/python-test.sh)"
    return None


def skip_loudly(what, reason):
    """Skips (with a warning in pytest's summary), or fails when
    XLA_LAYOUT_REQUIRE_BROWSER=1."""
    import warnings

    if os.environ.get("XLA_LAYOUT_REQUIRE_BROWSER") == "1":
        pytest.fail(f"XLA_LAYOUT_REQUIRE_BROWSER=1: {what}: {reason}")
    warnings.warn(f"{what} SKIPPED: {reason}")
    pytest.skip(f"{what}: {reason}")


def page_in_browser(directory, expect):
    """Serves `directory` on 127.0.0.1 and runs browser/page.mjs on its
    index.html in headless Chromium, expecting `expect` (a list of
    [shape, "cols,rows" or None] per element); the finished process."""
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "--directory", str(directory), "0"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )
    try:
        port = re.search(r"port (\d+)", server.stdout.readline()).group(1)
        return subprocess.run(
            ["node", str(pathlib.Path(__file__).parent / "browser" / "page.mjs")],
            env=dict(
                os.environ,
                PAGE_URL=f"http://127.0.0.1:{port}/index.html",
                EXPECT=json.dumps(expect),
                E2E_MODULES=str(E2E_MODULES),
            ),
            capture_output=True, text=True, timeout=300,
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
