"""A container's items as cells (round 29C of issue 17): what a read by a known key gives,
and what a guarded step of a loop over every item settles.

* ``d.get(k, fb)`` / ``d.pop(k, fb)`` of a dict kept by its constant keys (its ``[#keys]``
  marker holds: nothing was added to it since its display) where the key is known here (a
  literal, or a name bound to one, as an unrolled loop's target over string literals is): a
  key the dict lacks gives the default alone, a key it holds the item alone (and a ``pop``
  takes it out). Where the key is not known, ``get`` gives the items or the default
  (``Containers.container_method``).
* ``for p in pends: if p is not None: p.wait()``: on the path where ``p is None`` holds, the
  step took None, not the holder its copy stands for (``Loops.materialize``), so the copy is
  settled there and ``loop_done`` finds every item the other steps waited waited. Only for a
  walk of every item of one container (not a slice, nor a ``zip`` that may stop early)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import libcst as cst

from tilecheck.host.containers import root_of
from tilecheck.host.indices import At, axis_of
from tilecheck.host.model import DONE, Hold, Many, Oids, Value, flatten
from tilecheck.syntax.nodes import path_key, path_of

if TYPE_CHECKING:
    from tilecheck.host.containers import Containers
    from tilecheck.host.loops import Loops

_WHOLE_WRAPPERS = frozenset({"enumerate", "list", "tuple", "reversed", "iter"})


def keyed_get(an: Containers, call: cst.Call, func: cst.Attribute) -> Value | None:
    """``d.get(k, fb)`` / ``d.pop(k, fb)`` (two arguments, neither keyword nor starred) of a
    container the analysis keeps; None for any other call (nothing evaluated then)."""
    path = path_of(func.value)
    if len(call.args) != 2 or any(a.keyword or a.star for a in call.args) or path is None:
        return None
    if root_of(path) not in an._based or path + "[*]" not in an.env:
        return None
    key = call.args[0].value
    an.ev(key)  # (evaluated in order, as ``Containers.container_method`` does)
    default = an.ev(call.args[1].value)
    take = func.attr.value == "pop"
    known = _by_known_key(an, path, key, default, take=take)
    if known is not None:
        return known
    contents = an.env[path + "[*]"]
    if take:
        popped = an.popped_by_step(path, key, contents)
        popped = an.popped_at(path, key, contents) if popped is None else popped
        if popped is not None:
            return popped
    return Many(contents | flatten(default), None, False)  # the item or the default


def _by_known_key(
    an: Containers, path: str, key: cst.BaseExpression, default: Value, *, take: bool
) -> Value | None:
    """The value where the key's presence is known; None where either may be."""
    keys = an._key_order.get(path)
    if keys is None or f"{path}[#keys]" not in an.env:
        return None
    text = path_key(key)
    if text is None:
        axis = an.resolved(axis_of(key, an.ctx.constants))[0]
        text = repr(axis.key) if isinstance(axis, At) and isinstance(axis.key, str) else None
    if text is None or text[:1] not in ("'", '"'):
        return None
    if text not in keys:
        return default
    item = an.stored(f"{path}[{text}]")
    if item is None or not flatten(item) or f"{path}[=]" in an.env:
        return None
    if take:
        an.set_env(f"{path}[{text}]", None)
        an.set_env(path + "[*]", an.env.get(path + "[*]", frozenset()) - flatten(item))
    return item


def settle_taken(an: Loops, oids: Oids) -> None:
    """``p is None`` holds: the step's copies among ``oids`` stand for nothing on this path."""
    if not an._elements:
        return
    for oid in oids:
        hold = an.holds.get(oid)
        if hold is None or not hold.live:
            continue
        for loop in an._loop_of.values():
            if oid in an._elements.get(id(loop), ()) and _whole_walk(loop.iter):
                an.set_hold(oid, Hold(DONE, hold.borrows))
                break


def _whole_walk(iterable: cst.BaseExpression) -> bool:
    """``pends``, ``self.pends``, ``enumerate(pends)``, ``d.values()``: a walk of every item
    of one container; ``loads + readers``, ``chain(loads, readers)`` (round 36BF): of each
    of them in turn."""
    if type(iterable) is cst.BinaryOperation:
        added = cst.ensure_type(iterable, cst.BinaryOperation)
        return (
            type(added.operator) is cst.Add and _whole_walk(added.left) and _whole_walk(added.right)
        )
    if type(iterable) is cst.Call and _chained(cst.ensure_type(iterable, cst.Call).func):
        args = cst.ensure_type(iterable, cst.Call).args
        return bool(args) and all(
            not a.star and a.keyword is None and _whole_walk(a.value) for a in args
        )
    while type(iterable) is cst.Call:
        call = cst.ensure_type(iterable, cst.Call)
        func = call.func
        if type(func) is cst.Name and func.value in _WHOLE_WRAPPERS and len(call.args) == 1:
            iterable = call.args[0].value
        elif type(func) is cst.Attribute and func.attr.value == "values" and not call.args:
            iterable = func.value
        else:
            return False
    return type(iterable) is cst.Name or type(iterable) is cst.Attribute


def _chained(func: cst.BaseExpression) -> bool:
    """``chain`` or ``itertools.chain``: the items of each argument in turn."""
    if type(func) is cst.Attribute:
        attribute = cst.ensure_type(func, cst.Attribute)
        owner = attribute.value
        return (
            attribute.attr.value == "chain"
            and type(owner) is cst.Name
            and cst.ensure_type(owner, cst.Name).value == "itertools"
        )
    return type(func) is cst.Name and cst.ensure_type(func, cst.Name).value == "chain"


_RECORD_HOOKS = frozenset({"__init__", "__post_init__", "__del__", "__setattr__", "__new__"})


def plain_records(module: cst.Module | None) -> frozenset[str]:
    """The module's ``@dataclass`` classes with no base and none of the methods a
    construction or a collection runs: an instance only keeps its fields (``Job(n, pending)``
    waits nothing, drops nothing)."""
    found: set[str] = set()
    for stmt in module.body if module is not None else ():
        if type(stmt) is not cst.ClassDef or stmt.bases or stmt.keywords:
            continue
        dotted = [
            d.decorator.func if type(d.decorator) is cst.Call else d.decorator
            for d in stmt.decorators
        ]
        if not any(_names_dataclass(d) for d in dotted) or len(dotted) != 1:
            continue
        body = stmt.body.body if type(stmt.body) is cst.IndentedBlock else ()
        if not any(type(s) is cst.FunctionDef and s.name.value in _RECORD_HOOKS for s in body):
            found.add(stmt.name.value)
    return frozenset(found)


def _names_dataclass(expr: cst.BaseExpression) -> bool:
    if type(expr) is cst.Name:
        return expr.value == "dataclass"
    return type(expr) is cst.Attribute and expr.attr.value == "dataclass"
