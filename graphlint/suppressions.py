"""Suppression comments: `# noqa: GL101`, `# graphlint: ignore[GL101]`, file-level `# graphlint: noqa`.

- `# noqa` / `# noqa: GL101,GL201` on the finding's line (or the first/last line of its statement).
  Codes are matched case-insensitively; a bare `# noqa` suppresses everything on the line (as in Ruff).
- `# graphlint: ignore[GL101]` on the line, or alone on the line above a statement: covers that
  whole statement (handy for multi-line calls).
- `# graphlint: noqa` alone on a line anywhere: the whole file.
Comments are found with `tokenize`, so `"# noqa"` inside a string does not count.
"""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field

from graphlint.files import source_lines
from graphlint.findings import Finding

_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Za-z]+[0-9]+(?:[\s,]+[A-Za-z]+[0-9]+)*))?", re.I)
_IGNORE = re.compile(r"#\s*graphlint:\s*ignore\[(?P<codes>[^\]]*)\]", re.I)
_FILE = re.compile(r"#\s*graphlint:\s*noqa\b", re.I)
ALL = "*"


@dataclass
class Directive:
    """One suppression comment: where it is, what it names, and the line of code it covers."""

    kind: str  # "noqa" | "ignore" (graphlint: ignore[...]) | "file" (graphlint: noqa)
    line: int  # where the comment is
    start: int  # 0-based offsets in that line of the directive's text (`# noqa: GL101`)
    end: int
    codes: frozenset[str]  # upper case; {"*"} for every code
    target: int  # the line whose statement it covers (its own line, or the statement below an own-line ignore)
    own_line: bool  # alone on its line
    codes_span: tuple[int, int] | None = None  # offsets of the code list, when it names codes
    used: set[str] = field(default_factory=set)  # codes it suppressed in this run ("*" matched any code)

    def matches(self, code: str) -> bool:
        return ALL in self.codes or code in self.codes


@dataclass
class Suppressions:
    directives: list[Directive] = field(default_factory=list)

    def covers(self, finding: Finding) -> bool:
        """Whether a directive suppresses the finding; the directives that do remember it (for unused ones)."""
        code = finding.code.upper()
        lines = {finding.line}
        if finding.statement_lines:
            lines.update(finding.statement_lines)
        covered = False
        for directive in self.directives:
            if directive.matches(code) and (directive.kind == "file" or directive.target in lines):
                directive.used.add(code)
                covered = True
        return covered


def _codes(text: str | None) -> frozenset[str]:
    if not text:
        return frozenset({ALL})
    return frozenset(c.upper() for c in re.split(r"[\s,]+", text.strip()) if c)


def parse_suppressions(source: str) -> Suppressions:
    result = Suppressions()
    lowered = source.lower()
    if "noqa" not in lowered and "graphlint:" not in lowered:
        return result
    lines = source_lines(source)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return result
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            result.directives.extend(_directives(tok, lines))
    return result


def _directives(tok: tokenize.TokenInfo, lines: list[str]) -> list[Directive]:
    line, offset = tok.start
    own_line = lines[line - 1][:offset].strip() == ""
    comment = tok.string
    m = _FILE.search(comment)
    if own_line and m:
        return [Directive("file", line, offset + m.start(), offset + m.end(), frozenset({ALL}), line, True)]
    found = []
    m = _NOQA.search(comment)
    if m:
        span = (offset + m.start("codes"), offset + m.end("codes")) if m.group("codes") else None
        found.append(Directive("noqa", line, offset + m.start(), offset + m.end(), _codes(m.group("codes")), line,
                               own_line, span))
    m = _IGNORE.search(comment)
    if m:
        target = _next_code_line(lines, line) if own_line else line
        if target:
            found.append(Directive("ignore", line, offset + m.start(), offset + m.end(), _codes(m.group("codes")),
                                   target, own_line, (offset + m.start("codes"), offset + m.end("codes"))))
    return found


def _next_code_line(lines: list[str], after: int) -> int | None:
    for i in range(after, len(lines)):
        stripped = lines[i].strip()
        if stripped and not stripped.startswith("#"):
            return i + 1
    return None


# ---------------------------------------------------------------- adding suppressions (--add-noqa, editors)

def commentable_lines(source: str) -> set[int] | None:
    """Lines at whose end a `# noqa` comment can be appended without changing the code: not inside a
    multi-line string and not continued with a backslash. None if the source does not tokenize."""
    lines = source_lines(source)
    blocked: set[int] = set()
    try:
        for tok in tokenize.generate_tokens(io.StringIO(source).readline):
            if tok.end[0] > tok.start[0] and tok.type not in (tokenize.NL, tokenize.NEWLINE):
                blocked.update(range(tok.start[0], tok.end[0]))  # a string spanning lines: its inner line ends
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return None
    return {i for i, text in enumerate(lines, 1) if i not in blocked and not text.rstrip().endswith("\\")}


def noqa_line(finding: Finding, commentable: set[int]) -> int | None:
    """The line where `# noqa: CODE` suppresses the finding: its own line, else its statement's last or first
    line (`Suppressions.covers` looks at all three)."""
    candidates = [finding.line]
    if finding.statement_lines:
        candidates += [finding.statement_lines[1], finding.statement_lines[0]]
    return next((line for line in candidates if line in commentable), None)


def with_noqa(line: str, codes: set[str]) -> str:
    """The line with `# noqa: <codes>` appended, merged into a `# noqa: ...` comment already there. The line
    comes without its line ending."""
    existing = _comment_noqa(line)
    if existing is not None:
        match, have = existing
        if ALL in have:
            return line
        merged = ", ".join(sorted(have | {c.upper() for c in codes}))
        return line[: match.start()] + f"# noqa: {merged}" + line[match.end():]
    return line.rstrip() + f"  # noqa: {', '.join(sorted(c.upper() for c in codes))}"


def _comment_noqa(line: str):
    """The `# noqa` match in the line's comment (not in a string) and the codes it names."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(line + "\n").readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        tokens = []  # a line of a bigger statement: its comment is found by column below
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            m = _NOQA.search(tok.string)
            if m:
                shifted = re.compile(re.escape(m.group(0))).search(line, tok.start[1])
                return shifted, _codes(m.group("codes"))
    return None


def add_noqa(source: str, findings: list[Finding]) -> tuple[str, list[Finding]]:
    """The source with a `# noqa: CODE` for each finding (several codes on one line merged), and the findings
    that could not be suppressed this way (no line of their statement can take a comment)."""
    commentable = commentable_lines(source)
    if commentable is None:
        return source, list(findings)
    lines = source_lines(source, keepends=True)
    wanted: dict[int, set[str]] = {}
    left = []
    for finding in findings:
        line = noqa_line(finding, commentable)
        if line is None:
            left.append(finding)
        else:
            wanted.setdefault(line, set()).add(finding.code)
    for line, codes in wanted.items():
        text = lines[line - 1]
        body = text.rstrip("\r\n")
        lines[line - 1] = with_noqa(body, codes) + text[len(body):]
    return "".join(lines), left


# ---------------------------------------------------------------- unused suppressions (GL001)

UNUSED_CODE = "GL001"


def unused_suppressions(suppressions: Suppressions, path: str, lines: list[str], checked: set[str],
                        known: set[str], rule) -> list[Finding]:
    """GL001 findings for the directives (or the codes in them) that suppressed nothing, once every finding of
    the file has gone through `covers`. checked: the codes whose findings this run looked for in the file;
    known: every graphlint code (a `GL` code outside it is a typo, reported too). Other tools' codes and a
    bare `# noqa` are left alone; a directive that names GL001 itself keeps every code it names."""
    from graphlint.findings import Fix, Region

    found = []
    for directive in suppressions.directives:
        if directive.kind == "file":
            unused = [] if directive.used else [ALL]
        elif ALL in directive.codes or UNUSED_CODE in directive.codes:
            continue
        else:
            unused = [c for c in _ordered_codes(directive, lines) if c.startswith("GL") and c not in directive.used
                      and (c in checked or c not in known)]
        if not unused:
            continue
        line = lines[directive.line - 1]
        text = line[directive.start:directive.end]
        if directive.kind == "file":
            message = f"`{text}`: no finding in this file to suppress"
        else:
            named = ", ".join(f"`{c}`" + ("" if c in known else " (not a graphlint code)") for c in unused)
            message = f"unused suppression: {named} in `{text}` suppress{'es' if len(unused) == 1 else ''} nothing here"
        edit = _removal(directive, unused, lines)
        found.append(Finding(
            code=rule.code, name=rule.name, message=message, severity=rule.severity, path=path,
            line=directive.line, column=directive.start + 1, end_line=directive.line, end_column=directive.end + 1,
            region=Region("file", ()), gb=(), help=rule.help or None,
            fix=Fix("safe", f"remove {', '.join(unused) if unused != [ALL] else 'the comment'}", (edit,)) if edit else None,
        ))
    return found


def _ordered_codes(directive: Directive, lines: list[str]) -> list[str]:
    start, end = directive.codes_span
    return [c.upper() for c in re.split(r"[\s,]+", lines[directive.line - 1][start:end].strip()) if c]


def _removal(directive: Directive, unused: list[str], lines: list[str]):
    """The edit that drops the unused codes: the code list rewritten when some codes stay, else the directive
    (with the blank before it), or its whole line when it stands alone; a comment after it stays
    (`# noqa: GL201  # why` → `# why`). None when other text follows in the same comment
    (`# noqa: GL201 -- why`): that text may explain more than the code."""
    from graphlint.findings import Edit

    line = lines[directive.line - 1]
    if directive.kind != "file":
        kept = [c for c in _ordered_codes(directive, lines) if c not in unused]
        if kept:
            start, end = directive.codes_span
            return Edit(directive.line, start + 1, directive.line, end + 1, ", ".join(kept))
    rest = line[directive.end:]
    if rest.strip():
        if not rest.lstrip().startswith("#"):
            return None
        return Edit(directive.line, directive.start + 1, directive.line, len(line) - len(rest.lstrip()) + 1, "")
    before = line[:directive.start]
    if not before.strip():  # the comment alone on its line: the line goes
        return Edit(directive.line, 1, directive.line + 1, 1, "")
    if before.rstrip().endswith("#"):  # `# type: int  # noqa: GL201` keeps its first comment, `x  #  noqa` none
        return None
    return Edit(directive.line, len(before.rstrip()) + 1, directive.line, len(line) + 1, "")
