"""Calls a library runs on another thread, run where the library starts them (issue 17, round
31S; ``library_spec``: ``RUNS_TARGET``/``STARTS_CALL``, ``CALLS_NOW``).

``t = threading.Thread(target=f, args=(a, b), kwargs={"k": v})`` runs ``f(a, b, k=v)`` on
another thread from ``t.start()`` on, done by ``t.join()``; ``executor.submit(f, *args,
**kwargs)`` of a ``concurrent.futures`` executor, ``asyncio.to_thread(f, *args)`` and (round
32T) ``loop.run_in_executor(ex, f, *args)`` call ``f`` on a worker thread, done by the future's
``result()`` (the awaited value); ``executor.map(f, xs)`` submits ``f(item)`` for every item at
the call (``[f(item) for item in xs]``). A target that meets its starter at a barrier or waits
an event runs in phases instead (``tilecheck.host.phases``). The analysis has no
threads: the call is run whole where it starts (``t.start()``, the ``submit``), first, and the
library call is then what it was (an unknown call that may keep what it is given; a future's
value is not followed). That is one interleaving the threads may take: what the target does
to what is in flight at its start is seen; a race of a later statement of the caller with the
target is not. Followed where what runs is certain at the start: the thread a name bound once
in the module to a ``Thread(...)`` call (or that call itself, ``Thread(...).start()``), the
target a name or an attribute path, the arguments a tuple or list display and a dict display of
string keys, every name they read bound at most once in the module (so a name read at the start
holds what it held at the ``Thread(...)``); an executor a name bound once in the module (by
``with Executor(...) as pool`` or ``pool = Executor(...)``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import libcst as cst

from tilecheck.host import lowered_calls
from tilecheck.host.callable_runs import no_parameters
from tilecheck.host.exit_stacks import bound_by
from tilecheck.host.library_spec import RETURNS, Does, entry, methods, named
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax.constants import string_value
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import path_of

if TYPE_CHECKING:
    from tilecheck.host.context import Context

_THREADS = named(Does.RUNS_TARGET)
_CALLS_NOW = named(Does.CALLS_NOW)
# the cheap syntactic gate at a call: ``t.start()``, ``pool.submit(...)``, ``to_thread(...)``
METHODS = (
    frozenset(methods(Does.STARTS_CALL))
    | frozenset(methods(Does.CALLS_NOW))
    | frozenset(methods(Does.MAPS_NOW))
)


def started(ctx: Context, call: cst.Call) -> cst.BaseExpression | None:
    """What ``call`` (``t.start()``, ``pool.submit(f, ...)``, ``asyncio.to_thread(f, ...)``)
    runs now, as a call built once (None where not followed)."""
    key = ("thread", id(call))
    if key in ctx.runs:
        found = ctx.runs[key]
        return cast(cst.BaseExpression, found[1]) if found is not None else None
    made = _started(ctx, call)
    ctx.runs[key] = (0, made) if made is not None else None
    return made


def _started(ctx: Context, call: cst.Call) -> cst.BaseExpression | None:
    module = ctx.module
    func = call.func
    if module is None:
        return None
    if ctx.callee(func).canonical in _CALLS_NOW:
        return _submitted(call)  # ``asyncio.to_thread(f, ...)``
    if type(func) is not cst.Attribute:
        return None
    receiver = func.value
    made: cst.BaseExpression | None = receiver
    if type(receiver) is cst.Name:
        made = ctx.index.fact(module, bound_once_calls).get(receiver.value)
    if type(made) is not cst.Call:
        return None
    owner = ctx.callee(made.func).canonical
    owner = RETURNS.get(owner, owner) if owner is not None else None  # ``get_running_loop()``
    found = entry(f"{owner}.{func.attr.value}") if owner is not None else None
    if found is None:
        return None
    if Does.STARTS_CALL in found.does and owner in _THREADS and not call.args:
        return _target(ctx, call, made)
    if Does.CALLS_NOW in found.does:
        return _submitted(call, found.at)
    if Does.MAPS_NOW in found.does:
        return _mapped(call)
    return None


def target_call(ctx: Context, call: cst.Call) -> cst.Call | None:
    """``f(*args, **kwargs)`` the thread ``t`` of ``t.start()`` (``call``) runs, built once."""
    key = ("target", id(call))
    if key not in ctx.runs:
        made = _started(ctx, call)
        ctx.runs[key] = (0, made) if type(made) is cst.Call else None
    found = ctx.runs[key]
    return cast(cst.Call, found[1]) if found is not None else None


def thread_targets(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, tuple[str, cst.Call]]:
    """The module's names bound once to ``Thread(target=f, ...)`` (by spelling; its type is
    checked where it runs), ``f`` a name, each with ``f`` and its one ``name.start()``."""
    threads: dict[str, str] = {}
    for name, made in bound_once_calls(index, module).items():
        func = made.func
        spelled = func.attr.value if type(func) is cst.Attribute else None
        if type(func) is cst.Name:
            spelled = func.value
        if spelled != "Thread":
            continue
        for arg in made.args:
            if arg.keyword is not None and arg.keyword.value == "target":
                if type(arg.value) is cst.Name:
                    threads[name] = arg.value.value
    if not threads:
        return {}
    starts: dict[str, list[cst.Call]] = {}
    for node in index.nodes(module):
        if type(node) is cst.Call:
            func = node.func
            if type(func) is cst.Attribute and type(func.value) is cst.Name:
                if func.attr.value == "start" and func.value.value in threads:
                    starts.setdefault(func.value.value, []).append(node)
    return {t: (threads[t], calls[0]) for t, calls in starts.items() if len(calls) == 1}


def _submitted(call: cst.Call, at: int = 0) -> cst.BaseExpression | None:
    """``f(*rest)`` of ``submit(f, *rest)`` (``run_in_executor(ex, f, *rest)``: ``at`` = 1):
    ``f`` a name or an attribute path, the rest plain arguments (evaluated here, as the call
    evaluates them); a lambda of no parameter given nothing else: its body."""
    args = call.args
    if len(args) <= at or any(a.keyword is not None or a.star for a in args[: at + 1]):
        return None
    func = args[at].value
    if type(func) is cst.Lambda and len(args) == at + 1 and no_parameters(func.params):
        return func.body  # (``pool.submit(lambda: k(plan, x).sync())``: its body, 37L)
    if path_of(func) is None or any(a.star for a in args[at + 1 :]):
        return None
    return lowered_from(call, cst.Call(func=func, args=tuple(args[at + 1 :])))


def _mapped(call: cst.Call) -> cst.ListComp | None:
    """``[f(item) for item in xs]`` of ``executor.map(f, xs)`` (``zip`` of several): every
    task is submitted at the call (``timeout=``/``chunksize=`` change nothing of it)."""
    args = [a for a in call.args if a.keyword is None]
    if len(args) < 2 or any(a.star for a in args):
        return None
    if any(a.keyword.value not in ("timeout", "chunksize") for a in call.args if a.keyword):
        return None
    func = args[0].value
    if type(func) is cst.Lambda or path_of(func) is None:
        return None
    if len(args) == 2:
        return lowered_calls.each(func, args[1].value, (), call)
    return lowered_calls.zipped(func, [a.value for a in args[1:]], call)


def _target(ctx: Context, call: cst.Call, made: cst.Call) -> cst.Call | None:
    """``f(*args, **kwargs)`` of ``Thread(target=f, args=(...), kwargs={...})``."""
    if any(a.keyword is None or a.star for a in made.args):
        return None  # (keywords only: ``name=``, ``daemon=`` are not part of the call)
    keywords = {cast(cst.Name, a.keyword).value: a.value for a in made.args}
    func = keywords.get("target")
    if func is None or path_of(func) is None:
        return None
    given: list[cst.Arg] = []
    args = keywords.get("args")
    if args is not None:
        if type(args) not in (cst.Tuple, cst.List):
            return None
        for element in cast(cst.Tuple, args).elements:
            if type(element) is not cst.Element:
                return None
            given.append(cst.Arg(element.value))
    kwargs = keywords.get("kwargs")
    if kwargs is not None:
        if type(kwargs) is not cst.Dict:
            return None
        for item in kwargs.elements:
            key = item.key if type(item) is cst.DictElement else None
            text = string_value(key) if type(key) is cst.SimpleString else None
            if not isinstance(text, str) or not text.isidentifier():
                return None
            given.append(cst.Arg(keyword=cst.Name(text), value=item.value, equal=cst.AssignEqual()))
    module = ctx.module
    if module is None:
        return None
    once = ctx.index.fact(module, _binding_counts)
    read = [func, *(a.value for a in given)]
    for part in read:
        for node in ctx.index.nodes(part):
            if type(node) is cst.Name and once.get(node.value, 0) > 1:
                return None  # (it may hold another object at the start than at the making)
    return lowered_from(call, cst.Call(func=func, args=tuple(given)))


def _binding_counts(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, int]:
    count: dict[str, int] = {}
    for node in index.nodes(module):
        for bound in bound_by(node):
            count[bound] = count.get(bound, 0) + 1
    return count


def bound_once_calls(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, cst.Call]:
    """The module's names bound once, anywhere in it, by ``name = X(...)`` or ``with X(...) as
    name``, with that call (its type is checked where it is used)."""
    made: dict[str, cst.Call] = {}
    for node in index.nodes(module):
        kind = type(node)
        if kind is cst.Assign and len(cast(cst.Assign, node).targets) == 1:
            assign = cast(cst.Assign, node)
            target = assign.targets[0].target
            if type(target) is cst.Name and type(assign.value) is cst.Call:
                made[target.value] = assign.value
        elif kind is cst.WithItem:
            item = cast(cst.WithItem, node)
            asname = item.asname
            if asname is not None and type(asname.name) is cst.Name:
                if type(item.item) is cst.Call:
                    made[asname.name.value] = item.item
    if not made:
        return made
    count = index.fact(module, _binding_counts)
    return {name: call for name, call in made.items() if count.get(name) == 1}
