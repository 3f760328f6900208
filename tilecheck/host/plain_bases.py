"""Bases that give a class no method Python runs implicitly (issue 17, round 33B): a class
whose only bases are these runs its own ``__getitem__``, ``__hash__``... as a class with no base
does, so ``dunders``' gate (a top-level class of the module with no base, defining the method)
takes it too: ``class Ring(Generic[T])`` with its own ``__getitem__``."""

from __future__ import annotations

import libcst as cst

from tilecheck.names import NameResolver
from tilecheck.syntax.nodes import dotted_name

_NO_METHODS = frozenset({"typing.Generic", "builtins.object"})


def no_methods(resolver: NameResolver, base: cst.Arg) -> bool:
    """``base`` (a class's base argument) is ``Generic[...]`` or ``object``."""
    expr = base.value
    if type(expr) is cst.Subscript:
        expr = expr.value
    dotted = dotted_name(expr) if base.keyword is None and not base.star else None
    return dotted is not None and resolver.resolve(dotted) in _NO_METHODS
