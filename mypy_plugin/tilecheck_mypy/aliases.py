"""Which tensor an argument expression names, for TC101: ``z``, ``z.partition(...)``,
``z.partition(...).mapped(...)`` and a name bound once to one of those (``w = z``,
``p = z.partition(...)``) all name ``z``. An alias is followed only where its target is sure to
hold, at the launch, what it held when the alias was made: a name bound once in the scope (not
in a loop, not by a nested ``global``/``nonlocal``) or a parameter the body never rebinds. An
alias of a name bound more than once (``prev = cur; cur = ...``, double buffering) or of an
attribute (``old = self.buf; self.buf = ...``) stays a name of its own: the plugin reports
only what it is sure of, and tilecheck's flow analysis does the rest."""

from __future__ import annotations

from collections.abc import Hashable

from mypy.nodes import (
    AssignmentStmt,
    Block,
    CallExpr,
    ClassDef,
    Decorator,
    DelStmt,
    Expression,
    ForStmt,
    FuncDef,
    FuncItem,
    GlobalDecl,
    IfStmt,
    ListExpr,
    MatchStmt,
    MemberExpr,
    MypyFile,
    NameExpr,
    NonlocalDecl,
    OperatorAssignmentStmt,
    OverloadedFuncDef,
    StarExpr,
    Statement,
    TryStmt,
    TupleExpr,
    Var,
    WhileStmt,
    WithStmt,
)
from mypy.patterns import (
    AsPattern,
    ClassPattern,
    MappingPattern,
    OrPattern,
    Pattern,
    SequencePattern,
    StarredPattern,
)

_BORROWING_METHODS = frozenset({"partition", "mapped"})
_MAX_DEPTH = 16


class _Bindings:
    """Every name bound by the statements of one scope (not by nested functions or classes),
    counted, with the value of each plain ``name = value`` assignment; the names bound inside a
    loop (a new value on each iteration); and the names nested functions declare ``global`` or
    ``nonlocal`` (which they may rebind). Names bound inside expressions, by ``:=``, are not
    seen (mypy's compiled visitors cannot be subclassed here, and launch code does not use it
    in practice)."""

    def __init__(self) -> None:
        self.counts: dict[Var, int] = {}
        self.values: dict[Var, Expression] = {}
        self.repeated: set[Var] = set()
        self.outer_names: set[str] = set()
        self._loops = 0

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
            self._loops += 1
            self._bind(s.index)
            self._blocks(s.body)
            self._loops -= 1
            self._blocks(s.else_body)
        elif isinstance(s, WhileStmt):
            self._loops += 1
            self._blocks(s.body)
            self._loops -= 1
            self._blocks(s.else_body)
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
            for pattern in s.patterns:
                self._pattern(pattern)
            self._blocks(*s.bodies)
        elif isinstance(s, (FuncDef, Decorator, OverloadedFuncDef, ClassDef)):
            _outer_declarations(s, self.outer_names)

    def _blocks(self, *blocks: Block | None) -> None:
        for block in blocks:
            if block is not None:
                self.walk(block.body)

    def _bind(self, lvalue: Expression) -> None:
        if isinstance(lvalue, NameExpr) and isinstance(lvalue.node, Var):
            self.counts[lvalue.node] = self.counts.get(lvalue.node, 0) + 1
            if self._loops:
                self.repeated.add(lvalue.node)
        elif isinstance(lvalue, (TupleExpr, ListExpr)):
            for item in lvalue.items:
                self._bind(item)
        elif isinstance(lvalue, StarExpr):
            self._bind(lvalue.expr)

    def _pattern(self, pattern: Pattern) -> None:
        """The names a ``case`` pattern captures."""
        if isinstance(pattern, AsPattern):
            if pattern.pattern is not None:
                self._pattern(pattern.pattern)
            if pattern.name is not None:
                self._bind(pattern.name)
        elif isinstance(pattern, (OrPattern, SequencePattern)):
            for item in pattern.patterns:
                self._pattern(item)
        elif isinstance(pattern, StarredPattern):
            if pattern.capture is not None:
                self._bind(pattern.capture)
        elif isinstance(pattern, MappingPattern):
            for item in pattern.values:
                self._pattern(item)
            if pattern.rest is not None:
                self._bind(pattern.rest)
        elif isinstance(pattern, ClassPattern):
            for item in (*pattern.positionals, *pattern.keyword_values):
                self._pattern(item)


def _outer_declarations(s: Statement, names: set[str]) -> None:
    """Adds the names that ``global`` and ``nonlocal`` declare anywhere inside ``s`` (a nested
    function or class) to ``names``."""
    if isinstance(s, (GlobalDecl, NonlocalDecl)):
        names.update(s.names)
    elif isinstance(s, Decorator):
        _outer_declarations(s.func, names)
    elif isinstance(s, OverloadedFuncDef):
        for item in s.items:
            _outer_declarations(item, names)
        if s.impl is not None:
            _outer_declarations(s.impl, names)
    elif isinstance(s, (FuncDef, ClassDef)):
        _outer_declarations(s.defs if isinstance(s, ClassDef) else s.body, names)
    elif isinstance(s, Block):
        for statement in s.body:
            _outer_declarations(statement, names)
    elif isinstance(s, (ForStmt, WhileStmt)):
        for block in (s.body, s.else_body):
            if block is not None:
                _outer_declarations(block, names)
    elif isinstance(s, IfStmt):
        for block in (*s.body, s.else_body):
            if block is not None:
                _outer_declarations(block, names)
    elif isinstance(s, WithStmt):
        _outer_declarations(s.body, names)
    elif isinstance(s, TryStmt):
        for block in (s.body, *s.handlers, s.else_body, s.finally_body):
            if block is not None:
                _outer_declarations(block, names)
    elif isinstance(s, MatchStmt):
        for block in s.bodies:
            _outer_declarations(block, names)


class Aliases:
    """The aliases of one scope (a function or the module body) that are sure to hold."""

    def __init__(self, scope: FuncItem | MypyFile) -> None:
        bindings = _Bindings()
        parameters: list[Var] = []
        if isinstance(scope, MypyFile):
            bindings.walk(scope.defs)
        else:
            bindings.walk(scope.body.body)
            parameters = [argument.variable for argument in scope.arguments]

        def settled(var: Var) -> bool:
            if var.name in bindings.outer_names or var in bindings.repeated:
                return False
            count = bindings.counts.get(var, 0)
            return count == 0 if var in parameters else count == 1

        # A name holding, wherever it is read, the one value it was ever given.
        self._settled = {var for var in (*bindings.counts, *parameters) if settled(var)}
        # An alias bound once (in a loop too: its settled target gives it the same value each
        # time) that no nested scope rebinds.
        self._values = {
            var: value
            for var, value in bindings.values.items()
            if bindings.counts.get(var) == 1 and var.name not in bindings.outer_names
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
                if value is None or not self._is_sure_alias(value):
                    return ("var", node.fullname or node.name, id(node))
                expr = value
            elif isinstance(expr, MemberExpr):
                base = self.root(expr.expr)
                return None if base is None else ("attribute", base, expr.name)
            else:
                return None
        return None

    def _is_sure_alias(self, value: Expression) -> bool:
        """Whether an alias bound to ``value`` names, at any later launch, the tensor that
        ``value`` names there: ``value`` is a settled name or a borrow of one (an attribute
        may have been reassigned since, a name bound twice rebound)."""
        if not _names_a_tensor(value):
            return False
        while (
            isinstance(value, CallExpr)
            and isinstance(value.callee, MemberExpr)
            and value.callee.name in _BORROWING_METHODS
        ):
            value = value.callee.expr
        return (
            isinstance(value, NameExpr)
            and isinstance(value.node, Var)
            and value.node in self._settled
        )


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
