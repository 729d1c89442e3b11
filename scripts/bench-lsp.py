#!/usr/bin/env python3
"""Times `olm-graph lsp` as an editor feels it (docs/performance.md#language-server): from the
`initialized` notification to the first diagnostics and to the diagnostics of every file of the
folder, then from a one-line change of a file to its new diagnostics. Standard library only.

    python3 scripts/bench-lsp.py target/release/olm-graph ../shared/catalogs/community-operators-prod \\
        --file v4.21/stackgres-community.yaml --runs 5
"""

import argparse
import json
import os
import statistics
import subprocess
import time


class Server:
    """`olm-graph lsp` over pipes."""

    def __init__(self, binary, root):
        self.p = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.root = root
        self.next_id = 0

    def send(self, message):
        body = json.dumps(message).encode()
        self.p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.p.stdin.flush()

    def recv(self):
        length = 0
        while True:
            line = self.p.stdout.readline().decode().strip()
            if not line:
                break
            key, value = line.split(": ", 1)
            if key == "Content-Length":
                length = int(value)
        return json.loads(self.p.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            m = self.recv()
            if m.get("id") == self.next_id:
                return m

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def stop(self):
        self.request("shutdown", None)
        self.notify("exit", None)
        self.p.wait()


def uri(path):
    return "file://" + path


def diagnostics_of(server, file_uri):
    while True:
        m = server.recv()
        if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == file_uri:
            return m["params"]["diagnostics"]


def one_run(binary, root, file):
    s = Server(binary, root)
    s.request("initialize", {"processId": os.getpid(), "rootUri": uri(root), "capabilities": {}})
    start = time.perf_counter()
    s.notify("initialized", {})
    # The first diagnostics, then every file's (a marker request answered after them).
    s.recv()
    first = time.perf_counter() - start
    s.request("workspace/symbol", {"query": "zzz-no-such-name"})
    all_files = time.perf_counter() - start
    text = open(file).read()
    s.notify("textDocument/didOpen", {"textDocument": {"uri": uri(file), "languageId": "yaml", "version": 1, "text": text}})
    diagnostics_of(s, uri(file))
    lines = text.split("\n")
    # A one-line change: a `replaces` (or else the first line) given a name no bundle has.
    i = next((n for n, l in enumerate(lines) if "replaces" in l), 0)
    changed = lines[:]
    changed[i] = lines[i].rstrip(",") + "-x" + ("," if lines[i].endswith(",") else "")
    start = time.perf_counter()
    s.notify("textDocument/didChange", {"textDocument": {"uri": uri(file), "version": 2}, "contentChanges": [{"text": "\n".join(changed)}]})
    diagnostics_of(s, uri(file))
    change = time.perf_counter() - start
    s.stop()
    return first, all_files, change


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("binary")
    ap.add_argument("root")
    ap.add_argument("--file", required=True, help="the file changed, relative to ROOT")
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    root = os.path.abspath(a.root)
    file = os.path.join(root, a.file)
    runs = [one_run(os.path.abspath(a.binary), root, file) for _ in range(a.runs)]
    for name, k in (("first diagnostics", 0), ("every file's diagnostics", 1), ("one-line change", 2)):
        values = sorted(r[k] * 1000 for r in runs)
        print(f"{name}: median {statistics.median(values):.0f} ms (min {values[0]:.0f}, max {values[-1]:.0f}, {len(values)} runs)")


if __name__ == "__main__":
    main()
