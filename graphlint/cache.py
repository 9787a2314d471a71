"""The content-hash cache in `.graphlint_cache/` (beside the config file, else in the working directory).

What is cached, each under a key that holds everything its value depends on:
- a file's summary (or its read/parse error): graphlint's own code and rule pages, the file's shown path,
  bytes and module name;
- a file's check (its findings and what the project phase learns from it): the same, plus the options, the
  Dynamo settings, the project's *interface* (every summary without its line numbers: an edit that moves
  code but changes no definition, call or class leaves the other files' results in place), the functions
  of the file that are traced and by which chain, and the facts other files pass in (argument kinds, the
  functions that always break);
- a whole run: every file's bytes and module name, and the options. Nothing changed → the last result.

Keys are SHA-256 digests of a canonical form (sets sorted, dataclasses by field), so they do not depend on
hash randomisation. Values are pickles in one SQLite database: concurrent runs are safe (SQLite locks; a
run that cannot get the lock in time just does not write), and a corrupt or unreadable database is
deleted and rebuilt. The cache never changes a result: `--no-cache` gives the same findings.
Trust: the cache holds pickles, so it is as trusted as the repository it sits in.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import pickle
import sqlite3
from functools import lru_cache
from pathlib import Path

CACHE_DIR_NAME = ".graphlint_cache"
DB_NAME = "cache-v1.sqlite3"
# fields that only place code on a line: left out of the project's interface digest
LINE_FIELDS = frozenset({"line", "line_hint"})
_GITIGNORE = "# created by graphlint\n*\n"
_CACHEDIR_TAG = "Signature: 8a477f597d28d172789f06886806bc55\n# graphlint's cache: https://bford.info/cachedir/\n"


def canonical(value, drop: frozenset[str] = frozenset()):
    """A hashable, order-stable form of summaries, options and findings (drop: dataclass fields to leave out)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (type(value).__name__,) + tuple(
            (f.name, canonical(getattr(value, f.name), drop)) for f in dataclasses.fields(value) if f.name not in drop)
    if isinstance(value, dict):
        return ("dict",) + tuple(sorted(((repr(k), canonical(v, drop)) for k, v in value.items())))
    if isinstance(value, (set, frozenset)):
        return ("set",) + tuple(sorted(repr(canonical(v, drop)) for v in value))
    if isinstance(value, (list, tuple)):
        return tuple(canonical(v, drop) for v in value)
    return value


def digest(*parts) -> str:
    return hashlib.sha256(repr(tuple(canonical(p) for p in parts)).encode("utf-8", "surrogatepass")).hexdigest()


def interface_digest(summary) -> str:
    """What other files' checks can see of a file: its summary without line numbers."""
    return hashlib.sha256(repr(canonical(summary, LINE_FIELDS)).encode("utf-8", "surrogatepass")).hexdigest()


@lru_cache(maxsize=1)
def code_version() -> str:
    """A digest of graphlint's own modules and rule pages: a cache entry made by other code is never read."""
    from graphlint import __version__
    from graphlint.catalog import rules_dir

    package = Path(__file__).resolve().parent
    sha = hashlib.sha256(__version__.encode())
    for path in sorted([*package.rglob("*.py"), *rules_dir().glob("GL*.md")]):
        sha.update(str(path.relative_to(path.parents[1])).encode())
        sha.update(path.read_bytes())
    return sha.hexdigest()


def file_digest(path: str) -> str | None:
    """The SHA-256 of a file's bytes; None if it cannot be read (reading it later reports the error)."""
    try:
        with open(path, "rb") as handle:
            return hashlib.file_digest(handle, "sha256").hexdigest()
    except OSError:
        return None


def cache_root(config_path: Path | None) -> Path:
    return (config_path.parent if config_path is not None else Path.cwd()) / CACHE_DIR_NAME


class Cache:
    """Reads are served from the database; writes are collected and stored in one transaction by `flush`."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self._pending: list[tuple[str, bytes]] = []
        self._db: sqlite3.Connection | None = None
        self._broken = False

    def _connect(self) -> sqlite3.Connection | None:
        if self._db is not None or self._broken:
            return self._db
        try:
            self._prepare_directory()
            self._db = self._open()
        except (OSError, sqlite3.Error):
            try:  # a corrupt database: start again
                (self.directory / DB_NAME).unlink(missing_ok=True)
                self._db = self._open()
            except (OSError, sqlite3.Error):
                self._broken = True  # read-only checkout, full disk: run without a cache
        return self._db

    def _prepare_directory(self) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        for name, text in ((".gitignore", _GITIGNORE), ("CACHEDIR.TAG", _CACHEDIR_TAG)):
            if not (self.directory / name).exists():
                (self.directory / name).write_text(text)

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.directory / DB_NAME, timeout=5, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("CREATE TABLE IF NOT EXISTS entries (key TEXT PRIMARY KEY, value BLOB NOT NULL)")
        db.execute("SELECT count(*) FROM entries WHERE key = ''").fetchone()  # fails on a corrupt file
        return db

    def get_many(self, keys: list[str]) -> dict[str, object]:
        """The entries found, unpickled; an entry that does not unpickle is a miss."""
        db = self._connect()
        found: dict[str, object] = {}
        if db is None or not keys:
            return found
        try:
            for start in range(0, len(keys), 500):  # SQLite's limit on bound parameters
                chunk = keys[start:start + 500]
                rows = db.execute(f"SELECT key, value FROM entries WHERE key IN ({','.join('?' * len(chunk))})",
                                  chunk).fetchall()
                for key, blob in rows:
                    try:
                        found[key] = pickle.loads(blob)
                    except Exception:  # written by another Python, truncated: recompute it
                        continue
        except sqlite3.Error:
            return {}
        return found

    def get(self, key: str):
        return self.get_many([key]).get(key)

    def put(self, key: str, value) -> None:
        self._pending.append((key, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)))

    def flush(self) -> None:
        db = self._connect()
        pending, self._pending = self._pending, []
        if db is None or not pending:
            return
        try:
            db.execute("BEGIN IMMEDIATE")
            db.executemany("INSERT OR REPLACE INTO entries (key, value) VALUES (?, ?)", pending)
            db.execute("COMMIT")
        except sqlite3.Error:  # another run holds the lock past the timeout, or the disk is full
            try:
                db.execute("ROLLBACK")
            except sqlite3.Error:
                pass

    def close(self) -> None:
        self.flush()
        if self._db is not None:
            self._db.close()
            self._db = None


# ---------------------------------------------------------------- the engine's view

# LintOptions fields that do not change a result
NOT_IN_KEYS = frozenset({"jobs", "cache_dir"})


@dataclasses.dataclass(frozen=True)
class FileKey:
    shown: str  # the path as findings show it (relative to the working directory)
    sha: str | None  # of the bytes; None if unreadable (never cached: reading it reports why)
    module: str  # dotted module name, from the __init__.py files around it


def _file_key(path: str) -> FileKey:
    from graphlint.files import display_path, module_name_for

    return FileKey(display_path(path), file_digest(path), "%s:%s" % module_name_for(path))


def _environment() -> tuple:
    """What outside the files and options changes a result: the working directory (paths are shown relative
    to it), the TORCHDYNAMO_* settings and where installed libraries are looked up (GRAPHLINT_LIBRARY_PATH)."""
    return (os.getcwd(), sorted((k, v) for k, v in os.environ.items() if k.startswith("TORCHDYNAMO_")),
            os.environ.get("GRAPHLINT_LIBRARY_PATH", ""))


class FileCache:
    """The cache as `engine.lint_files` uses it for one run over a list of files."""

    def __init__(self, store: Cache, options, files: dict[str, FileKey]) -> None:
        self.store, self.files = store, files
        self.common = (code_version(), _environment(), canonical(options, NOT_IN_KEYS))
        self.interfaces: dict[str, str] = {}  # shown path → interface digest of its summary
        self.library: dict[str, FileKey] = {}  # installed library files read this run (analysis/libraries.py)
        self.stats = {"run": False, "summaries": 0, "checks": 0, "checks_cached": 0}

    @classmethod
    def open(cls, files: list[str], options) -> "FileCache | None":
        if not options.cache_dir:
            return None
        return cls(Cache(Path(options.cache_dir)), options, {f: _file_key(f) for f in files})

    def _run_key(self) -> str | None:
        if any(k.sha is None for k in self.files.values()):
            return None
        return digest("run", self.common, sorted(self.files.values(), key=lambda k: k.shown))

    def run_result(self):
        """The whole result of a run over the same files, if the library files it read are unchanged too."""
        key = self._run_key()
        stored = self.store.get(key) if key else None
        result = None
        if stored is not None:
            result, library = stored
            if any(file_digest(shown) != sha for shown, sha in library):  # a library was upgraded
                result = None
        self.stats["run"] = result is not None
        return result

    def describe(self) -> str:
        """One line for --verbose: what the cache served."""
        where = self.store.directory
        if self.stats["run"]:
            return f"cache: the whole result, nothing changed ({where})"
        return (f"cache: {self.stats['summaries']} of {len(self.files)} file summaries and "
                f"{self.stats['checks_cached']} of {self.stats['checks']} file checks served ({where})")

    def store_run_result(self, result) -> None:
        key = self._run_key()
        if key:
            self.store.put(key, (result, sorted((k.shown, k.sha) for k in self.library.values())))

    def _summary_key(self, k: FileKey) -> str | None:
        return digest("summary", self.common[0], k) if k.sha else None

    def summaries(self) -> dict:
        """path → FileSummary or FileError, for the files the cache has."""
        keys = {path: key for path, k in self.files.items() if (key := self._summary_key(k))}
        found = self.store.get_many(list(keys.values()))
        out = {}
        for path, key in keys.items():
            if key in found:
                item, interface = found[key]
                out[path] = item
                self.stats["summaries"] += 1
                if interface:
                    self.interfaces[item.path] = interface
        return out

    def store_summaries(self, fresh: dict) -> None:
        from graphlint.findings import FileError

        for path, item in fresh.items():
            interface = None if isinstance(item, FileError) else interface_digest(item)
            if interface:
                self.interfaces[item.path] = interface
            key = self._summary_key(self.files[path])
            if key:
                self.store.put(key, (item, interface))

    def library_summary(self, path: str, load):
        """An installed library file's summary, from the cache or `load(path)` (None: unreadable, not cached). The
        file's key is kept (`self.library`): its checks are cached by it, and a whole result that read it is served
        only while its bytes are unchanged (`run_result`)."""
        k = _file_key(path)
        self.library[k.shown] = k
        key = self._summary_key(k)
        hit = self.store.get(key) if key else None
        if hit is not None:
            return hit[0]
        item = load(path)
        if key and item is not None:
            self.store.put(key, (item, interface_digest(item)))
        return item

    def checks(self, summaries, options, config) -> "CheckCache":
        interfaces = sorted((s.path, self.interfaces.get(s.path) or interface_digest(s)) for s in summaries)
        shas = {k.shown: k.sha for k in [*self.files.values(), *self.library.values()]}
        return CheckCache(self.store, (self.common, repr(config), digest(interfaces)), shas, self.stats)

    def close(self) -> None:
        self.store.close()


class CheckCache:
    """Keys for one file's check: the run's common part, the file's bytes, and what the project phase passes in."""

    def __init__(self, store: Cache, common: tuple, shas: dict[str, str | None], stats: dict) -> None:
        self.store, self.shas, self.stats = store, shas, stats
        self.common = digest(common)  # once, not once per file
        self._breaking: tuple[object, str] = (None, "")

    def key(self, path: str, traced: dict, seeds, breaking) -> str | None:
        sha = self.shas.get(path)
        return digest("check", self.common, path, sha, traced, seeds, self._digest_of(breaking)) if sha else None

    def _digest_of(self, breaking) -> str:
        """The functions that always break are one set for the whole round: sorted and hashed once per round,
        not once per file (thousands of entries on a large package)."""
        if self._breaking[0] is not breaking:
            self._breaking = (breaking, digest(breaking))
        return self._breaking[1]

    def get_many(self, keys: dict[str, str | None]) -> dict:
        found = self.store.get_many([k for k in keys.values() if k])
        served = {path: found[key] for path, key in keys.items() if key in found}
        self.stats["checks"] += len(keys)
        self.stats["checks_cached"] += len(served)
        return served

    def put_many(self, entries: dict) -> None:
        for key, value in entries.items():
            if key:
                self.store.put(key, value)
