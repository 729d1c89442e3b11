#!/usr/bin/env bash
# The web app's tests (called by scripts/test.sh when index.html exists, after the native tests):
#   1. clippy on the web package for wasm32, every target (-D warnings), in the same build as
#   2. the wasm-bindgen tests: the pure helpers' unit tests (src/, in Node) and the component
#      tests in headless Chromium (tests/web/, one module per panel) (scripts/lint-build.sh),
#   3. the release build of the web app (scripts/build-web-release.sh: trunk build --release,
#      the app in embed-release, opt-level "z", the parsing worker in web-release, "s"; the
#      <olm-graph> element into dist/embed/ in embed-release, see the script), which
#      scripts/test.sh starts in the background before
#      the native tests: this script waits for it, or builds it when alone,
#   4. the Playwright end-to-end tests (tests/e2e, Debian's Chromium), two files at a time but
#      for those that measure time, which run alone after them; they serve dist/ on 127.0.0.1
#      with python's http.server (browser.mjs) and stop it when done; among them
#      packages.test.mjs: the npm tarball, a Hugo site and an AsciiDoc page, and
#      bundlers.test.mjs: the tarball built into apps by Vite, Vite + React and webpack 5
#      (tests/bundlers/), Vite's dev server, tsc --noEmit, the wrapper rendered in Node. They compare the
#      app with the CLI the native tests built (target/debug/olm-graph, kept aside in
#      target/tested-cli before the debug builds may be pruned): a second, release build of
#      the CLI would cost CI minutes and test nothing the comparisons need
#      (docs/development.md#ci-time).
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

start=$SECONDS
step() { echo; echo "== [web +$((SECONDS - start)) s] $*"; }

# shellcheck source=scripts/lint-build.sh
source scripts/lint-build.sh
step "web: clippy -D warnings and the wasm test build, in one build of every target (scripts/lint-build.sh)"
cargo test -p olm-graph-web --target wasm32-unknown-unknown --all-targets --no-run

step "web: wasm-bindgen tests (pure helpers in Node, components in headless Chromium)"
# A unit test module in src/ without the wasm test attribute would run nowhere: refuse it.
missing="$(grep -rL "wasm_bindgen_test as test" $(grep -rl '#\[test\]' src/) || true)"
if [ -n "$missing" ]; then
    echo "test-web: these unit tests need 'use wasm_bindgen_test::wasm_bindgen_test as test;': $missing" >&2
    exit 1
fi
cargo test -p olm-graph-web --target wasm32-unknown-unknown --lib --test web

# The end-to-end tests compare with the CLI the native tests built, which scripts/test.sh kept
# aside (OLM_GRAPH_CLI); run alone, this script keeps target/debug's the same way, since the
# debug builds are not needed past this point and go on a CI machine short of disk.
target_dir="${CARGO_TARGET_DIR:-$ROOT/target}"
if [ -z "${OLM_GRAPH_CLI:-}" ]; then
    mkdir -p "$target_dir/tested-cli"
    cp "$target_dir/debug/olm-graph" "$target_dir/tested-cli/olm-graph"
    export OLM_GRAPH_CLI="$target_dir/tested-cli/olm-graph"
fi
prune_if_low target/debug target/wasm32-unknown-unknown/debug
[ -n "${CI:-}" ] && disk_report "web tests, before the release build"

# The release build: started by scripts/test.sh in the background before the native tests
# (OLM_WEB_RELEASE_STATUS names the file its exit status goes to, OLM_WEB_RELEASE_LOG its log),
# or built here when this script runs alone.
if [ -n "${OLM_WEB_RELEASE_STATUS:-}" ]; then
    step "web: the release build of the app started before the native tests (scripts/build-web-release.sh): waiting for it"
    while [ ! -s "$OLM_WEB_RELEASE_STATUS" ]; do
        if [ -n "${OLM_WEB_RELEASE_PID:-}" ] && ! kill -0 "$OLM_WEB_RELEASE_PID" 2>/dev/null \
            && [ ! -s "$OLM_WEB_RELEASE_STATUS" ]; then
            cat "${OLM_WEB_RELEASE_LOG:-/dev/null}"
            echo "web: the release build stopped without a status" >&2
            exit 1
        fi
        sleep 2
    done
    cat "${OLM_WEB_RELEASE_LOG:-/dev/null}"
    [ "$(cat "$OLM_WEB_RELEASE_STATUS")" = 0 ] || { echo "web: the release build failed" >&2; exit 1; }
else
    step "web: release build of the app (scripts/build-web-release.sh)"
    bash scripts/build-web-release.sh
fi

# Two files at a time, each in its own Chromium on its own port (a 2-core machine waits on the
# browser more than it computes); then, alone, the files whose assertions measure time: the
# longest main-thread task while a 20,000-bundle chain draws, a Cancel that must arrive
# while a load is still running, and issue 45's first-draw budgets (first-draw-budgets.mjs:
# cold loads of the sample, a url= link, the chain, the element and a static page;
# docs/development.md#ci-time).
alone=(big-graph.test.mjs cancel.test.mjs first-draw-budgets.mjs)
together=()
for f in tests/e2e/*.test.mjs; do
    f="$(basename "$f")"
    [[ " ${alone[*]} " == *" $f "* ]] || together+=("$f")
done
step "web: end-to-end tests, two files at a time (Playwright, Chromium): ${#together[@]} files"
e2e_status=0
failed_files="$(mktemp)"
(cd tests/e2e && OLM_TEST_OUTPUT="$OUT" node --test --test-concurrency=2 --test-reporter=spec \
    --test-reporter-destination=stdout --test-reporter=./failed-files.mjs \
    --test-reporter-destination="$failed_files" "${together[@]}") || e2e_status=$?
# A file that failed while another ran beside it runs once more, alone: if it passes there, the
# failure was the competition for the cores (a wait that ran out), and it is reported as such,
# by name, in the log and in $OUT/flaky.txt; a file that fails alone too fails the run, as does
# a run where more than two files failed or a failure no file owns (docs/development.md#ci-time).
if [ "$e2e_status" != 0 ] && [ -s "$failed_files" ]; then
    mapfile -t again < "$failed_files"
    if [ "${#again[@]}" -le 2 ]; then
        step "web: the files that failed two at a time, once more alone: ${again[*]##*/}"
        if (cd tests/e2e && OLM_TEST_OUTPUT="$OUT" node --test --test-concurrency=1 --test-reporter=spec "${again[@]}"); then
            printf '%s\n' "${again[@]##*/}" >> "$OUT/flaky.txt"
            echo "web: FLAKY: ${again[*]##*/} failed two at a time and passed alone (listed in $OUT/flaky.txt)"
            e2e_status=0
        fi
    fi
fi
rm -f "$failed_files"
step "web: end-to-end tests that measure time, one file at a time: ${alone[*]}"
(cd tests/e2e && OLM_TEST_OUTPUT="$OUT" node --test --test-concurrency=1 --test-reporter=spec "${alone[@]}") || e2e_status=$?
[ "$e2e_status" = 0 ] || { echo "web: end-to-end tests failed" >&2; exit "$e2e_status"; }
echo "web: screenshots in $OUT"
echo "web: done in $((SECONDS - start)) s"
