"""The checker's settings: the nearest ``tilecheck.toml`` (top-level keys) or pyproject.toml
``[tool.tilecheck]`` table, then CLI flags.

Rule selection follows ruff: ``select``/``extend-select``/``ignore`` hold codes or code
prefixes (``TC1``, ``TC102``, ``ALL``); when both match a code, the longer (more specific)
prefix wins, and a tie goes to ``ignore``. A layer that sets ``select`` (the CLI's
``--select``) starts over from it; a layer that sets only ``extend-select`` or ``ignore``
changes what the previous layer selected. ``per-file-ignores`` then drop codes in the files
their globs match, whatever was selected."""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from tilecheck.frozen import frozen
from tilecheck.globs import PathGlobs

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on 3.10 only
    import tomli as tomllib  # type: ignore[import-not-found, unused-ignore]

SECTION = "[tool.tilecheck]"
CONFIG_NAMES = ("tilecheck.toml", "pyproject.toml")  # in a folder, the first one found wins
OUTPUT_FORMATS = ("text", "full", "json", "sarif", "github")
KEYS = (
    "select",
    "extend-select",
    "ignore",
    "extend-ignore",
    "per-file-ignores",
    "extend-per-file-ignores",
    "exclude",
    "extend-exclude",
    "respect-gitignore",
    "kernel-decorators",
    "output-format",
)

_SELECTOR = re.compile(r"TC\d{0,3}")
_DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


class ConfigError(Exception):
    """A usage error in a config file or on the command line (exit code 2)."""


@frozen
class RuleSelection:
    """One layer of rule selection (a config file's, the command line's), resolved as ruff
    resolves one: within the layer the most specific matching selector decides, ``ignore``
    winning a tie; a layer with ``select`` then replaces what the layers below chose, one
    without it only changes the codes it names."""

    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    def verdict(self, code: str) -> bool | None:
        """Whether this layer turns ``code`` on or off; None if no selector of it matches."""
        on = _longest_match(code, (*(self.select or ()), *self.extend_select))
        off = _longest_match(code, self.ignore)
        return None if on == off == 0 else on > off


@frozen
class PerFileIgnore:
    """Codes (or prefixes) not reported in the files ``pattern`` matches (a ``globs`` glob;
    a leading ``!``: in the files it does not match)."""

    pattern: str
    codes: tuple[str, ...]


@frozen
class Config:
    select: tuple[str, ...] = ("TC",)
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    per_file_ignores: tuple[PerFileIgnore, ...] = ()
    exclude: tuple[str, ...] = ()
    respect_gitignore: bool = True
    kernel_decorators: tuple[str, ...] = ()
    output_format: str = "text"
    overrides: tuple[RuleSelection, ...] = ()  # the command line's selection, over the file's
    root: Path | None = None  # where relative patterns start (None: the cwd)
    source: Path | None = None  # the file these settings came from, if any
    # ``--show-gaps``: report where the host analysis gave up on an object (command line only)
    show_gaps: bool = False

    def enabled(self, code: str, path: str | None = None) -> bool:
        """Whether findings of ``code`` are reported (in the file ``path``, if given: its
        ``per-file-ignores`` apply)."""
        on = False
        for layer in (RuleSelection(self.select, self.extend_select, self.ignore), *self.overrides):
            verdict = layer.verdict(code)
            if layer.select is not None:
                on = verdict is True
            elif verdict is not None:
                on = verdict
        return on and not (path is not None and self.ignored_in(code, path))

    def ignored_in(self, code: str, path: str) -> bool:
        """Whether ``per-file-ignores`` drop ``code`` in the file ``path``."""
        if not self.per_file_ignores:
            return False
        for globs, negated, codes in _per_file(self.per_file_ignores, self.root or Path.cwd()):
            if globs.matches(path) != negated and _longest_match(code, codes):
                return True
        return False

    def overridden(
        self,
        *,
        select: Sequence[str] | None = None,
        extend_select: Sequence[str] = (),
        ignore: Sequence[str] = (),
        extend_ignore: Sequence[str] = (),
        output_format: str | None = None,
        respect_gitignore: bool | None = None,
        show_gaps: bool = False,
        where: str = "command line",
    ) -> Config:
        """These settings with the command line's on top, as one more ``RuleSelection``."""
        config = self
        if select is not None or extend_select or ignore or extend_ignore:
            layer = RuleSelection(
                None if select is None else _selectors(select, where, "--select"),
                _selectors(extend_select, where, "--extend-select"),
                _selectors(ignore, where, "--ignore")
                + _selectors(extend_ignore, where, "--extend-ignore"),
            )
            config = replace(config, overrides=(*config.overrides, layer))
        if output_format is not None:
            config = replace(
                config, output_format=_output_format(output_format, where, "--output-format")
            )
        if respect_gitignore is not None:
            config = replace(config, respect_gitignore=respect_gitignore)
        if show_gaps:
            config = replace(config, show_gaps=True)
        return config


@lru_cache(maxsize=64)
def _per_file(
    entries: tuple[PerFileIgnore, ...], root: Path
) -> list[tuple[PathGlobs, bool, tuple[str, ...]]]:
    """``per-file-ignores`` compiled once per config: each entry's globs, whether it is
    negated, and its codes."""
    return [
        (PathGlobs([e.pattern.removeprefix("!")], root), e.pattern.startswith("!"), e.codes)
        for e in entries
    ]


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


def _codes(table: Mapping[str, Any], key: str, where: str) -> tuple[str, ...]:
    return _selectors(_string_list(table[key], where, key), where, key) if key in table else ()


def _per_file_ignores(table: Mapping[str, Any], where: str) -> tuple[PerFileIgnore, ...]:
    out: list[PerFileIgnore] = []
    for key in ("per-file-ignores", "extend-per-file-ignores"):
        entries = table.get(key, {})
        if not isinstance(entries, dict):
            raise ConfigError(
                f"{where}: {key}: expected a table of glob = [codes], got {entries!r}"
            )
        for pattern, codes in entries.items():
            name = f"{key}: {pattern!r}"
            out.append(
                PerFileIgnore(pattern, _selectors(_string_list(codes, where, name), where, name))
            )
    return tuple(out)


def config_from_table(table: Mapping[str, Any], where: str, root: Path | None) -> Config:
    """Settings from a ``[tool.tilecheck]`` table; ``where`` names it in error messages."""
    for key in table:
        if key not in KEYS:
            hint = difflib.get_close_matches(key.replace("_", "-"), KEYS, n=1)
            suggestion = f" (did you mean {hint[0]!r}?)" if hint else ""
            raise ConfigError(
                f"{where}: unknown key {key!r}{suggestion}; known keys: {', '.join(KEYS)}"
            )
    config = Config(
        extend_select=_codes(table, "extend-select", where),
        ignore=_codes(table, "ignore", where) + _codes(table, "extend-ignore", where),
        per_file_ignores=_per_file_ignores(table, where),
        exclude=tuple(
            pattern
            for key in ("exclude", "extend-exclude")
            if key in table
            for pattern in _string_list(table[key], where, key)
        ),
        root=root,
    )
    if "select" in table:
        config = replace(config, select=_codes(table, "select", where))
    if "respect-gitignore" in table:
        value = table["respect-gitignore"]
        if not isinstance(value, bool):
            raise ConfigError(f"{where}: respect-gitignore: expected true or false, got {value!r}")
        config = replace(config, respect_gitignore=value)
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
    """The nearest config, from ``start`` upwards: in each folder a ``tilecheck.toml``
    (whatever it holds), else a pyproject.toml with a ``[tool.tilecheck]`` table."""
    directory = start.absolute()
    if not directory.is_dir():
        directory = directory.parent
    for candidate in (directory, *directory.parents):
        own = candidate / "tilecheck.toml"
        if own.is_file():
            return own
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
    elif "tool" in data:
        raise ConfigError(
            f"{path}: unknown key 'tool': a tilecheck.toml holds the settings at its top level "
            f"(`select = [...]`), without {SECTION}"
        )
    else:
        table, where = data, str(path)
    return replace(config_from_table(table, where, root=path.parent), source=path)


def load_config(start: Path | None = None, explicit: Path | None = None) -> Config:
    """The settings for checking ``start`` (default: the cwd): ``explicit`` if given, else the
    nearest config file (``find_config_file``), else the defaults."""
    if explicit is not None:
        return load_config_file(explicit)
    found = find_config_file(start if start is not None else Path.cwd())
    return load_config_file(found) if found is not None else Config()
