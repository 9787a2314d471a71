"""Line and column of libcst nodes, computed only for the parts of a file that need them.

libcst's PositionProvider regenerates the whole module's code to learn where each node is: on large model
files that cost more than parsing them, although only the functions with findings (and a compile site here
and there) ever need a position. `Positions` splits the module into pieces (each top-level statement, and
each statement of a class body), learns from CPython's `ast` on which line each piece starts, and
regenerates a piece only when one of its nodes is asked for. Each piece is checked against `ast` (its first
statement must land on the line and column CPython gives it); when anything disagrees (syntax that only
libcst accepts, `\\r` or form feeds that the two count differently) the whole module is done the usual way.
`tests/test_positions.py` compares every node of the fixtures and of real code with PositionProvider.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

import libcst as cst
from libcst.metadata import PositionProvider
from libcst.metadata.position_provider import PositionProvidingCodegenState

from graphlint.analysis.syntax import STATEMENT_PARTS, children, is_a, subtree

_COMPOUND_AST = {
    cst.FunctionDef: (ast.FunctionDef, ast.AsyncFunctionDef), cst.ClassDef: (ast.ClassDef,), cst.If: (ast.If,),
    cst.For: (ast.For, ast.AsyncFor), cst.While: (ast.While,), cst.With: (ast.With, ast.AsyncWith),
    cst.Try: (ast.Try,), cst.TryStar: (ast.TryStar,), cst.Match: (ast.Match,),
}


class _Misaligned(Exception):
    """libcst and CPython do not see the same statements, or not on the same lines."""


class _Piece:
    __slots__ = ("node", "start_line", "indent", "anchor", "anchor_at", "done")

    def __init__(self, node, start_line: int, indent: tuple[str, ...], anchor, anchor_at: tuple[int, int]):
        self.node, self.start_line, self.indent = node, start_line, indent
        self.anchor, self.anchor_at = anchor, anchor_at  # a node and where CPython says it starts
        self.done = False


class Positions:
    """node → CodeRange, as `MetadataWrapper.resolve(PositionProvider)` gives it, one piece at a time."""

    def __init__(self, module: cst.Module, text: str) -> None:
        self._module, self._text = module, text
        self._provider = PositionProvider()
        self._computed = self._provider._computed  # the provider's own dict: codegen writes into it
        self._pieces: list[_Piece] | None = None
        self._owner: dict[cst.CSTNode, _Piece] = {}  # each `def` and piece root → its piece
        self._lines: list[str] | None = None  # the text's lines, split on the first check of a piece
        self._whole = False

    def __getitem__(self, node: cst.CSTNode):
        found = self._computed.get(node)
        if found is None:
            self._compute(self._piece_holding(node))
            found = self._computed[node]  # a node outside the module: KeyError, as PositionProvider's dict
        return found

    def include(self, node: cst.CSTNode) -> Positions:
        """Make sure the piece holding `node` (a `def` or a statement) is done; returns self."""
        if node not in self._computed:
            self._compute(self._piece_holding(node))
        return self

    # ------------------------------------------------------------ pieces

    def _piece_holding(self, node: cst.CSTNode) -> _Piece | None:
        if self._whole:
            return None
        if self._pieces is None:
            self._pieces = self._split()
            if self._pieces is None:
                return None
        piece = self._owner.get(node)
        if piece is not None:
            return piece
        for piece in self._pieces:  # an expression: search the pieces not done yet
            if not piece.done and any(found is node for found in subtree(piece.node)):
                return piece
        return None

    def _split(self) -> list[_Piece] | None:
        text = self._text
        if "\r" in text or "\f" in text or "\v" in text:
            return None  # line breaks or whitespace that libcst and CPython may count differently
        try:
            tree = ast.parse(text)
            pieces: list[_Piece] = []
            self._align(self._module.body, tree.body, (), pieces)
        except (SyntaxError, ValueError, RecursionError, MemoryError, _Misaligned):
            return None
        for piece in pieces:
            for fn in _defs_in(piece.node):
                self._owner[fn] = piece
            self._owner[piece.node] = piece
        return pieces

    def _align(self, statements, nodes: list[ast.stmt], indent: tuple[str, ...], pieces: list[_Piece]) -> None:
        at = 0
        for statement in statements:
            if isinstance(statement, cst.SimpleStatementLine):
                count = len(statement.body)
                first = nodes[at] if at < len(nodes) else None
                if first is None or any(isinstance(n, _COMPOUND_TYPES) for n in nodes[at:at + count]):
                    raise _Misaligned
                at += count
                start = first.lineno - len(statement.leading_lines)
                pieces.append(_Piece(statement, start, indent, statement.body[0], (first.lineno, first.col_offset)))
                continue
            node = nodes[at] if at < len(nodes) else None
            if node is None or not isinstance(node, _COMPOUND_AST.get(type(statement), ())):
                raise _Misaligned
            at += 1
            if isinstance(statement, cst.ClassDef) and isinstance(statement.body, cst.IndentedBlock):
                # the class's members are pieces of their own: a finding in one method needs only that method
                inner = statement.body.indent or self._module.default_indent
                self._align(statement.body.body, node.body, (*indent, inner), pieces)
                continue
            decorators = getattr(statement, "decorators", ())
            first_line = node.decorator_list[0].lineno if decorators else node.lineno
            start = first_line - len(statement.leading_lines) - (len(decorators[0].leading_lines) if decorators else 0)
            pieces.append(_Piece(statement, start, indent, statement, (node.lineno, node.col_offset)))
        if at != len(nodes):
            raise _Misaligned

    # ------------------------------------------------------------ codegen

    def _compute(self, piece: _Piece | None) -> None:
        if piece is None:
            self._compute_whole()
            return
        if piece.done:
            return
        piece.done = True
        state = PositionProvidingCodegenState(default_indent=self._module.default_indent,
                                              default_newline=self._module.default_newline,
                                              provider=self._provider)
        state.indent_tokens = list(piece.indent)
        state.line = piece.start_line
        piece.node._codegen(state)
        if not self._lands(piece):
            self._compute_whole()

    def _lands(self, piece: _Piece) -> bool:
        """Does the piece's anchor start where CPython says? (ast columns count UTF-8 bytes)"""
        start = self._computed[piece.anchor].start
        line, byte_column = piece.anchor_at
        if start.line != line:
            return False
        text = self._line(line)
        return len(text.encode("utf-8")[:byte_column].decode("utf-8", "replace")) == start.column

    def _line(self, number: int) -> str:
        if self._lines is None:
            self._lines = self._text.split("\n")  # no `\r` here: `_split` leaves such files to the whole module
        return self._lines[number - 1] if 0 < number <= len(self._lines) else ""

    def _compute_whole(self) -> None:
        if self._whole:
            return
        self._whole = True
        # `_gen_impl`, not `_gen`: the latter also copies the whole mapping into a read-only proxy
        self._provider._computed = self._computed = {}
        self._provider._gen_impl(self._module)


_COMPOUND_TYPES = tuple({t for kinds in _COMPOUND_AST.values() for t in kinds})


def _defs_in(statement: cst.CSTNode) -> Iterator[cst.FunctionDef]:
    """The `def`s in a statement, at any depth, looking only at statements."""
    stack = [statement]
    while stack:
        current = stack.pop()
        if is_a(current, cst.FunctionDef):
            yield current
        stack.extend(child for child in children(current) if is_a(child, STATEMENT_PARTS))
