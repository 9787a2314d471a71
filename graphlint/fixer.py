"""Where a fix is applied: findings' edits → new file text, checked and written atomically.

- Edits are applied bottom-up, so earlier positions stay valid; a fix whose edits overlap an edit
  already taken waits for the next round (the CLI re-lints and fixes again until nothing changes).
- The new text must parse, or the file is left untouched and an error is reported.
- Encoding, byte-order mark and line endings are kept; nothing outside the edits changes.
- Writes go to a temporary file in the same directory, which then replaces the original (atomic on
  POSIX): an interrupted run leaves the old file or the new one, never half of one.
"""

from __future__ import annotations

import difflib
import os
import tempfile
from dataclasses import dataclass, field

from graphlint.files import read_source, source_lines
from graphlint.findings import FileError, Finding
from graphlint.findings import SAFE, UNSAFE


@dataclass
class FileFix:
    """The outcome for one file: its new text, and which findings the edits fix."""

    path: str
    old_text: str
    new_text: str
    fixed: list[Finding] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return self.new_text != self.old_text

    def diff(self) -> str:
        return "".join(difflib.unified_diff(source_lines(self.old_text, keepends=True),
                                            source_lines(self.new_text, keepends=True),
                                            fromfile=f"a/{self.path}", tofile=f"b/{self.path}"))


def applicable(finding: Finding, unsafe: bool) -> bool:
    fix = finding.fix
    return fix is not None and bool(fix.edits) and (fix.applicability == SAFE or (unsafe and fix.applicability == UNSAFE))


def fixable_by_file(findings: list[Finding], unsafe: bool, skip: set[str] = frozenset()) -> dict[str, list[Finding]]:
    """The findings whose fix would be applied, by file (files in `skip` left out), in finding order."""
    by_file: dict[str, list[Finding]] = {}
    for finding in findings:
        if applicable(finding, unsafe) and finding.path not in skip:
            by_file.setdefault(finding.path, []).append(finding)
    return by_file


def fix_text(path: str, text: str, findings: list[Finding], unsafe: bool) -> FileFix | FileError:
    """Apply the applicable fixes of one file's findings to its text (nothing is written)."""
    offsets = _line_offsets(text)
    taken: list[tuple[int, int, str]] = []  # (start, end, content) of the accepted edits
    fixed: list[Finding] = []
    for finding in findings:
        if not applicable(finding, unsafe):
            continue
        spans = [(_offset(offsets, text, e.line, e.column), _offset(offsets, text, e.end_line, e.end_column), e.content)
                 for e in finding.fix.edits]
        new = [s for s in spans if s not in taken]  # the same `import torch` from two fixes goes in once
        if any(_overlaps(s, t) for s in new for t in taken):
            continue  # next round
        taken.extend(new)
        fixed.append(finding)
    new_text = text
    for start, end, content in sorted(taken, key=lambda s: (s[0], s[1]), reverse=True):
        new_text = new_text[:start] + content + new_text[end:]
    if new_text != text:
        try:
            _parse(new_text)
        except SyntaxError as exc:
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            return FileError(path, "fix", f"the fixed code does not parse ({first}); file left unchanged")
    return FileFix(path, text, new_text, fixed)


def _line_offsets(text: str) -> list[int]:
    """Start offset of each line (1-based line n starts at offsets[n - 1])."""
    offsets = [0]
    for line in source_lines(text, keepends=True):
        offsets.append(offsets[-1] + len(line))
    return offsets


def _offset(offsets: list[int], text: str, line: int, column: int) -> int:
    if line > len(offsets) - 1:  # past the last line: the end of the text
        return len(text)
    return min(offsets[line - 1] + column - 1, offsets[line])


def _overlaps(a: tuple[int, int, str], b: tuple[int, int, str]) -> bool:
    if a[0] == a[1] or b[0] == b[1]:  # an insertion conflicts only strictly inside another edit
        return b[0] < a[0] < b[1] or a[0] < b[0] < a[1]
    return a[0] < b[1] and b[0] < a[1]


# ---------------------------------------------------------------- files

def write_atomically(path: str, text: str, encoding: str) -> FileError | None:
    """Write text next to path, then rename it over path, keeping the file's permissions ("utf-8-sig"
    writes the byte-order mark back)."""
    try:
        data = text.encode(encoding)
    except (UnicodeEncodeError, LookupError) as exc:
        return FileError(path, "fix", f"cannot encode the fixed code as {encoding}: {exc}; file left unchanged")
    target = os.path.realpath(path)  # a symlink keeps pointing at the file it named
    try:
        mode = os.stat(target).st_mode
        fd, tmp = tempfile.mkstemp(dir=os.path.dirname(target), prefix=".graphlint-", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            os.chmod(tmp, mode & 0o7777)
            os.replace(tmp, target)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise
    except OSError as exc:
        return FileError(path, "fix", f"cannot write: {exc.strerror or exc}; file left unchanged")
    return None


def apply_to_file(path: str, findings: list[Finding], unsafe: bool, write: bool) -> FileFix | FileError:
    """Fix one file on disk (or, with write=False, only compute the result)."""
    source = read_source(path)
    if isinstance(source, FileError):
        return source
    outcome = fix_text(path, source.text, findings, unsafe)
    if isinstance(outcome, FileError) or not outcome.changed or not write:
        return outcome
    error = write_atomically(path, outcome.new_text, source.encoding)
    return error or outcome



def add_noqa_to_file(path: str, findings: list[Finding]) -> tuple[int, list[Finding]] | FileError:
    """`--add-noqa`: a `# noqa: CODE` comment for each finding of one file, written atomically. Returns the
    number of lines changed and the findings no comment could cover (no line of their statement can end in
    a comment, e.g. one inside a multi-line string)."""
    from graphlint.suppressions import add_noqa

    source = read_source(path)
    if isinstance(source, FileError):
        return source
    new_text, left = add_noqa(source.text, findings)
    changed = sum(a != b for a, b in zip(source_lines(source.text), source_lines(new_text)))
    if not changed:
        return 0, left
    try:
        _parse(new_text)
    except SyntaxError:
        return FileError(path, "fix", "adding `# noqa` comments would break the code; file left unchanged")
    return write_atomically(path, new_text, source.encoding) or (changed, left)


def _parse(text: str) -> None:
    """Raise SyntaxError unless libcst parses `text` (libcst is imported here, on the first fix, so that
    reporting findings does not load it)."""
    import libcst as cst

    try:
        cst.parse_module(text)
    except (cst.ParserSyntaxError, RecursionError) as exc:
        raise SyntaxError(str(exc).strip() or type(exc).__name__) from exc
