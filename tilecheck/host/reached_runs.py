"""Where a function's body certainly reaches a statement, through ``try`` and ``with`` bodies
and loops of at least one turn (round 37S): a retry wrapper ``def run(op, attempts=2): for
attempt in range(attempts): try: return op.sync() except KernelError: ...`` runs its op
parameter on every call, so a second call with the same op is TC110 inside it, where the
runtime raises (``Summary.param_runs``).

``call_lines.runs_every_call`` claims only lines of the body's top level (and of a literal
``range`` loop's first turn). This reads the syntax alone, on the path where nothing raises
before the statement: from the body's top down to the statement, each suite's lines before
it are simple ones that neither leave nor skip (no ``return``, ``raise``, ``break``,
``continue``), and each compound statement on the way is a ``try`` (its body, not a handler),
a ``with`` (its body: the manager's enter runs first), a ``while True`` or a ``for _ in
range(n)`` (``range(s, n)``, ``range(s, n + c)``) whose first turn is certain: from constants,
or for a parameter ``n`` of the function (its position, constant default and the least value
that makes a first turn come back as a bound the call must meet: given, or left at its
default, a constant of at least that). An ``if``, another ``while`` or ``for`` and anything
nested in a ``def``, ``class`` or ``lambda`` are not certain. A raise before the statement
ends the call with an exception (its caller's path is not the normal one), so the claim holds
on normal paths, as the top level's does."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import libcst as cst

from tilecheck.syntax.constants import const_int

# (the parameter ``n`` of ``for _ in range(n)``'s position, its constant default or None, the
# least value of ``n`` that makes a first turn: 1 for ``range(n)``, 2 for ``range(1, n)``)
Bound = tuple[int, int | None, int]
_LEAVING = (cst.Return, cst.Raise, cst.Break, cst.Continue)
_SHIFTS = (cst.Add, cst.Subtract)


def reached_bounds(
    fn: cst.FunctionDef, node: cst.CSTNode, names: Mapping[str, int]
) -> tuple[Bound, ...] | None:
    """The bounds under which every call of ``fn`` reaches the small statement ``node`` (or
    the expression it runs); None: not certainly reached (``names``: the module's integer
    constants, for a loop's count)."""
    if type(fn.body) is not cst.IndentedBlock:
        return None
    params = [*fn.params.posonly_params, *fn.params.params]
    bounds: list[Bound] = []
    return tuple(bounds) if _reached(fn.body.body, node, params, names, bounds) else None


def _reached(
    lines: Sequence[cst.BaseStatement],
    node: cst.CSTNode,
    params: list[cst.Param],
    names: Mapping[str, int],
    bounds: list[Bound],
) -> bool:
    for line in lines:
        if type(line) is cst.SimpleStatementLine:
            if any(small is node or _holds(small, node) for small in line.body):
                return True
            if any(isinstance(small, _LEAVING) for small in line.body):
                return False
            continue
        inner = _certain_suite(line, params, names, bounds)
        return inner is not None and _reached(inner, node, params, names, bounds)
    return False


def _holds(small: cst.BaseSmallStatement, node: cst.CSTNode) -> bool:
    """``node`` is the expression of a ``return``, an expression statement or an assignment's
    value (the statement's analysis element may be either)."""
    if type(small) is cst.Return or type(small) is cst.Expr:
        return small.value is node
    if type(small) is cst.Assign or type(small) is cst.AnnAssign:
        return small.value is node
    return False


def _certain_suite(
    stmt: cst.BaseStatement,
    params: list[cst.Param],
    names: Mapping[str, int],
    bounds: list[Bound],
) -> Sequence[cst.BaseStatement] | None:
    """The suite of ``stmt`` every run of it enters first (a ``try``'s or ``with``'s body, a
    first turn of a counted loop); None: none is certain."""
    body = getattr(stmt, "body", None)
    if type(body) is not cst.IndentedBlock:
        return None
    if type(stmt) is cst.Try or type(stmt) is cst.With:
        return body.body
    if type(stmt) is cst.While:
        return body.body if _endless(stmt) and stmt.orelse is None else None
    if type(stmt) is not cst.For or stmt.asynchronous is not None or stmt.orelse is not None:
        return None
    bound = _first_turn(stmt, params, names)
    if bound is None:
        return None
    if isinstance(bound, tuple):
        bounds.append(bound)
    return body.body


def _first_turn(
    loop: cst.For, params: list[cst.Param], names: Mapping[str, int]
) -> Bound | bool | None:
    """``for _ in range(n)`` (or ``range(s, n)``, ``range(s, n + c)``): True where its first
    turn is certain from constants, the bound where it is for a parameter ``n``; None
    otherwise."""
    it = loop.iter
    if type(it) is not cst.Call or type(it.func) is not cst.Name or it.func.value != "range":
        return None
    if not 1 <= len(it.args) <= 2 or any(a.keyword is not None or a.star for a in it.args):
        return None
    start = const_int(it.args[0].value, names) if len(it.args) == 2 else 0
    if start is None:
        return None
    stop, offset = it.args[-1].value, 0
    if type(stop) is cst.BinaryOperation and type(stop.operator) in _SHIFTS:
        step = const_int(stop.right, names)
        if step is None:
            return None
        offset = step if type(stop.operator) is cst.Add else -step
        stop = stop.left
    for position, param in enumerate(params):
        if type(stop) is cst.Name and param.name.value == stop.value:
            default = param.default
            value = const_int(default, names) if default is not None else None
            return position, value, start - offset + 1
    count = const_int(stop, names)
    return True if count is not None and count + offset > start else None


def _endless(loop: cst.While) -> bool:
    """``while True:`` (or a nonzero literal): its first turn is certain."""
    test = loop.test
    if type(test) is cst.Name:
        return test.value == "True"
    return type(test) is cst.Integer and const_int(test) != 0


def bounds_met(
    bounds: tuple[Bound, ...],
    given: Mapping[int, cst.BaseExpression],
    names: Mapping[str, int],
) -> bool:
    """A call meets each bound: the parameter given, or left at its default, a constant of at
    least the bound's least (``names``: the module's integer constants)."""
    for position, default, least in bounds:
        expr = given.get(position)
        value = const_int(expr, names) if expr is not None else default
        if value is None or value < least:
            return False
    return True
