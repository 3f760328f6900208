"""A module function bound onto an instance as its method (issue 17, round 34B):
``trainer.on_step = types.MethodType(log_mse, trainer)`` (or ``functools.partial(log_mse,
trainer)``) makes ``trainer.on_step()``, and ``self.on_step()`` in the class's methods run on
it, call ``log_mse(trainer)``: the instance's attribute hides the class's method.

The class's summaries are the class's, not one instance's, so the binding is followed only
where that instance is the class's only one and nothing runs on it before the binding: the
name is bound once in the module, at its top level, to ``Cls(...)`` (the module's only call of
``Cls``, a top-level class of the module that no class derives from); the binding
``name.attr = types.MethodType(fn, name)`` is a later statement of the module's top level, and
no statement between them names ``name``; ``Cls.__init__`` (which ran before) calls no
``self.attr(...)``; ``fn`` is a plain top-level function of the module taking the instance
first. ``Cls.attr`` is then summarized as ``fn`` with its first parameter as the receiver."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import libcst as cst

from tilecheck.syntax.nodes import dotted_name, single_assignment, target_names
from tilecheck.syntax.walk import descendants

_TARGETS = (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor, cst.NamedExpr)
_BINDERS = frozenset({"types.MethodType", "MethodType", "functools.partial", "partial"})


def bound_hooks(body: Sequence[cst.BaseStatement]) -> dict[str, cst.FunctionDef]:
    """``Cls.attr`` -> the module function every call of the attribute runs (see above)."""
    functions = {s.name.value: s for s in body if type(s) is cst.FunctionDef}
    classes = {s.name.value: s for s in body if type(s) is cst.ClassDef}
    out: dict[str, cst.FunctionDef] = {}
    for at, stmt in enumerate(body):
        hook = _binding(stmt)
        if hook is None:
            continue
        name, attr, fn_name = hook
        fn = functions.get(fn_name)
        made = _made_once(body, name, classes)
        if fn is None or made is None or not _takes_instance(fn):
            continue
        cls, made_at = made
        if made_at >= at or any(_names(s, name) for s in body[made_at + 1 : at]):
            continue
        if _calls_own(classes[cls], attr) or _derived(classes, cls):
            continue
        out[f"{cls}.{attr}"] = fn
    return out


def _binding(stmt: cst.BaseStatement) -> tuple[str, str, str] | None:
    """``name.attr = types.MethodType(fn, name)``: (name, attr, fn)."""
    assigned = single_assignment(stmt)
    if assigned is None:
        return None
    target, value = assigned
    if type(target) is not cst.Attribute or type(target.value) is not cst.Name:
        return None
    if type(value) is not cst.Call or dotted_name(value.func) not in _BINDERS:
        return None
    args = value.args
    if len(args) != 2 or any(a.keyword is not None or a.star for a in args):
        return None
    fn, obj = args[0].value, args[1].value
    if type(fn) is not cst.Name or type(obj) is not cst.Name or obj.value != target.value.value:
        return None
    return obj.value, target.attr.value, fn.value


def _made_once(
    body: Sequence[cst.BaseStatement], name: str, classes: dict[str, cst.ClassDef]
) -> tuple[str, int] | None:
    """The class ``name`` is bound to (once, by ``name = Cls(...)`` at the top level, the
    module's only call of ``Cls``, the name bound nowhere else) and that statement's index."""
    found: tuple[str, int] | None = None
    for at, stmt in enumerate(body):
        if type(stmt) is cst.SimpleStatementLine and len(stmt.body) == 1:
            small = stmt.body[0]
            if type(small) is cst.Assign and len(small.targets) == 1:
                target, value = small.targets[0].target, small.value
                if type(target) is cst.Name and target.value == name:
                    if found is not None or type(value) is not cst.Call:
                        return None
                    func = value.func
                    if type(func) is not cst.Name or func.value not in classes:
                        return None
                    found = (func.value, at)
                    continue
        if _binds(stmt, name):
            return None
    if found is None:
        return None
    calls = sum(
        1
        for stmt in body
        for n in descendants(stmt)
        if type(n) is cst.Call and type(n.func) is cst.Name and n.func.value == found[0]
    )
    return found if calls == 1 else None


def _binds(stmt: cst.CSTNode, name: str) -> bool:
    """``stmt`` binds ``name`` (a target, a ``def``, a ``for``, an import, ``global``)."""
    for node in descendants(stmt):
        kind = type(node)
        if kind in _TARGETS:
            if name in target_names(node.target):  # type: ignore[attr-defined]
                return True
        elif kind is cst.Global or kind is cst.Nonlocal:
            return True
        elif kind is cst.ImportAlias:
            alias = cast(cst.ImportAlias, node)
            bound = alias.asname.name if alias.asname is not None else alias.name
            if (dotted_name(cast(cst.BaseExpression, bound)) or "").partition(".")[0] == name:
                return True
        elif kind is cst.FunctionDef or kind is cst.ClassDef:
            if node.name.value == name:  # type: ignore[attr-defined]
                return True
    return False


def _names(stmt: cst.CSTNode, name: str) -> bool:
    return any(type(n) is cst.Name and n.value == name for n in descendants(stmt))


def _takes_instance(fn: cst.FunctionDef) -> bool:
    """A plain function (no decorator, no ``async``) with a first positional parameter."""
    params = fn.params
    return not fn.decorators and fn.asynchronous is None and bool(params.params)


def _calls_own(cls: cst.ClassDef, attr: str) -> bool:
    """``cls.__init__`` calls ``self.attr(...)`` (which ran before the binding)."""
    for stmt in cls.body.body:
        if type(stmt) is cst.FunctionDef and stmt.name.value in ("__init__", "__post_init__"):
            for node in descendants(stmt):
                if type(node) is cst.Call and type(node.func) is cst.Attribute:
                    if node.func.attr.value == attr:
                        return True
    return False


def _derived(classes: dict[str, cst.ClassDef], cls: str) -> bool:
    """A class of the module names ``cls`` among its bases."""
    return any(
        type(b.value) is cst.Name and b.value.value == cls
        for c in classes.values()
        for b in c.bases
    )
