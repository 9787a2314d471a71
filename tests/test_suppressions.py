"""noqa and graphlint: ignore comments (DESIGN.md, "Suppressions")."""

from conftest import found

BASE = """
import torch

@torch.compile
def f(x, lst):
{body}
    return x
"""


def run(lint, body):
    body = "\n".join("    " + line for line in body.strip().splitlines())
    result = lint(BASE.format(body=body))
    return found(result), result.suppressed


def test_noqa_with_code_and_bare(lint):
    assert run(lint, "print(x)  # noqa: GL201") == (set(), 1)
    assert run(lint, "print(x)  # NOQA:gl201") == (set(), 1)
    assert run(lint, "print(x)  # noqa") == (set(), 1)
    assert run(lint, "print(x)  # noqa: GL101") == ({(6, "GL201")}, 0)


def test_ignore_comment_on_line_and_above_multiline_statement(lint):
    assert run(lint, "print(x)  # graphlint: ignore[GL201]") == (set(), 1)
    body = "# graphlint: ignore[GL201]\nprint(\n    x,\n)"
    assert run(lint, body) == (set(), 1)


def test_file_level_noqa(lint):
    code = "# graphlint: noqa\n" + BASE.format(body="    print(x)")
    result = lint(code)
    assert found(result) == set() and result.suppressed == 1


def test_noqa_inside_string_does_not_count(lint):
    assert run(lint, 'print("# noqa")') == ({(6, "GL201")}, 0)
