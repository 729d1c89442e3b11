#!/usr/bin/env python3
"""The shape of the Rust sources: no import circle among modules, no long function.

    scripts/check-shape.py --cycles ROOT... [--length ROOT...] [--report-length ROOT...]
                           [--max-lines N]

ROOT is a crate's source folder (with lib.rs or main.rs), e.g. `src` or `crates/core/src`.

--cycles         fail when the modules of a ROOT import each other in a circle. A module is a
                 file (`state/load.rs` is `state::load`, `state/mod.rs` is `state`). Module A
                 depends on module B when A names a path `crate::b::...`, `super::...` or
                 `self::...` that leads into B, or imports a child with `use child::...`; a
                 path through a re-export (`pub use` in a front-door `mod.rs`) leads to the
                 module that defines the item. Re-exports and `mod` declarations are not
                 dependencies of their own.
                 It also fails when the top-level modules of a ROOT (the children of lib.rs or
                 main.rs: `load`, `template`, ...) import each other in a circle: `load::x`
                 naming `crate::template::y` makes `load` depend on `template`, whatever files
                 inside them do it. The crate root itself is left out of that graph (it only
                 declares and re-exports). Each edge of a reported circle names one import
                 that makes it.
--length         fail when a function in a ROOT is longer than --max-lines lines (80 by default),
                 from its `fn` line to its closing brace.
--report-length  print those functions without failing.

Tests are left out: `#[cfg(test)]` items, and modules named `tests` or declared under
`#[cfg(test)]`. Comments, strings and character literals are blanked before parsing.
"""

import argparse
import os
import re
import sys

# ------------------------------------------------------------------------------ lexing


def blank(text):
    """The text with comments, string and char literals replaced by spaces (newlines kept)."""
    out = []
    i, n = 0, len(text)

    def keep_newlines(s):
        return "".join("\n" if c == "\n" else " " for c in s)

    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif text.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(keep_newlines(text[i:j]))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 40]) and not is_ident_char(text, i - 1):
            m = re.match(r'r(#*)"', text[i:])
            end = '"' + m.group(1)
            j = text.find(end, i + len(m.group(0)))
            j = n if j < 0 else j + len(end)
            out.append(keep_newlines(text[i:j]))
            i = j
        elif c == "b" and text.startswith('b"', i) and not is_ident_char(text, i - 1):
            out.append(" ")
            i += 1
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(keep_newlines(text[i:j]))
            i = j
        elif c == "'":
            # A char literal ('a', '\n', '\u{1F600}') or a lifetime ('a, 'static).
            m = re.match(r"'(\\(u\{[0-9a-fA-F]+\}|x[0-9a-fA-F]{2}|.)|[^\\'])'", text[i:i + 14])
            if m:
                out.append(" " * len(m.group(0)))
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def is_ident_char(text, i):
    return i >= 0 and (text[i].isalnum() or text[i] == "_")


def matching_brace(text, open_at):
    """Index of the `}` closing the `{` at `open_at` (text already blanked)."""
    depth = 0
    for j in range(open_at, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    return len(text) - 1


CFG_TEST = re.compile(r"#\[cfg\(test\)\]")
MOD_DECL = re.compile(r"\b(pub(\([^)]*\))?\s+)?mod\s+(\w+)\s*([;{])")


def drop_tests(text):
    """Blanks `#[cfg(test)]` items and inline `mod tests { ... }`; returns (text, test modules
    declared as `mod name;`)."""
    test_mods = set()
    chars = list(text)

    def blank_range(a, b):
        for k in range(a, b + 1):
            if chars[k] != "\n":
                chars[k] = " "

    for m in CFG_TEST.finditer(text):
        start = m.end()
        # The item after the attribute: up to its `;` or its balanced `{...}`.
        k = start
        while k < len(text) and text[k] not in "{;":
            k += 1
        if k >= len(text):
            continue
        decl = MOD_DECL.match(text, start + len(text[start:]) - len(text[start:].lstrip()))
        if text[k] == ";":
            if decl and decl.group(4) == ";":
                test_mods.add(decl.group(3))
            blank_range(m.start(), k)
        else:
            blank_range(m.start(), matching_brace(text, k))
    text = "".join(chars)
    for m in re.finditer(r"\bmod\s+tests\s*\{", text):
        open_at = m.end() - 1
        blank_range(m.start(), matching_brace(text, open_at))
    for m in re.finditer(r"\bmod\s+tests\s*;", text):
        test_mods.add("tests")
    return "".join(chars), test_mods


# ------------------------------------------------------------------------------ modules


class Module:
    def __init__(self, path, file):
        self.path = path  # tuple of names; () is the crate root
        self.file = file
        self.text = ""
        self.is_front = False  # lib.rs, main.rs or mod.rs: `self` is the module, `super` its parent
        self.reexports = {}  # name -> absolute path (tuple) it re-exports
        self.globs = []  # absolute paths of `pub use x::*`

    def name(self):
        return "::".join(self.path) or "crate"


def collect_modules(root):
    """Every module of the crate in `root`: {path tuple: Module}, following `mod` declarations."""
    top = None
    for cand in ("lib.rs", "main.rs"):
        if os.path.exists(os.path.join(root, cand)):
            top = os.path.join(root, cand)
            break
    if top is None:
        sys.exit(f"check-shape: {root} has no lib.rs or main.rs")
    modules = {}

    def visit(path, file, dir_for_children):
        mod = Module(path, file)
        mod.is_front = os.path.basename(file) in ("lib.rs", "main.rs", "mod.rs")
        with open(file, encoding="utf-8") as f:
            raw = f.read()
        text, test_mods = drop_tests(blank(raw))
        mod.text = text
        modules[path] = mod
        for m in MOD_DECL.finditer(text):
            name = m.group(3)
            if m.group(4) != ";" or name in test_mods:
                continue
            for cand in (os.path.join(dir_for_children, name + ".rs"),
                         os.path.join(dir_for_children, name, "mod.rs")):
                if os.path.exists(cand):
                    child_dir = (os.path.join(dir_for_children, name))
                    visit(path + (name,), cand, child_dir)
                    break

    visit((), top, root)
    return modules


USE_STMT = re.compile(r"\b(pub(\([^)]*\))?\s+)?use\s+([^;]+);")
PATH_EXPR = re.compile(r"(?<![\w:])((?:crate|super|self)(?:\s*::\s*\w+)+)")


def expand_use_tree(tree):
    """`a::{b, c::{d, e}}` -> [['a','b'], ['a','c','d'], ['a','c','e']] (aliases dropped)."""
    tree = re.sub(r"\s+", " ", tree).strip()
    out = []

    def walk(prefix, s):
        s = s.strip()
        if not s:
            return
        brace = s.find("{")
        if brace < 0:
            s = re.sub(r"\s+as\s+\w+$", "", s)
            parts = [p.strip() for p in s.split("::") if p.strip()]
            out.append(prefix + parts)
            return
        head = s[:brace].rstrip().rstrip(":").rstrip()
        parts = [p.strip() for p in head.split("::") if p.strip()]
        inner = s[brace + 1:s.rfind("}")]
        for item in split_top(inner):
            walk(prefix + parts, item)

    walk([], tree)
    return out


def split_top(s):
    items, depth, cur = [], 0, []
    for c in s:
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        if c == "," and depth == 0:
            items.append("".join(cur))
            cur = []
        else:
            cur.append(c)
    items.append("".join(cur))
    return [i for i in items if i.strip()]


def absolute(mod, segs, modules):
    """An absolute path (tuple) for segments starting with crate/super/self, or a child module
    of `mod`; None when the path leaves the crate (an external crate, std, a local name)."""
    if not segs:
        return None
    base = list(mod.path) if mod.is_front else list(mod.path[:-1]) + [mod.path[-1]]
    here = list(mod.path)
    first = segs[0]
    if first == "crate":
        return tuple(segs[1:])
    if first == "self":
        return tuple(here + segs[1:])
    if first == "super":
        cur = here
        rest = segs
        while rest and rest[0] == "super":
            cur = cur[:-1]
            rest = rest[1:]
        return tuple(cur + rest)
    # A relative path naming a child module (`use child::X;` in a mod.rs).
    if tuple(base + [first]) in modules:
        return tuple(base + segs)
    return None


def module_of(path, modules, reexports_seen=None):
    """The module an absolute path leads into: the longest module prefix, followed through
    re-exports of the next name."""
    reexports_seen = reexports_seen or set()
    k = len(path)
    while k > 0 and tuple(path[:k]) not in modules:
        k -= 1
    mod = modules[tuple(path[:k])]
    if k < len(path):
        name = path[k]
        target = mod.reexports.get(name)
        if target is not None and (mod.path, name) not in reexports_seen:
            reexports_seen.add((mod.path, name))
            return module_of(tuple(target) + tuple(path[k + 1:]), modules, reexports_seen)
    return mod.path


def read_reexports(modules):
    for mod in modules.values():
        for m in USE_STMT.finditer(mod.text):
            if not m.group(1):
                continue
            for segs in expand_use_tree(m.group(3)):
                raw = m.group(3)
                alias = None
                am = re.search(r"\b(\w+)\s+as\s+(\w+)\s*$", raw)
                if am and "{" not in raw:
                    alias = am.group(2)
                target = absolute(mod, segs, modules)
                if target is None or not segs:
                    continue
                if segs[-1] == "*":
                    mod.globs.append(target[:-1])
                    continue
                mod.reexports[alias or segs[-1]] = target


def dependencies(modules):
    """{module path: {module paths it depends on}}."""
    deps = {p: set() for p in modules}
    for mod in modules.values():
        text = mod.text
        spans = []
        for m in USE_STMT.finditer(text):
            spans.append((m.start(), m.end()))
            if m.group(1):
                continue  # a re-export: the front door, not a dependency
            for segs in expand_use_tree(m.group(3)):
                if segs and segs[-1] == "*":
                    segs = segs[:-1]
                target = absolute(mod, segs, modules)
                if target is not None:
                    add_dep(deps, mod, target, modules)
        for m in PATH_EXPR.finditer(text):
            if any(a <= m.start() < b for a, b in spans):
                continue
            segs = [s.strip() for s in m.group(1).split("::")]
            target = absolute(mod, segs, modules)
            if target is not None:
                add_dep(deps, mod, target, modules)
    return deps


def add_dep(deps, mod, target, modules):
    dest = module_of(target, modules)
    if dest != mod.path:
        deps[mod.path].add(dest)


def circles(deps):
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, on, stack, out = {}, {}, set(), [], []
    counter = [0]
    for start in sorted(deps):
        if start in index:
            continue
        work = [(start, iter(sorted(deps[start])))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            node, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(deps[nxt]))))
                elif nxt in on:
                    low[node] = min(low[node], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def one_cycle(comp, deps):
    """A concrete circle through the component, for the message."""
    members = set(comp)
    start = comp[0]
    prev = {start: None}
    queue = [start]
    while queue:
        cur = queue.pop(0)
        for nxt in sorted(deps[cur]):
            if nxt == start:
                path = [cur]
                while prev[path[-1]] is not None:
                    path.append(prev[path[-1]])
                return list(reversed(path)) + [start]
            if nxt in members and nxt not in prev:
                prev[nxt] = cur
                queue.append(nxt)
    return comp


def top_level(deps):
    """The dependencies between top-level modules, and for each edge one file-level import
    that makes it: ({top: {tops}}, {(top, top): (module, module)})."""
    top, witness = {}, {}
    for a, bs in sorted(deps.items()):
        if not a:
            continue
        top.setdefault(a[:1], set())
        for b in sorted(bs):
            if not b or b[:1] == a[:1]:
                continue
            top.setdefault(b[:1], set())
            top[a[:1]].add(b[:1])
            witness.setdefault((a[:1], b[:1]), (a, b))
    return top, witness


def check_cycles(root, modules):
    """Prints the circles among the modules of `root` and among its top-level modules; True
    when there is one."""
    deps = dependencies(modules)
    comps = circles(deps)
    edges = sum(len(v) for v in deps.values())
    for comp in comps:
        names = " -> ".join("::".join(p) or "crate" for p in one_cycle(comp, deps))
        print(f"check-shape: {root}: import circle among {len(comp)} modules: {names}")
    if not comps:
        print(f"check-shape: {root}: {len(modules)} modules, {edges} imports, no circle")
    top, witness = top_level(deps)
    top_comps = circles(top)
    for comp in top_comps:
        cycle = one_cycle(comp, top)
        steps = []
        for a, b in zip(cycle, cycle[1:]):
            wa, wb = witness[(a, b)]
            steps.append(f"{a[0]} -> {b[0]} ({'::'.join(wa)} uses {'::'.join(wb)})")
        members = ", ".join(p[0] for p in comp)
        print(f"check-shape: {root}: import circle among {len(comp)} top-level modules "
              f"({members}), for one: " + "; ".join(steps))
    if not top_comps:
        links = sum(len(v) for v in top.values())
        print(f"check-shape: {root}: {len(top)} top-level modules, {links} links, no circle")
    return bool(comps or top_comps)


# ------------------------------------------------------------------------------ lengths

FN_DECL = re.compile(r"\bfn\s+(\w+)")


def long_functions(modules, root, max_lines):
    found = []
    for mod in modules.values():
        text = mod.text
        for m in FN_DECL.finditer(text):
            # The body: the first `{` after the signature, unless a `;` ends it first.
            k, depth = m.end(), 0
            while k < len(text):
                c = text[k]
                if c in "(<[":
                    depth += 1
                elif c in ")>]" and depth > 0:
                    depth -= 1
                elif c == ";" and depth == 0:
                    k = -1
                    break
                elif c == "{" and depth == 0:
                    break
                k += 1
            if k < 0 or k >= len(text):
                continue
            end = matching_brace(text, k)
            first = text.count("\n", 0, m.start()) + 1
            last = text.count("\n", 0, end) + 1
            lines = last - first + 1
            if lines > max_lines:
                found.append((os.path.relpath(mod.file), first, m.group(1), lines))
    return sorted(found)


# ------------------------------------------------------------------------------ main


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cycles", nargs="*", default=[], metavar="ROOT")
    ap.add_argument("--length", nargs="*", default=[], metavar="ROOT")
    ap.add_argument("--report-length", nargs="*", default=[], metavar="ROOT")
    ap.add_argument("--max-lines", type=int, default=80)
    args = ap.parse_args()

    failed = False
    cache = {}

    def crate(root):
        if root not in cache:
            modules = collect_modules(root)
            read_reexports(modules)
            cache[root] = modules
        return cache[root]

    for root in args.cycles:
        if check_cycles(root, crate(root)):
            failed = True

    for roots, enforce in ((args.length, True), (args.report_length, False)):
        for root in roots:
            long = long_functions(crate(root), root, args.max_lines)
            verb = "too long" if enforce else "over the limit (reported, not enforced)"
            for file, line, name, lines in long:
                print(f"check-shape: {file}:{line}: fn {name} has {lines} lines, {verb} (max {args.max_lines})")
            if not long:
                print(f"check-shape: {root}: no function over {args.max_lines} lines")
            elif enforce:
                failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
