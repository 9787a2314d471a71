from graphlint.checks.base import CallByName


class ExplicitGraphBreak(CallByName):
    """`torch._dynamo.graph_break()`: a break on purpose (GB0025) — reported so that audits see it."""

    code = "GL608"
    calls = {"torch._dynamo.graph_break": "an explicit `torch._dynamo.graph_break()`"}
