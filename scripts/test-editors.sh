#!/usr/bin/env bash
# The language server's tests with real clients (tests/lsp/): pytest-lsp driving `olm-graph lsp`
# over the protocol, and Neovim headless as an editor, both on a real catalog copied from
# ../shared/catalogs; then the VS Code extension (editors/vscode/) packaged with `vsce package`.
# Installs what is missing first (scripts/setup.sh editors). Uses $OLM_GRAPH_CLI when set (the
# CLI scripts/test.sh tested), else target/debug/olm-graph, built if missing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/setup.sh editors >/dev/null
if [ -z "${OLM_GRAPH_CLI:-}" ]; then
    cargo build -q -p olm-graph-cli
    export OLM_GRAPH_CLI="$ROOT/target/debug/olm-graph"
fi
start=$SECONDS
echo "test-editors: pytest-lsp and Neovim on olm-graph lsp (tests/lsp/)"
(cd tests/lsp && "$ROOT/tools/pytest-lsp/bin/python" -m pytest -q -p no:cacheprovider)
echo "test-editors: vsce package (editors/vscode/)"
out="$(mktemp -d)"
# The <olm-graph> element goes into the extension when the build made it (dist/embed/).
rm -rf editors/vscode/media
if [ -f dist/embed/olm-graph.js ]; then
    mkdir -p editors/vscode/media && cp -r dist/embed editors/vscode/media/embed
fi
(cd editors/vscode && "$ROOT/tools/vsce/node_modules/.bin/vsce" package \
    --allow-missing-repository --skip-license -o "$out/olm-graph.vsix" </dev/null >/dev/null)
rm -rf editors/vscode/media
python3 -c 'import sys, zipfile; names = zipfile.ZipFile(sys.argv[1]).namelist(); sys.exit(0 if "extension/extension.js" in names and "extension/node_modules/vscode-languageclient/lib/node/main.js" in names else 1)' "$out/olm-graph.vsix"
echo "test-editors: packaged $(du -h "$out/olm-graph.vsix" | cut -f1) in $out/olm-graph.vsix"
rm -rf "$out"
echo "test-editors: done in $((SECONDS - start)) s"
