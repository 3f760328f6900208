"""Which tensor an argument expression names, for TC101: ``z``, ``z.partition(...)``,
``z.partition(...).mapped(...)`` and a name bound once to one of those (``w = z``,
``p = z.partition(...)``) all name ``z``. Names bound more than once, parameters, and
anything computed are not followed: the plugin reports only what it is sure of."""

from __future__ import annotations

from collections.abc import Hashable

from mypy.nodes import (
    AssignmentStmt,
    Block,
    CallExpr,
    DelStmt,
    Expression,
    ForStmt,
    FuncItem,
    IfStmt,
    ListExpr,
    MatchStmt,
    MemberExpr,
    MypyFile,
    NameExpr,
    OperatorAssignmentStmt,
    StarExpr,
    Statement,
    TryStmt,
    TupleExpr,
    Var,
    WhileStmt,
    WithStmt,
)

_BORROWING_METHODS = frozenset({"partition", "mapped"})
_MAX_DEPTH = 16


class _Bindings:
    """Every name bound by the statements of one scope (not by nested functions or classes),
    counted, with the value of each plain ``name = value`` assignment. (Names bound inside
    expressions, by ``:=``, and by ``match`` patterns are not seen; neither occurs in launch
    code in practice.)"""

    def __init__(self) -> None:
        self.counts: dict[Var, int] = {}
        self.values: dict[Var, Expression] = {}

    def walk(self, statements: list[Statement]) -> None:
        for statement in statements:
            self._statement(statement)

    def _statement(self, s: Statement) -> None:
        if isinstance(s, AssignmentStmt):
            for lvalue in s.lvalues:
                self._bind(lvalue)
            if len(s.lvalues) == 1 and isinstance(s.lvalues[0], NameExpr):
                node = s.lvalues[0].node
                if isinstance(node, Var):
                    self.values[node] = s.rvalue
        elif isinstance(s, OperatorAssignmentStmt):
            self._bind(s.lvalue)
        elif isinstance(s, DelStmt):
            self._bind(s.expr)
        elif isinstance(s, Block):
            self.walk(s.body)
        elif isinstance(s, ForStmt):
            self._bind(s.index)
            self._blocks(s.body, s.else_body)
        elif isinstance(s, WhileStmt):
            self._blocks(s.body, s.else_body)
        elif isinstance(s, IfStmt):
            self._blocks(*s.body, s.else_body)
        elif isinstance(s, WithStmt):
            for target in s.target:
                if target is not None:
                    self._bind(target)
            self._blocks(s.body)
        elif isinstance(s, TryStmt):
            for var in s.vars:
                if var is not None:
                    self._bind(var)
            self._blocks(s.body, *s.handlers, s.else_body, s.finally_body)
        elif isinstance(s, MatchStmt):
            self._blocks(*s.bodies)

    def _blocks(self, *blocks: Block | None) -> None:
        for block in blocks:
            if block is not None:
                self.walk(block.body)

    def _bind(self, lvalue: Expression) -> None:
        if isinstance(lvalue, NameExpr) and isinstance(lvalue.node, Var):
            self.counts[lvalue.node] = self.counts.get(lvalue.node, 0) + 1
        elif isinstance(lvalue, (TupleExpr, ListExpr)):
            for item in lvalue.items:
                self._bind(item)
        elif isinstance(lvalue, StarExpr):
            self._bind(lvalue.expr)


class Aliases:
    """The single-assignment aliases of one scope (a function or the module body)."""

    def __init__(self, scope: FuncItem | MypyFile) -> None:
        bindings = _Bindings()
        if isinstance(scope, MypyFile):
            bindings.walk(scope.defs)
        else:
            bindings.walk(scope.body.body)
            for argument in scope.arguments:  # a parameter is bound by every call
                bindings.counts[argument.variable] = 2
        self._values = {
            var: value for var, value in bindings.values.items() if bindings.counts.get(var) == 1
        }

    def root(self, expr: Expression) -> Hashable | None:
        """The identity of the tensor ``expr`` names, or None when it is not a plain name."""
        for _ in range(_MAX_DEPTH):
            if isinstance(expr, CallExpr) and isinstance(expr.callee, MemberExpr):
                if expr.callee.name not in _BORROWING_METHODS:
                    return None
                expr = expr.callee.expr
            elif isinstance(expr, NameExpr):
                node = expr.node
                if not isinstance(node, Var):
                    return None
                value = self._values.get(node)
                if value is None or not _names_a_tensor(value):
                    return ("var", node.fullname or node.name, id(node))
                expr = value
            elif isinstance(expr, MemberExpr):
                base = self.root(expr.expr)
                return None if base is None else ("attribute", base, expr.name)
            else:
                return None
        return None


def _names_a_tensor(expr: Expression) -> bool:
    """A value an alias can stand for: another name, an attribute, or a borrow of one."""
    if isinstance(expr, CallExpr):
        return isinstance(expr.callee, MemberExpr) and expr.callee.name in _BORROWING_METHODS
    return isinstance(expr, (NameExpr, MemberExpr))


def shown(expr: Expression) -> str | None:
    """How the tensor behind ``expr`` is written in the source (``z``, ``self.buf``)."""
    if isinstance(expr, CallExpr) and isinstance(expr.callee, MemberExpr):
        if expr.callee.name in _BORROWING_METHODS:
            return shown(expr.callee.expr)
        return None
    if isinstance(expr, NameExpr):
        return expr.name
    if isinstance(expr, MemberExpr):
        base = shown(expr.expr)
        return None if base is None else f"{base}.{expr.name}"
    return None
