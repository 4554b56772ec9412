"""`aasalint lsp` driven end to end by a real LSP client (pytest-lsp, on pygls): diagnostics,
hover, quick fixes and fix-all applied by the client, the configuration, a clean exit.

Run from the repository's root after a build: `.venv/bin/pytest Tests/lsp`. The server is
$AASALINT_BINARY, else the release build, else the debug build.
"""

import asyncio
import os
import pathlib
import sys

import pytest
from lsprotocol import types

import pytest_lsp
from pytest_lsp import ClientServerConfig, LanguageClient

ROOT = pathlib.Path(__file__).resolve().parents[2]
# Not a measure of speed: a server that never answers fails the run instead of hanging CI.
HANG_GUARD_SECONDS = 120


def server_binary() -> str:
    given = os.environ.get("AASALINT_BINARY")
    if given:
        return given
    for build in ("release", "debug"):
        candidate = ROOT / ".build" / build / "aasalint"
        if candidate.exists():
            return str(candidate)
    pytest.exit("build aasalint first (swift build), or set AASALINT_BINARY", returncode=2)


# A sample team ID (line 3), a non-ASCII pattern after a character outside the Basic
# Multilingual Plane (line 6), and an exclusion that the component before it shadows (line 8).
BROKEN_AASA = """{
  "applinks": {
    "details": [{
      "appIDs": ["ABCDE12345.com.example.shop"],
      "components": [
        {"#": "🛍", "/": "/😀/*"},
        {"/": "/shop/*"},
        {"/": "/shop/gift", "exclude": true}
      ]
    }]
  }
}
"""


async def start_session(lsp_client: LanguageClient, tmp_path: pathlib.Path, capabilities: types.ClientCapabilities):
    (tmp_path / ".git").mkdir()  # the configuration is looked for up to here
    lsp_client.registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        lsp_client.registrations.extend(params.registrations)

    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=capabilities,
            root_uri=tmp_path.as_uri(),
            initialization_options={"debounceMilliseconds": 50},
        )
    )


def stop_server(lsp_client: LanguageClient):
    """Each test shuts the server down itself, to see how it exits. A test that failed before its
    shutdown leaves the server running: stop it, so that the failure is reported instead of the
    suite waiting for an exit that never comes."""
    if lsp_client._server is not None and lsp_client._server.returncode is None:
        lsp_client._server.kill()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[server_binary(), "lsp"]))
async def client(lsp_client: LanguageClient, tmp_path: pathlib.Path):
    await start_session(lsp_client, tmp_path, pytest_lsp.client_capabilities("visual-studio-code"))
    yield
    stop_server(lsp_client)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[server_binary(), "lsp"]))
async def client_that_cannot_watch_files(lsp_client: LanguageClient, tmp_path: pathlib.Path):
    """A client, as some editors are, that cannot register for workspace/didChangeWatchedFiles."""
    capabilities = pytest_lsp.client_capabilities("visual-studio-code")
    capabilities.workspace.did_change_watched_files = types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=False)
    await start_session(lsp_client, tmp_path, capabilities)
    yield
    stop_server(lsp_client)


async def published(client: LanguageClient):
    await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), HANG_GUARD_SECONDS)


async def shut_down(client: LanguageClient):
    """`shutdown`, then `exit`: the server ends with status 0."""
    await client.shutdown_session()
    assert client._server.returncode == 0


def by_rule(diagnostics):
    """The first finding of each rule."""
    found = {}
    for diagnostic in diagnostics:
        found.setdefault(diagnostic.code, diagnostic)
    return found


def offset(text: str, position: types.Position) -> int:
    """The index in `text` of an LSP position, whose characters are UTF-16 code units."""
    lines = text.split("\n")
    index = sum(len(line) + 1 for line in lines[: position.line])
    units = 0
    for character in lines[position.line]:
        if units >= position.character:
            break
        units += 2 if ord(character) > 0xFFFF else 1
        index += 1
    return index


def applying(edits, text: str) -> str:
    for edit in sorted(edits, key=lambda edit: (edit.range.start.line, edit.range.start.character), reverse=True):
        text = text[: offset(text, edit.range.start)] + edit.new_text + text[offset(text, edit.range.end) :]
    return text


def span(diagnostic):
    start, end = diagnostic.range.start, diagnostic.range.end
    return (start.line, start.character, end.line, end.character)


async def open_document(client: LanguageClient, path: pathlib.Path, text: str):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=path.as_uri(), language_id="json", version=1, text=text)
        )
    )
    await published(client)
    return client.diagnostics[path.as_uri()]


async def change_document(client: LanguageClient, path: pathlib.Path, text: str, version: int):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=path.as_uri(), version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    await published(client)
    return client.diagnostics[path.as_uri()]


async def test_diagnostics_hover_and_a_clean_shutdown(client: LanguageClient, tmp_path: pathlib.Path):
    aasa = tmp_path / ".well-known" / "apple-app-site-association"
    aasa.parent.mkdir()
    aasa.write_text(BROKEN_AASA)

    found = by_rule(await open_document(client, aasa, BROKEN_AASA))
    assert set(found) == {"invalid-app-id", "non-ascii-pattern", "exclude-shadowed"}
    assert span(found["invalid-app-id"]) == (3, 17, 3, 46)
    # "🛍" and "😀" are two UTF-16 code units each: the findings cover characters 15-16 and 27-28.
    assert [span(d) for d in client.diagnostics[aasa.as_uri()] if d.code == "non-ascii-pattern"] == [(5, 15, 5, 17), (5, 27, 5, 29)]
    shadowed = found["exclude-shadowed"]
    assert span(shadowed) == (7, 8, 7, 44)
    assert shadowed.severity == types.DiagnosticSeverity.Error
    assert shadowed.source == "aasalint"
    assert shadowed.code_description.href.endswith("docs/rules.md#exclude-shadowed")
    assert span(shadowed.related_information[0].location) == (6, 8, 6, 24)

    hover = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=aasa.as_uri()),
            position=types.Position(line=7, character=20),
        )
    )
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert "component 3 of details entry `/applinks/details/0`" in hover.contents.value
    assert "**Shadowed:** component 2 (line 7) decides `https://example.com/shop/gift/` first" in hover.contents.value
    assert span(hover) == (7, 8, 7, 44)

    # The quick fix moves the exclusion above the component that shadowed it: that finding goes.
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=aasa.as_uri()),
            range=shadowed.range,
            context=types.CodeActionContext(diagnostics=[shadowed], only=[types.CodeActionKind.QuickFix]),
        )
    )
    assert [action.title for action in actions] == ["move this exclusion above line 7 (unsafe fix: check the result)"]
    assert actions[0].diagnostics[0].code == "exclude-shadowed"
    reordered = applying(actions[0].edit.changes[aasa.as_uri()], BROKEN_AASA)
    assert reordered == BROKEN_AASA.replace(
        '        {"/": "/shop/*"},\n        {"/": "/shop/gift", "exclude": true}\n',
        '        {"/": "/shop/gift", "exclude": true},\n        {"/": "/shop/*"}\n',
    )
    assert set(by_rule(await change_document(client, aasa, reordered, version=2))) == {"invalid-app-id", "non-ascii-pattern"}
    await shut_down(client)


async def test_fix_all_makes_every_safe_fix(client: LanguageClient, tmp_path: pathlib.Path):
    aasa = tmp_path / "apple-app-site-association"
    misspelt = BROKEN_AASA.replace('"appIDs"', '"appIds"')
    assert "unknown-key" in by_rule(await open_document(client, aasa, misspelt))
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=aasa.as_uri()),
            range=types.Range(start=types.Position(line=0, character=0), end=types.Position(line=0, character=0)),
            context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.SourceFixAll]),
        )
    )
    assert [action.kind for action in actions] == ["source.fixAll.aasalint"]
    fixed = applying(actions[0].edit.changes[aasa.as_uri()], misspelt)
    assert fixed == BROKEN_AASA
    assert "unknown-key" not in by_rule(await change_document(client, aasa, fixed, version=2))
    await shut_down(client)


async def test_the_configuration_decides_and_reports_its_own_mistakes(client: LanguageClient, tmp_path: pathlib.Path):
    aasa = tmp_path / "apple-app-site-association"
    configuration = tmp_path / ".aasalint.yml"
    configuration.write_text("rules:\n  invalid-app-id: off\n")
    assert "invalid-app-id" not in by_rule(await open_document(client, aasa, BROKEN_AASA))
    # Asked for after `initialized`, so before the diagnostics of the first document.
    assert [registration.method for registration in client.registrations] == [types.WORKSPACE_DID_CHANGE_WATCHED_FILES]

    # Edited on disk (another editor, a checkout): the watched file says so.
    configuration.write_text("rules:\n  invalid-app-id: warning\n")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(changes=[types.FileEvent(uri=configuration.as_uri(), type=types.FileChangeType.Changed)])
    )
    await published(client)
    assert by_rule(client.diagnostics[aasa.as_uri()])["invalid-app-id"].severity == types.DiagnosticSeverity.Warning

    mistakes = await open_document(client, configuration, "rules:\n  invalid-app-id: sometimes\n")
    assert len(mistakes) == 1
    assert mistakes[0].range.start.line == 1
    assert "sometimes" in mistakes[0].message
    await shut_down(client)


async def test_a_configuration_changed_on_disk_reaches_a_client_that_cannot_watch_files(
        client_that_cannot_watch_files: LanguageClient, tmp_path: pathlib.Path):
    client = client_that_cannot_watch_files
    aasa = tmp_path / "web__apple-app-site-association"
    configuration = tmp_path / ".aasalint.yml"
    configuration.write_text("rules:\n  invalid-app-id: warning\n")
    assert by_rule(await open_document(client, aasa, BROKEN_AASA))["invalid-app-id"].severity == types.DiagnosticSeverity.Warning
    assert client.registrations == []

    # Changed on disk with no word from the client (a checkout, another editor): the server notices.
    configuration.write_text("rules:\n  invalid-app-id: off\n")
    await published(client)
    assert "invalid-app-id" not in by_rule(client.diagnostics[aasa.as_uri()])
    await shut_down(client)
