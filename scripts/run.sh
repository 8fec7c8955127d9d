#!/usr/bin/env bash
# Installs whatever is missing (wasm32 target, wasm-opt, wasm-bindgen-cli,
# trunk), then serves the app on http://127.0.0.1:8080/ with live reload.
#
#   bash scripts/run.sh            # debug build, fast to rebuild
#   bash scripts/run.sh --release  # the optimized build, as deployed
#
# Any extra arguments go to `trunk serve`.
set -euo pipefail

source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
cd "$ROOT"

ensure_app_tools

say "serving on http://127.0.0.1:8080/ (Ctrl-C to stop); the first build takes about a minute"
exec trunk serve "$@"
