"""A callable handed to a library call that runs it and then runs what it returns (issue 17,
round 37L; ``library_spec``: ``RUNS_RESULT``): ``tr.testing.do_bench(fn)`` calls ``fn()`` once
per timed run, at least seven times (five runs to estimate, then at least one warm-up and one
timed run: ``tilert/testing.py``), and after each call submits the ``Op`` it returns and waits
it, or waits the ``Pending`` it returns, before the next call; ``None`` is nothing to wait, and
anything else is a ``TypeError`` raised after that first call.

Lowered once per call node (``library_runs``' cache) to the runs, each the callable's call as
written in the program: a lambda of no parameter is its body, a name of a ``def`` (of the
enclosing function or of the module, taking no argument it is not given a default for) or an
attribute path (a bound method) is its call. At each evaluation (``run``) the runs are
evaluated in order, each followed by what the library does with its value: an op run as
``.sync()`` runs it, a Pending waited as ``.wait()`` does (so the second run meets what the
first consumed: a partition made outside the callable, TC109; an op it returns again, TC110).
Two runs stand for any number of two or more (what a second does, a third does again); the
second is evaluated only where the first certainly gives what lets the library go on: its
value one op or Pendings only, or the callable a ``def`` that returns no value. The call's
other arguments are evaluated, its value is none of the program's objects, and nothing is
given up (the library keeps neither the callable nor its captures)."""

from __future__ import annotations

from collections.abc import Container, Mapping
from typing import TYPE_CHECKING, Protocol, cast

import libcst as cst

from tilecheck.host.called_bodies import local_defs
from tilecheck.host.dunders import receiver_path
from tilecheck.host.library_spec import Does, positions
from tilecheck.host.model import NOTHING, Kind, Oids, Value
from tilecheck.host.parameter_runs import module_functions
from tilecheck.host.property_reads import lowered_from

if TYPE_CHECKING:
    from tilecheck.host.context import Context

_AT = positions(Does.RUNS_RESULT)  # where each such call takes its callable
# how many runs the lowering writes (two stand for any number of two or more)
_RUNS = 2
# what the library does with an op a run returns (its submit and then its wait)
_SYNC = "sync"
_WAIT = "wait"


class Running(Protocol):
    def ev(self, expr: cst.BaseExpression) -> Value: ...

    def kinds(self, oids: Oids, kind: Kind) -> list[int]: ...

    def method(self, call: cst.Call, func: cst.Attribute, oids: Oids) -> Value: ...


def no_parameters(params: cst.Parameters) -> bool:
    """A lambda's parameters that take no argument: none at all."""
    return not (
        params.params or params.posonly_params or params.kwonly_params or params.star_kwarg
    ) and not isinstance(params.star_arg, cst.Param)


def returns_nothing(fn: cst.FunctionDef) -> bool:
    """A plain ``def`` whose call returns None: no ``return`` of a value in its own body (its
    nested scopes aside), no ``yield``, not ``async``."""
    if fn.asynchronous is not None or fn.decorators:
        return False
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Return and cast(cst.Return, node).value is not None:
            return False
        if kind in (cst.Yield, cst.Await):
            return False
        if kind in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            continue
        stack.extend(node.children)
    return True


def run_of(
    arg: cst.BaseExpression,
    origin: cst.Call,
    defs: Mapping[str, cst.FunctionDef],
    env: Container[str],
) -> tuple[cst.BaseExpression, bool] | None:
    """What one call of the callable ``arg`` evaluates, written in the program's terms, and
    whether it certainly returns None; None where the callable is not one followed: a lambda
    of no parameter (its body), an attribute path (its call: a bound method, ``op.sync``), or
    the name of a ``def`` in ``defs`` (the enclosing function's, then the module's) that no
    value of the scope shadows, callable with no argument and no generator."""
    if type(arg) is cst.Lambda:
        return (arg.body, False) if no_parameters(arg.params) else None
    if type(arg) is cst.Attribute and receiver_path(arg) is not None:
        return lowered_from(origin, cst.Call(func=arg)), False
    if type(arg) is not cst.Name or arg.value in env:
        return None
    called = defs.get(arg.value)
    if called is None or called.decorators or called.asynchronous is not None:
        return None
    params = called.params
    if params.posonly_params or any(p.default is None for p in params.params):
        return None
    if any(p.default is None for p in params.kwonly_params):
        return None
    if _yields(called):
        return None  # (a generator function: its call runs none of its body)
    return lowered_from(origin, cst.Call(func=cst.Name(arg.value))), returns_nothing(called)


def _yields(fn: cst.FunctionDef) -> bool:
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        if type(node) in (cst.Yield, cst.Lambda, cst.FunctionDef, cst.ClassDef):
            if type(node) is cst.Yield:
                return True
            continue
        stack.extend(node.children)
    return False


def lowered(
    origin: cst.Call,
    at: int,
    defs: Mapping[str, cst.FunctionDef],
    env: Container[str],
) -> cst.List | None:
    """The runs of a ``RUNS_RESULT`` call ``origin`` (its callable positional argument ``at``
    or keyword ``fn``), as a list display of one tuple per run: ``(run.sync(), run.wait(),
    NONE)``, the library's run of an op and wait of a Pending the run returns (``run`` their
    receiver), and whether the callable certainly returns None (``True``/``False``)."""
    if any(a.star for a in origin.args):
        return None
    positional = [a for a in origin.args if a.keyword is None]
    given = positional[at].value if len(positional) > at else None
    for arg in origin.args:
        if arg.keyword is not None and arg.keyword.value == "fn":
            given = arg.value
    if given is None:
        return None
    found = run_of(given, origin, defs, env)
    if found is None:
        return None
    ran, nothing = found
    elements: list[cst.Element] = []
    for _ in range(_RUNS):
        calls = [
            lowered_from(origin, cst.Call(func=cst.Attribute(value=ran, attr=cst.Name(m))))
            for m in (_SYNC, _WAIT)
        ]
        flag = cst.Name("True" if nothing else "False")
        parts = (cst.Element(calls[0]), cst.Element(calls[1]), cst.Element(flag))
        elements.append(cst.Element(lowered_from(origin, cst.Tuple(elements=parts))))
    return lowered_from(origin, cst.List(elements=elements))


def lowered_here(
    ctx: Context, scope: cst.CSTNode | None, env: Container[str], origin: cst.Call
) -> cst.List | None:
    """``lowered`` at ``origin``, a ``RUNS_RESULT`` call in ``scope`` (a function, or None
    at the module's top), its callable a ``def`` of the scope or of the module."""
    module = ctx.module
    canonical = ctx.callee(origin.func).canonical
    if module is None or canonical not in _AT:
        return None
    defs = dict(ctx.index.fact(module, module_functions))
    if type(scope) is cst.FunctionDef:
        defs.update(ctx.index.fact(scope, local_defs))
    return lowered(origin, _AT[canonical], defs, env)


def run(an: Running, origin: cst.Call, built: cst.List, at: int) -> Value:
    """Evaluate the runs ``built`` (``lowered``) at ``origin``, each followed by the library's
    run or wait of what it returns; then the call's other arguments. The call's value."""
    for element in built.elements:
        parts = [e.value for e in cast(cst.Tuple, element.value).elements]
        synced, waited = cast(cst.Call, parts[0]), cast(cst.Call, parts[1])
        value = an.ev(cast(cst.Attribute, synced.func).value)
        oids = value if type(value) is frozenset else NOTHING
        ops = an.kinds(oids, Kind.OP)
        pendings = an.kinds(oids, Kind.PENDING)
        if ops:
            an.method(synced, cast(cst.Attribute, synced.func), frozenset(ops))
        if pendings:
            an.method(waited, cast(cst.Attribute, waited.func), frozenset(pendings))
        nothing = cast(cst.Name, parts[2]).value == "True"
        goes_on = nothing or (bool(oids) and len(ops) + len(pendings) == len(oids))
        if not goes_on:
            break  # (anything else: a ``TypeError`` after this run)
    positional = 0
    for arg in origin.args:
        if arg.keyword is None:
            positional += 1
            if positional == at + 1:
                continue
        elif arg.keyword.value == "fn":
            continue
        an.ev(arg.value)
    return NOTHING
