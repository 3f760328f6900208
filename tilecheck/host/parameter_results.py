"""What a helper does with the value of its callable parameter's call (issue 17, round 37L):
``def bench(fn, iters=3): for _ in range(iters): fn().sync()`` runs the op each call of
``fn`` returns, as do ``fn().wait()`` (a Pending), ``fn().submit().wait()`` and ``out = fn()``
followed by ``out.sync()`` (the name bound once, read only so, the statements between simple
ones that neither leave nor name it). ``parameter_runs`` takes these as runs of the parameter
like a statement ``fn()``, each followed by those methods: at ``bench(lambda: k(plan, x))``
the runs are ``k(plan, x).sync()`` as often as ``bench`` certainly calls ``fn``.

The methods are the ones that run or wait what they are called on (``sync``, ``wait``,
``submit``), called with no argument; a value used any other way is no run of this kind (the
helper is then not one ``parameter_runs`` follows)."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.host.property_reads import lowered_from
from tilecheck.syntax.index import SyntaxIndex

THEN = frozenset({"sync", "wait", "submit"})
_LEAVES = (cst.Return, cst.Raise, cst.Break, cst.Continue)


@frozen
class Used:
    then: dict[int, tuple[str, ...]]  # by the parameter call's id: the methods run on its value
    methods: frozenset[int]  # the ids of those method calls (part of the run, not the helper's)


def peel(value: cst.BaseExpression | None) -> tuple[cst.BaseExpression | None, tuple[str, ...]]:
    """``fn().submit().wait()``: ``fn()`` and ``("submit", "wait")``."""
    methods: list[str] = []
    while type(value) is cst.Call and not value.args:
        func = value.func
        if type(func) is not cst.Attribute or func.attr.value not in THEN:
            break
        methods.append(func.attr.value)
        value = func.value
    return value, tuple(reversed(methods))


def _chain_ids(value: cst.BaseExpression, base: cst.BaseExpression) -> list[int]:
    found: list[int] = []
    while value is not base and type(value) is cst.Call:
        found.append(id(value))
        value = value.func.value  # type: ignore[attr-defined]
    return found


def results_used(index: SyntaxIndex, fn: cst.FunctionDef, names: frozenset[str]) -> Used:
    """The calls of the parameters ``names`` whose value ``fn`` runs, with the methods."""
    then: dict[int, tuple[str, ...]] = {}
    methods: list[int] = []
    suites = [n for n in index.nodes(fn.body) if type(n) is cst.IndentedBlock]
    for suite in suites:
        body = suite.body
        for i, stmt in enumerate(body):
            small = _only(stmt)
            value = getattr(small, "value", None)
            if value is None or not isinstance(value, cst.BaseExpression):
                continue
            base, chain = peel(value)
            if base is None or not _called(base, names):
                continue
            if chain:
                then[id(base)] = chain
                methods.extend(_chain_ids(value, base))
                continue
            target = _bound_name(small)
            if target is None:
                continue
            later = _later_runs(index, fn, body, i, target)
            if later is not None:
                then[id(base)] = tuple(m for _, ms in later for m in ms)
                methods.extend(c for ids, _ in later for c in ids)
    return Used(then, frozenset(methods))


def _only(stmt: cst.CSTNode) -> cst.CSTNode | None:
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    small = stmt.body[0]
    return small if type(small) in (cst.Expr, cst.Assign, cst.Return) else None


def _called(base: cst.BaseExpression | None, names: frozenset[str]) -> bool:
    return (
        type(base) is cst.Call
        and not base.args
        and type(base.func) is cst.Name
        and base.func.value in names
    )


def _bound_name(small: cst.CSTNode | None) -> str | None:
    if type(small) is not cst.Assign or len(small.targets) != 1:
        return None
    target = small.targets[0].target
    return target.value if type(target) is cst.Name else None


def _later_runs(
    index: SyntaxIndex,
    fn: cst.FunctionDef,
    body: Sequence[cst.BaseStatement],
    at: int,
    name: str,
) -> list[tuple[list[int], tuple[str, ...]]] | None:
    """``out.sync()`` statements after ``out = fn()`` (at ``at`` of ``body``) that are the
    only reads of ``out`` in ``fn`` (bound there once); None where there is none."""
    found: list[tuple[list[int], tuple[str, ...]]] = []
    for stmt in body[at + 1 :]:
        small = _only(stmt)
        value = getattr(small, "value", None) if type(small) is cst.Expr else None
        base, chain = peel(value) if isinstance(value, cst.BaseExpression) else (None, ())
        if type(base) is cst.Name and base.value == name and chain and value is not None:
            found.append((_chain_ids(value, base), chain))
            continue
        if found or type(stmt) is not cst.SimpleStatementLine:
            break
        if any(type(s) in _LEAVES for s in stmt.body) or _names(index, stmt, name):
            return None
    if not found:
        return None
    reads = sum(1 for n in index.nodes(fn.body) if type(n) is cst.Name and n.value == name)
    return found if reads == 1 + len(found) else None


def _names(index: SyntaxIndex, node: cst.CSTNode, name: str) -> bool:
    return any(type(n) is cst.Name and n.value == name for n in index.nodes(node))


def then_runs(
    origin: cst.Call,
    ran: cst.BaseExpression,
    thens: Sequence[tuple[tuple[str, ...], int]],
) -> list[cst.Element]:
    """The runs of one callable, ``ran`` each time, each with its methods (``ran.sync()``),
    built once: ``thens`` the methods and count of each call of the parameter, in order."""
    built: list[cst.Element] = []
    for methods, times in thens:
        made = ran
        for method in methods:
            attr = cst.Attribute(value=made, attr=cst.Name(method))
            made = lowered_from(origin, cst.Call(func=attr))
        built.extend(cst.Element(made) for _ in range(times))
    return built
