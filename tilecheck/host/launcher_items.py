"""A launcher kept in a module dict and called by its key (round 31G): ``INITS[key](t)`` where
``INITS`` is a module name bound once to a dict display, named nowhere but in calls of its
items (no store, no method, no other reader), and ``key`` is written as one of the display's
keys (a literal, a dotted name such as an ``Enum`` member). The call runs that item; where it
is a lambda whose body is a launch of a kernel of the module taking one of the lambda's
parameters at a Mutable parameter, and the call gives a name holding tensors only there, the
launch raises: TC106 at the lambda's argument (as ``def zero(t): return K.fill(t, 0.0)``
called with a tensor is, ``tilecheck.host.param_kinds``). Nothing else is inferred from such a
call (it stays an unknown call)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.codes import WRONG_ARGUMENT_KIND
from tilecheck.host.context import Context
from tilecheck.host.findings import Finding
from tilecheck.host.launch import bind
from tilecheck.host.model import Kind, Oids, Value, flatten
from tilecheck.host.param_kinds import Reporting
from tilecheck.kernel_signature import ParamKind
from tilecheck.syntax.constants import string_value
from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import children


class Launching(Reporting, Protocol):
    """(As ``param_kinds.Reporting``, with the names and values of the calling body.)"""

    @property
    def ctx(self) -> Context: ...

    @property
    def env(self) -> Mapping[str, Oids]: ...

    def ev(self, expr: cst.BaseExpression) -> Value: ...


def _key_text(key: cst.BaseExpression) -> str | None:
    if isinstance(key, cst.SimpleString):
        return repr(string_value(key))
    if isinstance(key, cst.Integer):
        return key.value
    return dotted_name(key)


def _only_called(module: cst.Module, name: str) -> tuple[cst.Dict, int] | None:
    """The display ``name`` is bound to at the module's top level, with its statement's index,
    where every other mention of ``name`` is ``name[key](...)``."""
    found: tuple[cst.Dict, int] | None = None
    for index, stmt in enumerate(module.body):
        if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
            small = stmt.body[0]
            target: cst.BaseExpression | None = None
            value: cst.BaseExpression | None = None
            if isinstance(small, cst.Assign) and len(small.targets) == 1:
                target, value = small.targets[0].target, small.value
            elif isinstance(small, cst.AnnAssign):
                target, value = small.target, small.value
            if isinstance(target, cst.Name) and target.value == name:
                if found is not None or not isinstance(value, cst.Dict):
                    return None
                found = (value, index)
    if found is None:
        return None
    names = calls = 0
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name) and node.value == name:
            names += 1
        elif (
            isinstance(node, cst.Call)
            and isinstance(node.func, cst.Subscript)
            and isinstance(node.func.value, cst.Name)
            and node.func.value.value == name
        ):
            calls += 1
        stack.extend(children(node))
    return found if names == calls + 1 else None


def launcher_item(an: Launching, expr: cst.Call) -> None:
    """TC106 inside the lambda ``expr`` runs, where it needs a partition and gets a tensor."""
    func = expr.func
    if (
        not isinstance(func, cst.Subscript)
        or not isinstance(func.value, cst.Name)
        or len(func.slice) != 1
        or not isinstance(func.slice[0].slice, cst.Index)
        or func.value.value in an.env
        or an.ctx.module is None
        or any(arg.keyword is not None or arg.star for arg in expr.args)
    ):
        return
    key = _key_text(func.slice[0].slice.value)
    held = _only_called(an.ctx.module, func.value.value) if key is not None else None
    if held is None:
        return
    display, statement = held
    items = [e for e in display.elements if isinstance(e, cst.DictElement)]
    if len(items) != len(display.elements):
        return
    chosen = [e.value for e in items if _key_text(e.key) == key]
    if len(chosen) != 1 or not isinstance(lam := chosen[0], cst.Lambda):
        return
    body = lam.body
    if not isinstance(body, cst.Call):
        return
    kernel = an.ctx.callee(body.func).kernel
    params = [p.name.value for p in lam.params.params]
    if kernel is None or kernel.library or isinstance(lam.params.star_arg, cst.Param):
        return
    if lam.params.posonly_params:
        return
    binding = bind(kernel, body)
    if binding.problems:
        return
    for param, arg in binding.args:
        inner = arg.value
        if param.kind is not ParamKind.MUTABLE or not isinstance(inner, cst.Name):
            continue
        if inner.value not in params or params.index(inner.value) >= len(expr.args):
            continue
        given = expr.args[params.index(inner.value)].value
        if not isinstance(given, cst.Name):
            continue
        oids = flatten(an.ev(given))
        if not oids or len(an.kinds(oids, Kind.TENSOR)) != len(oids):
            continue
        problem = (
            f"`{inner.value}` is given to Mutable parameter `{param.name}` of kernel "
            f"`{kernel.name}` in the launcher this call runs, and this call gives it a tensor: "
            f"pass a partition of the tensor (`{given.value}.partition(tile_shape)`)"
        )
        finding = Finding(WRONG_ARGUMENT_KIND, inner, (problem,))
        with an.elsewhere(statement, expr):
            an.report((WRONG_ARGUMENT_KIND, id(inner)), finding)
