"""Whether to colour the output: ``--color always`` or ``never`` decide; ``auto`` (the default)
colours a terminal, as ruff and CPython do: ``NO_COLOR`` set and not empty turns colour off
(no-color.org), else ``FORCE_COLOR`` set and not empty turns it on (force-color.org), else a
TTY whose ``TERM`` is not ``dumb`` gets colour. Machine formats are never coloured (the
caller's rule)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TextIO


def use_color(choice: str, stream: TextIO, environ: Mapping[str, str]) -> bool:
    if choice != "auto":
        return choice == "always"
    if environ.get("NO_COLOR"):
        return False
    if environ.get("FORCE_COLOR"):
        return True
    if environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())
