#!/usr/bin/env bash
# Runs each cargo-fuzz target (parse, scan, mapping) for N seconds
# (default 20), one after another, on one core each.
#   scripts/fuzz.sh [SECONDS] [TARGET...]
# Installs the nightly toolchain (rustup) and cargo-fuzz if missing. If
# nightly or cargo-fuzz cannot be obtained, says so loudly and exits 0
# (fuzzing skipped). A crash exits non-zero; its input is left in
# fuzz/artifacts/<target>/.
set -u
cd "$(dirname "$0")/.."
secs="${1:-20}"
shift || true
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(parse scan mapping)

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
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "== installing cargo-fuzz (cargo install, ~2 min)"
  cargo install cargo-fuzz --locked >/dev/null 2>&1 || skip "cannot install cargo-fuzz"
fi

status=0
for t in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$t"
  echo "== fuzz $t for ${secs}s"
  log="$(mktemp)"
  (cd fuzz && cargo fuzz run -O "$t" "corpus/$t" -- \
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
