"""A key's value known from the code that binds it (round 29N2): a name a scope reads as a
container's key (``ops[mode]``) is the literal it is bound once to there (``mode = "greedy"``),
the module's name bound once to a literal, or a parameter of a top-level function that every
call of the function gives the same string or integer literal (``sample("greedy",
0.7)``, or its literal default where no call gives it).

A parameter is folded only where its function is named in the module nowhere but as the
callee of plain calls (never passed on, stored, decorated or rebound; no ``*``/``**`` argument
at a call), one such call at the module's top level (a script: the module runs it), and the
function never rebinds the parameter. Another module importing the function and calling it
with another value is not seen: the module is read as the program it runs."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.known_keys import Key, ScopeNames, constant

_BLOCKS = (cst.If, cst.For, cst.While, cst.With)


def known_key(names: ScopeNames, name: str) -> Key | None:
    """The literal ``name`` holds wherever ``names``' scope reads it, or None."""
    binders = names.binds.get(name, ())
    if not binders:
        outer = names._outer() if names._outer is not None else None
        if outer is None or outer is names:
            return None
        binders = outer.binds.get(name, ())
        if len(binders) == 1 and type(binders[0]) in (cst.Assign, cst.AnnAssign):
            return constant(outer.bound_once(name))
        return None
    if len(binders) != 1:
        return None
    binder = binders[0]
    if type(binder) in (cst.Assign, cst.AnnAssign):
        return constant(names.bound_once(name))
    if type(binder) is cst.Param and type(names.scope) is cst.FunctionDef:
        return _given(names, names.scope, binder)
    return None


def _given(names: ScopeNames, fn: cst.FunctionDef, param: cst.Param) -> Key | None:
    """The one literal every call of ``fn`` gives ``param``."""
    params = fn.params
    if param not in params.params or fn.decorators or fn.asynchronous is not None:
        return None
    position = params.params.index(param)
    outer = names._outer() if names._outer is not None else None
    if outer is None or type(outer.scope) is not cst.Module or fn not in outer.scope.body:
        return None
    title = fn.name.value
    if outer.binds.get(title):  # the def is no binder there: any binding is another
        return None
    values: set[Key] = set()
    calls: list[cst.Call] = []
    for used, parent, _ in outer.uses.get(title, ()):
        if parent is fn:
            continue
        if type(parent) is not cst.Call or parent.func is not used:
            return None
        value = _argument(parent, position, param)
        if value is None:
            return None
        values.add(value)
        calls.append(parent)
    if len(values) != 1:
        return None
    ran = {id(c) for s in _top(outer.scope) for c in _calls(s)}
    if not any(id(c) in ran for c in calls):
        return None
    return values.pop()


def _argument(call: cst.Call, position: int, param: cst.Param) -> Key | None:
    """The literal ``call`` gives the parameter (its default where not given), or None."""
    given: cst.BaseExpression | None = None
    for at, arg in enumerate(call.args):
        if arg.star:
            return None
        if arg.keyword is None and at == position:
            given = arg.value
        elif arg.keyword is not None and arg.keyword.value == param.name.value:
            given = arg.value
    if given is None:
        given = param.default
    if given is None:
        return None
    return constant(given)


def _top(module: cst.Module) -> list[cst.SimpleStatementLine]:
    """The module's simple statements, and those directly in its top-level blocks (``if
    __name__ == "__main__":``, a ``for`` or ``with``)."""
    found: list[cst.SimpleStatementLine] = []
    for stmt in module.body:
        if type(stmt) is cst.SimpleStatementLine:
            found.append(stmt)
        elif type(stmt) in _BLOCKS and type(stmt.body) is cst.IndentedBlock:
            inner = stmt.body.body
            found.extend(s for s in inner if type(s) is cst.SimpleStatementLine)
    return found


def _calls(stmt: cst.SimpleStatementLine) -> list[cst.CSTNode]:
    """The calls a module statement makes at its top (``f(...)`` or ``x = f(...)``)."""
    found: list[cst.CSTNode] = []
    for small in stmt.body:
        value = getattr(small, "value", None)
        if type(value) is cst.Call:
            found.append(value)
    return found
