#!/usr/bin/env bash
# The main job: set up, build, and serve the interactive demo.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run build
exec node scripts/serve-demo.mjs "$@"
