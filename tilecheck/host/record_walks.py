"""Lists of records a scope fills and walks itself, and nothing else (round 39E of issue 17).

``running.append(req)`` of an object whose attributes hold a tensor and the Pending writing it
(``req = Request(out)``, ``req.pending = k(out.partition(s)).submit()``, or ``Job(out, p)``
appended as made), then ``for req in running: req.output.to_numpy(); req.pending.wait()``:
each step's ``req.pending`` is the Pending of the step's own ``req.output``, as ``for out, p in
running`` over appended tuples is (``tilecheck.host.rows``). The analysis keeps such a list as
rows of the records' attributes (``tilecheck.host.record_rows``); this module says, from the
syntax of the scope alone, which lists may be kept so: a name no code but the scope's own
statements reaches, every mention of it one of

* a binding to an empty list (``running = []``, ``running: list[Job] = list()``);
* ``running.append(x)`` as a statement of its own;
* ``len(running)``, a truth test (``if running:``, ``while running``, ``not running``);
* ``for req in running:`` whose body (and ``else``) names ``req`` only as ``req.attr`` read
  (``req.pending.wait()``, ``req.output.to_numpy()``) or as ``req.attr = None``: never the
  record whole (handed on, appended elsewhere, a method of it called), which would reach it
  another way.

Any mention in a nested function, class, lambda or comprehension, a ``global``/``nonlocal``,
``del`` or any other use leaves the name out: its items are followed as before."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.module_names import SCOPES
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children


def record_lists(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[str]:
    """The names of lists of records ``scope`` (a module or a function) fills and walks only
    as this module says (memoised per scope)."""
    return index.fact(scope, _record_lists)


def _record_lists(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[str]:
    body = scope.body if type(scope) in (cst.Module, cst.FunctionDef) else None  # type: ignore[attr-defined]
    if body is None:
        return frozenset()
    appended = _appended_names(scope)
    if not appended:
        return frozenset()
    seen: dict[str, bool] = dict.fromkeys(appended, True)
    ways: dict[str, set[str]] = {}
    _check(scope, None, (), seen, nested=False, ways=ways)
    return frozenset(name for name, ok in seen.items() if ok and _one_kind(ways.get(name, set())))


def _one_kind(ways: set[str]) -> bool:
    """Bound in the scope itself (not a name of an outer scope), and a list (appended,
    walked whole or by ``enumerate``) or a dict (stored by key, walked by ``values()`` or
    ``items()``), not both: ``for x in d`` of a dict walks its keys."""
    return "bound" in ways and not (ways & {"append", "whole"} and ways & {"keyed", "values"})


def _appended_names(scope: cst.CSTNode) -> set[str]:
    """Names ``x`` of ``x.append(...)`` statements and ``x[k] = ...`` stores in the scope's
    own code (the cheap pre-check)."""
    out: set[str] = set()
    stack: list[cst.CSTNode] = list(children(scope))
    while stack:
        node = stack.pop()
        if isinstance(node, SCOPES):
            continue
        if type(node) is cst.Expr and type(node.value) is cst.Call:
            func = node.value.func
            if type(func) is cst.Attribute and func.attr.value == "append":
                if type(func.value) is cst.Name:
                    out.add(func.value.value)
        elif type(node) is cst.Assign and len(node.targets) == 1:
            target = node.targets[0].target
            if type(target) is cst.Subscript and type(target.value) is cst.Name:
                out.add(target.value.value)
        stack.extend(children(node))
    return out


def walked_list(loop: cst.For, target: cst.BaseExpression) -> str | None:
    """The name of the container ``loop`` walks where ``target`` (the loop's target, or a
    part of it) takes its items whole: ``for req in running``, ``for req in d.values()``,
    ``for k, req in d.items()``, ``for i, req in enumerate(running)``; None otherwise."""
    it, whole = loop.iter, loop.target
    if type(target) is not cst.Name:
        return None
    if whole is target:
        if type(it) is cst.Name:
            return it.value
        called = _called_on(it, "values")
        return called if called is not None and not it.args else None  # type: ignore[attr-defined]
    if type(whole) is not cst.Tuple or len(whole.elements) != 2:
        return None
    first, second = whole.elements
    if second.value is not target or type(first.value) is not cst.Name:
        return None
    if type(it) is cst.Call and not it.args:
        return _called_on(it, "items")
    if type(it) is cst.Call and type(it.func) is cst.Name and it.func.value == "enumerate":
        if len(it.args) == 1 and type(it.args[0].value) is cst.Name and not it.args[0].star:
            return it.args[0].value.value
    return None


def _called_on(it: cst.BaseExpression, method: str) -> str | None:
    if type(it) is not cst.Call or type(it.func) is not cst.Attribute:
        return None
    func = it.func
    if func.attr.value != method or type(func.value) is not cst.Name:
        return None
    return func.value.value


def _check(
    node: cst.CSTNode,
    parent: cst.CSTNode | None,
    above: tuple[cst.CSTNode, ...],
    seen: dict[str, bool],
    nested: bool,
    ways: dict[str, set[str]],
) -> None:
    """Mark ``seen[name]`` False for each mention of a candidate that is not allowed (and
    note in ``ways`` how the allowed ones fill and walk it)."""
    if type(node) is cst.Name and node.value in seen and seen[node.value]:
        way = None if nested else _allowed(node, parent, above)
        if way is None:
            seen[node.value] = False
        elif way:
            ways.setdefault(node.value, set()).add(way)
        return
    if type(node) in (cst.Global, cst.Nonlocal):
        for item in node.names:  # type: ignore[attr-defined]
            if item.name.value in seen:
                seen[item.name.value] = False
    if type(node) is cst.For:
        item = _item_target(node)
        walked = walked_list(node, item) if item is not None else None
        if item is not None and walked is not None and walked in seen:
            if nested or not _walk_ok(node, item):
                seen[walked] = False
    inner = nested or (parent is not None and isinstance(node, SCOPES))
    trail = (*above[-2:], node)
    for child in children(node):
        _check(child, node, trail, seen, inner, ways)


def _allowed(
    name: cst.Name, parent: cst.CSTNode | None, above: tuple[cst.CSTNode, ...]
) -> str | None:
    """How this mention binds, fills or walks the container ("bound", "append", "keyed",
    "whole", "values"; "" for a query), None where it is not allowed."""
    grand = above[-2] if len(above) >= 2 else None
    great = above[-3] if len(above) >= 3 else None
    if type(parent) is cst.AssignTarget and parent.target is name:
        ok = type(grand) is cst.Assign and len(grand.targets) == 1 and _empty_list(grand.value)
        return "bound" if ok else None
    if type(parent) is cst.AnnAssign and parent.target is name:
        return "bound" if parent.value is not None and _empty_list(parent.value) else None
    if type(parent) is cst.Attribute and parent.value is name:
        if type(grand) is not cst.Call or grand.func is not parent:
            return None
        if parent.attr.value in ("values", "items"):
            if type(great) is not cst.For or great.iter is not grand:
                return None
            item = _item_target(great)
            return "values" if item is not None and walked_list(great, item) == name.value else None
        if parent.attr.value != "append" or len(grand.args) != 1 or grand.args[0].star:
            return None
        return "append"
    if type(parent) is cst.For:  # (its body: ``_walk_ok``)
        return "whole" if parent.iter is name and type(parent.target) is cst.Name else None
    if type(parent) is cst.Subscript and parent.value is name:
        ok = type(grand) is cst.AssignTarget and type(great) is cst.Assign
        return "keyed" if ok and len(great.targets) == 1 else None  # type: ignore[union-attr]
    if type(parent) is cst.ComparisonTarget:
        return "" if type(parent.operator) in (cst.In, cst.NotIn) else None
    if type(parent) is cst.Arg and type(grand) is cst.Call:
        func = grand.func
        if type(func) is not cst.Name or len(grand.args) != 1:
            return None
        if func.value == "enumerate":
            if type(great) is not cst.For or great.iter is not grand:
                return None
            item = _item_target(great)
            return "whole" if item is not None and walked_list(great, item) == name.value else None
        return "" if func.value == "len" else None
    if type(parent) in (cst.If, cst.While):
        return "" if parent.test is name else None  # type: ignore[union-attr]
    if type(parent) is cst.UnaryOperation:
        return "" if type(parent.operator) is cst.Not else None
    return None


def _empty_list(value: cst.BaseExpression) -> bool:
    """``[]``, ``{}``, ``list()``, ``dict()``."""
    if type(value) in (cst.List, cst.Dict):
        return not value.elements  # type: ignore[attr-defined]
    if type(value) is cst.Call and type(value.func) is cst.Name:
        return value.func.value in ("list", "dict") and not value.args
    return False


def _item_target(loop: cst.For) -> cst.Name | None:
    """The name a walk binds each item to: the target, or the second of two."""
    target: cst.BaseExpression = loop.target
    if type(target) is cst.Tuple and len(target.elements) == 2:
        target = target.elements[1].value
    return target if type(target) is cst.Name else None


def _walk_ok(loop: cst.For, target: cst.Name) -> bool:
    """``for req in running:`` whose body names ``req`` only as ``req.attr`` (read, or set to
    ``None``), never in a nested scope, and never rebinds it."""
    ok = [True]
    for part in (loop.body, loop.orelse):
        if part is not None:
            _target_uses(part, None, None, target.value, ok, nested=False)
    return ok[0]


def _target_uses(
    node: cst.CSTNode,
    parent: cst.CSTNode | None,
    grand: cst.CSTNode | None,
    name: str,
    ok: list[bool],
    nested: bool,
) -> None:
    if not ok[0]:
        return
    if type(node) is cst.Name and node.value == name:
        if nested or type(parent) is not cst.Attribute or parent.value is not node:
            ok[0] = False
        elif type(grand) is cst.Call and grand.func is parent:
            ok[0] = False  # ``req.run()``: a method of the record, given the record
        elif type(grand) is cst.AssignTarget and grand.target is parent:
            pass  # checked at the ``Assign``
        elif type(grand) in (cst.AugAssign, cst.AnnAssign, cst.Del):
            ok[0] = False
        return
    if type(node) is cst.Assign:
        for target in node.targets:
            if _names_attribute(target.target, name) and type(node.value) is not cst.Name:
                ok[0] = False
            elif _names_attribute(target.target, name):
                ok[0] = node.value.value == "None"  # type: ignore[attr-defined]
    inner = nested or isinstance(node, SCOPES)
    for child in children(node):
        _target_uses(child, node, parent, name, ok, inner)


def _names_attribute(target: cst.BaseExpression, name: str) -> bool:
    return (
        type(target) is cst.Attribute
        and type(target.value) is cst.Name
        and target.value.value == name
    )
