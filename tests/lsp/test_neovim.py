"""Neovim headless, with its built-in LSP client (`vim.lsp.start_client`), as an editor on
`olm-graph lsp` (nvim_e2e.lua): open a real catalog file, the diagnostics equal `lint --format
json`'s for it; hover on a `replaces` shows the OLM v0 path to the head."""

import json
import os
import pathlib
import shutil
import subprocess

from conftest import OLM_GRAPH, lint, lint_keys

HERE = pathlib.Path(__file__).resolve().parent


def test_neovim_open_diagnostics_and_hover(catalog: pathlib.Path, tmp_path: pathlib.Path):
    nvim = shutil.which("nvim")
    assert nvim, "Neovim not found: scripts/setup.sh installs Debian's neovim"
    file = catalog / "infinispan.yaml"
    lines = file.read_text().splitlines()
    line = next(i for i, l in enumerate(lines) if "replaces: infinispan-operator.v2.2.0" in l)
    out = tmp_path / "nvim.json"
    env = dict(
        os.environ,
        OLM_GRAPH_BIN=OLM_GRAPH,
        CATALOG=str(catalog),
        FILE=str(file),
        OUT=str(out),
        HOVER_LINE=str(line),
        HOVER_COL=str(len("  replaces: ") + 2),
    )
    subprocess.run(
        [nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"luafile {HERE / 'nvim_e2e.lua'}"],
        env=env,
        timeout=180,
        check=True,
        stdin=subprocess.DEVNULL,
    )
    got = json.loads(out.read_text())
    assert got.get("waited"), got
    editor = sorted(
        (d["code"], d["line"], d["column"], d["severity"]) for d in got["diagnostics"] if d["located"]
    )
    want = lint_keys(lint(catalog), file)
    assert want, "infinispan.yaml has findings to compare"
    assert editor == want
    assert "-> infinispan-operator.v2.2.5  via skipRange" in got["hover"]
    assert "ends on infinispan-operator.v2.2.5: up-to-date" in got["hover"]
