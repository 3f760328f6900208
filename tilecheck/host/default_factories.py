"""A ``defaultdict``'s factory runs at the read of a missing key (round 29N): ``scratch =
defaultdict(lambda: tr.zeros(n))`` read as ``scratch[layer]`` runs ``tr.zeros(n)`` there,
inside a graph capture too (TC111 at the factory's allocation).

Only where the key is certainly missing the first time the read runs: the dict is a module
name bound once, by ``name = defaultdict(F)`` (or an annotated assignment) at the module's top
level, and named nowhere else but in one subscript (never stored into, passed on, or read at
another site), so that the first evaluation of that read finds it empty. ``F`` is a lambda of
no parameters (its body is evaluated there, its own nodes, so a finding lies at the factory)
or a plain top-level function of the module taking none (called there). Later evaluations may
find the key: the factory's effects are evaluated at each (a use rule's finding is one of the
first evaluation's), its value given away; the read's value is what it was."""

from __future__ import annotations

from collections.abc import Collection

import libcst as cst

from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name, single_assignment

_SPELLED = frozenset({"defaultdict", "collections.defaultdict"})
DEFAULTDICT = "collections.defaultdict"


def default_factories(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, tuple[cst.Call, int]]:
    """The module's names bound once to ``defaultdict(F)`` and read at one subscript only,
    with the ``defaultdict(...)`` call and its module statement (an ``index.fact``)."""
    if type(module) is not cst.Module:
        return {}
    made: dict[str, tuple[cst.Call, int]] = {}
    for at, stmt in enumerate(module.body):
        assigned = single_assignment(stmt, annotated=True)
        if assigned is None:
            continue
        target, value = assigned
        if type(target) is not cst.Name or type(value) is not cst.Call:
            continue
        if dotted_name(value.func) in _SPELLED and len(value.args) == 1:
            made[target.value] = (value, at)
    once = subscripted_once(index, module, made) if made else set()
    return {n: call for n, call in made.items() if n in once}


def subscripted_once(index: SyntaxIndex, module: cst.CSTNode, bound: Collection[str]) -> set[str]:
    """The names of ``bound`` (each bound once at the module's top level) that the module
    names twice only: at their binding and at one subscript (a store ``pool[k] = v`` is a
    second one)."""
    names: dict[str, int] = {}
    items: dict[str, int] = {}
    for node in index.nodes(module):
        kind = type(node)
        if kind is cst.Name and node.value in bound:  # type: ignore[attr-defined]
            names[node.value] = names.get(node.value, 0) + 1  # type: ignore[attr-defined]
        elif kind is cst.Subscript:
            base = node.value  # type: ignore[attr-defined]
            if type(base) is cst.Name and base.value in bound:
                items[base.value] = items.get(base.value, 0) + 1
    return {n for n in bound if names.get(n) == 2 and items.get(n) == 1}


def factory(
    call: cst.Call, functions: dict[str, cst.FunctionDef]
) -> tuple[cst.BaseExpression, bool] | None:
    """What the factory ``F`` of ``defaultdict(F)`` evaluates when it runs, and whether that
    is a lambda's body (None: not followed)."""
    arg = call.args[0]
    given = arg.value
    if arg.keyword is not None or arg.star:
        return None
    if type(given) is cst.Lambda:
        params = given.params
        if params.params or params.posonly_params or params.kwonly_params:
            return None
        return given.body, True
    if type(given) is cst.Name:
        fn = functions.get(given.value)
        if fn is not None and all(p.default is not None for p in fn.params.params):
            return cst.Call(func=cst.Name(given.value)), False
    return None
