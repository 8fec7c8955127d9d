#!/usr/bin/env python3
"""Benchmark of issue 69: `xla-layout timeline DIR --json` as a whole
process against a plain Python reading of the same dump files with
regular expressions (this script's `--plain`), in the same run, rounds
interleaved (the order alternating each round). Prints each side's median
and the ratio of medians with a 95% bootstrap interval, for wall time and
for CPU time (user + system of each process: on a machine shared with
other work, the wall time also counts the waits for a core).

    target/venv-jax/bin/python scripts/dump-fixtures.py --big target/dump-192
    cargo build --release --bin xla-layout
    python3 scripts/bench-timeline.py target/dump-192 [ROUNDS]

The plain reader does what the JSON needs: allocations and their values,
the schedule, the live ranges, XLA's stated peak, bytes live per step,
the fullest step and the totals, and prints them as JSON.
"""
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import time

ALLOC = re.compile(r"^allocation (\d+): size (\d+)(.*):$")
VALUE = re.compile(
    r"^ value: <(\d+) (\S+?)(\{[0-9,]*\})?( \(phi\))? @(\d+)> \(size=(\d+),offset=(\d+)\): (.*)$")
SEQ = re.compile(r"^    (\d+):(\S+)$")
RANGE = re.compile(r"^    (\S+):(\d+)-(\d+)$")
PEAK = re.compile(r"^  Live ranges at (\d+) \(peak\):$")
PEAK_VALUE = re.compile(r"^    (\S+?): (\d+) bytes")
MAX = re.compile(r"^HloLiveRange \(max (\d+)\):$")
PARAM = re.compile(r"parameter (\d+)")


def plain(folder):
    names = sorted(os.listdir(folder))
    ba = [n for n in names if n.endswith("after_optimizations-buffer-assignment.txt")]
    out = {"modules": []}
    for b in ba:
        prefix = b[: -len("-buffer-assignment.txt")]
        with open(os.path.join(folder, b), encoding="utf-8") as f:
            text = f.read()
        lr_name = prefix + "-live-range.txt"
        if lr_name in names:
            with open(os.path.join(folder, lr_name), encoding="utf-8") as f:
                text += "\n" + f.read()
        allocations, by_name, seq, ranges, peak = [], {}, [], [], None
        section, top = None, 0
        for line in text.splitlines():
            m = ALLOC.match(line)
            if m:
                rest = m.group(3)
                kinds = [k for k in ("parameter", "output", "constant", "thread-local",
                                     "maybe-live-out", "preallocated-temp") if k in rest]
                p = PARAM.search(rest)
                allocations.append({"index": int(m.group(1)), "size": int(m.group(2)), "kinds": kinds,
                                    "parameter": int(p.group(1)) if p else None, "values": []})
                continue
            m = VALUE.match(line)
            if m:
                v = {"name": m.group(2) + (m.group(3) or "{}"), "size": int(m.group(6)),
                     "offset": int(m.group(7)), "shape": m.group(8)}
                allocations[-1]["values"].append(v)
                by_name[v["name"]] = (allocations[-1]["index"], v)
                continue
            m = MAX.match(line)
            if m:
                top = int(m.group(1))
                continue
            s = line.strip()
            if s == "InstructionSequence:":
                section = "seq"
                continue
            if s == "BufferLiveRange:":
                section = "ranges"
                continue
            m = PEAK.match(line)
            if m:
                peak = {"step": int(m.group(1)), "values": []}
                section = "peak"
                continue
            if section == "seq":
                m = SEQ.match(line)
                if m:
                    seq.append(m.group(2))
            elif section == "ranges":
                m = RANGE.match(line)
                if m:
                    ranges.append((m.group(1), int(m.group(2)), int(m.group(3))))
            elif section == "peak":
                m = PEAK_VALUE.match(line)
                if m and " " not in m.group(1):
                    name = m.group(1) if m.group(1).endswith("}") else m.group(1) + "{}"
                    peak["values"].append([name, int(m.group(2))])
                else:
                    section = None
        n = max(top + 1, len(seq), max((e for _, _, e in ranges), default=-1) + 1)
        diff = [0] * (n + 1)
        values = []
        for name, s, e in ranges:
            a, v = by_name.get(name, (None, None))
            size = v["size"] if v else 0
            diff[s] += size
            diff[e + 1] -= size
            values.append({"name": name, "start": s, "end": e, "bytes": size, "unpadded": size,
                           "allocation": a, "offset": v["offset"] if v else None,
                           "shape": v["shape"] if v else None})
        steps, live = [], 0
        for t in range(n):
            live += diff[t]
            steps.append({"instruction": seq[t] if t < len(seq) else None, "bytes": live, "unpadded": live})
        best = max(range(n), key=lambda t: (steps[t]["bytes"], -t)) if n else None
        has = lambda a, k: k in a["kinds"]  # noqa: E731
        totals = {
            "arguments": sum(a["size"] for a in allocations if has(a, "parameter")),
            "outputs": sum(a["size"] for a in allocations if has(a, "output") or has(a, "maybe-live-out")),
            "aliased": sum(a["size"] for a in allocations if has(a, "parameter") and has(a, "maybe-live-out")),
            "temp": sum(a["size"] for a in allocations if has(a, "preallocated-temp")),
        }
        out["modules"].append({"name": prefix, "totals": totals, "allocations": allocations,
                               "steps": steps, "values": values, "xla_peak": peak,
                               "peak": None if best is None else {"step": best, "bytes": steps[best]["bytes"]}})
    json.dump(out, sys.stdout)


def timed(cmd):
    """(wall seconds, CPU seconds: user + system of the process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def report(label, t_py, t_cli, rounds):
    ratio = statistics.median(t_py) / statistics.median(t_cli)
    rng = random.Random(69)
    boot = sorted(
        statistics.median(rng.choices(t_py, k=rounds)) / statistics.median(rng.choices(t_cli, k=rounds))
        for _ in range(2000))
    print(f"{label}: xla-layout timeline --json median {statistics.median(t_cli) * 1000:.1f} ms, "
          f"plain Python median {statistics.median(t_py) * 1000:.1f} ms; "
          f"Python / CLI {ratio:.2f}x (95% bootstrap interval {boot[50]:.2f}x .. {boot[1949]:.2f}x)")


def main():
    if sys.argv[1] == "--plain":
        plain(sys.argv[2])
        return
    folder = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    cli = [os.path.join(root, "target", "release", "xla-layout"), "timeline", folder, "--json"]
    py = [sys.executable, os.path.abspath(__file__), "--plain", folder]
    # The two agree on what both compute.
    ours = json.loads(subprocess.run(cli, capture_output=True, check=True, text=True).stdout)
    theirs = json.loads(subprocess.run(py, capture_output=True, check=True, text=True).stdout)
    for a, b in zip(ours["modules"], theirs["modules"]):
        assert [s["bytes"] for s in a["steps"]] == [s["bytes"] for s in b["steps"]]
        assert a["peak"]["bytes"] == b["peak"]["bytes"] and a["xla_peak"]["step"] == b["xla_peak"]["step"]
        assert all(a["totals"][k] == b["totals"][k] for k in b["totals"])
    timed(cli), timed(py)  # warm the file cache
    t_cli, t_py = [], []
    for r in range(rounds):
        pair = [("cli", cli), ("py", py)]
        if r % 2:
            pair.reverse()
        for name, cmd in pair:
            (t_cli if name == "cli" else t_py).append(timed(cmd))
    m = ours["modules"][0]
    print(f"dump: {len(m['steps'])} steps, {len(m['values'])} values, "
          f"{len(m['allocations'])} allocations; {rounds} runs each, interleaved")
    report("wall", [w for w, _ in t_py], [w for w, _ in t_cli], rounds)
    report("CPU ", [c for _, c in t_py], [c for _, c in t_cli], rounds)


if __name__ == "__main__":
    main()
