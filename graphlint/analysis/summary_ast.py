"""The per-file summary (`summary.FileSummary`) built from CPython's `ast` instead of libcst.

A cold run summarises every file, but checks only the few that hold traced functions. libcst's parser costs about
four times CPython's, so the summary phase reads files with `ast`; the rules phase parses with libcst only the files
it checks. The summary must be *equal* (`==`, field by field) to what `summary.build_summary` gives for the same file:
the project phase, the cache and every check read it. `tests/test_summary_ast.py` and `bench/speed/summary_equality.py`
compare the two builders on the fixtures and on large corpora.

This module mirrors `summary.SummaryBuilder` method by method (same names, same order), with ast nodes. Where the
trees differ, the port follows libcst:

- Visiting order is libcst's: a `def`'s decorators, parameters (each one's annotation, then its default) and return
  annotation are visited *inside* the function (after `visit_FunctionDef`), `a if c else b` visits `a` first, a
  call's arguments and a dict's items come in source order (`_ordered_children`).
- libcst's `True`, `False` and `None` are `Name`s: `_name` and `dotted` read those constants as names.
- libcst keeps source text where ast evaluates: a string literal's `.value` is its token text, an f-string's first
  part is raw text, an annotation's code keeps its parentheses, comments and line breaks (less the block's
  indentation, as libcst renders it). `_Source` reads those texts from the file.
- Statement lines (`x; y` is one libcst `SimpleStatementLine`), a body on the `def` line (a `SimpleStatementSuite`),
  and the comments after a `def` line (signature type comments) are read from the text around the nodes.

`build_summary_ast` returns None, and the caller parses the file with libcst as before, when ast cannot parse the
file (libcst then gives the error it always gave), and for the constructs listed at `_Fallback`.
"""

from __future__ import annotations

import ast
import bisect
import re
import sys
import warnings
from collections import ChainMap

from graphlint.analysis.compiling import call_under_compile
from graphlint.analysis.dynamo_config import BOOL_FLAGS, SET_FLAGS, ConfigCollector
from graphlint.analysis.extensions import DYNAMO_SKIPPED_LIBRARIES
from graphlint.analysis.names import LOGGER_ATTRS, ImportTable, is_logger_factory
from graphlint.analysis.summary import (_HOLDS_MORE, _SELF_RETURNING, _STATE_REGISTRARS,
                                        ARRAY_MODULES, built_by, COMPILE_FUNCS, CUSTOM_OP_FUNCS, DATALOADER_CLASSES,
                                        DISABLE_FUNCS, DRIVER_CALLS, DRIVER_METHODS, HOOK_REGISTRARS, LOADER_NAME,
                                        CallRef, ClassInfo, CompileSite, FileSummary, FunctionInfo,
                                        SummaryBuilder, eager_name_reason)
from graphlint.analysis.type_comments import _SIGNATURE_COMMENT
from graphlint.files import module_name_for, source_lines

# Deeper than this (nested statements and expressions), the file is left to libcst, which reports what it always
# did (its summary, or "code nested too deeply to parse"); the recursive walk here stays far from the recursion limit.
MAX_DEPTH = 1000


class _Fallback(Exception):
    """A construct this module leaves to libcst (the file is summarised by `summary.build_summary` instead):

    - a class whose `*bases` follow a keyword (`class C(metaclass=M, *bases)`): CPython accepts it, libcst does not
      parse the file, and the file must keep failing the same way;
    - a byte string where libcst's code calls a str method on its value (`importlib.import_module(b"torch")`,
      `b"x{}".format(s)` as a buffer name): libcst's path raises there, and the file's error must stay the same;
    - text libcst renders in ways not reproduced here: a multi-line annotation holding a triple-quoted string or a
      backslash, comments or a backslash where a `def` line continues in unusual ways;
    - nesting deeper than MAX_DEPTH.
    """


# ---------------------------------------------------------------- names (names.py and summary.py helpers, for ast)

_KEYWORD_NAMES = {True: "True", False: "False", None: "None"}


def _name(node: ast.AST | None) -> str | None:
    """What libcst's `Name.value` would be: an identifier, or the keyword constants `True`, `False`, `None` (libcst
    parses those as names)."""
    kind = type(node)
    if kind is ast.Name:
        return node.id
    if kind is ast.Constant:
        value = node.value
        if value is None or value is True or value is False:
            return _KEYWORD_NAMES[value]
    return None


def dotted(node: ast.AST | None) -> str | None:
    """`a.b.c` → 'a.b.c' for Name/Attribute chains, else None (`names.dotted`)."""
    parts: list[str] = []
    while type(node) is ast.Attribute:
        parts.append(node.attr)
        node = node.value
    head = _name(node)
    if head is None:
        return None
    parts.append(head)
    return ".".join(reversed(parts))


class AstImportTable(ImportTable):
    """`names.ImportTable`, fed with ast import statements and resolving ast nodes."""

    dotted = staticmethod(dotted)  # this module's `dotted`, over ast nodes

    def add_import_ast(self, node: ast.Import) -> None:
        for alias in node.names:
            self.bind_import(alias.name, alias.asname)

    def add_import_from_ast(self, node: ast.ImportFrom) -> None:
        if len(node.names) == 1 and node.names[0].name == "*":
            self.bind_import_from(node.module or "", node.level, None)
            return
        self.bind_import_from(node.module or "", node.level, [(alias.name, alias.asname) for alias in node.names])


# ---------------------------------------------------------------- source text

_NEWLINE = re.compile(r"\r\n?|\n")
_STRING_PREFIX = re.compile(r"(?i:rb|br|fr|rf|r|u|b|f)?")


class _Source:
    """The file's text, and the pieces of it libcst keeps as text (offsets are str indices)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._lines: list[str] | None = None
        self._starts: list[int] | None = None

    def _split(self) -> None:
        lines = source_lines(self.text, keepends=True)  # split as CPython numbers lines: \n, \r\n, \r
        starts, at = [], 0
        for line in lines:
            starts.append(at)
            at += len(line)
        starts.append(at)
        self._lines, self._starts = lines, starts

    def line(self, number: int) -> str:
        """Line `number` (1-based), without its line break."""
        if self._lines is None:
            self._split()
        return self._lines[number - 1].rstrip("\r\n") if 0 < number <= len(self._lines) else ""

    def offset(self, line: int, byte_column: int) -> int:
        """ast positions count UTF-8 bytes within a line."""
        if self._lines is None:
            self._split()
        if line > len(self._lines):
            return len(self.text)
        text = self._lines[line - 1]
        column = byte_column if text.isascii() else len(text.encode("utf-8")[:byte_column].decode("utf-8", "replace"))
        return self._starts[line - 1] + column

    def line_of(self, offset: int) -> int:
        """The 1-based line holding `offset`."""
        if self._lines is None:
            self._split()
        return bisect.bisect_right(self._starts, offset, 0, len(self._lines))

    def start(self, node: ast.AST) -> int:
        return self.offset(node.lineno, node.col_offset)

    def end(self, node: ast.AST) -> int:
        return self.offset(node.end_lineno, node.end_col_offset)

    def segment(self, node: ast.AST) -> str:
        return self.text[self.start(node):self.end(node)]

    def skip_space(self, at: int, stop: int | None = None) -> int:
        """The offset of the next character that is not whitespace, a comment or a backslash-newline (the text
        between two tokens, where no string can be)."""
        text, stop = self.text, len(self.text) if stop is None else stop
        while at < stop:
            char = text[at]
            if char in " \t\f\r\n\\":
                at += 1
            elif char == "#":
                at = _line_end(text, at)
            else:
                break
        return at

    def code_between(self, start: int, stop: int) -> str:
        """The text between two nodes with its comments blanked out (no string lies there)."""
        piece = self.text[start:stop]
        if "#" not in piece:
            return piece
        return re.sub(r"#[^\r\n]*", lambda m: " " * len(m.group(0)), piece)

    def single_string(self, node: ast.Constant) -> bool:
        """Is this string constant one token (libcst's SimpleString), not an implicit concatenation
        (ConcatenatedString)?"""
        piece = self.segment(node)
        return _string_token_end(piece, 0) == len(piece)

    def string_token(self, node: ast.Constant) -> str:
        return self.segment(node)


def _line_end(text: str, at: int) -> int:
    ends = [i for i in (text.find("\n", at), text.find("\r", at)) if i >= 0]
    return min(ends) if ends else len(text)


def _string_token_end(text: str, at: int) -> int:
    """Where the string literal starting at `at` (prefix included) ends; -1 if none starts there."""
    at = _STRING_PREFIX.match(text, at).end()
    if at >= len(text) or text[at] not in "'\"":
        return -1
    quote = text[at:at + 3] if text[at:at + 3] in ('"""', "'''") else text[at]
    i = at + len(quote)
    while i < len(text):
        if text[i] == "\\":
            i += 2
        elif text.startswith(quote, i):
            return i + len(quote)
        else:
            i += 1
    return -1


def _fstring_first_text(piece: str) -> str:
    """The raw text an f-string token starts with, up to its first replacement field (libcst's first
    FormattedStringText: escapes and `{{` kept as written)."""
    at = _STRING_PREFIX.match(piece).end()
    quote = piece[at:at + 3] if piece[at:at + 3] in ('"""', "'''") else piece[at]
    body = piece[at + len(quote):len(piece) - len(quote)]
    i = 0
    while i < len(body):
        if body[i] == "{":
            if body[i + 1:i + 2] == "{":
                i += 2
                continue
            break
        i += 1
    return body[:i]


# ---------------------------------------------------------------- statements and calls as libcst sees them

def _call_args(call: ast.Call) -> list[tuple[str | None, str, ast.expr]]:
    """libcst's `Call.args` as (keyword, star, value), in source order (ast keeps positional and keyword arguments
    apart; only a `*args` may follow a keyword)."""
    args = [(None, "*", a.value) if type(a) is ast.Starred else (None, "", a) for a in call.args]
    if not call.keywords:
        return args
    keywords = [(k.arg, "" if k.arg is not None else "**", k.value) for k in call.keywords]
    if any(star == "*" for _, star, _ in args):
        nodes = [*call.args, *call.keywords]
        merged = sorted(zip(nodes, [*args, *keywords]), key=lambda pair: (pair[0].lineno, pair[0].col_offset))
        return [arg for _, arg in merged]
    return args + keywords


def _first_value(call: ast.Call) -> ast.expr | None:
    """`node.args[0].value` in libcst (None where the call has no arguments)."""
    args = _call_args(call)
    return args[0][2] if args else None


def _elements(node: ast.AST) -> list[ast.expr]:
    """libcst's `element.value` for each element of a Tuple / List / Set (a `*x` element gives `x`)."""
    return [e.value if type(e) is ast.Starred else e for e in node.elts]


def _is_simple_string(node: ast.AST, source: _Source) -> bool:
    return (type(node) is ast.Constant and type(node.value) in (str, bytes)) and source.single_string(node)


def _string_value(node: ast.Constant):
    """A SimpleString's `evaluated_value` where libcst's code then calls a str method on it."""
    if type(node.value) is bytes:
        raise _Fallback("a byte string where libcst's path raises")
    return node.value


def _literal_text(node: ast.AST, source: _Source) -> str:
    """libcst's `.value` of a Name, Integer, Float or SimpleString: the identifier, or the token as written."""
    name = _name(node)
    return name if name is not None else source.string_token(node)


def _is_literal(node: ast.AST, source: _Source) -> bool:
    """`True`, `None`, `0`, `-1.5`, `"name"`: a constant, never a tensor (`summary._is_literal`)."""
    if type(node) is ast.UnaryOp and type(node.op) is ast.USub:
        node = node.operand
    return _literal_token(node, source)


def _literal_token(node: ast.AST, source: _Source) -> bool:
    """A libcst Name True/False/None, Integer, Float or SimpleString."""
    if type(node) is not ast.Constant:
        return False
    value = node.value
    if value is None or value is True or value is False or type(value) in (int, float):
        return True
    return type(value) in (str, bytes) and source.single_string(node)


def _slice_elements(node: ast.Subscript, source: _Source) -> list[ast.AST]:
    """libcst's `Subscript.slice` (one SubscriptElement per comma-separated part), as ast expressions; a `*x` part
    gives `x`."""
    value = node.slice
    if type(value) is ast.Tuple and not _parenthesized_tuple(value, source):
        return _elements(value)
    return [value.value if type(value) is ast.Starred else value]


def _parenthesized_tuple(node: ast.Tuple, source: _Source) -> bool:
    """`X[(a, b)]` (one element, a tuple) rather than `X[a, b]`: the parentheses before the first element outnumber
    those that close after it."""
    if not node.elts:
        return True
    first = node.elts[0]
    opens = source.code_between(source.start(node), source.start(first)).count("(")
    at, closes = source.end(first), 0
    while True:
        at = source.skip_space(at)
        if at < len(source.text) and source.text[at] == ")":
            closes, at = closes + 1, at + 1
        else:
            return opens > closes


def value_under_compile(test: ast.AST, imports: AstImportTable) -> bool | None:
    """`compiling.value_under_compile` (`a and b and c` is one BoolOp here, a chain of two-sided ones in libcst:
    the three-valued and/or give the same over the chain)."""
    kind = type(test)
    if kind is ast.UnaryOp and type(test.op) is ast.Not:
        inner = value_under_compile(test.operand, imports)
        return None if inner is None else not inner
    if kind is ast.BoolOp:
        values = [value_under_compile(v, imports) for v in test.values]
        if type(test.op) is ast.And:
            return False if False in values else (True if all(v is True for v in values) else None)
        return True if True in values else (False if all(v is False for v in values) else None)
    if kind is ast.Call and not test.args and not test.keywords:
        return call_under_compile(imports.resolve(test.func) or "", _name(test.func) or "")
    return None


def _truthy(node: ast.AST) -> bool | None:
    """`dynamo_config._truthy`: `True`/`False`, or an integer literal."""
    if type(node) is ast.Constant:
        value = node.value
        if value is True or value is False:
            return value
        if type(value) is int:
            return value != 0
    return None


def is_fullgraph(call: ast.Call) -> bool:
    return any(k.arg == "fullgraph" and _truthy(k.value) is True for k in call.keywords)


class AstConfigCollector(ConfigCollector):
    """`dynamo_config.ConfigCollector` for ast nodes (its `_flag` and `_set` work unchanged on the ast import
    table)."""

    def _names_in(self, node: ast.AST) -> set[str]:
        elements = _elements(node) if type(node) in (ast.Set, ast.List, ast.Tuple) else [node]
        out = set()
        for e in elements:
            name = self.imports.resolve(e) or _name(e)
            if name:
                out.add(name)
        return out

    def visit_Assign(self, node: ast.Assign) -> None:  # type: ignore[override]
        for target in node.targets:
            flag = self._flag(target)
            if flag in BOOL_FLAGS:
                self._set(flag, _truthy(node.value), node)
            elif flag in SET_FLAGS:
                self._set(flag, self._names_in(node.value), node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:  # type: ignore[override]
        flag = self._flag(node.target)
        if flag in SET_FLAGS:
            self._set(flag, self._names_in(node.value), node)

    def visit_Call(self, node: ast.Call) -> None:  # type: ignore[override]
        func = node.func
        if type(func) is ast.Attribute and func.attr in ("add", "update"):
            first = _first_value(node)
            if first is not None:
                flag = self._flag(func.value)
                if flag in SET_FLAGS:
                    self._set(flag, self._names_in(first), node)


# ---------------------------------------------------------------- summary.py's helpers, for ast

_DEFS = (ast.FunctionDef, ast.AsyncFunctionDef)
_FENCES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)


def literal_prefix(node: ast.AST, source: _Source) -> str:
    """`summary.literal_prefix`: the constant start of `f"indices_{s}"` / `"indices_{}".format(s)`."""
    if type(node) is ast.JoinedStr:
        piece = source.segment(node)
        if _string_token_end(piece, 0) != len(piece):
            if sys.version_info >= (3, 12):  # or quotes nested in a replacement field (PEP 701): not told apart here
                raise _Fallback("an f-string that is not one token")
            return ""  # an implicit concatenation: a ConcatenatedString in libcst
        return _fstring_first_text(piece)
    if (type(node) is ast.Call and type(node.func) is ast.Attribute and node.func.attr == "format"
            and _is_simple_string(node.func.value, source)):
        return _string_value(node.func.value).split("{", 1)[0]
    return ""


def _state_default(node: ast.Call) -> ast.AST | None:
    for i, (keyword, _, value) in enumerate(_call_args(node)):
        if (keyword is None and i == 1) or keyword == "default":
            return value
    return None


def parameters(fn: ast.FunctionDef) -> list[tuple[ast.arg, ast.expr | None]]:
    """`syntax.parameters`: the named parameters in order (positional-only, plain, keyword-only), each with its
    default."""
    args = fn.args
    positional = [*args.posonlyargs, *args.args]
    defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
    return [*zip(positional, defaults), *zip(args.kwonlyargs, args.kw_defaults)]


def call_ref(call: ast.Call, imports: AstImportTable, loop_vars: dict[str, str], local_ctors=None,
             bound_methods: dict[str, str] | None = None, annotated: set[str] | None = None) -> CallRef | None:
    """`summary.call_ref`."""
    func = call.func
    local_ctors = local_ctors or {}
    instance = "annotated_method" if annotated and _base_name(func) in annotated else "instance_method"
    name = _name(func)
    if name is not None:
        if name in loop_vars:
            return CallRef("iter_attr", loop_vars[name])
        if bound_methods and name in bound_methods:
            return CallRef("instance_method", bound_methods[name])
        if name in local_ctors:
            return CallRef(instance, f"{local_ctors[name]}|__call__")
        q = imports.names.get(name)
        return CallRef("qualified", q) if q else CallRef("name", name)
    if type(func) is ast.Attribute:
        base = func.value
        base_name = _name(base)
        if base_name == "self":
            return CallRef("self_method", func.attr)
        if type(base) is ast.Call and _name(base.func) == "super":
            return CallRef("super", func.attr)
        if type(base) is ast.Attribute and _name(base.value) == "self":
            return CallRef("attr_method", f"{base.attr}|{func.attr}")
        if base_name is not None and base_name in local_ctors:
            return CallRef(instance, f"{local_ctors[base_name]}|{func.attr}")
        if base_name is not None and func.attr == "apply":
            return CallRef("autograd_apply", imports.names.get(base_name, base_name))
        q = imports.resolve(func)
        if q:
            return CallRef("qualified", q)
    return None


def _imports_torch_dynamically(call: ast.Call, imports: AstImportTable, source: _Source) -> bool:
    if (imports.resolve(call.func) or dotted(call.func)) not in ("importlib.import_module", "__import__"):
        return False
    name = _first_value(call)
    if name is None:
        return False
    return _is_simple_string(name, source) and _string_value(name).split(".")[0] == "torch"


def _module_value(value: ast.AST, imports: AstImportTable, source: _Source) -> str | None:
    if type(value) is ast.Call:
        if not _imports_torch_dynamically(value, imports, source):
            return None
        return _first_value(value).value
    name = imports.resolve(value) if type(value) in (ast.Name, ast.Attribute) or _name(value) else None
    return name if name in ARRAY_MODULES else None


def _base_name(func: ast.AST) -> str | None:
    if type(func) is ast.Attribute:
        func = func.value
    return _name(func)


def _annotated_class(annotation: ast.AST, source: _Source) -> ast.AST | None:
    if type(annotation) is ast.BinOp and type(annotation.op) is ast.BitOr:
        sides = [a for a in (annotation.left, annotation.right) if _name(a) != "None"]
        return _annotated_class(sides[0], source) if len(sides) == 1 else None
    if type(annotation) is ast.Subscript and dotted(annotation.value) in ("Optional", "typing.Optional"):
        parts = _slice_elements(annotation, source)
        if len(parts) == 1 and type(parts[0]) is not ast.Slice:
            return _annotated_class(parts[0], source)
    return annotation if dotted(annotation) is not None else None


def _names_tensor(annotation: ast.AST, source: _Source) -> bool:
    if type(annotation) is ast.Subscript and dotted(annotation.value) in ("Optional", "typing.Optional"):
        parts = _slice_elements(annotation, source)
        inner = parts[0] if len(parts) == 1 else None
        return inner is not None and type(inner) is not ast.Slice and _names_tensor(inner, source)
    if type(annotation) is ast.BinOp and type(annotation.op) is ast.BitOr:
        return _names_tensor(annotation.left, source) or _names_tensor(annotation.right, source)
    return (dotted(annotation) or "").rsplit(".", 1)[-1] == "Tensor"


def unwrap_constructor(expr: ast.AST) -> ast.AST:
    while (type(expr) is ast.Call and type(expr.func) is ast.Attribute and expr.func.attr in _SELF_RETURNING
           and type(expr.func.value) is ast.Call):
        expr = expr.func.value
    return expr


def looks_like_loader(expr: ast.AST, resolve) -> bool:
    if type(expr) is ast.Call:
        return resolve(expr.func) in DATALOADER_CLASSES
    name = dotted(expr)
    return name is not None and LOADER_NAME.search(name.rsplit(".", 1)[-1]) is not None


def _property_accessor(node: ast.FunctionDef) -> str | None:
    for d in node.decorator_list:
        if type(d) is ast.Attribute and d.attr in ("setter", "deleter") and _name(d.value) == node.name:
            return d.attr
    return None


def function_key(node: ast.FunctionDef, enclosing: list[str], in_function: bool) -> str:
    key = f"{enclosing[-1]}.<locals>.{node.name}" if in_function else ".".join(enclosing + [node.name])
    accessor = _property_accessor(node)
    return f"{key}.<{accessor}>" if accessor else key


def _returns_in(body: list[ast.stmt]):
    """The `return`s of a body, outside nested definitions (`syntax.nodes_of(body, Return)`)."""
    stack = list(reversed(body))
    while stack:
        node = stack.pop()
        if type(node) is ast.Return:
            yield node
        if isinstance(node, _FENCES):
            continue
        stack.extend(reversed(list(ast.iter_child_nodes(node))))


def returned_parameters(fn: ast.FunctionDef) -> frozenset[str] | None:
    """`syntax.returned_parameters`."""
    params = {arg.arg for arg, _ in parameters(fn)}
    returned: set[str] = set()

    def collect(value: ast.AST | None) -> bool:
        if value is None or _name(value) == "None":
            return True
        if type(value) is ast.IfExp:
            return collect(value.body) and collect(value.orelse)
        if type(value) is ast.Name and value.id in params:
            returned.add(value.id)
            return True
        return False

    ok = all(collect(r.value) for r in _returns_in(fn.body))
    return frozenset(returned) if ok and returned else None


# ---------------------------------------------------------------- what libcst reads from around a `def`

class _Header:
    """Where a `def` line ends, as libcst sees the function's body: an IndentedBlock (the body on lines of its own)
    or a SimpleStatementSuite (`def f(): return 1`), and the comments it reads for a signature type comment (the
    one after the colon, then those on the lines before the first statement)."""

    def __init__(self, fn: ast.FunctionDef, source: _Source) -> None:
        first = fn.body[0]
        first_line = _first_line(first, source)
        after_signature = max([source.start(fn)] + [source.end(n) for n in _signature_nodes(fn)]
                              + ([source.end(fn.returns)] if fn.returns is not None else []))
        body_start = source.offset(first_line, 0) if first_line != first.lineno else source.start(first)
        body_start = max(body_start, after_signature)
        code = source.code_between(after_signature, body_start)
        colon = code.rfind(":")
        if colon < 0:
            raise _Fallback("no colon found after a def's signature")
        colon += after_signature
        rest = source.text[colon + 1:body_start].lstrip(" \t\f")
        if rest.startswith("\\"):
            raise _Fallback("a backslash after a def's colon")
        self.indented = rest[:1] in ("\n", "\r", "#")
        self.comments: list[str] = []
        if not self.indented:
            return
        # the comment on the colon's line, then the comment-only lines before the first statement
        colon_line = source.line_of(colon)
        after = source.line(colon_line)[colon + 1 - source.offset(colon_line, 0):]
        if "#" in after:
            self.comments.append(after[after.index("#"):])
        for number in range(colon_line + 1, first_line):
            line = source.line(number).lstrip(" \t\f")
            if line.startswith("#"):
                self.comments.append(line)
            elif line.strip():
                raise _Fallback("a line between a def's colon and its first statement that is not a comment")


def _first_line(stmt: ast.stmt, source: _Source) -> int:
    """The line a statement starts on: its first decorator's `@` for a decorated definition."""
    decorators = getattr(stmt, "decorator_list", None)
    if not decorators:
        return stmt.lineno
    line = decorators[0].lineno
    if not source.line(line).lstrip(" \t\f").startswith("@"):
        raise _Fallback("a decorator whose expression does not start on the `@` line")
    return line


def _statement_lines(body: list[ast.stmt], source: _Source) -> list[list[ast.stmt]]:
    """A body's statements grouped as libcst groups them: `x = 1; y = 2` is one SimpleStatementLine."""
    lines: list[list[ast.stmt]] = []
    previous = None
    for stmt in body:
        if previous is not None and ";" in source.code_between(source.end(previous), source.start(stmt)):
            lines[-1].append(stmt)
        else:
            lines.append([stmt])
        previous = stmt
    return lines


def only_raises(node: ast.FunctionDef, source: _Source) -> bool:
    """`summary.only_raises`: the body is one line of `raise` statements, after a docstring line if any. A body on
    the `def` line is a SimpleStatementSuite in libcst, which it never counts."""
    body = node.body
    docstring = (type(body[0]) is ast.Expr and type(body[0].value) is ast.Constant
                 and type(body[0].value.value) is str)
    if not all(type(s) is ast.Raise for s in body[1 if docstring else 0:]):
        return False  # a quick no for almost every function: the body holds a statement other than `raise`
    if not _Header(node, source).indented:
        return False
    lines = _statement_lines(body, source)
    if docstring:
        lines = lines[1:]
    return len(lines) == 1 and all(type(s) is ast.Raise for s in lines[0])


def written_return(fn: ast.FunctionDef, source: _Source, indent: str) -> str | None:
    """`type_comments.written_return`: the return annotation's source text as libcst renders it, else the type a
    signature comment declares."""
    if fn.returns is not None:
        arrow_from = max([source.start(fn)] + [source.end(a) for a in _signature_nodes(fn)])
        code = source.code_between(arrow_from, source.start(fn.returns))
        arrow = code.find("->")
        if arrow < 0:
            raise _Fallback("no arrow before a return annotation")
        return _annotation_text(fn.returns, arrow_from + arrow + 2, source, indent)
    if not _TYPE_COMMENT.search(source.text, source.start(fn), source.start(fn.body[0])):
        return None  # no comment that could be a signature type comment: the header need not be read
    header = _Header(fn, source)
    for comment in header.comments:
        match = _SIGNATURE_COMMENT.match(comment)
        if match:
            return match.group("returns") or None
    return None


_TYPE_COMMENT = re.compile(r"#\s*type:")


def _signature_nodes(fn: ast.FunctionDef) -> list[ast.AST]:
    args = fn.args
    nodes: list[ast.AST] = [a for a in (*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs, args.kwarg)
                            if a is not None]
    return nodes + [d for d in (*args.defaults, *args.kw_defaults) if d is not None]


def _annotation_text(node: ast.AST, region: int, source: _Source, indent: str, exact: bool = True) -> str:
    """`cst.Module([]).code_for_node(annotation)`: the node's text with the parentheses libcst keeps in it (those
    opened between `region`, just after `->` or `:`, and the node), continuation lines without the block's
    indentation (libcst's ParenthesizedWhitespace holds only what follows it), line breaks as libcst writes them."""
    start, end = source.start(node), source.end(node)
    opens = [region + i for i, char in enumerate(source.code_between(region, start)) if char == "("]
    if opens:
        start = opens[0]
        for _ in opens:
            end = source.skip_space(end)
            if source.text[end:end + 1] != ")":
                raise _Fallback("unbalanced parentheses around an annotation")
            end += 1
    text = source.text[start:end]
    if not exact or ("\n" not in text and "\r" not in text):
        return text
    if '"""' in text or "'''" in text or "\\" in text:
        raise _Fallback("a multi-line annotation with a long string or a backslash")
    lines = _NEWLINE.split(text)
    breaks = _NEWLINE.findall(text)
    if indent:
        lines = [lines[0]] + [line[len(indent):] if line.startswith(indent) else line for line in lines[1:]]
    default = _default_newline(source.text)
    out = [lines[0]]
    for newline, line in zip(breaks, lines[1:]):
        out.append("\n" if newline == default else newline)
        out.append(line)
    return "".join(out)


def _default_newline(text: str) -> str:
    """libcst's module default newline: the first one in the file (a Newline equal to it renders as "\\n" in
    `cst.Module([])`, any other as itself)."""
    match = _NEWLINE.search(text)
    return match.group(0) if match else "\n"


# ---------------------------------------------------------------- the builder

class AstSummaryBuilder:
    """`summary.SummaryBuilder` over an ast tree: the same records in the same order (see the module docstring)."""

    # eager_reason helpers need no tree: shared with the libcst builder
    _one_step = staticmethod(SummaryBuilder._one_step)
    _closure_step = staticmethod(SummaryBuilder._closure_step)

    def __init__(self, path: str, module: str, is_package: bool, imports: AstImportTable, source: _Source) -> None:
        self.imports = imports
        self.source = source
        self.summary = FileSummary(path, module, {}, False)
        self.config = AstConfigCollector(imports, path, in_function=lambda: bool(self._func_stack))
        self.nodes: dict[str, ast.FunctionDef] = {}
        self.compile_nodes: list[tuple[CompileSite, ast.AST]] = []
        self._func_stack: list[FunctionInfo] = []
        self._scopes: list[ClassInfo | FunctionInfo] = []
        self._key_stack: list[str] = []
        self._ctor_stack: list[dict[str, str]] = [{}]
        self._annotated_stack: list[set[str]] = [set()]
        self._return_parts: dict[str, list[bool] | None] = {}
        self.imports_torch_dynamically = False
        self._bound_stack: list[dict[str, str]] = [{}]
        self._loop_vars: list[dict[str, str]] = [{}]
        self._read_attrs: dict[str, set[str]] = {}
        self._depth = 0
        self._handlers = {
            ast.Import: self.visit_Import, ast.ImportFrom: self.visit_ImportFrom,
            ast.ClassDef: self.visit_ClassDef, ast.FunctionDef: self.visit_FunctionDef,
            ast.AsyncFunctionDef: self.visit_FunctionDef, ast.Lambda: self.visit_Lambda,
            ast.Return: self.visit_Return, ast.Yield: self.visit_Yield, ast.YieldFrom: self.visit_Yield,
            ast.Assign: self.visit_Assign, ast.AugAssign: self.visit_AugAssign, ast.AnnAssign: self.visit_AnnAssign,
            ast.For: self.visit_For, ast.AsyncFor: self.visit_For, ast.If: self.visit_If,
            ast.Attribute: self.visit_Attribute, ast.Call: self.visit_Call,
            ast.Dict: self._visit_Dict, ast.IfExp: self._visit_IfExp, ast.MatchMapping: self._visit_MatchMapping,
        }

    # ---- the walk ----
    def visit(self, node: ast.AST) -> None:
        handler = self._handlers.get(type(node))
        self._depth += 1
        if self._depth > MAX_DEPTH:
            raise _Fallback("nested too deeply")
        if handler is not None:
            handler(node)
        else:
            self._children(node)
        self._depth -= 1

    def _children(self, node: ast.AST) -> None:
        visit = self.visit
        for name in _child_fields(type(node)):
            value = getattr(node, name)
            if type(value) is list:
                for item in value:
                    if isinstance(item, ast.AST):
                        visit(item)
            elif isinstance(value, ast.AST):
                visit(value)

    def _visit_all(self, nodes) -> None:
        for node in nodes:
            if node is not None:
                self.visit(node)

    def _visit_Dict(self, node: ast.Dict) -> None:
        for key, value in zip(node.keys, node.values):
            if key is not None:
                self.visit(key)
            self.visit(value)

    def _visit_IfExp(self, node: ast.IfExp) -> None:
        self.visit(node.body)
        self.visit(node.test)
        self.visit(node.orelse)

    def _visit_MatchMapping(self, node: ast.MatchMapping) -> None:
        for key, pattern in zip(node.keys, node.patterns):
            self.visit(key)
            self.visit(pattern)

    def _visit_arguments(self, args: ast.arguments) -> None:
        """libcst's Parameters: each parameter's annotation, then its default, in source order."""
        positional = [*args.posonlyargs, *args.args]
        defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
        for arg, default in zip(positional, defaults):
            self._visit_all((arg.annotation, default))
        if args.vararg is not None:
            self._visit_all((args.vararg.annotation,))
        for arg, default in zip(args.kwonlyargs, args.kw_defaults):
            self._visit_all((arg.annotation, default))
        if args.kwarg is not None:
            self._visit_all((args.kwarg.annotation,))

    def visit_Lambda(self, node: ast.Lambda) -> None:
        self._visit_arguments(node.args)
        self.visit(node.body)

    # ---- imports ----
    def visit_Import(self, node: ast.Import) -> None:
        self.imports.add_import_ast(node)
        for alias in node.names:
            self._import_name_attributes(alias.name)

    def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
        self.imports.add_import_from_ast(node)
        if node.module:
            self._import_name_attributes(node.module)

    def _import_name_attributes(self, name: str) -> None:
        """libcst spells `import a.b` with an Attribute node, which `visit_Attribute` sees: `import self.x` inside
        a method reads `self.x` as far as it can tell."""
        if name.startswith("self.") and self._func_stack and self._func_stack[-1].class_name:
            self._self_read(name.split(".")[1])

    # ---- classes ----
    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        if node.keywords and any(type(b) is ast.Starred and (b.lineno, b.col_offset) >
                                 (node.keywords[0].lineno, node.keywords[0].col_offset) for b in node.bases):
            raise _Fallback("class bases after a keyword: libcst does not parse them")
        bases = tuple(self.imports.resolve(b) or dotted(b) or "?"
                      for b in (b.value if type(b) is ast.Starred else b for b in node.bases))
        info = ClassInfo(".".join(self._key_stack + [node.name]), bases)
        if not self._func_stack:
            self.summary.classes.setdefault(info.name, info)
        self._scopes.append(info)
        self._key_stack.append(node.name)
        self._visit_all(node.decorator_list)
        self._visit_all(getattr(node, "type_params", ()))  # Python 3.12+
        self._visit_all(node.bases)
        self._visit_all(node.keywords)
        self._visit_all(node.body)
        self._scopes.pop()
        self._key_stack.pop()

    def _indent_of(self, node: ast.stmt) -> str:
        """The leading whitespace of a `def` / `class` line: the block indentation libcst strips from continuation
        lines inside its parentheses."""
        line = self.source.line(node.lineno)
        lead = line[:len(line) - len(line.lstrip(" \t\f"))]
        return lead

    # ---- functions ----
    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        source = self.source
        cls = self._scopes[-1] if self._scopes and isinstance(self._scopes[-1], ClassInfo) else None
        key = function_key(node, self._key_stack, bool(self._func_stack))
        args = node.args
        params = tuple(a.arg for a in (*args.posonlyargs, *args.args))
        info = FunctionInfo(key, cls.name if cls else None, params, kwonly=tuple(a.arg for a in args.kwonlyargs))
        info.eager_reason = eager_name_reason(key, info.class_name)
        info.only_raises = only_raises(node, source)
        info.takes_tensor = any(arg.annotation is not None and _names_tensor(arg.annotation, source)
                                for arg, _ in parameters(node))
        info.returns = written_return(node, source, self._indent_of(node))
        info.is_property = any(dotted(d) in ("property", "functools.cached_property", "cached_property")
                               for d in node.decorator_list)
        for dec in node.decorator_list:
            self._apply_decorator(info, dec)
        if cls is not None:
            cls.methods.add(node.name)
        self.summary.functions[key] = info
        self.nodes[key] = node
        self._func_stack.append(info)
        self._scopes.append(info)
        self._key_stack.append(key)
        annotated = self._annotated_classes(node)
        self._ctor_stack.append(annotated)
        self._annotated_stack.append(set(annotated))
        self._bound_stack.append({})
        self._loop_vars.append({})
        # libcst visits the decorators, parameters and return annotation inside the function
        self._visit_all(node.decorator_list)
        self._visit_all(getattr(node, "type_params", ()))  # Python 3.12+
        self._visit_arguments(args)
        if node.returns is not None:
            self.visit(node.returns)
        self._visit_all(node.body)
        self.leave_FunctionDef(node)

    def _annotated_classes(self, node: ast.FunctionDef) -> dict[str, str]:
        found: dict[str, str] = {}
        for arg, _ in parameters(node):
            name = _annotated_class(arg.annotation, self.source) if arg.annotation is not None else None
            if name is not None:
                found[arg.arg] = self.imports.resolve(name) or dotted(name)
        return found

    # ---- tuple returns ----
    def visit_Return(self, node: ast.Return) -> None:
        self._return(node)
        if node.value is not None:
            self.visit(node.value)

    def _return(self, node: ast.Return) -> None:
        if not self._func_stack:
            return
        key = self._func_stack[-1].key
        parts = self._return_parts.get(key, ())
        if parts is None:
            return
        value = node.value
        if type(value) is not ast.Tuple or any(type(e) is ast.Starred for e in value.elts):
            self._return_parts[key] = None
            return
        flags = [_is_literal(e, self.source) for e in value.elts]
        if parts and len(parts) != len(flags):
            self._return_parts[key] = None
        else:
            self._return_parts[key] = [a and b for a, b in zip(parts, flags)] if parts else flags

    def visit_Yield(self, node: ast.Yield | ast.YieldFrom) -> None:
        if self._func_stack:
            self._return_parts[self._func_stack[-1].key] = None
        if node.value is not None:
            self.visit(node.value)

    def leave_FunctionDef(self, original_node: ast.FunctionDef) -> None:
        info = self._func_stack[-1]
        parts = self._return_parts.pop(info.key, None)
        if parts and any(parts):
            info.literal_parts = tuple(parts)
        if original_node.returns is None and info.class_name is None:
            info.returned_params = returned_parameters(original_node)
        self._func_stack.pop()
        self._scopes.pop()
        self._key_stack.pop()
        self._ctor_stack.pop()
        self._annotated_stack.pop()
        self._bound_stack.pop()
        self._loop_vars.pop()

    def _apply_decorator(self, info: FunctionInfo, dec: ast.AST) -> None:
        callee = dec.func if type(dec) is ast.Call else dec
        name = self.imports.resolve(callee)
        if name in COMPILE_FUNCS:
            info.compile_label = "@" + (dotted(callee) or name) + ("(...)" if type(dec) is ast.Call else "")
            fullgraph = type(dec) is ast.Call and is_fullgraph(dec)
            self.compile_nodes.append((CompileSite(info.compile_label, "function", info.key, fullgraph=fullgraph), dec))
        elif name in DISABLE_FUNCS:
            info.disabled = True
        elif name in CUSTOM_OP_FUNCS:
            info.custom_op = True

    # ---- assignments ----
    def visit_Assign(self, node: ast.Assign) -> None:
        self.config.visit_Assign(node)
        self._visit_all(node.targets)
        self.visit(node.value)
        self.leave_Assign(node)

    def visit_AugAssign(self, node: ast.AugAssign) -> None:
        self.config.visit_AugAssign(node)
        self.visit(node.target)
        self.visit(node.value)

    def leave_Assign(self, node: ast.Assign) -> None:
        value = unwrap_constructor(node.value)
        callee = None
        if type(value) is ast.Call:
            callee = self.imports.resolve(value.func) or dotted(value.func)
        owner = _name(value.value) if type(value) is ast.Attribute else None
        if owner in self._ctor_stack[-1] and len(node.targets) == 1 and _name(node.targets[0]) is not None:
            self._bound_stack[-1][_name(node.targets[0])] = f"{self._ctor_stack[-1][owner]}|{value.attr}"
        for t in node.targets:
            target_name = _name(t)
            if target_name is not None and callee:
                self._ctor_stack[-1][target_name] = callee
                self._annotated_stack[-1].discard(target_name)
                if not self._func_stack:
                    self.summary.module_ctors[target_name] = callee
                    if is_logger_factory(callee):
                        self.summary.loggers.add(target_name)
            elif target_name is not None and not self._func_stack and type(value) is ast.Attribute \
                    and value.attr in LOGGER_ATTRS:
                self.summary.loggers.add(target_name)
            elif type(t) is ast.Attribute and _name(t.value) == "self":
                self._record_self_attr(t.attr, node.value)
            elif target_name is not None and len(node.targets) == 1:
                self._record_field_default(target_name, node.value)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> None:
        t = node.target
        if type(t) is ast.Attribute and _name(t.value) == "self":
            if node.value is not None:
                self._record_self_attr(t.attr, node.value)
            cls = self._enclosing_class()
            annotated = node.annotation
            if cls is not None and (type(annotated) in (ast.Name, ast.Attribute) or _name(annotated) is not None):
                cls.config_attrs[t.attr] = self.imports.resolve(annotated) or dotted(annotated)
        elif _name(t) is not None and node.value is not None:
            self._record_field_default(_name(t), node.value)
        self.visit(node.target)
        self.visit(node.annotation)
        if node.value is not None:
            self.visit(node.value)

    def _record_field_default(self, name: str, value: ast.AST) -> None:
        cls = self._scopes[-1] if self._scopes and isinstance(self._scopes[-1], ClassInfo) else None
        if cls is not None and _literal_token(value, self.source):
            cls.field_defaults[name] = _literal_text(value, self.source)

    def _record_self_attr(self, attr: str, value: ast.AST) -> None:
        cls = self._enclosing_class()
        if cls is None:
            return
        value_name = _name(value)
        if value_name is not None:
            default = "print" if value_name == "print" else self._init_defaults().get(value_name)
            if default is not None:
                cls.init_defaults[attr] = default
        if type(value) is ast.Call:
            library = (self.imports.resolve(value.func) or "").split(".")[0]
            if library in DYNAMO_SKIPPED_LIBRARIES:
                cls.skipped_library_attrs[attr] = library
        module = _module_value(value, self.imports, self.source)
        if module is not None:
            cls.module_aliases[attr] = module
        kind = self._value_class(value)
        if kind == "tensor":
            cls.tensor_attrs.add(attr)
        elif kind == "ndarray":
            cls.ndarray_attrs.add(attr)
        elif kind == "module":
            cls.attr_classes[attr] = called_names(value, lambda f: self.imports.resolve(f) or dotted(f))
            cls.module_attrs.add(attr)

    def _init_defaults(self) -> dict[str, str]:
        if not self._func_stack or not self._func_stack[-1].key.endswith("__init__"):
            return {}
        node = self.nodes.get(self._func_stack[-1].key)
        if node is None:
            return {}
        source, found = self.source, {}
        for arg, default in parameters(node):
            if default is None or not (type(default) is ast.Name or _literal_token(default, source)):
                continue
            if not self._may_hold_more(arg, node):
                found[arg.arg] = _literal_text(default, source)
        return found

    def _may_hold_more(self, arg: ast.arg, fn: ast.FunctionDef) -> bool:
        if arg.annotation is None:
            return False
        source = self.source
        colon = source.code_between(source.start(arg), source.start(arg.annotation)).find(":")
        # only searched for words: the text as written serves (no need to render it as libcst would)
        text = _annotation_text(arg.annotation, source.start(arg) + colon + 1, source, "", exact=False)
        return _HOLDS_MORE.search(text) is not None

    def _value_class(self, expr: ast.AST | None) -> str | None:
        if type(expr) is ast.BinOp:
            sides = (self._value_class(expr.left), self._value_class(expr.right))
            return "tensor" if "tensor" in sides else None
        if type(expr) is not ast.Call:
            return None
        func = expr.func
        name = self.imports.resolve(func)
        if name is None and type(func) is ast.Attribute:
            if func.attr in ("item", "tolist", "size", "dim", "numel", "numpy", "__len__", "data_ptr"):
                return None
            return "tensor" if self._value_class(func.value) == "tensor" else None
        return built_by(name or dotted(func) or "")

    def _record_hook(self, node: ast.Call) -> None:
        func = node.func
        if not (type(func) is ast.Attribute and func.attr in HOOK_REGISTRARS):
            return
        hook = _first_value(node)
        if hook is None:
            return
        hook_name = _name(hook)
        if hook_name is not None:
            q = self.imports.names.get(hook_name)
            self.summary.hooks.append(CallRef("qualified", q) if q else CallRef("name", hook_name))
        elif (type(hook) is ast.Attribute and _name(hook.value) == "self"
              and self._func_stack and self._func_stack[-1].class_name):
            self.summary.hooks.append(CallRef("method", f"{self._func_stack[-1].class_name}.{hook.attr}"))

    def _record_buffer(self, node: ast.Call) -> None:
        func = node.func
        if not (type(func) is ast.Attribute and func.attr in _STATE_REGISTRARS and _name(func.value) == "self"):
            return
        name = _first_value(node)
        if name is None:
            return
        cls = self._enclosing_class()
        if cls is None:
            return
        if func.attr in ("add_state", "_add_state") and self._value_class(_state_default(node)) != "tensor":
            return
        if _is_simple_string(name, self.source):
            cls.tensor_attrs.add(name.value)
        elif func.attr == "register_buffer" and literal_prefix(name, self.source):
            cls.dynamic_buffer_prefixes.add(literal_prefix(name, self.source))

    def _enclosing_class(self) -> ClassInfo | None:
        if self._func_stack and self._func_stack[-1].class_name:
            return self.summary.classes.get(self._func_stack[-1].class_name)
        return None

    # ---- loops over submodule lists ----
    def visit_For(self, node: ast.For) -> None:
        it = node.iter
        if type(it) is ast.Call and _name(it.func) == "enumerate" and _first_value(it) is not None:
            it = _first_value(it)
            target = node.target
            if type(target) is ast.Tuple and len(target.elts) == 2:
                target = _elements(target)[1]
        else:
            target = node.target
        if type(it) is ast.Attribute and _name(it.value) == "self" and _name(target) is not None:
            self._loop_vars[-1][_name(target)] = it.attr
        self._note_loader_loop(it)
        self.visit(node.target)
        self.visit(node.iter)
        self._visit_all(node.body)
        self._visit_all(node.orelse)

    def _note_loader_loop(self, iterable: ast.AST) -> None:
        info = self._func_stack[-1] if self._func_stack else None
        if info is None or info.eager_reason:
            return
        if looks_like_loader(iterable, self.imports.resolve):
            info.eager_reason = "loops over a DataLoader"

    # ---- `if not torch.compiler.is_compiling(): ...` ----
    def visit_If(self, node: ast.If) -> None:
        known = value_under_compile(node.test, self.imports) if self._func_stack else None
        if known is None:
            self.visit(node.test)
            self._visit_all(node.body)
            self._visit_all(node.orelse)
            return
        self._visit_all(node.body if known else node.orelse)

    # ---- `self.prop` reads ----
    def visit_Attribute(self, node: ast.Attribute) -> None:
        if self._func_stack and _name(node.value) == "self" and self._func_stack[-1].class_name:
            self._self_read(node.attr)
        self.visit(node.value)

    def _self_read(self, attr: str) -> None:
        info = self._func_stack[-1]
        seen = self._read_attrs.setdefault(info.key, set())
        if attr not in seen:
            seen.add(attr)
            info.calls.append(CallRef("self_property", attr))

    # ---- calls ----
    def visit_Call(self, node: ast.Call) -> None:
        self.config.visit_Call(node)
        if _imports_torch_dynamically(node, self.imports, self.source):
            self.imports_torch_dynamically = True
        self._maybe_compile_site(node)
        self._record_buffer(node)
        self._record_hook(node)
        if self._func_stack:
            self._note_driver_call(node)
            ctors = ChainMap(self._ctor_stack[-1], self.summary.module_ctors)
            ref = call_ref(node, self.imports, self._loop_vars[-1], ctors, self._bound_stack[-1],
                           self._annotated_stack[-1])
            if ref is not None:
                self._func_stack[-1].calls.append(ref)
            elif type(node.func) is ast.Subscript:
                base = node.func.value
                if type(base) is ast.Attribute and _name(base.value) == "self":
                    self._func_stack[-1].calls.append(CallRef("iter_attr", base.attr))
        self.visit(node.func)
        for _, _, value in _call_args(node):
            self.visit(value)

    def _note_driver_call(self, node: ast.Call) -> None:
        info = self._func_stack[-1]
        if info.eager_reason:
            return
        func = node.func
        name = self.imports.resolve(func)
        if name in DRIVER_CALLS:
            info.eager_reason = f"calls {name}"
        elif (type(func) is ast.Attribute and func.attr in DRIVER_METHODS and name is None
              and info.key.rsplit(".", 1)[-1] != func.attr and not self._closure_step(info)
              and not self._one_step(info)):
            info.eager_reason = f"calls .{func.attr}()"

    def _maybe_compile_site(self, node: ast.Call) -> None:
        func = node.func
        name = self.imports.resolve(func)
        target_expr = None
        label = None
        if name == "torch.compile":
            target_expr = self._first_arg(node, "model")
            label = f"{dotted(func)}({self._short(target_expr)})"
        elif type(func) is ast.Call and self.imports.resolve(func.func) in COMPILE_FUNCS:
            target_expr = self._first_arg(node, None)
            label = f"{dotted(func.func)}(...)({self._short(target_expr)})"
        elif (type(func) is ast.Attribute and func.attr == "compile" and not node.args and not node.keywords
              and _name(func.value) is not None):
            target_expr = func.value
            label = f"{_name(func.value)}.compile()"
            if self._class_of(func.value) is None:
                return
        if target_expr is None or label is None:
            return
        if self._func_stack:
            self._func_stack[-1].eager_reason = "compiles code itself"
        site = self._site_for(target_expr, label)
        if site is not None:
            site.fullgraph = is_fullgraph(node)
            self.compile_nodes.append((site, node))

    @staticmethod
    def _first_arg(node: ast.Call, keyword: str | None) -> ast.AST | None:
        for arg_keyword, star, value in _call_args(node):
            if arg_keyword is None and star == "":
                return value
            if keyword and arg_keyword is not None and arg_keyword == keyword:
                return value
        return None

    @staticmethod
    def _short(expr: ast.AST | None) -> str:
        if expr is None:
            return ""
        text = dotted(expr)
        if text:
            return text
        if type(expr) is ast.Call:
            return f"{dotted(expr.func) or '...'}(...)"
        return "..."

    def _class_of(self, expr: ast.AST) -> str | None:
        expr = unwrap_constructor(expr)
        if type(expr) is ast.Call:
            return self.imports.resolve(expr.func) or dotted(expr.func)
        name = _name(expr)
        if name is not None:
            for scope in reversed(self._ctor_stack):
                if name in scope:
                    return scope[name]
        return None

    def _site_for(self, target: ast.AST, label: str) -> CompileSite | None:
        if type(target) is ast.Attribute and target.attr == "forward":
            cls = self._class_of(target.value)
            return CompileSite(label, "class", cls) if cls else None
        name = _name(target)
        if name is not None:
            for prefix in reversed(self._key_stack):
                key = f"{prefix}.<locals>.{name}"
                if key in self.summary.functions:
                    return CompileSite(label, "function", key)
            if name in self.summary.functions:
                return CompileSite(label, "function", name)
            cls = self._class_of(target)
            if cls:
                return CompileSite(label, "class", cls)
            q = self.imports.names.get(name)
            if q:
                return CompileSite(label, "qualified", q)
            return CompileSite(label, "name", name)
        cls = self._class_of(target)
        if cls:
            return CompileSite(label, "class", cls)
        q = self.imports.resolve(target)
        return CompileSite(label, "qualified", q) if q else None


def called_names(expr: ast.AST, resolve) -> tuple[str, ...]:
    """`summary.called_names`: every callee named in an expression, in libcst's visiting order."""
    found: list[str] = []
    stack = [expr]
    while stack:
        node = stack.pop()
        if type(node) is ast.Call:
            name = resolve(node.func)
            if name:
                found.append(name)
        stack.extend(reversed(_ordered_children(node)))
    return tuple(found)


def _ordered_children(node: ast.AST) -> list[ast.AST]:
    """A node's children in libcst's visiting order (expressions only: `called_names` never meets a `def`)."""
    kind = type(node)
    if kind is ast.Call:
        return [node.func, *(value for _, _, value in _call_args(node))]
    if kind is ast.Dict:
        return [n for key, value in zip(node.keys, node.values) for n in (key, value) if n is not None]
    if kind is ast.IfExp:
        return [node.body, node.test, node.orelse]
    if kind is ast.Lambda:
        args = node.args
        positional = [*args.posonlyargs, *args.args]
        defaults = [None] * (len(positional) - len(args.defaults)) + list(args.defaults)
        return [d for d in (*defaults, *args.kw_defaults) if d is not None] + [node.body]
    out = []
    for name in _child_fields(kind):
        value = getattr(node, name)
        if type(value) is list:
            out.extend(v for v in value if isinstance(v, ast.AST))
        elif isinstance(value, ast.AST):
            out.append(value)
    return out


_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}
_LEAF_FIELDS = frozenset({"ctx", "op", "ops", "type_comment", "kind", "conversion", "is_async", "level", "simple",
                          "id", "arg", "attr", "name", "module", "names", "n", "s", "tag", "kwd_attrs"})


def _child_fields(kind: type) -> tuple[str, ...]:
    fields = _CHILD_FIELDS.get(kind)
    if fields is None:
        fields = _CHILD_FIELDS[kind] = tuple(f for f in kind._fields if f not in _LEAF_FIELDS
                                             and not (kind in (ast.Constant, ast.MatchSingleton) and f == "value"))
    return fields


def build_summary_ast(path: str, text: str) -> FileSummary | None:
    """The file's summary, equal to `summary.build_summary(path, cst.parse_module(text), line_of=...)`; None when
    ast does not parse the file or it holds a construct left to libcst (`_Fallback`)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # invalid escape sequences and the like: libcst says nothing of them
            tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
        return None
    mod_name, is_package = module_name_for(path)
    imports = AstImportTable(mod_name, is_package)
    builder = AstSummaryBuilder(path, mod_name, is_package, imports, _Source(text))
    try:
        builder._visit_all(tree.body)
    except (_Fallback, RecursionError):
        return None
    summary = builder.summary
    summary.imports = dict(imports.names)
    summary.star_imports = tuple(imports.star_modules)
    summary.assumed_names = frozenset(imports.assumed)
    summary.imports_torch = imports.imports_torch() or builder.imports_torch_dynamically
    for site, node in builder.compile_nodes:
        site.line = node.lineno  # libcst's position of the node, parentheses around it left out, as here
    summary.compile_sites = [site for site, _ in builder.compile_nodes]
    summary.dynamo_config = builder.config.config
    if is_package or "." in mod_name:
        summary.package_dynamo_config = builder.config.in_functions
    else:
        summary.dynamo_config = summary.dynamo_config.merged(builder.config.in_functions)
    return summary
