#!/usr/bin/env bash
# The Python package's test dependencies, pinned, in a virtualenv in .venv
# (created if missing): maturin, pytest, hypothesis, jax[cpu], sphinx,
# mkdocs-material, nbclient, ipykernel, anywidget, jupyterlab, notebook and
# pandas. scripts/python-test.sh runs it first; CI's scripts/test.sh starts
# it at the beginning, in the background, so that the downloads and unpacking
# overlap the builds (it needs nothing they make). Seconds when everything is
# installed already.
#
#   bash scripts/python-deps.sh
#
# Set PYTHON to choose the interpreter the venv is made from (python3).
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

# Versions that install here (PyPI, 2026-11-23); jax is tested on CPU.
MATURIN_VERSION="1.16.0"
PYTEST_VERSION="9.2.0"
HYPOTHESIS_VERSION="6.170.15"
JAX_VERSION="0.10.2"
# The newest Sphinx for Python 3.11 (9.1 and later need 3.12); the Sphinx
# extension's tests build python/tests/sphinx_demo/ with it.
SPHINX_VERSION="9.0.4"
# furo, the Sphinx theme test_doc_sites.py builds with (its dark switch).
FURO_VERSION="2025.12.19"
# MkDocs Material (with mkdocs and pymdown-extensions): test_mkdocs.py
# builds python/tests/mkdocs_demo/ with it (~35 s to install, ~5 s of tests).
MKDOCS_MATERIAL_VERSION="9.8.1"
# Executing examples/xla_layout_tour.ipynb in test_notebook.py (~60 s to
# install, ~7 s of tests).
NBCLIENT_VERSION="0.11.0"
NBFORMAT_VERSION="5.11.1"
IPYKERNEL_VERSION="7.4.0"
# The notebook widget (show); ~5 s to install.
ANYWIDGET_VERSION="0.11.0"
# test_jupyterlab.py serves it on 127.0.0.1 for the widget's browser test
# (~35 s to install; the test needs node, tests/e2e/node_modules and
# Chromium, and skips saying why without them unless
# XLA_LAYOUT_REQUIRE_BROWSER=1).
JUPYTERLAB_VERSION="4.6.6"
# Jupyter Notebook 7, the same browser test (~10 s to install).
NOTEBOOK_VERSION="7.6.5"
# ScanResult.to_pandas (test_table.py).
PANDAS_VERSION="3.1.1"

VENV="$ROOT/.venv"
PY="$VENV/bin/python"

if [ ! -x "$PY" ]; then
    say "creating the virtualenv $VENV"
    "${PYTHON:-python3}" -m venv "$VENV"
fi

say "installing maturin $MATURIN_VERSION, pytest, hypothesis, jax[cpu] $JAX_VERSION, sphinx $SPHINX_VERSION, furo, mkdocs-material $MKDOCS_MATERIAL_VERSION, nbclient, ipykernel, anywidget, jupyterlab, notebook, pandas"
"$PY" -m pip install -q --disable-pip-version-check \
    "maturin==$MATURIN_VERSION" "pytest==$PYTEST_VERSION" \
    "hypothesis==$HYPOTHESIS_VERSION" "jax[cpu]==$JAX_VERSION" \
    "sphinx==$SPHINX_VERSION" "furo==$FURO_VERSION" "mkdocs-material==$MKDOCS_MATERIAL_VERSION" \
    "nbclient==$NBCLIENT_VERSION" "nbformat==$NBFORMAT_VERSION" "ipykernel==$IPYKERNEL_VERSION" \
    "anywidget==$ANYWIDGET_VERSION" "jupyterlab==$JUPYTERLAB_VERSION" \
    "notebook==$NOTEBOOK_VERSION" "pandas==$PANDAS_VERSION"

