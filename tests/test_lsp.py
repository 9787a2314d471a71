"""The language server (`graphlint server`), driven over stdio by pygls's LanguageClient: the real server
process, a real client. Every wait has a timeout, so a hang fails the test instead of blocking the run."""

from __future__ import annotations

import asyncio
import json
import os
import sys
import textwrap
from contextlib import asynccontextmanager
from pathlib import Path

import pytest

pytest.importorskip("pygls")

from lsprotocol import types  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402

from graphlint.catalog import rules_dir  # noqa: E402

TIMEOUT = 60  # seconds for a whole scenario; a cold server lints its first file in ~1-2 s
WAIT = 20  # seconds for one expected message

MODEL = textwrap.dedent("""\
    import torch
    import torch.nn as nn

    K = 3


    class Net(nn.Module):
        def forward(self, x):
            print(x.shape)
            y = globals()["K"]
            return x * x.sum().item() * y
""")
# (0-based line, code) of what MODEL gives
MODEL_FINDINGS = {(8, "GL201"), (9, "GL606"), (10, "GL101")}


class Client(LanguageClient):
    """A LanguageClient that records what the server sends on its own."""

    def __init__(self):
        super().__init__("graphlint-tests", "1")
        self.diagnostics: dict[str, list[types.PublishDiagnosticsParams]] = {}
        self.messages: list[types.ShowMessageParams] = []
        self.logs: list[types.LogMessageParams] = []
        self.registrations: list[types.Registration] = []

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_diagnostics(params: types.PublishDiagnosticsParams):
            self.diagnostics.setdefault(params.uri, []).append(params)

        @self.feature(types.WINDOW_SHOW_MESSAGE)
        def on_message(params: types.ShowMessageParams):
            self.messages.append(params)

        @self.feature(types.WINDOW_LOG_MESSAGE)
        def on_log(params: types.LogMessageParams):
            self.logs.append(params)

        @self.feature(types.CLIENT_REGISTER_CAPABILITY)
        def on_register(params: types.RegistrationParams):
            self.registrations.extend(params.registrations)
            return None

    async def until(self, condition, what: str, timeout: float = WAIT):
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            value = condition()
            if value:
                return value
            if self._server is not None and self._server.returncode is not None:
                raise AssertionError(f"server exited ({self._server.returncode}) while waiting for {what}")
            if loop.time() > end:
                raise AssertionError(f"timed out waiting for {what}")
            await asyncio.sleep(0.02)

    async def published(self, uri: str, version: int | None = None, after: int = 0) -> types.PublishDiagnosticsParams:
        """The first diagnostics for uri published after the `after`-th one (and for `version`, if given)."""

        def find():
            for params in self.diagnostics.get(uri, [])[after:]:
                if version is None or params.version == version:
                    return params
            return None

        return await self.until(find, f"diagnostics for {uri} (version {version})")

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="python", version=version, text=text)))

    def change(self, uri: str, text: str, version: int) -> None:
        self.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))


CLIENT_CAPABILITIES = types.ClientCapabilities(
    workspace=types.WorkspaceClientCapabilities(
        did_change_watched_files=types.DidChangeWatchedFilesClientCapabilities(dynamic_registration=True),
        workspace_edit=types.WorkspaceEditClientCapabilities(document_changes=True),
    ),
    text_document=types.TextDocumentClientCapabilities(
        hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
        publish_diagnostics=types.PublishDiagnosticsClientCapabilities(related_information=True),
        synchronization=types.TextDocumentSyncClientCapabilities(did_save=True),
    ),
)


SERVER = ("-m", "graphlint", "server")
# the real server, with the engine made to crash on buffers that contain BOOM
CRASHING_SERVER = ("-c", "import graphlint.engine as e\n"
                         "real = e.lint_stdin\n"
                         "def lint_stdin(source, *a, **k):\n"
                         "    if 'BOOM' in source.text:\n"
                         "        raise RuntimeError('engine exploded')\n"
                         "    return real(source, *a, **k)\n"
                         "e.lint_stdin = lint_stdin\n"
                         "from graphlint.lsp import serve\n"
                         "serve()\n")


@asynccontextmanager
async def session(workspace: Path, env: dict | None = None, initialization_options=None, server=SERVER,
                  capabilities=CLIENT_CAPABILITIES):
    """A started and initialized server for a workspace; shut down and exited cleanly at the end."""
    client = Client()
    await client.start_io(sys.executable, *server, cwd=str(workspace), env={**os.environ, **(env or {})})
    try:
        result = await asyncio.wait_for(client.initialize_async(types.InitializeParams(
            process_id=os.getpid(), root_uri=workspace.as_uri(), capabilities=capabilities,
            workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="ws")],
            initialization_options=initialization_options)), WAIT)
        client.initialize_result = result
        client.initialized(types.InitializedParams())
        yield client
        await asyncio.wait_for(client.shutdown_async(None), WAIT)
        client.exit(None)
        code = await asyncio.wait_for(client._server.wait(), WAIT)
        assert code == 0, f"server exited with {code}"
    finally:
        if client._server is not None and client._server.returncode is None:
            client._server.kill()
            await client._server.wait()
        await client.stop()


def run(scenario):
    asyncio.run(asyncio.wait_for(scenario, TIMEOUT))


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text))
    return path


def codes(params: types.PublishDiagnosticsParams) -> set[tuple[int, str]]:
    return {(d.range.start.line, d.code) for d in params.diagnostics}


def apply_edit(text: str, edit: types.WorkspaceEdit, uri: str, version: int | None = None) -> str:
    """Apply a WorkspaceEdit to one document's text, as an editor does (UTF-16 positions)."""
    if edit.document_changes:
        assert len(edit.document_changes) == 1
        change = edit.document_changes[0]
        assert change.text_document.uri == uri
        if version is not None:
            assert change.text_document.version == version
        edits = change.edits
    else:
        edits = edit.changes[uri]

    lines = text.splitlines(keepends=True)

    def offset(pos: types.Position) -> int:
        before = sum(len(line) for line in lines[:pos.line])
        line = lines[pos.line] if pos.line < len(lines) else ""
        units = 0
        for i, ch in enumerate(line):
            if units >= pos.character:
                return before + i
            units += 2 if ord(ch) > 0xFFFF else 1
        return before + len(line)

    spans = sorted(((offset(e.range.start), offset(e.range.end), e.new_text) for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


async def actions_for(client: Client, uri: str, diagnostic: types.Diagnostic, only=None) -> list[types.CodeAction]:
    result = await asyncio.wait_for(client.text_document_code_action_async(types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostic.range,
        context=types.CodeActionContext(diagnostics=[diagnostic], only=only))), WAIT)
    return list(result or [])


# ------------------------------------------------------------------------------------------------ tests

async def open_at(client: Client, uri: str, text: str, code: str):
    """Open the document, wait for its diagnostics, and return them with the first one of `code`."""
    client.open(uri, text)
    published = await client.published(uri, version=1)
    return published, next(d for d in published.diagnostics if d.code == code)


async def changed(client: Client, uri: str, text: str, version: int) -> types.PublishDiagnosticsParams:
    client.change(uri, text, version=version)
    return await client.published(uri, version=version)


def test_initialize_and_diagnostics_on_open(tmp_path):
    model = write(tmp_path / "model.py", MODEL)
    uri = model.as_uri()

    async def scenario():
        async with session(tmp_path) as client:
            caps = client.initialize_result.capabilities
            assert caps.hover_provider
            assert set(caps.code_action_provider.code_action_kinds) == {"quickfix", "source.fixAll.graphlint"}
            assert caps.text_document_sync.open_close and caps.text_document_sync.save
            assert client.initialize_result.server_info.name == "graphlint"

            client.open(uri, MODEL)
            published = await client.published(uri, version=1)
            assert codes(published) == MODEL_FINDINGS
            item = next(d for d in published.diagnostics if d.code == "GL101")
            line = MODEL.splitlines()[10]
            assert (item.range.start.character, item.range.end.character) == (
                line.index("x.sum()"), line.index("x.sum()") + len("x.sum().item()"))
            assert item.source == "graphlint"
            assert item.severity == types.DiagnosticSeverity.Error
            assert item.code_description.href == (Path(rules_dir()) / "GL101.md").as_uri()
            assert "(traced via Net.forward)" in item.message
            assert item.data["fix"]["applicability"] == "unsafe"

            # hover shows the rule's explanation, the region and the help
            hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=item.range.start)), WAIT)
            assert hover.contents.kind == types.MarkupKind.Markdown
            assert "GL101" in hover.contents.value and "Why it breaks the graph" in hover.contents.value
            assert "Net.forward" in hover.contents.value and "0-d tensor" in hover.contents.value
            # the config watcher was registered, and the fast `initialize` matched pygls's own
            assert any(r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES for r in client.registrations)
            assert not [m for m in client.logs if "differs" in m.message]

    run(scenario())


def test_region_chain_and_related_information(tmp_path):
    src = write(tmp_path / "pkg" / "train.py", """\
        import torch
        import torch.nn as nn


        def helper(x):
            return x.sum().item()


        class Net(nn.Module):
            def forward(self, x):
                return helper(x)


        def train():
            model = torch.compile(Net())
            model(torch.randn(3))
    """)
    uri = src.as_uri()

    async def scenario():
        async with session(tmp_path) as client:
            client.open(uri, src.read_text())
            published = await client.published(uri, version=1)
            (item,) = [d for d in published.diagnostics if d.code == "GL101"]
            assert "traced via" in item.message and "torch.compile(Net(...)) → Net.forward → helper" in item.message
            (related,) = item.related_information
            assert related.location.uri == uri and related.location.range.start.line == 14

    run(scenario())


def test_safe_fix_action_removes_the_finding(tmp_path):
    model = write(tmp_path / "model.py", MODEL)
    uri = model.as_uri()

    async def scenario():
        async with session(tmp_path) as client:
            _, target = await open_at(client, uri, MODEL, "GL606")
            actions = await actions_for(client, uri, target)
            titles = [a.title for a in actions]
            assert titles[0].startswith("Fix GL606: ") and actions[0].is_preferred
            assert "Ignore GL606 on this line" in titles
            assert titles[-1].startswith("Fix all safe graphlint findings")  # the source action comes last
            fixed = apply_edit(MODEL, actions[0].edit, uri, version=1)
            assert 'y = K\n' in fixed
            after = await changed(client, uri, fixed, 2)
            assert codes(after) == MODEL_FINDINGS - {(9, "GL606")}

    run(scenario())


def test_unsafe_fix_and_fix_all(tmp_path):
    model = write(tmp_path / "model.py", MODEL)
    uri = model.as_uri()

    async def scenario():
        async with session(tmp_path) as client:
            _, target = await open_at(client, uri, MODEL, "GL101")
            actions = await actions_for(client, uri, target, only=[types.CodeActionKind.QuickFix])
            assert [a.title for a in actions] == [
                "Fix GL101 (unsafe): Keep the value a 0-d tensor: drop `.item()`", "Ignore GL101 on this line"]
            assert not actions[0].is_preferred
            text = apply_edit(MODEL, actions[0].edit, uri)
            after = await changed(client, uri, text, 2)
            assert (10, "GL101") not in codes(after)

            # source.fixAll applies the safe fixes only
            fix_all = await actions_for(client, uri, after.diagnostics[0], only=["source.fixAll"])
            assert [a.kind for a in fix_all] == ["source.fixAll.graphlint"]
            text = apply_edit(text, fix_all[0].edit, uri, version=2)
            final = await changed(client, uri, text, 3)
            assert codes(final) == {(8, "GL201")}

    run(scenario())


def test_ignore_action_adds_noqa(tmp_path):
    model = write(tmp_path / "model.py", MODEL)
    uri = model.as_uri()

    async def scenario():
        async with session(tmp_path) as client:
            _, target = await open_at(client, uri, MODEL, "GL201")
            actions = await actions_for(client, uri, target)
            ignore = next(a for a in actions if a.title == "Ignore GL201 on this line")
            text = apply_edit(MODEL, ignore.edit, uri, version=1)
            assert text.splitlines()[8] == "        print(x.shape)  # noqa: GL201"
            assert len(text.splitlines()) == len(MODEL.splitlines())
            after = await changed(client, uri, text, 2)
            assert codes(after) == MODEL_FINDINGS - {(8, "GL201")}

    run(scenario())


def test_debounced_changes_publish_the_last_version(tmp_path):
    model = write(tmp_path / "model.py", MODEL)
    uri = model.as_uri()

    async def scenario():
        async with session(tmp_path) as client:
            client.open(uri, MODEL)
            await client.published(uri, version=1)
            for version in range(2, 7):  # typing: one change after another, faster than the debounce
                client.change(uri, MODEL + "\n" * version, version=version)
            last = await client.published(uri, version=6)
            assert codes(last) == MODEL_FINDINGS
            await asyncio.sleep(0.6)
            assert [p.version for p in client.diagnostics[uri]] == [1, 6]

    run(scenario())


def test_syntax_error_gives_a_diagnostic_and_the_server_lives_on(tmp_path):
    broken = "import torch\n\ndef forward(self, x:\n    return x\n"
    path = write(tmp_path / "broken.py", broken)
    uri = path.as_uri()

    async def scenario():
        async with session(tmp_path) as client:
            client.open(uri, broken)
            published = await client.published(uri, version=1)
            (diag,) = published.diagnostics
            assert diag.code == "syntax" and diag.severity == types.DiagnosticSeverity.Error
            assert diag.message.startswith("syntax error: cannot parse")
            assert 2 <= diag.range.start.line <= 3
            # still answering, and linting again once the file parses
            hover = await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(0, 0))), WAIT)
            assert hover is None
            client.change(uri, MODEL, version=2)
            assert codes(await client.published(uri, version=2)) == MODEL_FINDINGS

    run(scenario())


def test_an_exception_in_the_engine_is_logged_and_the_server_lives_on(tmp_path):
    model = write(tmp_path / "model.py", MODEL)
    uri = model.as_uri()

    async def scenario():
        async with session(tmp_path, server=CRASHING_SERVER) as client:
            client.open(uri, MODEL + "# BOOM\n")
            published = await client.published(uri, version=1)
            (diag,) = published.diagnostics
            assert diag.code == "internal" and "RuntimeError: engine exploded" in diag.message
            assert any("engine exploded" in log.message and "Traceback" in log.message for log in client.logs)
            client.change(uri, MODEL, version=2)
            assert codes(await client.published(uri, version=2)) == MODEL_FINDINGS

    run(scenario())


def test_broken_pyproject_is_reported_and_linting_goes_on(tmp_path):
    config = write(tmp_path / "pyproject.toml", "[tool.graphlint]\nignore = [\"GL201\"\n")
    model = write(tmp_path / "model.py", MODEL)
    uri = model.as_uri()

    async def scenario():
        async with session(tmp_path) as client:
            client.open(uri, MODEL)
            published = await client.published(uri, version=1)
            assert codes(published) == MODEL_FINDINGS  # the default settings
            shown = await client.until(lambda: client.messages, "a showMessage")
            assert shown[0].type == types.MessageType.Error
            assert "pyproject.toml" in shown[0].message and "invalid TOML" in shown[0].message
            assert any("invalid TOML" in log.message for log in client.logs)
            at_config = await client.published(config.as_uri())
            assert at_config.diagnostics and at_config.diagnostics[0].code == "config"

            # fixing the config reloads it: the ignore applies and the config's diagnostic goes
            config.write_text("[tool.graphlint]\nignore = [\"GL201\"]\n")
            seen = len(client.diagnostics[uri])
            client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
                types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Changed)]))
            again = await client.published(uri, after=seen)
            assert codes(again) == MODEL_FINDINGS - {(8, "GL201")}
            assert client.diagnostics[config.as_uri()][-1].diagnostics == ()

    run(scenario())


def test_bad_config_value_is_reported(tmp_path):
    write(tmp_path / "pyproject.toml", "[tool.graphlint]\nscope = \"bogus\"\n")
    model = write(tmp_path / "model.py", MODEL)
    uri = model.as_uri()

    async def scenario():
        async with session(tmp_path) as client:
            client.open(uri, MODEL)
            assert codes(await client.published(uri, version=1)) == MODEL_FINDINGS
            shown = await client.until(lambda: client.messages, "a showMessage")
            assert "`scope` must be one of" in shown[0].message and "bogus" in shown[0].message
            at_config = await client.published((tmp_path / "pyproject.toml").as_uri())
            assert at_config.diagnostics[0].range.start.line == 1  # the `scope = ...` line

    run(scenario())


def test_initialization_options_override_the_config(tmp_path):
    model = write(tmp_path / "model.py", MODEL)
    uri = model.as_uri()

    async def scenario():
        # scope "compiled": only code reachable from a compile site, and MODEL has none
        async with session(tmp_path, initialization_options={"scope": "compiled"}) as client:
            client.open(uri, MODEL)
            assert codes(await client.published(uri, version=1)) == set()
            assert not client.messages
        async with session(tmp_path, initialization_options={"scope": "everything"}) as client:
            client.open(uri, MODEL)
            assert codes(await client.published(uri, version=1)) == MODEL_FINDINGS
            shown = await client.until(lambda: client.messages, "a showMessage")
            assert "`scope` must be one of" in shown[0].message and "(ignored)" in shown[0].message

    run(scenario())


def test_config_change_relints_open_documents(tmp_path):
    config = write(tmp_path / "pyproject.toml", "[project]\nname = \"demo\"\n\n[tool.graphlint]\n")
    model = write(tmp_path / "model.py", MODEL)
    uri = model.as_uri()

    async def scenario():
        async with session(tmp_path) as client:
            client.open(uri, MODEL)
            assert codes(await client.published(uri, version=1)) == MODEL_FINDINGS
            config.write_text("[project]\nname = \"demo\"\n\n[tool.graphlint]\nignore = [\"GL201\"]\n")
            seen = len(client.diagnostics[uri])
            client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[
                types.FileEvent(uri=config.as_uri(), type=types.FileChangeType.Changed)]))
            assert codes(await client.published(uri, after=seen)) == MODEL_FINDINGS - {(8, "GL201")}

            # saving the config in the editor reloads it too
            config.write_text("[tool.graphlint]\nignore = [\"GL201\", \"GL101\"]\n")
            seen = len(client.diagnostics[uri])
            client.text_document_did_save(types.DidSaveTextDocumentParams(
                text_document=types.TextDocumentIdentifier(uri=config.as_uri())))
            assert codes(await client.published(uri, after=seen)) == {(9, "GL606")}
            assert not client.messages

    run(scenario())


def test_did_close_clears_and_excluded_files_are_skipped(tmp_path):
    write(tmp_path / "graphlint.toml", "exclude = [\"generated\"]\n")
    model = write(tmp_path / "model.py", MODEL)
    skipped = write(tmp_path / "generated" / "model.py", MODEL)

    async def scenario():
        async with session(tmp_path) as client:
            client.open(model.as_uri(), MODEL)
            assert codes(await client.published(model.as_uri(), version=1)) == MODEL_FINDINGS
            client.text_document_did_close(types.DidCloseTextDocumentParams(
                text_document=types.TextDocumentIdentifier(uri=model.as_uri())))
            cleared = await client.published(model.as_uri(), after=1)
            assert cleared.diagnostics == ()

            client.open(skipped.as_uri(), MODEL)
            assert (await client.published(skipped.as_uri(), version=1)).diagnostics == ()

            # a buffer never saved is linted too
            client.open("untitled:Untitled-1", MODEL)
            assert codes(await client.published("untitled:Untitled-1", version=1)) == MODEL_FINDINGS

    run(scenario())


@pytest.mark.parametrize("encoding", ["utf-16", "utf-8"])
def test_positions_in_the_negotiated_encoding(tmp_path, encoding):
    text = MODEL.replace("print(x.shape)", "print('é😀', x.shape)")
    model = write(tmp_path / "model.py", text)
    capabilities = CLIENT_CAPABILITIES
    if encoding != "utf-16":
        capabilities = types.ClientCapabilities(
            general=types.GeneralClientCapabilities(position_encodings=[encoding, "utf-16"]),
            workspace=CLIENT_CAPABILITIES.workspace, text_document=CLIENT_CAPABILITIES.text_document)

    async def scenario():
        async with session(tmp_path, capabilities=capabilities) as client:
            assert client.initialize_result.capabilities.position_encoding == encoding
            client.open(model.as_uri(), text)
            published = await client.published(model.as_uri(), version=1)
            item = next(d for d in published.diagnostics if d.code == "GL201")
            line = text.splitlines()[8]
            # the call ends the line: its length in the encoding's units ('é' is 1 UTF-16 unit or 2 UTF-8
            # bytes, '😀' 2 units or 4 bytes)
            assert item.range.end.character == len(line.encode(encoding + ("-le" if encoding == "utf-16" else ""))) // (
                2 if encoding == "utf-16" else 1)
            if encoding == "utf-16":
                ignore = next(a for a in await actions_for(client, model.as_uri(), item)
                              if a.title.startswith("Ignore"))
                assert apply_edit(text, ignore.edit, model.as_uri()).splitlines()[8] == line + "  # noqa: GL201"

    run(scenario())


def test_fast_initialize_matches_pygls():
    """The `initialize` answer serve() sends before pygls is loaded is what pygls itself would send."""
    from pygls.capabilities import ServerCapabilitiesBuilder

    from graphlint.lsp import initialize_result
    from graphlint.lsp.server import build_server

    server = build_server()
    fm = server.protocol.fm
    converter = server.protocol._converter
    for caps in [
        {},
        {"general": {"positionEncodings": ["utf-8", "utf-16"]}},
        {"general": {"positionEncodings": ["utf-32"]}},
        {"textDocument": {"synchronization": {"willSave": True, "willSaveWaitUntil": True, "didSave": True}}},
        json.loads(json.dumps(converter.unstructure(CLIENT_CAPABILITIES))),
    ]:
        structured = converter.structure(caps, types.ClientCapabilities)
        encoding = ServerCapabilitiesBuilder.choose_position_encoding(structured)
        built = ServerCapabilitiesBuilder(
            structured, set({**fm.features, **fm.builtin_features}), fm.feature_options, list(fm.commands),
            server._text_document_sync_kind, server._notebook_document_sync, encoding).build()
        expected = converter.unstructure(types.InitializeResult(capabilities=built,
                                                                server_info=server.protocol.server_info))
        assert initialize_result({"capabilities": caps}) == expected


def test_without_fast_initialize_pygls_answers_the_same(tmp_path):
    async def scenario():
        async with session(tmp_path, env={"GRAPHLINT_LSP_FAST_INIT": "0"}) as slow:
            slow_caps = slow.initialize_result
        async with session(tmp_path) as fast:
            assert fast.initialize_result == slow_caps

    run(scenario())


def test_the_server_never_imports_torch(tmp_path):
    model = write(tmp_path / "model.py", MODEL)
    report = tmp_path / "modules.txt"
    watching = ("-c", "import atexit, sys\n"
                      f"def report():\n    open({str(report)!r}, 'w').write(' '.join(sorted(sys.modules)))\n"
                      "atexit.register(report)\n"
                      "from graphlint.lsp import serve\n"
                      "serve()\n")

    async def scenario():
        async with session(tmp_path, server=watching) as client:
            client.open(model.as_uri(), MODEL)
            published = await client.published(model.as_uri(), version=1)
            await actions_for(client, model.as_uri(), published.diagnostics[0])
            await asyncio.wait_for(client.text_document_hover_async(types.HoverParams(
                text_document=types.TextDocumentIdentifier(uri=model.as_uri()),
                position=published.diagnostics[0].range.start)), WAIT)

    run(scenario())
    modules = report.read_text().split()
    assert "libcst" in modules and "pygls" in modules  # it did lint
    assert not [m for m in modules if m == "torch" or m.startswith("torch.")]


def test_server_ends_when_the_client_goes_away(tmp_path):
    async def scenario():
        client = Client()
        await client.start_io(sys.executable, "-m", "graphlint", "server", cwd=str(tmp_path))
        await asyncio.wait_for(client.initialize_async(types.InitializeParams(
            process_id=None, root_uri=tmp_path.as_uri(), capabilities=types.ClientCapabilities())), WAIT)
        client._server.stdin.close()  # the editor died: no shutdown, no exit
        try:
            await asyncio.wait_for(client._server.wait(), WAIT)
        finally:
            if client._server.returncode is None:
                client._server.kill()
            await client.stop()

    run(scenario())


def test_text_positions_and_minimal_edits():
    """convert.Text: graphlint's 1-based code-point columns → LSP positions, and one-span edits."""
    from graphlint.lsp.convert import Text, minimal_edit

    doc = Text("a = 'é😀'; b\r\nc\n", "utf-16")
    assert doc.position(1, 11).character == 11  # 'b': after 'é' (1 unit) and '😀' (2 units)
    assert Text(doc.text, "utf-8").position(1, 11).character == 14
    assert Text(doc.text, "utf-32").position(1, 11).character == 10
    assert doc.offset_position(len("a = 'é😀'; b\r\n")) == types.Position(1, 0)
    edit = minimal_edit(doc, "a = 'é😀'; b  # noqa: GL1\r\nc\n")
    assert edit.range.start == edit.range.end == types.Position(0, 12)  # the end of the line
    assert edit.new_text == "  # noqa: GL1"
    crlf = Text("x\r\ny\r\n")
    edit = minimal_edit(crlf, "x\r\nz\r\ny\r\n")  # never splits a \r\n
    lines = "x\r\ny\r\n"
    start = crlf.starts[edit.range.start.line] + edit.range.start.character
    end = crlf.starts[edit.range.end.line] + edit.range.end.character
    assert lines[:start] + edit.new_text + lines[end:] == "x\r\nz\r\ny\r\n"
