"""Where a body another party runs is placed among the caller's statements (issue 17, round
32T): one model for the thread's target, the executor's task, the gathered coroutine and the
exit callback, each run at the points of the caller its synchronisation orders it between.

The analysis has one interleaving: a body another party runs is evaluated at one point of the
caller (a call built there, ``property_reads.lowered_from``), and what it leaves (a Pending in
flight, a partition alive, a plan consumed) is what the caller's later statements meet. The
point is chosen from what the library guarantees of its start and its end:

* ``t.start()`` of a ``threading.Thread``, ``pool.submit(f, ...)``, ``pool.map(f, xs)``,
  ``asyncio.to_thread(f, ...)``, ``loop.run_in_executor(ex, f, ...)``: the body starts after
  the call and ends before ``join()``/``result()``/the ``await``; it runs whole at the call
  (``tilecheck.host.threads``), so what the caller holds in flight at the start is what the
  body meets (a read there is certain: the caller's wait comes after the start);
* ``atexit.register(f, *args)``: ``args`` are evaluated at the registration and held by the
  interpreter until its exit, after the module's last statement (``at_end``): what they hold
  (a partition kept alive, a Pending to be waited there) is held from here on, in a name of its
  own that no statement reads; an op or Pending among them is the callback's to run or wait
  (no TC105/TC108), a partition stays unconsumed (a use of its tensor is TC104, as the runtime
  raises);
* ``await asyncio.gather(c1, c2, ...)`` of coroutines of the module (written calls or a starred
  comprehension of one call): each starts in order and all end before the ``await`` returns
  (``gathered``). Where no coroutine body (nor what it calls of the module) names a primitive
  one body may block on until another acts (an ``Event``/``Condition``/``Barrier``/``Queue``/
  ``Lock``, or any ``wait``/``get``/``put``/``acquire`` of something not tilert's), every body
  can finish without the others, so running them whole one after the other, in order, is a
  schedule asyncio allows: what it certainly does to the gathered ones' shared objects (a plan
  consumed by both: TC109 on every schedule) is seen; a race between them is not (silence)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, cast

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.coroutines import coroutine
from tilecheck.host.model import NOTHING, Kind, ObjInfo, Oids, Value, flatten
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import own_nodes

AT_END = "atexit.register"
_HELD = " at exit "  # (a name no program can spell: what the interpreter holds until its exit)


class BodyAnalysis(Protocol):
    """What of a body's analysis the placements use (imports go one way)."""

    @property
    def ctx(self) -> Context: ...

    ran: set[int]
    waited: set[int]

    @property
    def infos(self) -> Sequence[ObjInfo]: ...

    @property
    def env(self) -> Mapping[str, Oids]: ...

    @property
    def parameters(self) -> frozenset[str]: ...

    def ev(self, expr: cst.BaseExpression) -> Value: ...

    def escape(self, value: Value) -> None: ...

    def bind_name(self, name: str, value: Value) -> None: ...

    def site_of(self, oid: int) -> int: ...


def at_end(an: BodyAnalysis, call: cst.Call) -> Value | None:
    """``atexit.register(f, *args)``: ``f`` is kept by code the analysis does not follow, each
    argument evaluated here and held until the exit (None where not followed: a starred or
    keyword argument, which the callback may take otherwise)."""
    args = call.args
    if not args or any(a.star or a.keyword is not None for a in args):
        return None
    if an.ctx.callee(call.func).canonical != AT_END:
        return None
    an.escape(an.ev(args[0].value))
    for i, arg in enumerate(args[1:]):
        value = an.ev(arg.value)
        for oid in flatten(value):
            kind = an.infos[oid].kind
            if kind is Kind.OP:
                an.ran.add(an.site_of(oid))  # (run by the callback at the exit)
            elif kind is Kind.PENDING:
                an.waited.add(an.site_of(oid))
        an.bind_name(f"{_HELD}{id(call)} {i}", value)
    return NOTHING


GATHER = "asyncio.gather"
# what one gathered body may block on until another acts (spelled anywhere in the module:
# gathered bodies are then not run one after the other)
_BLOCKING = frozenset(
    {"Event", "Condition", "Barrier", "Queue", "LifoQueue", "PriorityQueue", "Lock"}
    | {"Semaphore", "BoundedSemaphore", "Future", "create_future", "shield"}
)


def gathered(an: BodyAnalysis, expr: cst.Await) -> Value | None:
    """``await asyncio.gather(c1(...), *(c(...) for x in xs))`` of coroutines of the module
    that may run one after the other (above): each run whole, in order, here (``await c(...)``,
    a comprehension of it for a starred one); the gather's value is then not followed (None
    where not run so)."""
    inner = expr.expression
    if type(inner) is not cst.Call:
        return None
    func = inner.func
    spelled = func.attr if type(func) is cst.Attribute else func
    if type(spelled) is not cst.Name or spelled.value != "gather":
        return None
    ctx = an.ctx
    module = ctx.module
    if module is None or ctx.callee(func).canonical != GATHER:
        return None
    index = ctx.index
    if index.fact(module, _blocking):
        return None
    defs = index.fact(module, _coroutines)
    runs: list[cst.BaseExpression] = []
    for arg in inner.args:
        if arg.keyword is not None:
            if arg.keyword.value != "return_exceptions":
                return None
            continue
        value = arg.value
        if not arg.star and type(value) is cst.Call:
            if not _whole(an, defs, value):
                return None
            runs.append(cst.Await(value))
        elif arg.star == "*" and type(value) in (cst.GeneratorExp, cst.ListComp):
            comp = cast(cst.GeneratorExp, value)
            elt = comp.elt
            if type(elt) is not cst.Call or not _whole(an, defs, elt):
                return None
            runs += _each(comp.for_in, cst.Await(elt))
        else:
            return None
    if not runs:
        return None
    for run in runs:
        an.escape(an.ev(lowered_from(inner, run)))
    return NOTHING


def _each(loop: cst.CompFor, run: cst.Await) -> list[cst.BaseExpression]:
    """The runs of a comprehension's coroutines: one per item of a tuple or list display
    walked by one ``for`` (a comprehension of one item each, so the second run meets what
    the first left), else the comprehension (its items' runs joined)."""
    items = loop.iter
    if loop.inner_for_in is None and not loop.ifs and loop.asynchronous is None:
        if type(items) in (cst.Tuple, cst.List):
            elements = cast(cst.Tuple, items).elements
            if all(type(e) is cst.Element for e in elements):
                return [
                    cst.ListComp(
                        elt=run,
                        for_in=loop.with_changes(iter=cst.List([cst.Element(e.value)])),
                    )
                    for e in elements
                ]
    return [cst.ListComp(elt=run, for_in=loop)]


def _whole(an: BodyAnalysis, defs: dict[str, cst.FunctionDef], call: cst.Call) -> bool:
    """``call`` starts a coroutine of the module whose first statement may suspend, and is
    neither ``await asyncio.sleep(...)`` nor ``await e.wait()`` (``tasks`` runs no part of it
    at the gather: round 20C's first parts and 21I's resumptions are left as they are)."""
    func = call.func
    if type(func) is not cst.Name or func.value in an.env or func.value in an.parameters:
        return False
    fn = defs.get(func.value)
    if fn is None or type(fn.body) is not cst.IndentedBlock or not fn.body.body:
        return False
    first = fn.body.body[0]
    if not any(type(n) is cst.Await for n in own_nodes(first)):
        return False
    for node in own_nodes(first):
        if type(node) is cst.Attribute and node.attr.value in ("sleep", "wait"):
            return False
    return not any(a.star for a in call.args)


def _coroutines(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, cst.FunctionDef]:
    """The module's top-level ``async def``s that are coroutines, by name (one ``def`` of the
    name)."""
    found: dict[str, cst.FunctionDef] = {}
    seen: set[str] = set()
    for stmt in cast(cst.Module, module).body:
        if type(stmt) is cst.FunctionDef:
            name = stmt.name.value
            if name in seen:
                found.pop(name, None)
            seen.add(name)
            if coroutine(stmt):
                found[name] = stmt
    return found


def _blocking(index: SyntaxIndex, module: cst.CSTNode) -> bool:
    """The module spells a primitive one body may block on until another acts."""
    for node in index.nodes(module):
        kind = type(node)
        if kind is cst.Name and cast(cst.Name, node).value in _BLOCKING:
            return True
    return False
