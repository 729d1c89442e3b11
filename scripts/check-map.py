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
- the map narrates history ("moved here from", "once had", "no longer"): it says what is;
- a line count it quotes is wrong: "`main.rs` (under 60 lines)" (the file of that name under the
  section's crate) and "no file of `crates/core/src/view/` over 600 lines";
- a Rust name it cites in backticks (`GraphView`, `OperatorReport::channels`,
  `preflight::Report::counts`) is defined nowhere in the repository's Rust sources;
- an "only through these names" claim fails as an import check: outside core, a module is used
  through a name the sentence does not list (`export` through `render`, `RenderRequest`...);
- `src/` (outside its tests) computes what core gives (APP_SEMANTICS: skip coverage, FBC
  written by hand, a channel list split from text, pre-flight counts, a view's counts), which
  the invariant "`src/` computes no OLM semantics" rules out;
- a file outside the one positioned reader (`crates/core/src/yaml/`, ONE_READER) cuts YAML
  documents (a string literal that is a separator or an end marker alone: `"---"`, `"..."`,
  `b"---"`, `"\\n---"`..., or `"\\n{"`, a JSON stream's next value), counts lines itself (`memchr_iter(b'\\n'`, `.matches('\\n').count()`)
  reads the YAML parser's events itself (`granit_parser`) or builds a `Location` by hand (a struct literal outside `diag/mod.rs`'s one constructor,
  `Location::at`); a test or any Rust file matches an error by the text "alias bomb" (a limit
  is a typed `LimitError`); or the wording of a crossed limit is written more than once.

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


# What the web app once computed itself, each with what core gives instead: a pattern found in
# src/ outside its tests fails the map's invariant "`src/` computes no OLM semantics".
APP_SEMANTICS = [
    (r"\bb\.kind\s*==\s*(?:[\w:]*::)?EdgeKind::(?:Skips|SkipRange)\b",
     "which nodes a fan covers: core's GraphView::covered_by / skipped_by"),
    (r'"schema"\s*:\s*"olm\.(?:bundle|package|channel)"',
     "FBC objects written by hand: core's template::entered_versions_source (or another core writer)"),
    (r"\.channel\b[^;]{0,80}?\.split\(\s*','\s*\)",
     "an operator's channels split from text: core's OperatorReport::channels / drawn_channel"),
    (r"\bOutcome::(?:Fail|Pass|Warn|Skip)\b",
     "pre-flight results counted: core's preflight::Report::counts"),
    (r"\.filter\(\|\w+\|\s*\w+\.(?:is_virtual|head)\)",
     "a view's bundles, virtual nodes or head counted: core's GraphView::counts"),
]


def app_code(path):
    """The text of an app source file up to its tests (`#[cfg(test)]`), or None for a test file."""
    rel = os.path.relpath(path, ROOT)
    if "/tests/" in rel or rel.endswith("/tests.rs") or rel.endswith("_tests.rs"):
        return None
    with open(path, encoding="utf-8") as f:
        text = f.read()
    cut = text.find("#[cfg(test)]")
    return text if cut < 0 else text[:cut]


def check_app_semantics(errors):
    for folder, _dirs, names in os.walk(os.path.join(ROOT, "src")):
        for name in sorted(n for n in names if n.endswith(".rs")):
            path = os.path.join(folder, name)
            code = app_code(path)
            if code is None:
                continue
            for pattern, instead in APP_SEMANTICS:
                for m in re.finditer(pattern, code):
                    line = code.count("\n", 0, m.start()) + 1
                    errors.append(
                        f"{os.path.relpath(path, ROOT)}:{line}: `src/` computes no OLM semantics, "
                        f"but `{m.group(0)}` does: take {instead}")


# The one positioned reader: only it cuts documents and counts lines; only diag's constructor
# builds a Location. Each pattern runs on the code of every Rust file of crates/*/src and src/
# outside ONE_READER (comments and tests left out: tests write streams, they cut none); the
# "alias bomb" and wording checks run on every Rust file, tests included.
ONE_READER = "crates/core/src/yaml/"
READER_RULES = [
    (r'(?:\bb)?"(?:\\n)?(?:---|\.\.\.)(?:\\r)?(?:\\n| |\\t)?"',
     "cuts YAML documents at a marker: use the one cutter, crate::yaml::cut"),
    (r'(?:\bb)?"\\n\{"',
     "cuts a JSON stream at a line that starts with `{`: use crate::yaml::cut::next_json_line"),
    (r"memchr_iter\(\s*b'\\n'|\.matches\(\s*'\\n'\s*\)\s*\.count\(\)",
     "counts lines itself: take positions from crate::yaml (position::Cursor, the tree's Pos)"),
    (r"(?<!lsp::)(?<!-> )(?<!struct )(?<!impl )(?<!for )\bLocation\s*\{",
     "builds a Location by hand: use its one constructor, Location::at"),
    (r"\bgranit_parser\b",
     "reads YAML with the parser itself: read through crate::yaml (its tree, written tree or serde reader)"),
]
# (file, matched text): why it is no YAML document marker.
NOT_A_MARKER = {
    ("crates/cli/src/commands/review/git.rs", '"..."'): "a git revision range, BASE...HEAD",
}
# Where a rule's pattern is the rule itself.
READER_RULE_HOMES = {"builds a Location by hand: use its one constructor, Location::at": {"crates/core/src/diag/mod.rs"}}
# The one wording of a crossed limit: each fragment is written in exactly one Rust line.
LIMIT_WORDING = ["crossed (raise it with", "(alias bomb?)"]
ALIAS_BOMB_MATCH = 'contains("alias' + ' bomb")'


def rust_files_everywhere():
    out = []
    for top in ("crates", "src"):
        for folder, dirs, names in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [d for d in dirs if d not in ("target", "fixtures")]
            for name in sorted(n for n in names if n.endswith(".rs")):
                out.append(os.path.relpath(os.path.join(folder, name), ROOT))
    return sorted(out)


def without_comments(text):
    """The text with `//` comments blanked (string literals holding `//` kept)."""
    out = []
    for line in text.split("\n"):
        i, quoted = 0, False
        while i < len(line):
            c = line[i]
            if c == "\\" and quoted:
                i += 2
                continue
            if c == '"':
                quoted = not quoted
            elif not quoted and line.startswith("//", i):
                line = line[:i]
                break
            i += 1
        out.append(line)
    return "\n".join(out)


def without_tests(code):
    """The code with each `#[cfg(test)]` item (a `mod tests { … }`, a test helper) blanked to
    its closing brace, lines kept, so what follows a test module is still checked."""
    out, at = [], 0
    for m in re.finditer(r"#\[cfg\(test\)\]", code):
        if m.start() < at:
            continue
        i = code.find("{", m.end())
        semi = code.find(";", m.end())
        if i < 0 or (0 <= semi < i):
            continue
        depth, j, quoted = 0, i, False
        while j < len(code):
            c = code[j]
            if quoted:
                if c == "\\":
                    j += 1
                elif c == '"':
                    quoted = False
            elif c == '"':
                quoted = True
            elif c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        out.append(code[at:m.start()])
        out.append(re.sub(r"[^\n]", " ", code[m.start():j + 1]))
        at = j + 1
    out.append(code[at:])
    return "".join(out)


def check_one_reader(errors, files=None):
    wording = {w: [] for w in LIMIT_WORDING}
    for rel in files if files is not None else rust_files_everywhere():
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            text = f.read()
        if ALIAS_BOMB_MATCH in text:
            line = text.count("\n", 0, text.find(ALIAS_BOMB_MATCH)) + 1
            errors.append(f"{rel}:{line}: `{ALIAS_BOMB_MATCH}` matches a limit by its text: "
                          f"compare the typed LimitError (or its one wording, LimitError's Display)")
        for w in LIMIT_WORDING:
            wording[w] += [f"{rel}:{i + 1}" for i, l in enumerate(text.split("\n")) if w in l]
        if rel.startswith(ONE_READER) or not re.match(r"(crates/[^/]+/)?src/", rel):
            continue
        if "/tests/" in rel or rel.endswith("tests.rs"):
            continue
        code = without_tests(without_comments(text))
        for pattern, instead in READER_RULES:
            if rel in READER_RULE_HOMES.get(instead, ()):
                continue
            for m in re.finditer(pattern, code):
                if (rel, m.group(0)) in NOT_A_MARKER:
                    continue
                line = code.count("\n", 0, m.start()) + 1
                errors.append(f"{rel}:{line}: `{m.group(0)}` {instead}")
    for w, where in wording.items():
        if len(where) != 1:
            errors.append(f"the wording of a crossed limit ({w!r}) must be written once, in "
                          f"{ONE_READER}limits.rs; found at {where or 'no place'}")



# The one sort (crates/core/src/sort.rs): the code that ships as wasm (core, the element, the
# app) sorts with `SortWith`, not with the slice's own sorts, each of which links the standard
# sort once more into the wasm (docs/performance.md, "First draw"). Tests are left out.
ONE_SORT = "crates/core/src/sort.rs"
SORT_ROOTS = ("crates/core/src/", "crates/embed/src/", "src/")
SLICE_SORT = re.compile(r"\.(sort|sort_unstable|sort_by|sort_unstable_by|sort_by_key|sort_unstable_by_key)\(")


def check_one_sort(errors, files=None):
    for rel in files if files is not None else rust_files_everywhere():
        if rel == ONE_SORT or not rel.startswith(SORT_ROOTS) or rel.endswith("tests.rs"):
            continue
        with open(os.path.join(ROOT, rel), encoding="utf-8") as f:
            code = without_tests(without_comments(f.read()))
        for m in SLICE_SORT.finditer(code):
            line = code.count("\n", 0, m.start()) + 1
            errors.append(f"{rel}:{line}: `{m.group(0)}` sorts with the slice's own sort: use "
                          f"olm_graph_core::sort::SortWith (sort_with, sort_keyed, sort_ord)")


# Where a section's file names are looked up first (`main.rs` of the CLI section is the CLI's).
SECTION_ROOTS = [("### `crates/core`", "crates/core/"), ("### `crates/cli`", "crates/cli/"),
                 ("### `crates/embed`", "crates/embed/"), ("### The web app", "src/")]
# Names from other crates the map cites (clap's, serde's, petgraph's).
EXTERNAL_NAMES = {"ValueEnum", "clap::ValueEnum", "FromStr", "Display", "TiVec", "TiSlice",
                  "Serialize", "Deserialize"}
RUST_DIRS = ("crates", "src")


def section_root(text, at):
    root = ""
    for heading, prefix in SECTION_ROOTS:
        k = text.rfind(heading, 0, at)
        if k >= 0 and (not root or k > text.rfind(root[0], 0, at)):
            root = (heading, prefix)
    return root[1] if root else ""


def resolve(tok, files, prefix):
    """The tracked file `tok` names, preferring the section's crate."""
    found = [f for f in files if f == tok or f.endswith("/" + tok)]
    preferred = [f for f in found if f.startswith(prefix)] if prefix else []
    return (preferred or found or [None])[0]


def line_count(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return sum(1 for _ in f)


def check_line_counts(text, files, errors):
    for m in re.finditer(r"`([^`\s]+)` \(under (\d+) lines\)", text):
        line = text.count("\n", 0, m.start()) + 1
        path = resolve(m.group(1), files, section_root(text, m.start()))
        if path is None:
            errors.append(f"line {line}: `{m.group(1)}` (under {m.group(2)} lines) is no file")
        elif line_count(path) >= int(m.group(2)):
            errors.append(f"line {line}: {path} has {line_count(path)} lines, not under "
                          f"{m.group(2)}: shorten it or say what is")
    for m in re.finditer(r"no file of `([^`\s]+)` over (\d+) lines", text):
        line = text.count("\n", 0, m.start()) + 1
        folder = m.group(1).rstrip("/") + "/"
        inside = [f for f in files if f.startswith(folder)]
        if not inside:
            errors.append(f"line {line}: `{m.group(1)}` is no folder")
        for f in inside:
            if line_count(f) > int(m.group(2)):
                errors.append(f"line {line}: {f} has {line_count(f)} lines, over {m.group(2)}")


def rust_sources(files):
    out = {}
    for f in files:
        if f.endswith(".rs") and f.startswith(RUST_DIRS):
            with open(os.path.join(ROOT, f), encoding="utf-8") as h:
                out[f] = h.read()
    return out


def defined(name, sources, blob):
    """Whether `name` is an item, field, variant or module of the Rust sources."""
    if re.search(r"\b(?:fn|struct|enum|trait|type|mod|const|static)\s+" + name + r"\b", blob):
        return True
    if re.search(r"^\s*(?:pub(?:\([\w:]+\))?\s+)?" + name + r"\s*(?::|,|\(|\{|$)", blob, re.M):
        return True
    if re.search(r"\buse\s[^;]*\b" + name + r"\b", blob):
        return True
    return any(f.endswith("/" + name + ".rs") or ("/" + name + "/") in f for f in sources)


def check_names(text, sources, errors):
    blob = "\n".join(sources.values())
    seen = set()
    for m in re.finditer(r"`([A-Za-z_]\w*(?:::[A-Za-z_]\w*)*)(?:\(\))?`", text):
        tok = m.group(1)
        if tok in seen or tok in EXTERNAL_NAMES:
            continue
        seen.add(tok)
        if "::" not in tok and not re.match(r"^[A-Z][a-z]+[A-Z]\w*$", tok):
            continue
        for part in tok.split("::"):
            if not defined(part, sources, blob):
                line = text.count("\n", 0, m.start()) + 1
                errors.append(f"line {line}: `{tok}` names `{part}`, which no Rust source of the "
                              f"repository defines: name what is there")
                break


def check_only_through(text, sources, errors):
    """"outside core, `M` is used only through these names ...: `a`, `b`." as an import check."""
    for m in re.finditer(r"outside\s+core,\s+`(\w+)`\s+is\s+used\s+only\s+through\s+these\s+names[^:]*:(.*?)(?:\n- |\n\n)",
                         text, re.S):
        module, listed = m.group(1), set(re.findall(r"`([\w:]+)`", m.group(2)))
        line = text.count("\n", 0, m.start()) + 1
        prefix = "olm_graph_core::" + module + "::"
        for path, code in sorted(sources.items()):
            if path.startswith("crates/core/"):
                continue
            for use in re.finditer(re.escape(prefix) + r"((?:\w+::)*)(\{[^}]*\}|\w+)", code):
                base, names = use.group(1), use.group(2)
                for name in re.findall(r"\w+", names) if names.startswith("{") else [names]:
                    if name == "self":
                        continue
                    full = base + name
                    parts = full.split("::")
                    # A listed type covers its variants and associated items (`FigureView::All`).
                    covered = any("::".join(parts[:k]) in listed and (k == len(parts) or parts[k - 1][0].isupper())
                                  for k in range(1, len(parts) + 1))
                    if not covered:
                        errors.append(f"line {line}: {path} uses `{module}::{full}`, which the map says "
                                      f"is not how core's `{module}` is used: go through the listed "
                                      f"names or list it")


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

    check_app_semantics(errors)
    check_one_reader(errors)
    check_one_sort(errors)
    check_line_counts(text, files, errors)
    sources = rust_sources(files)
    check_names(text, sources, errors)
    check_only_through(text, sources, errors)

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
              f"imports follow the layers, the line counts, names and import claims hold, one reader "
              f"cuts documents and places them")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
