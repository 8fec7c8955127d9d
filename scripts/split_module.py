#!/usr/bin/env python3
"""Splits the app's release module in two (issue 24: the app's download).

Run by scripts/module-names.sh (Trunk's post_build hook) on release builds:

    python3 scripts/split_module.py STAGING_DIR

The app's module is built with its function names (`-g` in index.html's
`data-wasm-opt-params`). This script

1. keeps in a first part the functions named in scripts/app-first-part.txt
   (those the default page calls in its first seconds: its first picture,
   the panels, the idle warm-up, typing; `tests/e2e/split_profile.mjs`
   writes the list) and those without a name (wasm-bindgen's shims), and
   moves every other function to a second module
   (`xla-layout-rest-HASH.wasm`) with binaryen's `wasm-split`; a call into
   a moved function goes through the function table, where a placeholder
   (an import) stands until the second module is instantiated;
2. strips the names from both parts and gives the first part a new hashed
   name, written into index.html's loader with the second part's
   (placeholder `__XLA_REST_WASM__`);
3. without `wasm-split` on PATH (Debian's `binaryen` package), only strips
   the names: the app is then one module, as before, and says so. With
   `XLA_LAYOUT_SPLIT=off` it does nothing: one module with its names, for
   a profiler. With `XLA_LAYOUT_SPLIT=profile` the app is one module
   instrumented to record which functions run, for split_profile.mjs
   (`instrument`, below).

`split_module.py --list WASM < INDICES` writes scripts/app-first-part.txt:
the names of WASM's defined functions at the given indices (imports not
counted).

binaryen 108 (Debian 12's) cannot read `table.fill`, which wasm-bindgen's
glue code uses to clear one externref slot; each such fill of one null is
rewritten as the `table.set` it amounts to (same length, padded with
`nop`s). The rewrite is a pattern over code bytes, so it is checked
against the module itself: binaryen 132's `wasm-dis` (npm, ./tools)
counts the `table.fill` instructions before and after, and the build
fails, saying what it found, unless every one was rewritten and nothing
else was (`checked_table_fills`). That version also writes the `__wbindgen_externrefs` export as the
function table's; the export is set back to the externref table.
"""

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
KEEP = HERE / "app-first-part.txt"
FEATURES = [
    "--enable-reference-types",
    "--enable-bulk-memory",
    "--enable-mutable-globals",
    "--enable-sign-ext",
    "--enable-nontrapping-float-to-int",
    "--enable-multivalue",
]


def say(message):
    print(f"split_module.py: {message}", file=sys.stderr)


def leb(data, i):
    value = shift = 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, i


def sections(data):
    """(id, start, end) of each section's contents."""
    i = 8
    while i < len(data):
        sid = data[i]
        size, i = leb(data, i + 1)
        yield sid, i, i + size
        i += size


def function_names(data):
    """{defined function index: name}, names normalised, and the number of
    imported functions."""
    imported = 0
    names = {}
    for sid, start, end in sections(data):
        if sid == 2:
            count, j = leb(data, start)
            for _ in range(count):
                for _ in range(2):
                    n, j = leb(data, j)
                    j += n
                kind = data[j]
                j += 1
                if kind == 0:
                    _, j = leb(data, j)
                    imported += 1
                elif kind == 1:
                    j += 1
                    flags, j = leb(data, j)
                    _, j = leb(data, j)
                    if flags & 1:
                        _, j = leb(data, j)
                elif kind == 2:
                    flags, j = leb(data, j)
                    _, j = leb(data, j)
                    if flags & 1:
                        _, j = leb(data, j)
                elif kind == 3:
                    j += 2
                else:
                    sys.exit(f"split_module.py: import kind {kind} not read")
        elif sid == 0:
            n, j = leb(data, start)
            if data[j : j + n] != b"name":
                continue
            j += n
            while j < end:
                sub = data[j]
                size, j = leb(data, j + 1)
                if sub == 1:
                    count, k = leb(data, j)
                    for _ in range(count):
                        index, k = leb(data, k)
                        n, k = leb(data, k)
                        names[index] = normalise(data[k : k + n].decode("utf-8", "replace"))
                        k += n
                j += size
    return {i - imported: n for i, n in names.items() if i >= imported}, imported


def defined_count(data):
    """The number of functions the module defines (its code section's)."""
    for sid, start, _ in sections(data):
        if sid == 10:
            return leb(data, start)[0]
    return 0


def normalise(name):
    """A name without the hashes that change from build to build."""
    return re.sub(r"\[[0-9a-f]+\]|::h[0-9a-f]{16}$|\.llvm\.\d+|\.\d+$", "", name)


def rewrite_table_fills(data):
    """`ref.null extern; i32.const 1; table.fill T` -> `ref.null extern;
    table.set T; nop; nop; nop` in the code section; the count rewritten."""
    code = [(s, e) for sid, s, e in sections(data) if sid == 10]
    if len(code) != 1:
        sys.exit("split_module.py: no code section")
    start, end = code[0]
    out = bytearray(data)
    count = 0
    for m in re.finditer(rb"\xd0\x6f\x41\x01\xfc\x11([\x00-\x7f])", bytes(data[start:end])):
        at = start + m.start() + 2
        out[at : at + 5] = b"\x26" + m.group(1) + b"\x01\x01\x01"
        count += 1
    return out, count


def table_fills_in(data, where):
    """How many `table.fill` instructions the module `data` holds, as
    binaryen 132's disassembler reads it (Debian's 108 cannot)."""
    wasm_dis = HERE.parent / "tools/node_modules/.bin/wasm-dis"
    if not wasm_dis.exists():
        sys.exit(
            f"split_module.py: {wasm_dis} not found: the table fills' rewrite cannot be "
            "checked (scripts/lib.sh installs binaryen into ./tools for release builds)"
        )
    module = where / "app-fills-check.wasm"
    module.write_bytes(data)
    text = run(wasm_dis, *FEATURES, module).stdout
    module.unlink()
    return len(re.findall(r"\btable\.fill\b", text))


def checked_table_fills(data, where):
    """`rewrite_table_fills`, failing the build unless it rewrote exactly
    the module's `table.fill` instructions: as many as the disassembler
    counts before, none after. A new form of fill in wasm-bindgen's glue
    (another value, another count) or a match that is not an instruction
    stops the build here, not in wasm-split or in a browser."""
    before = table_fills_in(data, where)
    out, count = rewrite_table_fills(data)
    after = table_fills_in(out, where)
    if count != before or after != 0:
        sys.exit(
            f"split_module.py: the module has {before} table.fill instructions; the rewrite "
            f"matched {count} and left {after}. Every fill must be wasm-bindgen's one-null "
            "clear (`ref.null extern; i32.const 1; table.fill`), which binaryen 108's "
            "wasm-split cannot read: see this script's docstring and rewrite_table_fills."
        )
    return out, count


EXTERNREFS = b"__wbindgen_externrefs"


def externref_export(data):
    """The offset of the table index the `__wbindgen_externrefs` export
    names (wasm-bindgen's externref table)."""
    entry = bytes([len(EXTERNREFS)]) + EXTERNREFS + b"\x01"
    for sid, start, end in sections(data):
        if sid == 7:
            at = bytes(data[start:end]).find(entry)
            if at >= 0 and data[start + at + len(entry)] < 0x80:
                return start + at + len(entry)
    sys.exit("split_module.py: the module exports no __wbindgen_externrefs table")


def fix_externref_export(first, whole):
    """Points the first part's `__wbindgen_externrefs` export at the table
    the whole module's names (binaryen 108 writes the function table's
    index there)."""
    out = bytearray(first)
    out[externref_export(first)] = whole[externref_export(whole)]
    return out


def run(*args):
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"split_module.py: {' '.join(map(str, args))} failed:\n{result.stdout}{result.stderr}")
    return result


def app_module(staging):
    wasms = sorted(staging.glob("xla-layout-viz-*_bg.wasm"))
    if len(wasms) != 1:
        sys.exit(f"split_module.py: expected one app module in {staging}, found {wasms}")
    return wasms[0]


def instrument(staging):
    """XLA_LAYOUT_SPLIT=profile: the app one module, instrumented by
    `wasm-split --instrument` and keeping its names. Each function records
    its first call (a global per function), and the export
    `__write_profile(addr, size)` writes binaryen's profile into memory: an
    8-byte hash of the module, then a 4-byte stamp per defined function, in
    the module's order, 0 for a function never called
    (binaryen's src/tools/wasm-split/instrumenter.cpp,
    `Instrumenter::addProfileExport`). tests/e2e/split_profile.mjs reads
    it."""
    split = shutil.which("wasm-split") or sys.exit("split_module.py: XLA_LAYOUT_SPLIT=profile needs wasm-split")
    app = app_module(staging)
    data, fills = checked_table_fills(app.read_bytes(), staging)
    source = staging / "app-fills.wasm"
    source.write_bytes(data)
    out = staging / "app-instrumented.wasm"
    run(split, "--instrument", "-g", *FEATURES, source, "-o", out)
    app.write_bytes(fix_externref_export(out.read_bytes(), data))
    for path in (source, out):
        path.unlink()
    say(f"XLA_LAYOUT_SPLIT=profile: the app one module, instrumented, with its names ({fills} table fills rewritten)")


def main(staging):
    staging = Path(staging)
    index = staging / "index.html"
    html = index.read_text()
    mode = os.environ.get("XLA_LAYOUT_SPLIT", "")
    if mode == "off":
        # One module, its names kept (for a profiler's stacks).
        say("XLA_LAYOUT_SPLIT=off: the app stays one module, with its function names")
        index.write_text(html.replace("__XLA_REST_WASM__", ""))
        return
    if mode == "profile":
        instrument(staging)
        index.write_text(html.replace("__XLA_REST_WASM__", ""))
        return
    if mode:
        sys.exit(f"split_module.py: XLA_LAYOUT_SPLIT={mode}: expected off or profile")
    app = app_module(staging)
    # npm's binaryen 132 (scripts/lib.sh), which reads the module: Debian's
    # binaryen package has a wasm-opt of its own (108), which does not.
    wasm_opt = HERE.parent / "tools/node_modules/.bin/wasm-opt"
    if not wasm_opt.exists():
        wasm_opt = shutil.which("wasm-opt") or "wasm-opt"

    stripped = staging / "app-stripped.wasm"
    # Names out first: binaryen then names function N of the module "N",
    # which is what --keep-funcs is given below.
    whole = app.read_bytes()
    names, _ = function_names(whole)
    defined = defined_count(whole)
    run(wasm_opt, "--strip-debug", *FEATURES, app, "-o", stripped)
    split = shutil.which("wasm-split")
    rest_name = ""
    if split is None:
        say("!!! wasm-split (Debian's binaryen) not found: the app stays one module")
        stripped.replace(app)
    else:
        data, fills = checked_table_fills(stripped.read_bytes(), staging)
        stripped.write_bytes(data)
        wanted = set(KEEP.read_text().splitlines()) - {""}
        # Functions without a name (wasm-bindgen's shims) stay too.
        keep = sorted(i for i in range(defined) if i not in names or names[i] in wanted)
        listed = sum(1 for i in keep if i in names and names[i] in wanted)
        if listed < len(wanted) // 2:
            sys.exit(f"split_module.py: only {listed} functions of the module have the {len(wanted)} listed names")
        keep_file = staging / "app-keep.txt"
        keep_file.write_text("".join(f"{i}\n" for i in keep))
        first, rest = staging / "app-first.wasm", staging / "app-rest.wasm"
        # A one-letter namespace for the placeholders (`p`, the first
        # part's imports; binaryen's default, `placeholder`, is spelled once
        # per import, 1,300 of them). Trunk.toml's loader passes the same.
        run(
            split, stripped, *FEATURES, "--keep-funcs", f"@{keep_file}",
            "--placeholder-namespace", "p", "-o1", first, "-o2", rest,
        )
        first.write_bytes(fix_externref_export(first.read_bytes(), data))
        say(
            f"{len(keep)} of {defined} functions in the first part ({fills} table fills rewritten); "
            f"first part {first.stat().st_size} B, the rest {rest.stat().st_size} B"
        )
        for path in (stripped, keep_file):
            path.unlink()
        digest = hashlib.sha256(first.read_bytes() + rest.read_bytes()).hexdigest()[:16]
        new_app = staging / f"xla-layout-viz-{digest}_bg.wasm"
        rest_name = f"xla-layout-rest-{digest}.wasm"
        app.unlink()
        first.replace(new_app)
        rest.replace(staging / rest_name)
        if html.count(app.name) != 1:
            sys.exit(f"split_module.py: index.html names {app.name} {html.count(app.name)} times")
        html = html.replace(app.name, new_app.name)
    if html.count("__XLA_REST_WASM__") != 1:
        sys.exit("split_module.py: index.html's loader has no __XLA_REST_WASM__ placeholder")
    index.write_text(html.replace("__XLA_REST_WASM__", rest_name))


def write_list(wasm, indices):
    """Writes KEEP: the names of `wasm`'s defined functions at `indices`
    (imports not counted), and the names KEEP already lists that `wasm`
    still has, sorted. Some paths are taken in one run and not another
    (a hash table's comparison runs only when two keys collide), so a
    function seen once stays until it is gone from the code; emptying KEEP
    first starts the list over."""
    names, _ = function_names(Path(wasm).read_bytes())
    # binaryen names a function without a name by its index: those
    # (wasm-bindgen's shims) stay in the first part anyway.
    seen = {names[i] for i in indices if i in names and not names[i].isdigit()}
    before = set(KEEP.read_text().splitlines()) - {""} if KEEP.exists() else set()
    kept = before & set(names.values())
    listed = sorted(seen | kept)
    KEEP.write_text("".join(f"{n}\n" for n in listed))
    say(
        f"{len(listed)} names written to {KEEP}: {len(seen)} seen in this run, "
        f"{len(kept - seen)} kept from the list before, {len(before - kept)} gone from the code"
    )


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "--list":
        # split_module.py --list WASM < indices, one per line
        write_list(sys.argv[2], [int(x) for x in sys.stdin.read().split()])
    elif len(sys.argv) == 2:
        main(sys.argv[1])
    else:
        sys.exit("usage: split_module.py STAGING_DIR | split_module.py --list WASM < INDICES")
