#!/usr/bin/env python3
"""Compares what two olm-graph binaries print, byte for byte, on every real catalog.

A refactoring that claims to change no behaviour must leave these outputs identical:
`graph --json`, `render -f svg`, `lint --format json`, `diagnose --json`, `mirror --json` and
`preflight --format json` (and the FBC writers, `render -f embed` and `deprecate-truncate`), each on every real catalog of ../shared/catalogs (for every package,
and for the channels sampled as below), on the cluster-state fixtures of the core crate and on
the mirror configurations of the CLI's tests. Standard output, standard error and the exit
status are all compared.

Usage (from the repository root):

    # against a binary built before the change
    scripts/compare-outputs.py --base /tmp/olm-graph-base
    # against a git revision (built once in a worktree under target/compare-base/)
    scripts/compare-outputs.py --base-rev main
    # record the outputs of one binary, then compare a later build against the record
    scripts/compare-outputs.py --record target/compare-baseline --new /tmp/olm-graph-base
    scripts/compare-outputs.py --base target/compare-baseline

The new side is `target/debug/olm-graph` unless `--new` names another binary (build it first:
`cargo build -p olm-graph-cli`). Exit status: 0 identical, 1 a difference (each one listed, with
the first differing line), 2 bad arguments.

Sampling: `graph --json` and `render -f svg` (the package view) run for every package of every
catalog unit; `render -f svg -c CHANNEL` runs for the default channel and the channel with the
most bundles of each package (every channel with `--all-channels`). The FBC writers run too:
`render -f embed` (the inline catalog) for every package, and `deprecate-truncate` of a bundle
in the middle of its default channel, the new catalog written to standard output. `lint` runs on every unit
and on the two complete catalog directories; `preflight` with each pipeline on every unit (for
`konflux`, the unit is its own target index, and each versioned package file also against the
same package's previous version), and with `community` on the pre-flight fixtures of the core
crate (every operator directory).
"""
import argparse
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CATALOGS = (ROOT / ".." / "shared" / "catalogs").resolve()
CORE_FIXTURES = ROOT / "crates/core/tests/fixtures"
CLI_FIXTURES = ROOT / "crates/cli/tests/fixtures"
TIMEOUT = 300


def units():
    """Every catalog unit of ../shared/catalogs: a file, a split directory, a legacy package."""
    found = []
    for dirpath, dirnames, filenames in os.walk(CATALOGS):
        d = Path(dirpath)
        rel = d.relative_to(CATALOGS)
        dirnames.sort()
        if rel.parts and rel.parts[0] == "legacy-package-manifests":
            if len(rel.parts) == 2:
                found.append(d)
                dirnames.clear()
            continue
        if d.name.endswith("-split"):
            found.append(d)
            dirnames.clear()
            continue
        if rel.parts and rel.parts[0] == "lifecycle":
            continue
        for f in sorted(filenames):
            if f.endswith((".yaml", ".yml", ".json")) and f != "manifest.json":
                found.append(d / f)
    return found


def run(binary, args):
    try:
        p = subprocess.run([str(binary), *args], capture_output=True, timeout=TIMEOUT, cwd=ROOT)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return "timeout", b"", b""


def packages(binary, unit):
    """(package, default channel, [(channel, bundle count)]) of one unit, from `packages`."""
    code, out, _ = run(binary, ["packages", str(unit)])
    result = []
    for line in out.decode("utf-8", "replace").splitlines():
        fields = dict(f.split("=", 1) for f in line.split("\t")[1:] if "=" in f)
        name = line.split("\t", 1)[0]
        channels = [c for c in fields.get("channels", "").split(",") if c]
        result.append((name, fields.get("default", "(none)"), channels))
    return result


def rel(p):
    p = Path(p)
    for base in (CATALOGS, ROOT):
        try:
            return str(p.relative_to(base))
        except ValueError:
            pass
    return str(p)


def jobs(probe, all_channels):
    """The list of (name, args) to run on both sides."""
    out = []
    us = units()
    by_pkg = {}
    for u in us:
        parts = Path(rel(u)).parts
        if len(parts) == 3 and re.fullmatch(r"v4\.\d+", parts[1]):
            by_pkg.setdefault((parts[0], parts[2]), []).append(u)
    for u in us:
        r = rel(u)
        out.append((f"lint {r}", ["lint", str(u), "--format", "json"]))
        for pipeline in ("community", "certified"):
            out.append((f"preflight {pipeline} {r}", ["preflight", str(u), "--pipeline", pipeline, "--format", "json"]))
        out.append((f"preflight konflux {r}", ["preflight", str(u), "--pipeline", "konflux", "--target-index", str(u), "--format", "json"]))
        parts = Path(r).parts
        versions = by_pkg.get((parts[0], parts[-1]), []) if len(parts) == 3 else []
        if u in versions and versions.index(u) > 0:
            prev = versions[versions.index(u) - 1]
            out.append((f"preflight konflux {r} against {rel(prev)}",
                        ["preflight", str(u), "--pipeline", "konflux", "--target-index", str(prev), "--format", "json"]))
        for name, default, channels in packages(probe, u):
            out.append((f"graph {r} {name}", ["graph", str(u), "-p", name, "--json"]))
            out.append((f"render {r} {name}", ["render", str(u), "-p", name, "-f", "svg"]))
            picked, middle = sample_channels(probe, u, name, default, channels)
            if all_channels:
                picked = channels
            # The FBC writers: the inline catalog of the embed snippet, and the package
            # rewritten with its default channel's head deprecated and truncated.
            out.append((f"render embed {r} {name}", ["render", str(u), "-p", name, "-f", "embed"]))
            if middle:
                out.append((f"deprecate-truncate {r} {name} {middle}",
                            ["deprecate-truncate", str(u), "-p", name, "--bundle", middle, "--json",
                             "--legacy-property", "-o", "/dev/stdout"]))
            for c in picked:
                out.append((f"render {r} {name} {c}", ["render", str(u), "-p", name, "-c", c, "-f", "svg"]))
    for whole in ("community-operators-prod/v4.21", "certified-operators/v4.22"):
        out.append((f"lint {whole}", ["lint", str(CATALOGS / whole), "--format", "json"]))
    for ops in sorted((CORE_FIXTURES / "preflight").glob("*/*/operators/*")):
        out.append((f"preflight fixture {rel(ops)}", ["preflight", str(ops), "--pipeline", "community", "--format", "json"]))
    out.extend(diagnose_jobs())
    out.extend(mirror_jobs())
    return out


def sample_channels(probe, unit, name, default, channels):
    """The default channel and the channel with the most entries (from `graph --json`), and
    a bundle of the first of them that is not its head (the middle one of its entries)."""
    picked = [c for c in channels if c == default]
    head = None
    code, out, _ = run(probe, ["graph", str(unit), "-p", name, "--json"])
    try:
        doc = json.loads(out)
        chans = doc.get("channels", [])
        sizes = [(len(c.get("nodes", [])), c.get("name")) for c in chans]
        if sizes:
            big = max(sizes, key=lambda s: s[0])[1]
            if big and big not in picked:
                picked.append(big)
        first = [c for c in chans if c.get("name") in picked[:1]] or chans[:1]
        if first:
            names = [n.get("name") for n in first[0].get("nodes", []) if n.get("name") != first[0].get("head")]
            names = [n for n in names if isinstance(n, str)]
            if names:
                head = names[len(names) // 2]
    except (ValueError, AttributeError):
        pass
    if not picked and channels:
        picked.append(channels[0])
    return picked, head


def diagnose_jobs():
    out = []
    desch = CATALOGS / "openshift-kube-descheduler-fbc"
    pat = CATALOGS / "community-operators-prod/v4.21/patterns-operator.yaml"
    cluster = CORE_FIXTURES / "cluster"
    states = sorted(p for p in cluster.glob("v*/*") if p.suffix in (".yaml", ".json") or p.is_dir())
    for s in states:
        out.append((f"diagnose {rel(s)}",
                    ["diagnose", str(s), "--catalog", str(desch / "v4.16"), "--catalog", str(pat), "--json"]))
    across = cluster / "v1/across.yaml"
    if across.exists():
        for names in (("redhat-operators-v4-16", "redhat-operators-v4-17"), ("a", "b")):
            out.append((f"diagnose {rel(across)} {names}",
                        ["diagnose", str(across), "--catalog", f"{names[0]}={desch / 'v4.16'}",
                         "--catalog", f"{names[1]}={desch / 'v4.17'}", "--json"]))
    return out


def mirror_jobs():
    out = []
    desch = str(CATALOGS / "openshift-kube-descheduler-fbc/v4.18")
    m = CLI_FIXTURES / "mirror"
    for cfg in sorted(m.glob("*.yaml")):
        catalog = str(m / "required.json") if cfg.name == "required.yaml" else desch
        out.append((f"mirror {cfg.name}", ["mirror", catalog, "--config", str(cfg), "--json"]))
        if cfg.name == "two-entries.yaml":
            out.append((f"mirror {cfg.name} picked",
                        ["mirror", catalog, "--config", str(cfg), "--json", "--catalog",
                         "registry.redhat.io/redhat/redhat-operator-index:v4.18"]))
        if cfg.name == "descheduler-min.yaml":
            for installed in ("clusterkubedescheduleroperator.v5.0.1", "5.1.1"):
                out.append((f"mirror {cfg.name} --installed {installed}",
                            ["mirror", catalog, "--config", str(cfg), "--json", "--installed", installed]))
    core_isc = CORE_FIXTURES / "mirror"
    for cat in sorted(core_isc.glob("*.json")):
        for cfg in sorted(m.glob("*.yaml")):
            out.append((f"mirror {cat.name} {cfg.name}", ["mirror", str(cat), "--config", str(cfg), "--json"]))
    return out


def key(name):
    return hashlib.sha1(name.encode()).hexdigest()[:16]


class Side:
    """A binary to run, or a directory of recorded outputs."""

    def __init__(self, path):
        self.path = Path(path)
        self.recorded = self.path.is_dir()

    def get(self, name, args):
        if not self.recorded:
            return run(self.path, args)
        f = self.path / key(name)
        if not f.exists():
            return "missing", b"", b""
        data = f.read_bytes()
        head, rest = data.split(b"\n", 1)
        code, n_out = head.decode().split(" ")
        code = int(code) if code.lstrip("-").isdigit() else code
        n_out = int(n_out)
        return code, rest[:n_out], rest[n_out:]


def record(dest, name, result):
    code, out, err = result
    (dest / key(name)).write_bytes(f"{code} {len(out)}\n".encode() + out + err)


def first_difference(a, b):
    la, lb = a.split(b"\n"), b.split(b"\n")
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1}:\n    - {x[:200]!r}\n    + {y[:200]!r}"
    return f"length {len(la)} lines against {len(lb)}"


def build_rev(rev):
    wt = ROOT / "target" / "compare-base" / "worktree"
    if wt.exists():
        subprocess.run(["git", "worktree", "remove", "--force", str(wt)], cwd=ROOT, check=False)
    subprocess.run(["git", "worktree", "add", "--detach", str(wt), rev], cwd=ROOT, check=True)
    target = ROOT / "target" / "compare-base" / "target"
    subprocess.run(["cargo", "build", "-p", "olm-graph-cli", "--target-dir", str(target)], cwd=wt, check=True)
    built = ROOT / "target" / "compare-base" / "olm-graph"
    shutil.copy2(target / "debug" / "olm-graph", built)
    subprocess.run(["git", "worktree", "remove", "--force", str(wt)], cwd=ROOT, check=False)
    return built


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", help="the binary before the change, or a directory of recorded outputs")
    ap.add_argument("--base-rev", help="a git revision to build as the base")
    ap.add_argument("--new", default=str(ROOT / "target/debug/olm-graph"), help="the binary after the change")
    ap.add_argument("--record", help="write the new binary's outputs to this directory instead of comparing")
    ap.add_argument("--all-channels", action="store_true", help="render every channel, not a sample")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--only", help="only the jobs whose name contains this text")
    a = ap.parse_args()
    new = Path(a.new)
    if not new.is_file():
        print(f"no binary at {new}: run `cargo build -p olm-graph-cli` first", file=sys.stderr)
        return 2
    if a.base_rev:
        a.base = str(build_rev(a.base_rev))
    if not a.record and not a.base:
        print("give --base, --base-rev or --record", file=sys.stderr)
        return 2
    base = Side(a.base) if a.base else None
    probe = base.path if base and not base.recorded else new
    todo = jobs(probe, a.all_channels)
    if a.only:
        todo = [j for j in todo if a.only in j[0]]
    if a.record:
        dest = Path(a.record)
        dest.mkdir(parents=True, exist_ok=True)
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
            for (name, _), result in zip(todo, ex.map(lambda j: run(new, j[1]), todo)):
                record(dest, name, result)
        (dest / "INDEX").write_text("".join(f"{key(n)} {n}\n" for n, _ in todo))
        print(f"recorded {len(todo)} outputs in {dest}")
        return 0

    def both(job):
        name, args = job
        return base.get(name, args), run(new, args)

    diffs = 0
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for (name, args), (x, y) in zip(todo, ex.map(both, todo)):
            if x == y:
                continue
            diffs += 1
            print(f"DIFFERENT: {name}\n  olm-graph {' '.join(args)}")
            if x[0] != y[0]:
                print(f"  exit status {x[0]} -> {y[0]}")
            for label, i in (("stdout", 1), ("stderr", 2)):
                if x[i] != y[i]:
                    print(f"  {label} {first_difference(x[i], y[i])}")
    print(f"{len(todo)} outputs compared, {diffs} different")
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
