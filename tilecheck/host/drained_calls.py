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
call it is, so it must mean the same twice and make nothing new.

A ``for`` statement takes every item too, one turn per item (round 35F): ``for v in
reversed(hist):`` of a generator ``__reversed__``, ``for v in hist:`` of a generator
``__iter__``, ``for r in obj.rows(k):`` of a generator method. Its body runs between the
generator's pieces, so the generator is taken as run to its end where the loop begins only
where the body touches nothing the generator does (``drained_loop``: simple statements and
``if``s binding plain names, calling nothing but the builtin conversions, ``print`` and a
plain name's ``append``/``extend``/``add``, reading no name but those it and the loop's target
bind; no ``break``, ``continue``, ``return`` or ``raise`` that would stop the generator early,
no ``else``). A module generator function's
loop is ``tilecheck.host.generators``' (stepped with the body)."""

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
_QUIET = _CONVERSIONS | {"builtins.print"}
_KEEPS = frozenset({"append", "extend", "add"})  # a plain name's (a list or set of values)
_CONSTANT_NAMES = frozenset({"True", "False", "None"})


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
    made: cst.BaseExpression,
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


def drained_loop(an: Draining, loop: cst.For) -> None:
    """``for v in <a generator method's items>:`` whose body is inert: the generator run to its
    end where the loop begins."""
    if loop.orelse is not None or loop.asynchronous is not None or not _inert_body(an, loop.body):
        return
    if not _reads_own(loop):
        return
    it = loop.iter
    if type(it) is cst.Call:
        canonical = an.ctx.callee(it.func).canonical
        if canonical in ("builtins.reversed", "builtins.iter") or type(it.func) is cst.Attribute:
            _drain(an, it)
    elif type(it) is cst.Name or type(it) is cst.Attribute:
        _method_drained(an, it, it, "__iter__", ())


def _inert_body(an: Draining, suite: cst.BaseSuite) -> bool:
    """Every statement binds plain names or calls only what ``_quiet`` allows; no jump."""
    for stmt in suite.body:
        if type(stmt) is cst.If:
            orelse = stmt.orelse
            if not _quiet(an, stmt.test) or not _inert_body(an, stmt.body):
                return False
            if type(orelse) is cst.Else and not _inert_body(an, orelse.body):
                return False
            if type(orelse) is cst.If and not _inert_body(an, cst.IndentedBlock(body=[orelse])):
                return False
            continue
        smalls = stmt.body if type(stmt) is cst.SimpleStatementLine else [stmt]
        for small in smalls:
            if type(small) is cst.Pass:
                continue
            if type(small) not in (cst.Expr, cst.Assign, cst.AugAssign, cst.AnnAssign):
                return False
            if not all(_plain_target(t) for t in _targets(small)) or not _quiet(an, small):
                return False
    return True


def _targets(small: cst.CSTNode) -> list[cst.BaseExpression]:
    if type(small) is cst.Assign:
        return [t.target for t in small.targets]
    if type(small) in (cst.AugAssign, cst.AnnAssign):
        return [small.target]  # type: ignore[attr-defined]
    return []


def _plain_target(target: cst.BaseExpression) -> bool:
    if type(target) in (cst.Tuple, cst.List):
        return all(_plain_target(e.value) for e in target.elements)  # type: ignore[attr-defined]
    return type(target) is cst.Name


def _quiet(an: Draining, node: cst.CSTNode) -> bool:
    """``node`` calls nothing but the builtin conversions, ``print`` and a plain name's
    ``append``/``extend``/``add``, and awaits, yields or binds nothing."""
    for inner in descendants(node):
        kind = type(inner)
        if kind in _ACTING:
            return False
        if kind is cst.Call:
            func = cast(cst.Call, inner).func
            if type(func) is cst.Attribute:
                if type(func.value) is not cst.Name or func.attr.value not in _KEEPS:
                    return False
            elif an.ctx.callee(func).canonical not in _QUIET:
                return False
    return True


def _reads_own(loop: cst.For) -> bool:
    """The body reads only the names it or the loop's target binds (the items, and values it
    makes of them), beside the lists it appends to and the names it adds to: nothing the
    generator may change between its pieces."""
    own = {n.value for n in _names(loop.target)}
    skipped: set[int] = set()  # the names read as places (appended to, added to, called)
    for node in descendants(loop.body):
        kind = type(node)
        if kind in (cst.Assign, cst.AugAssign, cst.AnnAssign):
            for target in _targets(node):
                own.update(n.value for n in _names(target))
                skipped.update(id(n) for n in _names(target))
        elif kind is cst.Call:
            func = cast(cst.Call, node).func
            skipped.add(id(func))
            if type(func) is cst.Attribute:
                skipped.add(id(func.value))
        elif kind is cst.Attribute:
            skipped.add(id(cast(cst.Attribute, node).attr))
        elif kind is cst.Arg and cast(cst.Arg, node).keyword is not None:
            skipped.add(id(cast(cst.Arg, node).keyword))
    return all(
        n.value in own or n.value in _CONSTANT_NAMES
        for n in _names(loop.body)
        if id(n) not in skipped
    )


def _names(node: cst.CSTNode) -> list[cst.Name]:
    return [n for n in descendants(node) if type(n) is cst.Name]


def _plain(arg: cst.Arg) -> bool:
    """An argument evaluated twice to the same, making nothing (a name, a path, a literal)."""
    if arg.star:
        return False
    value = arg.value
    while type(value) is cst.Attribute:
        value = value.value
    return type(value) in _PLAIN
