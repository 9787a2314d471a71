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

from graphlint.findings import Finding

_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[A-Za-z]+[0-9]+(?:[\s,]+[A-Za-z]+[0-9]+)*))?", re.I)
_IGNORE = re.compile(r"#\s*graphlint:\s*ignore\[(?P<codes>[^\]]*)\]", re.I)
_FILE = re.compile(r"#\s*graphlint:\s*noqa\b", re.I)
ALL = "*"


@dataclass
class Suppressions:
    file_level: bool = False
    # line → codes ("*" = all) suppressed on that line
    by_line: dict[int, set[str]] = field(default_factory=dict)
    # line of a statement → codes suppressed for the whole statement starting there
    by_statement: dict[int, set[str]] = field(default_factory=dict)

    def covers(self, finding: Finding) -> bool:
        if self.file_level:
            return True
        code = finding.code.upper()
        lines = {finding.line}
        if finding.statement_lines:
            lines.update(finding.statement_lines)
        for line in lines:
            codes = self.by_line.get(line)
            if codes and (ALL in codes or code in codes):
                return True
        if finding.statement_lines:
            codes = self.by_statement.get(finding.statement_lines[0])
            if codes and (ALL in codes or code in codes):
                return True
        return False


def _codes(text: str | None) -> set[str]:
    if not text:
        return {ALL}
    return {c.upper() for c in re.split(r"[\s,]+", text.strip()) if c}


def parse_suppressions(source: str) -> Suppressions:
    result = Suppressions()
    lowered = source.lower()
    if "noqa" not in lowered and "graphlint:" not in lowered:
        return result
    lines = source.splitlines()
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return result
    for tok in tokens:
        if tok.type != tokenize.COMMENT:
            continue
        line = tok.start[0]
        own_line = lines[line - 1][: tok.start[1]].strip() == ""
        comment = tok.string
        if own_line and _FILE.search(comment):
            result.file_level = True
            continue
        m = _NOQA.search(comment)
        if m:
            result.by_line.setdefault(line, set()).update(_codes(m.group("codes")))
        m = _IGNORE.search(comment)
        if m:
            codes = _codes(m.group("codes"))
            if own_line:
                target = _next_code_line(lines, line)
                if target:
                    result.by_statement.setdefault(target, set()).update(codes)
                    result.by_line.setdefault(target, set()).update(codes)
            else:
                result.by_line.setdefault(line, set()).update(codes)
    return result


def _next_code_line(lines: list[str], after: int) -> int | None:
    for i in range(after, len(lines)):
        stripped = lines[i].strip()
        if stripped and not stripped.startswith("#"):
            return i + 1
    return None
