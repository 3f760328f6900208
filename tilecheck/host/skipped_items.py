"""Ops that a list of ops never reaches. ``ops = [k(a...), k(b...)]`` whose every other use in
the scope only names items from index 1 on (``ops[i]`` under ``for i in range(1, len(ops))``,
``ops[1]``), asks its length, appends, clears or rebinds it: the op made as item 0 is held by
nothing else and nothing can take it out, so it is never run (tilert warns when the list lets it
go: TC105 at its launch). Any other use (iteration, ``*ops``, ``ops[0]``, ``ops[-1]``, a computed
index, the list passed on or kept under another name) may run it, and says nothing."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.syntax.constants import int_value
from tilecheck.syntax.walk import with_parents

# Methods that never take an item out.
_KEEPING = frozenset({"append", "extend", "clear"})


def skipped_heads(scope: cst.CSTNode, launches: Callable[[cst.Call], bool]) -> frozenset[cst.Call]:
    """The launches made as item 0 of a list display bound to a name none of whose uses in
    ``scope`` can reach item 0."""
    heads: dict[str, list[cst.Call]] = {}
    uses: dict[str, list[tuple[cst.Name, cst.CSTNode | None, cst.CSTNode | None]]] = {}
    loops: dict[str, list[cst.For]] = {}  # a name -> the loops binding it
    bound: dict[str, int] = {}  # a name -> how many places may bind it
    for node, parent, grand in with_parents(scope):
        if isinstance(node, cst.Name):
            if isinstance(parent, cst.Attribute) and parent.attr is node:
                continue  # ``x.ops``: an attribute, not the name
            if _binds(node, parent):
                bound[node.value] = bound.get(node.value, 0) + 1
                if isinstance(parent, cst.For):
                    loops.setdefault(node.value, []).append(parent)
            uses.setdefault(node.value, []).append((node, parent, grand))
        elif isinstance(node, (cst.Assign, cst.AnnAssign)) and node.value is not None:
            head = _head(node.value, launches)
            target = node.targets[0].target if isinstance(node, cst.Assign) else node.target
            if head is not None and isinstance(target, cst.Name):
                heads.setdefault(target.value, []).append(head)
    found: set[cst.Call] = set()
    for name, calls in heads.items():
        if all(_keeps_head(name, u, p, g, loops, bound) for u, p, g in uses.get(name, ())):
            found.update(calls)
    return frozenset(found)


def _binds(name: cst.Name, parent: cst.CSTNode | None) -> bool:
    """``name`` may be bound here (counted generously: any target, parameter, ``as``, item of a
    target tuple, ``global``)."""
    if isinstance(parent, (cst.For, cst.CompFor, cst.AnnAssign, cst.AugAssign, cst.NamedExpr)):
        return parent.target is name
    return isinstance(
        parent,
        (cst.AssignTarget, cst.AsName, cst.Param, cst.NameItem, cst.Element, cst.StarredElement),
    )


def _head(value: cst.BaseExpression, launches: Callable[[cst.Call], bool]) -> cst.Call | None:
    """Item 0 of a list display of two items or more, where it is a launch."""
    if not isinstance(value, cst.List) or len(value.elements) < 2:
        return None
    first = value.elements[0]
    if isinstance(first, cst.StarredElement) or not isinstance(first.value, cst.Call):
        return None
    return first.value if launches(first.value) else None


def _keeps_head(
    name: str,
    use: cst.Name,
    parent: cst.CSTNode | None,
    grand: cst.CSTNode | None,
    loops: dict[str, list[cst.For]],
    bound: dict[str, int],
) -> bool:
    """This use of ``name`` cannot take item 0 out of the list it holds."""
    if isinstance(parent, (cst.AssignTarget, cst.AnnAssign)) and parent.target is use:
        return True  # (re)bound
    if isinstance(parent, cst.Subscript) and parent.value is use:
        return _past_head(parent, loops, bound)
    if isinstance(parent, cst.Attribute) and parent.value is use:
        return parent.attr.value in _KEEPING and isinstance(grand, cst.Call)
    if isinstance(parent, cst.Arg) and not parent.star and isinstance(grand, cst.Call):
        return isinstance(grand.func, cst.Name) and grand.func.value == "len"
    return False


def _past_head(
    subscript: cst.Subscript, loops: dict[str, list[cst.For]], bound: dict[str, int]
) -> bool:
    """``ops[1]``, or ``ops[i]`` with ``i`` bound only by loops over ``range(c, ...)``,
    ``c >= 1``."""
    if len(subscript.slice) != 1 or not isinstance(subscript.slice[0].slice, cst.Index):
        return False
    index = subscript.slice[0].slice.value
    if isinstance(index, cst.Integer):
        return int_value(index) >= 1
    if not isinstance(index, cst.Name):
        return False
    fors = loops.get(index.value, [])
    return bool(fors) and bound.get(index.value) == len(fors) and all(map(_from_one, fors))


def _from_one(loop: cst.For) -> bool:
    """``for i in range(c, ...)`` with a constant ``c >= 1``."""
    it = loop.iter
    if not isinstance(it, cst.Call) or not isinstance(it.func, cst.Name):
        return False
    if it.func.value != "range" or len(it.args) < 2 or it.args[0].keyword or it.args[0].star:
        return False
    start = it.args[0].value
    return isinstance(start, cst.Integer) and int_value(start) >= 1
