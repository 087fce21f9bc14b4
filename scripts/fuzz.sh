#!/usr/bin/env bash
# npm run fuzz [-- SECONDS]: builds the libFuzzer targets (tests/fuzz/, clang++
# with AddressSanitizer and UndefinedBehaviorSanitizer) and runs each for
# SECONDS (default 60, or $FUZZ_SECONDS), one after another, starting from
# its seed corpus in tests/fuzz/corpus/<target>/. What a run adds to a
# corpus goes to build/fuzz/corpus/<target>/, never into the repository; a
# finding's input goes to build/fuzz/artifacts/. Exits non-zero on any finding.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-${FUZZ_SECONDS:-60}}
bash scripts/fuzz-build.sh

mkdir -p build/fuzz/artifacts
status=0
summary=()
for seeds in tests/fuzz/corpus/*/; do
  name=$(basename "$seeds")
  mkdir -p "build/fuzz/corpus/$name"
  log="build/fuzz/$name.log"
  echo "== $name-fuzz, ${seconds} s"
  result=ok
  "build/fuzz/$name-fuzz" -max_total_time="$seconds" -timeout=10 -max_len=4096 -print_final_stats=1 \
    -artifact_prefix="build/fuzz/artifacts/$name-" "build/fuzz/corpus/$name" "$seeds" >"$log" 2>&1 || result=FINDING
  executions=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log" | tail -n 1)
  grep -E '^Done [0-9]+ runs|^==[0-9]+==ERROR|SUMMARY|differs|assertion failed' "$log" | tail -n 3 || true
  if [ "$result" != ok ]; then
    status=1
    echo "   finding: see $log and build/fuzz/artifacts/"
  fi
  summary+=("$(printf '%-14s %12s executions  %s' "$name" "${executions:-?}" "$result")")
done

# The hostile-input property suite, with many more cases and a fresh seed each run.
hostile_runs=${HOSTILE_RUNS:-5000}
hostile_seed=${HOSTILE_SEED:-$RANDOM$RANDOM}
echo "== hostile input: $hostile_runs cases per class, seed $hostile_seed (HOSTILE_SEED=$hostile_seed repeats it)"
if HOSTILE_RUNS=$hostile_runs HOSTILE_SEED=$hostile_seed node_modules/.bin/jest tests/js/hostile >build/fuzz/hostile.log 2>&1; then
  summary+=("$(printf '%-14s %12s cases/class  ok' hostile "$hostile_runs")")
else
  status=1
  tail -n 40 build/fuzz/hostile.log
  summary+=("$(printf '%-14s %12s cases/class  FINDING (seed %s)' hostile "$hostile_runs" "$hostile_seed")")
fi

echo "== fuzzing summary (${seconds} s per target)"
printf '%s\n' "${summary[@]}"
exit $status
