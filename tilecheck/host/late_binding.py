"""Lambdas made in a comprehension that read its variable late (round 33D of issue 17).

``readers = [lambda: outs[i].to_numpy() for i in range(3)]`` makes three lambdas that share
the comprehension's ``i``: each reads it when it is called, after the comprehension ended, so
every one of them reads ``outs[2]`` (Python's late binding of closures). ``readers[0]()``
therefore reads the last output, which may still be in flight (TC102 at the read, inside the
lambda, where the runtime raises). A lambda that binds ``i=i`` as a default is the other form
(``Closures.note_closure_items``).

Kept only where every item is the same lambda of no parameters, made by one ``for`` over
``range`` of a known count (at least one) with no ``if``; where the lambda reads the
comprehension's variable only as the index of a name (``outs[i]``), and that name's item by
the last index is one the analysis keeps (``outs[2]``); the other names it reads are the
enclosing scope's, read when it runs. A call of an item by a constant index (``readers[0]()``)
runs it, with the list bound once in this scope and named nowhere else but in such calls (no
item replaced, no list rebound)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import libcst as cst

from tilecheck.host.model import Oids, Value, flatten
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.walk import children

Made = tuple[cst.Lambda, dict[str, Oids]]


def late_lambda(
    value: cst.BaseExpression,
    constants: Mapping[str, int],
    stored: Callable[[str], Value | None],
) -> Made | None:
    """``[lambda: ... xs[i] ... for i in range(n)]``: the lambda, with what each name it
    indexes by ``i`` holds at the last index (the one every call reads)."""
    if type(value) is not cst.ListComp:
        return None
    lam, comp = value.elt, value.for_in
    if type(lam) is not cst.Lambda or comp.inner_for_in is not None or comp.ifs:
        return None
    params = lam.params
    if params.params or params.posonly_params or params.kwonly_params:
        return None
    if isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None:
        return None
    if type(comp.target) is not cst.Name or comp.asynchronous is not None:
        return None
    count = _range_count(comp.iter, constants)
    if count is None or count < 1:
        return None
    step = comp.target.value
    indexed = _indexed_by(lam.body, step)
    if indexed is None:
        return None
    defaults: dict[str, Oids] = {}
    for name in indexed:
        held = stored(f"{name}[{count - 1}]")
        if held is None:
            return None
        defaults[name] = flatten(held)
    return lam, defaults


def _range_count(iterable: cst.BaseExpression, constants: Mapping[str, int]) -> int | None:
    if not (
        type(iterable) is cst.Call
        and type(iterable.func) is cst.Name
        and iterable.func.value == "range"
        and len(iterable.args) == 1
        and iterable.args[0].keyword is None
        and not iterable.args[0].star
    ):
        return None
    return const_int(iterable.args[0].value, constants)


def _indexed_by(body: cst.BaseExpression, step: str) -> set[str] | None:
    """The names ``body`` indexes by ``step`` (``xs[step]``); None where ``step`` is used
    otherwise, or such a name is also used otherwise."""
    indexed: set[str] = set()
    other: set[str] = set()
    allowed: set[int] = set()
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        if type(node) is cst.Subscript and type(node.value) is cst.Name and len(node.slice) == 1:
            index = node.slice[0].slice
            if type(index) is cst.Index and type(index.value) is cst.Name:
                if index.value.value == step:
                    indexed.add(node.value.value)
                    allowed |= {id(node.value), id(index.value)}
        elif type(node) is cst.Name and id(node) not in allowed:
            other.add(node.value)
        stack.extend(children(node))
    if step in other or indexed & other:
        return None
    return indexed


def item_call(call: cst.Call, constants: Mapping[str, int]) -> str | None:
    """``readers[0]()``: the name of the list whose item (by a constant index) is called."""
    func = call.func
    if type(func) is not cst.Subscript or type(func.value) is not cst.Name:
        return None
    if len(func.slice) != 1 or type(func.slice[0].slice) is not cst.Index:
        return None
    index = const_int(func.slice[0].slice.value, constants)
    return func.value.value if index is not None else None


def only_called(scope: cst.CSTNode, name: str) -> bool:
    """``name`` is bound once in ``scope`` and otherwise named only as ``name[k]()``."""
    bound = 0
    stack: list[cst.CSTNode] = [scope]
    allowed: set[int] = set()
    while stack:
        node = stack.pop()
        if type(node) is cst.Call:
            func = cst.ensure_type(node, cst.Call).func
            if type(func) is cst.Subscript and type(func.value) is cst.Name:
                if func.value.value == name:
                    allowed.add(id(func.value))
        elif type(node) is cst.AssignTarget:
            target = cst.ensure_type(node, cst.AssignTarget).target
            if type(target) is cst.Name and target.value == name:
                bound += 1
                allowed.add(id(target))
        elif type(node) is cst.Name and id(node) not in allowed:
            if cst.ensure_type(node, cst.Name).value == name:
                return False
        stack.extend(children(node))
    return bound == 1
