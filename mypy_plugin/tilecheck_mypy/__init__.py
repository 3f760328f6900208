"""tilecheck's mypy plugin: ``[tool.mypy] plugins = ["tilecheck_mypy"]`` (or ``["tilecheck"]``).

Reports the argument-level ownership rules of tilert launches as typed errors:
``tile-mutable-alias`` (TC101), ``tile-argument-kind`` (TC106), ``tile-store-shared`` (TC201)
and ``tile-dtype``."""

from __future__ import annotations

from mypy.plugin import Plugin

from tilecheck_mypy.plugin import TilecheckPlugin

__all__ = ["TilecheckPlugin", "plugin"]


def plugin(version: str) -> type[Plugin]:
    """mypy's entry point: the plugin class (the same for every mypy version this supports)."""
    del version
    return TilecheckPlugin
