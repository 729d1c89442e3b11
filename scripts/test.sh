#!/usr/bin/env bash
# Runs every test of olm-graph: formatting, clippy, the native tests of core and CLI (on the real
# catalogs in ../shared/catalogs), the Mermaid of review reports parsed by mermaid in Node, the
# language server driven by pytest-lsp and Neovim and the VS Code extension packaged, and,
# once the web app exists, its wasm-bindgen tests in headless Chromium and the Playwright
# end-to-end tests. Installs what is missing first (idempotent).
#
#   scripts/test.sh            everything
#   scripts/test.sh native     only formatting, clippy and the native tests
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
what="${1:-all}"
web=0
if [ "$what" = all ] && [ -f index.html ]; then web=1; fi

if [ "$web" = 1 ]; then bash scripts/setup.sh all; else bash scripts/setup.sh native; fi
# shellcheck source=scripts/env.sh
source scripts/env.sh

if [ ! -d "$ROOT/../shared/catalogs" ] && [ -z "${OLM_GRAPH_CATALOGS:-}" ]; then
    echo "test: the real catalogs are expected at ../shared/catalogs (or set OLM_GRAPH_CATALOGS)" >&2
    exit 1
fi

# Each step prints the seconds since the start: where a CI run's time goes, read off its log.
step() { echo; echo "== [+$SECONDS s] $*"; }

# Disk: a CI machine may have only a few GiB free, and may keep target/ from earlier runs (cargo
# never removes stale artifacts). On CI: no incremental caches, and a clean target/ when less
# than OLM_MIN_FREE_GIB (default 12) is left. scripts/test-web.sh prunes between its stages.
# shellcheck source=scripts/disk.sh
source scripts/disk.sh
if [ -n "${CI:-}" ]; then
    export CARGO_INCREMENTAL=0
    disk_report "before the tests"
    if [ -d target ] && [ "$(free_gib)" -lt "${OLM_MIN_FREE_GIB:-12}" ]; then
        echo "test: only $(free_gib) GiB free: cargo clean"
        cargo clean
    fi
fi

# The web app's release build (the end-to-end tests' app) starts now, in the background, at
# the tests' own priority: the two share the 2 cores, so the release build's dependencies are
# done early and its single-threaded link-time optimisation runs beside the wasm tests, not
# alone after them (at the lowest priority it got only the tests' idle moments, and the tests
# then waited 4-4.5 minutes for it). scripts/test-web.sh waits for it. Its own process group
# (job control for that one command), so that an early exit stops all of it; not its own
# session, which is a scheduling group of its own (autogroup).
if [ "$web" = 1 ]; then
    release_dir="${CARGO_TARGET_DIR:-$ROOT/target}"
    mkdir -p "$release_dir"
    export OLM_WEB_RELEASE_LOG="$release_dir/web-release-build.log"
    export OLM_WEB_RELEASE_STATUS="$release_dir/web-release-build.status"
    rm -f "$OLM_WEB_RELEASE_STATUS"
    set -m
    bash -c 'bash scripts/build-web-release.sh >"$OLM_WEB_RELEASE_LOG" 2>&1; echo $? >"$OLM_WEB_RELEASE_STATUS"' &
    export OLM_WEB_RELEASE_PID=$!
    set +m
    trap 'kill -- "-$OLM_WEB_RELEASE_PID" 2>/dev/null || true' EXIT
    echo "test: the web app's release build started in the background (log: $OLM_WEB_RELEASE_LOG)"
fi

step "cargo fmt --check"
cargo fmt --all -- --check
step "module shape: no import circle and no function over 80 lines (web app, core, CLI)"
python3 scripts/check-shape.py --cycles src crates/core/src crates/cli/src crates/embed/src \
    --length src crates/core/src crates/cli/src crates/embed/src
step "the map: ARCHITECTURE.md against the code (paths, modules, layers)"
python3 scripts/check-map.py
# shellcheck source=scripts/lint-build.sh
source scripts/lint-build.sh
step "clippy -D warnings and the test build, in one build of every target (scripts/lint-build.sh)"
cargo test -p olm-graph-core -p olm-graph-cli -p olm-graph-embed --all-targets --no-run
step "native tests (core and CLI)"
cargo test -p olm-graph-core -p olm-graph-cli -p olm-graph-embed
# The CLI those tests ran, kept aside: the checks below and the web tests compare with it, and
# the install check writes its own build to target/debug/olm-graph.
target_dir="${CARGO_TARGET_DIR:-$ROOT/target}"
mkdir -p "$target_dir/tested-cli"
cp "$target_dir/debug/olm-graph" "$target_dir/tested-cli/olm-graph"
export OLM_GRAPH_CLI="$target_dir/tested-cli/olm-graph"

# The documented install. Cargo compiles core and the CLI again here, with the CLI's own
# features (the tests' dev-dependencies turn on more of shared crates), 44-52 s; the release
# build in the background takes the other core meanwhile (docs/development.md#ci-time).
step "cargo install --locked --path crates/cli, into a temporary root"
install_root="$(mktemp -d)"
CARGO_TARGET_DIR="$target_dir" cargo install --locked --debug --quiet --path crates/cli --root "$install_root"
"$install_root/bin/olm-graph" --version
rm -rf "$install_root"
step "crd-safety: ../shared/crd-safety cases (150 case/form checks, OLM v1 and OLM v0 verdicts and messages)"
python3 ../shared/crd-safety/check.py "$OLM_GRAPH_CLI"

step "legibility: every real channel's SVG fitted into 740 x 540 (scripts/legibility.py --check)"
python3 scripts/legibility.py --check --cli "$OLM_GRAPH_CLI"
step "the GitHub Action's steps on a scratch repository (scripts/test-action.sh)"
bash scripts/test-action.sh

if [ "$what" = all ]; then
    step "Mermaid blocks of review reports (mermaid's parser in Node)"
    bash scripts/check-review-mermaid.sh
    step "the language server with real clients (pytest-lsp, Neovim) and vsce package (scripts/test-editors.sh)"
    bash scripts/test-editors.sh
fi

if [ "$web" = 1 ] && [ -x scripts/test-web.sh ]; then
    step "web tests"
    bash scripts/test-web.sh
fi
[ -n "${CI:-}" ] && disk_report "after the tests"
echo "test: done in $SECONDS s"
exit 0
