"""A function that calls its parameter runs the argument's code there (round 29N): at
``retry(attempt)``, where ``def retry(fn, times=2)`` calls ``fn()``, what ``attempt`` does is
done at the call, as ``attempt(); attempt()`` would do it (``LibraryRuns`` evaluates the calls
first, then the call as before).

Only calls that certainly run: the helper is a plain top-level ``def`` of the module (no
decorator, no ``async``, no ``yield``), the parameter is named nowhere in it but as the callee
of calls with no arguments (never rebound, never passed on, never in a nested scope), and each
such call is a statement reached on every path through the helper (the statements before it,
in each suite around it, are simple ones that neither return nor raise), inside at most
``try`` bodies and ``for`` loops over ``range(n)``, ``n`` an integer literal or a parameter
with one as its default that the call does not give. A call in such a loop of two turns or
more runs twice where the loop body has no ``break`` or ``return``, or where the call lies in
a ``try`` with handlers inside the loop (the handler goes on to the next turn: a second run on
that path, as the same loop written at the call site has). A run count is at most two.
Round 37L: a call whose value the helper runs is such a call too (``fn().sync()``,
``fn().submit().wait()``, ``out = fn()`` then ``out.wait()``, ``return fn()``:
``parameter_results``), lowered with those methods (``k(plan, x).sync()``).

The helper does nothing else its argument's code could be ordered against: its other calls
are ``range``, exceptions' constructors and ``print`` of its own locals (no method call, no
other function), so that the argument's runs evaluated before its summary keep their order."""

from __future__ import annotations

from collections.abc import Container, Mapping

import libcst as cst

from tilecheck.host.called_bodies import local_defs
from tilecheck.host.dunders import receiver_path
from tilecheck.host.parameter_index import rebound
from tilecheck.host.parameter_results import peel, results_used, then_runs
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children, contains_own

# (parameter position, parameter name, the calls of it as statements of their own, and for
# each the methods run on its value: ``("sync",)`` for ``fn().sync()``)
ParameterRun = tuple[int, str, tuple[cst.Call, ...], tuple[tuple[str, ...], ...]]
_NESTED = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
_LEAVES = (cst.Return, cst.Raise)
_SKIPS = (cst.Return, cst.Raise, cst.Break, cst.Continue)
_STATEMENTS = (cst.Expr, cst.Assign, cst.AnnAssign, cst.Return)


def module_functions(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, cst.FunctionDef]:
    """The module's plain top-level functions, by name (an ``index.fact``)."""
    found: dict[str, cst.FunctionDef] = {}
    for stmt in module.body if type(module) is cst.Module else ():
        if type(stmt) is cst.FunctionDef and not stmt.decorators and stmt.asynchronous is None:
            found[stmt.name.value] = stmt
    return found


def helpers(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, cst.FunctionDef]:
    """The module's plain top-level functions, ``async def`` ones too (round 35R: a retry
    wrapper awaiting what its callable returns, ``await fn()``), by name (an ``index.fact``)."""
    found: dict[str, cst.FunctionDef] = {}
    for stmt in module.body if type(module) is cst.Module else ():
        if type(stmt) is cst.FunctionDef and not stmt.decorators:
            found[stmt.name.value] = stmt
    return found


def parameter_runs(index: SyntaxIndex, fn: cst.CSTNode) -> tuple[ParameterRun, ...]:
    """The parameters ``fn`` calls with no arguments and names nowhere else, with those calls
    and what it does with each call's value (an ``index.fact``; ``runs`` says how often a call
    certainly makes them)."""
    if type(fn) is not cst.FunctionDef:
        return ()
    params = [*fn.params.posonly_params, *fn.params.params]
    names = {p.name.value: i for i, p in enumerate(params)}
    used = results_used(index, fn, frozenset(names))
    calls: dict[str, list[cst.Call]] = {}
    reads: dict[str, int] = {}
    for node in index.nodes(fn.body):
        kind = type(node)
        if kind is cst.Yield or (kind in _NESTED and _names_any(index, node, names)):
            return ()
        if kind is cst.Name and node.value in names:  # type: ignore[attr-defined]
            reads[node.value] = reads.get(node.value, 0) + 1  # type: ignore[attr-defined]
        elif kind is cst.Call:
            func = node.func  # type: ignore[attr-defined]
            if type(func) is cst.Name and func.value in names:
                calls.setdefault(func.value, []).append(node)  # type: ignore[arg-type]
            elif id(node) in used.methods:
                continue  # (``fn().sync()``: the run of what the argument's call returns)
            elif not inert(index, node, fn):  # type: ignore[arg-type]
                return ()  # (it may act on what the argument's code uses)
    found: list[ParameterRun] = []
    awaited = {id(n.expression) for n in index.nodes(fn.body) if type(n) is cst.Await}
    for name, made in calls.items():
        if reads.get(name) != len(made) or any(c.args for c in made):
            continue  # named otherwise (rebound, passed on), or given arguments
        if any((id(c) in awaited) != (fn.asynchronous is not None) for c in made):
            continue  # (an ``async def``'s: each awaited at once, ``await fn()``)
        if len(made) > 1:  # (in the order the helper makes them)
            order = _in_order(fn.body)
            made.sort(key=lambda c: order[id(c)])
        then = tuple(used.then.get(id(c), ()) for c in made)
        found.append((names[name], name, tuple(made), then))
    return tuple(found)


def _in_order(body: cst.CSTNode) -> dict[int, int]:
    """The nodes of ``body`` by their place in the text (``SyntaxIndex.nodes`` has another)."""
    order: dict[int, int] = {}
    stack = [body]
    while stack:
        node = stack.pop()
        order[id(node)] = len(order)
        stack.extend(reversed(children(node)))
    return order


def lowered_runs(
    index: SyntaxIndex,
    module: cst.Module,
    constants: Mapping[str, int],
    scope: cst.FunctionDef | None,
    env: Container[str],
    call: cst.Call,
    name: str,
    awaited: bool,
) -> cst.List | None:
    """At ``call`` of the module's function ``name``, the calls of the functions it is given
    that it certainly makes, in order (``[attempt(), attempt()]``); None: none. A function
    given is a plain ``def`` of the module or a closure of ``scope`` (round 35R: ``do_bench
    (run)`` of a nested ``def run()``) taking no argument, by a name nothing else binds, a
    lambda of no parameter (its body, as often: ``do_bench(lambda: k(plan, x).sync())``), or
    an attribute path (a bound method, called through it: ``op.sync``, ``runner.step``)."""
    functions = index.fact(module, module_functions)
    fn = index.fact(module, helpers).get(name)
    found = index.fact(fn, parameter_runs) if fn is not None else ()
    if fn is None or not found or (fn.asynchronous is not None and not awaited):
        return None  # (an ``async def``'s runs: where it is awaited)
    given = given_to(fn, call)
    turns = {p: const_int(value, constants) for p, value in given.items()}
    local = index.fact(scope, local_defs) if scope is not None else {}
    built: list[cst.Element] = []
    for run in found:
        arg = given.get(run[1])
        if type(arg) is cst.Lambda and _no_parameters(arg.params):
            # (its body, evaluated as often, where it runs)
            built.extend(then_runs(call, arg.body, each_run(fn, run, turns)))
            continue
        if type(arg) is cst.Attribute and receiver_path(arg) is not None:
            made = lowered_from(call, cst.Call(func=arg))  # (a bound method: ``op.sync``)
            built.extend(then_runs(call, made, each_run(fn, run, turns)))
            continue
        if type(arg) is not cst.Name or arg.value in env:
            continue
        called = local.get(arg.value) or functions.get(arg.value)
        if called is None or any(p.default is None for p in called.params.params):
            continue
        if any(type(n) is cst.Yield for n in index.nodes(called.body)):
            continue  # (a generator function: its call runs none of its body)
        made = lowered_from(call, cst.Call(func=cst.Name(arg.value)))
        built.extend(then_runs(call, made, each_run(fn, run, turns)))
    if fn.asynchronous is not None:  # (each run awaited: ``await fn()``)
        built = [cst.Element(lowered_from(call, cst.Await(e.value))) for e in built]
    return cst.List(elements=built) if built else None


def _no_parameters(params: cst.Parameters) -> bool:
    return not (
        params.params or params.posonly_params or params.kwonly_params or params.star_kwarg
    ) and not isinstance(params.star_arg, cst.Param)


def given_to(fn: cst.FunctionDef, call: cst.Call) -> dict[str, cst.BaseExpression]:
    """The arguments ``call`` gives ``fn``'s parameters, by name."""
    params = [*fn.params.posonly_params, *fn.params.params]
    given: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(call.args):
        if arg.keyword is not None:
            given[arg.keyword.value] = arg.value
        elif i < len(params):
            given[params[i].name.value] = arg.value
    return given


def each_run(
    fn: cst.FunctionDef, run: ParameterRun, turns: Mapping[str, int | None]
) -> list[tuple[tuple[str, ...], int]]:
    """For each call of the parameter of ``run`` in order, the methods run on its value and how
    often a call of ``fn`` certainly makes it; at most two runs in all."""
    params = [*fn.params.posonly_params, *fn.params.params]
    found: list[tuple[tuple[str, ...], int]] = []
    total = 0
    for call, then in zip(run[2], run[3], strict=True):
        times = min(_reached(fn, call, params, turns) or 0, 2 - total)
        if times:
            found.append((then, times))
            total += times
    return found


# Calls that act on nothing a callback's code may use: the clock (a benchmark's timer), and
# builtins that only compute over the helper's own locals (its timings).
_CLOCK = frozenset(
    {"perf_counter", "perf_counter_ns", "monotonic", "monotonic_ns", "time", "time_ns"}
    | {"process_time", "sleep"}
)
_PURE = frozenset({"min", "max", "sum", "len", "sorted", "float", "int", "round", "abs", "str"})
_GROWS = frozenset({"append", "extend", "clear"})


def inert(index: SyntaxIndex, call: cst.Call, fn: cst.FunctionDef) -> bool:
    """A call of the helper's own that acts on nothing its argument's code may use (so that
    the argument's runs may be evaluated before the helper's summary): ``range(...)``, an
    exception's constructor, ``time.perf_counter()`` and the clock's other readings,
    ``print``, ``min``, ``sum`` and such of the helper's own locals (a loop's counter, its
    timings), and ``append`` to a list of its own (``times.append(time.perf_counter() -
    t0)``)."""
    func = call.func
    own = rebound(fn) - {p.name.value for p in (*fn.params.posonly_params, *fn.params.params)}
    if type(func) is cst.Attribute:
        receiver = func.value
        if type(receiver) is not cst.Name:
            return False
        if receiver.value == "time" and "time" not in own:
            return func.attr.value in _CLOCK and _own_args(index, call, own)
        if receiver.value == "asyncio" and "asyncio" not in own:
            return func.attr.value == "sleep" and _own_args(index, call, own)
        return receiver.value in own and func.attr.value in _GROWS and _own_args(index, call, own)
    if type(func) is not cst.Name:
        return False
    name = func.value
    if name == "range" or name.endswith(("Error", "Exception", "Warning")):
        return True
    if name in _CLOCK and name not in ("time", "sleep") and name not in own:
        return not call.args  # (``from time import perf_counter``)
    return (name == "print" or name in _PURE) and _own_args(index, call, own)


def _own_args(index: SyntaxIndex, call: cst.Call, own: frozenset[str]) -> bool:
    """Every name the arguments read is the helper's own local (or the clock's module)."""
    nodes = [n for arg in call.args for n in index.nodes(arg.value)]
    attrs = {id(n.attr) for n in nodes if type(n) is cst.Attribute}
    return all(
        n.value in own or n.value == "time" or n.value in _PURE or id(n) in attrs
        for n in nodes
        if type(n) is cst.Name
    )


def _names_any(index: SyntaxIndex, scope: cst.CSTNode, names: dict[str, int]) -> bool:
    return any(type(n) is cst.Name and n.value in names for n in index.nodes(scope))


def _reached(
    fn: cst.FunctionDef,
    call: cst.Call,
    params: list[cst.Param],
    given: Mapping[str, int | None],
) -> int | None:
    """How often the statement ``call`` makes runs on a call of ``fn`` (1 or 2); None where
    it may not run."""
    suite: tuple[cst.CSTNode, ...] = tuple(fn.body.body)
    runs, looped, again = 1, False, False
    while True:
        for stmt in suite:
            if contains_own(stmt, call):
                break
            if _skips(stmt, looped):
                return None
        else:
            return None
        if type(stmt) is cst.SimpleStatementLine:
            only = stmt.body[0] if len(stmt.body) == 1 else None
            value = getattr(only, "value", None) if type(only) in _STATEMENTS else None
            if type(value) is cst.Await:
                value = value.expression
            if peel(value)[0] is not call:
                return None  # (``fn()``, ``out = fn()``, ``await fn()``)
            return 1 if type(only) is cst.Return else runs  # (a ``return`` leaves: once)
        if type(stmt) is cst.Try and contains_own(stmt.body, call):
            if again and stmt.handlers and not any(_leaves(h.body) for h in stmt.handlers):
                runs, again = 2, False  # the handler goes on to the next turn
        elif type(stmt) is cst.For and not looped and contains_own(stmt.body, call):
            turns = _turns(stmt, params, given)
            if turns < 1 or stmt.orelse is not None:
                return None
            looped = True
            if turns >= 2:
                if _leaves(stmt.body):
                    again = True
                else:
                    runs = 2
        else:
            return None
        inner = stmt.body
        if type(inner) is not cst.IndentedBlock:
            return None
        suite = tuple(inner.body)


def _skips(stmt: cst.CSTNode, looped: bool) -> bool:
    """Whether a statement before the call may keep it from running: one that may return or
    raise (or, inside the loop, go on to its next turn or leave it) other than by a call's
    own exception."""
    leaves = _SKIPS if looped else _LEAVES
    if type(stmt) is cst.SimpleStatementLine:
        return any(type(s) in leaves for s in stmt.body)
    return _holds(stmt, leaves)


def _turns(loop: cst.For, params: list[cst.Param], given: Mapping[str, int | None]) -> int:
    """The turns of ``for _ in range(n)`` (0: not known): ``n`` an integer literal, or a
    parameter the call gives a constant or leaves at an integer default."""
    it = loop.iter
    if (
        type(it) is not cst.Call
        or type(it.func) is not cst.Name
        or it.func.value != "range"
        or len(it.args) != 1
    ):
        return 0
    n = it.args[0].value
    if type(n) is cst.Integer:
        return int(n.value, 0)
    if type(n) is cst.Name:
        if n.value in given:
            return given[n.value] or 0
        for param in params:
            default = param.default
            if param.name.value == n.value and type(default) is cst.Integer:
                return int(default.value, 0)
    return 0


def _leaves(body: cst.CSTNode) -> bool:
    return _holds(body, (cst.Return, cst.Break, cst.Raise))


def _holds(body: cst.CSTNode, kinds: tuple[type[cst.CSTNode], ...]) -> bool:
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        if type(node) in kinds:
            return True
        if not isinstance(node, _NESTED):
            stack.extend(children(node))
    return False
