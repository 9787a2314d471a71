"""The rule catalog: `rules/GLxxx.md` files (TOML front matter + Markdown documentation).

Each file owns a rule's metadata (code, name, GB ids, torch versions where it breaks, fix tier) and
its documentation; the detector lives in `graphlint/checks/`. `graphlint explain GL101` prints the page.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from graphlint.torch_version import matches

_FRONT_MATTER = re.compile(r"\A\+\+\+\n(.*?)\n\+\+\+\n(.*)\Z", re.S)
_SECTION = re.compile(r"^## (.+)$", re.M)
_CODE_BLOCK = re.compile(r"```python\n(.*?)```", re.S)


@dataclass(frozen=True)
class Rule:
    code: str
    name: str
    family: str
    severity: str
    summary: str
    gb: tuple[str, ...]
    breaks_on: str
    measured_on: tuple[str, ...]
    documented_on: tuple[str, ...]
    config_fix: tuple[str, ...]
    fix: str
    help: str
    doc: str  # the Markdown body
    probes: tuple[str, ...] = ()  # measured patterns (measurements/versions.json) behind breaks-on
    # on only when selected by its own code, not by `ALL` or a prefix shorter than the code's family (GL001)
    explicit_only: bool = False
    sections: dict[str, str] = field(default_factory=dict, compare=False, hash=False)

    def applies_to(self, torch_version: tuple[int, int, int]) -> bool:
        return matches(torch_version, self.breaks_on)

    def examples(self, section: str) -> list[str]:
        """Python code blocks of a section ('Example' or 'Use instead')."""
        return _CODE_BLOCK.findall(self.sections.get(section, ""))


class CatalogError(Exception):
    pass


def rules_dir() -> Path:
    """`graphlint/_rules` in an installed wheel, the repo's top-level `rules/` in a checkout."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "_rules", here.parent / "rules"):
        if candidate.is_dir():
            return candidate
    raise CatalogError("rule catalog not found (expected graphlint/_rules or rules/)")


def parse_rule(text: str, source: str) -> Rule:
    m = _FRONT_MATTER.match(text.replace("\r\n", "\n"))
    if not m:
        raise CatalogError(f"{source}: missing +++ front matter")
    meta = tomllib.loads(m.group(1))
    body = m.group(2)
    parts = _SECTION.split(body)
    sections = {parts[i].strip(): parts[i + 1] for i in range(1, len(parts) - 1, 2)}
    try:
        return Rule(
            code=meta["code"],
            name=meta["name"],
            family=meta.get("family", ""),
            severity=meta.get("severity", "error"),
            summary=meta["summary"],
            gb=tuple(meta.get("gb", ())),
            breaks_on=meta.get("breaks-on", ""),
            measured_on=tuple(meta.get("measured-on", ())),
            documented_on=tuple(meta.get("documented-on", ())),
            config_fix=tuple(meta.get("config-fix", ())),
            fix=meta.get("fix", "none"),
            help=meta.get("help", ""),
            doc=body.strip() + "\n",
            probes=tuple(meta.get("probes", ())),
            explicit_only=bool(meta.get("explicit-only", False)),
            sections=sections,
        )
    except KeyError as exc:
        raise CatalogError(f"{source}: front matter lacks {exc.args[0]!r}") from None


@lru_cache(maxsize=1)
def load_catalog() -> dict[str, Rule]:
    rules = {}
    for path in sorted(rules_dir().glob("GL*.md")):
        rule = parse_rule(path.read_text(encoding="utf-8"), path.name)
        rules[rule.code] = rule
    return rules
