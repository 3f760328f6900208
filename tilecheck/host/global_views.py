"""Views of the module's tensors inside its functions: ``history[:W]`` and ``history[1:]`` in a
function (or a method of a class of the module) of ``history = tr.zeros((W + 1,))`` bound once at
module level are parts of one tensor, the module's, as two views of a local tensor are: they
meet or lie apart by their bounds, a view meets its base, and a bound counted from the end reads
the factory's shape. Unread, the global would be no tensor at all in the function and its views
nothing, so a launch writing one and reading the other passed unseen.

Only a name the function never binds (no parameter, no ``global``/``nonlocal`` anywhere in the
module, not bound in the function) of a top-level ``def`` or of a method of a top-level class
(a nested function's free name may be its enclosing function's) is read so."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from tilecheck.host.bound_once import binding_counts, scope_statements
from tilecheck.syntax.index import SyntaxIndex


def top_level_scopes(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[int]:
    """The ids of the module's top-level functions and of its top-level classes' methods."""
    return index.fact(module, _scopes)


def module_factory(index: SyntaxIndex, module: cst.CSTNode, name: str) -> cst.Call | None:
    """The call a top-level ``name = call`` of the module binds ``name`` to, if one does."""
    return index.fact(module, _bindings).get(name)


def _scopes(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[int]:
    found: set[int] = set()
    body = module.body if type(module) is cst.Module else ()
    for stmt in body:
        if type(stmt) is cst.FunctionDef:
            found.add(id(stmt))
        elif type(stmt) is cst.ClassDef and type(stmt.body) is cst.IndentedBlock:
            found.update(id(s) for s in stmt.body.body if type(s) is cst.FunctionDef)
    return frozenset(found)


def _bindings(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, cst.Call]:
    found: dict[str, cst.Call] = {}
    body = module.body if type(module) is cst.Module else ()
    for stmt in body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) is cst.Assign and len(small.targets) == 1:
                target, value = small.targets[0].target, small.value
            elif type(small) is cst.AnnAssign and small.value is not None:
                target, value = small.target, small.value
            else:
                continue
            if type(target) is cst.Name and type(value) is cst.Call:
                found[target.value] = value
    return found


def once_values(index: SyntaxIndex, scope: cst.CSTNode) -> dict[str, cst.BaseExpression | None]:
    """Every name a module's or a function's body binds (nested scopes not), with the value of
    its one ``name = value`` where it binds it once so, else None."""
    return index.fact(scope, _once_values)


def _once_values(index: SyntaxIndex, scope: cst.CSTNode) -> dict[str, cst.BaseExpression | None]:
    body: Sequence[cst.BaseStatement]
    if type(scope) is cst.Module:
        body = scope.body
    elif type(scope) is cst.FunctionDef and type(scope.body) is cst.IndentedBlock:
        body = scope.body.body
    else:
        return {}
    found: dict[str, cst.BaseExpression | None] = dict.fromkeys(binding_counts(body))
    for stmt in scope_statements(body):
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) is not cst.Assign or len(small.targets) != 1:
                continue
            target = small.targets[0].target
            if type(target) is cst.Name:
                found[target.value] = small.value
    counts = binding_counts(body)
    return {name: value if counts.get(name) == 1 else None for name, value in found.items()}
