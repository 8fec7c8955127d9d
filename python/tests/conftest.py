"""Shared fixtures: the repository, its shape fixtures, and the CLI."""

import json
import os
import pathlib
import subprocess

import pytest

# Two CPU devices for the sharded from_jax test; must be set before JAX
# initializes its backends (the other tests use device 0 only).
os.environ.setdefault("XLA_FLAGS", "--xla_force_host_platform_device_count=2")

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
