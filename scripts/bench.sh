#!/usr/bin/env bash
# npm run bench: installs the benchmark's peers (bench/package.json) when
# missing, rebuilds the library when its sources are newer than dist/, and
# runs bench/run.mjs (arguments pass through: --smoke, --only REGEX, --no-peers).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d bench/node_modules/onnxruntime-web ] || [ ! -d bench/node_modules/@tensorflow/tfjs-backend-wasm ]; then
  npm ci --prefix bench --no-audit --no-fund
fi
if [ ! -f dist/wasm/tessera.wasm ] || [ ! -f dist/cjs/index.cjs ] \
  || [ -n "$(find js/src cpp CMakeLists.txt scripts/build.mjs -newer dist/cjs/index.cjs -print -quit)" ]; then
  npm run build
fi
# The bench build: the package's module plus the roofline's exports (cpp/bindings/bench.cc).
NODE_PATH=/usr/share/nodejs cmake --build build/wasm --target tessera-bench -j2 >/dev/null
exec node bench/run.mjs "$@"
