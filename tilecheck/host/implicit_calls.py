"""Methods Python runs at a syntactic site with no call written (issue 17, round 26B), lowered
in one place: each site maps to (receiver, the methods it tries in order, the arguments), and
the first method the receiver's class defines is applied there as at an explicit call
(``dunders.apply_method``: a call node of its own, a finding shown at the site).

Sites: a truth test (``if x:``, ``while x:``, ``assert x``, ``not x``, the left operand of
``and``/``or``, a conditional expression's test) runs ``__bool__``, else ``__len__``; an
instance as an index (``seq[x]``) or as an argument of ``range`` runs ``__index__``;
``pickle.dumps``/``pickle.dump`` and ``copy.copy``/``copy.deepcopy`` run the methods they reduce
an object by; a ``for`` over an instance whose ``__iter__`` returns itself runs its ``__next__``
at the head of every turn, the last one (that raises ``StopIteration``) included.

The gate is ``dunders``': the receiver is a name certainly holding an instance of one top-level
class of the module with no base, defining the method (formatting and comparisons stay there)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Protocol, cast

import libcst as cst

from tilecheck.host.attribute_drops import only_stored
from tilecheck.host.drained_calls import Draining, drained_generator, drained_loop, drained_name
from tilecheck.host.dunders import (
    Analysis,
    apply_method,
    certain_method,
    held_method,
    receiver_path,
)
from tilecheck.host.model import Kind, Value
from tilecheck.host.property_reads import PropertyRead
from tilecheck.host.summary import NO_RESULT, Result, Summary
from tilecheck.syntax.walk import children

TRUTH = ("__bool__", "__len__")
INDEX = ("__index__",)
# What the standard library runs on its first argument (``object.__reduce_ex__`` calls the
# class's ``__reduce__``, and that one (3.11) its ``__getstate__``).
_REDUCED = ("__reduce_ex__", "__reduce__", "__getstate__")
STDLIB = {
    "pickle.dumps": _REDUCED,
    "pickle.dump": _REDUCED,
    "copy.copy": ("__copy__", *_REDUCED),
    "copy.deepcopy": ("__deepcopy__", *_REDUCED),
    "builtins.range": INDEX,  # (on each argument)
}
# Builtins that take every item of their one argument at once (round 33B): its ``__iter__``
# runs there, and a generator ``__iter__``'s body to its end (``drained_name``).
# ``sum``/``max``/``min`` of one iterable take every item too (round 33B2).
DRAINING = frozenset(
    {
        "builtins.list",
        "builtins.tuple",
        "builtins.set",
        "builtins.frozenset",
        "builtins.sorted",
        "builtins.sum",
        "builtins.max",
        "builtins.min",
    }
)
# Builtins that call ``iter()`` on their iterable arguments at the call and take the items
# later (round 33B2): a plain ``__iter__`` runs there; a generator one only makes its
# generator (its body runs as the items are taken: not followed).
ITERATING = {"builtins.enumerate": "first", "builtins.zip": "all", "builtins.iter": "only"}
STDLIB.update(dict.fromkeys(DRAINING, ("__iter__",)))
STDLIB.update(dict.fromkeys(ITERATING, ("__iter__",)))


def drained(an: Analysis, call: cst.Call) -> None:
    """``list(obj)``, ``tuple(obj)``, ``sorted(obj)``...: ``obj.__iter__()``, and where that is a
    generator its body run to its end there (a plain ``__iter__`` returns an iterator whose
    ``__next__`` is not followed)."""
    if len(call.args) != 1 or call.args[0].keyword is not None or call.args[0].star:
        return
    unpacked(an, call, call.args[0].value)


def unpacked(an: Analysis, node: cst.CSTNode, arg: cst.BaseExpression) -> None:
    """``arg`` iterated to its end at ``node`` (``list(obj)``, ``[*obj]``, ``a, *b = obj``,
    round 33B2): its ``__iter__``, a generator's body run to its end."""
    path = receiver_path(arg)
    if path is None or certain_method(an, arg, ("__iter__",)) is None:
        return
    cls = an.receiver_class(path)
    method = drained_name("__iter__")
    if an.ctx.summary_for(f"{cls}.{method}") is None:
        method = "__iter__"
    value = apply_method(an, cast(cst.BaseExpression, node), path, method, ())
    if value is not None:
        an.escape(value)


def iterated_args(an: Analysis, call: cst.Call, which: str) -> None:
    """``enumerate(obj)``, ``zip(a, b)``, ``iter(obj)``: each iterated argument's plain
    ``__iter__`` (``which``: ``first`` for ``enumerate``'s, ``all`` for ``zip``'s, ``only``
    for ``iter``'s one: ``iter(f, sentinel)`` calls ``f``). Not where an argument is starred
    or by keyword."""
    args = call.args
    if any(a.star or a.keyword is not None for a in args) or not args:
        return
    if which == "only" and len(args) != 1:
        return
    for arg in args if which == "all" else args[:1]:
        path = receiver_path(arg.value)
        if path is None or certain_method(an, arg.value, ("__iter__",)) is None:
            continue
        cls = an.receiver_class(path)
        if an.ctx.summary_for(f"{cls}.{drained_name('__iter__')}") is not None:
            continue  # a generator: its body runs as the items are taken
        value = apply_method(an, arg.value, path, "__iter__", ())
        if value is not None:
            an.escape(value)


def run(
    an: Analysis, node: cst.BaseExpression, receiver: cst.BaseExpression, order: tuple[str, ...]
) -> None:
    """The first method of ``order`` the class of ``receiver`` defines, applied on it at
    ``node`` (nothing where it is not certain)."""
    method = certain_method(an, receiver, order)
    path = receiver_path(receiver) if method is not None else None
    if method is None or path is None:
        return
    value = apply_method(an, node, path, method, ())
    if value is not None:
        an.escape(value)


def truth(an: Analysis, expr: cst.BaseExpression) -> None:
    """``expr`` tested for its truth (an access path holding an instance: ``__bool__``, else
    ``__len__``). Compound tests are lowered where their parts are evaluated."""
    kind = type(expr)
    if kind is cst.Name or kind is cst.Attribute or kind is cst.Subscript:
        run(an, expr, expr, TRUTH)


def index(an: Scoped, expr: cst.Subscript) -> None:
    """``seq[x]`` (``x`` a name holding an instance, ``seq`` a name bound only to a list,
    tuple or string display in this module): ``x.__index__()``; a dict would hash it instead."""
    if len(expr.slice) != 1 or type(expr.value) is not cst.Name:
        return
    inner = expr.slice[0].slice
    if type(inner) is not cst.Index or inner.star is not None or type(inner.value) is not cst.Name:
        return
    if certain_method(an, inner.value, INDEX) is None or not _sequence(an, expr.value.value):
        return
    run(an, expr, inner.value, INDEX)


_SEQUENCES = (cst.List, cst.Tuple, cst.SimpleString, cst.ListComp)


class Looping(Analysis, Protocol):
    @property
    def instances(self) -> Mapping[str, str]: ...

    def bind_name(self, name: str, value: Value) -> None: ...


class Scoped(Analysis, Protocol):
    @property
    def scope_node(self) -> cst.CSTNode | None: ...


def _sequence(an: Scoped, name: str) -> bool:
    """``name`` is bound once in the scope's own statements (the module's, or the function's
    top-level ones), to a list, tuple or string display, and by nothing else there."""
    return bound_once(an, name, lambda value: type(value) in _SEQUENCES)


def bound_once(
    an: Scoped, name: str, accepts: Callable[[cst.BaseExpression], bool], items: bool = False
) -> bool:
    """``name`` is bound once in the scope's own statements (the module's, or the function's
    top-level ones), to a value ``accepts``, and by nothing else there (``items``: a store
    into one of its items, ``name[k] = v``, is no binding of it)."""
    scope = an.scope_node
    if scope is None:
        body: Sequence[cst.CSTNode] = an.ctx.module.body if an.ctx.module is not None else ()
    elif type(scope) is cst.FunctionDef and type(scope.body) is cst.IndentedBlock:
        body = scope.body.body
    else:
        return False
    found = False
    for node in body:
        if type(node) is not cst.SimpleStatementLine:
            if name in _names_bound(node):
                return False
            continue
        for small in node.body:
            if type(small) is cst.Assign:
                names = {
                    n
                    for t in small.targets
                    if not (items and type(t.target) is cst.Subscript)
                    for n in _names_bound(t.target)
                }
                if name not in names:
                    continue
                target = small.targets[0].target
                if found or len(small.targets) != 1 or type(target) is not cst.Name:
                    return False
                if not accepts(small.value):
                    return False
                found = True
            elif type(small) in (cst.AugAssign, cst.AnnAssign, cst.Global, cst.Nonlocal):
                return False
    return found


def _names_bound(node: cst.CSTNode) -> set[str]:
    """Every name a node writes (as a target, a ``def``, an import) or names at all: a
    compound statement counts if it mentions the name anywhere."""
    return {n.value for n in _all_names(node)}


def _all_names(node: cst.CSTNode) -> list[cst.Name]:
    out: list[cst.Name] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if type(item) is cst.Name:
            out.append(item)
        stack.extend(item.children)
    return out


def ranged(an: Analysis, call: cst.Call) -> None:
    """``range(x)``, ``range(0, x)``: each argument that is an instance runs its
    ``__index__``."""
    for arg in call.args:
        if arg.keyword is None and not arg.star and type(arg.value) is cst.Name:
            run(an, arg.value, arg.value, INDEX)


def called(an: Looping, call: cst.Call, canonical: str) -> None:
    """A call of ``STDLIB``: ``range(n)`` runs ``n.__index__()``; ``pickle.dumps(obj)``,
    ``copy.copy(obj)`` the method they reduce ``obj`` by."""
    if canonical in DRAINING:  # ``list(gen(x))``: a generator run to its end
        drained_generator(cast("Draining", an), call)
    if not an.instances:
        return
    if canonical == "builtins.range":
        ranged(an, call)
    elif canonical in DRAINING:
        drained(an, call)
    elif canonical in ITERATING:
        iterated_args(an, call, ITERATING[canonical])
    elif call.args and call.args[0].keyword is None and not call.args[0].star:
        run(an, call, call.args[0].value, STDLIB[canonical])


def iterated(an: Analysis, loop: cst.For) -> str | None:
    """``for x in obj``: what holds ``obj`` (its name, or ``held_iterable``'s for a new
    instance: ``for x in Feed(...)``), an instance of a module class whose ``__iter__`` is
    ``return self`` and which defines ``__next__``; else None."""
    it = loop.iter
    name = it.value if type(it) is cst.Name else held_iterable(loop)
    if name is None:
        return None
    if held_method(an, name, ("__next__",)) is None or held_method(an, name, ("__iter__",)) is None:
        return None
    cls = an.receiver_class(name)
    found = an.ctx.definition_for(f"{cls}.__iter__") if cls is not None else None
    return name if found is not None and _returns_self(found[0]) else None


def held_iterable(loop: cst.For) -> str | None:
    """The name holding a loop's iterable made by a call of a name, ``for x in Feed(b)``:
    ``Feed()`` (no identifier: no code names it; shown in messages as ``Feed().stage``)."""
    it = loop.iter
    if type(it) is cst.Call and type(it.func) is cst.Name:
        return f"{it.func.value}()"
    return None


def _returns_self(fn: cst.FunctionDef) -> bool:
    """``def __iter__(self): return self`` (a docstring before it allowed)."""
    params = fn.params.params
    body = fn.body.body if type(fn.body) is cst.IndentedBlock else ()
    lines = [s for s in body if not _docstring(s)]
    if not params or len(lines) != 1 or type(lines[0]) is not cst.SimpleStatementLine:
        return False
    only = lines[0].body[0]
    value = only.value if type(only) is cst.Return else None
    return type(value) is cst.Name and value.value == params[0].name.value


def _docstring(stmt: cst.BaseStatement) -> bool:
    if type(stmt) is not cst.SimpleStatementLine or type(stmt.body[0]) is not cst.Expr:
        return False
    return type(stmt.body[0].value) is cst.SimpleString


def loop_entered(an: Looping, loop: cst.For, value: Value) -> None:
    """``for x in obj``: ``obj.__iter__()`` once, before the first turn (``for x in
    Feed(b)``: the new instance is held by ``held_iterable``'s name first)."""
    if type(loop.iter) is not cst.Call:  # (a call's: at it, ``Immediate._call``; round 35F)
        drained_loop(cast("Draining", an), loop)
    if type(loop.iter) is cst.Call and isinstance(value, frozenset) and value:
        held = held_iterable(loop)
        if held is not None and an.kinds(value, Kind.INSTANCE):
            an.bind_name(held, value)
    if not an.instances:
        return
    it = iterated(an, loop)
    if it is not None:
        made = apply_method(an, loop.iter, it, "__iter__", ())
        if made is not None:
            an.escape(made)


def turn(an: Analysis, loop: cst.For) -> Value | None:
    """The head of a turn of ``for x in obj``: ``obj.__next__()`` gave the item (its value;
    None where not followed), as it runs when it does not raise (``next_parts``)."""
    it = iterated(an, loop)
    cls = an.receiver_class(it) if it is not None else None
    if cls is None or it is None:
        return None
    summary = an.ctx.summary_for(item_name(cls))
    if summary is None:
        return apply_method(an, loop.target, it, "__next__", ())
    return _apply_summary(an, loop.target, it, summary)


def _apply_summary(an: Analysis, node: cst.BaseExpression, owner: str, summary: Summary) -> Value:
    """``summary`` applied on ``owner`` at a call node of its own for ``node``."""
    calls = an.ctx.dunder_calls
    call = calls.get((id(node), summary.name))
    if call is None:
        call = calls[(id(node), summary.name)] = PropertyRead(func=node)
    return an.call_summary(call, summary, owner)


def cleared_stores(
    fn: cst.FunctionDef, me: str, stores: tuple[tuple[str, Result], ...]
) -> tuple[tuple[str, Result], ...]:
    """A method's stores into its receiver's attributes (``stores``: those its exit state
    shows) that its exit state cannot show: an attribute set to None, which holds nothing the
    analysis follows, and named nowhere else in the method (``self.pending = None``: the
    caller's ``obj.pending`` is emptied, so a Pending only it held is dropped there)."""
    known = {attr for attr, _ in stores}
    found = [
        a
        for a in dict.fromkeys(cleared_attributes(fn, me))
        if a not in known and only_stored(fn, a)  # (else it may have been kept elsewhere)
    ]
    return tuple((attr, NO_RESULT) for attr in found)


def cleared_attributes(fn: cst.FunctionDef, me: str) -> tuple[str, ...]:
    """The attributes a method sets to None (``self.pending = None``) in a statement of its
    body's top level that every way through reaches (no ``return``, ``raise`` or ``yield``
    before it): the caller's object holds nothing there after the call."""
    body = fn.body.body if type(fn.body) is cst.IndentedBlock else ()
    found: list[tuple[int, str]] = []
    for index, stmt in enumerate(body):  # (first the cheap syntactic test)
        if type(stmt) is cst.SimpleStatementLine:
            found += ((index, attr) for attr in _set_to_none(stmt, me))
    if not found:
        return ()
    out: list[str] = []
    start = 0
    for index, attr in found:
        if any(_leaves_early(stmt) for stmt in body[start:index]):
            break
        out.append(attr)
        start = index
    return tuple(out)


def _set_to_none(stmt: cst.SimpleStatementLine, me: str) -> list[str]:
    out: list[str] = []
    for small in stmt.body:
        if type(small) is not cst.Assign or type(small.value) is not cst.Name:
            continue
        if small.value.value != "None":
            continue
        for target in small.targets:
            t = target.target
            if type(t) is cst.Attribute and type(t.value) is cst.Name and t.value.value == me:
                out.append(t.attr.value)
    return out


_EARLY = (cst.Return, cst.Raise, cst.Yield, cst.Await)


def _leaves_early(node: cst.CSTNode) -> bool:
    """``node`` holds a ``return``/``raise``/``yield`` (not in a nested ``def``)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if type(item) in _EARLY:
            return True
        if type(item) not in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            stack.extend(children(item))
    return False


def stop_name(cls: str) -> str:
    """The summary name of what ``cls.__next__`` runs on the call that ends a loop."""
    return f"stop {cls}.__next__"


def item_name(cls: str) -> str:
    """The summary name of what ``cls.__next__`` runs on a call that gives an item."""
    return f"item {cls}.__next__"


def next_parts(fn: cst.FunctionDef, cls: str) -> dict[str, cst.FunctionDef]:
    """``__next__`` whose body's top level has one ``if ...: raise StopIteration`` (no
    ``else``), every statement before it running through: as it runs on the call that raises
    (the statements before it, where there are any: ``stop_name``) and on one that gives an
    item (the others: ``item_name``; the test itself is not evaluated there)."""
    body = fn.body.body if type(fn.body) is cst.IndentedBlock else ()
    for index, stmt in enumerate(body):
        if type(stmt) is cst.If and stmt.orelse is None and _stops(stmt.body):
            block = cst.ensure_type(fn.body, cst.IndentedBlock)
            rest = [*body[:index], *body[index + 1 :]]
            out = {item_name(cls): fn.with_changes(body=block.with_changes(body=rest))}
            if index:
                out[stop_name(cls)] = fn.with_changes(body=block.with_changes(body=body[:index]))
            return out
        if _leaves_early(stmt):
            break
    return {}


def _stops(block: cst.BaseSuite) -> bool:
    """A block of one ``raise StopIteration`` (or ``StopIteration()``)."""
    lines = block.body if type(block) is cst.SimpleStatementSuite else ()
    if type(block) is cst.IndentedBlock and len(block.body) == 1:
        only = block.body[0]
        lines = only.body if type(only) is cst.SimpleStatementLine else ()
    if len(lines) != 1 or type(lines[0]) is not cst.Raise:
        return False
    exc = lines[0].exc
    if type(exc) is cst.Call:
        exc = exc.func
    return type(exc) is cst.Name and exc.value == "StopIteration"


def exhausted(an: Analysis, loop: cst.For) -> None:
    """``for x in obj`` ran out: the last ``obj.__next__()`` ran up to its ``raise
    StopIteration`` (``next_parts``)."""
    it = iterated(an, loop)
    cls = an.receiver_class(it) if it is not None else None
    summary = an.ctx.summary_for(stop_name(cls)) if cls is not None else None
    if summary is not None and it is not None:
        an.escape(_apply_summary(an, loop.iter, it, summary))
