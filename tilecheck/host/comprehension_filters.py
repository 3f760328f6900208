"""A comprehension's ``if`` (round 29F of issue 17): ``sum(1 for p in pends if p.wait() is not
None)`` runs its first test on every item its one ``for`` takes, whichever way the test goes;
only the element, and any later test, runs for some items. So where those do nothing to an item
(no call, ``await``, subscript, walrus or lambda in them) and the element does not name it
(``1``, ``None``: the result keeps no item, which would be some of them only), what the first
test did to each step's item it did to every item, as the element of a comprehension with no
``if`` does (``Loops.step_holders``, ``holders_done``)."""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.nodes import target_names
from tilecheck.syntax.walk import children

_ACTING = (cst.Call, cst.Await, cst.Subscript, cst.NamedExpr, cst.Lambda, cst.Yield)


def filter_only(
    expr: cst.ListComp | cst.SetComp | cst.GeneratorExp | cst.DictComp | cst.CSTNode,
    for_in: cst.CompFor,
) -> bool:
    """``for_in`` is the comprehension's one ``for``, with tests after it of which only the
    first may act, and an element that neither acts nor names the item."""
    if not for_in.ifs or for_in.inner_for_in is not None:
        return False
    if isinstance(expr, cst.DictComp):
        parts: list[cst.CSTNode] = [expr.key, expr.value]
    elif isinstance(expr, (cst.ListComp, cst.SetComp, cst.GeneratorExp)):
        parts = [expr.elt]
    else:
        return False
    steps = target_names(for_in.target)
    stack = [*parts, *(condition.test for condition in for_in.ifs[1:])]
    while stack:
        node = stack.pop()
        if isinstance(node, _ACTING):
            return False
        stack.extend(children(node))
    stack = parts
    while stack:  # (an element naming the item keeps some items only: not followed)
        node = stack.pop()
        if type(node) is cst.Name and node.value in steps:
            return False
        stack.extend(children(node))
    return True
