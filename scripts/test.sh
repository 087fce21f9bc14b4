#!/usr/bin/env bash
# The test command (npm test): set up, build, then every suite.
#   native doctest on the kernels (plain, and under ASan+UBSan), and the same
#   suite on both wasm builds' kernels (SIMD128, and SIMDe's portable C) in Node
#   each libFuzzer target over its seed corpus (npm run fuzz runs them longer)
#   Jest on the API, against the built package, on both wasm builds
#   ONNX 1.12's backend node tests (Debian's libonnx-testdata) for every
#   registered op, through tw.runNode, on both wasm builds (Jest)
#   the published types (tsc --strict on tests/types)
#   the npm package in scratch projects: Node CJS/ESM, TypeScript, Vite +
#   Chromium, five bundlers + Chromium, npm pack in a fresh clone, size
#   budgets (tests/e2e/package.test.mjs)
#   the engine matrix: one conformance suite in Node (ESM, require), Deno, Bun
#   (ESM, require), Chromium and Firefox ESR, SIMD and scalar (tests/engines/run.mjs)
#   interop: round trips with the real onnxruntime-web and TensorFlow.js
#   examples/ run as pasted, and the code blocks of the README and docs/ (tests/e2e/examples.test.mjs)
#   the generated docs: API.md, the README's list of ops, the benchmark tables
#   the API reference (TypeDoc, warnings as errors), and its copy in the demo's build
#   the web demo in Debian's Chromium (playwright-core), against its Vite build
# Ends with one line: "tests: N passed, M failed".
set -euo pipefail
cd "$(dirname "$0")/.."

passed=0
failed=0
count() { passed=$((passed + $1)); failed=$((failed + $2)); }
# The summary line is printed whatever ends the run: a step that fails under
# set -e (setup, a build) ends it with one more failure counted, never silently.
summary_printed=""
trap 'status_at_exit=$?; if [ -z "$summary_printed" ]; then echo "test.sh: stopped early (exit $status_at_exit)"; echo "tests: $passed passed, $((failed + 1)) failed"; fi' EXIT

bash scripts/setup.sh
node scripts/gen-tables.mjs --check
npm run build

# Runs a doctest binary and adds its test-case counts.
doctest() {
  local log
  log=$(mktemp)
  local status=0
  "$@" 2>&1 | tee "$log" | tail -n 4 || status=$?
  local line
  line=$(grep '\[doctest\] test cases:' "$log" | tail -n 1 || true)
  local cases_failed=0
  if [ -n "$line" ]; then
    cases_failed=$(sed -E 's/.*\| *([0-9]+) failed.*/\1/' <<<"$line")
    count "$(sed -E 's/.*\| *([0-9]+) passed.*/\1/' <<<"$line")" "$cases_failed"
  fi
  # A binary that exited non-zero with no failed case counted (a crash, an abort, a sanitizer report) is one failure.
  if [ $status -ne 0 ] && [ "$cases_failed" -eq 0 ]; then count 0 1; fi
  rm -f "$log"
  return 0
}

# Runs a node script (with its arguments) that ends with "<label>: N passed,
# M failed" and adds its counts (a run that died before its summary is one
# failure). Lines starting "ok " are echoed only with "all" as the second
# argument:  summarized <label> <all|quiet> <script> [args...]
summarized() {
  local label=$1 echo_all=$2
  shift 2
  case $echo_all in
    all | quiet) ;;
    *) echo "summarized $label: the second argument must be all or quiet (got $echo_all)"; count 0 1; return ;;
  esac
  local log
  log=$(mktemp)
  if [ "$echo_all" = all ]; then
    node "$@" 2>&1 | tee "$log" || true
  else
    node "$@" 2>&1 | tee "$log" | grep -v '^ok ' || true
  fi
  local line
  line=$(grep -E "^$label: [0-9]+ passed, [0-9]+ failed\$" "$log" | tail -n 1 || true)
  if [ -n "$line" ]; then
    count "$(sed -E "s/^$label: ([0-9]+) passed.*/\1/" <<<"$line")" "$(sed -E 's/.* ([0-9]+) failed$/\1/' <<<"$line")"
  else
    count 0 1
  fi
  rm -f "$log"
}

echo "== native kernels (doctest through SIMDe)"
cmake -S . -B build/native -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build build/native -j2 >/dev/null
doctest build/native/tessera_tests

# Every 7th float32 input (614M) here, about 14 s of CPU (2 threads); the whole 2^32
# (the proof README.md cites, 104 s of CPU) is the same binary with no argument.
echo "== float32 exp (exp-f32-v128.h) within 1 ulp: every 7th float32 input"
if build/native/tessera_exp_f32_exhaustive 7; then count 1 0; else count 0 1; fi

echo "== native kernels under AddressSanitizer + UndefinedBehaviorSanitizer"
cmake -S . -B build/native-asan -DCMAKE_BUILD_TYPE=Debug -DTESSERA_SANITIZE=ON >/dev/null
cmake --build build/native-asan -j2 >/dev/null
doctest build/native-asan/tessera_tests

echo "== fuzz targets over their seed corpora (libFuzzer, ASan+UBSan; npm run fuzz explores)"
bash scripts/fuzz-build.sh
for seeds in tests/fuzz/corpus/*/; do
  name=$(basename "$seeds")
  # The seed files as arguments: each runs once, nothing is written to the corpus.
  if "build/fuzz/$name-fuzz" "$seeds"* >"build/fuzz/$name-seeds.log" 2>&1; then
    echo "$name-fuzz: $(ls "$seeds" | wc -l) seeds ok"
    count 1 0
  else
    tail -n 20 "build/fuzz/$name-seeds.log"
    echo "$name-fuzz: FAILED on its seed corpus"
    count 0 1
  fi
done

echo "== kernels on WebAssembly SIMD128 (the same doctest suite, under Node)"
NODE_PATH=/usr/share/nodejs cmake --build build/wasm --target tessera-tests -j2 >/dev/null
doctest node build/wasm/tessera-tests.cjs --no-colors

echo "== kernels as tessera-scalar.wasm builds them: SIMDe's portable C, no SIMD128 (the same suite, under Node)"
NODE_PATH=/usr/share/nodejs cmake --build build/wasm --target tessera-tests-scalar -j2 >/dev/null
doctest node build/wasm/tessera-tests-scalar.cjs --no-colors

echo "== TypeScript API (Jest: every suite on tessera.wasm, the op suites again on tessera-scalar.wasm)"
# The tests' own types first: an error there is one failure, not the end of the run (ts-jest then fails the suites it is in).
if node_modules/.bin/tsc -p tests/tsconfig.json; then count 1 0; else echo "tests/tsconfig.json: type errors (above)"; count 0 1; fi
status=0
node_modules/.bin/jest --selectProjects simd scalar --json --outputFile=build/jest-results.json || status=$?
read -r jest_passed jest_failed < <(node -e "const r=require('./build/jest-results.json');console.log(r.numPassedTests, r.numFailedTests + r.numRuntimeErrorTestSuites)")
count "$jest_passed" "$jest_failed"

echo "== ONNX 1.12's own node tests: every one-node case of an op tw.OPS registers, on both builds (tests/js/onnx-node.test.ts; ONNX_NODE_OP=<Op> npx jest tests/js/onnx-node.test.ts runs one op's; report in build/onnx-node-report.txt)"
rm -f build/onnx-node-results.json
node_modules/.bin/jest --selectProjects onnx-node onnx-node-scalar --json --outputFile=build/onnx-node-results.json || status=$?
# A run that died before writing its counts is one failure.
read -r node_passed node_failed < <(node -e "try{const r=require('./build/onnx-node-results.json');console.log(r.numPassedTests, r.numFailedTests + r.numRuntimeErrorTestSuites)}catch{console.log(0, 1)}")
count "$node_passed" "$node_failed"

echo "== published types (tsc --strict on tests/types, and under lib ESNext on tests/types/esnext; one test per file; the teaching messages)"
types_log=$(mktemp)
node_modules/.bin/tsc -p tests/types >"$types_log" 2>&1 || status=1
node_modules/.bin/tsc -p tests/types/esnext >>"$types_log" 2>&1 || status=1
cat "$types_log"
for file in tests/types/*.ts tests/types/*.cts tests/types/esnext/*.ts; do
  if grep -q "^$file(" "$types_log"; then count 0 1; else count 1 0; fi
done
grep -q "error TS" "$types_log" && ! grep -q "^tests/types/" "$types_log" && count 0 1  # an error outside the files
rm -f "$types_log"
summarized "type messages" quiet tests/types/messages.mjs

echo "== npm package in scratch projects (tests/e2e/package.test.mjs)"
summarized package quiet tests/e2e/package.test.mjs

echo "== engine matrix (tests/engines/run.mjs; npm run test:engines -- <cell> runs one)"
summarized engines all tests/engines/run.mjs

echo "== interop with the real onnxruntime-web and TensorFlow.js (tests/e2e/interop.test.mjs)"
summarized interop quiet tests/e2e/interop.test.mjs

echo "== Cast against onnxruntime-node's CPU Cast (tests/e2e/cast-ort.test.mjs)"
summarized cast-ort quiet tests/e2e/cast-ort.test.mjs

echo "== QuantizeLinear and DequantizeLinear against onnxruntime-node's (tests/e2e/quantize-ort.test.mjs)"
summarized quantize-ort quiet tests/e2e/quantize-ort.test.mjs

echo "== examples/ and the code of the README and docs/ (tests/e2e/examples.test.mjs)"
summarized examples quiet tests/e2e/examples.test.mjs

echo "== API.md, the API reference in the package (scripts/api-md.mjs --check: written from dist/types, not stale)"
summarized api.md all scripts/api-md.mjs --check

echo "== the README's list of ops (scripts/ops-table.mjs --check: written from tw.OPS in dist/, not stale)"
summarized "ops table" all scripts/ops-table.mjs --check

echo "== the benchmark tables of the README and docs/ (scripts/perf-tables.mjs --check: written from bench/results.json)"
summarized "perf tables" all scripts/perf-tables.mjs --check

echo "== API reference (TypeDoc into build/api: every export documented, every link resolves)"
if npm run docs --silent >build/docs.log 2>&1; then
  echo "api reference: ok ($(find build/api -name '*.html' | wc -l) pages)"
  count 1 0
else
  cat build/docs.log
  echo "api reference: FAILED (a doc comment is missing, or a link leads nowhere)"
  count 0 1
fi

echo "== web demo in Chromium (playwright-core)"
rm -f build/e2e-results.json
# A demo that does not build is one failure (counted below), not the end of the run.
if npm run build:demo --silent; then
  node tests/e2e/demo.test.mjs || status=$?
else
  echo "web demo: FAILED to build (npm run build:demo)"
fi
# A run that died before writing its counts is one failure.
read -r e2e_passed e2e_failed < <(node -e "try{const r=require('./build/e2e-results.json');console.log(r.passed, r.failed)}catch{console.log(0, 1)}")
count "$e2e_passed" "$e2e_failed"

echo "== API reference published with the demo (build/web-demo/api/)"
if [ -f build/web-demo/api/index.html ] && grep -q 'href="./api/index.html"' build/web-demo/index.html; then
  echo "demo api: ok"
  count 1 0
else
  echo "demo api: FAILED (no build/web-demo/api/index.html, or the demo page does not link it)"
  count 0 1
fi

echo "== benchmark smoke run (one tiny workload, no peers: it still runs, and its outputs agree)"
NODE_PATH=/usr/share/nodejs cmake --build build/wasm --target tessera-bench -j2 >/dev/null
if node bench/run.mjs --smoke >build/bench-smoke.log 2>&1; then
  tail -n 3 build/bench-smoke.log
  count 1 0
else
  cat build/bench-smoke.log
  count 0 1
fi

summary_printed=yes
echo "tests: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$status" -eq 0 ]
