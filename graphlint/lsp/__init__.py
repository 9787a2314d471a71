"""The graphlint language server: `graphlint server` speaks LSP over stdio (needs the `lsp` extra).

Start-up: importing pygls costs about 0.35 s, most of it lsprotocol's ~1,000 attrs classes, and an editor
waits for the `initialize` answer before it sends anything else. So `serve` reads the first message with
the standard library only and, if it is `initialize`, answers it at once with the capabilities the
pygls server would give (the same result: tests/test_lsp.py compares them, and the server logs a warning
if they ever differ), while pygls, the engine and the rules load in background threads. pygls then gets
that `initialize` replayed (to set up its workspace; its own answer is dropped) and the rest of the
stream. GRAPHLINT_LSP_FAST_INIT=0 turns this off and lets pygls answer.

Nothing here imports pygls, lsprotocol or libcst at import time.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import os
import sys
import threading

from graphlint import __version__

if importlib.util.find_spec("pygls") is None or importlib.util.find_spec("lsprotocol") is None:
    # checked here, cheaply, so that `graphlint server` can say which extra to install
    raise ImportError("No module named 'pygls'")

FAST_INIT_ENV = "GRAPHLINT_LSP_FAST_INIT"
LOG_ENV = "GRAPHLINT_LSP_LOG"  # a file to write the server's Python log to (debugging)
_ENCODINGS = ("utf-8", "utf-16", "utf-32")  # what pygls can convert positions for


def initialize_result(params: dict) -> dict:
    """The `initialize` result of the server in graphlint.lsp.server, built without loading pygls.

    Mirrors pygls's ServerCapabilitiesBuilder for the features that server registers (a test checks them
    against each other)."""
    caps = params.get("capabilities") if isinstance(params.get("capabilities"), dict) else {}
    general = caps.get("general") if isinstance(caps.get("general"), dict) else {}
    encoding = "utf-16"
    for offered in general.get("positionEncodings") or ():
        if offered in _ENCODINGS:
            encoding = offered
            break
    sync_caps = ((caps.get("textDocument") or {}).get("synchronization") or {}) if isinstance(
        caps.get("textDocument"), dict) else {}
    sync: dict = {"openClose": True, "change": 2}
    if sync_caps.get("willSave"):
        sync["willSave"] = False
    if sync_caps.get("willSaveWaitUntil"):
        sync["willSaveWaitUntil"] = False
    sync["save"] = {"includeText": False}
    return {
        "capabilities": {
            "positionEncoding": encoding,
            "textDocumentSync": sync,
            "hoverProvider": True,
            "codeActionProvider": {"codeActionKinds": ["quickfix", "source.fixAll.graphlint"],
                                   "resolveProvider": False},
            "executeCommandProvider": {"commands": []},
            "workspace": {"workspaceFolders": {"supported": True, "changeNotifications": True},
                          "fileOperations": {}},
        },
        "serverInfo": {"name": "graphlint", "version": __version__},
    }


def read_message(stream) -> tuple[bytes, dict | None] | None:
    """One Content-Length framed message: (its raw bytes, headers included; the parsed body or None if it
    is not JSON). None at end of input."""
    raw = b""
    length = None
    while True:
        line = stream.readline()
        if not line:
            return None
        raw += line
        if line in (b"\r\n", b"\n"):
            if length is not None:
                break
            continue
        name, _, value = line.decode("ascii", "replace").partition(":")
        if name.strip().lower() == "content-length":
            try:
                length = int(value.strip())
            except ValueError:
                length = None
    body = stream.read(length)
    raw += body
    try:
        message = json.loads(body)
    except ValueError:
        message = None
    return raw, message if isinstance(message, dict) else None


def write_message(stream, message: dict) -> None:
    body = json.dumps(message, separators=(",", ":")).encode("utf-8")
    stream.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    stream.flush()


class _Replay:
    """stdin with bytes already read put back in front, for pygls's reader (readline/read)."""

    def __init__(self, head: bytes, stream):
        import io

        self._head = io.BytesIO(head)
        self._left = len(head)
        self._stream = stream

    def readline(self) -> bytes:
        if self._left:
            line = self._head.readline()
            self._left -= len(line)
            return line
        return self._stream.readline()

    def read(self, n: int = -1) -> bytes:
        if self._left:
            data = self._head.read(n if n >= 0 else None)
            self._left -= len(data)
            if n >= 0 and len(data) < n:
                data += self._stream.read(n - len(data))
            return data
        return self._stream.read(n)


class _DropResponse:
    """stdout for pygls, minus its answer to the `initialize` that serve() already answered."""

    def __init__(self, stream, drop_id, keep):
        self._stream = stream
        self._drop_id = drop_id
        self._keep = keep  # gets pygls's result, for the self-check
        self._lock = threading.Lock()

    def write(self, data: bytes) -> None:
        if self._drop_id is not None:
            head, _, body = data.partition(b"\r\n\r\n")
            try:
                message = json.loads(body)
            except ValueError:
                message = None
            if isinstance(message, dict) and message.get("id") == self._drop_id and "method" not in message:
                self._drop_id = None
                self._keep(message)
                return
        with self._lock:
            self._stream.write(data)
            self._stream.flush()

    def flush(self) -> None:
        self._stream.flush()

    def close(self) -> None:
        self._stream.close()


def _load_server(box: dict) -> None:
    try:
        from graphlint.lsp.server import build_server

        box["server"] = build_server()
    except BaseException as exc:  # noqa: BLE001 - re-raised in the main thread
        box["error"] = exc


def _configure_logging() -> None:
    target = os.environ.get(LOG_ENV)
    if target:
        logging.basicConfig(filename=target, level=logging.DEBUG,
                            format="%(asctime)s %(threadName)s %(name)s %(levelname)s %(message)s")
    else:
        # stderr is the editor's log; pygls's INFO lines would flood it (and fill the pipe of a client
        # that does not read it)
        logging.basicConfig(stream=sys.stderr, level=logging.WARNING, format="graphlint-lsp: %(levelname)s %(message)s")


def serve(stdin=None, stdout=None) -> None:
    """Run the language server over stdio until the client sends `exit` or closes the stream."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    # stray print()s must not corrupt the protocol stream
    sys.stdout = sys.stderr
    _configure_logging()
    box: dict = {}
    loader = threading.Thread(target=_load_server, args=(box,), name="graphlint-load", daemon=True)
    loader.start()
    first = read_message(stdin)
    head = b""
    drop_id = None
    fast: dict | None = None
    if first is not None:
        head, message = first
        fast_ok = os.environ.get(FAST_INIT_ENV, "1") not in ("0", "false", "no")
        if fast_ok and message and message.get("method") == "initialize" and "id" in message:
            params = message.get("params") if isinstance(message.get("params"), dict) else {}
            fast = initialize_result(params)
            write_message(stdout, {"jsonrpc": "2.0", "id": message["id"], "result": fast})
            drop_id = message["id"]
    loader.join()
    if "error" in box:
        raise box["error"]
    server = box["server"]
    server.fast_initialize = fast

    def keep(response: dict) -> None:
        server.pygls_initialize = response.get("result")

    if first is None:
        return
    server.start_io(_Replay(head, stdin), _DropResponse(stdout, drop_id, keep))
