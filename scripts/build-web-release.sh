#!/usr/bin/env bash
# The web app's release build, as the end-to-end tests use it, in dist/:
#   - the app (profile embed-release, opt-level "z"), then its parsing worker and its tools
#     worker (web-release, "s") in one cargo command, so the two share their compiled
#     dependencies (two concurrent cargo commands wait on each other's lock anyway);
#     Trunk's own two cargo commands then find them built;
#   - beside them, the <olm-graph> element: scripts/build-embed.sh (cargo, wasm-bindgen,
#     wasm-opt -O2 without one-caller inlining, the npm package's files) into target/embed-dist/, copied to dist/embed/ once
#     `trunk build --release` is done (its post_build hook, which builds the element when Trunk
#     runs alone, is told so and does nothing);
#   - `trunk build --release`: wasm-bindgen, wasm-opt, hashed file names, dist/.
# Prints each wasm file's size. Exits non-zero on any failure.
#
# scripts/test.sh starts this in the background before the native tests, and the two share
# the 2 cores; scripts/test-web.sh waits for it before the end-to-end tests, or runs it itself
# (docs/development.md#ci-time).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/env.sh
source scripts/env.sh
# Trunk builds the root package without `-p`; this cargo shim adds it (see the script).
export PATH="$ROOT/scripts/trunk-cargo:$PATH"
# Not linted here: scripts/lint-build.sh's wrapper would change every fingerprint.
unset RUSTC_WORKSPACE_WRAPPER CLIPPY_ARGS
start=$SECONDS
target_dir="${CARGO_TARGET_DIR:-$ROOT/target}"
embed_dist="$target_dir/embed-dist"
embed_log="$target_dir/embed-build.log"
mkdir -p "$target_dir"
rm -rf "$embed_dist"
DIST="$embed_dist" bash scripts/build-embed.sh >"$embed_log" 2>&1 &
embed_pid=$!

status=0
# The app at embed-release (opt-level "z", as the element: its wasm is what the first drawing
# waits for), the worker at web-release ("s": it reads every catalog, and "z" reads 60% slower).
echo "build-web-release: cargo build of the app (embed-release)"
cargo build -p olm-graph-web --target wasm32-unknown-unknown --profile embed-release \
    --bin olm-graph-web || status=$?
if [ "$status" = 0 ]; then
    echo "build-web-release: cargo build of the workers (web-release)"
    cargo build -p olm-graph-web --target wasm32-unknown-unknown --profile web-release \
        --bin worker --bin tools || status=$?
fi
if [ "$status" = 0 ]; then
    echo "build-web-release: trunk build --release"
    OLM_EMBED_BUILT_BESIDE=1 trunk build --release || status=$?
fi
embed_status=0
wait "$embed_pid" || embed_status=$?
cat "$embed_log"
if [ "$status" != 0 ] || [ "$embed_status" != 0 ]; then
    echo "build-web-release: failed (the app $status, the element $embed_status)" >&2
    exit 1
fi
rm -rf dist/embed
cp -R "$embed_dist/embed" dist/embed
echo "build-web-release: wasm sizes"
for f in dist/*.wasm dist/embed/*; do
    printf '  %-45s %8d bytes, %8d gzipped\n' "$(basename "$f")" "$(stat -c %s "$f")" "$(gzip -9 -c "$f" | wc -c)"
done
echo "build-web-release: done in $((SECONDS - start)) s"
