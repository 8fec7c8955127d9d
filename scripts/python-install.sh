#!/usr/bin/env bash
# The Python package in one step (issue 25): `xla_layout` with its live
# notebook widget, from a clone, each step saying what it does.
#
#   bash scripts/python-install.sh            # into .venv (made if missing)
#   bash scripts/python-install.sh --wheel    # a wheel in target/wheels/, to hand to others
#   VENV=~/envs/ml bash scripts/python-install.sh   # into another virtualenv
#
# 1. the tools the app's build needs, only those missing (scripts/lib.sh:
#    the pinned Rust, wasm-opt, wasm-bindgen-cli, trunk; ~17 min the first
#    time on 2 cores, seconds after), and
# 2. `trunk build --release` (dist/); both skipped with --no-build, which
#    takes dist/ as current (scripts/python-test.sh, after CI's own
#    release build);
# 3. the widget's element copied from dist/ into the package
#    (scripts/python-assets.sh);
# 4. the wheel built into target/wheels/ (`pip wheel ./python`: maturin,
#    release, ~2 min the first time); with --wheel, that is all; else
#    `pip install 'WHEEL[widget]'` into the virtualenv and a check that
#    the installed package carries the live element.
#
# `pip install ./python` alone also works: its widget draws the static
# figure only, and says so once, at the first `show()`.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

WHEEL=0
BUILD=1
for arg in "$@"; do
    case "$arg" in
        --wheel) WHEEL=1 ;;
        --no-build) BUILD=0 ;;
        -h | --help)
            # This file's opening comment, without its `# `.
            awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "${BASH_SOURCE[0]}"
            exit 0
            ;;
        *) die "unknown argument: $arg (try --help)" ;;
    esac
done

VENV="${VENV:-$ROOT/.venv}"
PY="$VENV/bin/python"
WHEELS="$ROOT/target/wheels"

if [ "$BUILD" = 1 ]; then
    ensure_app_tools
    say "building the app's release build: trunk build --release (into dist/)"
    trunk build --release --locked
else
    # Only maturin's cargo is needed.
    ensure_toolchain
    say "--no-build: using the release build already in dist/"
fi

say "copying the widget's element from dist/ into the package (scripts/python-assets.sh)"
bash scripts/python-assets.sh

if [ ! -x "$PY" ]; then
    say "creating the virtualenv $VENV"
    "${PYTHON:-python3}" -m venv "$VENV"
fi

say "building the wheel into target/wheels/ (pip wheel ./python: maturin, release)"
mkdir -p "$WHEELS"
"$PY" -m pip wheel -q --disable-pip-version-check --no-deps -w "$WHEELS" ./python
# The newest file: pip names it xla_layout-VERSION-cp39-abi3-PLATFORM.whl.
built="$(ls -t "$WHEELS"/xla_layout-*.whl | head -n 1)"
if [ "$WHEEL" = 1 ]; then
    say "done: $built (pip install '$built[widget]' on a machine of the same platform)"
    exit 0
fi

say "installing it into $VENV with its widget extra: pip install '$(basename "$built")[widget]'"
# The package alone first, --force-reinstall, so that a rebuilt element
# replaces an install of the same version; then the extra's dependencies.
"$PY" -m pip install -q --disable-pip-version-check --force-reinstall --no-deps "$built"
"$PY" -m pip install -q --disable-pip-version-check "$built[widget]"

if [ "${XLA_LAYOUT_NO_ELEMENT:-0}" = 1 ]; then
    say "done (XLA_LAYOUT_NO_ELEMENT=1: the widget draws the static figure only)"
    exit 0
fi
"$PY" -c 'import sys, xla_layout.assets as a; sys.exit(0 if a.available() else 1)' ||
    die "the installed package has no live element (xla_layout.assets.available() is False)"
say "done: $PY has xla_layout with the live widget (xla_layout.show(...) in Jupyter)"
