#!/usr/bin/env bash
# Fuzzes the loader (JSON and YAML readers), the range parser, graph building, lint and path
# resolution for a fixed time budget: the proptest harness of crates/core/tests/it/fuzz.rs, built
# in release mode, with random seeds (printed, and replayable with OLM_GRAPH_FUZZ_SEED).
#
#   bash scripts/fuzz.sh [SECONDS]     # default 600
#
# Exit 0 when nothing was found. Each finding (a panic, a failed check, or a case slower than
# 2 s) is listed, and its input written to target/tmp/fuzz-findings/; once fixed, copy it to
# crates/core/fuzz-corpus/regressions/ so that every test run replays it.
set -euo pipefail

seconds="${1:-600}"
case "$seconds" in
  ''|*[!0-9]*) echo "usage: $0 [SECONDS]" >&2; exit 2 ;;
esac
cd "$(dirname "$0")/.."

# Build first, so that the budget is spent fuzzing.
cargo test --release -p olm-graph-core --test it --no-run
started=$(date +%s)
# The watchdog: a hang (an input the harness never finishes) fails the run too.
OLM_GRAPH_FUZZ_SECONDS="$seconds" timeout --signal=KILL "$((seconds + 300))" \
  cargo test --release -p olm-graph-core --test it -- --nocapture --exact \
  fuzz::fuzz_readers_ranges_graphs_lint_and_paths
echo "fuzz.sh: ran $(( $(date +%s) - started )) s without a finding"
