#!/usr/bin/env bash
# The Python package's checks (issue 14): a virtualenv in .venv (created if
# missing), pinned maturin, pytest, hypothesis, jax[cpu], sphinx, mkdocs-material, nbclient, ipykernel,
# anywidget, jupyterlab, notebook and pandas, the app's release build (dist/) copied into the
# package, the wheel built and installed from python/, the CLI the tests compare against, and pytest
# over python/tests/. Exits non-zero when any step fails.
#
#   bash scripts/python-test.sh            # fresh venv: ~3.5 min on 2 cores
#
# Set PYTHON to choose the interpreter the venv is made from (python3).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

VENV="$ROOT/.venv"
export RUSTUP_TOOLCHAIN="${RUSTUP_TOOLCHAIN:-1.99.1}"

# The virtualenv and the test dependencies (scripts/python-deps.sh; seconds
# when CI's test.sh has already installed them while the builds ran).
bash "$ROOT/scripts/python-deps.sh"

# The one-step install a user runs (scripts/python-install.sh), on the
# release build already in dist/ (trunk build --release must run before
# this script; CI's trunk-build-release step does): the widget's live
# element copied into the package, the wheel built and installed into
# .venv with its widget extra, and checked to carry the element. Fails
# clearly without dist/ unless XLA_LAYOUT_NO_ELEMENT=1.
#
# The wheel under test is built for build time, not speed (no LTO, 16
# codegen units, opt-level 1: the same code, with less optimisation work;
# the saving was not timed on its own). `scripts/python-install.sh`
# alone, what users run, keeps python/Cargo.toml's release profile.
CARGO_PROFILE_RELEASE_LTO=off CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
    CARGO_PROFILE_RELEASE_OPT_LEVEL=1 \
    VENV="$VENV" bash scripts/python-install.sh --no-build

say "building the CLI the tests compare against"
cargo build --quiet --bin xla-layout
export XLA_LAYOUT_CLI="$ROOT/target/debug/xla-layout"

say "pytest python/tests"
# From python/tests' parent with the venv's pytest (not `python -m`), so
# that `import xla_layout` finds the installed wheel, not the source tree.
cd "$ROOT/python"
# -rs: say why anything was skipped (the JupyterLab browser test).
"$VENV/bin/pytest" -q -rs -p no:cacheprovider tests
