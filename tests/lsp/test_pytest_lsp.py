"""`olm-graph lsp` driven by pytest-lsp (the pygls project's client harness) on a real catalog
copied from ../shared/catalogs: diagnostics equal `lint --format json`'s, a dangling `replaces`
appears and goes, hover shows the path to the head, definition jumps to the `olm.bundle`, and
the code action's edit makes the file lint clean."""

import asyncio
import pathlib

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from conftest import OLM_GRAPH, lint, lint_keys

FILE = "nfs-provisioner-operator.yaml"
OLD = "replaces: nfs-provisioner-operator.v0.0.8"
MISSING = "replaces: nfs-provisioner-operator.v0.0.7"


# One server for the module: each test opens the documents it needs with their own text.
@pytest_lsp.fixture(config=ClientServerConfig(server_command=[OLM_GRAPH, "lsp"]), scope="module")
async def client(lsp_client: LanguageClient, catalog: pathlib.Path):
    params = types.InitializeParams(
        capabilities=types.ClientCapabilities(),
        root_uri=catalog.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=catalog.as_uri(), name="catalog")],
    )
    # Every diagnostics notification, in order: pytest-lsp's `wait_for_notification` hands one
    # notification of a burst to the waiter and drops the rest, so a test waiting on one file
    # could miss its diagnostics when the server published for several files at once (the
    # workspace's at start, or a change that touches other files) on a loaded machine.
    handle = lsp_client.protocol._handle_notification

    def record(method, params):
        if method == types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS:
            lsp_client.published.append(params)
        return handle(method, params)

    lsp_client.published = []
    lsp_client.awaiting = {}
    lsp_client.protocol._handle_notification = record
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


def keys(diagnostics) -> list[tuple]:
    """The same (code, line, column, severity) of the server's located diagnostics."""
    return sorted(
        (d.code, d.range.start.line + 1, d.range.start.character + 1, int(d.severity))
        for d in diagnostics
        if (d.data or {}).get("located")
    )


def sent(client: LanguageClient, path: pathlib.Path, version: int):
    """Notes that version `version` of `path` was just sent: its diagnostics are those
    published after this point ([`diagnostics_of`])."""
    client.awaiting[path.as_uri()] = (len(client.published), version)


def open_file(client: LanguageClient, path: pathlib.Path, text: str):
    sent(client, path, 1)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=path.as_uri(), language_id="yaml", version=1, text=text
            )
        )
    )


def change(client: LanguageClient, path: pathlib.Path, version: int, text: str):
    sent(client, path, version)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )


async def diagnostics_of(client: LanguageClient, path: pathlib.Path):
    """Waits for the diagnostics the server publishes for the version of `path` last sent
    (the server names the version; a minute at most: a server that never answers fails the
    test rather than hanging it)."""
    uri = path.as_uri()
    since, version = client.awaiting[uri]

    async def wait():
        while True:
            for params in client.published[since:]:
                if params.uri == uri and params.version == version:
                    return params.diagnostics
            await asyncio.sleep(0.02)

    return await asyncio.wait_for(wait(), timeout=60)


async def test_every_file_has_lints_findings(client: LanguageClient, catalog: pathlib.Path):
    findings = lint(catalog)
    files = sorted({pathlib.Path(d["location"]["file"]) for d in findings if d.get("location")})
    assert len(files) >= 5, "the folder has findings to compare in several files"
    for f in files:
        open_file(client, f, f.read_text())
        got = await diagnostics_of(client, f)
        assert keys(got) == lint_keys(findings, f), f
        assert all(d.code_description and "rules.md#" in d.code_description.href for d in got)


async def test_dangling_replaces_appears_then_goes(client: LanguageClient, catalog: pathlib.Path):
    path = catalog / FILE
    text = path.read_text()
    open_file(client, path, text)
    await diagnostics_of(client, path)
    change(client, path, 2, text.replace(OLD, MISSING))
    got = await diagnostics_of(client, path)
    assert [d.code for d in got] == ["opm.validate.chain"]
    # v0.0.8 is now named by no entry: a second head.
    assert got[0].message.startswith("multiple channel heads found in graph")
    change(client, path, 3, text)
    assert len(await diagnostics_of(client, path)) == 0


async def test_hover_shows_the_path_to_the_head(client: LanguageClient, catalog: pathlib.Path):
    path = catalog / FILE
    text = path.read_text()
    open_file(client, path, text)
    line = next(i for i, l in enumerate(text.splitlines()) if OLD in l)
    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            position=types.Position(line=line, character=len("  replaces: ") + 3),
        )
    )
    value = hover.contents.value
    assert "1. nfs-provisioner-operator.v0.0.8 -> nfs-provisioner-operator.v0.0.9  via replaces" in value
    assert "ends on nfs-provisioner-operator.v0.0.9: up-to-date" in value


async def test_definition_jumps_to_the_bundle(client: LanguageClient, catalog: pathlib.Path):
    path = catalog / FILE
    text = path.read_text()
    open_file(client, path, text)
    line = next(i for i, l in enumerate(text.splitlines()) if OLD in l)
    found = await client.text_document_definition_async(
        types.DefinitionParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            position=types.Position(line=line, character=len("  replaces: ") + 3),
        )
    )
    target = text.splitlines()[found.range.start.line]
    assert target == "name: nfs-provisioner-operator.v0.0.8"
    # ... inside the olm.bundle document.
    rest = text.splitlines()[found.range.start.line :]
    doc = rest[: next((i for i, l in enumerate(rest) if l == "---"), len(rest))]
    assert "schema: olm.bundle" in doc


async def test_code_action_fixes_the_dangling_replaces(client: LanguageClient, catalog: pathlib.Path):
    path = catalog / FILE
    text = path.read_text()
    broken = text.replace(OLD, MISSING)
    open_file(client, path, text)
    await diagnostics_of(client, path)
    change(client, path, 2, broken)
    got = await diagnostics_of(client, path)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            range=got[0].range,
            context=types.CodeActionContext(diagnostics=got),
        )
    )
    assert len(actions) == 1
    edit = actions[0].edit.changes[path.as_uri()][0]
    lines = broken.splitlines(keepends=True)
    line = lines[edit.range.start.line]
    lines[edit.range.start.line] = (
        line[: edit.range.start.character] + edit.new_text + line[edit.range.end.character :]
    )
    fixed = "".join(lines)
    path.write_text(fixed)
    try:
        assert lint_keys(lint(path), path) == []
        assert fixed == text
    finally:
        path.write_text(text)
        change(client, path, 3, text)


async def test_render_returns_the_channels_svg(client: LanguageClient, catalog: pathlib.Path):
    import subprocess

    path = catalog / FILE
    open_file(client, path, path.read_text())
    result = await client.protocol.send_request_async(
        "olm-graph/render",
        types.TextDocumentPositionParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()),
            position=types.Position(line=8, character=20),
        ),
    )
    svg = subprocess.run(
        [OLM_GRAPH, "render", str(catalog), "-p", "nfs-provisioner-operator", "-c", "alpha"],
        capture_output=True,
        text=True,
    ).stdout
    assert result.svg == svg
