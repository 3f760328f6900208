"""A function of the program handed to a library call that calls it with the values it is
given (issue 17, round 32K; ``library_spec``: ``ENCODES``): ``json.dumps(obj, default=f)``
calls ``f(v)`` on every value inside ``obj`` it cannot encode itself -- anything but a string,
a number, a bool, ``None``, a dict, a list or a tuple -- in the order it walks ``obj`` (a
dict's values in insertion order, a list's items), before it returns. A tensor is never one
it encodes, so ``f`` runs on each tensor ``obj`` holds, there.

Built once per call node (``library_runs``' cache): the calls ``f(leaf)`` of the display's
leaves, in order, each an access path; at each evaluation the calls run up to the first leaf
that is neither a literal JSON encodes nor certainly a tensor (such a value may make ``f``
raise before the next is reached, as ``raise TypeError`` in a ``default`` does). A name given
as ``obj``, a ``sort_keys=True`` call with a leaf of unknown type, a computed leaf (a call's
value, evaluated once only by the call itself), a non-literal key or a ``**`` spread stop the
walk there: nothing after them is run."""

from __future__ import annotations

from typing import Protocol

import libcst as cst

from tilecheck.host.dunders import receiver_path
from tilecheck.host.model import Kind, Value
from tilecheck.host.property_reads import lowered_from

# a leaf of unknown type: the walk stops there
STOP = cst.Ellipsis()
_LITERALS = (cst.SimpleString, cst.Integer, cst.Float, cst.FormattedString, cst.ConcatenatedString)
_CONSTANTS = frozenset({"True", "False", "None"})
_DEPTH = 4  # nested displays followed


class Hooked(Protocol):
    def ev(self, expr: cst.BaseExpression) -> Value: ...

    def definite_kind(self, expr: cst.BaseExpression, value: Value, kind: Kind) -> int | None: ...

    def kinds(self, oids: frozenset[int], kind: Kind) -> list[int]: ...

    def escape(self, value: Value) -> None: ...


def lowered(expr: cst.Call, at: int) -> cst.Tuple | None:
    """``((leaf, f(leaf)), ..., STOP)`` for ``json.dumps(obj, default=f)`` (``obj`` positional
    argument ``at``), ``f`` an access path or a lambda; None where nothing can run."""
    hook = None
    ordered = True
    positional: list[cst.BaseExpression] = []
    for arg in expr.args:
        if arg.star:
            return None
        if arg.keyword is None:
            positional.append(arg.value)
        elif arg.keyword.value == "default":
            hook = arg.value
        elif arg.keyword.value == "cls":
            return None  # (an encoder class of its own: its ``default`` instead)
        elif arg.keyword.value == "sort_keys":
            ordered = type(arg.value) is cst.Name and arg.value.value == "False"
    if hook is None or len(positional) <= at:
        return None
    if type(hook) is not cst.Lambda and receiver_path(hook) is None:
        return None
    calls: list[cst.Element] = []
    _leaves(positional[at], expr, hook, calls, _DEPTH)
    if not calls or calls[0].value is STOP or (not ordered and calls[-1].value is STOP):
        return None  # (keys sorted: a leaf of unknown type may come first)
    return lowered_from(expr, cst.Tuple(elements=calls))


def _leaves(
    node: cst.BaseExpression,
    origin: cst.Call,
    hook: cst.BaseExpression,
    calls: list[cst.Element],
    depth: int,
) -> bool:
    """Appends the hook's call on each leaf of ``node`` in the order JSON walks it; False
    (after appending ``STOP``) where the walk's order or a leaf's type is lost."""
    kind = type(node)
    if kind is cst.Dict and depth:
        for element in node.elements:  # type: ignore[attr-defined]
            if type(element) is not cst.DictElement or not _literal(element.key):
                calls.append(cst.Element(STOP))
                return False
            if not _leaves(element.value, origin, hook, calls, depth - 1):
                return False
        return True
    if (kind is cst.List or kind is cst.Tuple) and depth:
        for item in node.elements:  # type: ignore[attr-defined]
            if type(item) is not cst.Element or not _leaves(
                item.value, origin, hook, calls, depth - 1
            ):
                if not calls or calls[-1].value is not STOP:
                    calls.append(cst.Element(STOP))
                return False
        return True
    if _literal(node):
        return True
    if kind is not cst.Name and receiver_path(node) is None:
        calls.append(cst.Element(STOP))
        return False
    leaf = lowered_from(origin, cst.Name(node.value)) if kind is cst.Name else node  # type: ignore[attr-defined]
    called = _called(hook, leaf, origin)
    if called is None:
        calls.append(cst.Element(STOP))
        return False
    calls.append(cst.Element(cst.Tuple(elements=(cst.Element(leaf), cst.Element(called)))))
    return True


def _called(
    hook: cst.BaseExpression, leaf: cst.BaseExpression, origin: cst.Call
) -> cst.BaseExpression | None:
    """``hook(leaf)``; a lambda of one plain parameter ``p``: its body, as ``[body for p in
    [leaf]]``."""
    if type(hook) is not cst.Lambda:
        return lowered_from(origin, cst.Call(func=hook, args=(cst.Arg(leaf),)))
    params = hook.params
    if len(params.params) != 1 or params.params[0].default is not None or params.posonly_params:
        return None
    if params.kwonly_params or params.star_kwarg or type(params.star_arg) is cst.Param:
        return None
    once = cst.List(elements=[cst.Element(leaf)])
    loop = cst.CompFor(target=cst.Name(params.params[0].name.value), iter=once)
    return lowered_from(origin, cst.ListComp(elt=hook.body, for_in=loop))


def _literal(node: cst.BaseExpression) -> bool:
    kind = type(node)
    if kind in _LITERALS:
        return True
    if kind is cst.Name:
        return node.value in _CONSTANTS  # type: ignore[attr-defined]
    if kind is cst.UnaryOperation:
        return type(node.expression) in (cst.Integer, cst.Float)  # type: ignore[attr-defined]
    return False


def run(an: Hooked, built: cst.Tuple) -> None:
    """Runs the hook on each leaf in order, up to the first that is neither a literal nor a
    tensor on every path."""
    for element in built.elements:
        pair = element.value
        if type(pair) is not cst.Tuple:
            return
        leaf, call = (e.value for e in pair.elements)
        value = an.ev(leaf)
        if not _tensor(an, leaf, value):
            return
        an.escape(an.ev(call))


def _tensor(an: Hooked, leaf: cst.BaseExpression, value: Value) -> bool:
    """``leaf`` holds a tensor on every path: a name bound to one; an attribute or element
    whose every object is one."""
    if type(leaf) is cst.Name:
        return an.definite_kind(leaf, value, Kind.TENSOR) is not None
    if not isinstance(value, frozenset) or not value:
        return False
    return len(an.kinds(value, Kind.TENSOR)) == len(value)
