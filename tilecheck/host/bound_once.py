"""Names a body binds once, at its top level, and nowhere else: a module's flags set to False
(``DEBUG = False``: the ``if DEBUG:`` blocks of its bodies never run, so an op run only there is
never run, TC105, as at run time) and the streams a body makes (``stream = tr.Stream()``: its
``stream.record()`` records an event, refused inside a graph capture). A module name also
declared ``global`` somewhere is none of them, and a function that binds the name itself is
not told of the module's."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import cast

import libcst as cst

from tilecheck.host.constant_fields import Constant, field_truth
from tilecheck.host.empty_fields import self_name
from tilecheck.host.known_subjects import Known, constant_dicts, matched
from tilecheck.host.scopes import free_names
from tilecheck.syntax import exact
from tilecheck.syntax.constants import int_value, string_value
from tilecheck.syntax.nodes import target_names

Never = Callable[[cst.BaseExpression], bool]
Fields = Callable[[], Mapping[int, frozenset[str]]]  # a method -> its fields known empty
Values = Callable[[], Mapping[int, Constant]]  # a ``self.<field>`` read -> its constant
_ORDER: dict[type[cst.BaseCompOp], Callable[[int, int], bool]] = {
    cst.LessThan: operator.lt,
    cst.LessThanEqual: operator.le,
    cst.GreaterThan: operator.gt,
    cst.GreaterThanEqual: operator.ge,
}


def bound_once(
    body: Sequence[cst.BaseStatement] | Sequence[cst.BaseSmallStatement],
    matches: Callable[[cst.BaseExpression], bool],
    declared: frozenset[str] = frozenset(),
    *,
    unpacked: bool = False,
) -> frozenset[str]:
    """The names ``body`` binds once, by a top-level ``name = value`` whose value ``matches``
    (``unpacked``: or ``a, b = value``, round 28L), and by nothing else (nested statements
    included, nested scopes not)."""
    candidates: set[str] = set()
    for stmt in body:
        if type(stmt) is cst.SimpleStatementLine:
            for small in stmt.body:
                if type(small) is not cst.Assign or len(small.targets) != 1:
                    continue
                target = small.targets[0].target
                if type(target) is cst.Name and matches(small.value):
                    candidates.add(target.value)
                elif unpacked and type(target) is cst.Tuple and matches(small.value):
                    candidates.update(target_names(target))
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
    body: Sequence[cst.BaseStatement] | Sequence[cst.BaseSmallStatement],
    names: set[str] | None,
) -> dict[str, int]:
    """How often ``body`` binds each of ``names`` (None: every name it binds)."""
    counts = dict.fromkeys(names, 0) if names is not None else {}
    stack: list[cst.CSTNode] = list(body)
    while stack:
        node = stack.pop()
        for name in _bound_by(node):
            if names is None or name in counts:
                counts[name] = counts.get(name, 0) + 1
        if type(node) is not cst.SimpleStatementLine and not exact.is_definition(node):
            stack.extend(statements_in(node))
    return counts


def scope_statements(body: Sequence[cst.BaseStatement]) -> Iterator[cst.CSTNode]:
    """The statements of ``body``'s scope in source order, nested blocks included (``if``,
    ``with``, loops, ``try``), definitions' bodies not."""
    for stmt in body:
        yield stmt
        if type(stmt) is not cst.SimpleStatementLine and not exact.is_definition(stmt):
            yield from scope_statements(statements_in(stmt))  # type: ignore[arg-type]


def binding_counts(body: Sequence[cst.BaseStatement]) -> dict[str, int]:
    """Every name ``body`` binds (nested statements included, nested scopes not), with how
    often."""
    return _bindings(body, None)


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


def statements_in(node: cst.CSTNode) -> list[cst.CSTNode]:
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
            found.extend(statements_in(suite))
        elif type(suite) is cst.If:
            found.append(suite)
    if type(node) is cst.Try or type(node) is cst.TryStar:
        found.extend(node.handlers)
    if type(node) is cst.Match:
        found.extend(case for case in node.cases)
    return found


def module_literals(
    body: Sequence[cst.BaseStatement], declared: frozenset[str]
) -> Mapping[str, Known]:
    """The module's names bound once to a string or integer literal (``mode = "train"``),
    with their values: a test ``mode == "eval"`` of one is decided wherever it is read; and
    its constant dicts, as ``match`` subjects (``known_subjects``)."""
    names = bound_once(body, _is_literal, declared)
    found: dict[str, Known] = dict(constant_dicts(body, declared, _bindings))
    if not names:
        return found
    for stmt in body:
        if type(stmt) is cst.SimpleStatementLine:
            for small in stmt.body:
                if type(small) is cst.Assign and len(small.targets) == 1:
                    target = small.targets[0].target
                    if type(target) is cst.Name and target.value in names:
                        value = _literal(small.value)
                        if value is not None:
                            found[target.value] = value[0]
    return found


def _is_literal(value: cst.BaseExpression) -> bool:
    return type(value) is cst.SimpleString or type(value) is cst.Integer


def _literal(value: cst.BaseExpression) -> tuple[str | int] | None:
    if type(value) is cst.SimpleString:
        text = string_value(value)
        return (text,) if isinstance(text, str) else None
    if type(value) is cst.Integer:
        return (int_value(value),)
    return None


class Tests:
    """The tests whose value a body knows wherever it runs (the module's, or ``scope``'s
    for a name it does not bind itself): a flag ``if DEBUG:`` with ``DEBUG = False``, its
    ``not``, and ``NAME == literal`` / ``!=`` of a name bound once to a literal (``literals``,
    worked out the first time such a test is met). Called with a test: whether it is known
    false (no way leads into the ``if`` it guards)."""

    __slots__ = ("_fields", "_flags", "_free", "_literals", "_scope", "_values")

    def __init__(
        self,
        flags: frozenset[str],
        literals: Callable[[], Mapping[str, Known]],
        scope: cst.FunctionDef | None,
        fields: Fields | None = None,
        values: Values | None = None,
    ) -> None:
        self._flags = flags
        self._values = values
        self._literals = literals
        self._scope = scope
        self._free: frozenset[str] | None = None
        self._fields = fields

    def __call__(self, test: cst.BaseExpression) -> bool:
        return self.truth(test) is False

    def always(self, test: cst.BaseExpression) -> bool:
        return self.truth(test) is True

    def case(self, subject: cst.BaseExpression, pattern: cst.MatchPattern) -> bool | None:
        """Whether ``case pattern:`` matches ``subject``, a name bound once to a literal or
        to a constant dict (``known_subjects``); None where not known."""
        known = self._value(subject)
        return None if known is None else matched(known[0], pattern)

    def truth(self, test: cst.BaseExpression) -> bool | None:
        kind = type(test)
        if kind is cst.Name:
            name = cast(cst.Name, test).value
            return False if name in self._flags and self._unbound(name) else None
        if kind is cst.UnaryOperation:
            unary = cast(cst.UnaryOperation, test)
            if type(unary.operator) is cst.Not:
                inner = self.truth(unary.expression)
                return None if inner is None else not inner
            return None
        if (kind is cst.Attribute or kind is cst.Comparison) and self._values is not None:
            known = field_truth(self._values(), test)
            if known is not None:
                return known
        if kind is cst.Attribute or kind is cst.Call:  # ``self.history``, ``len(...)``
            return False if self._empty(test) else None
        if kind is not cst.Comparison:
            return None
        comparison = cast(cst.Comparison, test)
        if len(comparison.comparisons) != 1:
            return None
        target = comparison.comparisons[0]
        left, right = self._value(comparison.left), self._value(target.comparator)
        if left is None or right is None:
            return None
        order = _ORDER.get(type(target.operator))
        if order is not None and type(left[0]) is int and type(right[0]) is int:
            return order(left[0], right[0])  # ``len(self.history) > 0``
        equal = type(target.operator) is cst.Equal
        if not equal and type(target.operator) is not cst.NotEqual:
            return None
        return (left == right) is equal

    def _empty(self, expr: cst.BaseExpression) -> bool:
        """``self.history`` or ``len(self.history)`` of a field empty wherever this method
        runs (``empty_fields``)."""
        if type(expr) is cst.Call:
            args = expr.args
            if not (type(expr.func) is cst.Name and expr.func.value == "len" and len(args) == 1):
                return False
            expr = args[0].value
        if self._fields is None or self._scope is None or type(expr) is not cst.Attribute:
            return False
        fields = self._fields().get(id(self._scope))
        return (
            fields is not None
            and expr.attr.value in fields
            and type(expr.value) is cst.Name
            and expr.value.value == self_name(self._scope)
        )

    def _value(self, expr: cst.BaseExpression) -> tuple[Known] | None:
        if type(expr) is cst.Call and self._empty(expr):
            return (0,)
        if type(expr) is cst.Attribute and self._values is not None:  # ``self.mode``
            found = self._values().get(id(expr), None)
            return (found,) if isinstance(found, (int, str)) else None
        if type(expr) is cst.Name:
            literals = self._literals()
            name = expr.value
            if name in literals and self._unbound(name):
                return (literals[name],)
            return None
        return _literal(expr)

    def _unbound(self, name: str) -> bool:
        """``scope`` (if any) does not bind ``name``: it reads the module's."""
        if self._scope is None:
            return True
        if self._free is None:
            self._free = free_names(self._scope)
        return name in self._free


def never_in(
    flags: frozenset[str],
    scope: cst.FunctionDef | None,
    literals: Callable[[], Mapping[str, Known]] | None = None,
    fields: Fields | None = None,
    values: Values | None = None,
) -> Tests | None:
    """The tests known in a body (``Tests``); None when there is nothing to know."""
    if not flags and literals is None and (fields is None or scope is None) and values is None:
        return None
    return Tests(flags, literals or dict, scope, fields, values)
