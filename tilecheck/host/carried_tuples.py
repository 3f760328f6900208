"""A Pending carried to the next turn in a tuple (round 41W of issue 17).

``in_flight = None`` before a loop, ``in_flight = (pend, y)`` at a turn's end, and in the next
turn ``prev_pend, prev_y = in_flight`` (or ``in_flight[0].wait()``): a pipeline keeping one
batch in flight, its Pending and its output carried together. The analysis keeps the tuple's
items under paths of the name (``in_flight[0]``), which ``Frame.leave`` took for a container
something else may hold, so the last turn's Pending, never waited when the function returns,
was no TC108 there, where ``prev = pend`` is one.

A tuple cannot be appended to, and a name the function binds only to tuple displays or
``None`` and uses only by unpacking it, reading an item of it or testing it against ``None``
is held by the function alone: what its items hold is held as a plain local name holds it.
Any other use (passed to a call, returned, stored, rebound otherwise, named by a nested
function or declared ``global``) keeps the old reading (held elsewhere: silent)."""

from __future__ import annotations

from typing import Protocol

import libcst as cst

from tilecheck.syntax.walk import children

_MEMO: dict[int, tuple[cst.CSTNode, frozenset[str]]] = {}


class _Body(Protocol):
    """The body being analysed (``Frame``'s fields)."""

    @property
    def outer_names(self) -> frozenset[str]: ...
    @property
    def parameters(self) -> frozenset[str]: ...
    @property
    def scope_node(self) -> cst.FunctionDef | None: ...


def local_holder(name: str, body: _Body) -> bool:
    """``name`` (an env key) is held by the function's own names only: a plain local name
    (not ``global`` or ``nonlocal``), or an item path of a name ``tuple_names`` gives."""
    outer = body.outer_names
    if name.isidentifier():
        return name not in outer
    root, bracket, _ = name.partition("[")
    scope = body.scope_node
    if not bracket or not root.isidentifier() or scope is None:
        return False
    if root in outer or root in body.parameters:
        return False
    return root in tuple_names(scope)


def tuple_names(scope: cst.CSTNode) -> frozenset[str]:
    """The names ``scope``'s body binds to a tuple display (and otherwise only to ``None``)
    and uses only as the module docstring says (memoised per function)."""
    known = _MEMO.get(id(scope))
    if known is not None and known[0] is scope:
        return known[1]
    found = _scan(scope)
    if len(_MEMO) > 512:
        _MEMO.clear()
    _MEMO[id(scope)] = (scope, found)
    return found


def _scan(scope: cst.CSTNode) -> frozenset[str]:
    bound: set[str] = set()  # names given a tuple display somewhere
    allowed: set[int] = set()  # the Name nodes used as a carried tuple may be
    body = scope.body if isinstance(scope, cst.FunctionDef) else scope
    nodes: list[cst.CSTNode] = []
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        nodes.append(node)
        if type(node) is cst.Attribute:
            stack.append(node.value)  # (not the attribute's own name)
            continue
        stack.extend(children(node))
    for node in nodes:
        kind = type(node)
        if kind is cst.Assign or kind is cst.AnnAssign:
            _assigned(node, bound, allowed)  # type: ignore[arg-type]
        elif kind is cst.Subscript:
            value = node.value  # type: ignore[attr-defined]
            if type(value) is cst.Name:
                allowed.add(id(value))
        elif kind is cst.Comparison:
            left = node.left  # type: ignore[attr-defined]
            if type(left) is cst.Name and all(
                type(c.operator) in (cst.Is, cst.IsNot)
                and type(c.comparator) is cst.Name
                and c.comparator.value == "None"
                for c in node.comparisons  # type: ignore[attr-defined]
            ):
                allowed.add(id(left))
        elif kind is cst.If or kind is cst.While:
            test = node.test  # type: ignore[attr-defined]
            if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
                test = test.expression
            if type(test) is cst.Name:
                allowed.add(id(test))
    for node in _stored(nodes):  # ``in_flight[0] = ...``: an item stored, not read
        allowed.discard(id(node))
    if not bound:
        return frozenset()
    bad = {
        n.value for n in nodes if type(n) is cst.Name and n.value in bound and id(n) not in allowed
    }
    return frozenset(bound - bad)


def _assigned(node: cst.Assign | cst.AnnAssign, bound: set[str], allowed: set[int]) -> None:
    """A binding of a carrier (``name = (a, b)`` or ``name = None``, one target) or an
    unpacking of one (``a, b = name``)."""
    value = node.value
    targets = [node.target] if isinstance(node, cst.AnnAssign) else [t.target for t in node.targets]
    if value is None:
        return
    if len(targets) == 1 and type(targets[0]) is cst.Name:
        if type(value) is cst.Tuple:
            bound.add(targets[0].value)
            allowed.add(id(targets[0]))
        elif type(value) is cst.Name and value.value == "None":
            allowed.add(id(targets[0]))
    if type(value) is cst.Name and all(type(t) in (cst.Tuple, cst.List) for t in targets):
        allowed.add(id(value))


def _stored(nodes: list[cst.CSTNode]) -> list[cst.CSTNode]:
    """The names a store, an augmented assignment or a ``del`` writes an item of."""
    out: list[cst.CSTNode] = []
    for node in nodes:
        kind = type(node)
        if kind is cst.Assign:
            targets = [t.target for t in node.targets]  # type: ignore[attr-defined]
        elif kind in (cst.AugAssign, cst.AnnAssign, cst.Del, cst.For, cst.CompFor):
            targets = [node.target]  # type: ignore[attr-defined]
        else:
            continue
        stack: list[cst.CSTNode] = list(targets)
        while stack:
            current = stack.pop()
            if type(current) is cst.Subscript and type(current.value) is cst.Name:
                out.append(current.value)
            elif type(current) in (cst.Tuple, cst.List):
                stack.extend(e.value for e in current.elements)  # type: ignore[attr-defined]
            elif type(current) is cst.StarredElement:
                stack.append(current.value)
    return out
