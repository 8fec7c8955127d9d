"""Benchmark (not a test): `xla_layout.scan` from Python against
`xla-layout scan --json` on a generated HLO module of about 50 MB.

    cargo build --release --bin xla-layout
    .venv/bin/python python/bench/scan_bench.py [--mb 50] [--cli target/release/xla-layout]

Prints the best of --repeat runs of: the CLI writing its JSON lines to a
file (the process, reading included); `scan` (the scan, its results held
in Rust, no dict built); `scan` then `len` and the table's order
(`order_by_waste`) and the 20 largest-waste records as dicts (what a
notebook's table or a "worst offenders" look needs); `scan` then every
record as a dict (`records()`); `_native.scan_json` (the scan and the JSON
text of every record) and that plus one `json.loads` (what `scan` did
before its records became lazy); and a check that the records agree with the CLI's.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import tempfile
import time

import xla_layout as X
from xla_layout import _native

COMPUTATION = """
%fused_computation.{n} (param_0.{n}: f32[4096,8,3], param_1.{n}: bf16[8,128]) -> f32[4096,8,3] {{
  %param_0.{n} = f32[4096,8,3]{{2,1,0:T(8,128)}} parameter(0)
  %param_1.{n} = bf16[8,128]{{1,0:T(8,128)(2,1)}} parameter(1)
  %broadcast.{n} = f32[4096,8,3]{{2,1,0:T(8,128)}} broadcast(f32[] %constant.{n}), dimensions={{}}
  %convert.{n} = f32[8,128]{{1,0:T(8,128)}} convert(bf16[8,128]{{1,0:T(8,128)(2,1)}} %param_1.{n}), metadata={{op_type="Cast" op_name="model/cast_{n}"}}
  ROOT %add.{n} = f32[4096,8,3]{{2,1,0:T(8,128)}} add(f32[4096,8,3]{{2,1,0:T(8,128)}} %param_0.{n}, f32[4096,8,3]{{2,1,0:T(8,128)}} %broadcast.{n})
}}
"""


def module(megabytes: float) -> str:
    parts = ["HloModule bench, entry_computation_layout={(f32[4096,8,3]{2,1,0:T(8,128)})->f32[4096,8,3]{2,1,0:T(8,128)}}\n"]
    size, n = 0, 0
    while size < megabytes * 1_000_000:
        part = COMPUTATION.format(n=n)
        parts.append(part)
        size += len(part)
        n += 1
    return "".join(parts)


def best(repeat: int, run) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    here = pathlib.Path(__file__).resolve().parents[2]
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=float, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cli", default=str(here / "target" / "release" / "xla-layout"))
    args = parser.parse_args()

    text = module(args.mb)
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "bench.hlo"
        out = pathlib.Path(tmp) / "out.jsonl"
        path.write_text(text, encoding="utf-8")

        def cli() -> None:
            with open(out, "wb") as f:
                subprocess.run([args.cli, "scan", "--json", str(path)], stdout=f, check=True)

        def top() -> None:
            r = X.scan(text)
            len(r)
            [r[k] for k in r.order_by_waste()[:20]]

        t_cli = best(args.repeat, cli)
        t_scan = best(args.repeat, lambda: X.scan(text))
        t_top = best(args.repeat, top)
        t_all = best(args.repeat, lambda: X.scan(text).records())
        t_native = best(args.repeat, lambda: _native.scan_json(text))
        t_eager = best(args.repeat, lambda: json.loads(_native.scan_json(text)))
        records = X.scan(text).records()
        lines = out.read_text(encoding="utf-8").splitlines()
        same = len(lines) == len(records) and all(
            json.loads(a) == b for a, b in zip(lines[:: max(1, len(lines) // 1000)], records[:: max(1, len(lines) // 1000)])
        )
    mb = len(text.encode("utf-8")) / 1e6
    print(f"module: {mb:.1f} MB, {len(records)} shapes; best of {args.repeat}")
    print(f"xla-layout scan --json (release, to a file):   {t_cli:.2f} s")
    print(f"xla_layout.scan (results held in Rust):        {t_scan:.2f} s")
    print(f"  + len, order_by_waste, 20 worst as dicts:    {t_top:.2f} s")
    print(f"  + every record as a dict (records()):        {t_all:.2f} s")
    print(f"_native.scan_json (scan + JSON of every record): {t_native:.2f} s")
    print(f"  + one json.loads (the eager scan until 2026-11-23): {t_eager:.2f} s")
    print(f"same records (every ~1/1000th compared): {same}")


if __name__ == "__main__":
    main()
