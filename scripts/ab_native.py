#!/usr/bin/env python3
"""Native A/B timing with an interval: two (or more) builds in turn, in the same run.

    python3 scripts/ab_native.py bench [--rounds N] [--filter REGEX] NAME=BENCH_BINARY ...
    python3 scripts/ab_native.py cmd [--rounds N] NAME='COMMAND ...' ...
    (either, with --chain: each build against the one before it; cmd, with
    --cpu: each process's CPU time instead of its wall time)

`bench` runs criterion bench binaries (`cargo bench --bench scan
--no-run` prints one's path; copy it aside per build) one after the
other, round after round, the order turned each round (ABBA...), each
with its own `CRITERION_HOME` under target/ab-native/, and reads each
benchmark's samples (`new/sample.json`: time per iteration). `cmd` times
whole processes (stdout to /dev/null), the same way.

    python3 scripts/ab_native.py bench --pair NUM/DEN [--filter REGEX] NAME=BENCH_BINARY

`--pair` compares two benchmarks of one build instead (one build is then
enough): per round, NUM's median time per byte over DEN's (the benchmark
ids containing NUM and DEN; both must measure bytes), with the same
interval over the rounds. `--pair .mlir_/.hlo_ --filter scan_mlir` is issue
65's MLIR scan beside HLO's (docs/scan.md).

Printed per benchmark: each build's median time (and MiB/s when the
benchmark's throughput is in bytes) over all its samples, and for each
build after the first, its time over the first's as a ratio with a 95%
interval: per round the ratio of the two builds' medians (the rounds are
paired: this machine's speed drifts over minutes, and a build's neighbour
in time is its fairest control), the geometric mean of those ratios, and
a percentile bootstrap over the rounds (10,000 resamples, fixed seed). An
interval that holds 1.0 says the run cannot tell the builds apart. With
`--chain`, each build after the first is compared with the one before it
instead (builds of a history in order: what each step cost, all from the
same interleaved rounds), and the last with the first as well. With
`--cpu`, `cmd` times each process by the CPU time it used (user and
system, its threads included, from `wait4`) rather than by the clock: on
a machine shared with other builds, the time a process waits for a core
is not its own, and the clock's noise hides differences of a few percent
(docs/performance/hashing.md).

Writes nothing into the tree (target/ab-native/ is scratch).
"""

import argparse
import json
import math
import os
import random
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRATCH = ROOT / "target" / "ab-native"


def interval(ratios, resamples=10_000, seed=1):
    """Geometric mean of `ratios` with a 95% percentile-bootstrap interval."""
    logs = [math.log(r) for r in ratios]
    rng = random.Random(seed)
    means = sorted(
        statistics.fmean(rng.choices(logs, k=len(logs))) for _ in range(resamples)
    )
    lo = means[int(0.025 * resamples)]
    hi = means[int(0.975 * resamples) - 1]
    return math.exp(statistics.fmean(logs)), math.exp(lo), math.exp(hi)


def order(names, round_no):
    """ABBA: every other round runs the builds in reverse order."""
    return names if round_no % 2 == 0 else names[::-1]


def read_criterion(home):
    """{benchmark id: (per-iteration times in ns, bytes per iteration or None)}."""
    out = {}
    for sample in Path(home).glob("**/new/sample.json"):
        data = json.loads(sample.read_text())
        times = [t / n for t, n in zip(data["times"], data["iters"])]
        bench = json.loads((sample.parent / "benchmark.json").read_text())
        throughput = bench.get("throughput") or {}
        out[bench["full_id"]] = (times, throughput.get("Bytes"))
    return out


def run_bench(builds, rounds, flt, extra, chain, pair=None):
    samples = {name: {} for name in builds}
    per_round = {name: [] for name in builds}
    for r in range(rounds):
        for name in order(list(builds), r):
            home = SCRATCH / f"{name}-{r}"
            subprocess.run(["rm", "-rf", str(home)], check=True)
            cmd = [builds[name], "--bench", "--noplot", *extra]
            if flt:
                cmd.append(flt)
            env = dict(os.environ, CRITERION_HOME=str(home))
            subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
            got = read_criterion(home)
            per_round[name].append({k: statistics.median(v[0]) for k, v in got.items()})
            for k, (times, nbytes) in got.items():
                samples[name].setdefault(k, ([], nbytes))[0].extend(times)
        print(f"round {r + 1}/{rounds} done", file=sys.stderr)
    if pair:
        report_pair(builds, samples, per_round, pair)
    else:
        report(builds, samples, per_round, chain)


def report_pair(builds, samples, per_round, pair):
    """Per build: benchmark NUM's time per byte over DEN's, paired by round."""
    num, den = pair
    for name in builds:
        ids = list(samples[name])
        pick = lambda part: [k for k in ids if part in k]  # noqa: E731
        if len(pick(num)) != 1 or len(pick(den)) != 1:
            sys.exit(f"--pair {num}/{den}: each must name one of {ids}")
        (a,), (b,) = pick(num), pick(den)
        (ta, na), (tb, nb) = samples[name][a], samples[name][b]
        if not (na and nb):
            sys.exit(f"{a} or {b} measures no bytes")
        ratios = [(r[a] / na) / (r[b] / nb) for r in per_round[name] if a in r and b in r]
        speed = lambda t, n: n / statistics.median(t) * 1e9 / (1 << 20)  # noqa: E731
        print(f"{name}: {a} {speed(ta, na):,.0f} MiB/s, {b} {speed(tb, nb):,.0f} MiB/s")
        mean, lo, hi = interval(ratios)
        print(f"  time per byte, {num} / {den}: x{mean:.3f} (95% interval {lo:.3f}-{hi:.3f}, "
              f"{len(ratios)} rounds)")


def run_process(command, cpu):
    """Runs `command` (stdout to /dev/null): its wall time, or its CPU time, in ns."""
    start = time.perf_counter()
    p = subprocess.Popen(["/bin/sh", "-c", "exec " + command], stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    wall = (time.perf_counter() - start) * 1e9
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        raise subprocess.CalledProcessError(p.returncode, command)
    return (usage.ru_utime + usage.ru_stime) * 1e9 if cpu else wall


def run_cmd(builds, rounds, chain, cpu):
    key = "process CPU time" if cpu else "process"
    samples = {name: {key: ([], None)} for name in builds}
    per_round = {name: [] for name in builds}
    for r in range(rounds):
        for name in order(list(builds), r):
            t = run_process(builds[name], cpu)
            samples[name][key][0].append(t)
            per_round[name].append({key: t})
    report(builds, samples, per_round, chain)


def pairs(names, chain):
    """(control, build) pairs to compare: each with the first, or in a chain."""
    if not chain:
        return [(names[0], n) for n in names[1:]]
    steps = list(zip(names, names[1:]))
    return steps + ([(names[0], names[-1])] if len(names) > 2 else [])


def report(builds, samples, per_round, chain=False):
    names = list(builds)
    first = names[0]
    for bench in sorted(samples[first]):
        print(bench)
        for name in names:
            times, nbytes = samples[name].get(bench, ([], None))
            if not times:
                continue
            med = statistics.median(times)
            speed = f", {nbytes / med * 1e9 / (1 << 20):,.0f} MiB/s" if nbytes else ""
            print(f"  {name:<12} median {med / 1e6:9.3f} ms over {len(times)} samples{speed}")
        for control, name in pairs(names, chain):
            ratios = [
                b[bench] / a[bench]
                for a, b in zip(per_round[control], per_round[name])
                if bench in a and bench in b
            ]
            if len(ratios) < 2:
                continue
            mean, lo, hi = interval(ratios)
            verdict = "no difference shown" if lo <= 1.0 <= hi else (
                "slower" if lo > 1.0 else "faster")
            print(
                f"  {name} / {control}: time x{mean:.3f} (95% interval {lo:.3f}-{hi:.3f}, "
                f"{len(ratios)} paired rounds): {verdict}"
            )


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", choices=["bench", "cmd"])
    p.add_argument("--rounds", type=int, default=6)
    p.add_argument("--chain", action="store_true",
                   help="compare each build with the one before it (and the last with the first)")
    p.add_argument("--cpu", action="store_true",
                   help="cmd: time each process by its CPU time (user + system), not the clock")
    p.add_argument("--filter", default="", help="criterion's benchmark filter (bench mode)")
    p.add_argument("--criterion", default="--warm-up-time 1 --measurement-time 4",
                   help="more arguments for the bench binaries")
    p.add_argument("--pair", help="NUM/DEN: two benchmarks of each build, time per byte (bench mode)")
    p.add_argument("builds", nargs="+", help="NAME=BINARY (bench) or NAME=COMMAND (cmd)")
    a = p.parse_args()
    builds = {}
    for b in a.builds:
        name, sep, what = b.partition("=")
        if not sep or not what:
            p.error(f"{b!r}: expected NAME=BINARY or NAME=COMMAND")
        builds[name] = what
    pair = tuple(a.pair.split("/", 1)) if a.pair else None
    if pair and (len(pair) != 2 or a.mode != "bench"):
        p.error("--pair takes NUM/DEN, in bench mode")
    if len(builds) < (1 if pair else 2) or a.rounds < 2:
        p.error("need at least two builds (or --pair) and two rounds")
    SCRATCH.mkdir(parents=True, exist_ok=True)
    if a.mode == "bench":
        run_bench(builds, a.rounds, a.filter, shlex.split(a.criterion), a.chain, pair)
    else:
        run_cmd(builds, a.rounds, a.chain, a.cpu)


if __name__ == "__main__":
    main()
