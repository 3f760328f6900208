"""What a parameter is, read from the calls that run its function (round 29N).

A library call that runs user code says, by its signature, what it gives that code: tilert's
``run_ranks(size, fn)`` calls ``fn(comm)`` with each rank's ``Communicator``. So ``rank``'s
first parameter is a communicator wherever ``run_ranks(2, rank)`` (or a lambda given there, or
``functools.partial(rank, ...)``) is the way it runs. From there a communicator goes on along
the module's own calls: a top-level function, or a method of one top-level class, every
reference to which is a call passing a communicator at one parameter (a parameter the caller
never rebinds, a positional or keyword argument), takes a communicator there. Only names the
module itself defines, and only where every call site agrees (a function named anywhere but in
a call, a call spreading ``*args``, a method name two classes define: not followed).

Computed once per module, the first time a collective's method (``comm.all_gather``) is called
on an unannotated parameter (``Calls._communicator``), and kept on the context."""

from __future__ import annotations

from collections.abc import Callable

import libcst as cst

from tilecheck.host.collectives import COMMUNICATOR
from tilecheck.host.context import Context
from tilecheck.host.parameter_index import rebound
from tilecheck.names import NameResolver
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name, passed_argument

# Library calls that run a callable with a ``Communicator`` as its first argument: the
# callable's position and keyword in the call.
RUNNERS = {"tilert.distributed.testing.run_ranks": (1, "fn")}
PARTIAL = "functools.partial"
_MAX_ROUNDS = 8

_Callable = cst.FunctionDef | cst.Lambda


def communicator(
    ctx: Context,
    scope: cst.FunctionDef | None,
    parameters: frozenset[str],
    expr: cst.BaseExpression,
    rebound_in: Callable[[cst.FunctionDef], frozenset[str]],
) -> bool:
    """``expr`` is a parameter the body never rebinds, annotated ``dist.Communicator`` (round
    22M) or given one by the calls that run its function (``communicator_parameters``)."""
    if type(expr) is not cst.Name or scope is None or expr.value not in parameters:
        return False
    name = expr.value
    params = scope.params
    for param in (*params.posonly_params, *params.params, *params.kwonly_params):
        if param.name.value != name:
            continue
        if param.annotation is None:
            if ctx.communicators is None:
                module = ctx.module
                ctx.communicators = frozenset()
                if module is not None:
                    found = communicator_parameters(module, ctx.resolver, ctx.index)
                    ctx.communicators = found
            certain = (id(scope), name) in ctx.communicators
        else:
            dotted = dotted_name(param.annotation.annotation)
            canonical = ctx.resolver.resolve(dotted) if dotted is not None else None
            certain = canonical in COMMUNICATOR
        return certain and name not in ctx.rebindable and name not in rebound_in(scope)
    return False


def _positional(params: cst.Parameters) -> list[cst.Param]:
    return [*params.posonly_params, *params.params]


def communicator_parameters(
    module: cst.Module, resolver: NameResolver, index: SyntaxIndex
) -> frozenset[tuple[int, str]]:
    """The (id of a ``def``, parameter name) pairs certainly given a ``Communicator``."""
    functions: dict[str, cst.FunctionDef] = {}
    methods: dict[str, list[cst.FunctionDef]] = {}
    classes: set[str] = set()
    for stmt in module.body:
        if type(stmt) is cst.FunctionDef:
            functions[stmt.name.value] = stmt
        elif type(stmt) is cst.ClassDef and type(stmt.body) is cst.IndentedBlock:
            classes.add(stmt.name.value)
            for inner in stmt.body.body:
                if type(inner) is cst.FunctionDef and not inner.decorators:
                    methods.setdefault(inner.name.value, []).append(inner)
    given: dict[int, set[str]] = {}
    owners: list[_Callable] = []
    for node in index.nodes(module):
        if type(node) is not cst.Call:
            continue
        dotted = dotted_name(node.func)
        runner = RUNNERS.get(resolver.resolve(dotted) or "") if dotted is not None else None
        if runner is None:
            continue
        position, keyword = runner
        arg = _argument(node, position, keyword)
        bound = 0
        if type(arg) is cst.Call and len(arg.args) >= 1 and not arg.args[0].star:
            spelled = dotted_name(arg.func)
            if spelled is not None and resolver.resolve(spelled) == PARTIAL:
                rest = arg.args[1:]
                if any(a.star for a in rest):
                    continue
                bound = sum(1 for a in rest if a.keyword is None)
                arg = arg.args[0].value
        target: _Callable | None = None
        if type(arg) is cst.Name:
            target = functions.get(arg.value)
        elif type(arg) is cst.Lambda and not bound:
            target = arg
            owners.append(arg)
        params = _positional(target.params) if target is not None else []
        if target is not None and len(params) > bound and params[bound].annotation is None:
            given.setdefault(id(target), set()).add(params[bound].name.value)
    if not given:
        return frozenset()
    owners.extend(functions.values())
    owners.extend(m for ms in methods.values() for m in ms)
    _spread(given, owners, (module, functions, methods, classes), index)
    return frozenset((fn, name) for fn, names in given.items() for name in names)


def _argument(call: cst.Call, position: int, keyword: str) -> cst.BaseExpression | None:
    for i, arg in enumerate(call.args):
        if arg.star:
            return None
        if arg.keyword is not None:
            if arg.keyword.value == keyword:
                return arg.value
        elif i == position:
            return arg.value
    return None


_Defs = tuple[cst.Module, dict[str, cst.FunctionDef], dict[str, list[cst.FunctionDef]], set[str]]


def _spread(
    given: dict[int, set[str]], owners: list[_Callable], defs: _Defs, index: SyntaxIndex
) -> None:
    """Hand a communicator on along the module's calls, to a fixed point."""
    module, functions, methods, classes = defs
    # every call of a module function or method, with the body it is made in
    sites: dict[int, list[tuple[cst.Call, _Callable, int]]] = {}
    names: dict[str, int] = {}  # how often each function's name is read
    attrs: dict[str, int] = {}  # how often each method's name is an attribute
    for node in index.nodes(module):
        kind = type(node)
        if kind is cst.Name:
            value = node.value  # type: ignore[attr-defined]
            if value in functions:
                names[value] = names.get(value, 0) + 1
        elif kind is cst.Attribute:
            value = node.attr.value  # type: ignore[attr-defined]
            if value in methods:
                attrs[value] = attrs.get(value, 0) + 1
    for owner in owners:
        for node in index.nodes(owner.body if type(owner) is cst.Lambda else owner):
            if type(node) is not cst.Call:
                continue
            func = node.func
            if type(func) is cst.Name and func.value in functions:
                sites.setdefault(id(functions[func.value]), []).append((node, owner, 0))
            elif type(func) is cst.Attribute and len(methods.get(func.attr.value, ())) == 1:
                method = methods[func.attr.value][0]
                receiver = func.value  # ``Cls.m(obj, comm)``: no receiver given
                shift = 0 if type(receiver) is cst.Name and receiver.value in classes else 1
                sites.setdefault(id(method), []).append((node, owner, shift))
    targets: list[cst.FunctionDef] = []
    for name, fn in functions.items():
        # every read of the name is a call (the def's own name is one read)
        if names.get(name, 0) - 1 == len(sites.get(id(fn), ())):
            targets.append(fn)
    for name, ms in methods.items():
        if len(ms) == 1 and attrs.get(name, 0) == len(sites.get(id(ms[0]), ())):
            targets.append(ms[0])
    for _ in range(_MAX_ROUNDS):
        changed = False
        for fn in targets:
            calls = sites.get(id(fn))
            if not calls:
                continue
            for position, param in enumerate(_positional(fn.params)):
                name = param.name.value
                if param.annotation is not None or name in given.get(id(fn), ()):
                    continue
                if all(_passes(c, at, shift, position, name, given) for c, at, shift in calls):
                    given.setdefault(id(fn), set()).add(name)
                    changed = True
        if not changed:
            return


def _passes(
    call: cst.Call,
    owner: _Callable,
    shift: int,
    position: int,
    name: str,
    given: dict[int, set[str]],
) -> bool:
    """``call`` gives the parameter (``position``, ``name``) a communicator of ``owner``."""
    arg = passed_argument(call, position, name, shift)
    if type(arg) is not cst.Name:
        return False
    held = given.get(id(owner), ())
    if arg.value not in held:
        return False
    return type(owner) is not cst.FunctionDef or arg.value not in rebound(owner)
