"""Loops that store under a key that repeats (round 24E of issue 17): ``for rid, t in
[(7, a), (8, b), (7, c)]: inflight[rid] = k(t...).submit()``. The loop walks a display (or a
name bound once to one and otherwise only walked by ``for`` loops), and the key of the store is
a name its target binds to a string or integer constant on every turn, the same constant on
two turns: the second of those turns writes over the item the first stored. Read from the
syntax alone; ``tilecheck.host.overwrites`` says whether what the item held was dropped."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.host.model import Oids, Packed, flatten
from tilecheck.syntax.nodes import path_key
from tilecheck.syntax.walk import children


def repeated_key(loop: cst.For, key: str, module: cst.Module | None) -> bool:
    """``key`` is a name ``loop``'s target binds, never bound in its body, to constants of
    which one comes twice."""
    position = _position(loop.target, key)
    if position is None or _binds(loop.body, key):
        return False
    items = _display(loop.iter, module)
    if items is None:
        return False
    seen: set[str] = set()
    for item in items:
        value = item if position < 0 else _part(item, position, loop.target)
        constant = path_key(value) if value is not None else None
        if constant is None:
            return False
        if constant in seen:
            return True
        seen.add(constant)
    return False


def _position(target: cst.BaseExpression, key: str) -> int | None:
    """-1 where the target is ``key`` itself; its index in a flat tuple target; else None."""
    if type(target) is cst.Name:
        return -1 if target.value == key else None
    if type(target) in (cst.Tuple, cst.List):
        elements = cast(cst.Tuple, target).elements
        names = [e.value.value if type(e.value) is cst.Name else None for e in elements]
        if any(type(e) is cst.StarredElement for e in elements) or names.count(key) != 1:
            return None
        return names.index(key)
    return None


def _part(
    item: cst.BaseExpression, position: int, target: cst.BaseExpression
) -> cst.BaseExpression | None:
    if type(item) not in (cst.Tuple, cst.List):
        return None
    elements = cast(cst.Tuple, item).elements
    if len(elements) != len(cast(cst.Tuple, target).elements):
        return None
    if any(type(e) is cst.StarredElement for e in elements):
        return None
    return elements[position].value


def _elements(node: cst.BaseExpression) -> list[cst.BaseExpression] | None:
    if type(node) not in (cst.Tuple, cst.List):
        return None
    elements = cast(cst.Tuple, node).elements
    if any(type(e) is cst.StarredElement for e in elements):
        return None
    return [e.value for e in elements]


def _display(
    iterable: cst.BaseExpression, module: cst.Module | None
) -> list[cst.BaseExpression] | None:
    """The items a loop over ``iterable`` walks: a display's, or those of the one display a
    name of the module is bound to, where every other mention of it is a ``for``'s iterable."""
    direct = _elements(iterable)
    if direct is not None or type(iterable) is not cst.Name or module is None:
        return direct
    name = iterable.value
    bound: list[cst.BaseExpression] = []
    walked = 0
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Name and cast(cst.Name, node).value == name:
            return None  # any mention not accounted for below
        if kind is cst.For and type(cast(cst.For, node).iter) is cst.Name:
            loop = cast(cst.For, node)
            if cast(cst.Name, loop.iter).value == name:
                walked += 1
                stack.extend(c for c in children(node) if c is not loop.iter)
                continue
        if kind is cst.Assign:
            assign = cast(cst.Assign, node)
            targets = [t.target for t in assign.targets]
            if len(targets) == 1 and type(targets[0]) is cst.Name:
                if targets[0].value == name:
                    bound.append(assign.value)
                    stack.append(assign.value)
                    continue
        if kind is cst.AnnAssign:
            ann = cast(cst.AnnAssign, node)
            if type(ann.target) is cst.Name and ann.target.value == name:
                if ann.value is None:
                    return None
                bound.append(ann.value)
                stack.append(ann.value)
                continue
        stack.extend(children(node))
    if len(bound) != 1 or not walked:
        return None
    return _elements(bound[0])


def _binds(body: cst.BaseSuite, key: str) -> bool:
    """Some node of ``body`` may bind ``key`` (an assignment, loop, ``with`` or handler target,
    walrus, ``del``, import; any nested scope, ``global``, ``nonlocal`` or ``match``)."""
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind in _SCOPES:
            return True
        target = _TARGETS.get(kind)
        if target is not None and key in _bound(getattr(node, target)):
            return True
        if kind in (cst.Import, cst.ImportFrom) and key in _names(node):
            return True
        stack.extend(children(node))
    return False


_SCOPES = (cst.Global, cst.Nonlocal, cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.Match)
_TARGETS = {
    cst.AssignTarget: "target",
    cst.AugAssign: "target",
    cst.AnnAssign: "target",
    cst.NamedExpr: "target",
    cst.Del: "target",
    cst.For: "target",
    cst.CompFor: "target",
    cst.AsName: "name",
}


def _bound(target: cst.CSTNode) -> list[str]:
    """The names a target binds (not those inside its subscripts or attributes)."""
    kind = type(target)
    if kind is cst.Name:
        return [cast(cst.Name, target).value]
    if kind in (cst.Tuple, cst.List):
        return [n for e in cast(cst.Tuple, target).elements for n in _bound(e.value)]
    if kind is cst.StarredElement:
        return _bound(cast(cst.StarredElement, target).value)
    return []


def _names(node: cst.CSTNode) -> list[str]:
    out: list[str] = []
    stack: list[cst.CSTNode] = [node]
    while stack:
        inner = stack.pop()
        if type(inner) is cst.Name:
            out.append(inner.value)
        stack.extend(children(inner))
    return out


def distinct_column(rows: Packed, position: int, width: int) -> Oids | None:
    """What ``position`` of the rows of a display takes, where every row is a tuple of
    ``width`` and each row's item there is tracked and shares no object with another row's:
    each step takes another one."""
    seen: set[int] = set()
    for row in rows.items:
        if not isinstance(row, Packed) or len(row.items) != width or row.keys is not None:
            return None
        oids = flatten(row.items[position])
        if not oids or not seen.isdisjoint(oids):
            return None
        seen |= oids
    return frozenset(seen) if len(rows.items) > 1 else None
