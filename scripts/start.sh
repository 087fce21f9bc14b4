#!/usr/bin/env bash
# The main job: set up, build the package and the demo, and serve the demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run build
npm run build:demo
exec node scripts/serve-demo.mjs "$@"
