"""What a body run in place at a call may be, from its syntax alone (``tilecheck.host.inline``,
issue 17 rounds 18B, 31I and 32P): facts of a ``def`` computed once per definition, and the
integer constants its parameters are while it runs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

import libcst as cst

from tilecheck.host.classes import self_name
from tilecheck.host.constant_tables import hiding
from tilecheck.host.parameter_index import rebound
from tilecheck.host.written_defs import written
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import descendants

# What a body that runs in place may not hold (compared by exact type).
_REFUSED = frozenset(
    {
        cst.Lambda,
        cst.FunctionDef,
        cst.ClassDef,
        cst.Yield,
        cst.Await,
        cst.Global,
        cst.Nonlocal,
        cst.With,
        cst.Try,
        cst.TryStar,
    }
)


def bound_constants(
    constants: Mapping[str, int],
    fn: cst.FunctionDef,
    given: Mapping[str, cst.Arg],
    own: frozenset[str],
) -> Mapping[str, int]:
    """The integer constants while ``fn``'s body runs in place: the module's less the names
    the body binds, each parameter the body never rebinds with the integer its argument (or
    literal default) is."""
    params = params_of(fn)
    if not params and not any(name in constants for name in own):
        return constants
    body = rebound(fn)
    ints: dict[str, int] = {}
    for param in params:
        name = param.name.value
        arg = given.get(name)
        number = (
            const_int(arg.value, constants)
            if arg is not None
            else const_int(param.default, {})
            if param.default is not None
            else None
        )
        if number is not None and name not in body:
            ints[name] = number

    return hiding(constants, own, ints)


def shape(index: SyntaxIndex, fn: cst.CSTNode) -> tuple[bool, frozenset[str], frozenset[str]]:
    """Whether a method's body may run in place (no nested scope, ``super``, ``global``,
    generator, coroutine, ``with``, ``try``, ``*args``); the names it binds; those it names."""
    assert isinstance(fn, cst.FunctionDef)
    ok = type(fn.params.star_arg) is not cst.Param and type(fn.params.star_kwarg) is not cst.Param
    named: set[str] = set()
    for node in index.nodes(fn.body):
        kind = type(node)
        if kind is cst.Name:
            named.add(cast(cst.Name, node).value)
        if kind in _REFUSED or (kind is cst.Name and cast(cst.Name, node).value == "super"):
            ok = False
            break
    return ok, frozenset(p.name.value for p in params_of(fn)) | rebound(fn), frozenset(named)


def built(index: SyntaxIndex, fn: cst.CSTNode) -> bool:
    """Whether a function returns a value built in its ``return`` (a display, an instance of a
    class): its items or fields are followed on names only, so its summary says more."""
    assert isinstance(fn, cst.FunctionDef)
    for node in index.nodes(fn.body):
        if type(node) is cst.Return and (value := node.value) is not None:
            if type(value) in _DISPLAYS:
                return True
            if type(value) is cst.Call:
                func = value.func
                last = (
                    func.attr.value if type(func) is cst.Attribute else getattr(func, "value", "")
                )
                if last[:1].isupper():
                    return True
    return False


_DISPLAYS = (cst.Tuple, cst.List, cst.Dict, cst.Set)


def tested(index: SyntaxIndex, fn: cst.CSTNode) -> frozenset[str]:
    """The parameters a function's branches test other than as a holder that may be None
    (``if kind is Norm.RMS:``, ``if t.ndim == 1:``, not ``if slot.pending is not None:``)."""
    assert isinstance(fn, cst.FunctionDef)
    params = {p.name.value for p in params_of(fn)}
    if not params:
        return frozenset()
    out: set[str] = set()
    for node in index.nodes(fn.body):
        if type(node) is cst.If or type(node) is cst.While or type(node) is cst.IfExp:
            test = node.test
            if not _narrows(test):
                out.update(
                    n.value for n in descendants(test) if type(n) is cst.Name and n.value in params
                )
    return frozenset(out)


def _narrows(test: cst.BaseExpression) -> bool:
    """``x.y``, ``not x.y``, ``x.y is None``: a test of a holder's presence in what it is given
    (``if flag:``, ``if buf is None:`` test a value)."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        test = test.expression
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        (target,) = test.comparisons
        none = type(target.comparator) is cst.Name and target.comparator.value == "None"
        if not none or type(target.operator) not in (cst.Is, cst.IsNot):
            return False
        test = test.left
    if type(test) is not cst.Attribute:  # (``buf is None`` of a parameter: its value's test)
        return False
    while type(test) is cst.Attribute:
        test = test.value
    return type(test) is cst.Name


def indexing(index: SyntaxIndex, fn: cst.CSTNode) -> tuple[frozenset[str], frozenset[str]]:
    """The parameters a function's subscripts select an item by (``bufs[i]``) or its loops
    walk (``for p in pends[:-1]``), and those a slice's bounds name (``x[lo : lo + n]``)."""
    assert isinstance(fn, cst.FunctionDef)
    params = {p.name.value for p in params_of(fn)}
    items: set[str] = set()
    bounds: set[str] = set()
    if not params:
        return frozenset(), frozenset()
    for node in index.nodes(fn.body):
        if type(node) is cst.For:  # (a loop over what it is given: the summary's walk facts)
            items.update(
                n.value for n in descendants(node.iter) if type(n) is cst.Name and n.value in params
            )
        elif type(node) is cst.SubscriptElement:
            inner = node.slice
            out = items if type(inner) is cst.Index else bounds
            out.update(
                n.value for n in descendants(inner) if type(n) is cst.Name and n.value in params
            )
    return frozenset(items), frozenset(bounds)


def comprehends(index: SyntaxIndex, fn: cst.CSTNode) -> bool:
    """Whether a function's body holds a comprehension (its items are not followed in place)."""
    assert isinstance(fn, cst.FunctionDef)
    kinds = (cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)
    return any(type(n) in kinds for n in index.nodes(fn.body))


def gives(index: SyntaxIndex, fn: cst.CSTNode) -> bool:
    """Whether a function's body returns a value."""
    assert isinstance(fn, cst.FunctionDef)
    return any(type(n) is cst.Return and n.value is not None for n in index.nodes(fn.body))


def local_defs(index: SyntaxIndex, fn: cst.CSTNode) -> Mapping[str, cst.FunctionDef]:
    """The undecorated ``def``s a function's body writes (at its top or in its loops and
    branches: ``written_defs``) whose names it binds once."""
    assert isinstance(fn, cst.FunctionDef)
    return {name: d for name, d in written(fn, cst.FunctionDef).items() if not d.decorators}


def params_of(fn: cst.FunctionDef) -> list[cst.Param]:
    return [*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params]


def lazily(index: SyntaxIndex, fn: cst.CSTNode) -> tuple[bool, tuple[str, ...]]:
    """Whether a method makes an attribute on its first call only; the methods it calls on
    its receiver."""
    assert isinstance(fn, cst.FunctionDef)
    me = self_name(fn)
    if me is None:
        return False, ()
    return lazily_made(fn.body, me), tuple(methods_called(fn.body, me))


def lazily_made(body: cst.CSTNode, me: str) -> bool:
    """``if me.X is None: me.X = ...`` (or ``if not me.X:``) somewhere in ``body``."""
    for node in descendants(body):
        if type(node) is cst.If:
            attr = _tested_empty(node.test, me)
            if attr is not None and _assigns(node.body, me, attr):
                return True
    return False


def _tested_empty(test: cst.BaseExpression, me: str) -> str | None:
    """The attribute ``test`` finds unset: ``me.X is None``, ``not me.X``."""
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        return _attribute_of(test.expression, me)
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        (target,) = test.comparisons
        none = type(target.comparator) is cst.Name and target.comparator.value == "None"
        if none and type(target.operator) is cst.Is:
            return _attribute_of(test.left, me)
    return None


def _attribute_of(expr: cst.BaseExpression, me: str) -> str | None:
    if type(expr) is cst.Attribute and type(expr.value) is cst.Name and expr.value.value == me:
        return expr.attr.value
    return None


def _assigns(body: cst.CSTNode, me: str, attr: str) -> bool:
    return any(
        type(node) is cst.Assign and any(_attribute_of(t.target, me) == attr for t in node.targets)
        for node in descendants(body)
    )


def methods_called(body: cst.CSTNode, me: str) -> list[str]:
    """The methods ``body`` calls on ``me`` (``me.helper(...)``)."""
    out: list[str] = []
    for node in descendants(body):
        if type(node) is cst.Call:
            called = _attribute_of(node.func, me)
            if called is not None and called not in out:
                out.append(called)
    return out
