#!/usr/bin/env bash
# olm-graph's SVG export vs Graphviz on the largest channels of the real catalogs.
#
# For each channel: the wall time of `olm-graph render --format svg` (load the catalog file,
# build the graphs, lay out, write the SVG; best of $RUNS runs) against `dot -Tsvg` on our DOT
# export of the same channel (layout and SVG only: the DOT text is made beforehand; one run,
# killed after $DOT_TIMEOUT seconds), then the edge crossings of both layouts:
#
#   ours, as drawn    olm_graph_core::layout::crossings on the routes of the SVG (skipRange fans
#                     are bands and do not count; curves flattened into chords)
#   ours, all edges   the same with every skipRange edge routed on its own (--no-fans layout)
#   dot, splines      dot's edge splines (from `dot -Tplain`) flattened into chords the same way
#                     and counted with the same proper-crossing test
#   centres           both layouts reduced to straight segments between node centres, one per
#                     pair of nodes, same test (an approximation that ignores how edges are
#                     routed: segments along one row are collinear and never count)
#
# Usage: scripts/bench-graphviz.sh   (env: OLM_GRAPH_CATALOGS, RUNS=3, DOT_TIMEOUT=300)
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/.." && pwd)
CATALOGS=${OLM_GRAPH_CATALOGS:-$ROOT/../shared/catalogs}
RUNS=${RUNS:-3}
DOT_TIMEOUT=${DOT_TIMEOUT:-300}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

if ! command -v dot >/dev/null 2>&1; then
  echo "== installing graphviz (Debian package)" >&2
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
  if ! $SUDO apt-get install -y -qq graphviz >/dev/null 2>&1; then
    $SUDO apt-get update -qq
    $SUDO apt-get install -y -qq graphviz >/dev/null
  fi
fi
echo "== $(dot -V 2>&1)" >&2

echo "== building olm-graph (release)" >&2
(cd "$ROOT" && cargo build --release -q -p olm-graph-cli)
BIN=$ROOT/target/release/olm-graph

now() { date +%s.%N; }
secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", b - a }'; }
field() { awk -v k="$1" '$1 == k { print $2 }' "$2"; }

# package file -> channel names, largest (by edges) first
channels_by_edges() {
  "$BIN" graph "$2" --package "$1" --json |
    jq -r '.channels[] | "\(.edges | length)\t\(.name)"' | sort -t$'\t' -k1,1nr | cut -f2
}

# label | package | file | how many of the largest channels
SETS=(
  "gpu-operator-certified|certified-operators/v4.22/gpu-operator-certified.yaml|1"
  "cluster-kube-descheduler-operator|openshift-kube-descheduler-fbc/v4.12/cluster-kube-descheduler-operator.json|all"
  "project-quay|community-operators-prod/v4.21/project-quay.yaml|1"
  "scaleops-operator|certified-operators/v4.17/scaleops-operator.yaml|1"
)

printf '| channel | nodes | edges | olm-graph svg | dot -Tsvg | crossings: ours as drawn | ours, all edges | dot, splines | centres: ours | centres: dot |\n'
printf '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n'
for set in "${SETS[@]}"; do
  IFS='|' read -r pkg rel count <<<"$set"
  file=$CATALOGS/$rel
  mapfile -t chans < <(channels_by_edges "$pkg" "$file")
  if [ "$count" != all ]; then chans=("${chans[@]:0:$count}"); fi
  for ch in "${chans[@]}"; do
    edges=$("$BIN" graph "$file" --package "$pkg" --channel "$ch" --json | jq '.channels[0].edges | length')

    best=""
    for _ in $(seq "$RUNS"); do
      t0=$(now)
      "$BIN" render "$file" --package "$pkg" --channel "$ch" --format svg -o "$WORK/ours.svg"
      t=$(secs "$t0" "$(now)")
      if [ -z "$best" ] || awk -v a="$t" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$t; fi
    done
    "$BIN" render "$file" --package "$pkg" --channel "$ch" --format svg --stats -o /dev/null 2>"$WORK/ours.stats"
    "$BIN" render "$file" --package "$pkg" --channel "$ch" --format dot -o "$WORK/g.dot"

    t0=$(now)
    if timeout "$DOT_TIMEOUT" dot -Tsvg "$WORK/g.dot" -o "$WORK/dot.svg"; then
      dot_t="$(secs "$t0" "$(now)") s"
      timeout "$DOT_TIMEOUT" dot -Tplain "$WORK/g.dot" -o "$WORK/g.plain"
      "$BIN" plain-crossings "$WORK/g.plain" >"$WORK/dot.stats"
      dot_splines=$(field crossings-splines "$WORK/dot.stats")
      dot_centres=$(field crossings-centres "$WORK/dot.stats")
    else
      dot_t="> $DOT_TIMEOUT s"
      dot_splines="n/a"
      dot_centres="n/a"
    fi
    printf '| %s / %s | %s | %s | %s s | %s | %s | %s | %s | %s | %s |\n' \
      "$pkg" "$ch" "$(field nodes "$WORK/ours.stats")" "$edges" "$best" "$dot_t" \
      "$(field crossings-as-drawn "$WORK/ours.stats")" "$(field crossings-edges-mode "$WORK/ours.stats")" \
      "$dot_splines" "$(field crossings-centres "$WORK/ours.stats")" "$dot_centres"
  done
done
