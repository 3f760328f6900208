"""Instances of tilert's classes by full name. mypy's ``named_generic_type`` walks package
attributes (``tilert`` -> ``annotations``), which stub packages need not bind; this looks the
defining module up directly."""

from __future__ import annotations

from mypy.checker import TypeChecker
from mypy.lookup import lookup_fully_qualified
from mypy.nodes import TypeInfo
from mypy.plugin import CheckerPluginInterface
from mypy.types import Instance, Type


def instance(api: CheckerPluginInterface, fullname: str, args: list[Type]) -> Instance | None:
    """``fullname[args]``, or None when that class is not loaded in this build."""
    if not isinstance(api, TypeChecker):
        return None
    symbol = lookup_fully_qualified(fullname, api.modules, raise_on_missing=False)
    if symbol is None or not isinstance(symbol.node, TypeInfo):
        return None
    return Instance(symbol.node, args)
