"""An op parameter run in a loop that goes on after the run (round 35R): a retry wrapper
``async def with_retry(op, attempts=2)`` that awaits ``op`` in ``for _ in range(attempts):
try: result = await op / except KernelError: continue`` runs the op again on the second turn
when the first run succeeds, since nothing leaves the loop after it: TC110 at that run, for a
call that certainly gives an op (``Summary.reruns``).

The body's own analysis finds this for a plain loop (the op is run on every way around it),
but not where a handler around the run goes on to the next turn: on that way the op may not
have run, so "run on every way around" fails, although the way where it did run (the usual
one) reaches the run again. This is read from the syntax alone and claims only what is
certain on the path where the run succeeds: the run is a statement of its own (``op.sync()``,
``x = await op``, ``op.submit()``) reached on every turn (inside at most ``try`` bodies, after
simple statements that neither leave nor skip), nothing after it in the loop's body (the rest
of each suite, a ``try``'s ``else`` and ``finally``) breaks, returns or raises, the loop may
run twice (any loop but one over ``range`` of a constant below two), and the parameter is
never rebound in the function. A loop with a ``break`` after a successful run (the correct
retry) is left alone, as is a callable parameter called anew per attempt."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import libcst as cst

from tilecheck.host import messages
from tilecheck.host.findings import Finding
from tilecheck.host.parameter_index import rebound
from tilecheck.host.summary import Summary
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children, contains_own, own_nodes

_NESTED = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
_METHODS = frozenset({"sync", "sync_on", "submit"})
_LEAVES = (cst.Return, cst.Raise, cst.Break)
_SKIPS = (cst.Return, cst.Raise, cst.Break, cst.Continue)


# (the op parameter's position, TC110 at its run, the parameter bounding the loop or None)
LoopedRun = tuple[int, Finding, int | None]


def looped_reruns(index: SyntaxIndex, fn: cst.CSTNode) -> tuple[LoopedRun, ...]:
    """TC110 at each run of an op parameter that a loop reaches again after it succeeds, by
    the parameter's position, with the parameter ``n`` of a loop over ``range(n)`` (a call
    giving it a constant below two runs it once: ``Summary.rerun_bounds``; an
    ``index.fact``)."""
    if type(fn) is not cst.FunctionDef:
        return ()
    params = [p.name.value for p in (*fn.params.posonly_params, *fn.params.params)]
    positions = {name: i for i, name in enumerate(params)} if params else {}
    for name in rebound(fn):
        positions.pop(name, None)
    if not positions:
        return ()
    found: list[LoopedRun] = []
    for node in own_nodes(fn.body):
        run = _run_of(node, positions)
        if run is None:
            continue
        name, how = run
        loop = _again(fn, node)
        if loop is not None:
            finding = messages.parameter_rerun(node, name, [(node, how)], how)
            found.append((positions[name], finding, _bound(loop, params)))
    return tuple(found)


def _bound(loop: cst.BaseStatement, params: list[str]) -> int | None:
    """The position of the parameter ``n`` of ``for _ in range(n)``."""
    it = loop.iter if type(loop) is cst.For else None
    if type(it) is not cst.Call or len(it.args) != 1:
        return None
    n = it.args[0].value
    return params.index(n.value) if type(n) is cst.Name and n.value in params else None


def loop_bounds(
    fn: cst.FunctionDef, found: tuple[LoopedRun, ...]
) -> tuple[tuple[cst.CSTNode, int, int | None], ...]:
    """``Summary.rerun_bounds`` of ``found``: each bounded rerun's node, its bound's position
    and the bound's constant default (None: none)."""
    params = (*fn.params.posonly_params, *fn.params.params)
    bounds: list[tuple[cst.CSTNode, int, int | None]] = []
    for _, finding, bound in found:
        if bound is not None:
            default = params[bound].default
            value = int(default.value, 0) if type(default) is cst.Integer else None
            bounds.append((finding.node, bound, value))
    return tuple(bounds)


def _run_of(node: cst.CSTNode, positions: dict[str, int]) -> tuple[str, str] | None:
    """``p.sync()``, ``p.sync_on(s)``, ``p.submit()`` or ``await p`` of a parameter ``p``."""
    if type(node) is cst.Await:
        inner = node.expression
        if type(inner) is cst.Name and inner.value in positions:
            return inner.value, "await"
        return None
    if type(node) is not cst.Call:
        return None
    func = node.func
    if type(func) is not cst.Attribute or func.attr.value not in _METHODS:
        return None
    receiver = func.value
    if type(receiver) is not cst.Name or receiver.value not in positions:
        return None
    return receiver.value, func.attr.value


def _again(fn: cst.FunctionDef, run: cst.CSTNode) -> cst.BaseStatement | None:
    """The innermost loop around ``run`` where the statement holding it is reached on every
    turn and the loop goes on to a next turn after it (see the module's doc); else None."""
    levels = _levels(fn, run)
    if levels is None:
        return None
    loop_at = max(
        (i for i, (_, _, stmt) in enumerate(levels) if type(stmt) in (cst.For, cst.While)),
        default=None,
    )
    if loop_at is None or not _twice(levels[loop_at][2]):
        return None
    inner = levels[loop_at + 1 :]
    if not inner or not _statement_of(inner[-1][2], run):
        return None
    for suite, at, stmt in inner:
        if any(not _simple(before) for before in suite[:at]):
            return None  # (a statement before it may skip it)
        if any(_leaves(after) for after in suite[at + 1 :]):
            return None  # (the loop may be left after a successful run)
        if type(stmt) is cst.Try:
            if not contains_own(stmt.body, run):
                return None  # (in a handler: only after a failure)
            if stmt.orelse is not None and _leaves(stmt.orelse):
                return None
            if stmt.finalbody is not None and _leaves(stmt.finalbody):
                return None
        elif type(stmt) is not cst.SimpleStatementLine:
            return None
    return levels[loop_at][2]


Level = tuple[Sequence[cst.BaseStatement], int, cst.BaseStatement]


def _levels(fn: cst.FunctionDef, node: cst.CSTNode) -> list[Level] | None:
    """The statements around ``node``, outermost first, each with its suite and position."""
    suite: Sequence[cst.BaseStatement] = _suite(fn.body)
    levels: list[Level] = []
    while True:
        at = next((i for i, s in enumerate(suite) if contains_own(s, node)), None)
        if at is None:
            return None
        stmt = suite[at]
        levels.append((suite, at, stmt))
        if type(stmt) is cst.SimpleStatementLine:
            return levels
        inner = _inner_suite(stmt, node)
        if inner is None:
            return None
        suite = inner


def _inner_suite(stmt: cst.BaseStatement, node: cst.CSTNode) -> Sequence[cst.BaseStatement] | None:
    """The suite of a compound statement holding ``node`` (a loop's or ``try``'s body, or any
    other suite: the caller decides which it accepts)."""
    if type(stmt) in (cst.For, cst.While):
        body = stmt.body  # type: ignore[attr-defined]
        return _suite(body) if contains_own(body, node) else None
    if type(stmt) is cst.Try:
        if contains_own(stmt.body, node):
            return _suite(stmt.body)
        return None
    return None


def _suite(block: cst.BaseSuite) -> Sequence[cst.BaseStatement]:
    if type(block) is cst.IndentedBlock:
        return block.body
    return ()


def _statement_of(stmt: cst.BaseStatement, run: cst.CSTNode) -> bool:
    """``stmt`` is the run as a statement of its own: ``run`` or ``x = run`` (not a part of
    an expression that may not evaluate it), after nothing that leaves."""
    if type(stmt) is not cst.SimpleStatementLine:
        return False
    for small in stmt.body:
        if isinstance(small, _SKIPS):
            return False
        value = getattr(small, "value", None) if type(small) in _VALUED else None
        if value is run:
            return True
        if contains_own(small, run):
            return False
    return False


_VALUED = (cst.Expr, cst.Assign, cst.AnnAssign)


def _simple(stmt: cst.BaseStatement) -> bool:
    return type(stmt) is cst.SimpleStatementLine and not any(
        isinstance(small, _SKIPS) for small in stmt.body
    )


def _twice(loop: cst.BaseStatement) -> bool:
    """The loop goes on to a next turn unless something leaves it: ``while True`` (a ``while``
    of another test may end on a flag the run sets), a ``for`` but one over ``range`` of a
    constant below two or over a display of fewer than two items."""
    if type(loop) is cst.While:
        return type(loop.test) is cst.Name and loop.test.value == "True"
    if type(loop) is not cst.For:
        return False
    it = loop.iter
    if type(it) in (cst.List, cst.Tuple):
        items = it.elements  # type: ignore[attr-defined]
        return len(items) >= 2 or any(type(e) is cst.StarredElement for e in items)
    if type(it) is not cst.Call or type(it.func) is not cst.Name or it.func.value != "range":
        return True
    values = [a.value for a in it.args]
    if len(values) == 1 and type(values[0]) is cst.Integer:
        return int(values[0].value, 0) >= 2
    if len(values) == 2 and all(type(v) is cst.Integer for v in values):
        low, high = (int(v.value, 0) for v in values)  # type: ignore[attr-defined]
        return high - low >= 2
    return True


def _leaves(tree: cst.CSTNode) -> bool:
    stack: list[cst.CSTNode] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, _LEAVES):
            return True
        if not isinstance(node, _NESTED):
            stack.extend(children(node))
    return False


def once_bounded(
    summary: Summary, bound: Mapping[int, tuple[cst.Arg, object]], names: Mapping[str, int]
) -> frozenset[cst.CSTNode]:
    """The reruns of ``summary`` a call runs once: their loop's bound given (or left at its
    default) a constant below two (``names``: the module's integer constants)."""
    once: set[cst.CSTNode] = set()
    for node, position, default in summary.rerun_bounds:
        given = bound.get(position)
        value = const_int(given[0].value, names) if given is not None else default
        if value is not None and value < 2:
            once.add(node)
    return frozenset(once)
