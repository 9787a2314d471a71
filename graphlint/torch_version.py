"""Which torch version the findings are for, and version-range matching — without importing torch."""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass

# The newest torch version the rule catalog was measured against. Used when no torch is installed
# and none is configured.
NEWEST_MEASURED = "2.13.0"

_VERSION_RE = re.compile(r"^\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?")


class VersionError(ValueError):
    pass


def parse_version(text: str) -> tuple[int, int, int]:
    """'2.13.0+cpu' → (2, 13, 0); '2.1' → (2, 1, 0)."""
    m = _VERSION_RE.match(text)
    if not m:
        raise VersionError(f"not a torch version: {text!r} (expected e.g. 2.13 or 2.13.0)")
    return tuple(int(g) if g else 0 for g in m.groups())  # type: ignore[return-value]


_OPS = {
    ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    "<": lambda a, b: a < b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


def matches(version: tuple[int, int, int], specifier: str) -> bool:
    """Does version satisfy a specifier? ',' joins clauses (and), '|' joins alternatives (or):
    '>=2.1,<2.6', '<2.4 | >=2.10'. Empty = all versions."""
    alternatives = [a for a in (alt.strip() for alt in specifier.split("|")) if a]
    return not alternatives or any(_matches_all(version, alt) for alt in alternatives)


def _matches_all(version: tuple[int, int, int], specifier: str) -> bool:
    for clause in filter(None, (c.strip() for c in specifier.split(","))):
        op = next((o for o in (">=", "<=", "==", "!=", ">", "<") if clause.startswith(o)), None)
        if op is None:
            raise VersionError(f"bad version specifier clause {clause!r}")
        if not _OPS[op](version, parse_version(clause[len(op):])):
            return False
    return True


def installed_torch_version() -> str | None:
    """Read the installed torch version from package metadata; torch itself is never imported.

    Looks for torch's `.dist-info` / `.egg-info` folder on sys.path first, in sys.path order as
    `importlib.metadata` does: importing that module costs a one-file run (pre-commit) ~20 ms. Anything
    else (a zipped or otherwise unusual install) is left to `importlib.metadata`."""
    found = _torch_metadata_on_path()
    if found is not None:
        return found
    from importlib import metadata

    try:
        return metadata.version("torch")
    except metadata.PackageNotFoundError:
        return None


def _torch_metadata_on_path() -> str | None:
    for entry in sys.path:
        folder = entry or "."  # "" is the working directory
        try:
            names = os.listdir(folder)
        except OSError:  # a zip, a missing folder
            continue
        for name in sorted(names):
            if _TORCH_METADATA.match(name):
                version = _metadata_version(os.path.join(folder, name))
                if version is not None:
                    return version
    return None


# torch-2.13.0+cpu.dist-info; torch.egg-info, torch-2.1.0-py3.11.egg-info (an old or a development install)
_TORCH_METADATA = re.compile(r"^torch(-[^-]+(-py[\d.]+)?)?\.(dist|egg)-info$", re.IGNORECASE)


def _metadata_version(folder: str) -> str | None:
    """The `Version:` header of a distribution's METADATA (dist-info) or PKG-INFO (egg-info)."""
    for file in ("METADATA", "PKG-INFO"):
        try:
            with open(os.path.join(folder, file), encoding="utf-8", errors="replace") as f:
                for line in f:
                    if line.startswith("Version:"):
                        return line[len("Version:"):].strip()
                    if not line.strip():
                        break  # the headers end at the first blank line
        except OSError:
            continue
    return None


@dataclass(frozen=True)
class TorchTarget:
    version: str
    source: str  # "cli" | "config" | "installed" | "default"

    @property
    def parsed(self) -> tuple[int, int, int]:
        return parse_version(self.version)

    def to_json(self) -> dict:
        return {"version": self.version, "source": self.source}


def resolve_target(cli_value: str | None, config_value: str | None) -> TorchTarget:
    if cli_value:
        parse_version(cli_value)
        return TorchTarget(cli_value, "cli")
    if config_value:
        parse_version(config_value)
        return TorchTarget(config_value, "config")
    installed = installed_torch_version()
    if installed:
        return TorchTarget(installed, "installed")
    return TorchTarget(NEWEST_MEASURED, "default")
