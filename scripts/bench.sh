#!/usr/bin/env bash
# npm run bench: installs what the benchmark needs when missing (Debian's
# firefox-esr; the peers and browser driver of bench/package.json), rebuilds
# the library when its sources are newer than dist/, builds the bench build
# of the module, and runs bench/run.mjs (arguments pass through: --smoke,
# --only REGEX, --engines node,chromium,firefox, --no-peers).
set -euo pipefail
cd "$(dirname "$0")/.."

# Headless Firefox (Chromium comes with scripts/setup.sh). Waits for other apt runs.
if ! dpkg-query -W -f='${Status}' firefox-esr 2>/dev/null | grep -q 'install ok installed'; then
  echo "bench: installing firefox-esr"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq firefox-esr >/dev/null
fi
# bench/node_modules/.tessera-lock is the bench/package-lock.json it was installed from.
if ! cmp -s bench/package-lock.json bench/node_modules/.tessera-lock 2>/dev/null; then
  npm ci --prefix bench --no-audit --no-fund
  cp bench/package-lock.json bench/node_modules/.tessera-lock
fi
if [ ! -f dist/wasm/tessera.wasm ] || [ ! -f dist/cjs/index.cjs ] \
  || [ -n "$(find js/src cpp CMakeLists.txt scripts/build.mjs -newer dist/cjs/index.cjs -print -quit)" ]; then
  npm run build
fi
# The bench build: the package's module plus the roofline's exports (cpp/bindings/bench.cc).
NODE_PATH=/usr/share/nodejs cmake --build build/wasm --target tessera-bench -j2 >/dev/null
exec node bench/run.mjs "$@"
