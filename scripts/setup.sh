#!/usr/bin/env bash
# Installs everything building and testing need on a fresh Debian 12 machine:
# Debian's packages (apt-get, only those missing) and the npm dev dependencies
# (npm ci, only when package-lock.json changed). Quick when all is there.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  emscripten doctest-dev libsimde-dev cmake make g++ wabt  # the two builds
  nlohmann-json3-dev                                       # doctest reads the shared op cases (tests/cases)
  clang libclang-rt-14-dev                                 # sanitizers and libFuzzer
  chromium                                                 # browser tests
)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# node_modules/.tessera-lock is the package-lock.json that node_modules was installed from.
if ! cmp -s package-lock.json node_modules/.tessera-lock 2>/dev/null; then
  npm ci --no-audit --no-fund
  cp package-lock.json node_modules/.tessera-lock
fi
