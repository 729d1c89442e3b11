#!/usr/bin/env python3
"""ARCHITECTURE.md, the map of the code, checked against the code.

    scripts/check-map.py [ARCHITECTURE.md]

It fails (exit 1) when:

- a path the map names in backticks (a name with a `/` or a file extension: `load/json.rs`,
  `src/bin/worker.rs`, `docs/spec/`) is not a file or folder of the repository (git ls-files;
  a path may be given from any folder down, `graph/text.rs` for `src/graph/text.rs`; build
  outputs under `dist/` and `target/` and paths outside the repository are left out);
- a core module (`pub mod` in crates/core/src/lib.rs) has no bullet `- **`name`**` in the core
  section, a top-level module or folder of `src/` is not named, or a module of the CLI
  (crates/cli/src/main.rs) or a command file (crates/cli/src/commands/*.rs) is not named in the
  CLI section;
- the numbered layer lists (after "Core, lowest first" and "`src/`, lowest first") leave a
  top-level module out, name one that does not exist, or an import goes up: a module may
  import only from its own layer or lower ones (imports as scripts/check-shape.py reads them);
- the map narrates history ("moved here from", "once had", "no longer"): it says what is.

Each failure says what to add or change.
"""

import importlib.util
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)

_spec = importlib.util.spec_from_file_location("check_shape", os.path.join(HERE, "check-shape.py"))
shape = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(shape)

EXTENSIONS = ("rs", "md", "sh", "py", "js", "css", "html", "toml", "json", "yaml", "yml", "lock", "svg")
HISTORY = ("moved here from", "once had", "no longer", "used to ", "was moved", "formerly")


def tracked_files():
    out = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True)
    return [line for line in out.stdout.splitlines() if line]


def path_tokens(text):
    """Backticked names that look like paths."""
    for m in re.finditer(r"`([^`\s]+)`", text):
        tok = m.group(1)
        if any(c in tok for c in "<>*{}?=:,()§#"):
            continue
        if tok.startswith(("../", "dist/", "target/", "/", "-")):
            continue
        ext = re.search(r"\.([A-Za-z]+)$", tok)
        if "/" in tok or (ext and ext.group(1) in EXTENSIONS):
            yield text.count("\n", 0, m.start()) + 1, tok


def path_exists(tok, files, folders):
    if tok.endswith("/"):
        d = tok.rstrip("/")
        return d in folders or any(f.endswith("/" + d) for f in folders)
    if tok in files or tok in folders:
        return True
    return any(f.endswith("/" + tok) for f in files) or any(f.endswith("/" + tok) for f in folders)


def section(text, heading_start):
    """The text from the `### ` heading that starts with `heading_start` to the next heading."""
    m = re.search(r"^### " + re.escape(heading_start) + r".*$", text, re.M)
    if not m:
        return ""
    nxt = re.search(r"^#{2,3} ", text[m.end():], re.M)
    return text[m.start(): m.end() + (nxt.start() if nxt else len(text))]


def layers(text, marker):
    """{module: layer number} from the numbered list after the line containing `marker`."""
    lines = text.splitlines()
    start = next((i for i, l in enumerate(lines) if marker in l), None)
    if start is None:
        return None
    out, seen_item = {}, False
    for line in lines[start + 1:]:
        m = re.match(r"^(\d+)\.\s+(.*)$", line)
        if not m:
            if seen_item and not line.startswith("   "):
                break
            continue
        seen_item = True
        body = re.sub(r"\([^)]*\)", "", m.group(2)).split(":")[0]
        for name in re.findall(r"`([^`]+)`", body):
            out[re.sub(r"\.rs$", "", name)] = int(m.group(1))
    return out


def top_graph(root):
    modules = shape.collect_modules(root)
    shape.read_reexports(modules)
    top, witness = shape.top_level(shape.dependencies(modules))
    return modules, top, witness


def check_layers(text, marker, root, label, errors):
    stated = layers(text, marker)
    if stated is None:
        errors.append(f"no layer list: add a numbered list after a line containing {marker!r}")
        return
    modules, top, witness = top_graph(os.path.join(ROOT, root))
    actual = sorted({p[0] for p in modules if p})
    for name in actual:
        if name in stated:
            continue
        uses = sorted(b[0] for b in top.get((name,), ()))
        users = sorted(a[0] for a, bs in top.items() if (name,) in bs)
        low = max((stated[u] for u in uses if u in stated), default=0)
        high = min((stated[u] for u in users if u in stated), default=None)
        where = f"layer {max(low, 1)}" if high is None else f"a layer from {max(low, 1)} to {high}"
        errors.append(
            f"{label} layers: `{name}` is in no layer; add `{name}` to {where} of the list after "
            f"{marker!r} (it imports {', '.join(uses) or 'nothing of the crate'}; "
            f"imported by {', '.join(users) or 'nothing'})")
    for name in sorted(stated):
        if name not in actual:
            errors.append(f"{label} layers: `{name}` is not a top-level module of {root}; remove it")
    for (a,), bs in sorted(top.items()):
        for (b,) in sorted(bs):
            if a in stated and b in stated and stated[b] > stated[a]:
                wa, wb = witness[((a,), (b,))]
                errors.append(
                    f"{label} layers: `{a}` (layer {stated[a]}) imports `{b}` (layer {stated[b]}, "
                    f"above it): {'::'.join(wa)} uses {'::'.join(wb)}; move `{b}` below `{a}` or "
                    f"the import out")


def named(text, name):
    return f"`{name}`" in text or f"`{name}/`" in text or f"`{name}.rs`" in text


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "ARCHITECTURE.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    errors = []
    files = tracked_files()
    folders = {os.path.dirname(f) for f in files}
    folders |= {"/".join(f.split("/")[:k]) for f in files for k in range(1, f.count("/") + 1)}

    for line, tok in path_tokens(text):
        if not path_exists(tok, set(files), folders):
            errors.append(f"line {line}: `{tok}` is no file or folder of the repository")

    core = section(text, "`crates/core`")
    with open(os.path.join(ROOT, "crates/core/src/lib.rs"), encoding="utf-8") as f:
        core_mods = re.findall(r"^pub mod (\w+);", f.read(), re.M)
    for name in core_mods:
        if not re.search(r"^- \*\*`" + name + r"`\*\*", core, re.M):
            errors.append(
                f"core module `{name}` has no bullet: add `- **`{name}`**: what it holds.` to the "
                f"\"### `crates/core`\" section, in layer order")

    cli = section(text, "`crates/cli`")
    with open(os.path.join(ROOT, "crates/cli/src/main.rs"), encoding="utf-8") as f:
        cli_mods = [m for m in re.findall(r"^mod (\w+);", f.read(), re.M) if m != "commands"]
    commands = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "crates/cli/src/commands"))
                      if f.endswith(".rs") and f != "mod.rs")
    for name in cli_mods:
        if not named(cli, name):
            errors.append(f"CLI module `{name}` is not named: add `{name}.rs` (and what it holds) to "
                          f"the shared modules of the \"### `crates/cli`\" section")
    for name in commands:
        if not named(cli, name):
            errors.append(f"CLI command file `commands/{name}.rs` is not named: add `{name}` to the "
                          f"command list of the \"### `crates/cli`\" section")

    app = section(text, "The web app")
    src = os.path.join(ROOT, "src")
    for entry in sorted(os.listdir(src)):
        name = entry[:-3] if entry.endswith(".rs") else entry
        if name in ("lib", "main") or not (entry.endswith(".rs") or os.path.isdir(os.path.join(src, entry))):
            continue
        if not named(app, name):
            errors.append(f"`src/{entry}` is not named: add a bullet `- **`{entry}{'/' if os.path.isdir(os.path.join(src, entry)) else ''}`**` "
                          f"to the web app section")

    check_layers(text, "Core, lowest first", "crates/core/src", "core", errors)
    check_layers(text, "`src/`, lowest first", "src", "src/", errors)

    lower = text.lower()
    for phrase in HISTORY:
        at = lower.find(phrase)
        if at >= 0:
            line = text.count("\n", 0, at) + 1
            errors.append(f"line {line}: {phrase.strip()!r} narrates history; say what is")

    for e in errors:
        print(f"check-map: {os.path.relpath(path, ROOT)}: {e}")
    if not errors:
        print(f"check-map: {os.path.relpath(path, ROOT)}: every path exists, every module is named, "
              f"imports follow the layers")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
