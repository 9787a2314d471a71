"""What a check sees: the node, and a context with tensor kinds, names, ancestors and `report`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import libcst as cst

if TYPE_CHECKING:
    from graphlint.walker import CheckContext


class Check:
    code: ClassVar[str] = ""

    # Subclasses define visit_<NodeType>(self, node, ctx: CheckContext) -> None.


@dataclass(frozen=True)
class RawFinding:
    """A finding before positions are known: the node plus what the check said."""

    code: str
    node: cst.CSTNode
    statement: cst.CSTNode | None
    message: str | None = None
    # where the reported range starts, when not at `node` (an `if` keyword before its test)
    start_node: cst.CSTNode | None = None
    # the Dynamo GB ids of this very form, when the rule covers several (GL202: GB4841 vs GB0291)
    gb: tuple[str, ...] | None = None
