"""tilecheck: the static ownership checker for tilert tile kernels."""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mypy.plugin import Plugin

__version__ = "0.1.0"


def plugin(version: str) -> type[Plugin]:
    """mypy's entry point for ``plugins = ["tilecheck"]``: the tilecheck_mypy plugin, imported
    only when mypy asks (tilecheck itself does not need mypy). Imported by name because
    tilecheck_mypy is a top-level package of its own, which a type check of tilecheck alone
    need not see."""
    entry: Callable[[str], type[Plugin]] = import_module("tilecheck_mypy").plugin
    return entry(version)
