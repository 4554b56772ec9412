"""`aasalint mcp` driven end to end by the MCP Python SDK's client (PyPI `mcp`) over standard
input and output, as an agent starts it: the handshake, the tools, each tool on fixtures (its
result is the command's JSON report), the client's workspace roots, and hostile calls (huge
text, bad arguments, paths outside the workspace), which get errors while the server goes on.

Run from the repository's root after a build: `.venv/bin/pytest Tests/mcp`. The server is
$AASALINT_BINARY, else the release build, else the debug build.
"""

import json
import os
import pathlib
import subprocess
import tempfile

import anyio
import pytest
from mcp import ClientSession, MCPError, StdioServerParameters, stdio_client
from mcp import types

ROOT = pathlib.Path(__file__).resolve().parents[2]
BROKEN = "Fixtures/cli/broken/shop/.well-known/apple-app-site-association"
BLOG = "Fixtures/examples/blog/apple-app-site-association"
# Not a measure of speed: a server that never answers fails the run instead of hanging CI.
HANG_GUARD_SECONDS = 120


def binary() -> str:
    given = os.environ.get("AASALINT_BINARY")
    if given:
        return os.path.abspath(given)
    for build in ("release", "debug"):
        candidate = ROOT / ".build" / build / "aasalint"
        if candidate.exists():
            return str(candidate)
    pytest.exit("build aasalint first (swift build), or set AASALINT_BINARY", returncode=2)


def cli(*arguments: str) -> str:
    return subprocess.run([binary(), *arguments], cwd=ROOT, capture_output=True, text=True).stdout


def serve(test, *, arguments=(), roots=None, cwd=ROOT):
    """Runs `test(session)` against a fresh server started in `cwd`."""

    async def list_roots(context):
        return types.ListRootsResult(roots=[types.Root(uri=pathlib.Path(root).as_uri()) for root in roots])

    async def main():
        parameters = StdioServerParameters(command=binary(), args=["mcp", *arguments], cwd=str(cwd))
        with anyio.fail_after(HANG_GUARD_SECONDS):
            async with stdio_client(parameters) as (read, write):
                async with ClientSession(read, write, list_roots_callback=list_roots if roots else None) as session:
                    initialized = await session.initialize()
                    assert initialized.server_info.name == "aasalint"
                    await test(session)

    anyio.run(main)


def report(result: types.CallToolResult) -> dict:
    assert result.structured_content == json.loads(result.content[0].text)
    return result.structured_content


def test_lists_the_tools_and_offers_fetch_only_when_allowed():
    async def names(session):
        return [tool.name for tool in (await session.list_tools()).tools]

    async def without_fetch(session):
        assert await names(session) == ["lint", "match", "explain_order", "diff"]
        with pytest.raises(MCPError, match="without --allow-fetch"):
            await session.call_tool("fetch", {"host": "example.com"})

    async def with_fetch(session):
        assert await names(session) == ["lint", "match", "explain_order", "diff", "fetch"]
        # The address guard of `aasalint fetch`: no loopback, no bare address.
        for host in ("localhost", "127.0.0.1", "[::1]"):
            with pytest.raises(MCPError, match="is not a host name"):
                await session.call_tool("fetch", {"host": host})

    serve(without_fetch)
    serve(with_fetch, arguments=["--allow-fetch"])


def test_lint_answers_the_json_report_of_aasalint_lint():
    async def test(session):
        by_path = await session.call_tool("lint", {"path": BROKEN})
        assert not by_path.is_error
        expected = json.loads(cli("lint", "--format", "json", str(ROOT / BROKEN)))
        assert report(by_path) == expected
        assert [d["ruleId"] for d in expected["diagnostics"]] == ["invalid-app-id", "unreachable-detail", "empty-components", "invalid-app-id"]

        text = (ROOT / BROKEN).read_text()
        by_text = report(await session.call_tool("lint", {"text": text, "filename": "web/apple-app-site-association"}))
        assert [d["ruleId"] for d in by_text["diagnostics"]] == [d["ruleId"] for d in expected["diagnostics"]]
        assert by_text["diagnostics"][0]["file"] == str(ROOT / "web" / "apple-app-site-association")

        folder = report(await session.call_tool("lint", {"path": "Fixtures/examples"}))
        assert folder["files"] == json.loads(cli("lint", "--format", "json", str(ROOT / "Fixtures/examples")))["files"]

        not_json = await session.call_tool("lint", {"text": "{", "kind": "aasa"})
        assert [d["ruleId"] for d in report(not_json)["diagnostics"]] == ["invalid-json"]

    serve(test)


def test_match_explain_order_and_diff_answer_their_commands_json():
    async def test(session):
        url = "https://example.com/blog/post"
        matched = report(await session.call_tool("match", {"path": BLOG, "url": url}))
        expected = json.loads(cli("match", BLOG, url, "--format", "json"))
        assert matched["decisions"] == expected["decisions"]
        traced = report(await session.call_tool("match", {"path": BLOG, "url": url, "trace": True}))
        assert traced["decisions"] == json.loads(cli("match", BLOG, url, "--format", "json", "--trace"))["decisions"]

        text = (ROOT / BLOG).read_text()
        order = report(await session.call_tool("explain_order", {"text": text}))
        assert order["entries"] == json.loads(cli("match", "--explain-order", "--format", "json", BLOG))["entries"]

        old = '{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/shop/*"}]}]}}'
        new = old.replace("/shop/*", "/store/*")
        difference = report(await session.call_tool("diff", {"old": old, "new": new}))
        assert difference == json.loads(subprocess.run([binary(), "diff", "--format", "json", "/dev/fd/3", "/dev/fd/4"],
                                                       capture_output=True, text=True, pass_fds=pipes(old, new)).stdout
                                        .replace("/dev/fd/3", "old").replace("/dev/fd/4", "new"))

        broken = await session.call_tool("match", {"text": "[1]", "url": url})
        assert broken.is_error and "root must be a JSON object" in broken.content[0].text

    serve(test)


def pipes(*texts):
    """Descriptors 3 and 4 of the child hold the texts (diff reads files)."""
    descriptors = []
    for number, text in zip((3, 4), texts):
        read, write = os.pipe()
        os.write(write, text.encode())
        os.close(write)
        os.dup2(read, number)
        descriptors.append(number)
    return descriptors


def test_hostile_calls_get_errors_and_the_server_goes_on():
    async def test(session):
        refused = [
            ("lint", {"text": "x" * (5 * 1024 * 1024)}, "over the limit"),
            ("lint", {"path": "../"}, "outside the workspace"),
            ("lint", {"path": "/etc/passwd"}, "outside the workspace"),
            ("lint", {"path": "escape/passwd"}, "outside the workspace"),
            ("lint", {"path": "no/such/file"}, "no such file"),
            ("lint", {"path": BROKEN, "text": "{}"}, "either path or text"),
            ("lint", {"text": "{}", "filename": "/etc/apple-app-site-association"}, "outside the workspace"),
            ("lint", {"config": "/etc/hostname", "path": BROKEN}, "outside the workspace"),
            ("lint", {"paths": BROKEN}, "has no argument paths"),
            ("lint", {"path": 42}, "path must be a string, not a JSON number"),
            ("match", {"path": BLOG}, "match needs url"),
            ("match", {"path": "Fixtures/examples", "url": "https://example.com/"}, "not a regular file"),
            ("match", {"path": BLOG, "url": "not a url"}, "url"),
            ("diff", {"old": "{}"}, "old and new"),
            ("no_such_tool", {}, "no tool named no_such_tool"),
        ]
        for name, arguments, message in refused:
            with pytest.raises(MCPError, match=message):
                await session.call_tool(name, arguments)
        assert not (await session.call_tool("lint", {"path": BROKEN})).is_error

    link = ROOT / "escape"
    link.symlink_to("/etc")
    try:
        serve(test)
    finally:
        link.unlink()


def test_the_clients_roots_replace_the_starting_folder():
    async def test(session):
        inside = report(await session.call_tool("lint", {"path": "blog/apple-app-site-association"}))
        assert inside["files"] == 1
        with pytest.raises(MCPError, match="outside the workspace roots"):
            await session.call_tool("lint", {"path": str(ROOT / BROKEN)})

    serve(test, roots=[ROOT / "Fixtures" / "examples"])


def test_a_line_over_the_limit_is_skipped_and_answered():
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "raw", "version": "1"}}},
        "x" * (10 * 1024 * 1024),
        "not json",
        {"jsonrpc": "2.0", "id": 2, "method": "ping"},
        {"jsonrpc": "2.0", "id": 3, "method": "resources/list"},
    ]
    lines = "".join((m if isinstance(m, str) else json.dumps(m)) + "\n" for m in messages)
    run = subprocess.run([binary(), "mcp"], input=lines, capture_output=True, text=True, cwd=ROOT, timeout=HANG_GUARD_SECONDS)
    assert run.returncode == 0
    answers = [json.loads(line) for line in run.stdout.splitlines()]
    assert [answer.get("id") for answer in answers] == [1, None, None, 2, 3]
    assert "over the limit" in answers[1]["error"]["message"]
    assert answers[2]["error"]["code"] == -32700
    assert answers[3]["result"] == {}
    assert answers[4]["error"]["code"] == -32601
