#!/usr/bin/env bash
# The web app's first draw (issue 45), measured in one headless Chromium on the release build in
# dist/ (scripts/build-web-release.sh first): cold-cache loads, alternating, N each (default 5),
# of the app's sample, gpu-operator-certified's stable channel from url=, the 20,000-bundle
# chain from url=, the <olm-graph> element on a docs page, and the same channel as a static
# SVG page (`olm-graph render -f svg` in an <img>). Prints median and range of the time to the
# first drawn node, its ratio to the static page, the longest main-thread task, and the gzipped
# bytes of every wasm and JS file; writes test-output/first-draw.json. Quote the machine's load
# (printed) with any figure (docs/performance.md, "First draw").
#   scripts/bench-web.sh [--runs N]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/env.sh
source scripts/env.sh
if [ -z "${OLM_GRAPH_CLI:-}" ] && [ ! -x target/release/olm-graph ] && [ ! -x target/debug/olm-graph ]; then
    cargo build -p olm-graph-cli
fi
cd tests/e2e
exec node bench-first-draw.mjs "$@"
