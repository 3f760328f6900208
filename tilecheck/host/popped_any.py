"""An item taken out of a dict of in-flight work by a computed key and dropped (round 35K of
issue 17).

A scheduler keeps one Pending per request and drops the entries of finished requests::

    inflight = {}
    for rid in outs:
        inflight[rid] = k(tiles(outs[rid]), x).submit()
    for rid in finished:
        inflight.pop(rid)          # (or ``del inflight[rid]``, ``inflight.popitem()``)

Each pop takes one Pending out and nothing waits on it: tilert collects it unwaited (TC108 at
its submit). ``tilecheck.host.popped_items`` tells this where the key is a constant (the cell
under it is known); under a computed key the analysis keeps one joined cell, so which item
leaves is not known. It need not be: where every item the dict may hold is a Pending made at
one submit, live on every path (none ever waited), and none is held by any other name, the
item a pop certainly takes out (``d.pop(k)`` raises where ``k`` is missing; ``popitem()`` where
the dict is empty; ``del d[k]`` alike) is one of them, dropped unwaited.

That every item is such a Pending, and that none was waited through the dict, is read from the
syntax (a dict's joined cell shows no item that is no tilert object, such as ``None``, and a wait
of ``d[k]`` under a computed key settles none of its items for certain): the dict is a local
name bound once, to ``{}`` or ``dict()``; every store into it is ``d[k] = <call>.submit()`` (or
a ``d.setdefault(k, <call>.submit())`` statement); every other use of it takes no item out but
to drop it (``d.pop(k)``, ``d.popitem()`` as statements, ``del d[k]``) or reads none (``len(d)``,
``k in d``, ``while d:``, ``d.keys()``, a ``for`` over its keys). Anything else: nothing is said."""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import empty_dict
from tilecheck.syntax.walk import with_parents

_DROPPING = frozenset({"pop", "popitem"})  # as statements alone: their result dropped


def pops_one(expr: cst.BaseExpression) -> tuple[str, cst.Call | cst.Del] | None:
    """The dict's name and the statement, for ``d.pop(k)`` (no default) and ``d.popitem()``
    as statements: each certainly takes one item out where it returns."""
    if type(expr) is not cst.Call or type(expr.func) is not cst.Attribute:
        return None
    func, args = expr.func, expr.args
    if type(func.value) is not cst.Name or any(a.star or a.keyword for a in args):
        return None
    if (func.attr.value, len(args)) not in (("pop", 1), ("popitem", 0)):
        return None
    return func.value.value, expr


def deleted_one(target: cst.BaseExpression) -> str | None:
    """The dict's name for ``del d[k]`` (one key): it takes one item out where it returns."""
    if type(target) is not cst.Subscript or type(target.value) is not cst.Name:
        return None
    if len(target.slice) != 1 or type(target.slice[0].slice) is not cst.Index:
        return None
    return target.value.value


def submits_only(index: SyntaxIndex, scope: cst.CSTNode, name: str) -> bool:
    """``name`` in ``scope`` is a dict every item of which is a Pending a store there made
    (the forms of the module's docstring)."""
    return name in index.fact(scope, _submit_dicts)


def _submit_dicts(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[str]:
    """The names of ``scope`` that ``submits_only`` accepts."""
    binds: dict[str, int] = {}
    bad: set[str] = set()
    dropped = {id(n.value) for n, _, _ in with_parents(scope) if type(n) is cst.Expr}
    for node, parent, above in with_parents(scope):
        if type(node) is not cst.Name:
            continue
        name = node.value
        if isinstance(parent, cst.AssignTarget) and parent.target is node:
            binds[name] = binds.get(name, 0) + 1
            if not (isinstance(above, cst.Assign) and empty_dict(above.value)):
                bad.add(name)
        elif isinstance(parent, cst.AnnAssign) and parent.target is node:
            binds[name] = binds.get(name, 0) + 1
            if parent.value is None or not empty_dict(parent.value):
                bad.add(name)
        elif not _use_ok(node, parent, above, dropped):
            bad.add(name)
    found = (n for n, count in binds.items() if count == 1 and n not in bad)
    return frozenset(n for n in found if _stored_submits(scope, n))


def _use_ok(
    node: cst.Name, parent: cst.CSTNode | None, above: cst.CSTNode | None, dropped: set[int]
) -> bool:
    """A use of the dict that stores a Pending made there, drops an item, or reads no item
    (nothing can wait an item taken out another way)."""
    if isinstance(parent, cst.Attribute):
        if parent.attr is node:
            return True  # (another object's attribute)
        if parent.value is node and isinstance(above, cst.Call):
            method = parent.attr.value
            if method == "setdefault":
                return (
                    len(above.args) == 2
                    and _submitted(above.args[1].value)
                    and id(above) in dropped
                )
            return method == "keys" or (method in _DROPPING and id(above) in dropped)
        return False
    if isinstance(parent, cst.Arg) and parent.keyword is node:
        return True
    if isinstance(parent, cst.Subscript) and parent.value is node:
        stored = isinstance(above, cst.AssignTarget) and above.target is parent
        return stored or isinstance(above, cst.Del)  # (a store's value: ``_stored_submits``)
    if isinstance(parent, cst.Arg) and not parent.star and isinstance(above, cst.Call):
        func = above.func
        return isinstance(func, cst.Name) and func.value == "len"
    if isinstance(parent, cst.For) and parent.iter is node:
        return True  # (its keys)
    if isinstance(parent, (cst.If, cst.While)) and parent.test is node:
        return True  # (``while d:``: its truth)
    if isinstance(parent, cst.UnaryOperation) and isinstance(parent.operator, cst.Not):
        return True
    if isinstance(parent, cst.ComparisonTarget) and parent.comparator is node:
        return isinstance(parent.operator, (cst.In, cst.NotIn))
    return False


def _stored_submits(scope: cst.CSTNode, name: str) -> bool:
    """Every ``name[k] = value`` in ``scope`` stores a ``<call>.submit()``."""
    for node in _assigns(scope):
        for target in node.targets:
            item = target.target
            if type(item) is cst.Subscript and _named(item.value, name):
                if len(node.targets) != 1 or not _submitted(node.value):
                    return False
    return True


def _assigns(scope: cst.CSTNode) -> list[cst.Assign]:
    return [n for n, _, _ in with_parents(scope) if type(n) is cst.Assign]


def _named(expr: cst.BaseExpression, name: str) -> bool:
    return type(expr) is cst.Name and expr.value == name


def _submitted(value: cst.BaseExpression) -> bool:
    """``<call>.submit()``: a Pending made right there."""
    if type(value) is not cst.Call or type(value.func) is not cst.Attribute:
        return False
    return value.func.attr.value == "submit" and type(value.func.value) is cst.Call
