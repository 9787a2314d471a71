"""The consoles the CLI writes to: rich's, or, for a stream that is no terminal and takes no colour, a plain one.

rich writes nothing but each printed text and a newline to such a stream (`soft_wrap`: no wrapping), so the
plain console writes the same without importing rich, ~25 ms of every pre-commit run and editor lint.
"""

from __future__ import annotations

import os

# environment variables that make rich colour a stream that is no terminal
_FORCING = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE")


class PlainConsole:
    """What the CLI uses of rich's Console (`print`, `file`) for plain text; rich objects print as their text."""

    def __init__(self, stream) -> None:
        self.file = stream

    def print(self, *objects, sep: str = " ", end: str = "\n", **_) -> None:
        self.file.write(sep.join(str(o) for o in objects) + end)


def plain_console(stream, color: str) -> PlainConsole | None:
    """A PlainConsole where rich would write plain text to `stream` (no terminal, no colour asked for or
    forced), else None. color: the CLI's --color ("auto", "always" or "never")."""
    if color == "always" or _is_terminal(stream):
        return None
    if color == "never" or os.environ.get("NO_COLOR") or not any(os.environ.get(v) for v in _FORCING):
        return PlainConsole(stream)
    return None


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # a closed or unusual stream
        return False


def render_errors(errors, out) -> None:
    """One line per file error: `error: <path>:<line>: <what>`, `error: ` in bold red on a terminal."""
    if not errors:
        return
    if isinstance(out, PlainConsole):
        for error in errors:
            out.print(f"error: {error.one_line()}")
        return
    from rich.text import Text

    for error in errors:
        out.print(Text("error: ", style="bold red") + Text(error.one_line()))
