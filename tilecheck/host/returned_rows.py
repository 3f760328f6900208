"""A container a function of the module returns as a display (round 40N of issue 17):
``def build(): return {"add": add(...), "scale": scale(...)}`` then ``ops = build()`` binds
``ops`` to a new dict with those keys on every call, each item the op its key's call made
there (the ops' sites are the calls in ``build``'s display: a summary made them), so
``tilecheck.host.keyed_items`` asks of ``ops`` what it asks of the display written in place
of the call: which keys the caller's uses take, and an item no use takes is never run
(TC105) or never waited on (TC108).

Only where the display is certain: the called name is a plain function of the module's top
level (not a method, not a nested or decorated function, bound nowhere else in the module),
whose body's last statement is ``return`` of a list, tuple or dict display with constant keys
and which has no other ``return``, no ``yield`` and is no coroutine. Anything else (a
comprehension over the callee's names, a return under an ``if``) gives None, as before."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.known_keys import ScopeNames
from tilecheck.syntax.walk import own_nodes

Display = cst.Dict | cst.List | cst.Tuple


def returned_display(names: ScopeNames, value: cst.BaseExpression | None) -> Display | None:
    """The display the module function called by ``value`` (``f(...)``) returns, or None."""
    func = called_function(names, value)
    return None if func is None else returned_of(func)


def called_function(names: ScopeNames, value: cst.BaseExpression | None) -> cst.FunctionDef | None:
    """The plain top-level function of the module ``value`` (``f(...)``) calls, or None."""
    if type(value) is not cst.Call or type(value.func) is not cst.Name:
        return None
    called = value.func.value
    if called in names.binds:
        return None  # bound in the caller's own scope (a parameter, a local)
    module = names.module_names()
    if module is None or type(module.scope) is not cst.Module or called in module.binds:
        return None
    defs = [
        parent
        for _, parent, _ in module.uses.get(called, ())
        if type(parent) is cst.FunctionDef and parent.name.value == called
    ]
    if len(defs) != 1 or defs[0] not in module.scope.body:
        return None
    return defs[0]


def only_return(func: cst.FunctionDef) -> cst.BaseExpression | None:
    """What a plain function returns on every call: its one ``return``'s value, the return
    its last statement (no other ``return`` or ``yield`` of its own)."""
    if func.decorators or func.asynchronous is not None or type(func.body) is not cst.IndentedBlock:
        return None
    body = func.body.body
    last = body[-1] if body else None
    if type(last) is not cst.SimpleStatementLine or len(last.body) != 1:
        return None
    ret = last.body[0]
    if type(ret) is not cst.Return or ret.value is None:
        return None
    if any(type(n) in (cst.Return, cst.Yield) and n is not ret for n in own_nodes(func.body)):
        return None
    return ret.value


def returned_of(func: cst.FunctionDef) -> Display | None:
    """The display ``func`` returns on every call (its one ``return``, its last statement)."""
    value = only_return(func)
    return value if type(value) in (cst.Dict, cst.List, cst.Tuple) else None  # type: ignore[return-value]


def returned_items(index: object, module: cst.CSTNode) -> frozenset[cst.CSTNode]:
    """The items of the displays the module's functions return (a cheap test of whether an op
    a summary made may be one: ``index`` unused, for ``SyntaxIndex.fact``)."""
    found: set[cst.CSTNode] = set()
    for stmt in module.body if type(module) is cst.Module else ():
        display = returned_of(stmt) if type(stmt) is cst.FunctionDef else None
        if type(display) is cst.Dict:
            found.update(e.value for e in display.elements if type(e) is cst.DictElement)
        elif display is not None:
            found.update(e.value for e in display.elements if type(e) is cst.Element)
    return frozenset(found)
