from graphlint.checks.base import CallByName


class FileIO(CallByName):
    """`open()` and file I/O in traced code (GB0059, GB0142 for `with open(...)`)."""

    code = "GL604"
    calls = {"builtins.open": "`open()` in traced code: file I/O is not traceable",
             "io.open": "`io.open()` in traced code: file I/O is not traceable"}
