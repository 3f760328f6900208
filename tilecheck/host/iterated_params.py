"""Unannotated parameters a function walks as lists of tensors (round 37S): ``def run(outs,
x): return [k(o.partition(s), x).submit() for o in outs]`` (or a loop of appends, ``for g, o
in zip(grads, outs)``) takes in ``outs`` a container of tensors, as if it were annotated
``list[Tensor]``: its items are "a tensor of ``outs``" (``("param-items", name)``), so the
summary's returned Pendings borrow the items of that parameter and the caller maps them to the
items of the list it gives, where a read before the wait is TC102.

Read from the syntax alone: a loop or comprehension ``for v in P`` (also ``enumerate(P)``,
``zip(P, ...)``, ``reversed(P)``, ``P.values()``, ``P.items()``, with a name or a tuple of
names as target) over a parameter ``P`` the body never rebinds, whose item name ``v`` is used
as only a tensor is (``v.partition(...)`` but not with a string argument, ``v.to_numpy()``,
``v.copy_from(...)``) or given to a launch for a parameter that takes a tensor (a Shared one:
a Mutable one takes a partition). A ``*outs`` parameter so walked is one too: the call's extra
positional arguments (``tilecheck.host.bound_args``). Nothing is claimed of a caller's value:
the caller maps the items to the tensors its argument holds, and to nothing where it holds
none."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.host import api
from tilecheck.host.launch import LaunchSignature
from tilecheck.host.parameter_index import rebound
from tilecheck.kernel_signature import ParamKind
from tilecheck.names import NameResolver
from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import own_nodes

_TENSOR_METHODS = frozenset({"partition", "to_numpy", "copy_from"})
_WRAPPERS = frozenset({"enumerate", "zip", "reversed", "list", "tuple"})
_MEMO: dict[int, tuple[cst.FunctionDef, frozenset[str]]] = {}


def iterated_tensor_params(
    fn: cst.FunctionDef, kernel_of: Callable[[cst.BaseExpression], LaunchSignature | None]
) -> frozenset[str]:
    """The unannotated parameters of ``fn`` walked as lists of tensors (see the module's doc);
    memoised per function (asked once per parameter)."""
    known = _MEMO.get(id(fn))
    if known is not None and known[0] is fn:
        return known[1]
    found = _iterated(fn, kernel_of)
    if len(_MEMO) > 512:  # (one module's functions at a time, in a long run)
        _MEMO.clear()
    _MEMO[id(fn)] = (fn, found)
    return found


def _iterated(
    fn: cst.FunctionDef, kernel_of: Callable[[cst.BaseExpression], LaunchSignature | None]
) -> frozenset[str]:
    star = fn.params.star_arg
    stars = (star,) if isinstance(star, cst.Param) else ()
    params = {
        p.name.value
        for p in (*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params, *stars)
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
        named = [a for a in call.args if type(a.value) is cst.Name and a.value.value in items]
        launch = kernel_of(func) if named else None
        if launch is not None:
            found.update(
                items[cst.ensure_type(a.value, cst.Name).value]
                for a in named
                if _takes_tensor(launch, call, a)
            )
    return frozenset(found - rebound(fn))


def _takes_tensor(launch: LaunchSignature, call: cst.Call, arg: cst.Arg) -> bool:
    """The launch's parameter ``arg`` is given for takes a tensor on the host (a Shared one; a
    library function's Mutable one too): a Mutable kernel parameter takes a partition."""
    if arg.star:
        return False
    if arg.keyword is not None:
        name: str | None = arg.keyword.value
    else:
        position = [a for a in call.args if a.keyword is None].index(arg)
        name = launch.positional[position] if position < len(launch.positional) else None
    param = launch.signature.param(name) if name is not None else None
    if param is None:
        return False
    kinds = (ParamKind.SHARED, ParamKind.MUTABLE) if launch.library else (ParamKind.SHARED,)
    return param.kind in kinds


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
    if type(it) is not cst.Call:
        return
    func = it.func
    if type(func) is cst.Attribute and type(func.value) is cst.Name and not it.args:
        _walked_dict(target, func.value.value, func.attr.value, params, items)
        return
    if type(func) is not cst.Name:
        return
    wrapper = func.value
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


def _walked_dict(
    target: cst.BaseAssignTargetExpression,
    walked: str,
    method: str,
    params: set[str],
    items: dict[str, str],
) -> None:
    """``for t in P.values()``, ``for k, t in P.items()``: the dict parameter's items."""
    if walked not in params:
        return
    if method == "values" and type(target) is cst.Name:
        items[target.value] = walked
    elif method == "items":
        names = _names(target)
        if names is not None and len(names) == 2 and names[1] is not None:
            items[names[1]] = walked


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
