"""The entry points of a lint run: files (or an unsaved buffer) + LintOptions → LintResult.

Light on purpose: when the cache holds the result of a run over the same bytes with the same options, it is
served from here without importing libcst, the engine or any rule (what a repeated pre-commit run or an editor
save pays). Otherwise `engine.lint_uncached` does the work.
"""

from __future__ import annotations

from graphlint.files import SourceFile, discover
from graphlint.findings import FileError
from graphlint.options import LintOptions, LintResult


def lint_paths(paths: list[str], options: LintOptions) -> LintResult:
    files, errors = discover(paths, options.exclude, options.force_exclude)
    return lint_files(files, options, errors)


def lint_files(files: list[str], options: LintOptions, errors: list[FileError] | None = None,
               stdin: SourceFile | None = None) -> LintResult:
    from graphlint.cache import FileCache

    cache = FileCache.open(files, options) if stdin is None else None
    try:
        result = cache.run_result() if cache else None
        if result is None:
            from graphlint.engine import lint_uncached

            result = lint_uncached(files, options, stdin, cache)
            if cache:
                cache.store_run_result(result)
    finally:
        if cache:
            cache.close()
    if cache:
        result.cache_note = cache.describe()
    result.errors = list(errors or []) + result.errors
    result.errors.sort(key=lambda e: (e.path, e.line or 0))
    return result


def lint_stdin(source: SourceFile | FileError, options: LintOptions, extra_files: tuple[str, ...] = ()) -> LintResult:
    """Lint an unsaved buffer (decoded with `files.decode_source` under the name it stands for: editors pipe
    buffers this way) together with the project's files."""
    if isinstance(source, FileError):
        return LintResult(errors=[source])
    return lint_files(list(extra_files), options, stdin=source)
