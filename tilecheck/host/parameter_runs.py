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

The helper does nothing else its argument's code could be ordered against: its other calls
are ``range``, exceptions' constructors and ``print`` of its own locals (no method call, no
other function), so that the argument's runs evaluated before its summary keep their order."""

from __future__ import annotations

from typing import cast

import libcst as cst

from tilecheck.host.parameter_index import rebound
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children

# (parameter position, parameter name, runs, the parameter giving the loop's bound or None)
ParameterRun = tuple[int, str, int, str | None]
_NESTED = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
_LEAVES = (cst.Return, cst.Raise)


def module_functions(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, cst.FunctionDef]:
    """The module's plain top-level functions, by name (an ``index.fact``)."""
    found: dict[str, cst.FunctionDef] = {}
    for stmt in module.body if type(module) is cst.Module else ():
        if type(stmt) is cst.FunctionDef and not stmt.decorators and stmt.asynchronous is None:
            found[stmt.name.value] = stmt
    return found


def parameter_runs(index: SyntaxIndex, fn: cst.CSTNode) -> tuple[ParameterRun, ...]:
    """The parameters ``fn`` certainly calls, with how often (an ``index.fact``)."""
    if type(fn) is not cst.FunctionDef:
        return ()
    params = [*fn.params.posonly_params, *fn.params.params]
    names = {p.name.value: i for i, p in enumerate(params)}
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
            if type(func) is not cst.Name:
                return ()  # (a method's call: it may act on what the argument's code uses)
            if func.value in names:
                calls.setdefault(func.value, []).append(node)  # type: ignore[arg-type]
            elif not _inert(index, node, fn):  # type: ignore[arg-type]
                return ()
    found: list[ParameterRun] = []
    for name, made in calls.items():
        if reads.get(name) != len(made) or any(c.args for c in made):
            continue  # named otherwise (rebound, passed on), or given arguments
        runs, bound = 0, None
        for call in made:
            reached = _reached(fn, call, params)
            if reached is None:
                runs = 0
                break
            runs, bound = runs + reached[0], reached[1] or bound
        if runs:
            found.append((names[name], name, min(runs, 2), bound))
    return tuple(found)


def _inert(index: SyntaxIndex, call: cst.Call, fn: cst.FunctionDef) -> bool:
    """A call of the helper's own that acts on nothing its argument's code may use (so that
    the argument's runs may be evaluated before the helper's summary): ``range(...)``, an
    exception's constructor, ``print`` of the helper's own locals (a loop's counter)."""
    name = cast(cst.Name, call.func).value
    if name == "range" or name.endswith(("Error", "Exception", "Warning")):
        return True
    if name != "print":
        return False
    own = rebound(fn) - {p.name.value for p in fn.params.params}
    return all(
        type(n) is not cst.Name or n.value in own
        for arg in call.args
        for n in index.nodes(arg.value)
        if type(n) is cst.Name
    )


def _names_any(index: SyntaxIndex, scope: cst.CSTNode, names: dict[str, int]) -> bool:
    return any(type(n) is cst.Name and n.value in names for n in index.nodes(scope))


def _reached(
    fn: cst.FunctionDef, call: cst.Call, params: list[cst.Param]
) -> tuple[int, str | None] | None:
    """How often the statement ``call`` makes runs on a call of ``fn`` (1 or 2), and the
    parameter the loop around it is bounded by; None where it may not run."""
    suite: tuple[cst.CSTNode, ...] = tuple(fn.body.body)
    runs, bound, looped, again = 1, None, False, False
    while True:
        for stmt in suite:
            if _contains(stmt, call):
                break
            if type(stmt) is not cst.SimpleStatementLine or any(
                type(s) in _LEAVES for s in stmt.body
            ):
                return None
        else:
            return None
        if type(stmt) is cst.SimpleStatementLine:
            only = stmt.body[0] if len(stmt.body) == 1 else None
            if type(only) is not cst.Expr or only.value is not call:
                return None
            return runs, bound
        if type(stmt) is cst.Try and _contains(stmt.body, call):
            if again and stmt.handlers and not any(_leaves(h.body) for h in stmt.handlers):
                runs, again = 2, False  # the handler goes on to the next turn
        elif type(stmt) is cst.For and not looped and _contains(stmt.body, call):
            turns, bound = _turns(stmt, params)
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


def _turns(loop: cst.For, params: list[cst.Param]) -> tuple[int, str | None]:
    """The turns of ``for _ in range(n)`` (0: not known), and the parameter ``n`` is."""
    it = loop.iter
    if (
        type(it) is not cst.Call
        or type(it.func) is not cst.Name
        or it.func.value != "range"
        or len(it.args) != 1
    ):
        return 0, None
    n = it.args[0].value
    if type(n) is cst.Integer:
        return int(n.value, 0), None
    if type(n) is cst.Name:
        for param in params:
            default = param.default
            if param.name.value == n.value and type(default) is cst.Integer:
                return int(default.value, 0), n.value
    return 0, None


def _leaves(body: cst.CSTNode) -> bool:
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        if type(node) in (cst.Return, cst.Break, cst.Raise):
            return True
        if not isinstance(node, _NESTED):
            stack.extend(children(node))
    return False


def _contains(tree: cst.CSTNode, node: cst.CSTNode) -> bool:
    stack = [tree]
    while stack:
        current = stack.pop()
        if current is node:
            return True
        if not isinstance(current, _NESTED):
            stack.extend(children(current))
    return False
