#!/usr/bin/env bash
# Parses the Mermaid blocks of `olm-graph review` reports (and of `path --mermaid`) with mermaid's own parser (Node and
# jsdom, no browser): reviews of real catalog changes (every switch along five series of
# catalogs, two whole catalogs across OpenShift versions, hostile names) are written to
# test-output/review-mermaid/ and every block is parsed. Installs the npm packages of
# crates/cli/tests/node first when they are missing or not the locked versions (npm ci).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
NODE_DIR=crates/cli/tests/node
CATALOGS="${OLM_GRAPH_CATALOGS:-$ROOT/../shared/catalogs}"
OUT=test-output/review-mermaid

command -v node >/dev/null 2>&1 || { echo "check-review-mermaid: node not found" >&2; exit 1; }
command -v npm >/dev/null 2>&1 || { echo "check-review-mermaid: npm not found" >&2; exit 1; }

# Version of a package that a package-lock.json ($1) or an installed package.json ($1) names.
version_of() {
    node -e '
        const f = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
        const p = f.packages ? (f.packages["node_modules/" + process.argv[2]] || {}) : f;
        process.stdout.write(p.version || "");
    ' "$1" "$2" 2>/dev/null || true
}
installed_ok() {
    local pkg want have
    for pkg in mermaid jsdom; do
        want="$(version_of "$NODE_DIR/package-lock.json" "$pkg")"
        have=""
        [ -f "$NODE_DIR/node_modules/$pkg/package.json" ] &&
            have="$(version_of "$NODE_DIR/node_modules/$pkg/package.json" "$pkg")"
        [ -n "$want" ] && [ "$have" = "$want" ] || return 1
    done
}
if installed_ok; then
    echo "check-review-mermaid: mermaid and jsdom present in $NODE_DIR/node_modules"
else
    echo "check-review-mermaid: npm ci in $NODE_DIR ..."
    (cd "$NODE_DIR" && npm ci --no-audit --no-fund --loglevel=error)
fi

# The CLI scripts/test.sh tested (OLM_GRAPH_CLI); alone, the same packages as its test step are
# built, so that binary is reused, not rebuilt with other features (a second copy of every
# crate on disk).
if [ -n "${OLM_GRAPH_CLI:-}" ]; then
    BIN="$OLM_GRAPH_CLI"
else
    cargo test -q --no-run -p olm-graph-core -p olm-graph-cli -p olm-graph-embed
    BIN="$ROOT/target/debug/olm-graph"
fi
rm -rf "$OUT"
mkdir -p "$OUT"

review() { # review OUT_NAME OLD NEW
    "$BIN" review "$2" --to "$3" --fail-on none > "$OUT/$1.md"
}
for series in openshift-kube-descheduler-fbc kueue-fbc trusted-profile-analyzer-fbc mtv-fbc file-integrity-operator-fbc; do
    prev=""
    for dir in $(find "$CATALOGS/$series" -mindepth 1 -maxdepth 1 -type d | sort -V); do
        [ -n "$prev" ] && review "$series-$(basename "$prev")-$(basename "$dir")" "$prev" "$dir"
        prev="$dir"
    done
done
review community-v4.12-v4.21 "$CATALOGS/community-operators-prod/v4.12" "$CATALOGS/community-operators-prod/v4.21"
review certified-v4.16-v4.22 "$CATALOGS/certified-operators/v4.16" "$CATALOGS/certified-operators/v4.22"
review hostile-names crates/core/tests/fixtures/export/xss.yaml crates/cli/tests/fixtures/review/xss-next.yaml
# `path --mermaid` too: an installed bundle from another channel, and a real path.
path_md() { # path_md OUT_NAME PATH ARGS...
    local name="$1"; shift
    { echo '```mermaid'; "$BIN" path "$@" --mermaid; echo '```'; } > "$OUT/$name.md"
}
path_md path-other-channel crates/cli/tests/fixtures/path/other-channel.yaml -p demo -c fast --from demo.v1.0.0
path_md path-quay "$CATALOGS/community-operators-prod/v4.21/project-quay.yaml" -p project-quay -c stable-3.10 --from quay-operator.v3.10.0 --resolver v1

echo "check-review-mermaid: $(ls "$OUT" | wc -l) reports, $(grep -c '^```mermaid' "$OUT"/*.md | awk -F: '{s+=$2} END {print s}') Mermaid blocks"
node "$NODE_DIR/check-mermaid.mjs" "$OUT"/*.md
