"""`aasalint lsp` driven end to end by a real LSP client (pytest-lsp, on pygls).

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


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[server_binary(), "lsp"]))
async def client(lsp_client: LanguageClient, tmp_path: pathlib.Path):
    (tmp_path / ".git").mkdir()  # the configuration is looked for up to here
    lsp_client.registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register(params: types.RegistrationParams):
        lsp_client.registrations.extend(params.registrations)

    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=pytest_lsp.client_capabilities("visual-studio-code"),
            root_uri=tmp_path.as_uri(),
            initialization_options={"debounceMilliseconds": 50},
        )
    )
    yield  # each test shuts the server down itself, to see how it exits


async def published(client: LanguageClient):
    await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), HANG_GUARD_SECONDS)


async def shut_down(client: LanguageClient):
    """`shutdown`, then `exit`: the server ends with status 0."""
    await client.shutdown_session()
    assert client._server.returncode == 0


def by_rule(diagnostics):
    return {diagnostic.code: diagnostic for diagnostic in diagnostics}


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
    # "🛍" and "😀" are two UTF-16 code units each: the finding covers "😀", characters 27 and 28.
    assert span(found["non-ascii-pattern"]) == (5, 27, 5, 29)
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

    # The exclusion moved above the component that shadowed it: that finding goes.
    reordered = BROKEN_AASA.replace(
        '        {"/": "/shop/*"},\n        {"/": "/shop/gift", "exclude": true}\n',
        '        {"/": "/shop/gift", "exclude": true},\n        {"/": "/shop/*"}\n',
    )
    assert reordered != BROKEN_AASA
    assert set(by_rule(await change_document(client, aasa, reordered, version=2))) == {"invalid-app-id", "non-ascii-pattern"}
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
