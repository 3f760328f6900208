"""Values held by an instance of a library cell type (``library_spec``: ``CELL``, such as
``contextvars.ContextVar``), followed as an attribute of it (issue 17, round 30L).

A module name bound once, at the top level (``var = ContextVar("plan")``, annotated or not),
to a call of a ``CELL`` type, and by nothing else in the module, holds one value: its
``STORES`` method (``var.set(x)``, a statement of its own, its token kept or not) is the
store ``var.value = x`` (the token bound to no object), its ``LOADS`` method (``var.get()``,
no argument) the read ``var.value``, so what it holds stays alive (a partition) and is
reached where it is read, as any attribute of a module object is. A context's copy
(``copy_context().run``), a ``reset`` and a default of ``get`` are not followed (``reset``
and a ``get`` with a default are left as unknown calls)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

import libcst as cst

from tilecheck.host.exit_stacks import bound_by
from tilecheck.host.library_spec import CELL_METHODS, Does, methods, named
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import single_assignment

if TYPE_CHECKING:
    from tilecheck.host.context import Context

_CELLS = named(Does.CELL)
_STORES = methods(Does.STORES)
_LOADS = methods(Does.LOADS)
METHODS = CELL_METHODS  # the cheap syntactic gate
_FIELD = "value"


def cell_call(value: cst.BaseExpression) -> bool:
    """``x.set(...)``/``x.get()`` as written (the cheap test)."""
    if type(value) is not cst.Call or type(value.func) is not cst.Attribute:
        return False
    func = value.func
    return func.attr.value in METHODS and type(func.value) is cst.Name


def stored(ctx: Context, small: cst.BaseSmallStatement) -> Sequence[cst.BaseSmallStatement] | None:
    """``[token =] var.set(x)`` of a followed cell: ``var.value = x`` (``token = 0``)."""
    key = ("cell store", id(small))
    if key in ctx.runs:
        found = ctx.runs[key]
        return cast(cst.SimpleStatementLine, found[1]).body if found is not None else None
    made: cst.SimpleStatementLine | None = None
    value = cast(cst.Call, small.value)  # type: ignore[attr-defined]
    func = cast(cst.Attribute, value.func)
    token: cst.BaseAssignTargetExpression | None = None
    if type(small) is cst.Assign and len(small.targets) == 1:
        token = small.targets[0].target
    plain = len(value.args) == 1 and not value.args[0].keyword and not value.args[0].star
    if plain and func.attr.value in _STORES and (type(small) is cst.Expr or token is not None):
        if _cell_of(ctx, cast(cst.Name, func.value)):
            target = lowered_from(value, cst.Attribute(func.value, cst.Name(_FIELD)))
            stores: list[cst.BaseSmallStatement] = [
                cst.Assign((cst.AssignTarget(target),), value.args[0].value)
            ]
            if token is not None:
                stores.append(cst.Assign((cst.AssignTarget(token),), cst.Integer("0")))
            made = cst.SimpleStatementLine(stores)
    ctx.runs[key] = (0, made) if made is not None else None
    return made.body if made is not None else None


def loaded(ctx: Context, call: cst.Call) -> cst.Attribute | None:
    """``var.get()`` of a followed cell: ``var.value``."""
    func = cast(cst.Attribute, call.func)
    if call.args or func.attr.value not in _LOADS or not _cell_of(ctx, cast(cst.Name, func.value)):
        return None
    return lowered_from(call, cst.Attribute(func.value, cst.Name(_FIELD)))


def _cell_of(ctx: Context, name: cst.Name) -> bool:
    module = ctx.module
    if module is None:
        return False
    made = ctx.index.fact(module, _cells).get(name.value)
    return made is not None and ctx.callee(made.func).canonical in _CELLS


def _cells(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, cst.Call]:
    """The module's names bound once, at its top level, to a call (``var = ContextVar(...)``),
    with that call (its type is checked where it is used)."""
    made: dict[str, cst.Call] = {}
    for stmt in module.body if type(module) is cst.Module else ():
        assigned = single_assignment(stmt, annotated=True)
        if assigned is None:
            continue
        target, value = assigned
        if type(target) is cst.Name and type(value) is cst.Call:
            made[target.value] = value
    if not made:
        return made
    count: dict[str, int] = {}
    for node in index.nodes(module):
        for bound in bound_by(node):
            count[bound] = count.get(bound, 0) + 1
    return {name: call for name, call in made.items() if count.get(name) == 1}
