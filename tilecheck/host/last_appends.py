"""The last item of a list walked without it (round 22W of issue 17): ``window.append(p)``
then ``for q in window[:-1]: q.wait()`` waits every Pending but ``p``, which the append made
the list's last item. A loop over a slice that leaves out the last items counts as going
through every item (``tilecheck.host.loops``: someone may take the others from the list);
the item the latest append put there is the one it certainly leaves out.

Only the syntax is read here: the loop's ``xs[:-k]`` (``k`` a positive literal, the lower end
absent or a literal, no step) of a name, the nearest statement before the loop that names
``xs`` (in the loop's own suite, or before an ``if`` whose block holds the loop, its test not
naming ``xs``) being ``xs.append(value)`` on its own, and the loop naming ``xs`` nowhere but in
its slice. So on every path into the loop, the append ran last among the list's changes."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children

_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def keeps_last(iterable: cst.BaseExpression) -> str | None:
    """The list name of ``xs[:-k]`` / ``xs[j:-k]`` (a cheap test of a loop's iterable)."""
    if type(iterable) is not cst.Subscript or len(iterable.slice) != 1:
        return None
    index = iterable.slice[0].slice
    if not isinstance(index, cst.Slice) or index.step is not None:
        return None
    upper, lower = index.upper, index.lower
    if not (
        isinstance(upper, cst.UnaryOperation)
        and isinstance(upper.operator, cst.Minus)
        and isinstance(upper.expression, cst.Integer)
        and int(upper.expression.value) >= 1
    ):
        return None
    if lower is not None and not isinstance(lower, cst.Integer):
        return None
    return iterable.value.value if isinstance(iterable.value, cst.Name) else None


def last_appends(index: SyntaxIndex, root: cst.CSTNode) -> dict[int, cst.BaseExpression]:
    """Each loop of ``root``'s own code over ``xs[:-k]`` (by id) -> the value of the append
    that certainly ran last among ``xs``'s changes before it."""
    out: dict[int, cst.BaseExpression] = {}
    if isinstance(root, cst.Module):
        _suite(root.body, [], out)
    elif isinstance(root, cst.FunctionDef):
        _suite(_body(root.body), [], out)
    return out


def _suite(
    statements: Sequence[cst.BaseStatement | cst.BaseSmallStatement],
    above: list[tuple[Sequence[cst.CSTNode], int, cst.BaseExpression | None]],
    out: dict[int, cst.BaseExpression],
) -> None:
    """Each statement of a suite; ``above``: the suites holding it, each with the position of
    the statement the suite is in and the test that statement guards with (None: a plain
    block, nothing known past it)."""
    for at, statement in enumerate(statements):
        if isinstance(statement, _SCOPES):
            continue
        if isinstance(statement, cst.For) and not statement.orelse:
            name = keeps_last(statement.iter)
            if name is not None and not _names(statement.body, name):
                value = _last_append([*above, (statements, at, None)], name)
                if value is not None:
                    out[id(statement)] = value
        for suite, test in _inner_suites(statement):
            _suite(suite, [*above, (statements, at, test)], out)


def _inner_suites(
    statement: cst.CSTNode,
) -> list[tuple[Sequence[cst.BaseStatement], cst.BaseExpression | None]]:
    """The suites a compound statement holds, each with what reaching it certainly ran past
    (an ``if``'s test; None: a loop, ``with``, ``try``: the suites above are not followed)."""
    found: list[tuple[Sequence[cst.BaseStatement], cst.BaseExpression | None]] = []
    if isinstance(statement, cst.If):
        found.append((_body(statement.body), statement.test))
        orelse = statement.orelse
        if isinstance(orelse, cst.Else):
            found.append((_body(orelse.body), statement.test))
        elif isinstance(orelse, cst.If):
            found.append(((orelse,), None))
        return found
    for child in children(statement):
        if isinstance(child, (cst.IndentedBlock, cst.SimpleStatementSuite)):
            found.append((_body(child), None))
        elif isinstance(child, (cst.Else, cst.Finally, cst.ExceptHandler)):
            found.append((_body(child.body), None))
    return found


def _body(block: cst.BaseSuite) -> Sequence[cst.BaseStatement]:
    return block.body if isinstance(block, cst.IndentedBlock) else ()


def _last_append(
    above: list[tuple[Sequence[cst.CSTNode], int, cst.BaseExpression | None]], name: str
) -> cst.BaseExpression | None:
    """Walking back from the innermost suite: the value of ``name.append(value)`` where it is
    the nearest statement naming ``name``; None where another comes first, or none does."""
    for depth in range(len(above) - 1, -1, -1):
        statements, at, _ = above[depth]
        for statement in reversed(statements[:at]):
            if not _names(statement, name):
                continue
            return _append_value(statement, name)
        if depth == 0:
            return None
        test = above[depth - 1][2]
        if test is None or _names(test, name):
            return None
    return None


def _append_value(statement: cst.CSTNode, name: str) -> cst.BaseExpression | None:
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    expr = statement.body[0]
    call = expr.value if isinstance(expr, cst.Expr) else None
    if not isinstance(call, cst.Call) or len(call.args) != 1 or call.args[0].star:
        return None
    func = call.func
    if not (
        isinstance(func, cst.Attribute)
        and isinstance(func.value, cst.Name)
        and func.value.value == name
        and func.attr.value == "append"
    ):
        return None
    value = call.args[0].value
    return None if _names(value, name) else value


def _names(node: cst.CSTNode, name: str) -> bool:
    stack = [node]
    while stack:
        current = stack.pop()
        if type(current) is cst.Name and current.value == name:
            return True
        stack.extend(children(current))
    return False
