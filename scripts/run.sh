#!/usr/bin/env bash
# The README's first command: installs what is missing (idempotent), builds the web app in
# release mode and serves it on http://127.0.0.1:8080/ (PORT=... to change the port). It opens
# on the embedded sample catalog. Stop it with Ctrl+C.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
PORT="${PORT:-8080}"

bash scripts/setup.sh web
# shellcheck source=scripts/env.sh
source scripts/env.sh
# Trunk builds the root package without `-p`; this cargo shim adds it (see the script).
export PATH="$ROOT/scripts/trunk-cargo:$PATH"

echo "run: building the web app (release; the first build takes a few minutes) ..."
echo "run: olm-graph will be at http://127.0.0.1:$PORT/ (the docs element at /embed/olm-graph.js)"
exec trunk serve --release --port "$PORT"
