#!/usr/bin/env python3
"""How legible the SVG export of every real channel is once fitted into the app's graph panel.

For every distinct channel with two or more entries in the rendered catalogs under
../shared/catalogs (every catalog file, split directory and legacy package-manifest directory;
templates left out; two channels are the same when they have the same package, name, nodes and
edges), draws the channel with `olm-graph render -f svg`, fits the picture into a box (740 x 540,
the graph panel of a 1280 x 800 window) and reports the on-screen size of the node labels: the
font size of the version line (from the SVG's stylesheet) times the zoom that fits the picture
(the smaller of box width / picture width and box height / picture height).

    python3 scripts/legibility.py                        # summary and the 10 worst channels
    python3 scripts/legibility.py --list                 # one line per channel
    python3 scripts/legibility.py --cli PATH --box 1380x820 --catalogs DIR

    python3 scripts/legibility.py --check --cli target/debug/olm-graph   # the test step

With `--check` (scripts/test.sh runs it with the debug CLI the native tests built), it fails
below the goals of docs/layout.md: at least 95% of the channels at 9 px or more, every one at
6 px or more, and the channels named in GOALS at 9 px or more.

Uses the release CLI by default (`cargo build --release -p olm-graph-cli`), else the debug one.
"""
import argparse
import concurrent.futures
import json
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LEGACY_PARENTS = ("community-operators-2021", "operator-registry")
# The goals --check enforces (docs/layout.md): share of channels at 9 px or more, the smallest
# size, and channels that must read at 9 px (package, channel, catalog unit relative to the
# catalogs folder; None: every unit that has the channel).
SHARE_AT_9PX = 0.95
SMALLEST_PX = 6.0
GOALS = (
    ("external-dns-operator", "stable-v1.1", None),
    # The 10-bundle `stable` that used to fall back to one column (issue 34).
    ("cluster-kube-descheduler-operator", "stable",
     "openshift-kube-descheduler-fbc/v4.21/cluster-kube-descheduler-operator.json"),
)


def units(top):
    """Every catalog unit under `top`: files, `*-split` directories, legacy package directories."""
    out = []
    for name in sorted(os.listdir(top)):
        path = os.path.join(top, name)
        if os.path.isdir(path):
            if name == "templates":
                continue
            legacy = "legacy-package-manifests" in top and os.path.basename(top) in LEGACY_PARENTS
            if name.endswith("-split") or legacy:
                out.append(path)
            else:
                out.extend(units(path))
        elif name.endswith((".yaml", ".yml", ".json")) and name != "manifest.json":
            out.append(path)
    return out


def run(cli, args):
    return subprocess.run([cli, *args], capture_output=True, text=True, check=False)


def channels(cli, unit):
    """(package, channel name, signature, entry count) of every channel of a unit."""
    listed = run(cli, ["packages", unit])
    for line in listed.stdout.splitlines():
        package = line.split("\t")[0]
        graph = run(cli, ["graph", unit, "-p", package, "--json"])
        if graph.returncode != 0:
            continue
        for ch in json.loads(graph.stdout)["channels"]:
            nodes = sorted((n["name"], n["virtual"]) for n in ch["nodes"])
            edges = sorted((e["from"], e["to"], e["kind"]) for e in ch["edges"])
            entries = sum(1 for n in ch["nodes"] if not n["virtual"])
            yield package, ch["name"], json.dumps([package, ch["name"], nodes, edges]), entries


def measure(cli, unit, package, channel, box):
    svg = run(cli, ["render", unit, "-p", package, "-c", channel, "-f", "svg"]).stdout
    root = re.search(r'<svg[^>]*\swidth="([0-9.]+)"[^>]*\sheight="([0-9.]+)"', svg)
    font = re.search(r"\.node \.version\{font-size:([0-9.]+)px", svg)
    if not root or not font:
        raise SystemExit(f"{unit} {package}/{channel}: no size or label font in the SVG")
    width, height = float(root.group(1)), float(root.group(2))
    zoom = min(box[0] / width, box[1] / height)
    return float(font.group(1)) * zoom, width, height


def default_cli():
    target = os.environ.get("CARGO_TARGET_DIR", os.path.join(ROOT, "target"))
    release = os.path.join(target, "release/olm-graph")
    return release if os.path.exists(release) else os.path.join(target, "debug/olm-graph")


def check(rows):
    """The goals not met, as messages."""
    failed = []
    n = len(rows)
    at9 = sum(1 for r in rows if r[0] >= 9)
    if n == 0 or at9 < SHARE_AT_9PX * n:
        failed.append(f"{at9} of {n} channels at >= 9 px, below {SHARE_AT_9PX:.0%}")
    for px, name, _, _, _, unit in rows:
        if px < SMALLEST_PX:
            failed.append(f"{name} ({unit}) at {px:.2f} px, below {SMALLEST_PX} px")
    for package, channel, unit in GOALS:
        found = [r for r in rows if r[1] == f"{package}/{channel}" and unit in (None, r[5])]
        if not found:
            failed.append(f"{package}/{channel} ({unit or 'any catalog'}) not measured")
        for px, name, _, _, _, where in found:
            if px < 9:
                failed.append(f"{name} ({where}) at {px:.2f} px, below 9 px")
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cli", default=default_cli())
    ap.add_argument("--catalogs", default=os.path.join(ROOT, "../shared/catalogs"))
    ap.add_argument("--box", default="740x540", help="WIDTHxHEIGHT in pixels")
    ap.add_argument("--list", action="store_true", help="one line per channel")
    ap.add_argument("--check", action="store_true", help="fail below the goals")
    args = ap.parse_args()
    box = tuple(float(v) for v in args.box.split("x"))
    workers = max(1, os.cpu_count() or 1)
    seen = {}
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        units_found = units(os.path.normpath(args.catalogs))
        for unit, found in zip(units_found, pool.map(lambda u: list(channels(args.cli, u)), units_found)):
            for package, channel, sig, entries in found:
                if entries >= 2 and sig not in seen:
                    seen[sig] = (unit, package, channel, entries)
        todo = list(seen.values())
        sizes = pool.map(lambda t: measure(args.cli, t[0], t[1], t[2], box), todo)
        rows = []
        for (unit, package, channel, entries), (px, width, height) in zip(todo, sizes):
            rows.append((px, f"{package}/{channel}", entries, width, height, os.path.relpath(unit, args.catalogs)))
    rows.sort()
    if args.list:
        for px, name, entries, width, height, unit in rows:
            print(f"{px:6.2f} px  {name} ({entries} entries, {width:.0f} x {height:.0f}) {unit}")
    n = len(rows)
    if n == 0:
        print("legibility: no channel measured", file=sys.stderr)
        return 1
    sizes = [r[0] for r in rows]
    print(f"channels: {n}; box {box[0]:.0f} x {box[1]:.0f}; label size on screen (px):")
    print(f"  min {sizes[0]:.2f}, median {statistics.median(sizes):.2f}, max {sizes[-1]:.2f}")
    for limit in (4, 6, 7, 9):
        k = sum(1 for s in sizes if s >= limit)
        print(f"  >= {limit} px: {k} of {n} ({100 * k / n:.1f}%)")
    if not args.list:
        print("  smallest:")
        for px, name, entries, width, height, _ in rows[:10]:
            print(f"    {px:5.2f} px  {name} ({entries} entries, {width:.0f} x {height:.0f})")
    for package, channel, unit in GOALS:
        for px, name, _, width, height, where in rows:
            if name == f"{package}/{channel}" and unit in (None, where):
                print(f"  goal: {px:5.2f} px  {name} ({width:.0f} x {height:.0f}) {where}")
    if args.check:
        failed = check(rows)
        for f in failed:
            print(f"legibility: {f}", file=sys.stderr)
        if failed:
            return 1
        print("legibility: the goals are met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
