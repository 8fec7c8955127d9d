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

command -v rustup >/dev/null 2>&1 || skip "rustup is not installed"
if ! rustup run nightly rustc --version >/dev/null 2>&1; then
  rustup toolchain install nightly --profile minimal >/dev/null 2>&1 || skip "cannot install the nightly toolchain"
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  cargo install cargo-fuzz --locked >/dev/null 2>&1 || skip "cannot install cargo-fuzz"
fi

status=0
for t in "${targets[@]}"; do
  mkdir -p "fuzz/corpus/$t"
  echo "== fuzz $t for ${secs}s"
  (cd fuzz && RUSTUP_TOOLCHAIN=nightly cargo fuzz run -O "$t" "corpus/$t" -- \
      -max_total_time="$secs" -max_len=4096 -print_final_stats=1 2>&1 | grep -E "stat::number_of_executed_units|Done|ERROR|panicked|SUMMARY" ) || true
  if ls "fuzz/artifacts/$t"/crash-* >/dev/null 2>&1; then
    echo "!!! $t: crash inputs in fuzz/artifacts/$t" >&2
    status=1
  fi
done
exit $status
