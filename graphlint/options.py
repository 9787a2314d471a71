"""What a lint run is asked (LintOptions) and what it gives back (LintResult). Kept apart from the engine, which
imports libcst and every rule, so that a run the cache answers whole never loads them."""

from __future__ import annotations

from dataclasses import dataclass, field

from graphlint.findings import FileError, Finding

# which functions are linted: those a compile site reaches, every nn.Module.forward, or `auto`: both, plus
# every function a user could compile (analysis/regions.py)
SCOPES = ("compiled", "modules", "auto", "all")


@dataclass(frozen=True)
class LintOptions:
    codes: frozenset[str]  # enabled rule codes (after select/ignore)
    scope: str = "auto"
    # list the breaks that a frame-skipping break hides (normally folded into that finding's message)
    show_shadowed: bool = False
    torch_version: tuple[int, int, int] = (2, 13, 0)
    # read the installed libraries the traced code calls, and report their breaks at the calls
    # (analysis/libraries.py)
    follow_libraries: bool = True
    exclude: tuple[str, ...] = ()
    force_exclude: bool = False
    per_file_ignores: tuple[tuple[str, frozenset[str]], ...] = ()
    jobs: int | None = None
    cache_dir: str | None = None  # `.graphlint_cache/` (None: no cache); never part of a cache key


@dataclass
class LintResult:
    findings: list[Finding] = field(default_factory=list)
    errors: list[FileError] = field(default_factory=list)
    files_checked: int = 0
    suppressed: int = 0
    cache_note: str | None = None  # what the cache served (--verbose)
