"""Unannotated parameters a function walks as lists of tensors (round 37S): ``def run(outs,
x): return [k(o.partition(s), x).submit() for o in outs]`` (or a loop of appends, ``for g, o
in zip(grads, outs)``) takes in ``outs`` a container of tensors, as if it were annotated
``list[Tensor]``: its items are "a tensor of ``outs``" (``("param-items", name)``), so the
summary's returned Pendings borrow the items of that parameter and the caller maps them to the
items of the list it gives, where a read before the wait is TC102.

Read from the syntax alone: a loop or comprehension ``for v in P`` (also ``enumerate(P)``,
``zip(P, ...)``, ``reversed(P)``, with a name or a tuple of names as target) over a parameter
``P`` the body never rebinds, whose item name ``v`` is used as only a tensor is
(``v.partition(...)``, ``v.to_numpy()``, ``v.copy_from(...)``) or given to a kernel's launch
(``k(..., v)``). Nothing is claimed of a caller's value: the caller maps the items to the
tensors its argument holds, and to nothing where it holds none."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.host import api
from tilecheck.host.parameter_index import rebound
from tilecheck.names import NameResolver
from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import own_nodes

_TENSOR_METHODS = frozenset({"partition", "to_numpy", "copy_from"})
_WRAPPERS = frozenset({"enumerate", "zip", "reversed", "list", "tuple"})
_MEMO: dict[int, tuple[cst.FunctionDef, frozenset[str]]] = {}


def iterated_tensor_params(
    fn: cst.FunctionDef, is_kernel: Callable[[cst.BaseExpression], bool]
) -> frozenset[str]:
    """The unannotated parameters of ``fn`` walked as lists of tensors (see the module's doc);
    memoised per function (asked once per parameter)."""
    known = _MEMO.get(id(fn))
    if known is not None and known[0] is fn:
        return known[1]
    found = _iterated(fn, is_kernel)
    if len(_MEMO) > 512:  # (one module's functions at a time, in a long run)
        _MEMO.clear()
    _MEMO[id(fn)] = (fn, found)
    return found


def _iterated(
    fn: cst.FunctionDef, is_kernel: Callable[[cst.BaseExpression], bool]
) -> frozenset[str]:
    params = {
        p.name.value
        for p in (*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params)
        if p.annotation is None
    }
    if not params:
        return frozenset()
    items: dict[str, str] = {}  # an item's name -> the parameter walked
    calls: list[cst.Call] = []
    for node in own_nodes(fn.body):
        kind = type(node)
        if kind is cst.For or kind is cst.CompFor:
            loop = node if isinstance(node, cst.For | cst.CompFor) else None
            if loop is not None:
                _walked(loop.target, loop.iter, params, items)
        elif kind is cst.Call:
            calls.append(node)  # type: ignore[arg-type]
    if not items:
        return frozenset()
    found: set[str] = set()
    for call in calls:
        func = call.func
        if type(func) is cst.Attribute and func.attr.value in _TENSOR_METHODS:
            receiver = func.value
            if type(receiver) is cst.Name and receiver.value in items and not _text(call):
                found.add(items[receiver.value])
            continue
        named = [a.value.value for a in call.args if type(a.value) is cst.Name and not a.star]
        if any(n in items for n in named) and is_kernel(func):
            found.update(items[n] for n in named if n in items)
    return frozenset(found - rebound(fn))


def _walked(
    target: cst.BaseAssignTargetExpression,
    it: cst.BaseExpression,
    params: set[str],
    items: dict[str, str],
) -> None:
    """Note the item names ``target`` takes from parameters ``it`` walks."""
    if type(it) is cst.Name:
        if it.value in params and type(target) is cst.Name:
            items[target.value] = it.value
        return
    if type(it) is not cst.Call or type(it.func) is not cst.Name:
        return
    wrapper = it.func.value
    if wrapper not in _WRAPPERS or any(a.star or a.keyword is not None for a in it.args[:1]):
        return
    if wrapper in ("reversed", "list", "tuple"):
        if len(it.args) == 1:
            _walked(target, it.args[0].value, params, items)
        return
    names = _names(target)
    if names is None:
        return
    if wrapper == "enumerate":
        if len(names) == 2 and names[1] is not None and it.args:
            walked = it.args[0].value
            if type(walked) is cst.Name and walked.value in params:
                items[names[1]] = walked.value
        return
    given = [a.value for a in it.args if a.keyword is None and not a.star]
    if len(given) != len(names):
        return
    for name, walked in zip(names, given, strict=True):
        if name is not None and type(walked) is cst.Name and walked.value in params:
            items[name] = walked.value


def _text(call: cst.Call) -> bool:
    """``line.partition(":")``: a string's method, not a tensor's."""
    return any(isinstance(a.value, cst.BaseString) for a in call.args)


def _names(target: cst.BaseAssignTargetExpression) -> list[str | None] | None:
    """The names of a tuple target, by position (None: not a name)."""
    if type(target) is not cst.Tuple and type(target) is not cst.List:
        return None
    return [e.value.value if type(e.value) is cst.Name else None for e in target.elements]


def tensor_container(annotation: cst.BaseExpression, resolver: NameResolver) -> bool:
    """``list[Tensor]``, ``Sequence[tr.Tensor[f32]]``, ``dict[str, Tensor]``..."""
    if not isinstance(annotation, cst.Subscript):
        return False
    dotted = dotted_name(annotation.value)
    if dotted is None or resolver.resolve(dotted) not in api.CONTAINER_TYPES:
        return False
    for element in annotation.slice:
        index = element.slice
        inner = index.value if isinstance(index, cst.Index) else None
        if isinstance(inner, cst.Subscript):
            inner = inner.value
        found = dotted_name(inner) if inner is not None else None
        if found is not None and resolver.resolve(found) == api.TENSOR_TYPE:
            return True
    return False
