"""A queue one body fills and drains, as the list it is to that body (issue 17, round 33A).

A ``queue.Queue``/``SimpleQueue``/``LifoQueue`` or ``asyncio.Queue`` (the spec's types whose
``put`` ``PUTS`` and ``get`` ``TAKES``; a priority queue's order is not followed) that only one
body uses is a list with a lock: ``put(x)``/``put_nowait(x)`` (also awaited) appends ``x``,
``get()``/``get_nowait()`` (also awaited: the await is the queue's, never the item's) takes
the first item (``pop(0)``; a LIFO queue's: ``pop()``), ``empty()`` is ``not q``, ``qsize()``
``len(q)``, ``task_done()`` and ``join()`` do nothing the analysis sees. So what was put is what
a later ``get`` returns, and a partition or Pending held in the queue stays alive or in flight
until it is taken: written ``q = []`` and those list forms, whatever the analysis knows of a
list's items follows.

Followed only where no other body can reach the queue: a name bound once, by a plain or
annotated assignment of the constructor called with no argument or ``maxsize=`` alone, read
nowhere in the module but as the receiver of those methods, in the same scope (no nested
function, lambda or class), none in a loop (a list the turns of a loop fill holds their
objects joined, and a loop's take is joined over its turns: each take would be any item, the
same partition taken twice); ``put`` given one positional argument, ``get`` none. Anything else
stays an unknown call (the analysis gives up on what is passed to it)."""

from __future__ import annotations

import functools

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.library_spec import SPEC, Does
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import own_nodes

_PUTS = frozenset({"put", "put_nowait"})
_TAKES = frozenset({"get", "get_nowait"})
_QUERIES = {"empty": "not", "qsize": "len", "task_done": "", "join": ""}
_LOOPS = (cst.For, cst.While, cst.ListComp, cst.SetComp, cst.GeneratorExp, cst.DictComp)
METHODS = _PUTS | _TAKES | frozenset(_QUERIES)  # the cheap gate at a method call
# a call -> its list forms (first in first out, last in first out) and the queue's binding
_Plan = dict[int, tuple[cst.BaseExpression, cst.BaseExpression, cst.Call]]


@functools.cache
def queue_types() -> dict[str, bool]:
    """The queue types followed, each with whether it is last-in first-out."""
    out: dict[str, bool] = {}
    for name, entry in SPEC.items():
        owner, _, method = name.rpartition(".")
        if method != "get" or Does.TAKES not in entry.does or Does.PRIORITY in entry.does:
            continue
        put = SPEC.get(f"{owner}.put")
        if put is not None and Does.PUTS in put.does:
            out[owner] = Does.LIFO in entry.does
    return out


@functools.cache
def constructors() -> frozenset[str]:
    """The constructors' last names (``Queue``, ``SimpleQueue``): the cheap gate at a call."""
    return frozenset(t.rpartition(".")[2] for t in queue_types())


def gated(call: cst.Call) -> bool:
    """``q.m(...)`` of a queue method, or a call spelled as a queue constructor."""
    func = call.func
    if type(func) is cst.Attribute:
        return func.attr.value in METHODS or func.attr.value in constructors()
    return type(func) is cst.Name and func.value in constructors()


def lowered(ctx: Context, module: cst.Module, call: cst.Call) -> cst.BaseExpression | None:
    """The list form of ``call`` (a followed queue's construction or method), else None."""
    if not ctx.mentions("Queue"):  # every queue class's name ends so
        return None
    found = ctx.index.fact(module, _plans).get(id(call))
    if found is None:
        return None
    fifo, lifo, binding = found
    canonical = ctx.callee(binding.func).canonical
    if canonical not in queue_types():
        return None
    return lifo if queue_types()[canonical] else fifo


def _attribute(call: cst.Call) -> str | None:
    return call.func.attr.value if type(call.func) is cst.Attribute else None


def _plans(index: SyntaxIndex, module: cst.CSTNode) -> _Plan:
    out: _Plan = {}
    if type(module) is not cst.Module:
        return out
    nodes = index.nodes(module)
    if not any(
        (type(n) is cst.Assign or type(n) is cst.AnnAssign) and _binding(n) is not None
        for n in nodes
    ):
        return out  # (most modules make no queue: nothing more is walked)
    counts: dict[str, int] = {}
    for node in nodes:
        if type(node) is cst.Name:
            counts[node.value] = counts.get(node.value, 0) + 1
    scopes: list[cst.CSTNode] = [module]
    scopes += [n for n in index.nodes(module) if type(n) is cst.FunctionDef]
    for scope in scopes:
        own = list(own_nodes(scope.body if type(scope) is cst.FunctionDef else scope))
        for node in own:
            bound = _binding(node)
            if bound is not None:
                _plan_scope(own, bound[0], bound[1], counts, out)
    return out


def _binding(node: cst.CSTNode) -> tuple[str, cst.Call] | None:
    """``q = Queue()`` (annotated or not; ``maxsize=`` alone allowed): the name and the call."""
    target: cst.BaseExpression | None = None
    if type(node) is cst.Assign and len(node.targets) == 1:
        target = node.targets[0].target
    elif type(node) is cst.AnnAssign:
        target = node.target
    value = getattr(node, "value", None)
    if type(target) is not cst.Name or type(value) is not cst.Call:
        return None
    spelled = dotted_name(value.func)
    if spelled is None or spelled.rpartition(".")[2] not in constructors():
        return None
    if any(a.keyword is None or a.keyword.value != "maxsize" for a in value.args):
        return None
    return target.value, value


def _plan_scope(
    own: list[cst.CSTNode], name: str, binding: cst.Call, counts: dict[str, int], out: _Plan
) -> None:
    calls: list[cst.Call] = []
    for node in own:
        if type(node) is not cst.Call or type(node.func) is not cst.Attribute:
            continue
        receiver = node.func.value
        if type(receiver) is cst.Name and receiver.value == name:
            calls.append(node)
    if counts.get(name) != len(calls) + 1:
        return  # (read elsewhere, or bound again)
    looped = {id(n) for loop in own if type(loop) in _LOOPS for n in own_nodes(loop)}
    if any(id(c) in looped for c in calls):
        return  # (a loop's puts join its turns' objects in one item, and a loop's takes are
        # one take the analysis joins over its turns: each would be any item, taken again)
    made: _Plan = {}
    for call in calls:
        fifo, lifo = _list_form(call, 0), _list_form(call, None)
        if fifo is None or lifo is None:
            return
        made[id(call)] = (fifo, lifo, binding)
    empty = lowered_from(binding, cst.List([]))
    made[id(binding)] = (empty, empty, binding)
    out.update(made)


def _list_form(call: cst.Call, first: int | None) -> cst.BaseExpression | None:
    """The list form of a queue's method call, a take taking item ``first`` (None: the
    last)."""
    method = _attribute(call)
    receiver = call.func.value  # type: ignore[attr-defined]
    if any(a.star or a.keyword is not None for a in call.args):
        return None
    if method in _PUTS and len(call.args) == 1:
        append = lowered_from(call, cst.Attribute(receiver, cst.Name("append")))
        return lowered_from(call, cst.Call(append, [call.args[0]]))
    if call.args:
        return None
    if method in _TAKES:
        pop = lowered_from(call, cst.Attribute(receiver, cst.Name("pop")))
        at = [cst.Arg(cst.Integer(str(first)))] if first is not None else []
        return lowered_from(call, cst.Call(pop, at))
    query = _QUERIES.get(method or "")
    if query is None:
        return None
    if query == "not":
        return lowered_from(call, cst.UnaryOperation(cst.Not(), receiver))
    if query == "len":
        return lowered_from(call, cst.Call(cst.Name("len"), [cst.Arg(receiver)]))
    return lowered_from(call, cst.Name("None"))
