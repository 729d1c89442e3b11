#!/usr/bin/env bash
# The steps of the olm-graph GitHub Action (action.yml at the repository's root), as one script
# so that they run the same way on a laptop (scripts/test-action.sh runs it on a scratch git
# repository):
#   1. `olm-graph review --git BASE PATHS --format FORMAT --fail-on FAIL_ON` into the job summary
#      ($GITHUB_STEP_SUMMARY; a JSON report is put in a fenced block) and into REPORT,
#   2. `olm-graph lint --format sarif PATHS` into SARIF (for github/codeql-action/upload-sarif),
#   3. `status`, `report` and `sarif` into $GITHUB_OUTPUT,
# and exits with the review's status (0 passes, 1 fails the review, 2 unreadable input).
#
# Inputs, as the Action passes them (environment):
#   INPUT_BASE      the base revision (the pull request's base commit)         required
#   INPUT_PATHS     catalog paths, separated by white space                     required
#   INPUT_FAIL_ON   --fail-on conditions (default error,stranded; none)
#   INPUT_FORMAT    markdown (default) or json
#   OLM_GRAPH       the olm-graph binary (default: olm-graph on PATH)
#   REPORT, SARIF   output files (default olm-graph-review.md/.json, olm-graph.sarif)
set -euo pipefail

base="${INPUT_BASE:-}"
paths_text="${INPUT_PATHS:-}"
fail_on="${INPUT_FAIL_ON:-error,stranded}"
format="${INPUT_FORMAT:-markdown}"
bin="${OLM_GRAPH:-olm-graph}"
case "$format" in
    markdown) ext=md ;;
    json) ext=json ;;
    *) echo "olm-graph action: format must be markdown or json, not '$format'" >&2; exit 2 ;;
esac
report="${REPORT:-olm-graph-review.$ext}"
sarif="${SARIF:-olm-graph.sarif}"
summary="${GITHUB_STEP_SUMMARY:-/dev/stdout}"
[ -n "$base" ] || { echo "olm-graph action: no base revision (input 'base'; on pull_request events it defaults to the base commit)" >&2; exit 2; }
# Paths are split at white space (a path holding a space is not supported).
read -r -a paths <<< "$(printf '%s' "$paths_text" | tr '\n\t' '  ')"
[ "${#paths[@]}" -gt 0 ] || { echo "olm-graph action: no catalog paths (input 'paths')" >&2; exit 2; }

set +e
"$bin" review --git "$base" "${paths[@]}" --format "$format" --fail-on "$fail_on" -o "$report"
status=$?
set -e
if [ -f "$report" ]; then
    if [ "$format" = json ]; then
        { echo '## olm-graph review'; echo; echo '```json'; cat "$report"; echo; echo '```'; } >> "$summary"
    else
        cat "$report" >> "$summary"
    fi
fi

set +e
"$bin" lint --format sarif "${paths[@]}" > "$sarif"
lint_status=$?
set -e
# lint exits 1 when the catalog has error findings: they are in the SARIF; 2 is unreadable input.
if [ "$lint_status" -ge 2 ]; then
    echo "olm-graph action: lint could not read the catalog (exit $lint_status)" >&2
    status=2
fi

if [ -n "${GITHUB_OUTPUT:-}" ]; then
    { echo "status=$status"; echo "report=$report"; echo "sarif=$sarif"; } >> "$GITHUB_OUTPUT"
fi
echo "olm-graph action: review exit $status, lint exit $lint_status; report $report, SARIF $sarif"
exit "$status"
