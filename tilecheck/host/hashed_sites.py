"""Where Python hashes a value with no call written (issue 17, round 33B): a set display
``{a, b}`` builds its set from its elements left to right, hashing each once they are all
evaluated, and a dict display ``{a: x}`` hashes each key as it stores the pair. An element (a
key) that is an access path certainly holding an instance of a module class defining its own
``__hash__`` runs that method there, as at an explicit ``a.__hash__()``
(``implicit_calls.run``: a call node of its own, a finding shown at the element).

``__eq__`` is left out: it runs only where two hashes are equal, which is not known here."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.dunders import Analysis, certain_method
from tilecheck.host.dunders import stored_item as dunder_stored
from tilecheck.host.implicit_calls import Scoped, bound_once, run

HASH = ("__hash__",)


def set_built(an: Analysis, expr: cst.Set) -> None:
    """``{a, b}`` (its elements evaluated): each element's ``__hash__``, in order; ``{*xs}``
    unpacks an iterable: not followed."""
    for element in expr.elements:
        if type(element) is cst.Element:
            run(an, element.value, element.value, HASH)


def key_hashed(an: Analysis, key: cst.BaseExpression) -> None:
    """A dict display's key (evaluated, its value not yet): its ``__hash__``."""
    run(an, key, key, HASH)


# Methods of a set or dict that hash their first argument.
_HASHING_METHODS = frozenset({"add", "discard", "remove", "get", "pop", "setdefault"})
_MADE = frozenset({"builtins.set", "builtins.dict", "builtins.frozenset"})


def _hashing(an: Scoped, name: str) -> bool:
    """``name`` certainly holds a set or a dict: bound once in its scope, to a set or dict
    display (``{}`` included) or a call of ``set``/``dict``/``frozenset``, and by nothing else
    (round 33B2)."""

    def made(value: cst.BaseExpression) -> bool:
        if type(value) is cst.Set or type(value) is cst.Dict:
            return True
        if type(value) is not cst.Call or type(value.func) is not cst.Name:
            return False
        return an.ctx.callee(value.func).canonical in _MADE

    return bound_once(an, name, made, items=True)


def _hashed(an: Scoped, container: cst.BaseExpression, key: cst.BaseExpression) -> None:
    """``key`` hashed by the set or dict ``container`` holds: its ``__hash__`` (a name or
    path holding an instance whose class defines it; the set's name bound as ``_hashing``
    says)."""
    if type(container) is cst.Name and certain_method(an, key, HASH) is not None:
        if _hashing(an, container.value):
            run(an, key, key, HASH)


def hashed_call(an: Scoped, call: cst.Call) -> None:
    """``s.add(obj)``, ``d.get(obj)``, ``d.pop(obj)``...: ``obj.__hash__()`` where ``s`` is a
    set or dict (``_hashing``)."""
    func = call.func
    if type(func) is not cst.Attribute or func.attr.value not in _HASHING_METHODS:
        return
    if call.args and call.args[0].keyword is None and not call.args[0].star:
        _hashed(an, func.value, call.args[0].value)


def hashed_in(an: Scoped, expr: cst.Comparison) -> None:
    """``obj in s`` (``not in``) of a set or dict ``s``: ``obj.__hash__()``."""
    target = expr.comparisons[0]
    if type(target.operator) is cst.In or type(target.operator) is cst.NotIn:
        _hashed(an, target.comparator, expr.left)


def hashed_key(an: Scoped, expr: cst.Subscript) -> None:
    """``d[obj]`` (read, stored or deleted) of a dict ``d``: ``obj.__hash__()``."""
    if len(expr.slice) != 1:
        return
    inner = expr.slice[0].slice
    if type(inner) is cst.Index and inner.star is None:
        _hashed(an, expr.value, inner.value)


def hashed_items(an: Analysis, call: cst.Call, canonical: str) -> None:
    """``set([a, b])``, ``frozenset((a, b))``, ``dict.fromkeys([a, b])``: each displayed
    item's ``__hash__``, in order (items of anything else: not followed)."""
    if canonical not in _FILLED or len(call.args) < 1 or call.args[0].keyword is not None:
        return
    shown = call.args[0].value
    if call.args[0].star or (type(shown) is not cst.List and type(shown) is not cst.Tuple):
        return
    if canonical != "builtins.dict.fromkeys" and len(call.args) != 1:
        return
    for element in shown.elements:
        if type(element) is cst.Element:
            run(an, element.value, element.value, HASH)


_FILLED = frozenset({"builtins.set", "builtins.frozenset", "builtins.dict.fromkeys"})


def stored_item(
    an: Scoped,
    target: cst.Subscript,
    value: cst.BaseExpression | None,
    method: str = "__setitem__",
) -> None:
    """``d[obj] = v`` (``del d[obj]``): the key's ``__hash__`` where ``d`` is a dict
    (``hashed_key``), then an instance's own ``__setitem__``/``__delitem__``
    (``dunders.stored_item``)."""
    hashed_key(an, target)
    dunder_stored(an, target, value, method)
