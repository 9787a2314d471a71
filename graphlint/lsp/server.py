"""The language server proper (pygls): documents in, diagnostics, code actions and hovers out.

Threads: pygls's event loop reads messages and runs the handlers; one lint thread runs the engine (the
engine keeps module-level caches, so it never runs in two threads at once) and hands each result back
to the loop, which publishes it only if the document is still at the version that was linted (a newer
version always has a lint of its own coming). didOpen and didSave lint at once; didChange lints after
DEBOUNCE_S of quiet.

Each buffer is linted alone, under its path relative to its config file's directory (so that
`per-file-ignores` patterns match as they do for `graphlint check` run from there): not its sibling
files, which keeps a lint at the cost of one file. A region that only another file's compile site makes
traced (a plain function compiled from train.py) is therefore not seen; nn.Module.forward and
@torch.compile functions are.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import os
import re
import threading
import time
import traceback
from dataclasses import dataclass
from fnmatch import fnmatch
from pathlib import Path
from urllib.parse import unquote, urlparse

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from graphlint import __version__
from graphlint.lsp.convert import (
    CODE_ACTION_KINDS, FIX_ALL_KIND, SOURCE, Snapshot, Text, contains, error_diagnostic, finding_diagnostic,
    hover_text, json_range, minimal_edit,
)

log = logging.getLogger("graphlint.lsp")

DEBOUNCE_S = 0.25  # quiet time after the last didChange before a lint starts
CONFIG_NAMES = ("pyproject.toml", "graphlint.toml")
PYTHON_SUFFIXES = (".py", ".pyi")
WATCH_ID = "graphlint-config-files"
# tomllib: "Invalid value (at line 3, column 9)"
_TOML_AT = re.compile(r"at line (\d+), column (\d+)")
_KEY = re.compile(r"`([A-Za-z0-9_.-]+)`")


# ------------------------------------------------------------------------------------------- settings

@dataclass
class ConfigProblem:
    path: Path | None  # the config file at fault, when known
    message: str
    setting: bool = False  # an editor setting (initializationOptions), ignored; else a config file


@dataclass
class Resolved:
    settings: object  # graphlint.settings.Settings
    config_path: Path | None  # the files of its directory are linted under their path relative to it
    problems: list[ConfigProblem]


class ConfigCache:
    """Settings per directory, loaded once until a config file changes. Thread-safe."""

    def __init__(self, overrides: dict | None = None):
        self.overrides = overrides or {}
        self._lock = threading.Lock()
        self._by_dir: dict[str, Resolved] = {}

    def clear(self) -> list[Path]:
        """Forget everything; return the config files that had a problem (their diagnostics go stale)."""
        with self._lock:
            stale = {p.path for r in self._by_dir.values() for p in r.problems if p.path is not None}
            self._by_dir.clear()
        return sorted(stale)

    def resolve(self, directory: Path) -> tuple[Resolved, bool]:
        """The settings for files in directory, and whether they were loaded just now (not cached)."""
        key = str(directory)
        with self._lock:
            cached = self._by_dir.get(key)
            if cached is not None:
                return cached, False
        resolved = self._load(directory)
        with self._lock:
            self._by_dir[key] = resolved
        return resolved, True

    def _load(self, directory: Path) -> Resolved:
        from graphlint.options import SCOPES
        from graphlint.config import find_config_file
        from graphlint.settings import SETTINGS_ERRORS, load_settings
        from graphlint.torch_version import VersionError, parse_version

        problems: list[ConfigProblem] = []
        overrides = dict(self.overrides)
        if overrides.get("scope") is not None and overrides["scope"] not in SCOPES:
            problems.append(ConfigProblem(None, f"the editor's graphlint setting `scope` must be one of "
                                                f"{', '.join(SCOPES)}, got {overrides.pop('scope')!r}", True))
        if overrides.get("target_torch") is not None:
            try:
                parse_version(overrides["target_torch"])
            except VersionError as exc:
                problems.append(ConfigProblem(None, f"the editor's graphlint setting `targetTorch`: {exc}", True))
                overrides.pop("target_torch")
        config_path = None
        try:
            config_path = find_config_file(directory)
        except SETTINGS_ERRORS as exc:  # a pyproject.toml on the way up is not valid TOML
            problems.append(ConfigProblem(_file_named_in(str(exc), directory), str(exc)))
        else:
            try:
                return Resolved(load_settings(config_path, **overrides), config_path, problems)
            except SETTINGS_ERRORS as exc:
                problems.append(ConfigProblem(config_path, str(exc)))
        naming = config_path or next((p.path for p in problems if p.path is not None), None)
        return Resolved(load_settings(None, **overrides), naming, problems)


def _file_named_in(message: str, directory: Path) -> Path | None:
    """The config file an error message starts with, of those find_config_file looks at."""
    directory = Path(os.path.abspath(directory))
    for folder in [directory, *directory.parents]:
        for name in ("graphlint.toml", "pyproject.toml"):
            if message.startswith(f"{folder / name}:"):
                return folder / name
    return None


def problem_range(problem: ConfigProblem) -> types.Range:
    """Where in the config file the problem is: TOML's line and column, or the line of the key named."""
    line0, col0 = 0, 0
    m = _TOML_AT.search(problem.message)
    if m:
        line0, col0 = int(m.group(1)) - 1, int(m.group(2)) - 1
    elif problem.path is not None:
        key = _KEY.search(problem.message)
        try:
            text = problem.path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            text = ""
        if key:
            name = key.group(1).split(".")[0]
            found = re.search(rf"^[ \t]*\"?{re.escape(name)}\"?[ \t]*=", text, re.M)
            if found:
                line0 = text.count("\n", 0, found.start())
                col0 = len(found.group(0)) - len(found.group(0).lstrip())
    return types.Range(types.Position(line0, col0), types.Position(line0, col0 + 1 if m else 10_000))


def _excluded(rel: str, patterns: tuple[str, ...]) -> bool:
    parts = rel.replace(os.sep, "/").split("/")
    for i, part in enumerate(parts):
        sub = "/".join(parts[: i + 1])
        if any(fnmatch(part, p) or fnmatch(sub, p) for p in patterns):
            return True
    return False


def uri_path(uri: str) -> Path | None:
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    path = unquote(parsed.path)
    if parsed.netloc:
        path = f"//{parsed.netloc}{path}"
    if os.name == "nt" and re.match(r"^/[A-Za-z]:", path):
        path = path[1:]
    return Path(path)


# ------------------------------------------------------------------------------------------- the lint thread

@dataclass
class Job:
    uri: str
    version: int | None
    text: str
    path: Path | None
    roots: tuple[Path, ...]  # workspace folders, for naming files outside any config's directory
    waiters: list = dataclasses.field(default_factory=list)  # futures of requests waiting for this lint


@dataclass
class Outcome:
    job: Job
    snapshot: Snapshot | None
    problems: list[ConfigProblem] = dataclasses.field(default_factory=list)  # seen for the first time
    failure: str | None = None  # an unexpected exception in the lint, with its traceback
    seconds: float = 0.0  # the engine's time (lint_stdin)


class LintThread(threading.Thread):
    """Runs lints one at a time; a newer job for a document replaces one not started yet."""

    def __init__(self, run, deliver):
        super().__init__(name="graphlint-lint", daemon=True)
        self._run = run
        self._deliver = deliver
        self._cv = threading.Condition()
        self._pending: dict[str, Job] = {}
        self.warm_seconds: float | None = None  # how long loading and warming the engine took

    def submit(self, job: Job) -> None:
        with self._cv:
            old = self._pending.pop(job.uri, None)
            if old is not None:
                job.waiters = old.waiters + job.waiters
            self._pending[job.uri] = job
            self._cv.notify()

    def cancel(self, uri: str) -> None:
        with self._cv:
            self._pending.pop(uri, None)

    def run(self) -> None:
        start = time.perf_counter()
        warm_up()
        self.warm_seconds = time.perf_counter() - start
        while True:
            with self._cv:
                while not self._pending:
                    self._cv.wait()
                uri = next(iter(self._pending))
                job = self._pending.pop(uri)
            try:
                outcome = self._run(job)
            except BaseException:  # noqa: BLE001 - the thread must survive anything a lint does
                outcome = Outcome(job, None, failure=traceback.format_exc())
            self._deliver(outcome)


def warm_up() -> None:
    """Import the engine and the rules and lint a small module, so the first real lint is not the one
    that pays for it. Runs in the lint thread while the client is still sending initialized/didOpen."""
    try:
        from graphlint.lint import lint_stdin
        from graphlint.options import LintOptions
        from graphlint.catalog import load_catalog
        from graphlint.files import SourceFile
        from graphlint.fixer import fix_text  # noqa: F401 - imported for its cost
        from graphlint.suppressions import add_noqa  # noqa: F401

        codes = frozenset(load_catalog())
        code = ("import torch\nimport torch.nn as nn\n\n\nclass M(nn.Module):\n    def forward(self, x):\n"
                "        print(x)\n        return x.sum().item()\n")
        lint_stdin(SourceFile("warm_up.py", code), LintOptions(codes=codes, jobs=1))
        _forget()
    except Exception:  # noqa: BLE001 - a failing warm-up shows again, with a message, in the first lint
        log.exception("warm-up failed")


def _forget() -> None:
    from graphlint.analysis.syntax import forget_children

    forget_children()  # the engine's per-file node cache: free it between lints


# ------------------------------------------------------------------------------------------- the server

class GraphlintServer(LanguageServer):
    def __init__(self):
        super().__init__("graphlint", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.loop: asyncio.AbstractEventLoop | None = None
        self.snapshots: dict[str, Snapshot] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.configs = ConfigCache()
        self.config_problem_files: set[Path] = set()
        self.reported: set[str] = set()  # config problems shown since the last reload
        self.lint_thread = LintThread(self._lint_job, self._deliver)
        # set by graphlint.lsp.serve when it answered `initialize` itself before pygls was loaded
        self.fast_initialize: dict | None = None
        self.pygls_initialize: dict | None = None
        self.warm_logged = False

    # ----------------------------------------------------------------- scheduling (event loop thread)

    def start_lint_thread(self) -> None:
        if not self.lint_thread.is_alive():
            old = threading.stack_size()
            threading.stack_size(64 * 1024 * 1024)  # deep ASTs: the engine raises the recursion limit
            try:
                self.lint_thread.start()
            finally:
                threading.stack_size(old)

    def schedule(self, uri: str, delay: float = 0.0, waiter: asyncio.Future | None = None) -> None:
        timer = self.timers.pop(uri, None)
        if timer is not None:
            timer.cancel()
        if delay > 0 and self.loop is not None:
            self.timers[uri] = self.loop.call_later(delay, self.schedule, uri)
            return
        doc = self.workspace.text_documents.get(uri)
        if doc is None or not _is_python(doc):
            if waiter is not None and not waiter.done():
                waiter.set_result(None)
            return
        folders = tuple(p for p in (uri_path(f.uri) for f in self.workspace.folders.values()) if p)
        root = uri_path(self.workspace.root_uri) if self.workspace.root_uri else None
        job = Job(uri, doc.version, doc.source, uri_path(uri), folders + ((root,) if root else ()),
                  [waiter] if waiter is not None else [])
        self.start_lint_thread()
        self.lint_thread.submit(job)

    async def fresh_snapshot(self, uri: str) -> Snapshot | None:
        """The snapshot of the document's current version, linting it now if the last one is older."""
        doc = self.workspace.text_documents.get(uri)
        snap = self.snapshots.get(uri)
        if doc is None or (snap is not None and snap.version == doc.version):
            return snap
        waiter = asyncio.get_running_loop().create_future()
        self.schedule(uri, waiter=waiter)
        await asyncio.wait_for(waiter, timeout=30)
        snap = self.snapshots.get(uri)
        return snap if snap is not None and snap.version == doc.version else None

    def reload_config(self, why: str) -> None:
        for path in sorted(set(self.configs.clear()) | self.config_problem_files):
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=path.as_uri(), diagnostics=[]))
        self.config_problem_files.clear()
        self.reported.clear()
        self.log(types.MessageType.Info, f"graphlint: {why}: configuration reloaded")
        for uri in list(self.workspace.text_documents):
            self.schedule(uri)

    def log(self, kind: types.MessageType, message: str) -> None:
        self.window_log_message(types.LogMessageParams(type=kind, message=message))

    # ----------------------------------------------------------------- linting (lint thread)

    def _lint_job(self, job: Job) -> Outcome:
        from graphlint.engine import lint_stdin
        from graphlint.files import DEFAULT_EXCLUDES, SourceFile

        directory = job.path.parent if job.path is not None else (job.roots[0] if job.roots else Path.cwd())
        resolved, fresh = self.configs.resolve(directory)
        name, rel = _name(job, resolved.config_path)
        encoding = str(getattr(self.workspace.position_encoding, "value", self.workspace.position_encoding)
                       or "utf-16")
        snap = Snapshot(job.uri, job.version, name, Text(job.text, encoding))
        problems = resolved.problems if fresh else []
        config = resolved.settings.config
        if rel is not None and _excluded(rel, DEFAULT_EXCLUDES + tuple(config.exclude)):
            return Outcome(job, snap, problems)  # excluded by the config: no diagnostics, like `graphlint check`
        options = resolved.settings.options
        # one file, in this process; and no on-disk cache for buffers that change at every keystroke
        off = {"cache_dir": None} if "cache_dir" in {f.name for f in dataclasses.fields(options)} else {}
        options = dataclasses.replace(options, jobs=1, **off)
        newline = "\r\n" if "\r\n" in job.text[:4096] else "\n"
        start = time.perf_counter()
        try:
            result = lint_stdin(SourceFile(path=name, text=job.text, newline=newline), options)
        finally:
            _forget()
        seconds = time.perf_counter() - start
        snap.findings = result.findings
        snap.errors = result.errors
        locate = self._locator(job, name)
        snap.diagnostics = [finding_diagnostic(snap.doc, f, i, job.version, locate)
                            for i, f in enumerate(result.findings)]
        snap.diagnostics += [error_diagnostic(snap.doc, e) for e in result.errors]
        return Outcome(job, snap, problems, seconds=seconds)

    @staticmethod
    def _locator(job: Job, name: str):
        """path as graphlint printed it (in a region chain) → its URI."""
        base = None
        if job.path is not None and not Path(name).is_absolute():
            base = job.path.parents[len(Path(name).parts) - 1]

        def locate(path: str) -> str | None:
            if path == name:
                return job.uri
            if Path(path).is_absolute():
                return Path(path).as_uri()
            return (base / path).as_uri() if base is not None else None

        return locate

    def _deliver(self, outcome: Outcome) -> None:
        if self.loop is None:
            return
        try:
            self.loop.call_soon_threadsafe(self._publish, outcome)
        except RuntimeError:  # the loop is closed: the server is exiting
            pass

    # ----------------------------------------------------------------- publishing (event loop thread)

    def _publish(self, outcome: Outcome) -> None:
        job = outcome.job
        try:
            for problem in outcome.problems:
                self._report_config_problem(problem)
            doc = self.workspace.text_documents.get(job.uri)
            current = doc is not None and doc.version == job.version
            if outcome.failure is not None:
                self.log(types.MessageType.Error, f"graphlint: linting {job.uri} failed:\n{outcome.failure}")
                if current:
                    last = outcome.failure.strip().splitlines()[-1]
                    diag = types.Diagnostic(
                        range=types.Range(types.Position(0, 0), types.Position(0, 0)),
                        message=f"graphlint internal error: {last} (the server log has the traceback)",
                        severity=types.DiagnosticSeverity.Warning, code="internal", source=SOURCE)
                    self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                        uri=job.uri, diagnostics=[diag], version=job.version))
            elif current and outcome.snapshot is not None:
                if not self.warm_logged and self.lint_thread.warm_seconds is not None:
                    self.warm_logged = True
                    self.log(types.MessageType.Log, f"graphlint: engine loaded and warmed up in "
                                                    f"{self.lint_thread.warm_seconds:.3f} s")
                snap = outcome.snapshot
                self.log(types.MessageType.Log, f"graphlint: linted {snap.name} (version {job.version}): "
                                                f"{len(snap.findings)} findings in {outcome.seconds:.3f} s")
                self.snapshots[job.uri] = outcome.snapshot
                self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                    uri=job.uri, diagnostics=outcome.snapshot.diagnostics, version=job.version))
        finally:
            for waiter in job.waiters:
                if not waiter.done():
                    waiter.set_result(None)

    def _report_config_problem(self, problem: ConfigProblem) -> None:
        if problem.message in self.reported:
            return  # seen from another directory under the same config
        self.reported.add(problem.message)
        text = f"graphlint: {problem.message} " + (
            "(ignored)" if problem.setting else "(linting with the default settings until it is fixed)")
        self.window_show_message(types.ShowMessageParams(type=types.MessageType.Error, message=text))
        self.log(types.MessageType.Error, text)
        if problem.path is not None:
            self.config_problem_files.add(problem.path)
            diag = types.Diagnostic(range=problem_range(problem), message=problem.message,
                                    severity=types.DiagnosticSeverity.Error, code="config", source=SOURCE)
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
                uri=problem.path.as_uri(), diagnostics=[diag]))

    # ----------------------------------------------------------------- code actions and hover

    def code_actions(self, params: types.CodeActionParams, snap: Snapshot | None,
                     fresh: Snapshot | None) -> list[types.CodeAction]:
        uri = params.text_document.uri
        only = [str(getattr(o, "value", o)) for o in params.context.only or ()]
        wanted = (lambda kind: not only or any(kind == o or kind.startswith(f"{o}.") for o in only))
        fixes: list[tuple[int, types.CodeAction]] = []
        ignores: list[types.CodeAction] = []
        seen_ignores: set[tuple[int, str]] = set()
        for diag in params.context.diagnostics:
            if diag.source != SOURCE or not isinstance(diag.data, dict):
                continue
            version = diag.data.get("version")
            fix = diag.data.get("fix")
            if fix and fix.get("applicability") in ("safe", "unsafe") and fix.get("edits") and wanted("quickfix"):
                safe = fix["applicability"] == "safe"
                title = f"Fix {diag.code}: {fix['message']}" if safe else f"Fix {diag.code} (unsafe): {fix['message']}"
                edits = [types.TextEdit(range=json_range(e["range"]), new_text=e["newText"]) for e in fix["edits"]]
                fixes.append((0 if safe else 1, types.CodeAction(
                    title=title, kind=types.CodeActionKind.QuickFix, diagnostics=[diag], is_preferred=safe or None,
                    edit=self._workspace_edit(uri, version, edits))))
            finding = _finding_for(snap, diag)
            if finding is not None and wanted("quickfix") and (finding.line, finding.code) not in seen_ignores:
                edit = self._noqa_edit(snap, finding)
                if edit is not None:
                    seen_ignores.add((finding.line, finding.code))
                    ignores.append(types.CodeAction(
                        title=f"Ignore {finding.code} on this line", kind=types.CodeActionKind.QuickFix,
                        diagnostics=[diag], edit=self._workspace_edit(uri, snap.version, [edit])))
        actions = [a for _, a in sorted(fixes, key=lambda f: f[0])] + ignores
        if fresh is not None and wanted(FIX_ALL_KIND):
            fix_all = self._fix_all(fresh)
            if fix_all is not None:
                actions.append(fix_all)
        return actions

    def _workspace_edit(self, uri: str, version, edits: list[types.TextEdit]) -> types.WorkspaceEdit:
        caps = self.client_capabilities
        versioned = bool(getattr(getattr(getattr(caps, "workspace", None), "workspace_edit", None),
                                 "document_changes", False))
        if versioned and isinstance(version, int):
            return types.WorkspaceEdit(document_changes=[types.TextDocumentEdit(
                text_document=types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version), edits=edits)])
        return types.WorkspaceEdit(changes={uri: edits})

    @staticmethod
    def _noqa_edit(snap: Snapshot, finding) -> types.TextEdit | None:
        from graphlint.suppressions import add_noqa

        new_text, left = add_noqa(snap.doc.text, [finding])
        if left:
            return None
        return minimal_edit(snap.doc, new_text)

    def _fix_all(self, snap: Snapshot) -> types.CodeAction | None:
        if snap.fix_all is None:
            snap.fix_all = [self._compute_fix_all(snap)]
        return snap.fix_all[0]

    def _compute_fix_all(self, snap: Snapshot) -> types.CodeAction | None:
        from graphlint.fixer import applicable, fix_text

        fixable = [f for f in snap.findings if applicable(f, unsafe=False)]
        if not fixable:
            return None
        fixed = fix_text(snap.name, snap.doc.text, fixable, unsafe=False)
        if not hasattr(fixed, "new_text") or not fixed.changed:
            return None
        edit = minimal_edit(snap.doc, fixed.new_text)
        count = len(fixed.fixed)
        return types.CodeAction(
            title=f"Fix all safe graphlint findings ({count})", kind=FIX_ALL_KIND,
            edit=self._workspace_edit(snap.uri, snap.version, [edit]))

    def hover(self, params: types.HoverParams) -> types.Hover | None:
        snap = self.snapshots.get(params.text_document.uri)
        if snap is None:
            return None
        formats = getattr(getattr(getattr(self.client_capabilities, "text_document", None), "hover", None),
                          "content_format", None)
        markdown = not formats or types.MarkupKind.Markdown in formats
        parts, where = [], None
        for diag in snap.diagnostics:
            if diag.source == SOURCE and contains(diag.range, params.position):
                finding = _finding_for(snap, diag)
                if finding is None:
                    continue
                parts.append(hover_text(finding, markdown))
                where = where or diag.range
        if not parts:
            return None
        kind = types.MarkupKind.Markdown if markdown else types.MarkupKind.PlainText
        joined = ("\n\n---\n\n" if markdown else "\n\n") .join(parts)
        return types.Hover(contents=types.MarkupContent(kind=kind, value=joined), range=where)


def _finding_for(snap: Snapshot | None, diag: types.Diagnostic):
    if snap is None or not isinstance(diag.data, dict):
        return None
    index = diag.data.get("index")
    if diag.data.get("version") != snap.version or not isinstance(index, int) or not 0 <= index < len(snap.findings):
        return None
    finding = snap.findings[index]
    return finding if finding.code == diag.code else None


def _is_python(doc) -> bool:
    return doc.language_id == "python" or doc.uri.endswith(PYTHON_SUFFIXES)


def _name(job: Job, config_path: Path | None) -> tuple[str, str | None]:
    """The path to lint the buffer under, and that path relative to the directory exclusions apply in
    (None when it is outside every such directory)."""
    if job.path is None:
        return (job.uri.rsplit("/", 1)[-1] or "untitled.py"), None
    bases = ([config_path.parent] if config_path else []) + [r for r in job.roots]
    for base in bases:
        try:
            rel = job.path.relative_to(base)
        except ValueError:
            continue
        return rel.as_posix(), rel.as_posix()
    return str(job.path), None


def _overrides(options) -> dict:
    """The editor's graphlint settings (initializationOptions, or `graphlint` in didChangeConfiguration):
    `scope` and `targetTorch`, on top of the config file like the CLI's --scope and --target-torch."""
    options = options if isinstance(options, dict) else {}
    out = {}
    if isinstance(options.get("scope"), str):
        out["scope"] = options["scope"]
    if isinstance(options.get("targetTorch"), str):
        out["target_torch"] = options["targetTorch"]
    return out


def _config_file(uri: str) -> bool:
    return uri.rsplit("/", 1)[-1] in CONFIG_NAMES


# ------------------------------------------------------------------------------------------- features

def build_server() -> GraphlintServer:
    server = GraphlintServer()

    @server.feature(types.INITIALIZE)
    def initialize(ls: GraphlintServer, params: types.InitializeParams) -> None:
        ls.loop = asyncio.get_running_loop()
        ls.configs.overrides = _overrides(params.initialization_options)
        ls.start_lint_thread()

    @server.feature(types.INITIALIZED)
    def initialized(ls: GraphlintServer, params: types.InitializedParams) -> None:
        if ls.fast_initialize is not None and ls.pygls_initialize is not None \
                and ls.fast_initialize != ls.pygls_initialize:
            ls.log(types.MessageType.Warning, "graphlint: the initialize result sent before pygls loaded differs "
                                              f"from pygls's: {ls.fast_initialize} vs {ls.pygls_initialize}")
        caps = ls.client_capabilities
        watched = getattr(getattr(caps, "workspace", None), "did_change_watched_files", None)
        if watched is not None and watched.dynamic_registration:
            watchers = [types.FileSystemWatcher(glob_pattern=f"**/{name}") for name in CONFIG_NAMES]
            ls.client_register_capability(types.RegistrationParams(registrations=[types.Registration(
                id=WATCH_ID, method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
                register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers))]))

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: GraphlintServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: GraphlintServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri, delay=DEBOUNCE_S)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
    def did_save(ls: GraphlintServer, params: types.DidSaveTextDocumentParams) -> None:
        if _config_file(params.text_document.uri):
            ls.reload_config(f"{params.text_document.uri.rsplit('/', 1)[-1]} saved")
        else:
            ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: GraphlintServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        timer = ls.timers.pop(uri, None)
        if timer is not None:
            timer.cancel()
        ls.lint_thread.cancel(uri)
        ls.snapshots.pop(uri, None)
        ls.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def did_change_watched_files(ls: GraphlintServer, params: types.DidChangeWatchedFilesParams) -> None:
        changed = sorted({c.uri.rsplit("/", 1)[-1] for c in params.changes if _config_file(c.uri)})
        if changed:
            ls.reload_config(f"{', '.join(changed)} changed")

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    def did_change_configuration(ls: GraphlintServer, params: types.DidChangeConfigurationParams) -> None:
        settings = params.settings
        if isinstance(settings, dict) and isinstance(settings.get("graphlint"), dict):
            ls.configs.overrides = _overrides(settings["graphlint"])
        ls.reload_config("settings changed")

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=CODE_ACTION_KINDS, resolve_provider=False))
    async def code_action(ls: GraphlintServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        uri = params.text_document.uri
        snap = ls.snapshots.get(uri)
        only = [str(getattr(o, "value", o)) for o in params.context.only or ()]
        if any(FIX_ALL_KIND == o or FIX_ALL_KIND.startswith(f"{o}.") for o in only):
            fresh = await ls.fresh_snapshot(uri)  # asked for by name (fix all on save): lint the latest text
        else:  # the light bulb, asked for on every cursor move: only what is at hand
            doc = ls.workspace.text_documents.get(uri)
            fresh = snap if snap is not None and doc is not None and snap.version == doc.version else None
        return ls.code_actions(params, snap, fresh) or None

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: GraphlintServer, params: types.HoverParams) -> types.Hover | None:
        return ls.hover(params)

    @server.feature(types.SHUTDOWN)
    def shutdown(ls: GraphlintServer, params) -> None:
        for timer in ls.timers.values():
            timer.cancel()
        ls.timers.clear()

    @server.feature(types.EXIT)
    def exit_(ls: GraphlintServer, params) -> None:
        # pygls exits from the event loop, then waits for its stdin reader thread: a client that keeps our
        # stdin open after `exit` would keep the process alive. Make sure it ends.
        code = 0 if ls.protocol._shutdown else 1
        timer = threading.Timer(2.0, os._exit, args=(code,))
        timer.daemon = True
        timer.start()

    return server
