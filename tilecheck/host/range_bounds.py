"""The bounds of a ``range`` a loop or comprehension walks, where the syntax and the kept
containers show them (round 37K of issue 17): integer literals and the scope's constants
(``range(HEADS)``), ``len`` of a name holding a literal list of keys or of a container whose
items are kept one by one (``range(len(layers))``), and sums and differences of those
(``range(HEADS - 1)``, ``range(len(layers) - 1)``). So a dict comprehension over
``range(len(layers))`` and a loop over the same range walk the same known keys. Anything else
is not known (None)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import libcst as cst

from tilecheck.host.model import Packed
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.nodes import path_of

if TYPE_CHECKING:
    from tilecheck.host.containers import Containers


def range_bound(
    expr: cst.BaseExpression,
    constants: Mapping[str, int],
    measured: Callable[[cst.BaseExpression], int | None],
) -> int | None:
    """The integer ``expr`` is (``measured``: the length of a container, if known)."""
    if type(expr) is cst.BinaryOperation and type(expr.operator) in (cst.Add, cst.Subtract):
        left = range_bound(expr.left, constants, measured)
        right = range_bound(expr.right, constants, measured)
        if left is None or right is None:
            return None
        return left + right if type(expr.operator) is cst.Add else left - right
    if type(expr) is cst.Call and type(expr.func) is cst.Name and expr.func.value == "len":
        args = expr.args
        if len(args) == 1 and args[0].keyword is None and not args[0].star:
            return measured(args[0].value)
        return None
    return const_int(expr, constants)


def bound_of(an: Containers, expr: cst.BaseExpression) -> int | None:
    """``range_bound`` in a body's analysis: its constants, and the length of a name of a
    literal list of keys (``tilecheck.host.key_lists``) or of a container kept item by item."""
    return range_bound(expr, an.ctx.constants, lambda e: kept_length(an, e))


def kept_length(an: Containers, expr: cst.BaseExpression) -> int | None:
    """How many items ``expr`` holds, where they are known one by one (``len(layers)``)."""
    if type(expr) is cst.Name and (keys := an.ctx.key_lists().get(expr.value)):
        return len(keys)
    path = path_of(expr)
    held = an.lookup_path(path) if path is not None else None
    return len(held.items) if isinstance(held, Packed) and held.keys is None else None
