"""Configuration: `[tool.graphlint]` in the nearest pyproject.toml (or a graphlint.toml), CLI on top.

Unknown keys, bad values and unknown rule codes are errors (exit 2) that name the key — silently
ignoring a typo in a linter's config hides findings.
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from graphlint.options import SCOPES
from graphlint.torch_version import VersionError, parse_version

KNOWN_KEYS = {
    "select": list, "extend-select": list, "ignore": list, "extend-ignore": list,
    "per-file-ignores": dict, "exclude": list, "extend-exclude": list, "scope": str,
    "target-torch": str, "output-format": str, "force-exclude": bool, "respect-gitignore": bool,
    "follow-libraries": bool,
    "targets": str,  # the dynamic pass's targets file, relative to this config file
}
OUTPUT_FORMATS = ("full", "concise", "json", "sarif", "github")


class ConfigError(Exception):
    """A bad config file, key, value or rule code. The message names it."""


@dataclass
class Config:
    path: Path | None = None
    select: list[str] = field(default_factory=lambda: ["ALL"])
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    exclude: list[str] = field(default_factory=list)
    scope: str = "auto"
    target_torch: str | None = None
    output_format: str = "full"
    force_exclude: bool = False
    respect_gitignore: bool = True
    targets: str | None = None
    follow_libraries: bool = True


def find_config_file(start: Path) -> Path | None:
    """The nearest graphlint.toml, or pyproject.toml with a [tool.graphlint] table, at or above start."""
    start = Path(os.path.abspath(start))  # not resolve(): a symlink loop must not stop the search
    for directory in [start, *start.parents] if start.is_dir() else [start.parent, *start.parent.parents]:
        candidate = directory / "graphlint.toml"
        if candidate.is_file():
            return candidate
        candidate = directory / "pyproject.toml"
        if candidate.is_file() and "graphlint" in _read_toml(candidate).get("tool", {}):
            return candidate
    return None


def _read_toml(path: Path) -> dict:
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{path}: invalid TOML: {exc}") from None
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read: {exc.strerror or exc}") from None


def load_config(path: Path | None) -> Config:
    if path is None:
        return Config()
    data = _read_toml(path)
    table = data if path.name == "graphlint.toml" else data.get("tool", {}).get("graphlint", {})
    return config_from_table(table, path)


def config_from_table(table: dict, path: Path | None) -> Config:
    where = f"{path}: " if path else ""
    config = Config(path=path)
    for key, value in table.items():
        expected = KNOWN_KEYS.get(key)
        if expected is None:
            raise ConfigError(f"{where}unknown key `{key}` (known: {', '.join(sorted(KNOWN_KEYS))})")
        if not isinstance(value, expected):
            raise ConfigError(f"{where}`{key}` must be a {expected.__name__}, got {type(value).__name__}")
        if expected is list and not all(isinstance(v, str) for v in value):
            raise ConfigError(f"{where}`{key}` must be a list of strings")
    config.select = table.get("select", config.select)
    config.extend_select = table.get("extend-select", [])
    config.ignore = table.get("ignore", []) + table.get("extend-ignore", [])
    config.exclude = table.get("exclude", []) + table.get("extend-exclude", [])
    config.force_exclude = table.get("force-exclude", False)
    config.respect_gitignore = table.get("respect-gitignore", True)
    config.targets = table.get("targets")
    config.follow_libraries = table.get("follow-libraries", True)
    pfi = table.get("per-file-ignores", {})
    for pattern, codes in pfi.items():
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise ConfigError(f"{where}`per-file-ignores.{pattern}` must be a list of rule codes")
    config.per_file_ignores = pfi
    if "scope" in table:
        if table["scope"] not in SCOPES:
            raise ConfigError(f"{where}`scope` must be one of {', '.join(SCOPES)}, got {table['scope']!r}")
        config.scope = table["scope"]
    if "target-torch" in table:
        try:
            parse_version(table["target-torch"])
        except VersionError as exc:
            raise ConfigError(f"{where}`target-torch`: {exc}") from None
        config.target_torch = table["target-torch"]
    if "output-format" in table:
        if table["output-format"] not in OUTPUT_FORMATS:
            raise ConfigError(f"{where}`output-format` must be one of {', '.join(OUTPUT_FORMATS)}")
        config.output_format = table["output-format"]
    return config


def expand_codes(selectors: list[str], known: list[str], what: str) -> set[str]:
    """Codes, prefixes (`GL1`) and `ALL` → the set of rule codes. Unknown ones are errors."""
    out: set[str] = set()
    for raw in selectors:
        sel = raw.strip().upper()
        if not sel:
            continue
        if sel == "ALL":
            out.update(known)
            continue
        matched = [c for c in known if c.startswith(sel)]
        if not matched:
            raise ConfigError(f"{what}: unknown rule code or prefix `{raw}` (see `graphlint rules`)")
        out.update(matched)
    return out


def enabled_codes(config: Config, known: list[str], cli_select: list[str] | None,
                  cli_extend_select: list[str] | None, cli_ignore: list[str] | None,
                  explicit_only: tuple[str, ...] = ()) -> frozenset[str]:
    """explicit_only: codes that `ALL` and the bare `GL` prefix do not turn on (GL001): a selector must name
    their family (`GL0`) or the code itself."""
    select = cli_select if cli_select else config.select
    extend = config.extend_select + (cli_extend_select or [])
    codes = expand_codes(select, known, "select")
    codes |= expand_codes(extend, known, "extend-select")
    named = [s.strip().upper() for s in select + extend if len(s.strip()) >= 3 and s.strip().upper() != "ALL"]
    codes -= {c for c in explicit_only if not any(c.startswith(sel) for sel in named)}
    codes -= expand_codes(config.ignore + (cli_ignore or []), known, "ignore")
    for pattern, pcodes in config.per_file_ignores.items():
        expand_codes(pcodes, known, f"per-file-ignores.{pattern}")
    return frozenset(codes)
