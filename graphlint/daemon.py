"""A warm fork server for short runs (pre-commit, one file): `graphlint daemon start`.

A one-file run spends most of its time importing libcst (its ~230 node dataclasses are built at import),
typer and rich, not linting. The daemon imports them once and waits on a Unix socket that only this user can
open. `graphlint ...` (graphlint/launcher.py) connects, sends its arguments, working directory, environment and
umask, and passes its own stdin, stdout and stderr over the socket (SCM_RIGHTS). The daemon forks; the child
takes those descriptors, directory and environment and runs the same CLI, so the output, colours, exit code
and `--fix` writes are exactly a local run's, and no state carries over from one run to the next (each child
starts from the daemon's freshly imported modules). The child sends the exit code back and exits.

One daemon serves one Python interpreter and one graphlint install (the socket's name hashes both). It exits
after `--idle-timeout` seconds without a run, on `graphlint daemon stop`, or when graphlint's source files
change under it (the run that notices is refused and runs locally). Nothing uses a daemon unless one was
started; `GRAPHLINT_DAEMON=off` makes every run local, `GRAPHLINT_DAEMON=auto` starts one after a local run.

This module's top level imports only the standard library's cheapest modules: the launcher imports it on
every call, before deciding whether to import the rest of graphlint.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import struct
import sys
import zlib

MODE_ENV = "GRAPHLINT_DAEMON"  # "off": never use a daemon; "auto": start one after a local run
SOCKET_ENV = "GRAPHLINT_DAEMON_SOCKET"  # the socket to use instead of the per-install default
DEFAULT_IDLE_TIMEOUT = 1800.0
_HEADER = struct.Struct("!I")
_CODE = struct.Struct("!i")
_ACCEPTED, _REFUSED = b"A", b"R"
_LOCAL_COMMANDS = ("daemon", "server")  # never forwarded: the daemon's own commands and the language server
# Unix sockets that carry descriptors, user ids and fork: not on Windows, where every run is local
SUPPORTED = all(hasattr(module, name) for module, name in
                ((socket, "AF_UNIX"), (socket, "send_fds"), (os, "getuid"), (os, "fork")))


def socket_path() -> str:
    """The socket of the daemon serving this interpreter and this graphlint install."""
    override = os.environ.get(SOCKET_ENV)
    if override:
        return override
    from graphlint import __version__

    key = f"{sys.executable}\0{os.path.dirname(os.path.abspath(__file__))}\0{__version__}"
    base = os.environ.get("XDG_RUNTIME_DIR") or "/tmp"
    return os.path.join(base, f"graphlint-{os.getuid()}", f"{zlib.crc32(key.encode()):08x}.sock")


def _private_directory(path: str) -> bool:
    """Only a socket in a directory this user owns and nobody else may enter is trusted."""
    try:
        info = os.stat(os.path.dirname(path) or ".")
    except OSError:
        return False
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IRWXG | stat.S_IRWXO)


def directory_problem(path: str) -> str | None:
    """Why the socket's directory cannot hold a daemon's socket (None if it can, or does not exist yet)."""
    directory = os.path.dirname(path) or "."
    if not os.path.exists(directory) or _private_directory(path):
        return None
    return f"{directory} may be entered by other users or is not yours: the daemon's socket needs a private folder"


def _connect(path: str) -> socket.socket | None:
    if not SUPPORTED or not _private_directory(path):
        return None
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        conn.connect(path)
    except OSError:
        conn.close()
        return None
    return conn


def _send(conn: socket.socket, message: dict, fds: list[int] = ()) -> None:
    body = json.dumps(message).encode()
    socket.send_fds(conn, [_HEADER.pack(len(body))], list(fds))  # the descriptors travel with the first bytes
    conn.sendall(body)


def _receive(conn: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = conn.recv(size - len(data))
        if not chunk:
            break
        data += chunk
    return data


# ---- client (the launcher) ----

def forward(argv: list[str]) -> int | None:
    """Run `graphlint argv` in a daemon if one serves this install: its exit code, or None to run locally."""
    if not SUPPORTED or os.environ.get(MODE_ENV, "").lower() == "off" or (argv and argv[0] in _LOCAL_COMMANDS):
        return None
    conn = _connect(socket_path())
    if conn is None:
        return None
    with conn:
        umask = os.umask(0o022)
        os.umask(umask)
        try:
            request = {"op": "run", "argv": argv, "cwd": os.getcwd(), "env": dict(os.environ), "umask": umask,
                       # a caller started with SIGINT ignored (a background job) keeps ignoring it in the run too
                       "sigint_ignored": signal.getsignal(signal.SIGINT) == signal.SIG_IGN}
            _send(conn, request, _standard_fds())
            answer = _receive(conn, 1)
        except OSError:
            return None
        except KeyboardInterrupt:
            return 130
        if answer != _ACCEPTED:
            return None  # refused before anything ran (graphlint changed under the daemon): run here
        code = _wait_for_exit_code(conn)
        if len(code) < _CODE.size:
            sys.stderr.write("graphlint: internal error: the daemon's run ended without an exit code (please report)\n")
            return 2
        return _CODE.unpack(code)[0]


def _wait_for_exit_code(conn: socket.socket) -> bytes:
    """The run's exit code; Ctrl-C here interrupts the run (the child is in the daemon's session, not ours)."""
    try:
        child = _CODE.unpack(_receive(conn, _CODE.size).rjust(_CODE.size, b"\0"))[0]
    except KeyboardInterrupt:
        return _CODE.pack(130)
    interrupted = False
    while True:
        try:
            return _receive(conn, _CODE.size)
        except KeyboardInterrupt:
            if interrupted or child <= 0:
                return _CODE.pack(130)
            interrupted = True
            try:
                os.kill(child, signal.SIGINT)  # the run then ends as a local run ends on Ctrl-C (exit 130)
            except OSError:
                return _CODE.pack(130)


def _standard_fds() -> list[int]:
    """This process's stdin, stdout and stderr; /dev/null for one that is closed."""
    fds = []
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            fd = os.open(os.devnull, os.O_RDWR)
        fds.append(fd)
    return fds


def request(op: str) -> dict | None:
    """A control request (`status`, `stop`) to the daemon of this install; None when none answers."""
    if not SUPPORTED:
        return None
    conn = _connect(socket_path())
    if conn is None:
        return None
    with conn:
        try:
            _send(conn, {"op": op})
            size = _receive(conn, _HEADER.size)
            if len(size) < _HEADER.size:
                return None
            return json.loads(_receive(conn, _HEADER.unpack(size)[0]))
        except (OSError, ValueError):
            return None


def start_detached(idle_timeout: float = DEFAULT_IDLE_TIMEOUT, wait: float = 10.0) -> dict | None:
    """Start a daemon for this install in its own session; its status once it answers (None if it did not)."""
    import subprocess
    import time

    path = socket_path()
    # started from the folder holding this graphlint, so that `-m` imports this install, not one in the caller's
    # working directory
    install = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    subprocess.Popen([sys.executable, "-m", "graphlint.daemon", path, str(idle_timeout)], cwd=install,
                     stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                     start_new_session=True, close_fds=True)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        status = request("status")
        if status is not None:
            return status
        time.sleep(0.05)
    return None


# ---- server ----

def serve(path: str, idle_timeout: float = DEFAULT_IDLE_TIMEOUT) -> None:
    """Import what a run needs, then fork one child per run until idle for `idle_timeout` seconds."""
    import gc
    import time

    _warm_up()
    stamp = _source_stamp()
    gc.freeze()  # the imported modules move to the permanent generation: a child's collections skip them
    listening = _listen(path)
    if listening is None:
        return
    listener, inode = listening
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # children are reaped by the kernel; they report through the socket
    state = {"pid": os.getpid(), "socket": path, "started": time.time(), "runs": 0, "idle_timeout": idle_timeout}
    last_run = time.monotonic()
    try:
        while True:
            # idle means no run: `status` requests do not keep the daemon alive
            listener.settimeout(max(0.0, last_run + idle_timeout - time.monotonic()))
            try:
                conn, _ = listener.accept()
            except socket.timeout:
                return
            conn.settimeout(None)
            runs = state["runs"]
            if not _handle(conn, listener, state, stamp):
                return
            if state["runs"] != runs:
                last_run = time.monotonic()
    finally:
        listener.close()
        if _inode(path) == inode:  # not a socket a newer daemon has bound since
            os.unlink(path)


def _listen(path: str) -> tuple[socket.socket, int] | None:
    directory = os.path.dirname(path)
    os.makedirs(directory, mode=0o700, exist_ok=True)
    if not _private_directory(path):
        return None
    if _connect(path) is not None:
        return None  # another daemon already serves this socket
    if os.path.exists(path):
        os.unlink(path)  # left by a daemon that was killed
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    listener.bind(path)
    os.chmod(path, 0o600)
    listener.listen(16)
    return listener, _inode(path)


def _inode(path: str) -> int | None:
    try:
        return os.stat(path).st_ino
    except OSError:
        return None


def _handle(conn: socket.socket, listener: socket.socket, state: dict, stamp: dict[str, int]) -> bool:
    """Serve one connection; False when the daemon should exit."""
    with conn:
        try:
            header, fds, _, _ = socket.recv_fds(conn, _HEADER.size, 3)
            if len(header) < _HEADER.size:
                header += _receive(conn, _HEADER.size - len(header))
            message = json.loads(_receive(conn, _HEADER.unpack(header)[0]))
        except (OSError, ValueError, struct.error):
            return True
        op = message.get("op")
        if op in ("status", "stop"):
            _reply(conn, dict(state, stopping=op == "stop"))
            return op != "stop"
        if op != "run" or len(fds) != 3:
            _close(fds)
            return True
        if _source_stamp() != stamp:
            conn.sendall(_REFUSED)  # graphlint changed since this daemon imported it: the client runs locally
            _close(fds)
            return False
        state["runs"] += 1
        if os.fork() == 0:
            listener.close()
            conn.sendall(_ACCEPTED + _CODE.pack(os.getpid()))  # only the child writes to the client from here on
            _run_child(conn, message, fds)
        _close(fds)
        return True


def _reply(conn: socket.socket, message: dict) -> None:
    body = json.dumps(message).encode()
    conn.sendall(_HEADER.pack(len(body)) + body)


def _close(fds: list[int]) -> None:
    for fd in fds:
        os.close(fd)


def _run_child(conn: socket.socket, message: dict, fds: list[int]) -> None:
    """In the forked child: become the client's process (descriptors, directory, environment) and run the CLI."""
    code = 2
    try:
        signal.signal(signal.SIGCHLD, signal.SIG_DFL)  # the CLI's own pools and subprocesses wait for their children
        # Ctrl-C as the caller has it, not as the daemon was started (maybe in the background, ignoring it)
        signal.signal(signal.SIGINT, signal.SIG_IGN if message.get("sigint_ignored") else signal.default_int_handler)
        for target, fd in enumerate(fds):
            os.dup2(fd, target)
        _close(fds)
        os.chdir(message["cwd"])
        os.environ.clear()
        os.environ.update(message["env"])
        os.umask(message["umask"])
        _reopen_standard_streams()
        sys.argv = ["graphlint", *message["argv"]]
        from graphlint.cli import main

        try:
            main()
            code = 0
        except SystemExit as done:
            code = _exit_code(done.code)
    except BaseException as exc:  # noqa: BLE001 — reported to the client as a local run would
        sys.stderr.write(f"graphlint: internal error: {type(exc).__name__}: {exc} (please report)\n")
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        try:
            conn.sendall(_CODE.pack(code))
        finally:
            os._exit(0)


def _exit_code(value) -> int:
    if value is None:
        return 0
    if isinstance(value, int):
        return value
    sys.stderr.write(f"{value}\n")  # `sys.exit("message")`, as Python itself prints it
    return 1


def _reopen_standard_streams() -> None:
    """Text streams over the client's descriptors, buffered as Python buffers a terminal or a pipe."""
    import io

    encoding = os.environ.get("PYTHONIOENCODING", "").split(":")[0] or "utf-8"
    sys.stdin = io.TextIOWrapper(io.open(0, "rb", closefd=False), encoding=encoding)
    sys.stdout = io.TextIOWrapper(io.open(1, "wb", closefd=False), encoding=encoding, line_buffering=os.isatty(1))
    sys.stderr = io.TextIOWrapper(io.open(2, "wb", closefd=False), encoding=encoding, errors="backslashreplace",
                                  line_buffering=True)


def _warm_up() -> None:
    """Import everything a lint run imports, and run the native parser once."""
    import graphlint.cli  # noqa: F401 — typer, rich
    import graphlint.engine  # noqa: F401 — libcst and the rules
    import graphlint.report.full  # noqa: F401
    import libcst

    libcst.parse_module("import torch\n\ndef f(x):\n    return x.item()\n")


def _source_stamp() -> dict[str, int]:
    """Modification times of graphlint's source files: a change means this daemon's imports are stale (modules
    a run imports lazily count too: a child would mix them with the daemon's older ones)."""
    root = os.path.dirname(os.path.abspath(__file__))
    stamp = {}
    for folder, _, names in os.walk(root):
        for name in names:
            if name.endswith(".py"):
                path = os.path.join(folder, name)
                try:
                    stamp[path] = os.stat(path).st_mtime_ns
                except OSError:
                    stamp[path] = -1
    return stamp


if __name__ == "__main__":
    serve(sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_IDLE_TIMEOUT)
