"""Which statement leaves nothing its last call was to make when it raises (the CFG gives such
a statement in a ``try`` an ``UNDONE`` way to the handlers)."""

from __future__ import annotations

import libcst as cst


def undone_call(node: cst.CSTNode) -> cst.Call | None:
    """The call a statement runs last, where nothing of the statement is left to run after it:
    ``name = f(...)``, ``obj.attr = f(...)``, a bare ``f(...)``. When such a statement raises,
    that call did not return, so what it was to return (a Pending ``.submit()`` makes) never
    came to be: the state a handler sees from it has everything else the statement did, and
    not that (``tilecheck.host.analysis``). A subscript target is left out (``d[k] = ...``
    may raise after the call)."""
    if type(node) is cst.Expr:
        value = node.value
    elif type(node) is cst.Assign:
        if not all(type(t.target) in (cst.Name, cst.Attribute) for t in node.targets):
            return None
        value = node.value
    elif type(node) is cst.AnnAssign and node.value is not None:
        if type(node.target) not in (cst.Name, cst.Attribute):
            return None
        value = node.value
    else:
        return None
    return value if type(value) is cst.Call else None
