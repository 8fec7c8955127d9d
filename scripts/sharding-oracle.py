#!/usr/bin/env python3
"""Regenerates tests/fixtures/sharding/xla.tsv: sharding texts and what XLA
itself makes of them, through jaxlib's binding of XLA's HLO parser and
printer (`xla_client.HloSharding.from_string`, then `str()`, which is
`HloSharding::ToString`), plus, for the named form, the classic sharding
`v3_to_v2_sharding()` gives (`HloSharding::V3ToV2Sharding`).

    python scripts/sharding-oracle.py > tests/fixtures/sharding/xla.tsv

Needs jax/jaxlib (pinned in docs/sharding.md). Each line: input, a tab,
then `OK`, XLA's text (and for named forms a tab and the classic text), or
`ERR`/`ABORT` when XLA's parser refuses it or aborts the process.
Random cases come from a fixed seed, so the file is reproducible.
"""
import random
import re
import subprocess
import sys


def one(text):
    from jax._src.lib import xla_client as xc
    h = xc.HloSharding.from_string(text)
    out = str(h)
    if text.lstrip().startswith("{mesh"):
        out += "\t" + str(h.v3_to_v2_sharding())
    return out


HAND = [
    "{replicated}", "{manual}", "{unknown}", "{unreduced}", "{maximal device=3}",
    '{maximal device=3 metadata={op_name="a"}}',
    '{replicated metadata={op_name="x" source_file="a.py" source_line=3}}',
    "{ replicated }", "{devices=[ 2 , 2 ] 0 , 1 , 2 , 3}",
    "{devices=[8,1,1]<=[8]}", "{devices=[1,4,2]<=[2,4]T(1,0)}",
    "{devices=[2,4]<=[2,2,2]T(1,0,2) last_tile_dim_replicate}", "{devices=[4,2]<=[8]}",
    "{devices=[4,1,2]<=[8] last_tile_dim_replicate}",
    "{devices=[1,8]<=[8] last_tile_dim_replicate}",
    "{devices=[2,2]3,2,1,0 last_tile_dim_replicate}",
    "{devices=[2,1,2]<=[4] last_tile_dim_replicate}", "{devices=[2,2]<=[2,2]T(0,1)}",
    "{devices=[2,1,2,2]<=[8] last_tile_dims={manual, replicated}}",
    "{devices=[2,2,1]<=[4] last_tile_dims={replicated}}",
    "{devices=[4]<=[2,2]T(1,0)}",
    "{devices=[2,2,2]<=[2,2,2]T(2,1,0) last_tile_dims={replicated, replicated}}",
    "{devices=[2,2,2]<=[8] last_tile_dims={replicated, manual}}",
    "{devices=[2,2]0,1,2,3 last_tile_dims={manual}}", "{devices=[1,2]0,1 last_tile_dims={manual}}",
    "{devices=[2,1]<=[2] last_tile_dim_replicate}", "{devices=[8]<=[2,4]T(1,0)}",
    "{devices=[2,4]<=[4,2]T(1,0) last_tile_dim_replicate}", "{devices=[2,1]0,1}",
    "{devices=[2,2]<=[1,4,1]T(2,1,0)}", "{devices=[2,2]<=[2,2]T(1,0)}",
    "{devices=[2,3]<=[2,3]T(1,0) last_tile_dim_replicate}",
    "{devices=[2,2,2]<=[2,2,2]T(1,0,2) last_tile_dim_replicate}",
    "{devices=[2,4]<=[8] last_tile_dim_replicate}",
    "{devices=[2,4]<=[2,4]T(1,0) last_tile_dim_replicate}",
    "{devices=[2,2]<=[4] metadata={op_name=\"x\"}}",
    "{{replicated}, {maximal device=1}}", "{}",
    "{{devices=[2]0,1}, {replicated}, {manual}, {replicated}, {replicated}, {replicated}, {replicated}}",
    "{mesh['x'=4,'y'=2], [{'y'}, {'x'}]}", "{mesh['x'=2,'y'=2], [{'x'}, {}]}",
    "{mesh['x'=2,'y'=2], [{}, {}]}", "{mesh['x'=2,'y'=2],[{'y', 'x'},{}]}",
    "{mesh['x'=2,'y'=2], [{'x','y'}, {}]}", "{mesh['x'=2,'y'=4], [{'y'}, {}]}",
    "{mesh['x'=2,'y'=4], [{'y'}, {}], replicated={'x'}}", "{mesh['x'=1,'y'=4], [{'y'}, {}]}",
    "{mesh['a'=2,'b'=2,'c'=2], [{'c'}, {'a'}]}", "{mesh['a'=2,'b'=3,'c'=2], [{'c', 'a'}]}",
    # Refused by XLA's parser or aborted by its checks: errors here too.
    "{devices=[2,2]<=[4]T(0)}", "{devices=[1]0}", "{mesh['x'=2, 'y'=2], [{'x'}, {'x'}]}",
    "{mesh['x'=2], [{'z'}]}",
]


def random_cases(rng, n):
    out = []
    for _ in range(n):
        rank = rng.randint(1, 3)
        dims = [rng.choice([1, 1, 2, 2, 3, 4]) for _ in range(rank)]
        kind = rng.choice(["plain", "rep", "sub"])
        types = []
        if kind == "rep":
            dims.append(rng.choice([1, 2, 2, 3, 4]))
        elif kind == "sub":
            types = [rng.choice(["manual", "replicated"]) for _ in range(rng.randint(1, 2))]
            dims += [rng.choice([1, 2, 2, 3]) for _ in types]
        total = 1
        for d in dims:
            total *= d
        if total == 1:
            continue
        if rng.random() < 0.5:
            reshape = factor_split(rng, total)
            perm = list(range(len(reshape)))
            rng.shuffle(perm)
            assign = "<=[" + ",".join(map(str, reshape)) + "]"
            if perm != sorted(perm):
                assign += "T(" + ",".join(map(str, perm)) + ")"
        else:
            ids = list(range(total))
            rng.shuffle(ids)
            assign = ",".join(map(str, ids))
        text = "{devices=[" + ",".join(map(str, dims)) + "]" + assign
        if kind == "rep":
            text += " last_tile_dim_replicate"
        elif kind == "sub":
            text += " last_tile_dims={" + ", ".join(types) + "}"
        out.append(text + "}")
    return out


def factor_split(rng, n):
    parts = []
    for p in (2, 3, 5, 7):
        while n % p == 0:
            parts.append(p)
            n //= p
    if n > 1:
        parts.append(n)
    rng.shuffle(parts)
    out = []
    for p in parts:
        if out and rng.random() < 0.4:
            out[-1] *= p
        else:
            out.append(p)
    return out or [1]


def reason(message):
    """The `error: ...` part of XLA's parser message."""
    m = re.search(r"error: ([^\n]*)", message)
    return (m.group(1) if m else message.strip().splitlines()[-1])[:100]


def main():
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        print(one(sys.argv[2]))
        return
    rng = random.Random(20261124)
    cases = HAND + random_cases(rng, 400)
    seen = set()
    for text in cases:
        if text in seen:
            continue
        seen.add(text)
        r = subprocess.run([sys.executable, __file__, "--one", text], capture_output=True, text=True) \
            if "mesh" in text or text in HAND else None
        if r is None:
            try:
                print(f"{text}\tOK\t{one(text)}")
            except Exception as e:  # noqa: BLE001 - XLA's parser refusing is data
                print(f"{text}\tERR\t{reason(str(e))}")
            continue
        if r.returncode == 0:
            print(f"{text}\tOK\t{r.stdout.strip()}")
        elif "Traceback" in r.stderr:
            print(f"{text}\tERR\t{reason(r.stderr)}")
        else:
            print(f"{text}\tABORT")


if __name__ == "__main__":
    main()
