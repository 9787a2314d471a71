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


# ---------------------------------------------------------------- --add-noqa and GL001 (unused suppressions)

from conftest import run_cli  # noqa: E402

MODEL = '''import torch
import torch.nn as nn


class Net(nn.Module):
    def forward(self, x):
        print(x)  # log it
        s = """a
b"""; y = x.sum().item() + len(s)
        z = torch.where(x > 0, x, 0)  # noqa: E501
        return (x.max().item(),
                z.sum().item())
'''


def concise(tmp_path, *args):
    proc = run_cli("check", "--format", "concise", *args, cwd=tmp_path)
    return proc, proc.stdout.decode().splitlines()


def test_add_noqa_suppresses_every_finding_and_keeps_the_code(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(MODEL)
    before, lines = concise(tmp_path, "model.py")
    assert before.returncode == 1 and len(lines) == 4
    proc = run_cli("check", "--add-noqa", "model.py", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr.decode()
    assert "Added 4 noqa comments in 1 file." in proc.stderr.decode()
    text = path.read_text()
    assert "print(x)  # log it  # noqa: GL201" in text
    assert 'b"""; y = x.sum().item() + len(s)  # noqa: GL101' in text  # not inside the string
    assert "# noqa: E501, GL501" not in text and "z = torch.where(x > 0, x, 0)  # noqa: E501\n" in text
    assert "return (x.max().item(),  # noqa: GL101" in text and "z.sum().item())  # noqa: GL101" in text
    after, lines = concise(tmp_path, "model.py")
    assert after.returncode == 0 and lines == []
    assert "4 suppressed" in after.stderr.decode()
    compile(text, "model.py", "exec")
    # nothing is left to add, and the unused-suppression rule finds every comment in use
    again = run_cli("check", "--add-noqa", "model.py", cwd=tmp_path)
    assert "Added 0 noqa comments" in again.stderr.decode() and path.read_text() == text
    assert concise(tmp_path, "--extend-select", "GL001", "model.py")[1] == []


def test_add_noqa_merges_into_an_existing_noqa_comment(tmp_path):
    (tmp_path / "m.py").write_text("import torch\n\n\n@torch.compile\ndef f(x):\n    print(x)  # noqa: E501\n"
                                   "    return x\n")
    assert run_cli("check", "--add-noqa", "m.py", cwd=tmp_path).returncode == 0
    assert "    print(x)  # noqa: E501, GL201\n" in (tmp_path / "m.py").read_text()


def test_add_noqa_refuses_to_combine_with_fixes_or_stdin(tmp_path):
    (tmp_path / "m.py").write_text(MODEL)
    for extra in (["--fix"], ["--diff"], ["-"]):
        proc = run_cli("check", "--add-noqa", "m.py", *extra, cwd=tmp_path, stdin=b"")
        assert proc.returncode == 2 and b"--add-noqa" in proc.stderr
    assert (tmp_path / "m.py").read_text() == MODEL


UNUSED = '''import torch
import torch.nn as nn


class Net(nn.Module):
    def forward(self, x):
        # graphlint: ignore[GL201]
        y = x * 2  # noqa: GL201, E501
        z = x + 1  # noqa: GL999,GL101
        print(y)  # noqa: GL201,GL202
        w = 3  # noqa
        v = 4  # noqa: GL404
        u = 5  # noqa: GL001, GL201
        return y  # type: int  # noqa: GL202
'''


def test_unused_suppressions_are_reported_only_when_selected_and_fixed_safely(tmp_path):
    path = tmp_path / "m.py"
    path.write_text(UNUSED)
    assert concise(tmp_path, "m.py")[1] == []  # GL001 is not part of ALL
    proc, lines = concise(tmp_path, "--extend-select", "GL001", "m.py")
    assert proc.returncode == 1
    assert [line.split(" ", 2)[:2] for line in lines] == [
        ["m.py:7:9:", "GL001"], ["m.py:8:20:", "GL001"], ["m.py:9:20:", "GL001"], ["m.py:10:19:", "GL001"],
        ["m.py:14:32:", "GL001"],
    ]  # not: the bare noqa, GL404 (does not apply to torch 2.13), a comment that names GL001 itself
    assert "`GL999` (not a graphlint code)" in lines[2]
    # the rule does not report codes it was not asked to check
    assert concise(tmp_path, "--extend-select", "GL001", "--ignore", "GL201,GL202,GL101", "m.py")[1] == [lines[2].replace(
        "`GL999` (not a graphlint code), `GL101` in `# noqa: GL999,GL101` suppress nothing",
        "`GL999` (not a graphlint code) in `# noqa: GL999,GL101` suppresses nothing")]
    fixed = run_cli("check", "--extend-select", "GL001", "--fix", "m.py", cwd=tmp_path)
    assert fixed.returncode == 0, fixed.stderr.decode()
    assert path.read_text() == UNUSED.replace("        # graphlint: ignore[GL201]\n", "").replace(
        "# noqa: GL201, E501", "# noqa: E501").replace("z = x + 1  # noqa: GL999,GL101", "z = x + 1").replace(
        "# noqa: GL201,GL202", "# noqa: GL201").replace("# type: int  # noqa: GL202", "# type: int")


def test_force_exclude_covers_files_under_an_excluded_directory(tmp_path):
    (tmp_path / "legacy" / "deep").mkdir(parents=True)
    (tmp_path / "legacy" / "deep" / "m.py").write_text(MODEL)
    (tmp_path / "pyproject.toml").write_text('[tool.graphlint]\nexclude = ["legacy"]\n')
    assert concise(tmp_path, "legacy/deep/m.py")[0].returncode == 1  # named: linted
    proc, lines = concise(tmp_path, "--force-exclude", "legacy/deep/m.py")
    assert proc.returncode == 0 and lines == []
