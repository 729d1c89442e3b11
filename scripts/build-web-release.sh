#!/usr/bin/env bash
# The web app's release build, as the end-to-end tests use it: `trunk build --release` (the app
# and the parsing worker in the profile web-release; Trunk's post_build hook builds the
# <olm-graph> element into dist/embed/ with scripts/build-embed.sh), with the element's cargo
# build (profile embed-release) started beside Trunk's, so it fills the core the app's
# single-threaded link-time optimisation leaves idle; the hook then finds it built, or waits on
# cargo's lock for the rest. Prints each wasm file's size. Exits non-zero on any failure.
#
# scripts/test.sh starts this at low priority before the native tests, so the release build
# uses what the tests leave of the 2 cores; scripts/test-web.sh waits for it before the
# end-to-end tests, or runs it itself (docs/development.md#ci-time).
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
mkdir -p "$target_dir"
embed_log="$target_dir/embed-build.log"
cargo build -p olm-graph-embed --lib --target wasm32-unknown-unknown --profile embed-release \
    >"$embed_log" 2>&1 &
embed_pid=$!
trunk_status=0
trunk build --release || trunk_status=$?
embed_status=0
wait "$embed_pid" || embed_status=$?
if [ "$embed_status" != 0 ]; then cat "$embed_log" >&2; fi
if [ "$trunk_status" != 0 ] || [ "$embed_status" != 0 ]; then
    echo "build-web-release: failed (trunk $trunk_status, the element's cargo build $embed_status)" >&2
    exit 1
fi
echo "build-web-release: wasm sizes"
for f in dist/*.wasm dist/embed/*; do
    printf '  %-45s %8d bytes, %8d gzipped\n' "$(basename "$f")" "$(stat -c %s "$f")" "$(gzip -9 -c "$f" | wc -c)"
done
echo "build-web-release: done in $((SECONDS - start)) s"
