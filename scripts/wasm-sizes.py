#!/usr/bin/env python3
"""What a wasm file holds, by crate: the bytes of each function body, grouped by the crate its
name (the name section, demangled by the linker) starts with, plus the data section; an
equivalent of `twiggy top`/`twiggy garbage`-free accounting for docs/performance.md ("First
draw"). Read it on cargo's output (target/wasm32-unknown-unknown/<profile>/*.wasm), before
wasm-bindgen and wasm-opt drop the names.

    python3 scripts/wasm-sizes.py FILE.wasm [--top N] [--crate NAME] [--depth 2]

--crate lists the largest functions of one crate instead.
"""
import argparse
import re
import sys
from collections import defaultdict


def leb(b, i):
    result = shift = 0
    while True:
        byte = b[i]
        i += 1
        result |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return result, i


def name(b, i):
    n, i = leb(b, i)
    return b[i:i + n].decode("utf-8", "replace"), i + n


def sections(b):
    if b[:4] != b"\0asm":
        sys.exit("not a wasm file")
    i = 8
    while i < len(b):
        sid = b[i]
        size, j = leb(b, i + 1)
        yield sid, j, j + size
        i = j + size


def imported_functions(b, start):
    count, i = leb(b, start)
    funcs = 0
    for _ in range(count):
        _, i = name(b, i)
        _, i = name(b, i)
        kind = b[i]
        i += 1
        if kind == 0:
            _, i = leb(b, i)
            funcs += 1
        elif kind == 1:
            i += 1
            flags, i = leb(b, i)
            _, i = leb(b, i)
            if flags & 1:
                _, i = leb(b, i)
        elif kind == 2:
            flags, i = leb(b, i)
            _, i = leb(b, i)
            if flags & 1:
                _, i = leb(b, i)
        elif kind == 3:
            i += 2
        else:
            _, i = leb(b, i)
    return funcs


DEPTH = 1


def legacy_path(fn):
    """The path of a legacy-mangled Rust symbol (`_ZN3foo3bar17h…E`), `<T as Trait>` impls by
    T's path; None for other names."""
    if not fn.startswith("_ZN"):
        return None
    i, parts = 3, []
    while i < len(fn) and fn[i].isdigit():
        j = i
        while fn[j].isdigit():
            j += 1
        n = int(fn[i:j])
        parts.append(fn[j:j + n])
        i = j + n
    if not parts:
        return None
    first = parts[0]
    for prefix in ("_$LT$", "$LT$"):
        if first.startswith(prefix):
            inner = first[len(prefix):]
            inner = re.sub(r"^(\$RF\$|mut\$u20\$|dyn\$u20\$|\$BP\$)+", "", inner)
            return inner.split("$")[0].replace("..", "::")
    return "::".join(p for p in parts if not re.fullmatch(r"h[0-9a-f]{16}", p))


def crate_of(fn):
    fn = legacy_path(fn) or fn
    s = fn.lstrip("<&*")
    s = re.sub(r"^(dyn |mut |const )", "", s)
    m = re.match(r"[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*", s)
    if not m:
        return "(unnamed)"
    parts = m.group(0).split("::")
    # Our own crates by module (--depth 2), the rest by crate.
    depth = DEPTH if parts[0].startswith("olm_graph") else 1
    return "::".join(parts[:depth])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("wasm")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--crate")
    ap.add_argument("--depth", type=int, default=1, help="olm_graph crates by module, N path segments")
    a = ap.parse_args()
    global DEPTH
    DEPTH = a.depth
    b = open(a.wasm, "rb").read()
    imports = 0
    bodies = []
    names = {}
    data = 0
    other = defaultdict(int)
    for sid, start, end in sections(b):
        if sid == 2:
            imports = imported_functions(b, start)
        elif sid == 10:
            count, i = leb(b, start)
            for _ in range(count):
                size, j = leb(b, i)
                bodies.append(size + (j - i))
                i = j + size
        elif sid == 11:
            data += end - start
        elif sid == 0:
            sname, i = name(b, start)
            if sname == "name":
                while i < end:
                    sub = b[i]
                    size, j = leb(b, i + 1)
                    if sub == 1:
                        count, k = leb(b, j)
                        for _ in range(count):
                            idx, k = leb(b, k)
                            n, k = name(b, k)
                            names[idx] = n
                    i = j + size
            else:
                other[f"custom {sname}"] += end - start
        else:
            other[f"section {sid}"] += end - start
    by_crate = defaultdict(int)
    functions = []
    for n, size in enumerate(bodies):
        fn = names.get(imports + n, f"func{imports + n}")
        by_crate[crate_of(fn)] += size
        functions.append((size, fn))
    total = len(b)
    print(f"{a.wasm}: {total} bytes; code {sum(bodies)} in {len(bodies)} functions, data {data}")
    if a.crate:
        for size, fn in sorted((f for f in functions if crate_of(f[1]) == a.crate), reverse=True)[: a.top]:
            print(f"{size:9d}  {fn[:140]}")
        return
    rows = sorted(by_crate.items(), key=lambda kv: -kv[1])
    rows.append(("(data section)", data))
    rows.extend(sorted(other.items(), key=lambda kv: -kv[1]))
    for crate, size in sorted(rows, key=lambda kv: -kv[1])[: a.top]:
        print(f"{size:9d}  {100 * size / total:5.1f}%  {crate}")


if __name__ == "__main__":
    main()
