"""Command line: `graphlint [check] PATH...`, `graphlint rules`, `graphlint explain CODE`.

Thin on purpose: arguments → config → engine → reporter. Heavy modules (libcst, rich) are imported
inside the commands so that `--version` and `--help` stay fast; torch is never imported here.
"""

from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from graphlint import __version__
from graphlint.findings import FATAL_ERROR_KINDS

app = typer.Typer(
    name="graphlint",
    help="Find the code that makes torch.compile break its graph, and say why.",
    add_completion=False,
    no_args_is_help=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

SUBCOMMANDS = {"check", "audit", "rules", "explain", "server", "daemon"}
EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


class OutputFormat(str, Enum):
    full = "full"
    concise = "concise"
    json = "json"
    sarif = "sarif"
    github = "github"


class Scope(str, Enum):
    compiled = "compiled"
    modules = "modules"
    auto = "auto"
    all = "all"


class DaemonAction(str, Enum):
    start = "start"
    stop = "stop"
    status = "status"


class ColorChoice(str, Enum):
    auto = "auto"
    always = "always"
    never = "never"


TARGETS_OPTION = typer.Option(None, "--targets", help="The dynamic pass's targets file (default: "
                                                        "`targets` in config, else graphlint_targets.py).")
TIMEOUT_OPTION = typer.Option(120.0, "--timeout", help="Seconds each target may run before it is killed.")
MAX_MEMORY_OPTION = typer.Option(None, "--max-memory", help="MB of memory a target may use before it is killed "
                                                             "(default: half the machine's).")


def _split(values: Optional[List[str]]) -> Optional[List[str]]:
    if not values:
        return None
    return [v.strip() for item in values for v in item.split(",") if v.strip()]


def _err_console(color: ColorChoice):
    """stderr for lines of text (errors, summaries): plain where rich would write plain text anyway, so that a
    run whose report needs no rich (concise, JSON, SARIF: pre-commit, editors) does not import it."""
    from graphlint.report.console import plain_console

    return plain_console(sys.stderr, color.value) or _console(sys.stderr, color)


def _console(stream, color: ColorChoice):
    from rich.console import Console

    if color == ColorChoice.always:
        return Console(file=stream, force_terminal=True, highlight=False, soft_wrap=True)
    if color == ColorChoice.never or os.environ.get("NO_COLOR"):
        return Console(file=stream, no_color=True, highlight=False, soft_wrap=True, force_terminal=False)
    return Console(file=stream, highlight=False, soft_wrap=True)


def _fail(message: str) -> None:
    sys.stderr.write(f"graphlint: error: {message}\n")
    raise typer.Exit(EXIT_ERROR)


def version_callback(value: bool) -> None:
    if value:
        typer.echo(f"graphlint {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(False, "--version", callback=version_callback, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    """Find the code that makes torch.compile break its graph, and say why."""


@app.command()
def check(
    paths: List[str] = typer.Argument(None, help="Files or directories to lint (default: .). `-` reads stdin."),
    output_format: Optional[OutputFormat] = typer.Option(None, "--format", "--output-format",
                                                         help="full | concise | json | sarif | github"),
    select: Optional[List[str]] = typer.Option(None, help="Rule codes or prefixes to enable (e.g. GL1,GL201, ALL)."),
    extend_select: Optional[List[str]] = typer.Option(None, help="Add to the selected rules."),
    ignore: Optional[List[str]] = typer.Option(None, help="Rule codes or prefixes to disable."),
    scope: Optional[Scope] = typer.Option(None, help="compiled: only code reachable from compile sites; "
                                                     "modules: also every nn.Module.forward; auto (default): also every "
                                                     "function a user could compile (not tests, training loops, "
                                                     "module construction); all: every function."),
    target_torch: Optional[str] = typer.Option(None, help="torch version to lint for (default: installed, "
                                                          "else the newest measured)."),
    exit_zero: bool = typer.Option(False, "--exit-zero", help="Exit 0 even when there are findings."),
    statistics: bool = typer.Option(False, "--statistics", help="Show counts per rule instead of findings."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="Print findings only, no summary."),
    color: ColorChoice = typer.Option(ColorChoice.auto, "--color", help="auto | always | never"),
    stdin_filename: Optional[str] = typer.Option(None, help="The name of the file read from stdin (`-`)."),
    config_file: Optional[Path] = typer.Option(None, "--config", help="Use this pyproject.toml or graphlint.toml."),
    exclude: Optional[List[str]] = typer.Option(None, help="Extra glob patterns to exclude."),
    force_exclude: bool = typer.Option(False, "--force-exclude",
                                       help="Apply excludes to files named on the command line too (pre-commit)."),
    jobs: Optional[int] = typer.Option(None, "--jobs", "-j", help="Processes to use (default: cores)."),
    show_shadowed: bool = typer.Option(False, "--show-shadowed",
                                       help="Also list the breaks hidden behind a break in a loop (Dynamo skips "
                                            "the rest of that function until it is fixed)."),
    no_follow_libraries: bool = typer.Option(False, "--no-follow-libraries",
                                             help="Do not read the installed libraries the traced code calls "
                                                  "(their breaks are reported at the calls, GL616)."),
    dynamic: bool = typer.Option(False, "--dynamic", help="Also run the targets file's sample inputs under "
                                                          "Dynamo to confirm findings (imports and runs your code)."),
    targets: Optional[str] = TARGETS_OPTION,
    timeout: float = TIMEOUT_OPTION,
    max_memory: Optional[int] = MAX_MEMORY_OPTION,
    fix: bool = typer.Option(False, "--fix", help="Apply the safe fixes (`-` in PATHS: print the fixed code)."),
    unsafe_fixes: bool = typer.Option(False, "--unsafe-fixes", help="With --fix or --diff: apply the unsafe "
                                                                     "fixes too (they change behaviour in some case)."),
    diff: bool = typer.Option(False, "--diff", help="Print the fixes as a unified diff; write nothing."),
    show_fixes: bool = typer.Option(False, "--show-fixes", help="With --fix: list what was fixed."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Do not read or write .graphlint_cache/."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Also say what the cache served and how long "
                                                                "the run took (stderr)."),
    add_noqa: bool = typer.Option(False, "--add-noqa", help="Add a `# noqa: GLxxx` comment on every finding's "
                                                             "line (adopting graphlint on a large codebase)."),
) -> None:
    """Lint PATHS (the default command: `graphlint src/` is `graphlint check src/`)."""
    started = time.perf_counter()
    paths = paths or ["."]
    setup = _setup(paths, config_file, stdin_filename, select, extend_select, ignore, scope, target_torch,
                   exclude, force_exclude, jobs, show_shadowed, cache=not no_cache,
                   follow_libraries=not no_follow_libraries)
    fmt = output_format or OutputFormat(setup.config.output_format)
    if (fix or diff) and dynamic:
        _fail("--fix and --diff work on the static findings: run them without --dynamic")
    if add_noqa and (fix or diff or dynamic or "-" in paths):
        _fail("--add-noqa writes the files named: run it alone, without --fix, --diff, --dynamic or `-`")
    dynamic_setup = _locate_targets(targets, setup.config, paths) if dynamic else None
    result, files = _lint(paths, setup, stdin_filename, skip=dynamic_setup.skip if dynamic_setup else ())
    if diff:
        raise typer.Exit(_print_diff(result, paths, setup, unsafe_fixes, color))
    if add_noqa:
        raise typer.Exit(_add_noqa(result, color))
    if fix and "-" in paths:
        raise typer.Exit(_fix_stdin(result, setup, unsafe_fixes, exit_zero))
    if fix:
        result, fixed = _fix_files(result, paths, setup, stdin_filename, unsafe_fixes)
        _report_fixed(fixed, show_fixes, quiet, color)
    outcome = _dynamic(result, files, setup, dynamic_setup, timeout, max_memory, color) if dynamic else None
    _report(result, setup.target, fmt, statistics, quiet, color, outcome)
    if verbose:
        sys.stderr.write(f"graphlint: {time.perf_counter() - started:.2f} s"
                         + (f"; {result.cache_note}" if result.cache_note else "; no cache") + "\n")
    raise typer.Exit(_exit_code(result, exit_zero))


@dataclass
class _Setup:
    config: object
    options: object
    target: object
    stdin_data: Optional[bytes] = None  # the buffer read from `-`, kept for --fix
    stdin_source: object = None  # the buffer decoded (SourceFile), or the FileError that decoding gave


@dataclass
class _TargetsSetup:
    path: Optional[Path]
    refs: list
    errors: list

    @property
    def skip(self) -> tuple[str, ...]:
        # The targets file is harness code that builds inputs, not code the user compiles.
        return (str(self.path),) if self.path else ()


def _setup(paths, config_file, stdin_filename, select, extend_select, ignore, scope, target_torch, exclude,
           force_exclude, jobs, show_shadowed, cache: bool = True, follow_libraries: bool = True) -> _Setup:
    """Config file + CLI options → LintOptions and the torch version to lint for (exit 2 on bad input)."""
    from graphlint.config import ConfigError, find_config_file
    from graphlint.settings import SETTINGS_ERRORS, load_settings

    try:
        if config_file is not None and not config_file.is_file():
            raise ConfigError(f"{config_file}: config file not found")
        cfg_path = config_file or find_config_file(Path(stdin_filename or paths[0]) if paths[0] != "-" else Path("."))
        settings = load_settings(cfg_path, select=_split(select), extend_select=_split(extend_select),
                                 ignore=_split(ignore), scope=scope.value if scope else None,
                                 target_torch=target_torch, exclude=exclude, force_exclude=force_exclude,
                                 jobs=jobs, show_shadowed=show_shadowed, cache=cache,
                                 follow_libraries=follow_libraries)
    except SETTINGS_ERRORS as exc:
        _fail(str(exc))
    return _Setup(settings.config, settings.options, settings.target)


def _lint(paths: list[str], setup: _Setup, stdin_filename: Optional[str], skip: tuple[str, ...] = ()):
    """The static pass. Returns (LintResult, the files linted)."""
    from graphlint.lint import lint_files, lint_stdin
    from graphlint.files import decode_source, discover, display_path

    options = setup.options
    file_paths = [p for p in paths if p != "-"]
    files, errors = discover(file_paths, options.exclude, options.force_exclude, setup.config.respect_gitignore)
    files = [f for f in files if not any(_same_file(f, s) for s in skip)]
    if "-" in paths:
        setup.stdin_data = sys.stdin.buffer.read()
        setup.stdin_source = decode_source(setup.stdin_data, display_path(stdin_filename or "<stdin>"))
        result = lint_stdin(setup.stdin_source, options,
                            extra_files=[f for f in files if not _same_file(f, stdin_filename)])
        result.errors = errors + result.errors
    else:
        result = lint_files(files, options, errors)
    return result, files


# A fix can make another one possible (edits that overlapped), so fixing goes round until nothing changes.
MAX_FIX_ROUNDS = 10


def _fix_files(result, paths: list[str], setup: _Setup, stdin_filename: Optional[str], unsafe: bool):
    """Apply the fixes file by file, lint again, and repeat until no fix applies. Returns the last lint's
    result (what is left) and the findings fixed."""
    from graphlint.fixer import applicable, apply_to_file, fixable_by_file

    fixed, errors = [], []
    for _ in range(MAX_FIX_ROUNDS):
        changed = False
        for path, findings in fixable_by_file(result.findings, unsafe, skip={e.path for e in errors}).items():
            outcome = apply_to_file(path, findings, unsafe, write=True)
            if hasattr(outcome, "kind"):
                errors.append(outcome)
                continue
            changed |= outcome.changed
            fixed.extend(outcome.fixed)
        if not changed:
            break
        result, _ = _lint(paths, setup, stdin_filename)
    else:
        left = sum(applicable(f, unsafe) for f in result.findings)
        if left:  # each round's fixes made more code fixable (a value became a tensor): say so, stop here
            sys.stderr.write(f"graphlint: stopped after {MAX_FIX_ROUNDS} rounds of fixes with {left} fixable "
                             f"finding{'s' if left != 1 else ''} left: run --fix again\n")
    result.errors.extend(errors)
    return result, fixed


def _print_diff(result, paths: list[str], setup: _Setup, unsafe: bool, color: "ColorChoice") -> int:
    """--diff: what --fix would change, as a unified diff on stdout. Exit 1 if there is anything to fix."""
    from graphlint.fixer import apply_to_file, fix_text, fixable_by_file
    from graphlint.report.console import render_errors

    err = _err_console(color)
    source = setup.stdin_source if "-" in paths else None
    count, errors = 0, list(result.errors)
    for path, findings in sorted(fixable_by_file(result.findings, unsafe).items()):
        if source is not None and not hasattr(source, "kind") and path == source.path:
            outcome = fix_text(path, source.text, findings, unsafe)  # the unsaved buffer, not the file
        else:
            outcome = apply_to_file(path, findings, unsafe, write=False)
        if hasattr(outcome, "kind"):
            errors.append(outcome)
            continue
        sys.stdout.write(outcome.diff())
        count += len(outcome.fixed)
    render_errors(errors, err)
    left = len(result.findings) - count
    err.print(f"Would fix {count} finding{'s' if count != 1 else ''}" + (f" ({left} left)." if left else "."),
              highlight=False)
    return EXIT_FINDINGS if count else EXIT_CLEAN


def _fix_stdin(result, setup: _Setup, unsafe: bool, exit_zero: bool) -> int:
    """--fix on `-`: the fixed buffer goes to stdout (editors replace the buffer with it); what is left
    goes to stderr, one line each."""
    from graphlint.fixer import fix_text
    from graphlint.report.concise import line_for

    source = setup.stdin_source
    if source is None or hasattr(source, "kind"):  # nothing read, or not decodable: echo it back
        sys.stdout.buffer.write(setup.stdin_data or b"")
        return EXIT_ERROR if source is None else EXIT_FINDINGS
    mine = [f for f in result.findings if f.path == source.path]
    outcome = fix_text(source.path, source.text, mine, unsafe)
    if hasattr(outcome, "kind"):
        sys.stderr.write(outcome.one_line() + "\n")
        sys.stdout.write(source.text)
        return EXIT_FINDINGS
    sys.stdout.write(outcome.new_text)
    left = [f for f in result.findings if f not in outcome.fixed]
    for finding in left:
        sys.stderr.write(line_for(finding) + "\n")
    return EXIT_CLEAN if exit_zero or not left else EXIT_FINDINGS


def _add_noqa(result, color: "ColorChoice") -> int:
    """--add-noqa: suppress every current finding where it is, so that only new code is held to the rules.
    Exit 0 when every finding got its comment, 1 when some could not (they are listed), 2 on a fatal error."""
    from graphlint.fixer import add_noqa_to_file
    from graphlint.report.concise import line_for
    from graphlint.report.console import render_errors
    from graphlint.suppressions import UNUSED_CODE

    err = _err_console(color)
    by_file: dict[str, list] = {}
    for finding in result.findings:
        if finding.code != UNUSED_CODE:  # a stale comment is fixed by removing it, not by another comment
            by_file.setdefault(finding.path, []).append(finding)
    added, files, left, errors = 0, 0, [], list(result.errors)
    for path, findings in sorted(by_file.items()):
        outcome = add_noqa_to_file(path, findings)
        if hasattr(outcome, "kind"):
            errors.append(outcome)
            continue
        added += outcome[0]
        files += bool(outcome[0])
        left.extend(outcome[1])
    render_errors(errors, err)
    for finding in left:
        sys.stderr.write(f"{line_for(finding)} (no line of its statement can take a comment)\n")
    err.print(f"Added {added} noqa comment{'s' if added != 1 else ''} in {files} file{'s' if files != 1 else ''}."
              + (f" {len(left)} finding{'s' if len(left) != 1 else ''} left." if left else ""), highlight=False)
    if any(e.kind in FATAL_ERROR_KINDS for e in errors):
        return EXIT_ERROR
    return EXIT_FINDINGS if left or errors else EXIT_CLEAN


def _report_fixed(fixed: list, show: bool, quiet: bool, color: "ColorChoice") -> None:
    err = _err_console(color)
    if show:
        for finding in sorted(fixed, key=lambda f: f.sort_key()):
            err.print(f"fixed {finding.path}:{finding.line}:{finding.column}: {finding.code} {finding.fix.message}",
                      highlight=False, markup=False)
    if fixed and not quiet:
        files = len({f.path for f in fixed})
        err.print(f"Fixed {len(fixed)} finding{'s' if len(fixed) != 1 else ''} in {files} file{'s' if files != 1 else ''}.",
                  highlight=False)


def _locate_targets(targets: Optional[str], config, paths: list[str]) -> _TargetsSetup:
    from graphlint.dynamic.session import locate_targets

    return _TargetsSetup(*locate_targets(targets, config, paths))


def _dynamic(result, files: list[str], setup: _Setup, targets: _TargetsSetup, timeout: float,
             max_memory: Optional[int], color: "ColorChoice"):
    """Run the targets, then confirm the findings and add the breaks they miss. None if nothing to run."""
    from graphlint.dynamic.session import DynamicOutcome, apply_to_findings, run_dynamic_pass

    if targets.path is None:
        outcome = DynamicOutcome(None, [], targets.errors)
    else:
        outcome = run_dynamic_pass(targets.path, targets.refs, files, timeout, max_memory,
                                   _console(sys.stderr, color))
    apply_to_findings(result, outcome, setup.options.codes, _line_reader())
    return outcome


def _same_file(a: str, b: Optional[str]) -> bool:
    return b is not None and os.path.abspath(a) == os.path.abspath(b)


def _exit_code(result, exit_zero: bool) -> int:
    if any(e.kind in FATAL_ERROR_KINDS for e in result.errors):
        return EXIT_ERROR
    if exit_zero:
        return EXIT_CLEAN
    return EXIT_FINDINGS if (result.findings or result.errors) else EXIT_CLEAN


def _report(result, target, fmt: OutputFormat, statistics: bool, quiet: bool, color: ColorChoice,
            outcome=None) -> None:
    err = _err_console(color)
    from graphlint.report.console import render_errors

    render_errors(result.errors, err)
    if fmt == OutputFormat.json:
        from graphlint.report import json_report

        json_report.render(result, target, sys.stdout, outcome.runs if outcome else None)
        return
    if fmt == OutputFormat.sarif:
        from graphlint.report import sarif

        sarif.render(result, target, sys.stdout)
        return
    if fmt == OutputFormat.github:
        from graphlint.report import github

        github.render(result, sys.stdout)
        if not quiet:
            _summary(result, target, err)
        return
    if statistics:
        _statistics(result, _console(sys.stdout, color))
    elif fmt == OutputFormat.concise:
        from graphlint.report import concise

        concise.render(result, sys.stdout)
    else:
        from graphlint.report import full

        full.render(result, _console(sys.stdout, color), _line_reader())
    if not quiet:
        _summary(result, target, err)


def _line_reader():
    from graphlint.files import line_reader

    return line_reader()


def _statistics(result, console) -> None:
    from collections import Counter

    from rich.table import Table

    from graphlint.catalog import load_catalog

    catalog = load_catalog()
    counts = Counter(f.code for f in result.findings)
    table = Table(box=None, show_header=False, pad_edge=False)
    for code, count in counts.most_common():
        rule = catalog[code]
        table.add_row(str(count), code, "[*]" if rule.fix in ("safe", "unsafe") else "", rule.name)
    console.print(table)


def _summary(result, target, console) -> None:
    n = len(result.findings)
    files = len({f.path for f in result.findings})
    parts = []
    if n:
        parts.append(f"Found {n} graph-break finding{'s' if n != 1 else ''} in {files} file{'s' if files != 1 else ''}")
    else:
        parts.append("No graph breaks found")
    parts.append(f"checked {result.files_checked} file{'s' if result.files_checked != 1 else ''}")
    parts.append(f"torch {target.version} ({target.source})")
    if result.suppressed:
        parts.append(f"{result.suppressed} suppressed")
    if result.errors:
        parts.append(f"{len(result.errors)} error{'s' if len(result.errors) != 1 else ''}")
    console.print(", ".join(parts) + ".", highlight=False)
    from graphlint.fixer import applicable

    safe = sum(applicable(f, unsafe=False) for f in result.findings)
    unsafe = sum(applicable(f, unsafe=True) for f in result.findings) - safe
    if safe or unsafe:
        hint = [f"{safe} fixable with `--fix`"] if safe else []
        if unsafe:
            hint.append(f"{unsafe} {'more' if safe else 'fixable'} with `--fix --unsafe-fixes`")
        console.print(f"[*] {' and '.join(hint)} (`--diff` to preview).", highlight=False, markup=False)


@app.command()
def audit(
    paths: List[str] = typer.Argument(None, help="The code to audit (default: .): break sites are the deepest "
                                                 "frames in these files."),
    targets: Optional[str] = TARGETS_OPTION,
    output_format: Optional[OutputFormat] = typer.Option(None, "--format", help="full | json (for CI)"),
    timeout: float = TIMEOUT_OPTION,
    max_memory: Optional[int] = MAX_MEMORY_OPTION,
    scope: Optional[Scope] = typer.Option(None, help="Static pass scope (see `graphlint check --help`)."),
    target_torch: Optional[str] = typer.Option(None, help="torch version the static pass lints for."),
    config_file: Optional[Path] = typer.Option(None, "--config", help="Use this pyproject.toml or graphlint.toml."),
    exclude: Optional[List[str]] = typer.Option(None, help="Extra glob patterns to exclude."),
    color: ColorChoice = typer.Option(ColorChoice.auto, "--color", help="auto | always | never"),
) -> None:
    """Before fullgraph=True: run each target under Dynamo and say what breaks, where, why, and how to fix it.

    Imports and runs your code (the targets file and what it imports), each target in its own process.
    """
    paths = paths or ["."]
    setup = _setup(paths, config_file, None, None, None, None, scope, target_torch, exclude, False, None, False)
    found = _locate_targets(targets, setup.config, paths)
    result, files = _lint(paths, setup, None, skip=found.skip)
    outcome = _dynamic(result, files, setup, found, timeout, max_memory, color)
    err = _console(sys.stderr, color)
    from graphlint.report.console import render_errors

    render_errors(result.errors, err)
    if output_format == OutputFormat.json:
        from graphlint.report import json_report

        json_report.render(result, setup.target, sys.stdout, outcome.runs)
    else:
        from graphlint.report import audit as audit_report

        audit_report.render(result, outcome.runs, _console(sys.stdout, color))
    raise typer.Exit(_exit_code(result, exit_zero=False))


@app.command()
def rules(
    output_format: OutputFormat = typer.Option(OutputFormat.full, "--format", help="full | json"),
    target_torch: Optional[str] = typer.Option(None, help="Mark which rules apply to this torch version."),
) -> None:
    """List every rule: code, name, fix, and the torch versions where it breaks."""
    import json

    from graphlint.catalog import load_catalog
    from graphlint.torch_version import VersionError, resolve_target

    try:
        target = resolve_target(target_torch, None)
    except VersionError as exc:
        _fail(str(exc))
        return
    catalog = load_catalog()
    if output_format == OutputFormat.json:
        rows = [{"code": r.code, "name": r.name, "family": r.family, "summary": r.summary, "gb": list(r.gb),
                 "breaks_on": r.breaks_on, "measured_on": list(r.measured_on),
                 "documented_on": list(r.documented_on), "fix": r.fix,
                 "applies": r.applies_to(target.parsed)} for r in catalog.values()]
        typer.echo(json.dumps({"torch_target": target.to_json(), "rules": rows}, indent=2))
        return
    from rich.table import Table

    table = Table(title=f"graphlint rules (torch {target.version})", title_justify="left")
    for col in ("code", "name", "breaks on", "fix", "applies", "summary"):
        table.add_column(col)
    for r in catalog.values():
        table.add_row(r.code, r.name, r.breaks_on or "all", r.fix, "yes" if r.applies_to(target.parsed) else "no",
                      r.summary)
    _console(sys.stdout, ColorChoice.auto).print(table)


@app.command()
def explain(
    code: str = typer.Argument(..., help="A rule code, e.g. GL101, or a rule name, e.g. tensor-item."),
    output_format: OutputFormat = typer.Option(OutputFormat.full, "--format", help="full | json"),
) -> None:
    """Print a rule's documentation."""
    import json

    from graphlint.catalog import load_catalog

    catalog = load_catalog()
    rule = catalog.get(code.upper()) or next((r for r in catalog.values() if r.name == code), None)
    if rule is None:
        _fail(f"unknown rule `{code}` (see `graphlint rules`)")
        return
    if output_format == OutputFormat.json:
        typer.echo(json.dumps({"code": rule.code, "name": rule.name, "summary": rule.summary, "gb": list(rule.gb),
                               "breaks_on": rule.breaks_on, "fix": rule.fix, "doc": rule.doc}, indent=2))
        return
    if sys.stdout.isatty():
        from rich.markdown import Markdown

        _console(sys.stdout, ColorChoice.auto).print(Markdown(rule.doc))
    else:
        sys.stdout.write(rule.doc)


@app.command()
def server() -> None:
    """Run the language server over stdio (editors; needs the `lsp` extra: pip install 'graphlint[lsp]')."""
    try:
        from graphlint.lsp import serve
    except ImportError as exc:
        _fail(f"the language server needs pygls: pip install 'graphlint[lsp]' ({exc})")
        return
    serve()


@app.command()
def daemon(
    action: DaemonAction = typer.Argument(..., help="start, stop or status."),
    idle_timeout: float = typer.Option(1800.0, "--idle-timeout", help="Seconds without a run before the daemon "
                                       "exits (start)."),
    foreground: bool = typer.Option(False, "--foreground", help="Serve in this process instead of in the "
                                    "background (start)."),
) -> None:
    """A warm daemon for fast short runs (pre-commit): `graphlint` hands each run to it while it is up.

    Each run is a forked process with the caller's directory, environment and terminal: only start-up goes.

    One daemon serves one Python and graphlint install; it exits when idle and when graphlint's files change.

    GRAPHLINT_DAEMON=off runs everything locally; GRAPHLINT_DAEMON=auto starts a daemon after a local run.
    """
    from graphlint import daemon as warm

    if not warm.SUPPORTED:
        _fail("the daemon needs Unix sockets and fork (not available on this platform): runs are local")
    status = warm.request("status")
    if action == DaemonAction.status:
        typer.echo(_daemon_line(status) if status else f"graphlint daemon: not running ({warm.socket_path()})")
        raise typer.Exit(EXIT_CLEAN if status else EXIT_FINDINGS)
    if action == DaemonAction.stop:
        stopped = warm.request("stop")
        typer.echo(f"graphlint daemon: stopped (pid {stopped['pid']})" if stopped else "graphlint daemon: not running")
        return
    if status:
        typer.echo(_daemon_line(status) + " (already running)")
        return
    if idle_timeout <= 0:
        _fail("--idle-timeout must be positive")
    problem = warm.directory_problem(warm.socket_path())
    if problem:
        _fail(problem)
    if foreground:
        warm.serve(warm.socket_path(), idle_timeout)
        return
    started = warm.start_detached(idle_timeout)
    if started is None:
        _fail(f"the daemon did not answer on {warm.socket_path()}")
    typer.echo(_daemon_line(started))


def _daemon_line(status: dict) -> str:
    return (f"graphlint daemon: serving on {status['socket']} (pid {status['pid']}, {status['runs']} runs, "
            f"exits after {status['idle_timeout']:g} s idle)")


def main() -> None:
    """Entry point: `graphlint PATH...` means `graphlint check PATH...` (like `ruff`)."""
    argv = sys.argv[1:]
    first = next((a for a in argv if a not in ("--color",)), None)
    if not argv or (first not in SUBCOMMANDS and first not in ("--help", "-h", "--version")):
        argv = ["check", *argv]
    try:
        app(args=argv, prog_name="graphlint", standalone_mode=True)
    except KeyboardInterrupt:
        sys.stderr.write("graphlint: interrupted\n")
        sys.exit(130)
    except Exception as exc:  # a bug in graphlint: one line, exit 2, never a wall of traceback
        sys.stderr.write(f"graphlint: internal error: {type(exc).__name__}: {exc} (please report)\n")
        sys.exit(EXIT_ERROR)


if __name__ == "__main__":
    main()
