"""Statements that one library call of them stands for (issue 17, rounds 28I and 30L), lowered
to the statements the analysis follows, built once per statement: ``setattr(obj, "out", v)``
is ``obj.out = v``; ``a, b = tee(xs)`` (``library_spec``: ``COPIES``) is ``a = list(xs); b = a``
(each copy gives the same objects); ``var.set(x)`` of a ``ContextVar`` (``CELL``) is ``var.value
= x`` (``tilecheck.host.context_cells``); ``ns = SimpleNamespace(a=x)`` is ``ns =
SimpleNamespace()`` then ``ns.a = x`` (``tilecheck.host.records``); ``c = cycle(xs)`` and ``y =
next(c)`` are a cyclic index into ``xs`` (``tilecheck.host.cycled_items``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

import libcst as cst

from tilecheck.host import cycled_items
from tilecheck.host.context import Context
from tilecheck.host.library_spec import CELL_METHODS, Does, method_roots, named
from tilecheck.host.property_reads import lowered_from
from tilecheck.host.records import namespace_call, namespace_stores
from tilecheck.syntax.constants import string_value
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name

_COPIES = named(Does.COPIES)


def setattr_call(expr: cst.BaseExpression) -> bool:
    """``setattr(...)`` (the cheap test first)."""
    return type(expr) is cst.Call and type(expr.func) is cst.Name and expr.func.value == "setattr"


# how the calls ``lowered_statement`` lowers are spelled (the cheap test, per statement)
STATEMENT_CALLS = (
    frozenset({"setattr", "tee", "SimpleNamespace"}) | CELL_METHODS | cycled_items.CALLS
)


def lowered_statement(
    ctx: Context, node: cst.Expr | cst.Assign
) -> Sequence[cst.BaseSmallStatement] | None:
    """The statements a statement of one library call stands for (its value a call):
    ``setattr(obj, "a", v)``, ``a, b = tee(xs)``, ``var.set(x)`` of a ``ContextVar``."""
    value = node.value
    if type(node) is cst.Expr and setattr_call(value):
        stored = set_attribute(ctx, cast(cst.Call, value))
        return (stored,) if stored is not None else None
    if type(node) is cst.Assign and namespace_call(value):
        return namespace_stores(ctx, node)
    cycled = cycled_items.lowered(ctx, node)
    if cycled is not None:
        return cycled
    module = ctx.module
    if type(value) is cst.Call and type(value.func) is cst.Attribute and module is not None:
        if not method_roots(value.func.attr.value) & ctx.index.fact(module, imported):
            return None
        from tilecheck.host import context_cells  # (rarely met: compiled here)

        if context_cells.cell_call(value):
            return context_cells.stored(ctx, node)
    if type(node) is cst.Assign and copies_call(value):
        return tee_copies(ctx, node)
    return None


def imported(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[str]:
    """The top-level packages the module imports at its top level (``import a.b``, ``from a
    import b``: ``a``)."""
    found: set[str] = set()
    for stmt in module.body if type(module) is cst.Module else ():
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) is cst.Import:
                found.update((dotted_name(a.name) or "").partition(".")[0] for a in small.names)
            elif type(small) is cst.ImportFrom and small.module is not None and not small.relative:
                found.add((dotted_name(small.module) or "").partition(".")[0])
    return frozenset(found)


def copies_call(value: cst.BaseExpression) -> bool:
    """``tee(...)``/``itertools.tee(...)`` as written (the cheap test before ``tee_copies``)."""
    if type(value) is not cst.Call:
        return False
    func = value.func
    if type(func) is cst.Name:
        return func.value == "tee"
    return type(func) is cst.Attribute and func.attr.value == "tee"


def tee_copies(ctx: Context, stmt: cst.Assign) -> Sequence[cst.BaseSmallStatement] | None:
    """``a, b = tee(xs)`` (``library_spec``: ``COPIES``; as many names as copies): ``a =
    list(xs)`` and ``b = a``, each copy giving the same objects, built once per statement."""
    key = ("copies", id(stmt))
    if key in ctx.runs:
        found = ctx.runs[key]
        return cast(cst.SimpleStatementLine, found[1]).body if found is not None else None
    made: cst.SimpleStatementLine | None = None
    call = cast(cst.Call, stmt.value)
    args = call.args
    target = stmt.targets[0].target if len(stmt.targets) == 1 else None
    names = [e.value for e in target.elements] if type(target) is cst.Tuple else []
    n = 2 if len(args) == 1 else _count(args[1].value) if len(args) == 2 else 0
    plain = all(a.keyword is None and not a.star for a in args)
    if plain and n == len(names) >= 1 and all(type(v) is cst.Name for v in names):
        if ctx.callee(call.func).canonical in _COPIES:
            first = cast(cst.Name, names[0])
            listed = lowered_from(call, cst.Call(cst.Name("list"), (cst.Arg(args[0].value),)))
            made = cst.SimpleStatementLine(
                (
                    cst.Assign((cst.AssignTarget(first),), listed),
                    *(cst.Assign((cst.AssignTarget(cast(cst.Name, v)),), first) for v in names[1:]),
                )
            )
    ctx.runs[key] = (0, made) if made is not None else None
    return made.body if made is not None else None


def _count(node: cst.BaseExpression) -> int:
    return int(node.value) if type(node) is cst.Integer and node.value.isdigit() else 0


def set_attribute(ctx: Context, call: cst.Call) -> cst.Assign | None:
    """``setattr(obj, "out", v)`` (a statement; three arguments, a literal identifier):
    ``obj.out = v``, built once per call."""
    key = ("setattr", id(call))
    if key in ctx.runs:
        found = ctx.runs[key]
        return cast(cst.Assign, found[1]) if found is not None else None
    made: cst.Assign | None = None
    args = call.args
    plain = len(args) == 3 and not any(a.keyword is not None or a.star for a in args)
    name = args[1].value if plain else None
    text = string_value(name) if type(name) is cst.SimpleString and not name.prefix else None
    if ctx.callee(call.func).canonical == "builtins.setattr" and isinstance(text, str):
        if text.isidentifier():
            target = lowered_from(call, cst.Attribute(value=args[0].value, attr=cst.Name(text)))
            made = cst.Assign(targets=(cst.AssignTarget(target),), value=args[2].value)
    ctx.runs[key] = (0, made) if made is not None else None
    return made
