"""Tables of callables a function keeps in its own locals (round 39C of issue 17): ``jobs =
{"sum": lambda: add(outs["sum"].partition(s), x, y), ...}`` in a function body, then
``jobs["sum"]()`` or ``for name, make in jobs.items(): pending[name] = make().submit()``.

``table_calls`` writes a call of a module table's item as the item's own call; a function's
table is the same where it is bound once, at the top level of the function's body, to a display
of callable values, and named nowhere in that function (its nested scopes included) but in the
uses a module table may have. A lambda of it reads the function's locals when it is called, not
when it is made (Python closures see the variable, not the value): its body written at a call
in the same function reads exactly what the lambda would there, so its free names need not be
bound once (a call in a nested scope that binds one of them is left alone: ``reduced``).
Only the calls and loops inside that function are rewritten, since the name is another
variable anywhere else."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import cast

import libcst as cst

from tilecheck.host.callable_items import Callables, substituted
from tilecheck.host.module_names import TARGETS, ModuleNames, binds
from tilecheck.syntax.nodes import target_names
from tilecheck.syntax.walk import children, descendants

# What a table's display is written as.
_DISPLAYS = (cst.Dict, cst.List, cst.Tuple)
# A table's item that may be a callable value (a lambda, a function's name, a factory's call).
_ITEMS = (cst.Lambda, cst.Name, cst.Call)


def functions(module: cst.Module) -> Iterator[cst.FunctionDef]:
    """Every function of the module, methods and nested functions included (only statements
    and their blocks are walked: a ``def`` lies in a block, never in an expression)."""
    stack: list[cst.CSTNode] = list(module.body)
    while stack:
        node = stack.pop()
        if type(node) is cst.FunctionDef:
            yield node
        if type(node) is cst.SimpleStatementLine or isinstance(node, cst.BaseExpression):
            continue
        stack.extend(c for c in children(node) if not isinstance(c, cst.BaseExpression))


Candidate = tuple[str, cst.CSTNode, cst.BaseExpression]


def candidates(fn: cst.FunctionDef, names: ModuleNames) -> tuple[frozenset[int], list[Candidate]]:
    """The names ``fn``'s top-level statements bind to a display that may hold callables,
    bound once in ``fn`` (nested scopes included) and declared ``global``/``nonlocal``
    nowhere in it: (name, the binding's target node, the display); with the ids of every node
    of ``fn`` (where its uses and the calls of its items lie)."""
    if type(fn.body) is not cst.IndentedBlock:
        return frozenset(), []
    out: list[Candidate] = []
    for stmt in fn.body.body:
        if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
            continue
        small = stmt.body[0]
        if type(small) is not cst.Assign or len(small.targets) != 1:
            continue
        target, value = small.targets[0].target, small.value
        if type(target) is not cst.Name or type(value) not in _DISPLAYS:
            continue
        if not any(type(v) in _ITEMS for v in _item_values(value)):
            continue
        out.append((target.value, small.targets[0], value))
    if not out:
        return frozenset(), []
    within = frozenset(id(n) for n in descendants(fn))
    declared = {
        n.name.value
        for node in descendants(fn.body)
        if type(node) in (cst.Global, cst.Nonlocal)
        for n in getattr(node, "names", ())
    }
    kept: list[Candidate] = []
    for name, binder, value in out:
        count = sum(
            1
            for node, parent in names.uses.get(name, ())
            if id(node) in within and binds(node, parent, names.parent_of)
        )
        if count == 1 and name not in declared:
            kept.append((name, binder, value))
    return within, kept


def _item_values(value: cst.BaseExpression) -> list[cst.BaseExpression]:
    if type(value) is cst.Dict:
        return [e.value for e in value.elements if type(e) is cst.DictElement]
    return [e.value for e in getattr(value, "elements", ()) if type(e) is cst.Element]


def rebound_in(body: cst.CSTNode) -> set[str]:
    """The names ``body`` binds, at any depth: ``bound_in``'s, but a subscript's or an
    attribute's target (``pending[name] = ...``) binds none of the names in it."""
    out: set[str] = set()
    for node in descendants(body):
        field = TARGETS.get(type(node))
        target = getattr(node, field, None) if field is not None else None
        if isinstance(target, cst.CSTNode):
            out.update(target_names(target))
    return out


def keyed_turn(
    stmt: cst.BaseStatement,
    keys: dict[str, cst.BaseExpression],
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> cst.BaseStatement:
    """A turn's statement with each read of a loop target that holds a literal key on this
    turn (``for name, make in jobs.items()``) written as that key: the body never rebinds the
    target (``table_calls._plain``), so it reads that literal there, and a store
    ``pending[name] = ...`` is one under a known key (``store_rows``)."""
    if not keys:
        return stmt
    return cast(cst.BaseStatement, substituted(stmt, keys, aliases))


def with_local_defs(callables: Callables, fn: cst.FunctionDef, names: ModuleNames) -> Callables:
    """``callables`` that also take the functions ``fn`` defines at its top level, each a
    name bound once in the whole module (so wherever a call of it is written in ``fn`` it is
    that ``def``): ``stages = [forward, backward]`` of two nested ``def``s."""
    body = fn.body.body if type(fn.body) is cst.IndentedBlock else ()
    own = {
        s.name.value: s
        for s in body
        if type(s) is cst.FunctionDef and not s.decorators and names.once(s.name.value)
    }
    if not own:
        return callables
    local = copy.copy(callables)
    local.functions = {**callables.functions, **own}
    local._factories = {}
    return local
