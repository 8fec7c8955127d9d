"""`scan` gives exactly the records `xla-layout scan --json` prints, one
dict per line, on the shared HLO fixtures; it takes anything with
`as_text()` (a `jax.stages.Compiled`) without importing JAX; the GIL is
released while it scans."""

import json
import pathlib
import subprocess
import sys
import threading

import pytest

import xla_layout as X
from conftest import FIXTURES

HLO = sorted((FIXTURES / "hlo").iterdir())


def cli_records(cli, path):
    done = subprocess.run(
        [str(cli.path), "scan", "--json", str(path)], capture_output=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.decode("utf-8").splitlines()]


@pytest.mark.parametrize("path", HLO, ids=[p.name for p in HLO])
def test_scan_matches_cli(cli, path):
    expected = cli_records(cli, path)
    # bytes: decoded as the CLI decodes (invalid UTF-8 replaced).
    got = X.scan(path.read_bytes())
    assert isinstance(got, X.ScanResult)
    assert list(got) == expected
    if path.suffix != ".bin":
        assert X.scan(path.read_text(encoding="utf-8")) == expected


def test_fixtures_find_shapes(cli):
    # The comparison above is not vacuous: the module fixture has shapes.
    assert len(X.scan((FIXTURES / "hlo" / "module.hlo").read_text())) > 5


def test_scan_of_nothing_is_empty():
    assert X.scan("no shapes here") == []


class FakeCompiled:
    """What scan needs of a `jax.stages.Compiled`: `as_text()`."""

    def __init__(self, text):
        self.text = text
        self.calls = 0

    def as_text(self):
        self.calls += 1
        return self.text


def test_scan_takes_as_text():
    text = (FIXTURES / "hlo" / "module.hlo").read_text()
    compiled = FakeCompiled(text)
    assert X.scan(compiled) == X.scan(text)
    assert compiled.calls == 1


def test_scan_does_not_import_jax():
    code = (
        "import sys, xla_layout\n"
        "class C:\n"
        "    def as_text(self): return '%p = f32[8,128]{1,0} parameter(0)'\n"
        "r = xla_layout.scan(C())\n"
        "assert r[0]['canonical'] == 'f32[8,128]{1,0}', r\n"
        "assert 'jax' not in sys.modules\n"
    )
    # From / so that the installed package is imported, not python/'s.
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd="/"
    )
    assert done.returncode == 0, done.stderr


def test_scan_rejects_other_objects():
    with pytest.raises(TypeError):
        X.scan(42)


def test_scan_of_a_compiled_jax_program(cli, tmp_path):
    jax = pytest.importorskip("jax")
    jnp = pytest.importorskip("jax.numpy")
    compiled = jax.jit(lambda x: (x * 2).T).lower(jnp.zeros((8, 128), jnp.float32)).compile()
    text = compiled.as_text()
    path = tmp_path / "compiled.hlo"
    path.write_text(text, encoding="utf-8")
    got = X.scan(compiled)
    assert list(got) == cli_records(cli, path)
    assert any(r["canonical"] == "f32[8,128]{1,0}" for r in got)


def test_other_threads_run_during_scan():
    line = "%p.{n} = f32[4096,8,3]{{2,1,0:T(8,128)}} parameter({n})\n"
    text = "".join(line.format(n=n) for n in range(100_000))
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)
    try:
        inside, done, result = threading.Event(), threading.Event(), {}

        def work():
            inside.set()
            result["n"] = len(X.scan(text))
            done.set()

        worker = threading.Thread(target=work)
        worker.start()
        inside.wait()
        counted = 0
        while not done.is_set():
            counted += 1
        worker.join()
    finally:
        sys.setswitchinterval(old)
    assert result["n"] == 100_000
    # The native part takes a good fraction of a second; with the GIL held
    # the loop could run only around it (json.loads also holds the GIL).
    assert counted > 100_000, counted


def test_a_module_scanned_in_pieces_matches_cli(cli, tmp_path):
    # Over 4 MiB of computations: the core's `scan` reads it on every core,
    # cut where computations open, and keeps each piece's records in their
    # own vector (docs/scan.md). Reads that cross pieces (records() in
    # chunks, slices, single records from either end) are the CLI's lines,
    # which it prints scanning on one thread.
    comp = (
        "%fused.{c} (p.{c}: f32[{c},128]) -> bf16[{c},128] {{\n"
        "  %p.{c} = f32[{c},128]{{1,0:T(8,128)}} parameter(0)\n"
        "  ROOT %n.{c} = bf16[{c},128]{{1,0:T(8,128)(2,1)}} convert(f32[{c},128]{{1,0:T(8,128)}} %p.{c})\n"
        "}}\n\n"
    )
    text = "HloModule pieces\n\n" + "".join(comp.format(c=c % 997 + 1) for c in range(30_000))
    assert len(text) > 5 << 20
    path = tmp_path / "pieces.hlo"
    path.write_text(text)
    expected = cli_records(cli, path)
    assert len(expected) == 30_000 * 5
    got = X.scan(text)
    assert len(got) == len(expected)
    for k in [0, 1, 4_999, 5_000, 77_777, len(expected) - 1]:
        assert got[k] == expected[k]
        assert got[-1 - k] == expected[-1 - k]
    assert got.records() == expected
    assert got[149_990:150_000] == expected[149_990:]
    assert got.order_by_waste()[:3] == sorted(
        range(len(expected)),
        key=lambda k: -(expected[k]["bytes_footprint"] - expected[k]["bytes_data"]),
    )[:3]


@pytest.mark.parametrize("path", HLO, ids=[p.name for p in HLO])
def test_lazy_access_matches_cli(cli, path):
    # Records looked at one by one (built on access, from the end, by
    # negative index and by slice) are the CLI's lines too, and the dicts
    # handed out stay the result's own once the whole list is built.
    expected = cli_records(cli, path)
    got = X.scan(path.read_bytes())
    assert len(got) == len(expected)
    for k in reversed(range(len(expected))):
        assert got[k] == expected[k]
    if expected:
        assert got[-1] == expected[-1]
        first = got[0]
        assert got[0] is first
        assert got.records()[0] is first
        with pytest.raises(IndexError):
            got[len(expected)]
    assert got[1:4] == expected[1:4]
    assert got[::-2] == expected[::-2]


@pytest.mark.parametrize("path", HLO, ids=[p.name for p in HLO])
def test_waste_order_matches_sorting_the_cli_records(cli, path):
    # The order computed in Rust against sorting the CLI's dicts in Python.
    expected = cli_records(cli, path)

    def key(k):
        r = expected[k]
        if r["bytes_footprint"] is None or r["bytes_data"] is None:
            return (True, 0)
        return (False, -(r["bytes_footprint"] - r["bytes_data"]))

    want = sorted(range(len(expected)), key=key)
    got = X.scan(path.read_bytes())
    assert got.order_by_waste() == want
    assert got.by_waste() == [expected[k] for k in want]
    # A list-backed result sorts the same way.
    assert X.ScanResult(expected).order_by_waste() == want
