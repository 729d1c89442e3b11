"""Shared set-up of the editor tests: the olm-graph binary under test and a real catalog folder
copied into a temporary directory (the tests edit it)."""

import json
import os
import pathlib
import shutil
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
# The CLI the Rust tests ran (scripts/test.sh exports it), else the debug build.
OLM_GRAPH = os.environ.get("OLM_GRAPH_CLI") or str(ROOT / "target" / "debug" / "olm-graph")
CATALOGS = pathlib.Path(os.environ.get("OLM_GRAPH_CATALOGS") or ROOT.parent / "shared" / "catalogs")
# A folder of community-operators-prod: 40 packages, one file each.
SOURCE = CATALOGS / "community-operators-prod" / "v4.21"


@pytest.fixture(scope="session")
def catalog(tmp_path_factory) -> pathlib.Path:
    """The real catalog folder, copied."""
    assert SOURCE.is_dir(), f"real catalogs not found at {SOURCE}"
    dest = tmp_path_factory.mktemp("catalog").resolve() / "v4.21"
    shutil.copytree(SOURCE, dest)
    for f in dest.iterdir():
        f.chmod(0o644)
    return dest


def lint(path: pathlib.Path) -> list[dict]:
    """`olm-graph lint PATH --format json`'s findings."""
    out = subprocess.run(
        [OLM_GRAPH, "lint", str(path), "--format", "json"], capture_output=True, text=True
    )
    assert out.returncode in (0, 1), out.stderr
    return json.loads(out.stdout)


SEVERITY = {"error": 1, "warning": 2, "info": 3}


def lint_keys(findings: list[dict], file: pathlib.Path) -> list[tuple]:
    """(code, line, column, severity) of the findings located in `file`: 1-based, as lint
    prints them, severity as LSP numbers it."""
    keys = []
    for d in findings:
        loc = d.get("location") or {}
        if loc.get("file") == str(file) and "line" in loc:
            keys.append((d["code"], loc["line"], loc.get("column", 1), SEVERITY[d["severity"]]))
    return sorted(keys)
