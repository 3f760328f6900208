"""An op a function makes on every call and runs only under a test of a parameter:
``op = k(...)`` then ``if step % 2 == 0: op.submit().wait()``. A call whose argument makes the
test false drops the op unrun (tilert warns, TC105 where it is made). The caller knows the
argument where it is an integer constant or the counter of a ``for`` over ``range`` of integer
literals around the call (every value it takes is tried).

Only where nothing else names the op: the assignment is a line every call runs, the ``if``
(no ``else`` naming it) comes after it, and the test reads that parameter, integer constants
and arithmetic and comparisons only; anything else is left to the analysis as before."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator
from typing import cast

import libcst as cst

from tilecheck.codes import OP_NEVER_RUN
from tilecheck.host.capture_callbacks import straight_to
from tilecheck.host.findings import Finding
from tilecheck.syntax.constants import COMPARISONS
from tilecheck.syntax.nodes import source_of
from tilecheck.syntax.walk import children, contains

# (parameter name, the test, the op's creation: the kernel call)
Gated = tuple[str, cst.BaseExpression, cst.Call]

_ARITHMETIC: dict[type[cst.BaseBinaryOp], Callable[[int, int], int]] = {
    cst.Add: operator.add,
    cst.Subtract: operator.sub,
    cst.Multiply: operator.mul,
    cst.FloorDivide: operator.floordiv,
    cst.Modulo: operator.mod,
}


def gated_ops(
    fn: cst.FunctionDef, params: tuple[str, ...], launches: Callable[[cst.Call], bool]
) -> tuple[Gated, ...]:
    """The ops of ``fn`` made on every call and run only under a test of one parameter."""
    body = fn.body.body
    out: list[Gated] = []
    for index, stmt in enumerate(body):
        made = _made_op(stmt, launches)
        if made is None or not straight_to(fn, stmt):
            continue
        name, call = made
        mentions = [s for s in body if s is not stmt and _names(s, name)]
        if len(mentions) != 1 or not isinstance(mentions[0], cst.If):
            continue
        test = mentions[0]
        later = body.index(test) > index
        free = _names_in(test.test)
        if not later or _names(test.test, name) or test.orelse is not None:
            continue
        param = next(iter(free), "")
        if len(free) != 1 or param not in params or _value(test.test, {}) is not None:
            continue
        if not _binds(fn.body, param):  # ``every += 1`` first: not the caller's value
            out.append((param, test.test, call))
    return tuple(out)


def dropped_for_shape(test: cst.BaseExpression, name: str, shape: tuple[int, ...]) -> bool:
    """``name`` holding a tensor of the constant ``shape`` makes ``test`` false (a test of
    ``name.shape[i]``, round 22M)."""
    env = {f"{name}.shape[{i}]": d for i, d in enumerate(shape)}
    env.update({f"{name}.shape[{i - len(shape)}]": d for i, d in enumerate(shape)})
    return _truth(test, env) is False


def dropped_for(test: cst.BaseExpression, name: str, values: list[int]) -> bool:
    """Some value of ``values`` for ``name`` makes ``test`` false (each one known)."""
    results = [_truth(test, {name: v}) for v in values]
    return bool(results) and all(r is not None for r in results) and False in results


def gated_drop(made: cst.Call, test: cst.BaseExpression, call: cst.Call) -> Finding:
    """TC105 where the op is made: the call gives the test a value that makes it false."""
    return Finding(
        OP_NEVER_RUN,
        made,
        (
            f"the op made here runs only where `{source_of(test)}` holds, and a call gives a "
            "value for which it does not: that call drops it unrun (its tensors stay borrowed "
            "until it is collected); make it only where it runs",
        ),
        labels=((call, "a call that drops it"),),
    )


def loop_values(scope: cst.CSTNode, call: cst.CSTNode, name: str) -> list[int] | None:
    """The values ``name`` takes at ``call``: the counter of the innermost ``for name in
    range(...)`` (integer literals) around it, the loop never rebinding it; else None."""
    found: list[int] | None = None
    for loop in _loops(scope):
        if not (isinstance(loop.target, cst.Name) and loop.target.value == name):
            continue
        if not contains(loop.body, call) or _binds(loop.body, name):
            continue
        found = _range_values(loop.iter)
    return found


def _made_op(
    stmt: cst.CSTNode, launches: Callable[[cst.Call], bool]
) -> tuple[str, cst.Call] | None:
    if not isinstance(stmt, cst.SimpleStatementLine) or len(stmt.body) != 1:
        return None
    assign = stmt.body[0]
    if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
        return None
    target = assign.targets[0].target
    value = assign.value
    if isinstance(target, cst.Name) and isinstance(value, cst.Call) and launches(value):
        return target.value, value
    return None


def _truth(test: cst.BaseExpression, env: dict[str, int]) -> bool | None:
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1:
        target = test.comparisons[0]
        compare = COMPARISONS.get(type(target.operator))
        left, right = _value(test.left, env), _value(target.comparator, env)
        if compare is None or left is None or right is None:
            return None
        return compare(left, right)
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = _truth(test.expression, env)
        return None if inner is None else not inner
    if isinstance(test, cst.BooleanOperation):
        left, right = _truth(test.left, env), _truth(test.right, env)
        if left is None or right is None:
            return None
        return (left and right) if isinstance(test.operator, cst.And) else (left or right)
    value = _value(test, env)
    return None if value is None else value != 0


def _value(expr: cst.BaseExpression, env: dict[str, int]) -> int | None:
    if isinstance(expr, cst.Integer):
        return int(expr.value, 0)
    if isinstance(expr, cst.Name):
        return env.get(expr.value)
    if isinstance(expr, cst.UnaryOperation) and isinstance(expr.operator, cst.Minus):
        inner = _value(expr.expression, env)
        return None if inner is None else -inner
    if isinstance(expr, cst.Subscript):
        dim = _dimension(expr)
        return env.get(f"{dim[0]}.shape[{dim[1]}]") if dim is not None else None
    if isinstance(expr, cst.BinaryOperation):
        apply = _ARITHMETIC.get(type(expr.operator))
        left, right = _value(expr.left, env), _value(expr.right, env)
        if apply is None or left is None or right is None:
            return None
        if right == 0 and isinstance(expr.operator, (cst.FloorDivide, cst.Modulo)):
            return None
        return apply(left, right)
    return None


def _names_in(test: cst.BaseExpression) -> set[str]:
    """The names a test reads, where it is made of names, integers, arithmetic and
    comparisons only (else a name no parameter has)."""
    out: set[str] = set()
    stack: list[cst.CSTNode] = [test]
    allowed = (
        cst.Comparison, cst.ComparisonTarget, cst.BinaryOperation, cst.UnaryOperation,
        cst.BooleanOperation, cst.Integer, cst.LeftParen, cst.RightParen,
        cst.BaseBinaryOp, cst.BaseCompOp, cst.BaseUnaryOp, cst.BaseBooleanOp,
        cst.BaseParenthesizableWhitespace,
    )  # fmt: skip
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name):
            out.add(node.value)
        elif isinstance(node, cst.Subscript) and _dimension(node) is not None:
            out.add(cast(cst.Name, cast(cst.Attribute, node.value).value).value)  # ``t.shape[0]``
        elif not isinstance(node, allowed):
            return {"<other>", "<code>"}
        else:
            stack.extend(children(node))
    return out


def _dimension(expr: cst.Subscript) -> tuple[str, int] | None:
    """``t.shape[i]`` (``i`` an integer literal, maybe negative): ``t``, ``i``."""
    value = expr.value
    if not isinstance(value, cst.Attribute) or value.attr.value != "shape":
        return None
    if not isinstance(value.value, cst.Name) or len(expr.slice) != 1:
        return None
    index = expr.slice[0].slice
    position = _value(index.value, {}) if isinstance(index, cst.Index) else None
    return None if position is None else (value.value.value, position)


def _range_values(walked: cst.BaseExpression) -> list[int] | None:
    if not (
        isinstance(walked, cst.Call)
        and isinstance(walked.func, cst.Name)
        and walked.func.value == "range"
        and 1 <= len(walked.args) <= 3
        and all(a.keyword is None and not a.star for a in walked.args)
    ):
        return None
    bounds = [_value(a.value, {}) for a in walked.args]
    if any(b is None for b in bounds):
        return None
    values = list(range(*(b for b in bounds if b is not None)))
    return values if 0 < len(values) <= 64 else None


def _loops(tree: cst.CSTNode) -> Iterator[cst.For]:
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.For):
            yield node
        if isinstance(node, (cst.ClassDef, cst.Lambda)) or (
            isinstance(node, cst.FunctionDef) and node is not tree
        ):
            continue
        stack.extend(children(node))


def _names(tree: cst.CSTNode, name: str) -> bool:
    stack = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, cst.Name) and node.value == name:
            return True
        stack.extend(children(node))
    return False


def _binds(tree: cst.CSTNode, name: str) -> bool:
    """``tree`` may rebind ``name`` (an assignment, a loop, a ``with`` target, a walrus)."""
    stack = [tree]
    while stack:
        node = stack.pop()
        targets: list[cst.CSTNode] = []
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign, cst.NamedExpr)):
            targets = [node.target]
        elif isinstance(node, (cst.For, cst.CompFor)):
            targets = [node.target]
        elif isinstance(node, cst.AsName):
            targets = [node.name]
        if any(_names(t, name) for t in targets):
            return True
        stack.extend(children(node))
    return False
