#!/usr/bin/env bash
# Builds the libFuzzer targets in build/fuzz (clang++, -DTESSERA_FUZZ=ON).
set -euo pipefail
cd "$(dirname "$0")/.."
cmake -S . -B build/fuzz -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug -DTESSERA_FUZZ=ON >/dev/null
cmake --build build/fuzz -j2 >/dev/null
