"""The items of a filtered comprehension over constants (round 39K of issue 17).

A router keeps the experts whose gate is open, then runs only theirs::

    gates = [0.6, 0.4, 0.0, 0.0]
    routed = [e for e in range(4) if gates[e] > 0]
    for e in routed:
        ops[e].sync()

``tilecheck.host.known_keys`` knows the keys of a display, a ``range`` or a comprehension with
no ``if``; the ``if`` here is decided by constants too: the module's list ``gates`` (bound once,
only read) read at a key the walk gives. This module computes such an iterable's items, as
Python would, from the syntax only: ``range``, displays of literals, names bound once to one of
those and only read (in the scope, or the module's where free), ``enumerate``, ``zip``,
``list``/``tuple``/``sorted``/``reversed``, ``filter(lambda ...)``, a dict display's views,
and comprehensions (nested ``for`` too) whose tests and element are made of those, literals,
arithmetic, comparisons, ``and``/``or``/``not``, constant subscripts and ``len``. Anything else
(a call, an attribute, a name bound twice or given away, a float key) is unknown (None):
nothing is guessed."""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from typing import Any, Protocol

import libcst as cst

from tilecheck.syntax.constants import COMPARISONS, string_value

Key = str | int


class ScopeNames(Protocol):
    """What is read of a scope's names (``tilecheck.host.known_keys.ScopeNames``)."""

    numbers: Mapping[str, int]

    def _free(self, name: str) -> ScopeNames | None: ...

    def bound_once(self, name: str) -> cst.BaseExpression | None: ...

    def read_only(self, name: str) -> bool: ...

    def walked_iter(self, walked: cst.BaseExpression) -> list[Key] | None: ...


Constant = Any  # an int, float, str, bool, None, or a tuple of those
_UNKNOWN = object()
_ACTIVE: set[int] = set()  # the walks being computed
MOST = 64  # more items than this are not listed
_ARITHMETIC: dict[type[cst.BaseBinaryOp], Callable[[Any, Any], Any]] = {
    cst.Add: operator.add,
    cst.Subtract: operator.sub,
    cst.Multiply: operator.mul,
    cst.FloorDivide: operator.floordiv,
    cst.Modulo: operator.mod,
}
_WALKS = (cst.ListComp, cst.GeneratorExp)
_SCALARS = (cst.Integer, cst.Float, cst.SimpleString, cst.UnaryOperation)
_CALLS = frozenset({"range", "enumerate", "zip", "list", "tuple", "sorted", "reversed", "filter"})


def filtered_keys(names: ScopeNames, expr: cst.BaseExpression) -> list[Key] | None:
    """The keys a walk of ``expr`` takes, where ``expr`` (or what a name bound to it holds)
    is a comprehension or a call over constants this module computes; None otherwise."""
    if type(expr) is cst.Name:
        value = _read_once(names, expr.value)
        if value is None:
            return None
        expr = value
    mark = id(expr)
    if not _computed(expr) or mark in _ACTIVE:
        return None
    _ACTIVE.add(mark)  # (names bound to each other's walks: unknown)
    try:
        rows = _Items(names).rows(expr, {}, 0)
    finally:
        _ACTIVE.discard(mark)
    if rows is None or any(type(r) not in (int, str) for r in rows):
        return None
    return [r for r in rows if isinstance(r, (int, str))]


def _computed(expr: cst.BaseExpression) -> bool:
    """A comprehension, or a call of a builtin that walks (the cheap test first)."""
    if type(expr) in _WALKS:
        return True
    return type(expr) is cst.Call and type(expr.func) is cst.Name and expr.func.value in _CALLS


def _read_once(names: ScopeNames, name: str, scalar: bool = False) -> cst.BaseExpression | None:
    """What ``name`` is bound to once, where every use only reads it (here, or in the module
    where it is free here); ``scalar``: or a literal number or string, whatever its uses."""
    free = names._free(name)
    if free is not None:
        return _read_once(free, name, scalar)
    value = names.bound_once(name)
    if value is not None and scalar and type(value) in _SCALARS:
        return value
    if value is None or not names.read_only(name):
        return None
    return value


class _Items:
    """Python's values of constant expressions, the names read through ``ScopeNames``."""

    def __init__(self, names: ScopeNames) -> None:
        self.names = names

    def rows(self, expr: cst.BaseExpression, env: Mapping[str, Constant], depth: int) -> Any:
        """The items a walk of ``expr`` takes (a list), or None."""
        found = self.value(expr, env, depth)
        if found is _UNKNOWN:
            return None
        if isinstance(found, dict):
            found = list(found)
        if not isinstance(found, (list, tuple, range)) or len(found) > MOST:
            return None
        return list(found)

    def value(self, expr: cst.BaseExpression, env: Mapping[str, Constant], depth: int) -> Any:
        if depth > 12:
            return _UNKNOWN
        kind = type(expr)
        if kind is cst.Integer or kind is cst.Float:
            try:
                return int(expr.value, 0) if kind is cst.Integer else float(expr.value)  # type: ignore[attr-defined]
            except ValueError:
                return _UNKNOWN
        if kind is cst.SimpleString:
            text = string_value(expr)  # type: ignore[arg-type]
            return text if isinstance(text, str) else _UNKNOWN
        if kind is cst.Name:
            return self._name(expr.value, env, depth)  # type: ignore[attr-defined]
        if kind is cst.List or kind is cst.Tuple:
            items = []
            for element in expr.elements:  # type: ignore[attr-defined]
                item = self.value(element.value, env, depth + 1)
                if type(element) is not cst.Element or item is _UNKNOWN:
                    return _UNKNOWN
                items.append(item)
            return items if kind is cst.List else tuple(items)
        if kind is cst.Dict:
            return self._dict(expr, env, depth)  # type: ignore[arg-type]
        if kind is cst.UnaryOperation:
            return self._unary(expr, env, depth)  # type: ignore[arg-type]
        if kind is cst.BinaryOperation:
            left = self.value(expr.left, env, depth + 1)  # type: ignore[attr-defined]
            right = self.value(expr.right, env, depth + 1)  # type: ignore[attr-defined]
            how = _ARITHMETIC.get(type(expr.operator))  # type: ignore[attr-defined]
            if how is None or left is _UNKNOWN or right is _UNKNOWN:
                return _UNKNOWN
            return _apply(how, left, right)
        if kind is cst.BooleanOperation:
            return self._boolean(expr, env, depth)  # type: ignore[arg-type]
        if kind is cst.Comparison:
            return self._comparison(expr, env, depth)  # type: ignore[arg-type]
        if kind is cst.Subscript:
            return self._subscript(expr, env, depth)  # type: ignore[arg-type]
        if kind in _WALKS:
            return self._comprehension(expr, env, depth)  # type: ignore[arg-type]
        if kind is cst.Call:
            return self._call(expr, env, depth)  # type: ignore[arg-type]
        return _UNKNOWN

    def _name(self, name: str, env: Mapping[str, Constant], depth: int) -> Any:
        if name in env:
            return env[name]
        if name in ("True", "False", "None"):
            return {"True": True, "False": False, "None": None}[name]
        number = self.names.numbers.get(name)
        if number is not None:
            return number
        bound = _read_once(self.names, name, scalar=True)
        if bound is not None:
            return self.value(bound, {}, depth + 1)
        walked = self.names.walked_iter(cst.Name(name))  # a parameter's, a dict's keys
        return _UNKNOWN if walked is None else walked

    def _dict(self, expr: cst.Dict, env: Mapping[str, Constant], depth: int) -> Any:
        out: dict[Any, Any] = {}
        for element in expr.elements:
            if type(element) is not cst.DictElement:
                return _UNKNOWN
            key = self.value(element.key, env, depth + 1)
            item = self.value(element.value, env, depth + 1)
            if key is _UNKNOWN or item is _UNKNOWN or isinstance(key, (list, dict)):
                return _UNKNOWN
            out[key] = item
        return out

    def _unary(self, expr: cst.UnaryOperation, env: Mapping[str, Constant], depth: int) -> Any:
        inner = self.value(expr.expression, env, depth + 1)
        if inner is _UNKNOWN:
            return _UNKNOWN
        if type(expr.operator) is cst.Not:
            return not inner
        if type(expr.operator) is cst.Minus and type(inner) in (int, float):
            return -inner
        return _UNKNOWN

    def _boolean(self, expr: cst.BooleanOperation, env: Mapping[str, Constant], depth: int) -> Any:
        left = self.value(expr.left, env, depth + 1)
        if left is _UNKNOWN:
            return _UNKNOWN
        if type(expr.operator) is cst.And and not left:
            return left
        if type(expr.operator) is cst.Or and left:
            return left
        return self.value(expr.right, env, depth + 1)

    def _comparison(self, expr: cst.Comparison, env: Mapping[str, Constant], depth: int) -> Any:
        left = self.value(expr.left, env, depth + 1)
        for target in expr.comparisons:
            right = self.value(target.comparator, env, depth + 1)
            if left is _UNKNOWN or right is _UNKNOWN:
                return _UNKNOWN
            op = type(target.operator)
            if op is cst.In or op is cst.NotIn:
                if not isinstance(right, (list, tuple, dict, str, range)):
                    return _UNKNOWN
                truth = _apply(operator.contains, right, left)
                truth = truth if truth is _UNKNOWN or op is cst.In else not truth
            elif op is cst.Is or op is cst.IsNot:
                if left is not None and right is not None:
                    return _UNKNOWN  # (identity of other values: not read)
                truth = (left is right) is (op is cst.Is)
            else:
                how = COMPARISONS.get(op)
                truth = _UNKNOWN if how is None else _apply(how, left, right)
            if truth is _UNKNOWN:
                return _UNKNOWN
            if not truth:
                return False
            left = right
        return True

    def _subscript(self, expr: cst.Subscript, env: Mapping[str, Constant], depth: int) -> Any:
        if len(expr.slice) != 1 or type(expr.slice[0].slice) is not cst.Index:
            return _UNKNOWN
        held = self.value(expr.value, env, depth + 1)
        index = self.value(expr.slice[0].slice.value, env, depth + 1)
        if held is _UNKNOWN or index is _UNKNOWN or not isinstance(held, (list, tuple, dict)):
            return _UNKNOWN
        return _apply(operator.getitem, held, index)

    def _comprehension(
        self, expr: cst.ListComp | cst.GeneratorExp, env: Mapping[str, Constant], depth: int
    ) -> Any:
        out: list[Any] = []
        if not self._walk(expr.for_in, expr.elt, dict(env), depth, out):
            return _UNKNOWN
        return out

    def _walk(
        self,
        comp: cst.CompFor,
        elt: cst.BaseExpression,
        env: dict[str, Constant],
        depth: int,
        out: list[Any],
    ) -> bool:
        """Each item of ``comp`` (and the ``for``s within) that every test keeps: its
        element, added to ``out``; False where anything is unknown."""
        if comp.asynchronous is not None:
            return False
        rows = self.rows(comp.iter, env, depth + 1)
        if rows is None:
            return False
        for row in rows:
            inner = dict(env)
            if not _bind(comp.target, row, inner):
                return False
            kept = True
            for test in comp.ifs:
                truth = self.value(test.test, inner, depth + 1)
                if truth is _UNKNOWN:
                    return False
                if not truth:
                    kept = False
                    break
            if not kept:
                continue
            if comp.inner_for_in is not None:
                if not self._walk(comp.inner_for_in, elt, inner, depth + 1, out):
                    return False
                continue
            item = self.value(elt, inner, depth + 1)
            if item is _UNKNOWN or len(out) >= MOST:
                return False
            out.append(item)
        return True

    def _call(self, call: cst.Call, env: Mapping[str, Constant], depth: int) -> Any:
        func = call.func
        if any(a.star for a in call.args):
            return _UNKNOWN
        args = [a.value for a in call.args if a.keyword is None]
        keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
        if type(func) is cst.Attribute:
            if func.attr.value not in ("keys", "values", "items") or call.args:
                return _UNKNOWN
            held = self.value(func.value, env, depth + 1)
            if not isinstance(held, dict):
                return _UNKNOWN
            if func.attr.value == "keys":
                return list(held)
            return list(held.values() if func.attr.value == "values" else held.items())
        if type(func) is not cst.Name or func.value not in (*_CALLS, "len"):
            return _UNKNOWN
        name = func.value
        if name == "filter" and len(args) == 2 and not keywords:
            return self._filter(args[0], args[1], env, depth)
        allowed = {"enumerate": {"start"}, "sorted": {"reverse"}}.get(name, set())
        if not args or not set(keywords) <= allowed:
            return _UNKNOWN
        values = [self.value(a, env, depth + 1) for a in args]
        values += [self.value(v, env, depth + 1) for v in keywords.values()]
        if any(v is _UNKNOWN for v in values):
            return _UNKNOWN
        if name == "range":
            if len(args) > 3 or any(type(v) is not int for v in values):
                return _UNKNOWN
            return _apply(range, *values)
        if name == "len":
            return _apply(len, *values) if len(values) == 1 else _UNKNOWN
        if any(not isinstance(v, (list, tuple, dict, range)) for v in values[: len(args)]):
            return _UNKNOWN
        if name == "enumerate":
            if len(args) != 1:
                return _UNKNOWN
            start = values[1] if len(values) > 1 else 0
            return [(start + i, v) for i, v in enumerate(values[0])]
        if name == "zip":
            return [tuple(r) for r in zip(*values, strict=False)]
        if len(args) != 1:
            return _UNKNOWN
        if name == "sorted":
            reverse = values[1] if len(values) > 1 else False
            return _apply(lambda xs: sorted(xs, reverse=bool(reverse)), values[0])
        if name == "reversed":
            return list(reversed(list(values[0])))
        return list(values[0]) if name == "list" else tuple(values[0])

    def _filter(
        self,
        test: cst.BaseExpression,
        source: cst.BaseExpression,
        env: Mapping[str, Constant],
        depth: int,
    ) -> Any:
        """``filter(lambda e: gates[e] > 0, range(4))``, ``filter(None, xs)``."""
        rows = self.rows(source, env, depth + 1)
        if rows is None:
            return _UNKNOWN
        if type(test) is cst.Name and test.value == "None":
            return [r for r in rows if r]
        params = test.params if type(test) is cst.Lambda else None
        if params is None or len(params.params) != 1 or params.posonly_params:
            return _UNKNOWN
        if type(params.star_arg) is cst.Param or params.kwonly_params or params.star_kwarg:
            return _UNKNOWN
        out = []
        for row in rows:
            truth = self.value(test.body, {**env, params.params[0].name.value: row}, depth + 1)  # type: ignore[attr-defined]
            if truth is _UNKNOWN:
                return _UNKNOWN
            if truth:
                out.append(row)
        return out


def _bind(target: cst.BaseExpression, row: Any, env: dict[str, Constant]) -> bool:
    """``target = row``: False where the shapes differ."""
    if type(target) is cst.Name:
        env[target.value] = row
        return True
    if type(target) in (cst.Tuple, cst.List):
        elements = target.elements  # type: ignore[attr-defined]
        if not isinstance(row, (tuple, list)) or len(row) != len(elements):
            return False
        return all(
            type(e) is cst.Element and _bind(e.value, r, env)
            for e, r in zip(elements, row, strict=True)
        )
    return False


def _apply(how: Callable[..., Any], *args: Any) -> Any:
    """``how(*args)``, or unknown where Python would raise."""
    try:
        return how(*args)
    except (TypeError, ValueError, KeyError, IndexError, ZeroDivisionError, OverflowError):
        return _UNKNOWN
