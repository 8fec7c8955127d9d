#!/usr/bin/env bash
# Refreshes the committed seed corpora fuzz/corpus/<target>/: folds in what
# scripts/fuzz.sh runs found (target/fuzz-corpus/<target>/), then keeps the
# smallest set of inputs that reaches every coverage edge the whole set
# reaches (`cargo fuzz cmin`, libFuzzer's -merge=1, with -use_counters=0 so
# that inputs differing only in how often they run an edge are not kept:
# a few hundred inputs per target instead of thousands). Commit the result.
#   scripts/fuzz-cmin.sh [TARGET...]
# Needs the nightly and cargo-fuzz that scripts/fuzz.sh installs (run it
# once first).
set -euo pipefail
cd "$(dirname "$0")/.."
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(parse scan mapping sharding dump)
export RUSTUP_TOOLCHAIN="${FUZZ_NIGHTLY:-nightly-2026-05-19}"
cargo fuzz --version >/dev/null 2>&1 || { echo "cargo-fuzz is missing: run scripts/fuzz.sh first" >&2; exit 1; }

for t in "${targets[@]}"; do
  seeds="fuzz/corpus/$t"
  found="target/fuzz-corpus/$t"
  mkdir -p "$seeds"
  before=$(find "$seeds" -type f | wc -l)
  # libFuzzer names inputs by their SHA-1, so copying never overwrites a
  # different input.
  if [ -d "$found" ]; then
    find "$found" -maxdepth 1 -type f -size -4097c -exec cp -n -t "$seeds" {} +
  fi
  # Named inputs (regression-*: a past crash or hang, kept whole) are not
  # the minimiser's to drop: set them aside and put them back.
  kept="$(mktemp -d)"
  find "$seeds" -maxdepth 1 -type f -name 'regression-*' -exec mv -t "$kept" {} +
  (cd fuzz && cargo fuzz cmin -O "$t" "corpus/$t" -- -use_counters=0 -max_len=4096) >/dev/null 2>&1 ||
    { mv -t "$seeds" "$kept"/* 2>/dev/null; echo "!!! $t: cargo fuzz cmin failed" >&2; exit 1; }
  find "$kept" -type f -exec mv -t "$seeds" {} +
  rmdir "$kept"
  echo "== $t: $before seeds + $( [ -d "$found" ] && find "$found" -type f | wc -l || echo 0) found -> $(find "$seeds" -type f | wc -l) seeds"
done
