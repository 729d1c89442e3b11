#!/usr/bin/env bash
# The web app's tests (called by scripts/test.sh when index.html exists):
#   1. clippy on the web package for wasm32 and natively (-D warnings), and its pure helpers'
#      unit tests, natively (cargo test --lib),
#   2. wasm-bindgen-test component tests in headless Chromium (tests/web/, one module per panel),
#   3. a release build of the CLI (the end-to-end tests compare with `olm-graph graph --json`)
#      and of the web app (trunk build --release: the app in the size-optimised profile
#      web-release, the parsing worker in worker-release, opt-level "s"; its
#      post_build hook builds the <olm-graph> element into dist/embed/, see Trunk.toml),
#   4. `cargo install --locked --path crates/cli` into a temporary root (the documented install;
#      it reuses the release build of step 3),
#   5. the Playwright end-to-end tests (tests/e2e, Debian's Chromium), which serve dist/ on
#      127.0.0.1 with python's http.server (browser.mjs) and stop it when done; among them
#      packages.test.mjs: the npm tarball, a Hugo site and an AsciiDoc page.
# Screenshots go to test-output/. Exits non-zero on any failure.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/env.sh
source scripts/env.sh
# shellcheck source=scripts/disk.sh
source scripts/disk.sh
# Trunk builds the root package without `-p`; this cargo shim adds it (see the script).
export PATH="$ROOT/scripts/trunk-cargo:$PATH"
export CHROMEDRIVER="${CHROMEDRIVER:-/usr/bin/chromedriver}"
OUT="${OLM_TEST_OUTPUT:-$ROOT/test-output}"
mkdir -p "$OUT"

step() { echo; echo "== $*"; }
start=$SECONDS

step "web: cargo clippy --target wasm32-unknown-unknown -D warnings"
cargo clippy -p olm-graph-web --target wasm32-unknown-unknown --all-targets -- -D warnings

step "web: pure helpers, natively (clippy, cargo test --lib)"
cargo clippy -p olm-graph-web --lib --tests -- -D warnings
cargo test -p olm-graph-web --lib

step "web: wasm-bindgen tests in headless Chromium"
cargo test -p olm-graph-web --target wasm32-unknown-unknown --test web

# The debug builds are not needed past this point; on a CI machine short of disk they go.
prune_if_low target/debug target/wasm32-unknown-unknown/debug
[ -n "${CI:-}" ] && disk_report "web tests, before the release builds"

step "web: release builds (CLI for the comparisons, app with trunk)"
cargo build --release -p olm-graph-cli
trunk build --release

step "web: cargo install --locked --path crates/cli, into a temporary root (reuses target/release)"
install_root="$(mktemp -d)"
CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$ROOT/target}" cargo install --locked --quiet --path crates/cli --root "$install_root"
"$install_root/bin/olm-graph" --version
rm -rf "$install_root"

step "web: wasm sizes"
for f in dist/*.wasm dist/embed/*; do
    printf '  %-45s %8d bytes, %8d gzipped\n' "$(basename "$f")" "$(stat -c %s "$f")" "$(gzip -9 -c "$f" | wc -c)"
done

step "web: end-to-end tests (Playwright, Chromium)"
(cd tests/e2e && OLM_TEST_OUTPUT="$OUT" node --test --test-reporter=spec)
echo "web: screenshots in $OUT"
echo "web: done in $((SECONDS - start)) s"
