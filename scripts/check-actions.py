#!/usr/bin/env python3
"""A schema check of a GitHub Action's metadata (action.yml) and of workflow files, after
GitHub's documented syntax ("Metadata syntax for GitHub Actions", "Workflow syntax for GitHub
Actions"): known keys only, required keys present, composite steps with `run` have a `shell`,
a step has `uses` or `run` (not both), every `${{ inputs.X }}` / `steps.ID.outputs` names an input
or an earlier step, outputs of a composite action have a `value`. Usage:

    scripts/check-actions.py action.yml .github/workflows/*.yml

Exits 1 and names file and key on the first problems found. Needs PyYAML."""
import re
import sys

import yaml

ACTION_KEYS = {"name", "author", "description", "inputs", "outputs", "runs", "branding"}
INPUT_KEYS = {"description", "required", "default", "deprecationMessage"}
STEP_KEYS = {"id", "if", "name", "uses", "run", "shell", "with", "env", "working-directory",
             "continue-on-error", "timeout-minutes"}
COMPOSITE_STEP_KEYS = STEP_KEYS - {"timeout-minutes"}
WORKFLOW_KEYS = {"name", "run-name", "on", "permissions", "env", "defaults", "concurrency", "jobs"}
JOB_KEYS = {"name", "permissions", "needs", "if", "runs-on", "environment", "concurrency",
            "outputs", "env", "defaults", "steps", "timeout-minutes", "strategy",
            "continue-on-error", "container", "services", "uses", "with", "secrets"}
EXPR = re.compile(r"\$\{\{(.*?)\}\}", re.S)

problems = []


def bad(where, what):
    problems.append(f"{where}: {what}")


def check_keys(where, obj, allowed, required=()):
    if not isinstance(obj, dict):
        bad(where, "is not a mapping")
        return False
    for k in obj:
        if k not in allowed:
            bad(where, f"unknown key {k!r}")
    for k in required:
        if k not in obj:
            bad(where, f"missing {k!r}")
    return True


def check_steps(where, steps, allowed, composite, inputs=None):
    if not isinstance(steps, list) or not steps:
        bad(where, "steps must be a non-empty list")
        return
    ids = set()
    for i, step in enumerate(steps):
        at = f"{where}.steps[{i}]"
        if not check_keys(at, step, allowed):
            continue
        if ("uses" in step) == ("run" in step):
            bad(at, "needs exactly one of uses and run")
        if composite and "run" in step and "shell" not in step:
            bad(at, "a composite step with run needs shell")
        if "with" in step and "uses" not in step:
            bad(at, "with only goes with uses")
        text = yaml.safe_dump(step)
        for expr in EXPR.findall(text):
            for ref in re.findall(r"steps\.([A-Za-z0-9_-]+)\.", expr):
                if ref not in ids:
                    bad(at, f"steps.{ref} is not an earlier step's id")
            if inputs is not None:
                for ref in re.findall(r"inputs\.([A-Za-z0-9_-]+)", expr):
                    if ref not in inputs:
                        bad(at, f"inputs.{ref} is not an input")
        if "id" in step:
            ids.add(step["id"])
    return ids


def check_action(path, doc):
    check_keys(path, doc, ACTION_KEYS, ("name", "description", "runs"))
    inputs = doc.get("inputs") or {}
    for name, spec in inputs.items():
        check_keys(f"{path}.inputs.{name}", spec, INPUT_KEYS, ("description",))
    runs = doc.get("runs") or {}
    using = runs.get("using")
    if using != "composite" and not str(using).startswith(("node", "docker")):
        bad(f"{path}.runs.using", f"unknown {using!r}")
    if using == "composite":
        check_keys(f"{path}.runs", runs, {"using", "steps"}, ("steps",))
        ids = check_steps(f"{path}.runs", runs.get("steps"), COMPOSITE_STEP_KEYS, True, inputs) or set()
        for name, spec in (doc.get("outputs") or {}).items():
            at = f"{path}.outputs.{name}"
            check_keys(at, spec, {"description", "value"}, ("description", "value"))
            for ref in re.findall(r"steps\.([A-Za-z0-9_-]+)\.", str(spec.get("value", ""))):
                if ref not in ids:
                    bad(at, f"steps.{ref} is not a step's id")


def check_workflow(path, doc):
    # YAML 1.1 reads the key `on` as True.
    if True in doc:
        doc["on"] = doc.pop(True)
    check_keys(path, doc, WORKFLOW_KEYS, ("on", "jobs"))
    jobs = doc.get("jobs") or {}
    for name, job in jobs.items():
        at = f"{path}.jobs.{name}"
        check_keys(at, job, JOB_KEYS)
        if "uses" not in job:
            if "runs-on" not in job:
                bad(at, "missing 'runs-on'")
            check_steps(at, job.get("steps"), STEP_KEYS, False)
        needs = job.get("needs", [])
        for need in [needs] if isinstance(needs, str) else needs:
            if need not in jobs:
                bad(at, f"needs unknown job {need!r}")


def main(paths):
    for path in paths:
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
        if not isinstance(doc, dict):
            bad(path, "is not a mapping")
        elif "runs" in doc:
            check_action(path, doc)
        else:
            check_workflow(path, doc)
    for p in problems:
        print(f"check-actions: {p}", file=sys.stderr)
    if not problems:
        print(f"check-actions: {len(paths)} file(s) follow the documented syntax")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
