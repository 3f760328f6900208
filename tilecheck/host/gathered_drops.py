"""Pendings a gathered coroutine returns, thrown away with the gather's results (round 23D of
issue 17): ``await asyncio.gather(*(fetch(d, s) for ...))`` as a statement, where ``async def
fetch`` ends in ``return k(...).submit()``. The task of each coroutine keeps its result until
the gather's list of results goes, right after the statement: a Pending made in the ``return``
itself, held by nothing else, is then collected unwaited (the runtime warns at its submit).

Only where the source leaves no doubt: the gather is an ``await`` statement (its value unused)
whose arguments are calls of a plain name, or one starred generator expression or list
comprehension of such calls, no keyword; the name is a top-level ``async def`` of the module,
not decorated, and every other mention of the name anywhere in the module is the function
called (no other binding, ``global``, import or reference of it). ``findings`` checks that the
gather is ``asyncio.gather`` and reports each ``return <launch>.submit()`` of that function's
own body (not a nested function's) that the analysis made a Pending of: TC108."""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children

_COMPREHENSIONS = (cst.GeneratorExp, cst.ListComp)
_NESTED = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def discarded_gathers(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, list[cst.Call]]:
    """The module's async functions whose coroutines an ``await ...gather(...)`` statement
    runs with its results unused, each with those gather calls."""
    nodes = index.nodes(module)
    found: dict[str, list[cst.Call]] = {}
    for node in nodes:
        if type(node) is not cst.Expr or type(node.value) is not cst.Await:
            continue
        call = node.value.expression
        if type(call) is not cst.Call or type(call.func) is not cst.Attribute:
            continue
        if call.func.attr.value != "gather" or not call.args:
            continue
        names = _gathered(call)
        for name in names or ():
            found.setdefault(name, []).append(call)
    if not found:
        return found
    defs: dict[str, cst.FunctionDef] = {}
    for stmt in module.body:  # type: ignore[attr-defined]
        if type(stmt) is cst.FunctionDef and stmt.name.value in found:
            if stmt.name.value in defs:
                defs[stmt.name.value] = None  # type: ignore[assignment]  # (bound twice)
            else:
                defs[stmt.name.value] = stmt
    mentions = {name: 0 for name in found}
    for node in nodes:
        if type(node) is cst.Name and node.value in mentions:
            mentions[node.value] += 1
        elif type(node) is cst.Call and type(node.func) is cst.Name and node.func.value in mentions:
            mentions[node.func.value] -= 1
    out: dict[str, list[cst.Call]] = {}
    for name, calls in found.items():
        fn = defs.get(name)
        if (
            fn is not None
            and fn.asynchronous is not None
            and not fn.decorators
            and mentions[name] == 1  # (its ``def``: every other mention is a call)
        ):
            out[name] = calls
    return out


def _gathered(call: cst.Call) -> list[str] | None:
    """The plain names the gather's arguments call, or None where one is anything else."""
    names: list[str] = []
    for arg in call.args:
        if arg.keyword is not None:
            return None
        value = arg.value
        if arg.star == "*" and type(value) in _COMPREHENSIONS:
            value = value.elt  # type: ignore[attr-defined]
        elif arg.star:
            return None
        if type(value) is not cst.Call or type(value.func) is not cst.Name:
            return None
        names.append(value.func.value)
    return names


def returned_submits(index: SyntaxIndex, fn: cst.CSTNode) -> tuple[cst.Call, ...]:
    """The ``.submit()`` calls ``fn``'s own ``return`` statements give back right away."""
    out: list[cst.Call] = []
    stack: list[cst.CSTNode] = [fn.body]  # type: ignore[attr-defined]
    while stack:
        node = stack.pop()
        if type(node) in _NESTED:
            continue
        if type(node) is cst.Return:
            value = node.value
            if (
                type(value) is cst.Call
                and type(value.func) is cst.Attribute
                and value.func.attr.value == "submit"
                and not value.args
            ):
                out.append(value)
            continue
        stack.extend(children(node))
    return tuple(out)
