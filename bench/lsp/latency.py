"""Latency of the language server (`graphlint server`), driven the way an editor drives it: over stdio pipes,
with a minimal JSON-RPC client (stdlib only, so the client adds nothing to what is measured).

    python bench/lsp/latency.py [--runs 10] [--edits 5]

For each run it spawns a fresh server and measures:

- spawn → initialize response: `initialize` written right after the spawn, as editors do;
- initialize request → response, on a server that has been up for a second (the handler alone);
- the same two with GRAPHLINT_LSP_FAST_INIT=0 (pygls answers `initialize` itself, after loading);
- didOpen → publishDiagnostics for each ~1,000-line model file, first the cold one (sent right after
  `initialized`: engine and rules still loading), then warm;
- didChange → publishDiagnostics minus the server's debounce (DEBOUNCE_S), `--edits` times per file.

Two model files are generated under a temporary directory: `fixtures` (fixtures/cases modules
concatenated: ~100 findings, the worst case) and `transformer` (a realistic model module: a transformer
block, attention and an MLP with a couple of breaks, repeated with new class names). The engine's own
time for each file (lint_stdin in this process, median of 5) is printed alongside, so that the server's
overhead can be told from the lint. Prints medians in seconds.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURE_FILES = ["printing.py", "scalar.py", "loops.py", "numpy_values.py", "fixable.py"]
TARGET_LINES = 1000

TRANSFORMER_BLOCK = '''

class Attention{n}(nn.Module):
    """Multi-head self-attention."""

    def __init__(self, dim: int, heads: int = 8, dropout: float = 0.0):
        super().__init__()
        self.heads = heads
        self.scale = (dim // heads) ** -0.5
        self.qkv = nn.Linear(dim, dim * 3, bias=False)
        self.proj = nn.Linear(dim, dim)
        self.drop = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        b, t, c = x.shape
        qkv = self.qkv(x).reshape(b, t, 3, self.heads, c // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        att = (q @ k.transpose(-2, -1)) * self.scale
        if mask is not None:
            att = att.masked_fill(mask[:, None, None, :] == 0, float("-inf"))
        att = F.softmax(att, dim=-1)
        att = self.drop(att)
        out = (att @ v).transpose(1, 2).reshape(b, t, c)
        return self.proj(out)


class MLP{n}(nn.Module):
    def __init__(self, dim: int, hidden: int, dropout: float = 0.0):
        super().__init__()
        self.fc1 = nn.Linear(dim, hidden)
        self.fc2 = nn.Linear(hidden, dim)
        self.act = nn.GELU()
        self.drop = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = self.drop(self.act(self.fc1(x)))
        return self.drop(self.fc2(x))


class Block{n}(nn.Module):
    def __init__(self, dim: int, heads: int, mlp_ratio: float = 4.0, dropout: float = 0.0):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim)
        self.attn = Attention{n}(dim, heads, dropout)
        self.norm2 = nn.LayerNorm(dim)
        self.mlp = MLP{n}(dim, int(dim * mlp_ratio), dropout)
        self.gamma = nn.Parameter(torch.ones(dim))

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        x = x + self.attn(self.norm1(x), mask)
        x = x + self.gamma * self.mlp(self.norm2(x))
        if self.training:
            print("block {n} norm", x.norm())
        return x


class Encoder{n}(nn.Module):
    def __init__(self, vocab: int, dim: int = 256, depth: int = 4, heads: int = 8, max_len: int = 512):
        super().__init__()
        self.embed = nn.Embedding(vocab, dim)
        self.pos = nn.Parameter(torch.zeros(1, max_len, dim))
        self.blocks = nn.ModuleList([Block{n}(dim, heads) for _ in range(depth)])
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, vocab)

    def forward(self, tokens: torch.Tensor) -> torch.Tensor:
        mask = tokens != 0
        x = self.embed(tokens) + self.pos[:, : tokens.shape[1]]
        for block in self.blocks:
            x = block(x, mask)
        lengths = mask.sum(dim=1)
        longest = lengths.max().item()
        x = self.norm(x[:, :longest])
        return self.head(x)
'''


def fixtures_model() -> str:
    parts = []
    for name in FIXTURE_FILES:
        text = (REPO / "fixtures" / "cases" / name).read_text(encoding="utf-8")
        kept = [line for line in text.splitlines() if "from __future__" not in line]
        parts.append(f"# ---- fixtures/cases/{name}\n" + "\n".join(kept) + "\n")
    return "\n".join(parts)


def transformer_model() -> str:
    head = ('"""A transformer encoder, several variants."""\n\nimport torch\nimport torch.nn as nn\n'
            "import torch.nn.functional as F\n")
    text, n = head, 0
    while text.count("\n") < TARGET_LINES - 50:
        text += TRANSFORMER_BLOCK.format(n=n)
        n += 1
    return text


class RawClient:
    """Content-Length framed JSON-RPC over the server's pipes; records each message's arrival time."""

    def __init__(self, cwd: str, env: dict | None = None):
        self.spawned = time.perf_counter()
        self.proc = subprocess.Popen([sys.executable, "-m", "graphlint", "server"], cwd=cwd,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                     env={**os.environ, **(env or {})})
        self.inbox: queue.Queue = queue.Queue()
        self.logs: list[str] = []  # window/logMessage texts, in order
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put((time.perf_counter(), None))
                    return
                if not line.strip():
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            self.inbox.put((time.perf_counter(), json.loads(out.read(length))))

    def send(self, message: dict) -> float:
        body = json.dumps(message).encode()
        sent = time.perf_counter()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()
        return sent

    def request(self, method: str, params) -> tuple[int, float]:
        self.next_id += 1
        return self.next_id, self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})

    def notify(self, method: str, params) -> float:
        return self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, match, timeout: float = 60.0) -> tuple[float, dict]:
        end = time.time() + timeout
        while True:
            arrived, message = self.inbox.get(timeout=max(end - time.time(), 0.01))
            if message is None:
                raise RuntimeError("server closed its output")
            if "method" in message and "id" in message:  # a request to the client: answer it
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            if message.get("method") == "window/logMessage":
                self.logs.append(message["params"]["message"])
            if match(message):
                return arrived, message

    def response(self, request_id: int) -> tuple[float, dict]:
        return self.wait(lambda m: m.get("id") == request_id and "method" not in m)

    def diagnostics(self, uri: str, version: int) -> tuple[float, dict]:
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri and m["params"].get("version") == version)

    def lint_seconds(self, version: int) -> float | None:
        """The engine time the server logged for the last lint of a version ("... (version 3): ... in 0.5 s")."""
        for line in reversed(self.logs):
            m = re.search(rf"\(version {version}\): .* in ([0-9.]+) s", line)
            if m:
                return float(m.group(1))
        return None

    def close(self) -> None:
        try:
            request_id, _ = self.request("shutdown", None)
            self.response(request_id)
            self.notify("exit", None)
            self.proc.wait(timeout=10)
        except Exception:  # noqa: BLE001
            self.proc.kill()
            self.proc.wait()


def initialize_params(root: Path) -> dict:
    return {"processId": os.getpid(), "rootUri": root.as_uri(), "capabilities": {
        "workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True},
                      "workspaceEdit": {"documentChanges": True}},
        "textDocument": {"hover": {"contentFormat": ["markdown"]}, "synchronization": {"didSave": True}}}}


def engine_time(text: str, name: str) -> float:
    sys.path.insert(0, str(REPO))
    from graphlint.engine import lint_stdin
    from graphlint.files import SourceFile
    from graphlint.settings import load_settings

    options = load_settings(None).options
    times = []
    for _ in range(6):
        start = time.perf_counter()
        lint_stdin(SourceFile(name, text), options)
        times.append(time.perf_counter() - start)
    return statistics.median(times[1:])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--edits", type=int, default=5)
    args = parser.parse_args()
    sys.path.insert(0, str(REPO))
    from graphlint.lsp.server import DEBOUNCE_S

    times: dict[str, list[float]] = {}

    def record(label: str, value: float) -> None:
        times.setdefault(label, []).append(value)

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        models = {"fixtures": fixtures_model(), "transformer": transformer_model()}
        files = {}
        for label, text in models.items():
            path = root / f"{label}_model.py"
            path.write_text(text)
            files[label] = path
        for run in range(args.runs):
            # spawn → initialize response, initialize written at once (what editors do)
            for fast in (True, False):
                env = None if fast else {"GRAPHLINT_LSP_FAST_INIT": "0"}
                tag = "" if fast else " (FAST_INIT=0: pygls answers)"
                client = RawClient(tmp, env)
                request_id, _ = client.request("initialize", initialize_params(root))
                arrived, _ = client.response(request_id)
                record(f"spawn → initialize response{tag}", arrived - client.spawned)
                client.close()
                # the initialize handler alone: a server up for a second
                client = RawClient(tmp, env)
                time.sleep(1.0)
                request_id, sent = client.request("initialize", initialize_params(root))
                arrived, _ = client.response(request_id)
                record(f"initialize request → response, server up 1 s{tag}", arrived - sent)
                client.close()
            # diagnostics
            client = RawClient(tmp)
            request_id, _ = client.request("initialize", initialize_params(root))
            client.response(request_id)
            client.notify("initialized", {})
            for i, (label, path) in enumerate(files.items()):
                uri = path.as_uri()
                text = models[label]
                lines = text.count("\n")
                sent = client.notify("textDocument/didOpen", {"textDocument": {
                    "uri": uri, "languageId": "python", "version": 1, "text": text}})
                arrived, message = client.diagnostics(uri, 1)
                kind = "cold: first file after initialized" if i == 0 else "warm"
                record(f"didOpen → diagnostics, {label} ({lines} lines), {kind}", arrived - sent)
                if i == 0:
                    warm = next((line for line in client.logs if "warmed up in" in line), "")
                    if warm:
                        record("  of which: loading + warming the engine (server log)",
                               float(re.search(r"in ([0-9.]+) s", warm).group(1)))
                if run == 0:
                    print(f"# {label}: {lines} lines, {len(message['params']['diagnostics'])} diagnostics",
                          file=sys.stderr)
                # reopen under another name: warm
                other = uri.replace(".py", "_again.py")
                sent = client.notify("textDocument/didOpen", {"textDocument": {
                    "uri": other, "languageId": "python", "version": 1, "text": text}})
                arrived, _ = client.diagnostics(other, 1)
                record(f"didOpen → diagnostics, {label} ({lines} lines), warm", arrived - sent)
                for version in range(2, 2 + args.edits):
                    text = text + f"\n# edit {version}\n"
                    sent = client.notify("textDocument/didChange", {
                        "textDocument": {"uri": uri, "version": version},
                        "contentChanges": [{"text": text}]})
                    arrived, _ = client.diagnostics(uri, version)
                    record(f"didChange → diagnostics − debounce, {label} ({lines} lines)",
                           arrived - sent - DEBOUNCE_S)
                    engine = client.lint_seconds(version)
                    if engine is not None:
                        record(f"  of which: engine (lint_stdin, server log), {label}", engine)
                        record(f"  of which: server overhead (the rest), {label}", arrived - sent - DEBOUNCE_S - engine)
            client.close()
        for label, text in models.items():
            record(f"engine alone: lint_stdin, {label} ({text.count(chr(10))} lines)",
                   engine_time(text, f"{label}_model.py"))
    width = max(map(len, times))
    print(f"{'measure':<{width}}  median    min      n   (debounce {DEBOUNCE_S} s)")
    for label, values in times.items():
        print(f"{label:<{width}}  {statistics.median(values):.3f} s  {min(values):.3f} s  {len(values)}")


if __name__ == "__main__":
    main()
