"""``itertools.cycle`` drawn by ``next``, as the cyclic index it is (issue 17, round 33A).

``c = cycle(xs)`` gives the items of ``xs`` in order and then the same objects again: the k-th
``next(c)`` (from 0) is ``xs[k % len(xs)]``. So the statements are lowered to a counter of
draws the analysis already follows (``counters``: ``bufs[i % 2]``, ``i += 1``):

* ``c = cycle(xs)`` is ``c = xs`` and ``<k> = 0``;
* ``y = next(c)`` is ``y = c[<k> % n]`` and ``<k> += 1`` (``next(c)`` alone: the same without
  the binding), ``n`` the number of items,

``<k>`` a name of the analysis' own (``lowered_calls.ITEM``), one per cycle. A staging buffer
drawn a third time is then the first one (refilled while the first launch reads it: TC103), and
a slot's Pending waited before its buffer is refilled is that slot's.

Followed only where the positions are certain: the cycle a name bound once, by an assignment
statement, to ``itertools.cycle`` of a list or tuple display (plain items), or of a name bound
once in the same scope to one and never changed (no method of it called, no item of it stored,
not rebound); every other read of the cycle's name in the module a ``next(c)`` of that scope
(no nested function or lambda), itself a statement or a one-name assignment's value. Anything
else is left as before (``cycles``: a launch given ``next(c)``; a library call otherwise)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import libcst as cst

from tilecheck.host import lowered_calls
from tilecheck.host.bound_once import binding_counts
from tilecheck.host.context import Context
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import own_nodes, with_parents

CALLS = frozenset({"cycle", "next"})  # how the statements are spelled (the cheap test)
_CYCLE = "itertools.cycle"
_NEXT = "builtins.next"
_STORES = (cst.AssignTarget, cst.AugAssign, cst.Del, cst.AnnAssign)

# a statement -> what it stands for, and the call whose meaning it needs (``cycle``/``next``)
_Plan = dict[int, tuple[Sequence[cst.BaseSmallStatement], tuple[cst.Call, ...]]]


def lowered(ctx: Context, node: cst.Expr | cst.Assign) -> Sequence[cst.BaseSmallStatement] | None:
    """What ``node`` stands for, where it binds a followed cycle or draws from one."""
    module = ctx.module
    found = ctx.index.fact(module, _plans).get(id(node)) if module is not None else None
    if found is None:
        return None
    made, calls = found
    for call in calls:
        wanted = _CYCLE if type(call.func) is cst.Attribute or _spelled(call) == "cycle" else _NEXT
        if ctx.callee(call.func).canonical != wanted:
            return None
    return made


def _spelled(call: cst.Call) -> str | None:
    name = dotted_name(call.func)
    return name.rpartition(".")[2] if name is not None else None


def _plans(index: SyntaxIndex, module: cst.CSTNode) -> _Plan:
    out: _Plan = {}
    if type(module) is not cst.Module:
        return out
    counts: dict[str, int] = {}
    for node in index.nodes(module):
        if type(node) is cst.Name:
            counts[node.value] = counts.get(node.value, 0) + 1
    scopes: list[cst.CSTNode] = [module]
    scopes += [n for n in index.nodes(module) if type(n) is cst.FunctionDef]
    for scope in scopes:
        body = scope.body if type(scope) is cst.FunctionDef else scope
        own = [n for n in own_nodes(body) if type(n) in (cst.Assign, cst.Expr)]
        for node in own:
            value = getattr(node, "value", None)
            if type(node) is cst.Assign and len(node.targets) == 1 and _is_cycle(value):
                target = node.targets[0].target
                if type(target) is cst.Name:
                    _plan_cycle(module, scope, own, node, target.value, counts, out)
    return out


def _is_cycle(value: object) -> bool:
    if type(value) is not cst.Call or len(value.args) != 1:
        return False
    arg = value.args[0]
    return arg.keyword is None and not arg.star and _spelled(value) == "cycle"


def _drawn(node: cst.CSTNode, name: str) -> cst.Call | None:
    """``next(name)`` as ``node``'s value (``node`` an ``Expr`` or a one-name ``Assign``)."""
    if type(node) is cst.Assign:
        if len(node.targets) != 1 or type(node.targets[0].target) is not cst.Name:
            return None
    value = getattr(node, "value", None)
    if type(value) is not cst.Call or type(value.func) is not cst.Name:
        return None
    if value.func.value != "next" or len(value.args) != 1:
        return None
    arg = value.args[0]
    if arg.keyword is not None or arg.star or type(arg.value) is not cst.Name:
        return None
    return value if arg.value.value == name else None


def _plan_cycle(
    module: cst.Module,
    scope: cst.CSTNode,
    own: list[cst.CSTNode],
    binding: cst.Assign,
    name: str,
    counts: dict[str, int],
    out: _Plan,
) -> None:
    draws = [(n, d) for n in own if (d := _drawn(n, name)) is not None]
    if not draws or counts.get(name) != len(draws) + 1:
        return  # (read elsewhere, or bound again)
    cycle = cast(cst.Call, binding.value)
    items = cycle.args[0].value
    size = _size(module, scope, items, counts)
    if size is None:
        return
    counter = cst.Name(f"{lowered_calls.ITEM}cycled_{name}")
    target = binding.targets[0]
    made: list[cst.BaseSmallStatement] = [
        cst.Assign((target,), items),
        cst.Assign((cst.AssignTarget(counter),), cst.Integer("0")),
    ]
    out[id(binding)] = (made, (cycle,))
    for node, draw in draws:
        at = cst.BinaryOperation(counter, cst.Modulo(), cst.Integer(str(size)))
        index = cst.SubscriptElement(cst.Index(lowered_from(draw, at)))
        item = lowered_from(draw, cst.Subscript(cast(cst.Name, draw.args[0].value), [index]))
        taken: cst.BaseSmallStatement = (
            cst.Assign(node.targets, item) if type(node) is cst.Assign else cst.Expr(item)
        )
        advanced = cst.AugAssign(counter, cst.AddAssign(), cst.Integer("1"))
        out[id(node)] = ([taken, advanced], (cycle, draw))


def _size(
    module: cst.Module, scope: cst.CSTNode, items: cst.BaseExpression, counts: dict[str, int]
) -> int | None:
    """How many items ``items`` holds wherever it is read: a display of plain items, or a name
    the scope binds once to one and nothing changes."""
    if type(items) is cst.List or type(items) is cst.Tuple:
        if all(type(e) is cst.Element for e in items.elements) and items.elements:
            return len(items.elements)
        return None
    if type(items) is not cst.Name:
        return None
    name = items.value
    block = scope.body if type(scope) is cst.FunctionDef else None
    if block is not None and type(block) is not cst.IndentedBlock:
        return None
    statements = block.body if block is not None else cast(cst.Module, scope).body
    if binding_counts(statements).get(name) != 1:
        return None
    display: cst.BaseExpression | None = None
    for node in own_nodes(scope):
        target = None
        if type(node) is cst.Assign and len(node.targets) == 1:
            target = node.targets[0].target
        elif type(node) is cst.AnnAssign:
            target = node.target
        if type(target) is cst.Name and target.value == name:
            display = getattr(node, "value", None)
    if display is None or (type(display) is not cst.List and type(display) is not cst.Tuple):
        return None
    reads = 0
    for node, parent, above in with_parents(module):
        if type(node) is not cst.Name or node.value != name:
            continue
        reads += 1
        if type(parent) is cst.Attribute and parent.value is node:
            return None  # (a method of the list: it may change it)
        if type(parent) is cst.Subscript and parent.value is node and isinstance(above, _STORES):
            return None  # (an item stored or deleted)
    if reads != counts.get(name):
        return None
    return _size(module, scope, display, counts)
