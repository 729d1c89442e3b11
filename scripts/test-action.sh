#!/usr/bin/env bash
# Runs the GitHub Action's steps (scripts/action-review.sh, what action.yml runs) on a scratch git
# repository: `catalog/` holds descheduler 4.16 (../shared/catalogs) in the base commit and
# 4.17's catalog in the working tree, a change that strands 27 installed bundles under OLM v0.
# Checks that the job summary lists exactly the bundles `olm-graph diff --json` calls stranded,
# that the SARIF names the rule of each finding (rules and results agree; the findings are those
# of `lint --json`), that $GITHUB_OUTPUT has the status, and that the review fails the job
# (exit 1), passes with fail-on none, and writes a JSON summary with format json. Then
# scripts/check-actions.py checks action.yml and .github/workflows/ (a schema check).
#
#   OLM_GRAPH_CLI=path/to/olm-graph scripts/test-action.sh   (default: target/release, then debug)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CATALOGS="${OLM_GRAPH_CATALOGS:-$ROOT/../shared/catalogs}"
CLI="${OLM_GRAPH_CLI:-}"
if [ -z "$CLI" ]; then
    for c in "$ROOT/target/release/olm-graph" "$ROOT/target/debug/olm-graph"; do
        if [ -x "$c" ]; then CLI="$c"; break; fi
    done
fi
[ -x "$CLI" ] || { echo "test-action: no olm-graph binary (cargo build -p olm-graph-cli)" >&2; exit 1; }
CLI="$(cd "$(dirname "$CLI")" && pwd)/$(basename "$CLI")"   # the steps run in the scratch repository
D416="$CATALOGS/openshift-kube-descheduler-fbc/v4.16/cluster-kube-descheduler-operator.json"
D417="$CATALOGS/openshift-kube-descheduler-fbc/v4.17/cluster-kube-descheduler-operator.json"
start=$SECONDS
fail() { echo "test-action: FAIL: $*" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
repo="$tmp/repo"
mkdir -p "$repo/catalog/cluster-kube-descheduler-operator"
git -C "$repo" init -q --initial-branch=main
git -C "$repo" config user.email test@example.com
git -C "$repo" config user.name "olm-graph tests"
git -C "$repo" config commit.gpgsign false
cp "$D416" "$repo/catalog/cluster-kube-descheduler-operator/catalog.json"
git -C "$repo" add -A
git -C "$repo" commit -q -m "descheduler as in OpenShift 4.16"
base="$(git -C "$repo" rev-parse HEAD)"
cp "$D417" "$repo/catalog/cluster-kube-descheduler-operator/catalog.json"

# The steps as the Action runs them (from the repository's root, inputs in the environment).
action() {
    (cd "$repo" && env INPUT_BASE="$base" INPUT_PATHS="catalog" OLM_GRAPH="$CLI" \
        GITHUB_STEP_SUMMARY="$tmp/summary-$1" GITHUB_OUTPUT="$tmp/output-$1" \
        REPORT="$tmp/report-$1" SARIF="$tmp/sarif-$1" "${@:2}" bash "$ROOT/scripts/action-review.sh")
}

set +e
action markdown > "$tmp/log" 2>&1
status=$?
set -e
[ "$status" = 1 ] || { cat "$tmp/log"; fail "the review exits $status, not 1 (it strands bundles)"; }
grep -qx 'status=1' "$tmp/output-markdown" || fail "GITHUB_OUTPUT has no status=1"

"$CLI" diff "$D416" --to "$D417" -p cluster-kube-descheduler-operator --json > "$tmp/diff.json"
"$CLI" lint --json "$repo/catalog" > "$tmp/lint.json" || true
python3 - "$tmp" <<'PY'
import json, re, sys
tmp = sys.argv[1]
summary = open(f"{tmp}/summary-markdown", encoding="utf-8").read()
assert summary.startswith("## olm-graph review: ❌ fails"), summary[:200]
stranded = {r["bundle"] for r in json.load(open(f"{tmp}/diff.json"))["fates"] if r["status"] == "stranded"}
assert len(stranded) == 27, len(stranded)
start = summary.index("**Stranded by this change under OLM v0 (")
listed = set()
for line in summary[start:].splitlines()[2:]:
    if not line.startswith("- `"):
        break
    listed.add(line[3:].split("`")[0])
assert listed == stranded, (sorted(listed ^ stranded))

sarif = json.load(open(f"{tmp}/sarif-markdown"))
assert sarif["version"] == "2.1.0"
run = sarif["runs"][0]
rules = {r["id"] for r in run["tool"]["driver"]["rules"]}
results = run["results"]
assert results, "the 4.17 catalog has lint findings"
for r in results:
    assert r["ruleId"] in rules, r["ruleId"]
    uri = r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "catalog/cluster-kube-descheduler-operator/catalog.json", uri
lint = json.load(open(f"{tmp}/lint.json"))
findings = lint["findings"] if isinstance(lint, dict) else lint
kinds = {f.get("rule") or f.get("kind") or f.get("code") for f in findings}
assert {r["ruleId"] for r in results} == kinds, ({r["ruleId"] for r in results}, kinds)
print(f"test-action: summary lists the {len(listed)} stranded bundles; SARIF: {len(results)} results of rules {sorted(kinds)}")
PY

action none INPUT_FAIL_ON=none > "$tmp/log" 2>&1 || { cat "$tmp/log"; fail "fail-on none still fails"; }
set +e
action json INPUT_FORMAT=json > "$tmp/log" 2>&1
status=$?
set -e
[ "$status" = 1 ] || { cat "$tmp/log"; fail "format json exits $status, not 1"; }
python3 - "$tmp/summary-json" <<'PY'
import json, sys
text = open(sys.argv[1], encoding="utf-8").read()
body = text.split("```json\n", 1)[1].rsplit("\n```", 1)[0]
json.loads(body)
print("test-action: the JSON summary parses")
PY

# action.yml and .github/workflows/ against the metadata and workflow syntax GitHub documents
# (actionlint is not installable here: its PyPI wrapper downloads the binary from GitHub).
shopt -s nullglob
python3 "$ROOT/scripts/check-actions.py" "$ROOT/action.yml" "$ROOT"/.github/workflows/*.yml
# The check can fail: an input the steps name but the Action does not have.
sed 's/inputs.fail-on }}/inputs.fail_on }}/' "$ROOT/action.yml" > "$tmp/action.yml"
if python3 "$ROOT/scripts/check-actions.py" "$tmp/action.yml" 2> "$tmp/check.log"; then
    fail "check-actions.py accepts an unknown input"
fi
grep -q 'inputs.fail_on is not an input' "$tmp/check.log" || { cat "$tmp/check.log"; fail "check-actions.py did not name the input"; }
echo "test-action: ok in $((SECONDS - start)) s"
