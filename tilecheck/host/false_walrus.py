"""The false way of ``ok and (p := op.submit())`` (round 38R of issue 17). An ``and`` is false
where its left operand is false (the walrus never ran) or where the walrus ran and its value
made the right operand false. A Pending, op, partition or graph is never None and always true,
so on that second way ``p`` holds none of them: on the false way as a whole, ``p`` holds no
such holder bound by the walrus (``Analysis.assume`` forgets them, as it does for a plain
``if (p := op.submit()):``). Without this, the way where the walrus ran and the test was false
(which never happens) kept ``p``'s op in flight after the ``if`` (a false TC102)."""

from __future__ import annotations

import libcst as cst


def false_walrus(right: cst.BaseExpression) -> str | None:
    """The name a walrus in ``right`` binds where ``right`` being false says that name holds
    nothing true: ``(p := e)`` itself, or ``(p := e) is not None``; else None."""
    if type(right) is cst.Comparison and len(right.comparisons) == 1:
        target = right.comparisons[0]
        none = type(target.comparator) is cst.Name and target.comparator.value == "None"
        if not none or type(target.operator) is not cst.IsNot:
            return None
        right = right.left
    if type(right) is cst.NamedExpr and type(right.target) is cst.Name:
        return right.target.value
    return None
