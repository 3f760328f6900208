"""A module's name that its functions also bind as locals of their own (round 41N of issue 17).

``tilecheck.host.known_keys.ScopeNames`` of a module counts the mentions of a name in the
functions nested in it too, so where a builder's local and the module's result share a name::

    def build():
        ops = {}
        ...
        return ops

    ops = build()

the module's ``ops`` has two bindings and is not bound once. Python gives ``build`` its own
``ops`` (a name a function binds, without ``global``, is that function's local throughout it),
so the module's ``ops`` is bound once, and its uses are the module's own and those of functions
that never bind it. Only top-level functions and the methods of top-level classes are told
apart; a binding anywhere else (a class body, a lambda's parameter, a ``global`` statement)
leaves the name as it was (None)."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from tilecheck.host.known_keys import ScopeNames, Use
from tilecheck.syntax.walk import contains, contains_own, descendants, own_nodes


def module_own(names: ScopeNames, name: str) -> tuple[cst.BaseExpression, Sequence[Use]] | None:
    """The value the module binds ``name`` to once, and the uses that read that binding, where
    every other binding is a function's own local; None otherwise."""
    module = names.scope
    binders = names.binds.get(name, ())
    if type(module) is not cst.Module or len(binders) < 2:
        return None
    own = _own_ids(names, module)
    functions = _functions(module)
    mine = [b for b in binders if id(b) in own]
    if len(mine) != 1 or type(mine[0]) is not cst.Assign or len(mine[0].targets) != 1:
        return None
    local: list[cst.FunctionDef] = []
    for binder in binders:
        if binder is mine[0]:
            continue
        func = next((f for f in functions if _binds_in(f, binder)), None)
        if func is None or _declared(func, name):
            return None
        if func not in local:
            local.append(func)
    uses = [
        use
        for use in names.uses.get(name, ())
        if id(use[0]) in own or not any(contains(f, use[0]) for f in local)
    ]
    return mine[0].value, uses


def _own_ids(names: ScopeNames, module: cst.Module) -> frozenset[int]:
    """The nodes of the module outside its functions, classes and lambdas (once per module)."""
    mark = "module_own_ids"
    if mark not in names.memo:
        names.memo[mark] = frozenset(id(n) for n in own_nodes(module))
    return names.memo[mark]  # type: ignore[return-value]


def _functions(module: cst.Module) -> list[cst.FunctionDef]:
    """The module's top-level functions and its top-level classes' methods."""
    found: list[cst.FunctionDef] = []
    for stmt in module.body:
        if type(stmt) is cst.FunctionDef:
            found.append(stmt)
        elif type(stmt) is cst.ClassDef and type(stmt.body) is cst.IndentedBlock:
            found += [s for s in stmt.body.body if type(s) is cst.FunctionDef]
    return found


def _binds_in(func: cst.FunctionDef, binder: cst.CSTNode) -> bool:
    """``binder`` binds in ``func``'s own scope (its parameters, its body outside nested
    functions, classes and lambdas)."""
    return contains(func.params, binder) or contains_own(func.body, binder)


def _declared(func: cst.FunctionDef, name: str) -> bool:
    """A ``global`` or ``nonlocal`` statement of ``name`` anywhere in ``func``."""
    for node in descendants(func):
        if type(node) is cst.Global or type(node) is cst.Nonlocal:
            if any(item.name.value == name for item in node.names):
                return True
    return False
