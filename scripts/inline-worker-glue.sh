#!/usr/bin/env bash
# Trunk's post_build hook (Trunk.toml): writes the parsing worker's glue (worker.js, which Trunk
# generates) into worker-boot.js in place of its `importScripts('./worker.js');` line, so the
# worker reads one script before it can start instead of fetching a second one (~15-40 ms on
# a cold load; docs/performance.md, "First draw"). worker.js stays beside it. Without a glue
# file or without that line, worker-boot.js is left as it is (it then imports the glue).
set -euo pipefail
DIR="${1:-${TRUNK_STAGING_DIR:-dist}}"
BOOT="$DIR/worker-boot.js"
GLUE="$DIR/worker.js"
LINE="importScripts('./worker.js');"
if [ ! -f "$BOOT" ] || [ ! -f "$GLUE" ] || ! grep -qxF "$LINE" "$BOOT"; then
    echo "inline-worker-glue: nothing to do in $DIR"
    exit 0
fi
python3 - "$BOOT" "$GLUE" "$LINE" <<'PY'
import sys
boot, glue, line = sys.argv[1:]
text = open(boot, encoding="utf-8").read()
lines = text.split("\n")
at = lines.index(line)
lines[at] = "// worker.js (the glue), written here by scripts/inline-worker-glue.sh:\n" + open(glue, encoding="utf-8").read().rstrip("\n")
open(boot, "w", encoding="utf-8").write("\n".join(lines))
PY
echo "inline-worker-glue: worker.js written into worker-boot.js"
