"""An attribute ``__init__`` sets to a view of all of another tensor attribute (round 35F of
issue 17): ``self.prev = self.state.reshape(-1)`` (``.view(...)``, ``.transpose(...)``,
``.permute(...)``, ``.T``) is the state's memory under a second name, so a launch that writes
``self.state`` through a partition and reads ``self.prev`` is TC101 as with ``self.prev =
self.state``. ``tilecheck.host.classes`` takes such an attribute as a copy of its source (one
tensor at every method's entry, and in an instance's fields), under the copy's own conditions
(given nothing else anywhere), and only where nothing can tell the two apart by their parts:
no method of the class subscripts the view (``self.prev[0]`` is a part of the view's shape,
not the state's) and no method but ``__init__``'s one assignment gives the source anything
(a later ``self.state = tr.zeros(n)`` leaves the view on the old memory).
"""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from tilecheck.host.api import TENSOR_VIEWS
from tilecheck.syntax.walk import children

_WHOLE = TENSOR_VIEWS - {"__getitem__"}


def whole_view(
    value: cst.BaseExpression | None, me: str, attr: str, classes: Sequence[cst.ClassDef]
) -> str | None:
    """The attribute of ``me`` that ``value`` views all of, where ``attr`` (the view) may be
    taken as that attribute itself; else None."""
    source = _viewed(value, me)
    if source is None or source == attr:
        return None
    given = 0
    stack: list[cst.CSTNode] = list(classes)
    while stack:
        node = stack.pop()
        if type(node) is cst.Subscript and _named(node.value, attr):
            return None  # (a part of the view)
        if type(node) in (cst.AssignTarget, cst.AnnAssign, cst.AugAssign):
            target = node.target  # type: ignore[attr-defined]
            given += sum(1 for t in _flat(target) if _named(t, source))
        stack.extend(children(node))
    return source if given <= 1 else None  # (none: a dataclass field)


def _viewed(value: cst.BaseExpression | None, me: str) -> str | None:
    """``me.X.reshape(...)``, ``me.X.view(...)``, ... or ``me.X.T``: ``X``."""
    if type(value) is cst.Call and type(value.func) is cst.Attribute:
        if value.func.attr.value not in _WHOLE:
            return None
        value = value.func.value
    elif type(value) is cst.Attribute and value.attr.value in ("T", "mT"):
        value = value.value
    else:
        return None
    if type(value) is cst.Attribute and type(value.value) is cst.Name and value.value.value == me:
        return value.attr.value
    return None


def _named(expr: cst.BaseExpression, attr: str) -> bool:
    """``something.attr``."""
    return type(expr) is cst.Attribute and expr.attr.value == attr


def _flat(target: cst.BaseExpression) -> list[cst.BaseExpression]:
    if isinstance(target, (cst.Tuple, cst.List)):
        return [t for e in target.elements for t in _flat(e.value)]
    return [target]
