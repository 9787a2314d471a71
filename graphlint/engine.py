"""Runs the linter: per-file phase (summary from CPython's ast, in parallel), project phase (traced regions),
rules (a libcst parse of each file with traced functions, one batched traversal per traced function),
suppressions. Never imports torch or user code.
"""

from __future__ import annotations

import ast
import contextlib
import dataclasses
import fnmatch
import functools
import gc
import multiprocessing
import os
import re
import sys
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import libcst as cst

from graphlint.analysis.dynamo_config import DynamoConfig, ProjectConfig, from_environment
from graphlint.analysis.frames import FrameTensors, LocalObjects
from graphlint.analysis.libraries import follow_libraries
from graphlint.analysis.names import ImportTable, dotted
from graphlint.analysis.positions import Positions
from graphlint.analysis.regions import FuncId, ProjectIndex, TracedFunction, display_name, traced_regions
from graphlint.analysis.summary import ClassInfo, FileSummary, build_summary, call_ref, function_nodes
from graphlint.analysis.summary_ast import build_summary_ast
from graphlint.analysis.syntax import binding_targets, children, forget_children, names_in, nodes_of
from graphlint.analysis.tensors import NDARRAY, TENSOR, FileContext, TensorEnv, is_tensor
from graphlint.cache import CheckCache, FileCache
from graphlint.catalog import Rule, load_catalog
from graphlint.checks import all_checks
from graphlint.checks.base import RawFinding
from graphlint.files import SourceFile, display_path, read_source, source_lines
from graphlint.findings import FileError, Finding, Fix
from graphlint.fixes import FixSpec, to_fix
from graphlint.lint import lint_files, lint_paths, lint_stdin  # noqa: F401 (the engine's entry points)
from graphlint.options import LintOptions, LintResult
from graphlint.prefilter import prefilter_skips, skippable
from graphlint.suppressions import UNUSED_CODE, parse_suppressions, unused_suppressions
from graphlint.torch_version import matches
from graphlint.walker import (COMPREHENSIONS, LOOP_NOTE, NOT_LITERAL, CheckContext, FrameSkip, object_literals,
                              walk_function)

PARALLEL_THRESHOLD = 8  # files; below this a process pool costs more than it saves
# A run in one process keeps the syntax trees of the files it summarised with libcst (those `summary_ast` leaves to
# it) for the rules phase, up to this much source (a tree takes ~50 bytes of memory per byte of source: ~200 MB);
# past it files are parsed again when checked, so that memory does not grow with the corpus (the workers of a pool
# always parse again)
KEEP_PARSED_CHARS = 4_000_000
# libcst visits recursively, ~5 frames per nesting level: a 300-term `a + b + ...` chain (sympy has
# them) needs far more than Python's default 1,000. Python-to-Python calls do not use the C stack
# on 3.11+, so a high limit is safe.
RECURSION_LIMIT = 30_000


@dataclass
class ParsedFile:
    source: SourceFile
    module: cst.Module
    summary: FileSummary
    functions: dict[str, cst.FunctionDef]
    _positions: Positions

    def positions(self, within: cst.CSTNode | None = None) -> Positions:
        """Where nodes are (node → CodeRange), computed for the piece of the file that holds `within` (a `def`)
        now, and for any other piece on its first lookup."""
        return self._positions.include(within) if within is not None else self._positions


# ---------------------------------------------------------------- per-file phase

def parse_source(source: SourceFile, summary: FileSummary | None = None) -> ParsedFile | FileError:
    """Parse a file and summarise it, or, given the summary the project phase already has (the rules phase), only
    collect its functions' nodes: the summary's walk is not repeated."""
    try:
        module = cst.parse_module(source.text)
    except cst.ParserSyntaxError as exc:
        return _syntax_error(source, exc)
    except RecursionError:
        return FileError(source.path, "syntax", "code nested too deeply to parse")
    positions = Positions(module, source.text)
    if summary is not None:
        return ParsedFile(source, module, summary, function_nodes(module), positions)
    summary, functions = build_summary(source.path, module, line_of=lambda node: positions[node].start.line)
    return ParsedFile(source, module, summary, functions, positions)


def _syntax_error(source: SourceFile, exc: cst.ParserSyntaxError) -> FileError:
    """Where and why the file does not parse, in CPython's words when CPython agrees that it does not: libcst's
    parser often points past the error (`def f(:` at 2:4)."""
    try:
        compile(source.text, source.path, "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except SyntaxError as py:
        if py.lineno:
            return FileError(source.path, "syntax", f"cannot parse: {py.msg}", line=py.lineno,
                             column=py.offset if py.offset and py.offset > 0 else None)
    except (ValueError, RecursionError, MemoryError):
        pass
    message = exc.message.strip().splitlines()[0] if exc.message else "invalid syntax"
    return FileError(source.path, "syntax", f"cannot parse: {message}", line=exc.raw_line, column=exc.raw_column + 1)


def _load(path: str, summaries: Mapping[str, FileSummary] | None = None) -> ParsedFile | FileError:
    """Read and parse a file; summaries: those already built (by shown path), so that the file's is not built again."""
    source = read_source(path)
    if isinstance(source, FileError):
        return source
    return _parse(source, summaries.get(source.path) if summaries else None)


def _parse(source: SourceFile, summary: FileSummary | None = None) -> ParsedFile | FileError:
    try:
        return parse_source(source, summary)
    except Exception as exc:  # never let one file take the run down
        return FileError(source.path, "internal", f"{type(exc).__name__}: {exc}")
    finally:
        forget_children()  # summarising a file may fill the children cache


def _summarise(path: str) -> FileSummary | ParsedFile | FileError:
    """A file's summary, from CPython's `ast` (summary_ast.py: the same summary at a fraction of libcst's parse);
    where that leaves the file to libcst (ast does not parse it, or it holds a construct summary_ast does not
    reproduce), the file parsed with libcst as before, which also reports its syntax error as before."""
    source = read_source(path)
    if isinstance(source, FileError):
        return source
    try:
        summary = build_summary_ast(source.path, source.text)
    except Exception:  # a construct the ast port mishandles: libcst's path still summarises the file
        summary = None
    return summary if summary is not None else _parse(source)


def _library_summary(path: str) -> FileSummary | None:
    """A library file's summary (analysis/libraries.py); one that does not read or parse is left out."""
    item = _summarise_worker(path)
    return None if isinstance(item, FileError) else item


def library_breaks(checks: dict[str, FileCheck], breaking: frozenset[FuncId], index: ProjectIndex) -> dict[FuncId, Finding]:
    """Each library function that breaks on every call → the finding it breaks at (its own first one, else its
    first breaking callee's)."""
    own: dict[FuncId, Finding] = {}
    callees: dict[FuncId, list[FuncId]] = {}
    for path, check in checks.items():
        if path not in index.library:
            continue
        by_place = {(f.line, f.column, f.code): f for f in check.findings}
        for fact in check.frames:
            if fact.fid in breaking:
                first = next((by_place[k] for k in fact.findings if k in by_place), None)
                if first is not None:
                    own[fact.fid] = first
                callees[fact.fid] = [c for reached, _ in fact.calls for c in reached if c in breaking]
    out = dict(own)
    for _ in range(4):  # through breaking callees, a few calls deep
        for fid, reached in callees.items():
            if fid not in out:
                out.update({fid: out[c] for c in reached[:1] if c in out})
    return out


def _summarise_worker(path: str) -> FileSummary | FileError:
    item = _summarise(path)
    return item.summary if isinstance(item, ParsedFile) else item


# ---------------------------------------------------------------- rules phase

def rules_for(options: LintOptions) -> list[Rule]:
    catalog = load_catalog()
    return [r for code, r in catalog.items()
            if code in options.codes and r.applies_to(options.torch_version) and code in all_checks()]


@dataclass
class FileCheck:
    findings: list[Finding] = field(default_factory=list)
    suppressed: int = 0
    error: FileError | None = None
    # argument kinds this file's traced code passes to functions of other files
    calls_elsewhere: dict[FuncId, dict[str, str | None]] = field(default_factory=dict)
    breaks: BreakingCalls = field(default_factory=lambda: BreakingCalls())
    frames: list[FrameFacts] = field(default_factory=list)
    # what the second round needs to know whether checking the file again could change anything: per traced
    # function, the parameters a caller elsewhere may still set and their kinds here (`TensorEnv.seed_function`),
    # and every linted function its code calls
    unseeded: dict[str, dict[str, str | None]] = field(default_factory=dict)
    callees: set[FuncId] = field(default_factory=set)


@dataclass
class FrameFacts:
    """What the project-wide pass needs to know of one walked function to tell whether Dynamo ever starts on it
    (`skipped_frames`)."""

    fid: FuncId
    bare: bool  # nothing torch-related in its frame (`analysis.frames`): Dynamo skips it when it starts on it
    # an nn.Module's `__init__`: when Dynamo starts on it, it breaks at `super().__init__()` (GB0119) and runs the
    # rest eagerly, so only the GL705 finding there stays when every call to it runs eagerly
    module_init: bool = False
    # the linted functions each call may reach, and whether the call runs only eagerly: after a break that
    # makes Dynamo give up on this function's frame
    calls: list[tuple[tuple[FuncId, ...], bool]] = field(default_factory=list)
    # the calls made inside a lambda or a nested function (indices into `calls`): a frame of their own, which
    # Dynamo starts on even when it skips this function (stanza's `lambda insize, outsize: BiaffineScorer(...)`)
    nested: frozenset[int] = frozenset()
    findings: list[tuple[int, int, str]] = field(default_factory=list)  # (line, column, code) of its findings


@dataclass
class BreakingCalls:
    """Which functions break on every call, as far as one file shows (for the project-wide round)."""

    breaking: set[FuncId] = field(default_factory=set)  # functions of this file
    # (caller here, the functions a call may reach, one elsewhere): a call every call of the caller makes
    unconditional_calls: list[tuple[FuncId, tuple[FuncId, ...]]] = field(default_factory=list)
    skip_callees: set[FuncId] = field(default_factory=set)  # called where a break skips the caller's frame


# codes of calls to linted functions, folded like a break when the callees always break, then dropped;
# a call to a method of an object the function built becomes GL613 instead
CALL_SITE = "call-site"
UNREBUILDABLE_SITE = "unrebuildable-call-site"
# Dynamo's `has_tensor_in_frame` finds nothing in such a frame, so it runs the function eagerly
NO_TENSOR_NOTE = (" (`{}` holds no tensor, module or torch module: Dynamo skips the function after this"
                  " break, and the rest of it runs eagerly)")
FRAME_START_CODE = "GL705"  # the break where Dynamo starts on the frame: it hides nothing and is never hidden
# Measured (fixtures/cases/module_init.py, probe user_module_init_breaks): traced code that builds an nn.Module inlines its
# `__init__` up to the first break; the call then runs eagerly, and Dynamo, starting on `__init__` as a frame
# of its own, meets a module that is not initialised yet (GB0119) and runs the whole `__init__` eagerly.
MODULE_INIT_NOTE = (" (`{}` builds an nn.Module: after this break Dynamo runs the whole `__init__` eagerly, as it"
                    " cannot start on a module that is not initialised yet, GB0119)")
BARE_RESUME_NOTE = (" (nothing after it holds a tensor, a module or an array, and the function names no torch"
                    " module: Dynamo skips the rest of the function, which runs eagerly)")
# Measured on 2.13 (fixtures/cases/frame_skips.py, `seeded` and `steps`): Dynamo traces a generator only inlined
# into its caller, and never starts on a generator's own frame, so after its first break the rest of it runs eagerly
GENERATOR_FRAME_NOTE = (" (`{}` is a generator: Dynamo only traces it inlined into its caller, so after this break"
                        " the rest of it runs eagerly)")


def check_file(parsed: ParsedFile, traced: dict[str, TracedFunction], index: ProjectIndex,
               options: LintOptions, config: DynamoConfig = DynamoConfig(),
               from_other_files: dict[str, dict[str, str]] | None = None,
               breaking_elsewhere: frozenset[FuncId] = frozenset()) -> FileCheck:
    """Run the enabled checks over the traced functions of one file. breaking_elsewhere: functions
    known (from a first round over every file) to break on every call."""
    forget_children()  # the children cache holds one file's nodes at a time
    rules = rules_for(options)
    codes = {r.code for r in rules} - _ignored_for(parsed.source.path, options)
    if not traced or not codes:
        return FileCheck()
    check_classes = all_checks()
    summary = parsed.summary
    imports = ImportTable(summary.module, False)
    imports.names = dict(summary.imports)
    file_ctx = FileContext(imports, summary.classes, parsed.functions, summary.loggers, index.is_torch_file(summary.path),
                           summary.module_ctors, external_return=lambda qual: _declared_return(index, qual),
                           external_parts=lambda qual: _literal_parts(index, qual),
                           inherited_method=lambda cls, name: _inherited_method(index, summary, cls, name),
                           inherited_attribute=lambda cls, attr: _inherited_attribute(index, summary, cls, attr),
                           library_bases=lambda cls: _library_bases(index, summary, cls),
                           defined_in_project=lambda qual: _defined_in_project(index, qual),
                           external_passthrough=lambda qual: _passthrough(index, qual),
                           imported_logger=lambda qual: _imported_logger(index, qual))
    frames = FrameTensors(index, summary.path, summary.imports)
    # where Dynamo cannot start on an nn.Module's `__init__` (GB0119, GL705's measured range)
    module_init = load_catalog()[FRAME_START_CODE].applies_to(options.torch_version)
    arguments = ArgumentKinds(index, parsed, imports, from_other_files)
    walked: list[_Walked] = []
    unseeded: dict[str, dict[str, str | None]] = {}
    generators = ({(summary.path, key) for key, node in parsed.functions.items() if _is_generator(node)}
                  if "yield" in parsed.source.text else set())  # most files have none: no walk of every body
    # `traced` is in BFS order, so callers in this file are walked before their callees
    for key, traced_fn in traced.items():
        node = parsed.functions.get(key)
        if node is None:
            continue
        info = summary.functions[key]
        env = TensorEnv(file_ctx, info.class_name)
        unseeded[key] = env.seed_function(node, arguments.seeds(key))
        fid: FuncId = (summary.path, key)
        ctx = CheckContext(env, imports, options.torch_version,
                           lambda call, fid=fid: _disabled_callee(index, fid, call, imports),
                           config.under_fullgraph() if traced_fn.fullgraph else config)
        cls = summary.classes.get(info.class_name) if info.class_name else None
        bare = frames.surely_without(node, cls, dict(env.names), file_ctx.evidence(node, cls))
        if bare and _eager_hook(node, traced_fn, cls):
            continue
        object_defaults = _object_defaults(index, fid)
        ctx.object_print_attrs = frozenset(a for a, d in object_defaults.items() if d == "print")
        ctx.object_literals = object_literals(object_defaults)
        ctx.module_init = module_init and _module_init(key, cls, summary.path, index)
        note = (NO_TENSOR_NOTE.format(key) if bare else MODULE_INIT_NOTE.format(key) if ctx.module_init
                else GENERATOR_FRAME_NOTE.format(key) if fid in generators else None)
        done = _Walked(fid, node, traced_fn, note,
                       frozenset(a for a, d in object_defaults.items() if d in ("None", "False")), no_tensor=bare,
                       module_init=ctx.module_init)
        objects = LocalObjects(node, index, summary, imports.resolve)
        ctx.call_observer = lambda call, caller, fid=fid, done=done, objects=objects: _record_call_site(
            done, call, caller, arguments.observe(fid, call, caller, objects.built), objects, generators)
        ctx.caller_literals = arguments.literal_seeds(key)
        ctx.source_text = parsed.source.text
        checks = [check_classes[c]() for c in sorted(codes)]
        done.found = walk_function(node, checks, ctx)
        if note is None and done.found and not frames.names_torch(node):
            done.found = _bare_resumes(done.found, frames, node, cls, dict(env.names),
                                       file_ctx.evidence(node, cls), parsed.positions(node))
        walked.append(done)
    raw: list[tuple[RawFinding, TracedFunction, FrameFacts]] = []
    breaks = _surely_breaking(walked, breaking_elsewhere, index)
    breaking = breaks.breaking | breaking_elsewhere
    facts: list[FrameFacts] = []
    for done in walked:
        found = done.found
        fact = FrameFacts(done.fid, done.no_tensor, done.module_init)
        positions = functools.partial(parsed.positions, done.node)
        if index.library_breaks and summary.path not in index.library and "GL616" in codes:
            found = found + _library_calls(done.calls, index)
        found = _without_unleaked(found, [call for callees, call in done.calls if breaks_surely(callees, breaking, index)],
                                  positions)
        if not options.show_shadowed:
            # a call in a loop to a function here that always breaks breaks there too: Dynamo cannot
            # inline it, so it skips the caller's frame (its own break is reported in the callee). In a
            # frame Dynamo cannot start on (no tensor in it, or a module's `__init__`), any such call does.
            calls = [call for callees, call in done.calls
                     if (call.skips_frame or done.bare_note is not None) and breaks_surely(callees, breaking, index)]
            found = fold_shadowed(found + _unrebuildable(calls, codes), positions, done.node, done.bare_note,
                                  done.object_options)
            eager = eager_calls(found, [call for _, call in done.calls], positions, done.node,
                                done.object_options)
            fact.calls = [(callees, is_eager) for (callees, _), is_eager in zip(done.calls, eager)]
            fact.nested = frozenset(done.nested_calls)
            found = [f for f in found if f.code not in (CALL_SITE, UNREBUILDABLE_SITE)]
        facts.append(fact)
        raw.extend((finding, done.traced, fact) for finding in found)
        if found:
            parsed.positions(done.node)  # its findings' nodes are looked up below: place the function in one go
    callees = {callee for done in walked for reached, _ in done.calls for callee in reached}
    if not raw:
        kept, suppressed = _apply_suppressions(parsed, [], codes, options)
        return FileCheck(kept, suppressed, calls_elsewhere=arguments.elsewhere, breaks=breaks, frames=facts,
                         unseeded=unseeded, callees=callees)
    catalog = load_catalog()
    positions = parsed.positions()
    fixes = _FixEdits(parsed, positions, options.torch_version)
    findings = [_to_finding(r, t, catalog[r.code], positions, parsed.source.path, fixes) for r, t, _ in raw]
    for finding, (_, _, fact) in zip(findings, raw):
        fact.findings.append((finding.line, finding.column, finding.code))
    kept, suppressed = _apply_suppressions(parsed, findings, codes, options)
    return FileCheck(kept, suppressed, calls_elsewhere=arguments.elsewhere, breaks=breaks, frames=facts,
                     unseeded=unseeded, callees=callees)


def _apply_suppressions(parsed: ParsedFile, findings: list[Finding], codes: set[str],
                        options: LintOptions) -> tuple[list[Finding], int]:
    """The findings no comment suppresses and how many were, plus GL001 for the comments that suppressed
    nothing when it is selected (codes: what this file was checked for)."""
    suppressions = parse_suppressions(parsed.source.text)
    kept = [f for f in findings if not suppressions.covers(f)]
    suppressed = len(findings) - len(kept)
    if UNUSED_CODE in options.codes and UNUSED_CODE not in _ignored_for(parsed.source.path, options):
        catalog = load_catalog()
        kept += unused_suppressions(suppressions, parsed.source.path, source_lines(parsed.source.text), codes,
                                    set(catalog), catalog[UNUSED_CODE])
    return kept, suppressed


def _bare_resumes(found: list[RawFinding], frames: FrameTensors, node: cst.FunctionDef, cls: ClassInfo | None,
                  kinds: dict, uses, lines) -> list[RawFinding]:
    """Mark the breaks after which the resume function holds nothing torch-related (`FrameTensors.resumes_without`):
    Dynamo skips it, so they hide the rest of the function like a break in a loop."""
    rest_without = frames.resumes_without(node, cls, kinds, uses, lines)
    return [dataclasses.replace(f, skips_frame=True, message=_noted(f, BARE_RESUME_NOTE))
            if not (f.skips_frame or f.deferred) and f.statement is not None and rest_without(f.statement, f.node)
            else f for f in found]


def _is_generator(function: cst.FunctionDef) -> bool:
    """A `def` with a `yield` of its own (not one of a nested function's), a coroutine's excepted."""
    return function.asynchronous is None and any(True for _ in nodes_of(function.body, (cst.Yield,)))


# a framework's callback classes (argus's `EarlyStopping(Callback)`): their methods are the hooks it calls
_CALLBACK_CLASS = re.compile(r"(Callback|Hook)s?$")


def _eager_hook(node: cst.FunctionDef, traced: TracedFunction, cls: ClassInfo | None) -> bool:
    """A callback hook (`on_train_epoch_end(self, trainer)`, a method of a `...Callback` class, or a function
    registered by an `@on_epoch_complete` decorator: argus) with nothing torch-related in its frame, that
    only `--scope auto` starts a region in. A framework calls its hooks from the training loop, which by
    then runs eagerly (a break in a loop, or its own frame without tensors, skips it), and Dynamo skips a
    frame like this one outright when eager code calls it. On the benchmark's dev split 2 of 16 findings
    in such hooks were breaks (pytorch-accelerated, skorch, trainloop, tez)."""
    region = traced.region
    return region.kind == "library" and len(region.chain) == 1 and (
        node.name.value.startswith("on_")
        or cls is not None and any(_CALLBACK_CLASS.search(name) for name in (cls.name, *cls.bases))
        or any((dotted(d.decorator.func if isinstance(d.decorator, cst.Call) else d.decorator) or "")
               .rsplit(".", 1)[-1].startswith("on_") for d in node.decorators))


@dataclass
class _Walked:
    """One traced function of the file, checked but not folded yet."""

    fid: FuncId
    node: cst.FunctionDef
    traced: TracedFunction
    # every break skips the frame: nothing torch-related in it (analysis.frames), a module `__init__`, a generator
    bare_note: str | None
    object_options: frozenset[str]  # `self.<attr>` options off by default (`_object_defaults`)
    no_tensor: bool = False  # nothing torch-related in its frame (not merely a module's `__init__`)
    module_init: bool = False  # an nn.Module's `__init__` (GL705's versions)
    found: list[RawFinding] = field(default_factory=list)
    # calls to linted functions: (the functions it may reach, the call as a CALL_SITE finding); it
    # surely breaks only if all of them do (`self._step_func(...)` dispatches to every subclass's)
    calls: list[tuple[tuple[FuncId, ...], RawFinding]] = field(default_factory=list)
    nested_calls: set[int] = field(default_factory=set)  # indices into `calls` of those inside a lambda / nested def


def _library_calls(calls: list[tuple[tuple[FuncId, ...], RawFinding]], index: ProjectIndex) -> list[RawFinding]:
    """The calls into installed libraries (analysis/libraries.py) where every function the call may run breaks
    on every call: GL616 findings at the call, which Dynamo inlines, so the break is the caller's."""
    out = []
    for callees, call in calls:
        inner = [index.library_breaks.get(c) for c in callees if not index.function(c).only_raises]
        if inner and all(inner) and all(c[0] in index.library for c in callees):
            name = _library_name(callees[0], index)
            out.append(dataclasses.replace(
                call, code="GL616", gb=inner[0].gb or None, in_callee_frame=True,
                message=(f"`{name}` breaks the graph inside the library on every call: {inner[0].code} at "
                         f"{inner[0].path}:{inner[0].line} ({inner[0].message.rstrip('.')})"),
                help=f"Call `{name}` outside the compiled function, or avoid its break: {inner[0].help or 'see above'}"))
    return out


def _library_name(fid: FuncId, index: ProjectIndex) -> str:
    summary = index.files[fid[0]]
    name = f"{summary.module}.{fid[1]}" if summary.module else fid[1]
    return name.replace(".<locals>.", ".")


def _unrebuildable(calls: list[RawFinding], codes: set[str]) -> list[RawFinding]:
    """Breaking calls on an object the function built are GL613 findings of their own (GB0092)."""
    return [dataclasses.replace(call, code="GL613", message=None, gb=("GB0092",))
            if call.code == UNREBUILDABLE_SITE and "GL613" in codes else call for call in calls]


def _record_call_site(done: _Walked, call: cst.Call, caller: CheckContext, callees: list[FuncId],
                      objects: LocalObjects, generators: set[FuncId]) -> None:
    """Keep `call` as a call site of `done` when it reaches linted functions. It skips the caller's frame
    where a break at the call would (in a loop, a `try` body, ...), and anywhere for a method of an
    object the caller made, which Dynamo cannot rebuild (GB0092). So does a loop over a generator of this
    file: its breaks happen as the loop asks for the next item, inside the loop. Where a break skips the frame
    anyway (in a loop), Dynamo never tries the rebuild: the call is a plain call site there (measured on 2.13,
    `fixtures/cases/frame_skips.py`, `adaptive_steps`)."""
    unrebuildable = objects.unrebuildable_callee(call)
    if unrebuildable is not None and unrebuildable not in callees:
        callees = [*callees, unrebuildable]
    if not callees:
        return
    skip = caller.frame_skip(call)
    if skip is not None:
        unrebuildable = None
    code = CALL_SITE if unrebuildable is None else UNREBUILDABLE_SITE
    loop = caller.parent(1)
    if skip is None and isinstance(loop, cst.For) and loop.iter is call and generators.issuperset(callees):
        # measured on 2.13 (fixtures/cases/frame_skips.py, `consume_draws`; captum's Shapley sampling over
        # `_perm_generator`): nothing after the loop's first item is traced
        skip = FrameSkip(LOOP_NOTE)
    # a method of an object the caller made skips the frame right at the call; otherwise as a break there would
    after = skip.after if skip is not None and unrebuildable is None else None
    site = RawFinding(code, call, caller.statement(), "call", skips_frame=unrebuildable is not None or skip is not None,
                      skips_after=after)
    done.calls.append((tuple(callees), site))
    if any(isinstance(p, (cst.Lambda, cst.FunctionDef)) for p in caller.parents[1:-1]):
        done.nested_calls.add(len(done.calls) - 1)


def breaks_surely(callees: tuple[FuncId, ...], breaking: set[FuncId] | frozenset[FuncId], index: ProjectIndex) -> bool:
    """Does a call that may reach `callees` break every time? Each function it may run breaks; an
    abstract method that only raises is left out, as long as an override it dispatches to is there
    (torchclust's `self._update_centroids(...)`: the base raises NotImplementedError, both subclasses
    break)."""
    live = [c for c in callees if not index.function(c).only_raises]
    return bool(live) and breaking.issuperset(live)


def _surely_breaking(walked: list[_Walked], breaking_elsewhere: frozenset[FuncId], index: ProjectIndex) -> BreakingCalls:
    """Functions of the file that break on every call: a finding, or a call to such a function, on a
    statement every call runs and not behind `and`/`or`/`if-else`."""
    always = {done.fid: _always_run(done.node) for done in walked}
    out = BreakingCalls({done.fid for done in walked if any(_unconditional(f, always[done.fid]) for f in done.found)})
    here = {done.fid for done in walked}
    known = out.breaking | breaking_elsewhere
    grew = True
    while grew:
        grew = False
        for done in walked:
            if done.fid not in out.breaking and any(
                    breaks_surely(callees, known, index)
                    and _unconditional(call, always[done.fid]) for callees, call in done.calls):
                out.breaking.add(done.fid)
                known.add(done.fid)
                grew = True
    for done in walked:
        for callees, call in done.calls:
            if not here.issuperset(callees) and _unconditional(call, always[done.fid]):
                out.unconditional_calls.append((done.fid, callees))
            if call.skips_frame:
                out.skip_callees.update(callees)
    return out


def breaking_across_files(checks: list[FileCheck], index: ProjectIndex) -> frozenset[FuncId]:
    """Every function that breaks on every call, following unconditional calls between files."""
    breaking = set().union(*(c.breaks.breaking for c in checks))
    edges = [edge for c in checks for edge in c.breaks.unconditional_calls]
    grew = True
    while grew:
        grew = False
        for caller, callees in edges:
            if caller not in breaking and breaks_surely(callees, breaking, index):
                breaking.add(caller)
                grew = True
    return frozenset(breaking)


def _always_run(function: cst.FunctionDef) -> set[int]:
    """ids of the statements every call runs: the body's statements up to the first compound one that
    may `return` (a `with` block's statements included, and a `for` body's up to a `break`/`continue`:
    a loop over nothing, `for k in range(self.n_clusters)` with no clusters, is not worth a doubt; of an
    `if`, `while` or `try` only the header)."""
    found: set[int] = set()

    def walk(statements, in_loop: bool = False) -> bool:
        for statement in statements:
            found.add(id(statement))
            if isinstance(statement, cst.With) and isinstance(statement.body, cst.IndentedBlock):
                if not walk(statement.body.body, in_loop):
                    return False
            elif any(True for _ in nodes_of(statement, cst.Return)):
                return False
            elif isinstance(statement, cst.For) and not statement.orelse and isinstance(statement.body, cst.IndentedBlock):
                walk(statement.body.body, in_loop=True)
            if in_loop and any(True for _ in nodes_of(statement, (cst.Break, cst.Continue))):
                return False
        return True

    if isinstance(function.body, cst.IndentedBlock):
        walk(function.body.body)
    return found


def _unconditional(finding: RawFinding, always: set[int]) -> bool:
    statement = finding.statement
    return statement is not None and id(statement) in always and not _behind_a_condition(statement, finding.node)


def _behind_a_condition(root: cst.CSTNode, target: cst.CSTNode) -> bool:
    """Is `target` inside `root` only evaluated on some paths: the right of `and`/`or`, an arm of
    `a if c else b`, a comprehension or a lambda?"""
    def path_to(node: cst.CSTNode) -> list[cst.CSTNode] | None:
        if node is target:
            return [node]
        for child in children(node):
            below = path_to(child)
            if below is not None:
                return [node, *below]
        return None

    path = path_to(root) or []
    for parent, child in zip(path, path[1:]):
        if isinstance(parent, cst.BooleanOperation) and child is parent.right:
            return True
        if isinstance(parent, cst.IfExp) and child is not parent.test:
            return True
        if isinstance(parent, (cst.BaseComp, cst.Lambda)):
            return True
    return False


def _inherited_method(index: ProjectIndex, summary: FileSummary, class_name: str, method: str) -> bool:
    cls = summary.classes.get(class_name)
    found = index.method(summary.path, cls, method) if cls is not None else None
    return found is not None and found[0] != summary.path


def _inherited_attribute(index: ProjectIndex, summary: FileSummary, class_name: str, attr: str) -> str | None:
    """The kind a project base class gives `self.<attr>` where it sets it (tednet's `_TNBase.__init__`:
    `self.in_shape = np.array(in_shape)`, in another file than the layers that unpack it)."""
    for _, cls in _lineage(index, index.lookup_class(summary, class_name)):
        if attr in cls.tensor_attrs:
            return TENSOR
        if attr in cls.ndarray_attrs:
            return NDARRAY
        if attr in cls.module_attrs:
            return None  # the nearest class that sets it decides
    return None


def _library_bases(index: ProjectIndex, summary: FileSummary, class_name: str) -> frozenset[str]:
    """The bases of a class and of its project bases that are not classes of the linted files."""
    return frozenset(base for path, cls in _lineage(index, index.lookup_class(summary, class_name))
                     for base in cls.bases if index.lookup_class(index.files[path], base) is None)


def _object_defaults(index: ProjectIndex, fid: FuncId) -> dict[str, str]:
    """`self.<attr>` → the default it gets in `__init__` (`ClassInfo.init_defaults`), for the method's class
    and its project bases (a subclass's own setting wins)."""
    info = index.function(fid)
    found = index.lookup_class(index.files[fid[0]], info.class_name) if info.class_name else None
    defaults: dict[str, str] = {}
    for path, cls in _lineage(index, found):
        for attr, default in cls.init_defaults.items():
            defaults.setdefault(f"self.{attr}", default)
        for attr, annotated in cls.config_attrs.items():
            # `self.cfg: PPO_CFG` → `self.cfg.time_limit_bootstrap` from the settings class's `= False` (skrl)
            for _, settings in _lineage(index, index.lookup_class(index.files[path], annotated)):
                for name, default in settings.field_defaults.items():
                    defaults.setdefault(f"self.{attr}.{name}", default)
    return defaults


def _lineage(index: ProjectIndex, found: tuple[str, ClassInfo] | None):
    """A class of the linted files (path, ClassInfo), then its first project base, its base's, ... (cycle-safe)."""
    seen: set[tuple[str, str]] = set()
    while found is not None and (found[0], found[1].name) not in seen:
        seen.add((found[0], found[1].name))
        yield found
        bases = [index.lookup_class(index.files[found[0]], b) for b in found[1].bases]
        found = next((b for b in bases if b is not None), None)


def _module_init(key: str, cls, path: str, index: ProjectIndex) -> bool:
    return cls is not None and key == f"{cls.name}.__init__" and index.is_module_class(path, cls)


def fold_shadowed(found: list[RawFinding], positions, function: cst.FunctionDef,
                  bare_frame_note: str | None = None, object_options: frozenset[str] = frozenset()) -> list[RawFinding]:
    """Fold the findings that a frame-skipping break hides into that break's message.

    A break in a loop makes Dynamo skip the whole frame ("graph break in loop"), so nothing after it
    in the same function is traced: those lines only break once the first one is fixed. Reporting them
    as breaks of their own would send the user after breaks Dynamo does not show yet. A later break
    in another arm of the same `if`/`elif`/`else` is not hidden: the call that takes that arm never
    reaches the first one. bare_frame_note: the function has no tensor in its frame
    (`analysis.frames`), it is an nn.Module's `__init__` (GL705), or a generator, so every break in it skips the frame;
    the note says so on a break that hides others. GL705 marks where Dynamo starts on the eager frame: it
    stays, and hides nothing.
    """
    frame_starts = [f for f in found if f.code == FRAME_START_CODE]
    found = fold_comprehensions([f for f in found if f.code != FRAME_START_CODE], function, positions)
    if bare_frame_note is not None:  # a deferred break stops nothing: it comes only when a graph is compiled
        found = [f if f.skips_frame or f.deferred
                 else dataclasses.replace(f, skips_frame=True, message=_noted(f, bare_frame_note)) for f in found]
    if not any(f.skips_frame for f in found):
        return frame_starts + found
    lines = positions()
    found = _without_uncompiled(found, lines)
    skipping = [f for f in found if f.skips_frame]
    line_of = {id(f): lines[reported_start(f, lines)].start.line for f in found}
    in_target = {id(f) for f in found if _in_assignment_target(f)}
    hidden: set[int] = set()
    notes: dict[int, list[int]] = {}
    # Python evaluates an assignment's value before its target: `out[:, a:b] = f(x[:, a:b])` breaks on
    # the right first, even when the target is written on the line above
    deferred = _deferred_test_parts(function, lines)

    def first_run(f: RawFinding) -> float:
        # `while cost is None or t.item() > tol:` with `cost = None` before the loop: the first test stops at
        # `is None`, so the right side first runs after one pass of the body
        line = line_of[id(f)]
        return next((after + 0.25 for start, end, after in deferred if start <= line <= end), line)

    def evaluated_at(f: RawFinding) -> float:  # a target runs after the whole value: past its last line
        return lines[f.statement].end.line + 0.5 if id(f) in in_target else first_run(f)

    for first in sorted(skipping, key=evaluated_at):
        if id(first) in hidden:
            continue
        # breaks inside the breaking expression itself (`torch.equal` in an `all(...)` generator) still show
        cut = lines[first.skips_after or first.node].end.line
        other_arms = _other_arms(function, lines, line_of[id(first)])
        arm_start, arm_end = _hiding_scope(function, lines, line_of[id(first)], object_options)
        shadowed = [f for f in found if id(f) not in hidden and f is not first and not f.in_callee_frame
                    and ((first_run(f) > cut or id(f) in in_target and f.statement is first.statement
                          and id(first) not in in_target)
                         and arm_start <= line_of[id(f)] <= arm_end
                         and not any(start <= line_of[id(f)] <= end for start, end in other_arms)
                         or _tested_after(f, first, lines))]
        hidden.update(id(f) for f in shadowed)
        if shadowed:
            notes[id(first)] = sorted({line_of[id(f)] for f in shadowed})
    return frame_starts + [dataclasses.replace(f, message=_with_shadowed_note(f, notes[id(f)])) if id(f) in notes
                           else f for f in found if id(f) not in hidden]


def eager_calls(folded: list[RawFinding], calls: list[RawFinding], positions, function: cst.FunctionDef,
                object_options: frozenset[str] = frozenset()) -> list[bool]:
    """For each call of `calls`: does it come after a break that makes Dynamo give up on the frame (the breaks
    `fold_shadowed` kept, the same hiding scope)? Such a call only ever runs eagerly, so Dynamo starts on the
    callee as a frame of its own, and skips it outright when nothing in it is torch-related (`skipped_frames`)."""
    skipping = [f for f in folded if f.skips_frame]
    if not calls or not skipping:
        return [False] * len(calls)
    lines = positions()
    scopes = []
    for first in skipping:
        line = lines[reported_start(first, lines)].start.line
        scopes.append((lines[first.skips_after or first.node].end.line,
                       _hiding_scope(function, lines, line, object_options), _other_arms(function, lines, line)))

    def after_a_skip(call: RawFinding) -> bool:
        line = lines[call.node].start.line
        return any(line > cut and start <= line <= end and not any(a <= line <= b for a, b in arms)
                   for cut, (start, end), arms in scopes)

    return [after_a_skip(call) for call in calls]


def skipped_frames(facts: list[FrameFacts], index: ProjectIndex) -> set[FuncId]:
    """Functions Dynamo never traces although traced code calls them: nothing torch-related in their frame, and
    every call to them runs eagerly (after a break that skips the caller's frame, or from a function skipped
    itself), so Dynamo starts on them as frames of their own and `has_tensor_in_frame` turns it away (robustloss's
    `Preprocessor.__init__`, called after `prepare_dataset`'s first break). An nn.Module's `__init__` called only
    eagerly is never traced past its start either: Dynamo starts on it, meets the module before it is initialised
    at `super().__init__()` (GB0119, GL705) and runs the rest eagerly (`fixtures/cases/module_init.py`'s `Late`,
    built after a loop's break; stanza's `CRFLoss`, built in `NERTagger.__init__` after its first break). A function
    some caller may still inline, or one with a caller graphlint did not walk, keeps its findings."""
    by_fid = {fact.fid: fact for fact in facts}
    sites: dict[FuncId, list[tuple[FuncId, bool]]] = {}
    for fact in facts:
        for i, (callees, eager) in enumerate(fact.calls):
            for callee in callees:
                # a nested function's frame is never skipped with its outer function's: its own fid stands for it
                caller = (fact.fid[0], f"{fact.fid[1]}.<nested>") if i in fact.nested else fact.fid
                sites.setdefault(callee, []).append((caller, eager and i not in fact.nested))
    callers = index.callers
    skipped: set[FuncId] = set()
    grew = True
    while grew:
        grew = False
        for fid, fact in by_fid.items():
            if fid in skipped or not (fact.bare or fact.module_init) or fid not in sites:
                continue
            seen = {caller for caller, _ in sites[fid]}
            if not callers.get(fid, set()) <= seen:
                continue  # a caller whose call graphlint did not see (not walked, or a nested function)
            if all(eager or caller in skipped for caller, eager in sites[fid]):
                skipped.add(fid)
                grew = True
    return skipped


def _without_unleaked(found: list[RawFinding], breaking_calls: list[RawFinding], positions) -> list[RawFinding]:
    """Drop each RawFinding.needs_later_break with no break after it in the function (its own, or a call to a
    function that always breaks): no graph output then carries the value it marks, so Dynamo never reports it
    (torchqc's `time_tensor.requires_grad_(True)`, used only for its length)."""
    waiting = [f for f in found if f.needs_later_break]
    if not waiting:
        return found
    lines = positions()
    breaks = [lines[reported_start(g, lines)].start.line for g in [*found, *breaking_calls] if not g.deferred]
    return [f for f in found if not f.needs_later_break
            or any(line > lines[reported_start(f, lines)].end.line for line in breaks)]


def _without_uncompiled(found: list[RawFinding], lines) -> list[RawFinding]:
    """Drop each deferred break (RawFinding.deferred) whose next break in the function skips the frame:
    Dynamo then runs the frame eagerly and never compiles the graph that holds it (boltzmann-generators'
    `x.detach().requires_grad_(True)` before a loop of `torch.autograd.grad`)."""
    def start(f: RawFinding) -> tuple[int, int]:
        pos = lines[reported_start(f, lines)].start
        return pos.line, pos.column

    ordered = sorted(found, key=start)
    dropped = {id(f) for i, f in enumerate(ordered) if f.deferred
               and next((g.skips_frame for g in ordered[i + 1:] if not g.deferred), False)}
    return [f for f in found if id(f) not in dropped]


def fold_comprehensions(found: list[RawFinding], function: cst.FunctionDef, positions) -> list[RawFinding]:
    """Keep only the first break Dynamo meets inside each comprehension (Python 3.11).

    A comprehension is a function of its own, which Dynamo inlines. At a break inside it the caller
    breaks at the comprehension and resumes after it, while the comprehension itself runs eagerly: its
    frame holds only an iterator, no tensor (measured on 2.13, `fixtures/cases/loops.py`). Its parts run
    per item in this order: the filters and inner loops' iterables, then the element, whatever the
    lines say: in `[c.item() for c in counts if c > 0]` the filter breaks first (pyqtorch)."""
    if len(found) < 2:
        return found
    hidden: set[int] = set()
    notes: dict[int, list[int]] = {}
    lines = None
    for comp in nodes_of(function, COMPREHENSIONS):
        parts = _evaluation_order(comp)
        inside = [(rank, f) for f in found if id(f) not in hidden
                  for rank in [next((i for i, part in enumerate(parts) if _contains(part, f.node)), None)]
                  if rank is not None]
        if len(inside) < 2:
            continue
        lines = lines or positions()
        inside.sort(key=lambda item: (item[0], lines[item[1].node].start.line))
        first = inside[0][1]
        rest = [f for _, f in inside[1:]]
        hidden.update(id(f) for f in rest)
        notes[id(first)] = sorted({lines[f.node].start.line for f in rest})
    if not hidden:
        return found
    return [dataclasses.replace(f, message=_with_shadowed_note(f, notes[id(f)], "comprehension"))
            if id(f) in notes else f for f in found if id(f) not in hidden]


def _evaluation_order(comp: cst.BaseComp) -> list[cst.CSTNode]:
    """The parts of a comprehension that run per item, in the order they run. The first loop's
    iterable is left out: the caller evaluates it."""
    parts: list[cst.CSTNode] = []
    clause, outermost = comp.for_in, True
    while clause is not None:
        if not outermost:
            parts.append(clause.iter)
        parts.extend(clause.ifs)
        clause, outermost = clause.inner_for_in, False
    return parts + ([comp.key, comp.value] if isinstance(comp, cst.DictComp) else [comp.elt])


def _noted(finding: RawFinding, note: str) -> str:
    return (finding.message or load_catalog()[finding.code].summary) + note


def _deferred_test_parts(function: cst.FunctionDef, lines) -> list[tuple[int, int, int]]:
    """(start, end, body end) lines of the parts of `while` tests that the first evaluation skips: the right of
    `name is None or ...` where `name = None` is the last binding of `name` before the loop (mpc's line search:
    `while (current_cost is None or torch.any(current_cost > old_cost).item() == 1) and i < n:`)."""
    spans = []
    for block in nodes_of(function, cst.IndentedBlock):
        for i, loop in enumerate(block.body):
            if not isinstance(loop, cst.While):
                continue
            for test in nodes_of(loop.test, cst.BooleanOperation):
                if isinstance(test.operator, cst.Or) and _none_before(_is_none_test(test.left), block.body[:i]):
                    right = lines[test.right]
                    spans.append((right.start.line, right.end.line, lines[loop.body].end.line))
    return spans


def _is_none_test(node: cst.BaseExpression) -> str | None:
    """`name is None` → name."""
    if isinstance(node, cst.Comparison) and len(node.comparisons) == 1 and isinstance(node.left, cst.Name) \
            and isinstance(node.comparisons[0].operator, cst.Is) \
            and isinstance(node.comparisons[0].comparator, cst.Name) and node.comparisons[0].comparator.value == "None":
        return node.left.value
    return None


def _none_before(name: str | None, statements) -> bool:
    """Is `name = None` the last plain assignment to `name` among these statements (none of them nested)?"""
    last = None
    for statement in statements:
        if isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign) and any(isinstance(t.target, cst.Name) and t.target.value == name
                                                         for t in small.targets):
                    last = small.value
        elif name is not None and name in {n.value for n in nodes_of(statement, cst.Name)}:
            last = None  # bound or used in a compound statement: not known
    return name is not None and isinstance(last, cst.Name) and last.value == "None"


def _in_assignment_target(finding: RawFinding) -> bool:
    """Is the finding's node inside the target of the assignment statement it belongs to, which Python evaluates
    after the value? Not an augmented assignment's: `rew[~done] += f(x)` reads `rew[~done]` first (measured on
    2.13: vmas' reward shaping breaks on the target's line, not on the value's lines below it)."""
    statement = finding.statement
    if not isinstance(statement, cst.SimpleStatementLine) or not statement.body:
        return False
    small = statement.body[0]
    targets = [t.target for t in small.targets] if isinstance(small, cst.Assign) else \
        [small.target] if isinstance(small, cst.AnnAssign) else []
    return any(_contains(target, finding.node) for target in targets)


def _contains(tree: cst.CSTNode, node: cst.CSTNode) -> bool:
    if tree is node:
        return True
    return any(_contains(child, node) for child in children(tree))


def _with_shadowed_note(first: RawFinding, shadowed_lines: list[int], where: str = "function") -> str:
    count = len(shadowed_lines)
    listed = ", ".join(map(str, shadowed_lines[:6])) + (", …" if count > 6 else "")
    plural = count > 1
    note = (f"; {count} later break{'s' if plural else ''} in this {where} "
            f"(line{'s' if plural else ''} {listed}) show{'' if plural else 's'} once this one is fixed")
    return (first.message or load_catalog()[first.code].summary) + note


def _enclosing_arm(function: cst.FunctionDef, lines, line: int) -> tuple[int, int]:
    """The lines a break at `line` can hide: the innermost `if`/`else` arm or `except` handler holding
    it, else the whole function. A call that skips that arm never reaches the break, so it traces what
    follows the `if` (LinSATNet: a sparse-only break under `if is_sparse:` leaves the dense calls'
    breaks after the `if` in place)."""
    body = lines[function.body]
    best = (body.start.line, body.end.line)
    for node in _conditional_blocks(function):
        span = lines[node]
        if span.start.line <= line <= span.end.line and span.end.line - span.start.line < best[1] - best[0]:
            best = (span.start.line, span.end.line)
    return best


def _tested_after(test: RawFinding, first: RawFinding, lines) -> bool:
    """A `while` test that holds a tensor only from its second evaluation on runs after `first`, a
    frame-skipping break in that loop's body: Dynamo never gets to it."""
    if not test.after_first_iteration or not isinstance(test.statement, cst.While):
        return False
    body, line = lines[test.statement.body], lines[first.node].start.line
    return body.start.line <= line <= body.end.line


def _hiding_scope(function: cst.FunctionDef, lines, line: int,
                  object_options: frozenset[str] = frozenset()) -> tuple[int, int]:
    """The lines a frame-skipping break at `line` can hide.

    Outside loops: the innermost `if`/`else` arm holding it (`_enclosing_arm`). Inside a loop, an `if`
    whose test the loop changes is taken as soon as one iteration takes it, which the loop usually makes
    happen (`if group_lr > 0.0: g_sq += (g * g).sum().item()`), and an option set on the object is
    usually on (`if self.tol is not None:` around a convergence check), so the arm that counts is one
    around the outermost loop. Only the body of an `if` on an option the caller leaves off by default
    (`if verbose:`, `if exists(seq_mask):` with `verbose=False`, `seq_mask=None`), which no loop rebinds,
    bounds what a break in it hides: a call with the default never takes it and traces what follows.
    So does the `else` of `if not <option>:`, and an option the object got from its `__init__`'s
    default (`self.sub_sampling` from `sub_sampling=None`: kmeans-gpu).
    """
    def span(node: cst.CSTNode) -> tuple[int, int]:
        return lines[node].start.line, lines[node].end.line

    def holds(node: cst.CSTNode, at: int) -> bool:
        start, end = span(node)
        return start <= at <= end

    loops = _loops_around(function, lines, line)
    options = _options_off_by_default(function) | object_options
    best = _enclosing_arm(function, lines, _past_default_arms(
        function, lines, min((span(loop)[0] for loop in loops), default=line), options))
    for node in _if_statements(function):
        around = [loop for loop in loops if holds(loop.body, span(node)[0])]
        arm = _option_arm(node, options)
        if not around or arm is None or not holds(arm, line):
            continue
        if not {n.value for n in names_in(node.test)} & set().union(*map(_names_rebound_in, around)):
            if span(arm)[1] - span(arm)[0] < best[1] - best[0]:
                best = span(arm)
    return best


def _past_default_arms(function: cst.FunctionDef, lines, line: int, options: set[str]) -> int:
    """`line`, or, when it lies in the arm a call with the defaults takes (the `else` of `if eval:` with
    `eval=False`, the body of `if not verbose:`), the line of that `if`, repeated outwards. A break there is met
    by every call that keeps the default, so what it hides reaches past the `if` (stanza's `Trainer.update`:
    `if eval: ... else: for optimizer in ...: optimizer.zero_grad()`, then the loss's `.item()`)."""
    while True:
        node = next((n for n in _if_statements(function) if (arm := _default_arm(n, options)) is not None
                     and lines[arm].start.line <= line <= lines[arm].end.line
                     and lines[n].start.line < line), None)
        if node is None:
            return line
        line = lines[node].start.line


def _default_arm(node: cst.If, options: set[str]) -> cst.CSTNode | None:
    """The arm of `node` that a call leaving its options off takes: the `else` of `if verbose:`, the body of
    `if not verbose:` (the mirror of `_option_arm`)."""
    test = node.test
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not) \
            and _tests_option(test.expression, options):
        return node.body
    if _tests_option(test, options) and isinstance(node.orelse, cst.Else):
        return node.orelse.body
    return None


def _option_arm(node: cst.If, options: set[str]) -> cst.CSTNode | None:
    """The arm of `node` that runs only when the caller turned an option on: the body of `if verbose:`,
    the `else` of `if not self.sub_sampling:`."""
    if _tests_option(node.test, options):
        return node.body
    test = node.test
    if (isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not)
            and _tests_option(test.expression, options) and isinstance(node.orelse, cst.Else)):
        return node.orelse.body
    return None


def _options_off_by_default(function: cst.FunctionDef) -> set[str]:
    """Parameters whose default turns something off: `verbose=False`, `seq_mask=None`."""
    params = function.params
    return {p.name.value for p in list(params.params) + list(params.kwonly_params)
            if isinstance(p.default, cst.Name) and p.default.value in ("None", "False")}


def _tests_option(test: cst.BaseExpression, options: set[str]) -> bool:
    """Is `test` true only when the caller turned an option on: `verbose`, `mask is not None`,
    `exists(mask)`, or an `and` with such a part?"""
    if isinstance(test, (cst.Name, cst.Attribute)):
        return dotted(test) in options
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.And):
        return _tests_option(test.left, options) or _tests_option(test.right, options)
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        other = test.comparisons[0].comparator
        return (isinstance(test.comparisons[0].operator, cst.IsNot) and dotted(test.left) in options
                and isinstance(other, cst.Name) and other.value == "None")
    if isinstance(test, cst.Call) and len(test.args) == 1 and isinstance(test.func, cst.Name):
        return test.func.value == "exists" and dotted(test.args[0].value) in options
    return False


def _names_rebound_in(loop: cst.For | cst.While) -> set[str]:
    """Every name under an assignment, loop or `as` target inside `loop` (its own target included)."""
    targets = ([loop.target] if isinstance(loop, cst.For) else []) + binding_targets(loop)
    return {name.value for target in targets for name in names_in(target)}


def _conditional_blocks(function: cst.FunctionDef):
    for node in _if_statements(function):
        yield node.body
        if node.orelse is not None:
            yield node.orelse
    yield from nodes_of(function, (cst.ExceptHandler, cst.ExceptStarHandler))


def _other_arms(function: cst.FunctionDef, lines, line: int) -> list[tuple[int, int]]:
    """Line spans of the `elif`/`else` arms that exclude the `if` body holding `line`.

    Not those of an `if` that picks its arm per iteration of a loop around it, comparing a name the
    loop rebinds with constants (`for key, props in columns.items(): if props['type'] == 'count': ...
    elif ...`): the iterations take the other arms too, and the first break met skips the whole frame
    (deepecho's `_tensor_to_data`). graphlint takes the first arm's break for the one met first."""
    loops = _loops_around(function, lines, line)
    spans = []
    for node in _if_statements(function):
        body = lines[node.body]
        if node.orelse is None or not body.start.line <= line <= body.end.line:
            continue
        around = [loop for loop in loops if lines[loop.body].start.line <= lines[node].start.line]
        if _switches_on_constants(node.test) and \
                {n.value for n in names_in(node.test)} & set().union(*map(_names_rebound_in, around)):
            continue
        orelse = lines[node.orelse]
        spans.append((orelse.start.line, orelse.end.line))
    return spans


def _loops_around(function: cst.FunctionDef, lines, line: int) -> list[cst.For | cst.While]:
    """The loops whose body holds `line`."""
    return [loop for loop in nodes_of(function, (cst.For, cst.While))
            if lines[loop.body].start.line <= line <= lines[loop.body].end.line]


def _switches_on_constants(test: cst.BaseExpression) -> bool:
    """`kind == "scale"`, `props['type'] in ['count']`, or an `or` of such: a switch over kinds of records,
    which a loop over mixed records takes every arm of. (An `isinstance` test is left out: the values
    of one call are mostly of one type, as betty's `log_from_loss_dict` shows.)"""
    if isinstance(test, cst.BooleanOperation) and isinstance(test.operator, cst.Or):
        return _switches_on_constants(test.left) and _switches_on_constants(test.right)
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return False
    target = test.comparisons[0]
    if isinstance(target.operator, (cst.Equal, cst.NotEqual)):
        return isinstance(target.comparator, (cst.SimpleString, cst.Integer))
    if isinstance(target.operator, (cst.In, cst.NotIn)) and isinstance(target.comparator, (cst.List, cst.Tuple, cst.Set)):
        return all(isinstance(e.value, (cst.SimpleString, cst.Integer)) for e in target.comparator.elements)
    return False


def _if_statements(node: cst.CSTNode):
    return nodes_of(node, cst.If)


_MIXED = "mixed"


class ArgumentKinds:
    """Kinds of the arguments traced code passes to linted functions, per parameter.

    A parameter gets a kind only when every observed call site agrees (`maybe_num_nodes(edge_index, N)`
    called with a tensor everywhere makes `edge_index` a tensor; a Python int everywhere makes `N` one).
    Calls into other files are recorded in `elsewhere` for the project-wide second round (lint_files).
    """

    def __init__(self, index: ProjectIndex, parsed: ParsedFile, imports: ImportTable,
                 from_other_files: dict[str, dict[str, str]] | None = None) -> None:
        self.index = index
        self.parsed = parsed
        self.imports = imports
        self._seen: dict[str, dict[str, str | None]] = {}
        self._literals: dict[str, dict[str, object]] = {}
        self.from_other_files = from_other_files or {}
        self.elsewhere: dict[FuncId, dict[str, str | None]] = {}

    def seeds(self, key: str) -> dict[str, str | None]:
        return {**self.from_other_files.get(key, {}), **self.seeds_here(key)}

    def seeds_here(self, key: str) -> dict[str, str | None]:
        """Only what the call sites in this file agree on (seen, not learnt from the other files' first round)."""
        return {name: kind for name, kind in self._seen.get(key, {}).items() if kind != _MIXED}

    def literal_seeds(self, key: str) -> dict[str, object]:
        """Literal values all callers pass (`_latency_errors(data, ..., first_spike_time)` where every
        caller's `first_spike_time` still holds its default 0), so `first_spike_time and <tensor test>`
        is known not to reach the tensor. Only for private helpers: their callers are in this file."""
        if not key.rsplit(".", 1)[-1].startswith("_"):
            return {}
        return {name: value for name, value in self._literals.get(key, {}).items() if value is not _MIXED}

    def observe(self, fid: FuncId, call: cst.Call, caller: CheckContext, built: dict[str, str]) -> list[FuncId]:
        """Record the argument kinds `call` passes; return the linted functions it may reach. built: the caller's
        locals made from project classes (LocalObjects.built)."""
        ref = call_ref(call, self.imports, {}, local_ctors={**self.index.files[fid[0]].module_ctors, **built})
        if ref is None:
            return []
        callees = [c for c in self.index.resolve_call(fid, ref) if c[0] != fid[0] or c[1] in self.parsed.functions]
        for callee in callees:
            same_file = callee[0] == fid[0]
            params, pairs = self._argument_pairs(callee, ref, call)
            record = self._seen.setdefault(callee[1], {}) if same_file else self.elsewhere.setdefault(callee, {})
            for name, value in pairs:
                (_agree if same_file else _agree_known)(record, name, caller.env.kind_of(value))
            if same_file:
                self._observe_literals(callee[1], params, pairs, caller)
        return callees

    def _argument_pairs(self, callee: FuncId, ref, call: cst.Call):
        """The callee's parameter names, and (parameter, argument) for each argument this call binds."""
        info = self.index.function(callee)
        params = list(info.params)
        # `Block(cfg)`: a constructor's arguments start after `self`; `Base.__init__(self, cfg)` passes it
        constructed = callee[1].endswith(".__init__") and not (
            isinstance(call.func, cst.Attribute) and call.func.attr.value == "__init__")
        bound = ref.kind in ("self_method", "super", "attr_method", "instance_method") or constructed
        if params and bound and params[0] in ("self", "cls"):
            params = params[1:]
        names = set(params) | set(info.kwonly)
        positional = [a for a in call.args if a.keyword is None and a.star == ""]
        pairs = list(zip(params, (a.value for a in positional)))
        pairs += [(a.keyword.value, a.value) for a in call.args if a.keyword is not None and a.keyword.value in names]
        return names, pairs

    def _observe_literals(self, key: str, params: set[str], pairs, caller: CheckContext) -> None:
        literals = self._literals.setdefault(key, {})
        for name, value in pairs:
            literal = caller.literal_value(value)
            seen = literals.get(name, literal)
            literals[name] = literal if literal is not NOT_LITERAL and seen == literal else _MIXED
        for name in params - {name for name, _ in pairs}:
            literals[name] = _MIXED  # left to its default (or passed through *args): not a literal here


def _agree(record: dict[str, object], name: str, kind) -> None:
    """Keep a parameter's kind while every observation agrees; `_MIXED` once two differ."""
    record[name] = kind if record.get(name, kind) == kind else _MIXED


def _agree_known(record: dict[str, object], name: str, kind) -> None:
    """`_agree` for calls from other files, where a call whose argument's kind is unknown (None) does not veto what
    the others show: pomegranate's 40 calls of `_check_parameter(..., check_parameter=self.check_data)` pass its
    buffer, a tensor, where a subclass's inherited buffer is not known to be one."""
    if kind is None and name in record:
        return
    seen = record.get(name)
    record[name] = kind if seen is None or seen == kind else _MIXED


def cross_file_seeds(observed: list[dict[FuncId, dict[str, str | None]]]) -> dict[str, dict[str, dict[str, str]]]:
    """{path: {function key: {param: tensor kind}}} where every call from other files that passes a value of a known
    kind passes a tensor (torchmin's `update_tr_radius(Delta, actual_reduction, ...)` called from trf.py with
    tensors)."""
    merged: dict[FuncId, dict[str, object]] = {}
    for per_file in observed:
        for fid, params in per_file.items():
            record = merged.setdefault(fid, {})
            for name, kind in params.items():
                _agree_known(record, name, kind)
    seeds: dict[str, dict[str, dict[str, str]]] = {}
    for (path, key), params in merged.items():
        tensors = {name: kind for name, kind in params.items() if kind != _MIXED and is_tensor(kind)}
        if tensors:
            seeds.setdefault(path, {})[key] = tensors
    return seeds


def _defined_in_project(index: ProjectIndex, qualified: str) -> bool:
    if index.lookup_function(qualified) is not None or qualified in index.classes:
        return True
    real = index.reexported(qualified)
    return real is not None and real in index.classes


def _declared_return(index: ProjectIndex, qualified: str) -> str | None:
    fid = index.lookup_function(qualified)
    return index.function(fid).returns if fid is not None else None


def _passthrough(index: ProjectIndex, qualified: str) -> tuple[tuple[str, ...], frozenset[str]] | None:
    fid = index.lookup_function(qualified)
    info = index.function(fid) if fid is not None else None
    return (info.params, info.returned_params) if info is not None and info.returned_params else None


def _imported_logger(index: ProjectIndex, qualified: str) -> bool:
    """`pkg.utils.logging.logger`: a name that module binds to a logger at its top level."""
    module, _, name = qualified.rpartition(".")
    summary = index.modules.get(module)
    return summary is not None and name in summary.loggers


def _literal_parts(index: ProjectIndex, qualified: str) -> tuple[bool, ...] | None:
    fid = index.lookup_function(qualified)
    return index.function(fid).literal_parts if fid is not None else None


def _ignored_for(path: str, options: LintOptions) -> set[str]:
    ignored: set[str] = set()
    for pattern, codes in options.per_file_ignores:
        if fnmatch.fnmatch(path, pattern) or fnmatch.fnmatch(os.path.basename(path), pattern):
            ignored |= codes
    return ignored


def _disabled_callee(index: ProjectIndex, fid: FuncId, call: cst.Call, imports: ImportTable) -> str | None:
    ref = call_ref(call, imports, {})
    if ref is None:
        return None
    for target in index.resolve_call(fid, ref):
        if index.function(target).disabled:
            return display_name(index, target, fid[0])
    return None


def reported_start(raw: RawFinding, positions) -> cst.CSTNode:
    """The node whose start is the finding's position: the check's start_node, or, for a method call
    whose name sits on a later line than its receiver (`torch.searchsorted(\n x, v,\n).item()`), the
    method's name, since CPython 3.11 gives the call that line and Dynamo breaks on it."""
    if raw.start_node is not None:
        return raw.start_node
    node = raw.node
    if isinstance(node, cst.Call) and isinstance(node.func, cst.Attribute):
        if positions[node.func.attr].start.line != positions[node].start.line:
            return node.func.attr
    return node


def _to_finding(raw: RawFinding, traced: TracedFunction, rule: Rule, positions, path: str,
                fixes: _FixEdits) -> Finding:
    rng = positions[raw.node]
    start = positions[reported_start(raw, positions)].start
    statement_lines = None
    if raw.statement is not None:
        srng = positions[raw.statement]
        end = srng.end.line if isinstance(raw.statement, cst.SimpleStatementLine) else rng.end.line
        statement_lines = (srng.start.line, end)
    return Finding(
        code=rule.code,
        name=rule.name,
        message=raw.message or rule.summary,
        severity=rule.severity,
        path=path,
        line=start.line,
        column=start.column + 1,
        end_line=rng.end.line,
        end_column=rng.end.column + 1,
        region=traced.region,
        gb=raw.gb if raw.gb is not None else rule.gb,
        help=raw.help or rule.help or None,
        fix=fixes.edits(raw.fix),
        statement_lines=statement_lines,
    )


class _FixEdits:
    """A file's proposed rewrites as text edits, where the new code works on the target torch version."""

    def __init__(self, parsed: ParsedFile, positions, torch_version: tuple[int, int, int]) -> None:
        self.parsed, self.positions, self.torch_version = parsed, positions, torch_version
        self._lines: list[str] | None = None  # split once, on the file's first fix

    def edits(self, spec: FixSpec | None) -> Fix | None:
        if spec is None or (spec.torch_range is not None and not matches(self.torch_version, spec.torch_range)):
            return None
        if self._lines is None:
            self._lines = source_lines(self.parsed.source.text, keepends=True)
        source = self.parsed.source
        return to_fix(spec, self.positions, self.parsed.module, self._lines, source.newline)


# ---------------------------------------------------------------- the run

_WORKER_STATE: dict = {}


def _check_worker(path: str) -> tuple[str, FileCheck]:
    index, traced_by_file, options, config, seeds, breaking = _WORKER_STATE["args"]
    parsed = _load(path, index.files)
    if isinstance(parsed, FileError):
        return path, FileCheck(error=parsed)
    shown = parsed.source.path
    return shown, _safe_check(parsed, traced_by_file.get(shown, {}), index, options, config, seeds.get(shown), breaking)


def _safe_check(parsed: ParsedFile, traced, index, options, config: ProjectConfig, from_other_files=None,
                breaking: frozenset[FuncId] = frozenset()) -> FileCheck:
    try:
        return check_file(parsed, traced, index, options, config.for_module(parsed.summary.module),
                          from_other_files, breaking)
    except RecursionError:
        return FileCheck(error=FileError(parsed.source.path, "internal", "code nested too deeply to analyse"))
    except Exception as exc:
        return FileCheck(error=FileError(parsed.source.path, "internal", f"{type(exc).__name__}: {exc} (please report)"))


def _pool(jobs: int) -> ProcessPoolExecutor:
    method = "fork" if sys.platform == "linux" else "spawn"
    return ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context(method))


def lint_uncached(files: list[str], options: LintOptions, stdin: SourceFile | None, cache: FileCache | None) -> LintResult:
    """The run itself (`lint.lint_files` serves a whole run from the cache when nothing changed)."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))
    with _rare_collections():
        return _lint(files, options, stdin, cache)


@contextlib.contextmanager
def _rare_collections():
    """Python's cycle collector, every 700 new objects by default, scans the heap again and again while libcst
    builds millions of nodes that reference counting frees anyway (a syntax tree has no cycles): a fifth of the
    run on transformers (`bench/speed`). Collect cycles every 100,000 objects instead, in this process and in the
    workers it forks; the peak memory does not change measurably."""
    before = gc.get_threshold()
    gc.set_threshold(100_000, 50, 100)
    try:
        yield
    finally:
        gc.set_threshold(*before)


def _lint(files: list[str], options: LintOptions, stdin: SourceFile | None, cache: FileCache | None) -> LintResult:
    result = LintResult()
    jobs = options.jobs or os.cpu_count() or 1
    parallel = jobs > 1 and len(files) > PARALLEL_THRESHOLD
    parsed: dict[str, ParsedFile] = {}
    summaries: list[FileSummary] = []
    if stdin is not None:
        loaded = parse_source(stdin)
        _collect(loaded, result, parsed, summaries)
    # files in import groups without array code cannot hold a finding (prefilter.py): not even parsed, unless
    # GRAPHLINT_NO_PREFILTER=1 (then read like the rest, and only their findings dropped, for comparison)
    not_array_code = skippable(files, stdin)
    unread = not_array_code if prefilter_skips() else set()
    files_to_read = [f for f in files if f not in unread] if unread else files
    cached = cache.summaries() if cache else {}
    todo = [f for f in files_to_read if f not in cached]
    if parallel and len(todo) > PARALLEL_THRESHOLD:
        with _pool(jobs) as pool:
            loaded = list(pool.map(_summarise_worker, todo, chunksize=max(1, len(todo) // (jobs * 8))))
    else:
        loaded = []
        kept = 0
        for path in todo:
            # summarised from ast: the rules phase parses with libcst only the files it checks, once each; a file
            # left to libcst here keeps its tree for the rules phase
            item = _summarise(path)
            if isinstance(item, ParsedFile) and kept + len(item.source.text) <= KEEP_PARSED_CHARS:
                parsed[item.source.path] = item  # checked without parsing it again
                kept += len(item.source.text)
            loaded.append(item.summary if isinstance(item, ParsedFile) else item)
    fresh = dict(zip(todo, loaded))
    if cache:
        cache.store_summaries(fresh)
    for path in files_to_read:
        item = cached[path] if path in cached else fresh[path]
        if isinstance(item, FileError):
            result.errors.append(item)
        else:
            summaries.append(item)
    if options.follow_libraries:
        load = functools.partial(cache.library_summary, load=_library_summary) if cache else _library_summary
        index, traced, library = follow_libraries(summaries, load, lambda ix: traced_regions(ix, options.scope))
    else:
        index, library = ProjectIndex(summaries), []
        traced = traced_regions(index, options.scope)
    config = project_config(summaries)
    traced_by_file: dict[str, dict[str, TracedFunction]] = {}
    for (path, key), t in traced.items():
        traced_by_file.setdefault(path, {})[key] = t
    result.files_checked = len(summaries) + len(unread)
    todo = [s.path for s in summaries + library if s.path in traced_by_file]
    run = _CheckRun(parsed, files, index, traced_by_file, options, config, jobs if parallel else 1,
                    cache=cache.checks(summaries + library, options, config) if cache else None)
    checks = run.check(todo, {})
    # second round: files whose functions other files call with tensors, re-checked with those kinds,
    # and files that call, in a loop, a function that other files show to break on every call
    seeds = cross_file_seeds([c.calls_elsewhere for c in checks.values()])
    run.breaking = breaking_across_files(list(checks.values()), index)
    learnt = {p for p, c in checks.items() if (c.breaks.skip_callees & run.breaking) - c.breaks.breaking}
    reseeded = {p for p in seeds if p in checks and _changed_by_round_two(checks[p], seeds[p], run.breaking)}
    checks.update(run.check([p for p in todo if p in reseeded or p in learnt], seeds))
    if index.library:
        # third round: the project's calls to library functions that break on every call (known now that the
        # library files are checked with the kinds the project passes them) become GL616 findings at the call
        run.breaking = breaking_across_files(list(checks.values()), index)
        index.library_breaks = library_breaks(checks, run.breaking, index)
        calling = {p for p, c in checks.items() if p not in index.library and c.callees & index.library_breaks.keys()}
        checks.update(run.check([p for p in todo if p in calling], seeds))
    facts = [fact for check in checks.values() for fact in check.frames]
    never_traced = skipped_frames(facts, index)
    hidden = {(fact.fid[0], *key) for fact in facts if fact.fid in never_traced for key in fact.findings
              if key[2] != FRAME_START_CODE}
    not_linted = {display_path(f) for f in not_array_code}
    for path, check in checks.items():
        if path in not_linted or path in index.library:
            continue
        check.findings = [f for f in check.findings if (f.path, f.line, f.column, f.code) not in hidden]
        result.findings.extend(check.findings)
        result.suppressed += check.suppressed
        if check.error:
            result.errors.append(check.error)
    result.findings.sort(key=Finding.sort_key)
    return result


@dataclass
class _CheckRun:
    """The rules phase over a set of files, in this process or in a pool."""
    parsed: dict[str, ParsedFile]
    files: list[str]
    index: ProjectIndex
    traced_by_file: dict[str, dict[str, TracedFunction]]
    options: LintOptions
    config: ProjectConfig
    jobs: int
    breaking: frozenset[FuncId] = frozenset()  # known after the first round
    cache: "CheckCache | None" = None

    def check(self, paths: list[str], seeds: dict[str, dict[str, dict[str, str]]]) -> dict[str, FileCheck]:
        if not paths:
            return {}
        keys = {p: self.cache.key(p, self.traced_by_file.get(p, {}), seeds.get(p), self.breaking)
                for p in paths} if self.cache else {}
        done = self.cache.get_many(keys) if self.cache else {}
        todo = [p for p in paths if p not in done]
        fresh = self._check(todo, seeds)
        if self.cache:
            self.cache.put_many({keys[p]: check for p, check in fresh.items()})
        return {p: done[p] if p in done else fresh[p] for p in paths}

    def _check(self, paths: list[str], seeds: dict[str, dict[str, dict[str, str]]]) -> dict[str, FileCheck]:
        if not paths:
            return {}
        by_shown = {display_path(f): f for f in self.files}
        if self.jobs == 1 or len(paths) <= PARALLEL_THRESHOLD:
            return {p: self._check_one(p, by_shown, seeds) for p in paths}
        _WORKER_STATE["args"] = (self.index, self.traced_by_file, self.options, self.config, seeds, self.breaking)
        try:
            with _pool(self.jobs) as pool:
                return dict(pool.map(_check_worker, [by_shown.get(p, p) for p in paths],
                                     chunksize=max(1, len(paths) // (self.jobs * 8))))
        finally:
            _WORKER_STATE.clear()

    def _check_one(self, path: str, by_shown: dict[str, str], seeds) -> FileCheck:
        parsed = self.parsed.get(path)
        if parsed is None:  # summarised in a worker or served from the cache: parse it here
            parsed = _load(by_shown.get(path, path), self.index.files)
            if isinstance(parsed, FileError):
                return FileCheck(error=parsed)
        return _safe_check(parsed, self.traced_by_file.get(path, {}), self.index, self.options, self.config,
                           seeds.get(path), self.breaking)


def _changed_by_round_two(check: FileCheck, seeds: dict[str, dict[str, str]], breaking: frozenset[FuncId]) -> bool:
    """Would checking the file again with other files' argument kinds (seeds) and the functions known to break
    everywhere give anything new? Only if a seed gives a parameter a kind it did not have (the file's walks are
    the same from the same start: the functions are walked in the same order, each seeded from its own
    parameters and what the walks before it saw), or a call reaches a function newly known to break. Most of
    transformers' seeded files change neither (their parameters are annotated), and a check is a parse and a
    walk of every traced function again."""
    if check.callees & (breaking - check.breaks.breaking):
        return True
    return any(name in check.unseeded.get(key, {}) and kind != check.unseeded[key][name]
               for key, params in seeds.items() for name, kind in params.items())


def project_config(summaries: list[FileSummary]) -> ProjectConfig:
    """Dynamo settings seen in the linted files, plus TORCHDYNAMO_* environment variables."""
    config = from_environment()
    by_package: dict[str, DynamoConfig] = {}
    for summary in summaries:
        config = config.merged(summary.dynamo_config)
        if summary.package_dynamo_config != DynamoConfig():
            package = summary.module.partition(".")[0]
            by_package[package] = by_package.get(package, DynamoConfig()).merged(summary.package_dynamo_config)
    return ProjectConfig(config, tuple(sorted(by_package.items())))


def _collect(loaded, result: LintResult, parsed: dict, summaries: list) -> None:
    if isinstance(loaded, FileError):
        result.errors.append(loaded)
    else:
        parsed[loaded.source.path] = loaded
        summaries.append(loaded.summary)
