"""A helper that calls a callback parameter inside its own graph capture: ``def capture(make):
with tr.graph() as g: for op in make(): g.record(op)``. What the function given for ``make``
does runs inside that capture, so what it refuses on every call (running an op, allocating,
recording an event) is TC111 where it does it (``CallSites.callbacks_captured``).

Only a call every call of the helper makes: the suites from the helper's body down to it are
``with`` bodies (or the iterable of a ``for`` right in one), each statement before it in them
a simple statement that neither returns nor raises."""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.walk import contains_own


def straight_to(fn: cst.FunctionDef, node: cst.CSTNode) -> bool:
    """``node`` runs on every call of ``fn`` (the line before it cannot leave or skip it)."""
    suite: tuple[cst.CSTNode, ...] = tuple(fn.body.body)
    while True:
        for stmt in suite:
            if contains_own(stmt, node):
                break
            if not isinstance(stmt, cst.SimpleStatementLine) or any(
                isinstance(s, (cst.Return, cst.Raise)) for s in stmt.body
            ):
                return False
        else:
            return False
        if isinstance(stmt, cst.SimpleStatementLine):
            return True
        if isinstance(stmt, cst.For):
            return contains_own(stmt.iter, node)
        if not isinstance(stmt, cst.With) or not isinstance(stmt.body, cst.IndentedBlock):
            return False
        if any(contains_own(item, node) for item in stmt.items):
            return True
        suite = tuple(stmt.body.body)
