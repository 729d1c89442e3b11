# shellcheck shell=bash
# Source this file (bash) to put the project's tools on PATH:
#   source scripts/env.sh
# - $HOME/.cargo/bin (cargo, trunk, wasm-bindgen)
# - <repo>/tools/binaryen/node_modules/.bin FIRST, so Trunk's release builds find
#   npm's wasm-opt 132 (never Debian's wasm-opt 108, which breaks the wasm at start).
# Safe to source more than once; safe under `set -euo pipefail`.

OLM_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export OLM_ROOT

# Move (or add) a directory to the front of PATH without duplicating it.
_olm_path_front() {
    local dir="$1" rest="" entry
    local IFS=':'
    for entry in ${PATH:-}; do
        [ -n "$entry" ] && [ "$entry" != "$dir" ] && rest="${rest:+$rest:}$entry"
    done
    PATH="$dir${rest:+:$rest}"
}

_olm_path_front "${HOME:-/root}/.cargo/bin"
_olm_path_front "$OLM_ROOT/tools/binaryen/node_modules/.bin"
export PATH
unset -f _olm_path_front
