"""What a module function's parameters hold at every call, where the module's own code and the
library calls it is handed to are all that call it (issue 17, round 32K).

A top-level ``def`` (no decorator, not ``async``) whose name the module names nowhere but

* as the callee of a plain call (no ``*``/``**`` argument): each parameter gets the argument
  given, or its default;
* as an argument of a library call that calls it with a known number of positional arguments
  and nothing else (``library_spec``: ``run_ranks(n, fn)`` is ``fn(comm)`` on each rank,
  ``CALLS_ONE``; the ``key=`` of a ``KEY_RUNS`` call and the ``default=`` of an ``ENCODES``
  one take one argument; ``map(f, xs, ys)`` as many as it has iterables): each parameter past
  those gets its default;

holds, in a parameter every such call gives the same literal (a string, an integer, ``True``,
``False`` or ``None``), that literal wherever its body reads it, provided one such use is in
the module's own top-level code (a script: the module runs it), or in the body of a top-level
function the script runs (``main()``: ``run_functions``, round 35F), and the body never
rebinds the parameter. Another module importing the function and calling it otherwise is not
seen: the module is read as the program it runs, as ``call_literals`` reads it.

Read by ``skipped_waits``: a test that names such parameters (and literals) only is evaluated
with their values, and where it takes, at every call, the way that skips a run, that way is
the one taken (``if step % 2:`` with ``step=0`` at the only call)."""

from __future__ import annotations

import ast
import operator
from collections.abc import Callable, Mapping, Set
from typing import Any

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.given_members import Members, members
from tilecheck.host.known_keys import constant
from tilecheck.host.library_spec import Does, named, positions
from tilecheck.host.run_functions import run_functions
from tilecheck.syntax.walk import children

Literal = str | int | bool | None | Members
_CONSTANTS: dict[str, Literal] = {"True": True, "False": False, "None": None}
_UNKNOWN = object()
_ONE = positions(Does.CALLS_ONE)
_KEYWORDS = {"key": named(Does.KEY_RUNS), "default": named(Does.ENCODES)}
_MAPS = named(Does.MAPS)
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
# the operations a test is evaluated through (no power, no call, no attribute)
_UNARY: dict[type, Callable[[Any], object]] = {ast.Not: operator.not_, ast.USub: operator.neg}
_BINARY: dict[type, Callable[[Any, Any], object]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Mod: operator.mod,
    ast.FloorDiv: operator.floordiv,
    ast.BitAnd: operator.and_,
    ast.BitOr: operator.or_,
}
_COMPARE: dict[type, Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
    ast.Is: operator.is_,
    ast.IsNot: operator.is_not,
    ast.In: lambda a, b: a in b,
    ast.NotIn: lambda a, b: a not in b,
}


def given(
    module: cst.Module,
    fn: cst.FunctionDef,
    canonical: Callable[[cst.BaseExpression], str | None],
) -> Given:
    """The parameters of ``fn`` every call gives one literal, with it (empty: none known);
    whether a library call calls it (else the module's own calls alone do); the parameters a
    call of the module gives an integer literal."""
    if fn.decorators or fn.asynchronous is not None or fn not in module.body:
        return _NONE
    params = fn.params
    if params.posonly_params or params.kwonly_params:
        return _NONE
    title = fn.name.value
    values: dict[str, set[object]] = {p.name.value: set() for p in params.params}
    ran = by_library = False
    explicit: set[str] = set()
    owners: set[str] = set()  # the top-level functions a call of it is made in
    stack: list[tuple[cst.CSTNode, cst.CSTNode | None, cst.CSTNode | None, bool, str | None]]
    stack = [(module, None, None, True, None)]
    while stack:
        node, parent, above, top, owner = stack.pop()
        if type(node) is cst.Name and node.value == title and parent is not fn:
            if type(parent) is cst.Attribute and parent.attr is node:
                continue
            if type(parent) is cst.Arg and parent.keyword is node:
                continue
            use = _called_with(node, parent, above, canonical)
            if use is None:
                return _NONE
            explicit |= _note(values, fn, use, module)
            ran = ran or top
            if owner is not None:
                owners.add(owner)
            by_library = by_library or use[1] is None
            continue
        if node is fn:
            stack.extend((c, node, parent, False, None) for c in (fn.params, fn.body))
            continue
        inner = top and not isinstance(node, _SCOPES)
        if top and type(node) is cst.FunctionDef:
            owner = node.name.value  # (a top-level function's body: round 35F)
        stack.extend((c, node, parent, inner, owner) for c in children(node))
    if not ran and owners:  # called from a function the script runs (``main()``)
        ran = not owners.isdisjoint(run_functions(module))
    if not ran:
        return _NONE
    rebound = _rebound(fn)
    out: dict[str, Literal] = {}
    for name, seen in values.items():
        if len(seen) == 1 and name not in rebound:
            (value,) = seen
            if value is not _UNKNOWN:
                out[name] = value  # type: ignore[assignment]
    return out, by_library, frozenset(explicit)


Given = tuple[Mapping[str, Literal], bool, frozenset[str]]
_NONE: Given = ({}, False, frozenset())
_Call = tuple[int, cst.Call | None]  # positional arguments given; the call (direct) or None


def _called_with(
    name: cst.Name,
    parent: cst.CSTNode | None,
    above: cst.CSTNode | None,
    canonical: Callable[[cst.BaseExpression], str | None],
) -> _Call | None:
    """How a use calls the function: directly (the call), or handed to a library call that
    calls it with so many positional arguments; None for any other use."""
    if type(parent) is cst.Call and parent.func is name:
        return None if any(a.star for a in parent.args) else (-1, parent)
    if type(parent) is not cst.Arg or parent.star or type(above) is not cst.Call:
        return None
    if parent not in above.args:
        return None
    count = handed(above, parent, canonical)
    return None if count is None else (count, None)


def _note(
    values: dict[str, set[object]], fn: cst.FunctionDef, use: _Call, module: cst.Module
) -> set[str]:
    """Adds what ``use`` gives each parameter; returns those it gives an integer literal."""
    count, call = use
    explicit: set[str] = set()
    for at, param in enumerate(fn.params.params):
        name = param.name.value
        arg: cst.BaseExpression | None = None
        if call is not None:
            for i, a in enumerate(call.args):
                if (a.keyword is None and i == at) or (
                    a.keyword is not None and a.keyword.value == name
                ):
                    arg = a.value
        elif at < count:
            values[name].add(_UNKNOWN)
            continue
        values[name].add(_literal(arg if arg is not None else param.default, module))
        if type(arg) is cst.Integer:
            explicit.add(name)
    return explicit


def literal_of(expr: cst.BaseExpression | None, module: cst.Module) -> tuple[Literal] | None:
    """The literal ``expr`` is (in a 1-tuple: ``None`` is one), or None where not known."""
    found = _literal(expr, module)
    return None if found is _UNKNOWN else (found,)  # type: ignore[return-value]


def _literal(expr: cst.BaseExpression | None, module: cst.Module) -> object:
    if expr is None:
        return _UNKNOWN
    if type(expr) is cst.Name:
        if expr.value in _CONSTANTS:
            return _CONSTANTS[expr.value]
        held = members(module, expr)  # (a container of literals: round 35F)
        return _UNKNOWN if held is None else held
    found = constant(expr)
    return _UNKNOWN if found is None else found


def _rebound(fn: cst.FunctionDef) -> set[str]:
    """Names the body binds (or hands to a nested scope): any use but a read."""
    out: set[str] = set()
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind in (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.For, cst.CompFor):
            target = getattr(node, "target", None)
            if target is not None:
                out.update(n.value for n in _names(target))
        elif kind in (cst.Global, cst.Nonlocal, cst.NamedExpr) or isinstance(node, _SCOPES):
            out.update(n.value for n in _names(node))
        elif kind is cst.WithItem or kind is cst.ExceptHandler:
            out.update(n.value for n in _names(node))
        stack.extend(children(node))
    return out


def _names(node: cst.CSTNode) -> list[cst.Name]:
    found: list[cst.Name] = []
    stack = [node]
    while stack:
        n = stack.pop()
        if type(n) is cst.Name:
            found.append(n)
        stack.extend(children(n))
    return found


def decided(test: cst.BaseExpression, values: Mapping[str, Literal]) -> bool | None:
    """The truth of ``test`` with ``values`` for the names it reads (every one of them
    known), or None where it is not evaluated."""
    try:
        tree = ast.parse(cst.Module(body=()).code_for_node(test).strip(), mode="eval")
        found = _value(tree.body, values)
    except (SyntaxError, ArithmeticError, TypeError, ValueError):
        return None
    return None if found is _UNKNOWN else bool(found)


def _value(node: ast.expr, values: Mapping[str, Literal]) -> object:
    """An integer, string, bool or ``None`` test's value, through ``not``/``-``, ``and``/``or``,
    arithmetic without powers, and comparisons; ``_UNKNOWN`` for anything else."""
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, (int, str, type(None))) else _UNKNOWN
    if isinstance(node, ast.Name):
        return values.get(node.id, _UNKNOWN)
    if isinstance(node, ast.UnaryOp) and type(node.op) in _UNARY:
        inner = _value(node.operand, values)
        if inner is _UNKNOWN or (isinstance(inner, Members) and type(node.op) is not ast.Not):
            return _UNKNOWN
        return _UNARY[type(node.op)](inner)
    if isinstance(node, ast.BinOp) and type(node.op) in _BINARY:
        left, right = _value(node.left, values), _value(node.right, values)
        if any(v is _UNKNOWN or isinstance(v, (str, Members)) for v in (left, right)):
            return _UNKNOWN
        return _BINARY[type(node.op)](left, right)
    if isinstance(node, ast.BoolOp):
        found = [_value(v, values) for v in node.values]
        if _UNKNOWN in found:
            return _UNKNOWN
        return all(found) if isinstance(node.op, ast.And) else any(found)
    if isinstance(node, ast.Compare) and all(type(o) in _COMPARE for o in node.ops):
        left = _value(node.left, values)
        for op, right_node in zip(node.ops, node.comparators, strict=True):
            right = _value(right_node, values)
            if left is _UNKNOWN or right is _UNKNOWN or isinstance(left, Members):
                return _UNKNOWN
            member = type(op) in (ast.In, ast.NotIn)
            if member is not isinstance(right, Members):
                return _UNKNOWN  # (``in`` only of a container of literals, and only it so)
            if not _COMPARE[type(op)](left, right):
                return False
            left = right
        return True
    return _UNKNOWN


def handed(
    call: cst.Call, arg: cst.Arg, canonical: Callable[[cst.BaseExpression], str | None]
) -> int | None:
    """The positional arguments the library ``call`` calls ``arg``'s function with."""
    name = canonical(call.func)
    if name is None:
        return None
    if arg.keyword is not None:
        return 1 if name in _KEYWORDS.get(arg.keyword.value, ()) else None
    at = call.args.index(arg)
    if name in _ONE and _ONE[name] == at:
        return 1
    if name in _MAPS and at == 0 and len(call.args) > 1 and not any(a.star for a in call.args):
        return len(call.args) - 1
    return None


def gated(fn: cst.FunctionDef, test: cst.BaseExpression, params: Set[str], ctx: Context) -> bool:
    """``test`` is one ``gated_ops`` reads in ``fn`` (an op made on every call, run only
    under it): the calls that give its parameter an integer are reported there."""
    from tilecheck.host.collectives import COLLECTIVES
    from tilecheck.host.gated_ops import gated_ops

    def launches(call: cst.Call) -> bool:
        callee = ctx.callee(call.func)
        return callee.kernel is not None or callee.canonical in COLLECTIVES

    names = tuple(p.name.value for p in fn.params.params if p.name.value in params)
    return any(t is test for _, t, _ in gated_ops(fn, names, launches))
