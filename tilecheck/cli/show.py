"""``--show-settings`` and ``--show-files``: what a run would use, without checking."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from tilecheck.config import Config, known_codes


def _toml(value: object) -> str:
    return json.dumps(value)  # strings, booleans and lists of strings read the same in TOML


def settings(config: Config, target: str) -> str:
    """The settings that apply to ``target`` as TOML-like lines: where they came from, each
    setting as resolved, and the rules the selection leaves enabled."""
    lines = [
        f"# settings for {target}",
        f"# config file: {config.source or '(none: defaults)'}",
        f"# patterns relative to: {config.root or Path.cwd()}",
        f"select = {_toml(list(config.select))}",
        f"extend-select = {_toml(list(config.extend_select))}",
        f"ignore = {_toml(list(config.ignore))}",
    ]
    for i, layer in enumerate(config.overrides):
        chosen = "(unchanged)" if layer.select is None else _toml(list(layer.select))
        lines.append(
            f"# command line {i + 1}: select {chosen}, extend-select "
            f"{_toml(list(layer.extend_select))}, ignore {_toml(list(layer.ignore))}"
        )
    lines.append("rules = " + _toml([c for c in known_codes() if config.enabled(c)]))
    lines.append("exclude = " + _toml(list(config.exclude)))
    lines.append("respect-gitignore = " + _toml(config.respect_gitignore))
    lines.append("kernel-decorators = " + _toml(list(config.kernel_decorators)))
    lines.append("output-format = " + _toml(config.output_format))
    lines.append("[per-file-ignores]")
    lines.extend(f"{_toml(e.pattern)} = {_toml(list(e.codes))}" for e in config.per_file_ignores)
    if target and config.per_file_ignores:
        dropped = [c for c in known_codes() if config.enabled(c) and config.ignored_in(c, target)]
        lines.append(f"# dropped in {target}: {_toml(dropped)}")
    return "\n".join(lines) + "\n"


def files(found: Sequence[Path]) -> str:
    return "".join(f"{path}\n" for path in sorted(found))
