"""Parts of one tensor the checker cannot place (round 41V of issue 17): ``pool[b]`` of a walk
over a list it does not know, ``self.k[layer, pos : pos + 1]`` of a method whose ``pos`` it
does not fold, a view a call's summary takes of a part the caller cannot name. The same such
view, its index unchanged, is one object, and an op's borrow of it meets its later use; but
once the index is rebound (the walk's next item, the method's next call) the earlier view is
only *some* part of the tensor, and the new one another part that may or may not be it
(``for b in blocks`` with distinct blocks writes each block once, which is what users write).

A use is checked against the borrows of every tensor it may share memory with
(``tilecheck.host.aliasing``); a borrow of such an unplaced part that reaches the use only as
a may-be (another part of the same tensor, neither a view of the other, neither spanning the
whole) is not a finding: the checker cannot know, so it stays silent. The whole tensor, a
view of all of it, and the same view object, its index unchanged, stay findings; so do the
walks of items the module writes out (a display with a repeated item is a real fault)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

import libcst as cst

from tilecheck.flow.elements import ElementKind
from tilecheck.host.bound_once import scope_statements
from tilecheck.host.global_views import once_values
from tilecheck.host.indices import Affine, At, Axis
from tilecheck.host.model import ObjInfo, Oids
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import target_names

# calls that walk the items of their first argument (or of each, ``zip``) in some order
_PASSING = frozenset({"enumerate", "zip", "reversed", "sorted", "list", "tuple", "iter", "set"})
_VIEWS = frozenset({"items", "values", "keys", "copy"})  # a container's items, walked


class _Placing(Protocol):
    """What of the analysis (``Views``) this reads."""

    @property
    def infos(self) -> list[ObjInfo]: ...

    @property
    def primary(self) -> Mapping[int, int]: ...

    @property
    def unplaced(self) -> set[int]: ...

    @property
    def turns_apart(self) -> Mapping[int, tuple[int, frozenset[int | str]]]: ...

    def whole_view(self, oid: int) -> bool: ...

    def related(self, tensors: Oids) -> Oids: ...

    def certain_overlap(self, first: Oids, second: Oids) -> int | None: ...


def claimable(an: _Placing, tensors: Oids, related: Oids) -> Oids:
    """``related`` (what ``tensors`` may share memory with) less the tensors that share it
    with none of ``tensors`` certainly, each being only some unplaced part of a tensor one
    of ``tensors`` is another part of."""
    if not an.unplaced and not an.turns_apart:
        return related
    dropped = {
        other
        for other in related - tensors
        if (_unplaced(an, other) and all(_may_only(an, other, t) for t in tensors))
        or (an.turns_apart and tensors and all(_turn_apart(an, other, t) for t in tensors))
    }
    return related - dropped if dropped else related


def _turn_apart(an: _Placing, other: int, used: int) -> bool:
    """``other`` is what a view took on an earlier turn of a walk whose turns each take an
    item no earlier turn took (``tilecheck.host.distinct_walks``): its part then, or the
    summary of the view itself, and ``used`` is the view again (the next turn's item); or
    ``other`` is such a view or its part, and ``used`` a part of the same tensor at a
    constant the walk never takes (``pool[2]`` beside ``pool[page]`` of pages 0, 1, 3)."""
    record = an.turns_apart.get(other)
    if record is None:
        origin = other if an.infos[other].selects else an.primary.get(other)
        record = next((r for r in an.turns_apart.values() if r[0] == origin), None)
        if record is None:
            return False
    item, values = record
    if used == item:
        return other != item
    walked, taken = an.infos[item].selects, an.infos[used].selects
    if len(walked) != 1 or len(taken) != 1 or walked[0].of != taken[0].of:
        return False
    first, second = walked[0].axes, taken[0].axes
    if not first or not second or not taken[0].memory:
        return False
    at = second[0]
    return _plain(first[0]) and isinstance(at, At) and at.key not in values


def _plain(axis: Axis | None) -> bool:
    """``axis`` is the walk's name itself (``pool[page]``)."""
    return (
        isinstance(axis, Affine)
        and (axis.a, axis.b, axis.mod, axis.lo, axis.hi, axis.stride) == (1, 0, None, 0, 0, 0)
        and (axis.width, axis.edge) == (None, None)
    )


def _may_only(an: _Placing, a: int, b: int) -> bool:
    """``a`` may share memory with ``b`` but nothing shows it does."""
    if a not in an.related(frozenset({b})):
        return True  # (not met through ``b``)
    first, second = _part(an, a), _part(an, b)
    if first is None or second is None:
        return False
    return an.certain_overlap(frozenset({a}), frozenset({b})) is None


def _unplaced(an: _Placing, oid: int) -> bool:
    """``oid`` is a part no one can place (``Views.unplaced``), or what one became as its
    index was rebound (its summary)."""
    seen: set[int] = set()
    while oid not in seen:
        if oid in an.unplaced:
            return _part(an, oid) is not None
        seen.add(oid)
        origin = an.primary.get(oid)
        if origin is None:
            return False
        oid = origin
    return False


def bound_unknown(
    index: SyntaxIndex,
    scope: cst.CSTNode,
    module: cst.CSTNode | None,
    parameters: frozenset[str],
    kind: ElementKind,
    node: cst.CSTNode,
    name: str,
    given: Mapping[str, cst.BaseExpression] | None = None,
) -> bool:
    """The element ``node`` (of ``kind``) binds ``name`` to the next item of a walk of values
    the module's code does not write out (``walks_unknown``), or to an item of such an item
    (``last = pages[-1]`` in ``for pages in tables.values()``): a value that may be the one
    it had the turn before, or not."""
    if kind is ElementKind.FOR_TARGET:
        if type(node) is not cst.For or name not in target_names(node.target):
            return False
        return walks_unknown(index, scope, module, parameters, node.iter, given)
    if kind is not ElementKind.STMT or type(node) is not cst.Assign or len(node.targets) != 1:
        return False
    target, value = node.targets[0].target, node.value
    if type(target) is not cst.Name or target.value != name or type(value) is not cst.Subscript:
        return False
    while type(value) is cst.Subscript:
        value = value.value
    if type(value) is not cst.Name:
        return False
    walked = index.fact(scope, _walked_by).get(value.value)
    return (
        walked is not None
        and value.value in index.fact(scope, _for_targets)
        and walks_unknown(index, scope, module, parameters, walked, given)
    )


def walks_unknown(
    index: SyntaxIndex,
    scope: cst.CSTNode,
    module: cst.CSTNode | None,
    parameters: frozenset[str],
    expr: cst.BaseExpression,
    given: Mapping[str, cst.BaseExpression] | None = None,
) -> bool:
    """The items ``for x in expr`` walks are values the module's code does not write out: a
    parameter's, an attribute's, what a call gives (not a display of the scope or the
    module, nor the items of another walk of such). Two turns of such a walk may take the
    same item or not: no one can say. A parameter in ``given`` (a body run in place, its
    call giving a display with a repeated item) is that display: the walk takes an item
    twice, a real fault (round 41V2)."""
    seen: set[str] = set()
    while True:
        if type(expr) is cst.Call:
            func, args = expr.func, expr.args
            if type(func) is cst.Name and func.value in _PASSING and args:
                if func.value == "zip":
                    return any(
                        walks_unknown(index, scope, module, parameters, a.value, given)
                        for a in args
                    )
                expr = args[0].value
                continue
            if type(func) is cst.Attribute and func.attr.value in _VIEWS and not args:
                expr = func.value
                continue
            return True
        if type(expr) is cst.Subscript:
            expr = expr.value
            continue
        if type(expr) in (cst.List, cst.Tuple, cst.Set, cst.Dict):
            return False
        if type(expr) is not cst.Name:
            return True
        name = expr.value
        if given and name in given and name not in seen:
            seen.add(name)
            expr = given[name]
            continue
        if name in parameters or name in seen:
            return True
        seen.add(name)
        found = _value_of(index, scope, module, name)
        if found is None:
            return True
        expr = found


def _value_of(
    index: SyntaxIndex, scope: cst.CSTNode, module: cst.CSTNode | None, name: str
) -> cst.BaseExpression | None:
    """What ``name`` is bound to in ``scope`` (or, not bound there, in the module): its one
    assigned value, or the iterable of the one loop whose target it is."""
    for where in (scope, module):
        if where is None:
            continue
        bound = once_values(index, where)
        if name not in bound:
            continue
        value = bound[name]
        if value is not None:
            return value
        return index.fact(where, _walked_by).get(name)
    return None


def value_of(
    index: SyntaxIndex, scope: cst.CSTNode, module: cst.CSTNode | None, name: str
) -> cst.BaseExpression | None:
    """What ``name`` is bound to (``_value_of``)."""
    return _value_of(index, scope, module, name)


def walked_by(index: SyntaxIndex, scope: cst.CSTNode) -> dict[str, cst.BaseExpression]:
    """The names one ``for`` of ``scope`` binds, with its iterable (``_walked_by``)."""
    return index.fact(scope, _walked_by)


def body_of(scope: cst.CSTNode) -> Sequence[cst.BaseStatement]:
    """The statements of a module's or a function's body (``_body``)."""
    return _body(scope)


def _walked_by(index: SyntaxIndex, scope: cst.CSTNode) -> dict[str, cst.BaseExpression]:
    """The names one ``for`` of ``scope`` binds, with its iterable, and those one annotated
    assignment binds, with its value (each bound so once)."""
    body = _body(scope)
    found: dict[str, cst.BaseExpression] = {}
    twice: set[str] = set()
    for stmt in scope_statements(body):
        bound: list[tuple[str, cst.BaseExpression]] = []
        if type(stmt) is cst.For:
            bound = [(name, stmt.iter) for name in target_names(stmt.target)]
        elif type(stmt) is cst.SimpleStatementLine:
            bound = [
                (small.target.value, small.value)
                for small in stmt.body
                if type(small) is cst.AnnAssign
                and type(small.target) is cst.Name
                and small.value is not None
            ]
        for name, value in bound:
            if name in found:
                twice.add(name)
            found[name] = value
    return {n: v for n, v in found.items() if n not in twice}


class _Calling(Protocol):
    @property
    def ctx(self) -> _Context: ...

    @property
    def unplaced(self) -> set[int]: ...

    @property
    def env(self) -> Mapping[str, Oids]: ...

    @property
    def scope_node(self) -> cst.CSTNode | None: ...


class _Context(Protocol):
    @property
    def index(self) -> SyntaxIndex: ...

    @property
    def module(self) -> cst.Module | None: ...


def per_call(an: _Calling, view: int, call: cst.Call, *, some: bool) -> None:
    """``view``, the part a call's summary takes of an attribute where the caller cannot name
    it (``some``), is unplaced where the call passes a loop's target (``turn_varying``)."""
    if some and turn_varying(an, call):
        an.unplaced.add(view)


def turn_varying(an: _Calling, call: cst.Call) -> bool:
    """``call`` passes a loop's target (``cache.append(layer, x)`` in ``for layer in ...``),
    no object the analysis follows: what part it takes of an attribute may differ per turn
    (``self.k[layer, pos : pos + 1]``), so the part one turn's call took is only some part
    beside the next turn's."""
    scope = an.scope_node if an.scope_node is not None else an.ctx.module
    if scope is None:
        return False
    walked = an.ctx.index.fact(scope, _for_targets)
    return any(
        type(arg.value) is cst.Name
        and not arg.star
        and arg.value.value in walked
        and not an.env.get(arg.value.value)
        for arg in call.args
    )


def _for_targets(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[str]:
    """The names a ``for`` of ``scope`` binds (nested scopes not)."""
    body = _body(scope)
    return frozenset(
        name
        for stmt in scope_statements(body)
        if type(stmt) is cst.For
        for name in target_names(stmt.target)
    )


def _body(scope: cst.CSTNode) -> Sequence[cst.BaseStatement]:
    """The statements of a module's or a function's body (nothing for anything else)."""
    if type(scope) is cst.Module:
        return scope.body
    if type(scope) is cst.FunctionDef and type(scope.body) is cst.IndentedBlock:
        return scope.body.body
    return ()


def _part(an: _Placing, oid: int) -> tuple[int, tuple[Axis | None, ...] | None] | None:
    """``oid`` as a part of one tensor, not all of it: that tensor and the part's axes (None:
    some part); a summary of such a part (the view its index was rebound from) is some part
    of the same tensor. None: not a part."""
    seen: set[int] = set()
    axes_known = True
    while True:
        if oid in seen:
            return None
        seen.add(oid)
        selects = an.infos[oid].selects
        if selects:
            break
        origin = an.primary.get(oid)
        if origin is None:
            return None
        oid, axes_known = origin, False
    if len(selects) != 1 or an.whole_view(oid):
        return None
    (select,) = selects
    if not select.memory or len(select.of) != 1:
        return None
    return next(iter(select.of)), select.axes if axes_known else None
