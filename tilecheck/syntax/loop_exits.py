"""Whether a loop's body may ``continue``: one answer for every analysis that trusts a body to
run each of its own statements on every turn (``tilecheck.host.appended``'s one append a step,
``tilecheck.host.window_turns``'s window tested each turn)."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.syntax.walk import children

# Where a ``continue`` belongs to another loop or another scope.
_LOOPS = (cst.For, cst.While)
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
# Node classes no ``continue`` can lie in (an expression, any other small statement): not
# walked, so a loop's expressions are not visited at all.
_WITHOUT: dict[type, bool] = {}


def _without(cls: type) -> bool:
    known = _WITHOUT[cls] = cls is not cst.Continue and issubclass(
        cls, (cst.BaseExpression, cst.BaseSmallStatement)
    )
    return known


def continues(node: cst.CSTNode) -> bool:
    """A ``continue`` in ``node`` (a loop's body or one of its statements) skips the rest of
    that loop's turn: one not inside an inner loop's body (its ``else`` does continue the
    outer loop) nor inside a nested function, class or lambda."""
    stack = [node]
    while stack:
        current = stack.pop()
        kind = type(current)
        if kind is cst.Continue:  # (``isinstance`` on libcst's ABCs is slow)
            return True
        without = _WITHOUT.get(kind)
        if without or (without is None and _without(kind)):
            continue
        if kind in _LOOPS:
            orelse = cast("cst.For | cst.While", current).orelse
            if orelse is not None:
                stack.append(orelse)
        elif kind not in _SCOPES:
            stack.extend(children(current))
    return False
