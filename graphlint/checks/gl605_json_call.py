from graphlint.checks.base import CallByName


class JsonCall(CallByName):
    """`json.dumps` / `json.loads` and friends: C-accelerated, not traceable (GB0156)."""

    code = "GL605"
    calls = {name: None for name in ("json.dumps", "json.loads", "json.dump", "json.load")}
