"""From a config file and command-line overrides to what a lint run needs: the config, the engine's
LintOptions and the torch version to lint for. Shared by the CLI and the language server.

Bad input raises one of SETTINGS_ERRORS, whose message names the file, key or value.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from graphlint.catalog import CatalogError, load_catalog
from graphlint.config import Config, ConfigError, enabled_codes, expand_codes, load_config
from graphlint.options import LintOptions
from graphlint.torch_version import TorchTarget, VersionError, resolve_target

SETTINGS_ERRORS = (ConfigError, VersionError, CatalogError)


@dataclass
class Settings:
    config: Config
    options: LintOptions
    target: TorchTarget


def load_settings(config_path: Path | None, *, select: list[str] | None = None,
                  extend_select: list[str] | None = None, ignore: list[str] | None = None,
                  scope: str | None = None, target_torch: str | None = None, exclude: list[str] | None = None,
                  force_exclude: bool = False, jobs: int | None = None, show_shadowed: bool = False,
                  cache: bool = True, follow_libraries: bool = True) -> Settings:
    """cache: use `.graphlint_cache/` beside the config file (else in the working directory)."""
    from graphlint.cache import cache_root

    config = load_config(config_path)
    catalog = load_catalog()
    codes = enabled_codes(config, list(catalog), select, extend_select, ignore,
                          explicit_only=tuple(c for c, r in catalog.items() if r.explicit_only))
    target = resolve_target(target_torch, config.target_torch)
    options = LintOptions(
        codes=codes,
        scope=scope or config.scope,
        torch_version=target.parsed,
        exclude=tuple(config.exclude + (exclude or [])),
        force_exclude=force_exclude or config.force_exclude,
        per_file_ignores=tuple((p, frozenset(expand_codes(cs, list(catalog), f"per-file-ignores.{p}")))
                               for p, cs in config.per_file_ignores.items()),
        jobs=jobs,
        show_shadowed=show_shadowed,
        follow_libraries=follow_libraries and config.follow_libraries,
        cache_dir=str(cache_root(config_path)) if cache else None,
    )
    return Settings(config, options, target)
