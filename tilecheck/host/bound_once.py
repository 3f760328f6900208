"""Names a body binds once, at its top level, and nowhere else: a module's flags set to False
(``DEBUG = False``: the ``if DEBUG:`` blocks of its bodies never run, so an op run only there is
never run, TC105, as at run time) and the streams a body makes (``stream = tr.Stream()``: its
``stream.record()`` records an event, refused inside a graph capture). A module name also
declared ``global`` somewhere is none of them, and a function that binds the name itself is
not told of the module's."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import libcst as cst

from tilecheck.host.scopes import free_names
from tilecheck.syntax import exact
from tilecheck.syntax.nodes import target_names

Never = Callable[[cst.BaseExpression], bool]


def bound_once(
    body: Sequence[cst.BaseStatement] | Sequence[cst.BaseSmallStatement],
    matches: Callable[[cst.BaseExpression], bool],
    declared: frozenset[str] = frozenset(),
) -> frozenset[str]:
    """The names ``body`` binds once, by a top-level ``name = value`` whose value ``matches``,
    and by nothing else (nested statements included, nested scopes not)."""
    candidates: set[str] = set()
    for stmt in body:
        if type(stmt) is cst.SimpleStatementLine:
            for small in stmt.body:
                if (
                    type(small) is cst.Assign
                    and len(small.targets) == 1
                    and type(small.targets[0].target) is cst.Name
                    and matches(small.value)
                ):
                    candidates.add(small.targets[0].target.value)
    candidates -= declared
    if not candidates:
        return frozenset()
    counts = _bindings(body, candidates)
    return frozenset(name for name, count in counts.items() if count == 1)


def bound_again(body: Sequence[cst.BaseStatement], names: Iterable[str]) -> frozenset[str]:
    """Those of ``names`` that ``body`` binds more than once (nested statements included,
    nested scopes not): a module's ``c = 0`` counted on by ``c += 1`` in a loop is no
    constant."""
    counts = _bindings(body, set(names))
    return frozenset(name for name, count in counts.items() if count > 1)


def _bindings(
    body: Sequence[cst.BaseStatement] | Sequence[cst.BaseSmallStatement], names: set[str]
) -> dict[str, int]:
    counts = dict.fromkeys(names, 0)
    stack: list[cst.CSTNode] = list(body)
    while stack:
        node = stack.pop()
        for name in _bound_by(node):
            if name in counts:
                counts[name] += 1
        if type(node) is not cst.SimpleStatementLine and not exact.is_definition(node):
            stack.extend(_statements_in(node))
    return counts


def module_flags(body: Sequence[cst.BaseStatement], declared: frozenset[str]) -> frozenset[str]:
    """The module's names that are False wherever they are read."""
    return bound_once(body, _is_false, declared)


def _is_false(value: cst.BaseExpression) -> bool:
    return type(value) is cst.Name and value.value == "False"


def _bound_by(node: cst.CSTNode) -> list[str]:
    names: list[str] = []
    if type(node) is cst.SimpleStatementLine:
        for small in node.body:
            if type(small) is cst.Assign:
                for target in small.targets:
                    names.extend(target_names(target.target))
            elif type(small) is cst.AnnAssign or type(small) is cst.AugAssign:
                names.extend(target_names(small.target))
            elif exact.is_import(small) and not isinstance(small.names, cst.ImportStar):
                for alias in small.names:
                    bound = alias.asname.name if alias.asname else alias.name
                    names.extend(target_names(bound))
            elif type(small) is cst.Del:
                names.extend(target_names(small.target))
    elif exact.is_definition(node):
        names.append(node.name.value)
    elif type(node) is cst.For:
        names.extend(target_names(node.target))
    elif type(node) is cst.With:
        for item in node.items:
            if item.asname is not None:
                names.extend(target_names(item.asname.name))
    elif type(node) is cst.ExceptHandler and node.name is not None:
        names.extend(target_names(node.name.name))
    return names


def _statements_in(node: cst.CSTNode) -> list[cst.CSTNode]:
    """The statements and handlers directly inside a compound statement."""
    found: list[cst.CSTNode] = []
    for suite in (
        getattr(node, "body", None),
        getattr(node, "orelse", None),
        getattr(node, "finalbody", None),
    ):
        if type(suite) is cst.IndentedBlock or type(suite) is cst.SimpleStatementSuite:
            found.extend(suite.body)
        elif type(suite) is cst.Else or type(suite) is cst.Finally:
            found.extend(_statements_in(suite))
        elif type(suite) is cst.If:
            found.append(suite)
    if type(node) is cst.Try or type(node) is cst.TryStar:
        found.extend(node.handlers)
    if type(node) is cst.Match:
        found.extend(case for case in node.cases)
    return found


def never_in(flags: frozenset[str], scope: cst.FunctionDef | None) -> Never | None:
    """The test ``if FLAG:`` known false in a body (the module's, or ``scope``'s if it does
    not bind the name itself); None when the module has no flag."""
    if not flags:
        return None
    free: list[frozenset[str]] = []

    def never(test: cst.BaseExpression) -> bool:
        if not isinstance(test, cst.Name) or test.value not in flags:
            return False
        if scope is None:
            return True
        if not free:
            free.append(free_names(scope))
        return test.value in free[0]

    return never
