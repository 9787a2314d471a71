"""The opt-in dynamic pass: run the user's sample inputs (targets) under Dynamo and confirm findings.

Layout: `targets.py` (the `@graphlint.target` decorator and finding targets in a file, no torch),
`runner.py` (the subprocess that imports torch and the user's code), `orchestrate.py` (runs one
subprocess per target with a timeout and a memory cap), `results.py` (what a run reports),
`match.py` (static findings ↔ break sites). Only `runner.py` ever imports torch, and only in its own process.
"""
