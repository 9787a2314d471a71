"""Finding the files to lint and reading them safely (PEP 263 encodings, BOM, binary detection)."""

from __future__ import annotations

import fnmatch
import io
import os
import re
import subprocess
import tokenize
from dataclasses import dataclass
from pathlib import Path

from graphlint.findings import FileError

# Directories never worth descending into when walking a tree (explicitly named paths are always linted).
DEFAULT_EXCLUDES = (
    ".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "__pycache__", ".mypy_cache",
    ".pytest_cache", ".ruff_cache", ".graphlint_cache", "node_modules", "build", "dist",
    ".eggs", "*.egg-info", "site-packages",
)
PYTHON_SUFFIXES = (".py", ".pyi")


@dataclass(frozen=True)
class SourceFile:
    path: str  # as shown to the user: relative to cwd where possible
    text: str
    # line ending of the file, kept so that fixes can write it back unchanged
    newline: str = "\n"
    # what the bytes were decoded with ("utf-8-sig" when the file starts with a byte-order mark), so that
    # fixes write the file back the same way
    encoding: str = "utf-8"


_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")


def source_lines(text: str, keepends: bool = False) -> list[str]:
    """The lines of Python source as the tokenizer (and libcst's positions) number them: split at \\n, \\r\\n
    and \\r only. str.splitlines also splits at form feeds, \\x1c-\\x1e, \\x85 and \\u2028/9, which may sit in
    code or strings, and would shift every later line."""
    lines = _LINE.findall(text)
    return lines if keepends else [line.rstrip("\r\n") for line in lines]


def display_path(path: str) -> str:
    """Relative to the working directory where possible, else as given."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # other drive on Windows
        return path
    return path if rel.startswith("..") else rel


def _excluded(name: str, rel: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatch(name, p) or fnmatch.fnmatch(rel, p) for p in patterns)


def _excluded_with_parents(rel: str, patterns: tuple[str, ...]) -> bool:
    """A file named on the command line under --force-exclude: excluded if it, or a directory on its path,
    matches (`exclude = ["legacy"]` covers `legacy/old.py`, as a directory walk would)."""
    parts = rel.replace(os.sep, "/").split("/")
    return any(_excluded(parts[i - 1], "/".join(parts[:i]), patterns) for i in range(1, len(parts) + 1))


def git_visible_files(directory: str) -> set[str] | None:
    """Real paths of the files git does not ignore under directory, or None outside a git work tree."""
    try:
        # a directory that is itself ignored (a venv inside the repo) was named on purpose: lint it all
        ignored = subprocess.run(["git", "-C", directory, "check-ignore", "-q", "."], capture_output=True,
                                 timeout=30)
        if ignored.returncode == 0:
            return None
        proc = subprocess.run(["git", "-C", directory, "ls-files", "-z", "--cached", "--others",
                               "--exclude-standard"], capture_output=True, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return None
    if proc.returncode != 0:
        return None
    return {os.path.realpath(os.path.join(directory, name))
            for name in proc.stdout.decode("utf-8", "surrogateescape").split("\0") if name}


def discover(
    paths: list[str], exclude: tuple[str, ...] = (), force_exclude: bool = False,
    respect_gitignore: bool = True,
) -> tuple[list[str], list[FileError]]:
    """Expand paths into Python files, sorted and de-duplicated.

    Directories are walked without following symlinks (so a symlink loop cannot trap us); the default
    and configured excludes, and .gitignore inside a git work tree, apply to what the walk finds. A file named explicitly is linted even if it
    matches an exclude, unless force_exclude (pre-commit passes file names explicitly).
    """
    patterns = DEFAULT_EXCLUDES + tuple(exclude)
    files: list[str] = []
    errors: list[FileError] = []
    for raw in paths:
        try:
            is_dir = os.path.isdir(raw)
            exists = is_dir or os.path.isfile(raw)
        except OSError as exc:  # e.g. ELOOP on a symlink loop
            errors.append(FileError(raw, "missing-path", exc.strerror or str(exc)))
            continue
        if not exists:
            reason = "symlink loop or broken link" if os.path.islink(raw) else "no such file or directory"
            errors.append(FileError(raw, "missing-path", reason))
            continue
        if not is_dir:
            if force_exclude and _excluded_with_parents(display_path(raw), patterns):
                continue
            files.append(raw)
            continue
        visible = git_visible_files(raw) if respect_gitignore else None
        for root, dirnames, filenames in os.walk(raw, followlinks=False):
            dirnames[:] = sorted(
                d for d in dirnames
                if not _excluded(d, display_path(os.path.join(root, d)), patterns)
            )
            for name in sorted(filenames):
                full = os.path.join(root, name)
                if not name.endswith(PYTHON_SUFFIXES):
                    continue
                if _excluded(name, display_path(full), patterns):
                    continue
                if visible is not None and os.path.realpath(full) not in visible:
                    continue  # ignored by .gitignore
                if os.path.islink(full) and not os.path.exists(full):
                    errors.append(FileError(display_path(full), "missing-path", "broken symlink"))
                    continue
                files.append(full)
    seen: set[str] = set()
    unique = []
    for f in files:
        key = os.path.realpath(f)
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return unique, errors


def decode_source(data: bytes, path: str) -> SourceFile | FileError:
    """Bytes → text, honouring a BOM and a PEP 263 coding cookie; binary and undecodable files are errors."""
    if b"\x00" in data[:8192]:
        return FileError(path, "binary", "file contains NUL bytes; not a Python source file")
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:  # unknown coding cookie, or a BOM that contradicts it
        return FileError(path, "decode", str(exc))
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as exc:
        line = data[: getattr(exc, "start", 0)].count(b"\n") + 1
        return FileError(path, "decode", f"cannot decode as {encoding}: {getattr(exc, 'reason', exc)}", line=line)
    if text.startswith("\ufeff"):
        text = text[1:]
    newline = "\r\n" if "\r\n" in text[:4096] else "\n"
    return SourceFile(path=path, text=text, newline=newline, encoding=encoding)


def read_source(path: str) -> SourceFile | FileError:
    shown = display_path(path)
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        return FileError(shown, "unreadable", exc.strerror or str(exc))
    return decode_source(data, shown)


def line_reader():
    """path → the file's lines (`source_lines`), each file read once; [] for a file that cannot be read.
    For reporters that show or hash source lines."""
    cache: dict[str, list[str]] = {}

    def read(path: str) -> list[str]:
        if path not in cache:
            source = read_source(path)
            cache[path] = [] if isinstance(source, FileError) else source_lines(source.text)
        return cache[path]

    return read


# how many directories without an `__init__.py` (PEP 420 namespace packages) may lie between a file and the regular
# package above it
NAMESPACE_DEPTH = 4


def module_name_for(path: str) -> tuple[str, bool]:
    """Dotted module name from the package structure on disk (walks up through __init__.py files). Directories
    without one inside a regular package are namespace packages (pina's `pina/_src/solver/mixin/`, where only `pina`
    and `_src` have an `__init__.py`): `pina._src.solver.mixin.physics_informed_mixin`, as Python imports it."""
    full = os.path.abspath(path)
    directory, filename = os.path.split(full)
    stem = os.path.splitext(filename)[0]
    is_package = stem == "__init__"
    parts = [] if is_package else [stem]
    namespaces = _namespace_parts(directory)
    parts.extend(namespaces)
    for _ in namespaces:
        directory = os.path.dirname(directory)
    while os.path.isfile(os.path.join(directory, "__init__.py")):
        directory, pkg = os.path.split(directory)
        parts.append(pkg)
    return ".".join(reversed(parts)), is_package


def _namespace_parts(directory: str) -> list[str]:
    """The names of the directories without an `__init__.py` between `directory` and the regular package above it
    (innermost first), or none when no regular package lies within NAMESPACE_DEPTH directories."""
    names = []
    for _ in range(NAMESPACE_DEPTH):
        if os.path.isfile(os.path.join(directory, "__init__.py")):
            return names
        parent, name = os.path.split(directory)
        if not name.isidentifier() or parent == directory:
            return []
        names.append(name)
        directory = parent
    return []
