#!/usr/bin/env bash
# Runs each cargo-fuzz target (parse, scan, mapping) for N seconds
# (default 20), one after another, on one core each.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
# Installs the nightly toolchain (rustup) and cargo-fuzz if missing. If
# nightly or cargo-fuzz cannot be obtained, says so loudly and exits 0
# (fuzzing skipped). A crash exits non-zero; its input is left in
# fuzz/artifacts/<target>/ (ignored by git).
#
# The committed corpus fuzz/corpus/<target>/ is a minimised seed set that
# this script only reads: libFuzzer loads every corpus directory given but
# writes the inputs it finds only into the first one, which is
# target/fuzz-corpus/<target>/ (kept between runs, ignored by git). So a
# run leaves `git status` as it found it. scripts/fuzz-cmin.sh folds what
# the runs found back into the seed set.
set -u
cd "$(dirname "$0")/.."
secs="${1:-20}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(parse scan mapping sharding dump)

skip() {
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!" >&2
  echo "!!! FUZZING SKIPPED: $1" >&2
  echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!" >&2
  exit 0
}

# cargo-fuzz needs a nightly compiler (sanitizer flags). Pinned, like the
# stable toolchain, so that a new nightly cannot break CI overnight.
NIGHTLY="${FUZZ_NIGHTLY:-nightly-2026-05-19}"
export RUSTUP_TOOLCHAIN="$NIGHTLY"

command -v rustup >/dev/null 2>&1 || skip "rustup is not installed"
if ! rustup run "$NIGHTLY" rustc --version >/dev/null 2>&1; then
  echo "== installing $NIGHTLY (rustup)"
  rustup toolchain install "$NIGHTLY" --profile minimal >/dev/null 2>&1 || skip "cannot install the $NIGHTLY toolchain"
fi
FUZZ_VERSION="0.13.2"
if [ "$(cargo fuzz --version 2>/dev/null)" != "cargo-fuzz $FUZZ_VERSION" ]; then
  echo "== installing cargo-fuzz $FUZZ_VERSION (cargo install, ~1.5 min)"
  cargo install cargo-fuzz --version "$FUZZ_VERSION" --locked --force >/dev/null 2>&1 ||
    skip "cannot install cargo-fuzz $FUZZ_VERSION"
fi

status=0
scratch="$PWD/target/fuzz-corpus"
for t in "${targets[@]}"; do
  [ -d "fuzz/corpus/$t" ] || { echo "!!! $t: no seed corpus fuzz/corpus/$t" >&2; status=1; continue; }
  mkdir -p "$scratch/$t"
  echo "== fuzz $t for ${secs}s (seeds fuzz/corpus/$t, new inputs into target/fuzz-corpus/$t)"
  log="$(mktemp)"
  (cd fuzz && cargo fuzz run -O "$t" "$scratch/$t" "corpus/$t" -- \
      -max_total_time="$secs" -max_len=4096 -print_final_stats=1) >"$log" 2>&1
  grep -E "stat::number_of_executed_units|Done|ERROR|panicked|SUMMARY" "$log"
  if ! grep -q "stat::number_of_executed_units" "$log"; then
    # Neither a finished run nor a crash: the target did not build or run.
    tail -n 30 "$log" >&2
    echo "!!! $t: the fuzz target did not run" >&2
    status=1
  fi
  rm -f "$log"
  if ls "fuzz/artifacts/$t"/crash-* >/dev/null 2>&1; then
    echo "!!! $t: crash inputs in fuzz/artifacts/$t" >&2
    status=1
  fi
done
exit $status
