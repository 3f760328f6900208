"""The checker's settings: ``[tool.tilecheck]`` in the nearest pyproject.toml, then CLI flags.

Rule selection follows ruff: ``select``/``ignore`` hold codes or code prefixes (``TC1``,
``TC102``, ``ALL``); when both match a code, the longer (more specific) prefix wins, and a tie
goes to ``ignore``. A layer that sets ``select`` (the CLI's ``--select``) starts over from it;
a layer that sets only ``ignore`` narrows what the previous layer selected."""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

SECTION = "[tool.tilecheck]"
OUTPUT_FORMATS = ("text", "full", "json", "sarif", "github")
KEYS = ("select", "ignore", "exclude", "kernel-decorators", "output-format")

_SELECTOR = re.compile(r"TC\d{0,3}")
_DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


class ConfigError(Exception):
    """A usage error in a config file or on the command line (exit code 2)."""


@dataclass(frozen=True)
class Config:
    select: tuple[str, ...] = ("TC",)
    ignore: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    kernel_decorators: tuple[str, ...] = ()
    output_format: str = "text"
    root: Path | None = None  # where relative ``exclude`` patterns start (None: the cwd)
    source: Path | None = None  # the file these settings came from, if any

    def enabled(self, code: str) -> bool:
        """Whether findings of ``code`` are reported."""
        chosen = _longest_match(code, self.select)
        return chosen > _longest_match(code, self.ignore)

    def overridden(
        self,
        *,
        select: Sequence[str] | None = None,
        ignore: Sequence[str] | None = None,
        output_format: str | None = None,
        where: str = "command line",
    ) -> Config:
        """These settings with the command line's on top (a new ``select`` starts over)."""
        config = self
        if select is not None:
            config = replace(config, select=_selectors(select, where, "--select"), ignore=())
        if ignore is not None:
            config = replace(config, ignore=config.ignore + _selectors(ignore, where, "--ignore"))
        if output_format is not None:
            config = replace(
                config, output_format=_output_format(output_format, where, "--output-format")
            )
        return config


def _longest_match(code: str, selectors: Sequence[str]) -> int:
    """The length of the longest selector that is a prefix of ``code`` (0: none matches)."""
    best = 0
    for selector in selectors:
        prefix = "TC" if selector == "ALL" else selector
        if code.startswith(prefix):
            best = max(best, len(prefix))
    return best


def known_codes() -> tuple[str, ...]:
    from tilecheck.catalog import catalog

    return tuple(catalog())


def _selectors(values: Sequence[str], where: str, key: str) -> tuple[str, ...]:
    codes = known_codes()
    out: list[str] = []
    for raw in values:
        selector = raw.strip().upper()
        if not selector:
            continue
        if selector != "ALL" and not (
            _SELECTOR.fullmatch(selector) and any(c.startswith(selector) for c in codes)
        ):
            raise ConfigError(
                f"{where}: {key}: unknown rule selector {raw!r} "
                f"(expected a code such as TC102, a prefix such as TC1, or ALL; "
                f"run `tilecheck rules` for the list)"
            )
        out.append(selector)
    return tuple(out)


def _output_format(value: str, where: str, key: str) -> str:
    if value not in OUTPUT_FORMATS:
        raise ConfigError(
            f"{where}: {key}: unknown output format {value!r} "
            f"(expected one of: {', '.join(OUTPUT_FORMATS)})"
        )
    return value


def _string_list(value: object, where: str, key: str) -> list[str]:
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{where}: {key}: expected a list of strings, got {value!r}")
    return [str(v) for v in value]


def config_from_table(table: Mapping[str, Any], where: str, root: Path | None) -> Config:
    """Settings from a ``[tool.tilecheck]`` table; ``where`` names it in error messages."""
    for key in table:
        if key not in KEYS:
            hint = difflib.get_close_matches(key.replace("_", "-"), KEYS, n=1)
            suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise ConfigError(
                f"{where}: unknown key {key!r}{suggestion}; known keys: {', '.join(KEYS)}"
            )
    config = Config(root=root)
    if "select" in table:
        select = _selectors(_string_list(table["select"], where, "select"), where, "select")
        config = replace(config, select=select)
    if "ignore" in table:
        ignore = _selectors(_string_list(table["ignore"], where, "ignore"), where, "ignore")
        config = replace(config, ignore=ignore)
    if "exclude" in table:
        config = replace(config, exclude=tuple(_string_list(table["exclude"], where, "exclude")))
    if "kernel-decorators" in table:
        names = _string_list(table["kernel-decorators"], where, "kernel-decorators")
        for name in names:
            if not _DOTTED.fullmatch(name):
                raise ConfigError(
                    f"{where}: kernel-decorators: {name!r} is not a dotted name "
                    f"(such as 'mylib.kernel')"
                )
        config = replace(config, kernel_decorators=tuple(names))
    if "output-format" in table:
        value = table["output-format"]
        if not isinstance(value, str):
            raise ConfigError(f"{where}: output-format: expected a string, got {value!r}")
        config = replace(config, output_format=_output_format(value, where, "output-format"))
    return config


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            data: dict[str, Any] = tomllib.load(f)
            return data
    except OSError as e:
        raise ConfigError(f"{path}: cannot read: {e.strerror or e}") from e
    except tomllib.TOMLDecodeError as e:
        raise ConfigError(f"{path}: invalid TOML: {e}") from e


def _tool_table(data: Mapping[str, Any], path: Path) -> Mapping[str, Any] | None:
    tool = data.get("tool")
    if not isinstance(tool, dict) or "tilecheck" not in tool:
        return None
    table = tool["tilecheck"]
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: {SECTION} must be a table")
    return table


def find_config_file(start: Path) -> Path | None:
    """The nearest pyproject.toml with a ``[tool.tilecheck]`` table, from ``start`` upwards."""
    directory = start.absolute()
    if not directory.is_dir():
        directory = directory.parent
    for candidate in (directory, *directory.parents):
        pyproject = candidate / "pyproject.toml"
        if pyproject.is_file() and _tool_table(_read_toml(pyproject), pyproject) is not None:
            return pyproject
    return None


def load_config_file(path: Path) -> Config:
    """Settings from ``path``: a pyproject.toml (its ``[tool.tilecheck]`` table) or a
    tilecheck.toml whose top-level keys are the settings."""
    path = path.absolute()
    if not path.is_file():
        raise ConfigError(f"{path}: config file not found")
    data = _read_toml(path)
    if path.name == "pyproject.toml":
        table = _tool_table(data, path) or {}
        where = f"{path}: {SECTION}"
    else:
        table, where = data, str(path)
    return replace(config_from_table(table, where, root=path.parent), source=path)


def load_config(start: Path | None = None, explicit: Path | None = None) -> Config:
    """The settings for checking ``start`` (default: the cwd): ``explicit`` if given, else the
    nearest pyproject.toml with a ``[tool.tilecheck]`` table, else the defaults."""
    if explicit is not None:
        return load_config_file(explicit)
    found = find_config_file(start if start is not None else Path.cwd())
    return load_config_file(found) if found is not None else Config()
