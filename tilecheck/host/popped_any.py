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
``k in d``, ``while d:``, ``d.keys()``, a ``for`` over its keys). Anything else: nothing is said.

Round 38K widens each condition to the forms users write for caches and windows, keeping the
one that matters (every item the container may hold is a Pending of one submit, or a tuple
display holding one, and no unknown code reaches the container): the container may start as
``OrderedDict()``, ``deque()``, ``[]`` or ``list()`` too, or as a display or comprehension every
item of which holds a submit; an item stored (``d[k] = v``, ``d.append(v)``) may be a tuple
display holding one (``(buf, p)``: dropping the tuple drops its Pending) or a name every
binding of which is a submit; ``d.popitem(last=False)``, ``L.pop()``, ``q.popleft()`` drop one
item as ``popitem()`` does; and the dict may be read by key (``d[k].wait()``) or walked by
``.values()``/``.items()``: those are waits of the items, which the analysis follows (an item
waited on some path is no longer live on every path, and nothing is said of it)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import libcst as cst

from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import empty_dict, target_names
from tilecheck.syntax.walk import with_parents


def pops_one(expr: cst.BaseExpression) -> tuple[str, cst.Call | cst.Del] | None:
    """The container's name and the statement, for ``d.pop(k)`` (no default), ``L.pop()``,
    ``d.popitem()`` (also ``popitem(last=False)``) and ``q.popleft()`` as statements: each
    certainly takes one item out where it returns (or raises)."""
    if type(expr) is not cst.Call or type(expr.func) is not cst.Attribute:
        return None
    func = expr.func
    if type(func.value) is not cst.Name or not _one_taken(func.attr.value, expr):
        return None
    return func.value.value, expr


def _one_taken(method: str, call: cst.Call) -> bool:
    """``pop(k)``, ``pop()``, ``popitem()``, ``popitem(last=...)``, ``popleft()``."""
    args = call.args
    if any(a.star for a in args):
        return False
    if method == "popitem":
        return not args or (len(args) == 1 and _keyword(args[0], "last"))
    if method == "pop":
        return len(args) <= 1 and not any(a.keyword for a in args)
    return method == "popleft" and not args


def _keyword(arg: cst.Arg, word: str) -> bool:
    return arg.keyword is not None and arg.keyword.value == word


def deleted_one(target: cst.BaseExpression) -> str | None:
    """The dict's name for ``del d[k]`` (one key): it takes one item out where it returns."""
    if type(target) is not cst.Subscript or type(target.value) is not cst.Name:
        return None
    if len(target.slice) != 1 or type(target.slice[0].slice) is not cst.Index:
        return None
    return target.value.value


def submits_only(index: SyntaxIndex, scope: cst.CSTNode, name: str) -> bool:
    """``name`` in ``scope`` is a container every item of which holds a Pending a store there
    made (the forms of the module's docstring)."""
    return name in index.fact(scope, _submit_dicts)


def _submit_dicts(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[str]:
    """The names of ``scope`` that ``submits_only`` accepts."""
    nodes = list(with_parents(scope))
    dropped = {id(n.value) for n, _, _ in nodes if type(n) is cst.Expr}
    walked = {id(n.iter) for n, _, _ in nodes if type(n) in (cst.For, cst.CompFor)}  # type: ignore[attr-defined]
    submits = _submit_names(n for n, _, _ in nodes)

    def holds(value: cst.BaseExpression | None) -> bool:
        """``value`` is (or is a tuple display holding) a Pending made right there."""
        if type(value) is cst.Name:
            return value.value in submits
        if type(value) is cst.Tuple:
            return any(holds(e.value) for e in value.elements)
        return value is not None and _submitted(value)

    binds: dict[str, int] = {}
    bad: set[str] = set()
    for node, parent, above in nodes:
        if type(node) is not cst.Name:
            continue
        name = node.value
        if isinstance(parent, cst.AssignTarget) and parent.target is node:
            binds[name] = binds.get(name, 0) + 1
            if not (isinstance(above, cst.Assign) and _start(above.value, holds)):
                bad.add(name)
        elif isinstance(parent, cst.AnnAssign) and parent.target is node:
            binds[name] = binds.get(name, 0) + 1
            if parent.value is None or not _start(parent.value, holds):
                bad.add(name)
        elif not _use_ok(node, parent, above, dropped, walked, holds):
            bad.add(name)
    found = (n for n, count in binds.items() if count == 1 and n not in bad)
    return frozenset(n for n in found if _stored_submits(nodes, n, holds))


_EMPTY_CALLS = frozenset({"dict", "list", "OrderedDict", "deque"})
_MODULES = frozenset({"collections"})
_BINDERS = (cst.AugAssign, cst.AnnAssign, cst.NamedExpr, cst.For, cst.CompFor, cst.AsName)


def _start(value: cst.BaseExpression, holds: Callable[[cst.BaseExpression], bool]) -> bool:
    """What a container of submits may start as: empty (``{}``, ``[]``, ``dict()``,
    ``list()``, ``OrderedDict()``, ``deque()``), or a display or comprehension every item of
    which holds a submit (round 38K)."""
    if empty_dict(value) or (type(value) is cst.List and not value.elements):
        return True
    if type(value) is cst.Call and not value.args:
        func = value.func
        if type(func) is cst.Attribute and type(func.value) is cst.Name:
            return func.value.value in _MODULES and func.attr.value in _EMPTY_CALLS
        return type(func) is cst.Name and func.value in _EMPTY_CALLS
    if type(value) is cst.Dict:
        return all(type(e) is cst.DictElement and holds(e.value) for e in value.elements)
    if type(value) is cst.List:
        return all(type(e) is cst.Element and holds(e.value) for e in value.elements)
    if type(value) is cst.DictComp:
        return holds(value.value)
    return type(value) is cst.ListComp and holds(value.elt)


def _submit_names(nodes: Iterable[cst.CSTNode]) -> frozenset[str]:
    """The names every binding of which (in the scope, nested ones included) is a plain
    ``name = <call>.submit()``: each holds a Pending made right there."""
    good: set[str] = set()
    bad: set[str] = set()
    for node in nodes:
        if type(node) is cst.Assign:
            for target in node.targets:
                names = set(target_names(target.target))
                if type(target.target) is cst.Name and _submitted(node.value):
                    good |= names
                else:
                    bad |= names
        elif type(node) in _BINDERS:
            bad.update(target_names(node.target if type(node) is not cst.AsName else node.name))  # type: ignore[attr-defined]
        elif type(node) is cst.Param:
            bad.add(node.name.value)
    return frozenset(good - bad)


def _use_ok(
    node: cst.Name,
    parent: cst.CSTNode | None,
    above: cst.CSTNode | None,
    dropped: set[int],
    walked: set[int],
    holds: Callable[[cst.BaseExpression], bool],
) -> bool:
    """A use of the container that stores a Pending made there, takes or drops an item, reads
    one by key (a wait the analysis follows), walks them, or reads none (nothing can wait an
    item taken out another way)."""
    if isinstance(parent, cst.Attribute):
        if parent.attr is node:
            return True  # (another object's attribute)
        if parent.value is node and isinstance(above, cst.Call) and above.func is parent:
            method = parent.attr.value
            args = above.args
            if method == "setdefault":
                return len(args) == 2 and holds(args[1].value) and id(above) in dropped
            if method in _APPENDS:
                return len(args) == 1 and holds(args[0].value) and id(above) in dropped
            if method in _WALKS:
                return id(above) in walked and not args  # (``for p in d.values():``)
            if method == "clear":
                return not args
            return method == "keys" or _one_taken(method, above)
        return False
    if isinstance(parent, cst.Arg) and parent.keyword is node:
        return True
    if isinstance(parent, cst.Subscript) and parent.value is node:
        if isinstance(above, cst.AugAssign):
            return False
        return True  # a read by key, a store (``_stored_submits``) or ``del``
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


_APPENDS = frozenset({"append", "appendleft"})
_WALKS = frozenset({"values", "items"})


def _stored_submits(
    nodes: Sequence[tuple[cst.CSTNode, object, object]],
    name: str,
    holds: Callable[[cst.BaseExpression], bool],
) -> bool:
    """Every ``name[k] = value`` in the scope stores a value holding a submit."""
    for node, _, _ in nodes:
        if type(node) is not cst.Assign:
            continue
        for target in node.targets:
            item = target.target
            if type(item) is cst.Subscript and _named(item.value, name):
                if len(node.targets) != 1 or not holds(node.value):
                    return False
    return True


def _named(expr: cst.BaseExpression, name: str) -> bool:
    return type(expr) is cst.Name and expr.value == name


def _submitted(value: cst.BaseExpression) -> bool:
    """``<call>.submit()``: a Pending made right there."""
    if type(value) is not cst.Call or type(value.func) is not cst.Attribute:
        return False
    return value.func.attr.value == "submit" and type(value.func.value) is cst.Call
