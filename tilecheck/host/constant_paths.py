"""Parameters a function does not reach when a call gives another one a constant (issue 17,
round 10): ``settle(job, now=False)`` of ``def settle(job, now): if not now: return;
job.wait()`` does nothing to ``job``, so the caller still holds it unwaited. Read from the
body's syntax, taking a branch only where its test is certain under the constant; everything
else (loops, ``try``, ``with``, nested scopes) counts as reached, so a parameter is left out only
where no statement the call can run names it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import libcst as cst

from tilecheck.syntax.walk import descendants

# The constants a flag is tried with, as a call may give them (``True``, ``False``, ``None``).
Constant = bool | None
_CONSTANTS: dict[str, Constant] = {"True": True, "False": False, "None": None}
_UNKNOWN = object()  # a test whose value the constant does not decide
_ENDS = (cst.Return, cst.Raise)  # statements after which a suite runs no further

# (parameter, flag, constant): given the constant for the flag, the body never names the
# parameter.
Skip = tuple[int, int, Constant]


def constant_of(expr: cst.BaseExpression) -> tuple[Constant] | None:
    """``(value,)`` for the literal ``True``, ``False`` or ``None``; None otherwise."""
    if type(expr) is cst.Name and expr.value in _CONSTANTS:
        return (_CONSTANTS[expr.value],)
    return None


def skipped_parameters(fn: cst.FunctionDef, names: tuple[str, ...]) -> frozenset[Skip]:
    """Each (parameter, flag, constant) such that with the flag given the constant, no
    statement the function may run names the parameter. Flags are parameters some ``if``
    tests and the body never binds."""
    tested = _tested_names(fn.body) & set(names)
    flags = [names.index(f) for f in sorted(tested) if f not in _bound_names(fn.body)]
    out: set[Skip] = set()
    everywhere = _names_in(fn.body) if flags else set()
    for flag in flags:
        for value in _CONSTANTS.values():
            named, _ = _reached(fn.body.body, names[flag], value)
            for index, name in enumerate(names):
                if index != flag and name in everywhere and name not in named:
                    out.add((index, flag, value))
    return frozenset(out)


def skipped(
    skips: frozenset[Skip],
    constants: tuple[tuple[int, Constant], ...],
    given: Mapping[int, cst.BaseExpression],
) -> list[int]:
    """The parameters a call leaves alone: those ``skips`` leaves out under the constant the
    call gives the flag (``given``: the argument of each parameter the call binds), or its
    default where the call gives none."""
    if not skips:
        return []
    default = dict(constants)
    out: set[int] = set()
    for param, flag, value in skips:
        if flag in given:
            known = constant_of(given[flag])
        else:
            known = (default[flag],) if flag in default else None
        if known is not None and known[0] is value and param in given:
            out.add(param)
    return sorted(out)


def defaults(fn: cst.FunctionDef, names: tuple[str, ...]) -> tuple[tuple[int, Constant], ...]:
    """The parameters whose default is ``True``, ``False`` or ``None``, with it."""
    params = (*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params)
    out: list[tuple[int, Constant]] = []
    for param in params:
        known = constant_of(param.default) if param.default is not None else None
        if known is not None and param.name.value in names:
            out.append((names.index(param.name.value), known[0]))
    return tuple(out)


def _reached(
    body: Sequence[cst.BaseStatement | cst.BaseSmallStatement], flag: str, value: Constant
) -> tuple[set[str], bool]:
    """The names the statements may name with ``flag`` given ``value``, and whether they may
    complete (not every path returns or raises)."""
    named: set[str] = set()
    for stmt in body:
        if type(stmt) is cst.If:
            found, through = _reached_if(stmt, flag, value)
            named |= found
            if not through:
                return named, False
            continue
        named |= _names_in(stmt)
        if type(stmt) in _ENDS or (
            type(stmt) is cst.SimpleStatementLine and any(type(s) in _ENDS for s in stmt.body)
        ):
            return named, False
    return named, True


def _reached_if(stmt: cst.If, flag: str, value: Constant) -> tuple[set[str], bool]:
    test = _evaluate(stmt.test, flag, value)
    orelse = stmt.orelse
    if test is _UNKNOWN:
        named = _names_in(stmt.test)
        found, through = _reached(stmt.body.body, flag, value)
        named |= found
        if orelse is None:
            return named, True
        other, other_through = _reached_orelse(orelse, flag, value)
        return named | other, through or other_through
    if test:
        return _reached(stmt.body.body, flag, value)
    if orelse is None:
        return set(), True
    return _reached_orelse(orelse, flag, value)


def _reached_orelse(orelse: cst.If | cst.Else, flag: str, value: Constant) -> tuple[set[str], bool]:
    if type(orelse) is cst.If:
        return _reached_if(orelse, flag, value)
    assert isinstance(orelse, cst.Else)
    return _reached(orelse.body.body, flag, value)


def _evaluate(test: cst.BaseExpression, flag: str, value: Constant) -> object:
    """The test's truth with ``flag`` given ``value``, or ``_UNKNOWN``."""
    if type(test) is cst.Name:
        if test.value == flag:
            return bool(value)
        known = constant_of(test)
        return bool(known[0]) if known is not None else _UNKNOWN
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        inner = _evaluate(test.expression, flag, value)
        return _UNKNOWN if inner is _UNKNOWN else not inner
    if type(test) is cst.BooleanOperation:
        left = _evaluate(test.left, flag, value)
        right = _evaluate(test.right, flag, value)
        if type(test.operator) is cst.And:
            if left is False or right is False:
                return False
            return True if left is True and right is True else _UNKNOWN
        if left is True or right is True:
            return True
        return False if left is False and right is False else _UNKNOWN
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        (comparison,) = test.comparisons
        if type(test.left) is not cst.Name or test.left.value != flag:
            return _UNKNOWN
        other = constant_of(comparison.comparator)
        if other is None:
            return _UNKNOWN
        operator = type(comparison.operator)
        if operator in (cst.Is, cst.Equal):
            return value is other[0]
        if operator in (cst.IsNot, cst.NotEqual):
            return value is not other[0]
    return _UNKNOWN


def _names_in(node: cst.CSTNode) -> set[str]:
    return {n.value for n in descendants(node) if type(n) is cst.Name}


def _tested_names(body: cst.CSTNode) -> set[str]:
    """The names in the tests of the body's ``if`` statements."""
    found: set[str] = set()
    for current in descendants(body):
        if type(current) is cst.If:
            found |= _names_in(current.test)
    return found


def _bound_names(body: cst.CSTNode) -> set[str]:
    """Every name the body (nested scopes included) may bind or declare."""
    found: set[str] = set()
    for current in descendants(body):
        target: cst.CSTNode | None = None
        if isinstance(current, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign, cst.NamedExpr)):
            target = current.target
        elif isinstance(current, (cst.For, cst.CompFor)):
            target = current.target
        elif isinstance(current, cst.AsName):
            target = current.name
        elif isinstance(current, (cst.Del, cst.Global, cst.Nonlocal)):
            target = current
        if target is not None:
            found |= _names_in(target)
    return found
