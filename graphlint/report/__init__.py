"""Reporters: full (rich, Ruff-like), concise (one line a finding), json (DESIGN.md schema)."""
