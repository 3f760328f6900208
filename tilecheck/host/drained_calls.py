"""Generators a builtin runs to their end (issue 17, round 34B).

Calling a generator function or method runs none of its body: the body runs as the items are
taken. A builtin that takes every item of its one argument at once (``list``, ``tuple``,
``sorted``, ``sum``, ``max``... ``implicit_calls.DRAINING``) therefore runs the whole body
there, so at ``list(gen(a))``, ``sorted(obj.rows(k))``, ``list(reversed(obj))`` (a generator
``__reversed__``) and ``list(iter(obj))`` (a generator ``__iter__``) the generator's summary
as run to its end (``drained_name``: each ``yield``'s value given away) is
applied at the generator's call, as at a call of a plain function. ``list(obj)`` of a
generator ``__iter__`` is ``implicit_calls.unpacked``'s.

Only where the callee is certain (a name of the module's generator function no local binding
hides, a method of the class the receiver certainly holds an instance of) and the generator's
arguments are names, attributes or literals: the argument is evaluated again afterwards as the
call it is, so it must mean the same twice and make nothing new."""

from __future__ import annotations

from typing import Protocol, cast

import libcst as cst

from tilecheck.host.dunders import Analysis, apply_method, certain_method, receiver_path
from tilecheck.syntax.walk import descendants

_MODULE = "<module>."  # (how ``Context.callee`` names the module's own functions)
_ACTING = (cst.Await, cst.Yield, cst.NamedExpr, cst.Lambda, cst.ListComp, cst.GeneratorExp)
_CONVERSIONS = frozenset(
    f"builtins.{n}" for n in ("int", "float", "str", "bool", "abs", "round", "len", "repr")
)
_PLAIN = (cst.Name, cst.Attribute, cst.Integer, cst.Float, cst.SimpleString)


def drained_name(method: str) -> str:
    """The summary name of a generator method run to its end (``list(obj)`` of a generator
    ``__iter__``: its body at once, each ``yield``'s value given away)."""
    return f"{method} drained"


class Draining(Analysis, Protocol):
    @property
    def parameters(self) -> frozenset[str]: ...


def drained_generator(an: Draining, call: cst.Call) -> None:
    """``list(made)`` (a draining builtin's call with one argument): where ``made`` makes a
    module generator, its body run to its end here."""
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return
    made = call.args[0].value
    if type(made) is cst.Call:
        _drain(an, made)


def drained_first(an: Draining, expr: cst.BaseExpression) -> None:
    """``[int(t) for t in gen(a)]`` (a comprehension with one ``for`` and no ``if``, drawn at
    once, its element calling nothing but ``int``, ``float``... on what it is given): the
    generator's body run to its end before the elements are made, as it runs interleaved
    with them (the elements touch nothing the body does)."""
    if type(expr) is cst.GeneratorExp and id(expr) not in an.ctx.drawn():
        return
    comp = cast(cst.ListComp, expr)
    first = comp.for_in
    if first.ifs or first.inner_for_in is not None or first.asynchronous is not None:
        return
    parts = (comp.key, comp.value) if type(expr) is cst.DictComp else (comp.elt,)  # type: ignore[attr-defined]
    if type(first.iter) is cst.Call and all(_inert(an, p) for p in parts):
        _drain(an, first.iter)


def _inert(an: Draining, expr: cst.CSTNode) -> bool:
    """``expr`` calls nothing but the builtin conversions and awaits, yields or binds nothing."""
    for node in descendants(expr):
        kind = type(node)
        if kind in _ACTING:
            return False
        if kind is cst.Call:
            func = cast(cst.Call, node).func
            if an.ctx.callee(func).canonical not in _CONVERSIONS:
                return False
    return True


def _drain(an: Draining, made: cst.Call) -> None:
    """``made`` (a call giving a generator, taken to its end here): its body run."""
    if not all(_plain(a) for a in made.args):
        return
    func = made.func
    canonical = an.ctx.callee(func).canonical
    if canonical in ("builtins.reversed", "builtins.iter") and len(made.args) == 1:
        method = "__reversed__" if canonical == "builtins.reversed" else "__iter__"
        _method_drained(an, made, made.args[0].value, method, ())
    elif type(func) is cst.Name and func.value not in an.env:
        if func.value in an.parameters or (canonical or _MODULE).partition(".")[0] != "<module>":
            return  # (a parameter, something imported)
        summary = an.ctx.summary_for(drained_name(func.value))
        if summary is not None:
            an.escape(an.call_summary(made, summary, None))
    elif type(func) is cst.Attribute:
        _method_drained(an, made, func.value, func.attr.value, tuple(made.args))


def _method_drained(
    an: Draining,
    made: cst.Call,
    receiver: cst.BaseExpression,
    method: str,
    given: tuple[cst.Arg, ...],
) -> None:
    """``receiver.method(given)`` of a generator method, run to its end at ``made``."""
    path = receiver_path(receiver)
    cls = an.receiver_class(path) if path is not None else None
    if path is None or cls is None:
        return
    if an.ctx.summary_for(f"{cls}.{drained_name(method)}") is None:
        return
    if method.startswith("__") and certain_method(an, receiver, (method,)) is None:
        return  # (a protocol method: run only where the class certainly defines it)
    value = apply_method(an, made, path, drained_name(method), given)
    if value is not None:
        an.escape(value)


def _plain(arg: cst.Arg) -> bool:
    """An argument evaluated twice to the same, making nothing (a name, a path, a literal)."""
    if arg.star:
        return False
    value = arg.value
    while type(value) is cst.Attribute:
        value = value.value
    return type(value) in _PLAIN
