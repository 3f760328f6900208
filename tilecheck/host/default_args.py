"""Default arguments, evaluated once where the ``def`` runs. ``def step(x, part=tiles(acc)):``
makes one partition when the ``def`` statement runs, and every call that gives no argument for
``part`` passes that same object: a launch inside that consumes it consumes it for all later
calls (TC109 at the second, inside the function, where the runtime raises).

Only a default that is a call (where objects are made: a literal or a name makes none that this
could follow), of a plain ``def`` (no decorator: one may wrap it) of this body, and a call of it
by its name that gives no starred argument. What the default evaluates to is kept under the env
key ``" default <function>.<parameter>"`` (so it stays held, as the function object holds it),
the argument made of its expression in ``CallSites.default_nodes``. A partition a call consumes
is reported consumed again inside the function (``CallSites.consume``), where the runtime
raises: no argument is written at the call. A new run of the ``def`` (or a rebinding of its
name) replaces it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host.model import Oids, Value, flatten
from tilecheck.host.summary import Summary


class CallSites(Protocol):
    """What of the analysis (``tilecheck.host.call_sites.CallSites``) this reads and sets."""

    @property
    def scope_node(self) -> cst.CSTNode | None: ...

    @property
    def module_node(self) -> cst.Module | None: ...

    @property
    def lazy(self) -> int: ...

    @property
    def env(self) -> Mapping[str, Oids]: ...

    @property
    def default_nodes(self) -> dict[str, cst.Arg]: ...

    def ev(self, expr: cst.BaseExpression) -> Value: ...

    def set_env(self, name: str, oids: Oids | None) -> None: ...


def _key(function: str, parameter: str) -> str:
    return f" default {function}.{parameter}"


def _parameters(fn: cst.FunctionDef) -> list[cst.Param]:
    params = fn.params
    return [*params.posonly_params, *params.params, *params.kwonly_params]


def evaluated(an: CallSites, fn: cst.FunctionDef) -> None:
    """At the ``def`` statement: its call defaults are evaluated (before the name is bound).
    Only at module level, of an undecorated ``def`` whose name no other top-level statement
    binds (so a call by that name is this function's)."""
    if an.scope_node is not None or an.lazy or fn.decorators:
        return
    defaults = [p for p in _parameters(fn) if type(p.default) is cst.Call]
    if not defaults or not _bound_once(an.module_node, fn):
        return
    name = fn.name.value
    for param in defaults:
        key = _key(name, param.name.value)
        default = cst.ensure_type(param.default, cst.Call)
        value = flatten(an.ev(default))
        an.default_nodes[key] = cst.Arg(value=default)
        an.set_env(key, value or None)


def _bound_once(module: cst.Module | None, fn: cst.FunctionDef) -> bool:
    name = fn.name.value
    if module is None:
        return False
    for stmt in module.body:
        if stmt is fn:
            continue
        if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)) and stmt.name.value == name:
            return False
        if isinstance(stmt, cst.SimpleStatementLine) and name in _names_bound(stmt):
            return False
        if isinstance(stmt, cst.BaseCompoundStatement) and name in _names_bound(stmt):
            return False
    return True


def _names_bound(stmt: cst.CSTNode) -> set[str]:
    """The names a module statement may bind anywhere in it (nested scopes included, which
    may say ``global``): over-approximated by every name written as a store target, import,
    ``def`` or ``class``."""
    out: set[str] = set()
    stack: list[cst.CSTNode] = [stmt]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            out.add(node.name.value)
        elif isinstance(node, cst.ImportAlias):
            alias = node.asname.name if node.asname is not None else node.name
            if isinstance(alias, cst.Name):
                out.add(alias.value)
        elif isinstance(node, (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For)):
            out |= {n.value for n in _target_names(node.target)}
        elif isinstance(node, (cst.NamedExpr, cst.CompFor)):
            out |= {n.value for n in _target_names(node.target)}
        elif isinstance(node, cst.AsName) and isinstance(node.name, cst.Name):
            out.add(node.name.value)
        stack.extend(node.children)
    return out


def _target_names(target: cst.CSTNode) -> list[cst.Name]:
    if isinstance(target, cst.Name):
        return [target]
    if isinstance(target, (cst.Tuple, cst.List)):
        return [n for e in target.elements for n in _target_names(e.value)]
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return []


def given(
    an: CallSites, call: cst.Call, summary: Summary, bound: dict[int, tuple[cst.Arg, Value]]
) -> None:
    """A call of ``f`` by name: the parameters it gives nothing for are given their defaults'
    objects."""
    func = call.func
    if type(func) is not cst.Name:
        return
    name = cst.ensure_type(func, cst.Name).value
    if summary.name != name:
        return
    for index, parameter in enumerate(summary.names):
        if index in bound:
            continue
        key = _key(name, parameter)
        arg = an.default_nodes.get(key)
        held = an.env.get(key) if arg is not None else None
        if arg is not None and held:
            bound[index] = (arg, held)


def lambda_defaults(lam: cst.Lambda) -> list[cst.Call]:
    """A lambda's defaults that are calls, in the order Python evaluates them where the lambda
    is made (round 33D: ``thunks.append(lambda plan=tiles(w): k(plan).sync())`` makes the
    partition there, and the lambda holds it until it may run, ``Frame.close_over``)."""
    params = lam.params
    found: list[cst.Call] = []
    for param in [*params.posonly_params, *params.params, *params.kwonly_params]:
        if type(param.default) is cst.Call:
            found.append(param.default)
    return found
