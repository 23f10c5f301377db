#!/usr/bin/env bash
# The long fuzz run: every parser's target (src/fuzz.rs, fuzz/fuzz_targets/) under cargo fuzz
# (libFuzzer, coverage-guided), RUNS inputs each (default 1,000,000), starting from the seeds
# in fuzz/seeds/ and the corpus earlier runs left in fuzz/corpus/. Prints a line per target
# (inputs, seconds, panics) and exits 1 if any target found a panic; its input is then in
# fuzz/artifacts/TARGET/ (turn it into a regression test in tests/suite/fuzz.rs).
#
#   scripts/fuzz.sh [RUNS] [TARGET...]
#
# Needs cargo-fuzz (`cargo install cargo-fuzz`). cargo fuzz passes nightly-only flags to rustc;
# on a stable toolchain RUSTC_BOOTSTRAP=1 allows them. Built with optimisations and with
# overflow checks and debug assertions on (-O -a); no sanitizer, since the library has no
# unsafe code. Run it niced on a shared machine: `nice scripts/fuzz.sh`.
set -uo pipefail
runs=${1:-1000000}
shift || true
cd "$(dirname "$0")/../fuzz"
if ! command -v cargo-fuzz >/dev/null 2>&1; then
  echo "scripts/fuzz.sh needs cargo-fuzz: cargo install cargo-fuzz" >&2
  exit 2
fi
export RUSTC_BOOTSTRAP=1
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  mapfile -t targets < <(cargo fuzz list)
fi
cargo fuzz build -O -a -s none >/dev/null 2>&1 || cargo fuzz build -O -a -s none || exit 2
failed=0
printf '%-14s %12s %10s  %s\n' target inputs seconds result
for t in "${targets[@]}"; do
  mkdir -p "corpus/$t"
  log=$(mktemp)
  start=$(date +%s.%N)
  # -timeout: an input taking 10 s counts as a hang; -max_len: 4 KB, as large as the largest seed.
  cargo fuzz run -O -a -s none "$t" "corpus/$t" "seeds/$t" -- \
    -runs="$runs" -timeout=10 -max_len=4096 -print_final_stats=1 >"$log" 2>&1
  status=$?
  end=$(date +%s.%N)
  done_runs=$(grep -ao 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
  if [ "$status" -eq 0 ]; then
    result="0 panics"
  else
    result="FAILED (exit $status): see fuzz/artifacts/$t/ and $log"
    failed=1
  fi
  printf '%-14s %12s %10.0f  %s\n' "$t" "${done_runs:-?}" "$(echo "$end - $start" | bc)" "$result"
  [ "$status" -eq 0 ] && rm -f "$log"
done
exit $failed
