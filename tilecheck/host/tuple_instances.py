"""An instance returned in a tuple, and one of a returned tuple's items unpacked into a name
(round 36E of issue 17): ``return state, Step(state.partition(s))`` gives the caller the
instance with what its construction kept, as ``return Step(...)`` does
(``tilecheck.host.object_graphs``), and ``state, step = build(n)`` binds ``step`` to it with
its fields, as ``step = make(n)`` does. Only where each item lands in a name of its own (a
tuple display returned whole, no ``*``; a target tuple of plain names): anywhere else the
fields are given away as before (nothing guessed)."""

from __future__ import annotations

import libcst as cst


def named(target: cst.BaseExpression) -> bool:
    """A plain name, or a tuple or list of plain names (no ``*``): each item has a name."""
    if type(target) is cst.Name:
        return True
    if type(target) in (cst.Tuple, cst.List):
        elements = target.elements  # type: ignore[attr-defined]
        return bool(elements) and all(
            type(e) is cst.Element and type(e.value) is cst.Name for e in elements
        )
    return False


def returns(value: cst.BaseExpression, call: cst.Call) -> bool:
    """``return call`` or ``return a, call`` (a tuple display with no ``*``)."""
    if value is call:
        return True
    if type(value) is not cst.Tuple:
        return False
    elements = value.elements
    return all(type(e) is cst.Element for e in elements) and any(e.value is call for e in elements)
