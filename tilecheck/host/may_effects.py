"""What a function may do that a graph capture refuses: a sync, a wait, an allocation under a
branch or a loop of its body (round 31G). A summary keeps each such refusal with the tests on
its way (``Summary.may_refused_at``); a call inside a certain capture (a ``with tr.graph()``
block around the call on every path) reports TC111 inside the function, where the runtime
refuses it, unless a test on the way is false for the values the call gives (a literal for a
parameter, its default, a field given or defaulted to a literal). No other rule reads a
may-effect: outside a capture a refusal under a branch is only passed to the callers' own
summaries as a may-effect again.

Kept out (silence): a refusal in an ``except`` handler (an error path), under a test that asks
whether a graph is being captured, in a nested function, or one the function makes on every
call (``Summary.refusals``, the certain case)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Protocol

import libcst as cst

from tilecheck.codes import GRAPH_CAPTURE_MISUSE
from tilecheck.host import messages
from tilecheck.host.findings import Finding
from tilecheck.host.model import Value, flatten
from tilecheck.host.summary import Condition, MayRefusal, Summary
from tilecheck.syntax.constants import string_value
from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import children, contains


class Site(Protocol):
    """What these helpers use of the analysis of the calling body (``CaptureSites``, which
    they do not import: imports go one way)."""

    def capturing_graph(self) -> cst.BaseExpression | None: ...

    def may_refuse(
        self, node: cst.CSTNode, what: str, inner: tuple[cst.CSTNode, int] | None = None
    ) -> None: ...

    def verdict(self, code: str, node: cst.CSTNode, finding: Finding | None) -> None: ...


Tests = list[tuple[cst.BaseExpression, bool]]

_COMPOUND = (cst.If, cst.For, cst.While, cst.Try, cst.TryStar, cst.With, cst.Match)


_EXITS = (cst.Return, cst.Raise, cst.Break, cst.Continue)


def _exits(tree: cst.CSTNode) -> bool:
    """A ``return``/``raise``/``break``/``continue`` in it (nested scopes aside)."""
    if isinstance(tree, _EXITS):
        return True
    if isinstance(tree, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
        return False
    return any(_exits(child) for child in children(tree))


def _tests_to(
    body: Sequence[cst.BaseStatement | cst.BaseSmallStatement], node: cst.CSTNode
) -> Tests | None:
    """The ``if``/``while`` tests on the way from ``body`` to ``node`` (each with the truth
    the way needs), with an earlier ``if test: return`` of the same block (``test`` false);
    None where the way passes an ``except`` handler, or an earlier statement of another form
    may leave the block, or ``node`` is not found."""
    before: Tests = []
    for stmt in body:
        if not contains(stmt, node):
            if _exits(stmt):
                if not isinstance(stmt, cst.If) or stmt.orelse is not None:
                    return None
                before.append((stmt.test, False))
            continue
        if not isinstance(stmt, _COMPOUND) or isinstance(stmt, cst.Match):
            return before  # (a case's body: no test decided here)
        if isinstance(stmt, cst.If):
            found = _tests_to(stmt.body.body, node)
            if found is not None:
                return [*before, (stmt.test, True), *found]
            orelse = stmt.orelse
            if isinstance(orelse, cst.If):
                found = _tests_to([orelse], node)
            elif orelse is not None:
                found = _tests_to(orelse.body.body, node)
            if found is not None:
                return [*before, (stmt.test, False), *found]
            return before  # (in the test)
        if isinstance(stmt, (cst.Try, cst.TryStar)):
            if any(contains(handler, node) for handler in stmt.handlers):
                return None
        inner = _inner(stmt, node)
        if inner is None:
            return None
        if isinstance(stmt, cst.While) and contains(stmt.body, node):
            return [*before, (stmt.test, True), *inner]
        return [*before, *inner]
    return None


def _inner(stmt: cst.BaseCompoundStatement, node: cst.CSTNode) -> Tests | None:
    """The tests inside a loop's, ``with``'s or ``try``'s blocks (their header: none)."""
    blocks: list[cst.BaseSuite] = [stmt.body]
    for part in ("orelse", "finalbody"):
        extra = getattr(stmt, part, None)
        if extra is not None:
            blocks.append(extra.body)
    for block in blocks:
        if contains(block, node):
            return _tests_to(block.body, node)
    return []  # in the header (an iterable, a ``with`` item): runs whenever the statement does


# Builtins a test of the call's values may use (no state of their own).
_PURE = frozenset(
    {"len", "isinstance", "bool", "int", "float", "str", "abs", "min", "max", "all", "any"}
)


_CHANGED: list[tuple[cst.Module | None, frozenset[str]]] = []  # the last module's, once


def _changed_fields(module: cst.Module | None) -> frozenset[str]:
    """The attributes the module stores into anywhere but in ``__init__``/``__post_init__``:
    a field read by a test may have been changed by earlier code (``self.done = True``)."""
    if _CHANGED and _CHANGED[0][0] is module:
        return _CHANGED[0][1]
    out: set[str] = set()
    stack: list[cst.CSTNode] = [module] if module is not None else []
    while stack:
        node = stack.pop()
        if isinstance(node, cst.FunctionDef) and node.name.value in ("__init__", "__post_init__"):
            continue
        targets: list[cst.BaseExpression] = []
        if isinstance(node, cst.Assign):
            targets = [t.target for t in node.targets]
        elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
            targets = [node.target]
        for target in targets:
            for part in [target, *children(target)]:
                if isinstance(part, cst.Attribute):
                    out.add(part.attr.value)
        if isinstance(node, cst.Call) and dotted_name(node.func) in (
            "setattr",
            "object.__setattr__",
        ):
            return frozenset({"*"})
        stack.extend(children(node))
    _CHANGED[:] = [(module, frozenset(out))]
    return frozenset(out)


def _reads_state(test: cst.CSTNode, names: tuple[str, ...], changed: frozenset[str]) -> bool:
    """A test that reads more than the call's values: a global or a free name, a membership
    (a cache: ``if n not in made``), ``x.attr is None`` (a lazy field), or one that names a
    capture (``capturing()``). A refusal under one is left alone: earlier code may have made
    the test false (the cache filled, the field set) before the capture."""
    if isinstance(test, cst.Name):
        return (
            test.value not in names
            and test.value not in _PURE
            and test.value
            not in (
                "True",
                "False",
                "None",
            )
        )
    if isinstance(test, cst.Attribute):
        attr = test.attr.value
        if "captur" in attr.lower() or attr in changed or "*" in changed:
            return True
        return _reads_state(test.value, names, changed)
    if isinstance(test, cst.Comparison):
        for target in test.comparisons:
            if isinstance(target.operator, (cst.In, cst.NotIn)):
                return True
            if isinstance(target.operator, (cst.Is, cst.IsNot)) and not isinstance(
                test.left, cst.Name
            ):
                return True
    if isinstance(test, (cst.Lambda, cst.Await, cst.NamedExpr)):
        return True
    if isinstance(test, cst.Arg):
        return _reads_state(test.value, names, changed)
    return any(_reads_state(child, names, changed) for child in children(test))


def _literal_truth(expr: cst.BaseExpression | None) -> bool | None:
    if isinstance(expr, cst.Name) and expr.value in ("True", "False", "None"):
        return expr.value == "True"
    if isinstance(expr, cst.Integer):
        return int(expr.value, 0) != 0
    if isinstance(expr, cst.Float):
        return float(expr.value) != 0.0
    if isinstance(expr, cst.SimpleString):
        return len(string_value(expr)) > 0
    return None


def _condition(
    test: cst.BaseExpression, want: bool, fn: cst.FunctionDef, names: tuple[str, ...]
) -> Condition | None:
    """``p``, ``not p``, ``p.field``, ``not p.field``, ``p is None``, ``p is not None`` of a
    parameter ``p``: decidable."""
    while isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        test, want = test.expression, not want
    none = False
    if (
        isinstance(test, cst.Comparison)
        and len(test.comparisons) == 1
        and isinstance(test.comparisons[0].operator, (cst.Is, cst.IsNot))
        and _literal_truth(test.comparisons[0].comparator) is False
        and isinstance(test.comparisons[0].comparator, cst.Name)
        and test.comparisons[0].comparator.value == "None"
    ):
        none, want = True, want == isinstance(test.comparisons[0].operator, cst.Is)
        test = test.left
    field = None
    if isinstance(test, cst.Attribute) and isinstance(test.value, cst.Name) and not none:
        field, test = test.attr.value, test.value
    if not isinstance(test, cst.Name) or test.value not in names:
        return None
    index = names.index(test.value)
    default = None
    for param in (*fn.params.posonly_params, *fn.params.params, *fn.params.kwonly_params):
        if param.name.value == test.value and param.default is not None and field is None:
            default = _literal_truth(param.default)
            if none:
                given = param.default
                default = isinstance(given, cst.Name) and given.value == "None"
    return (index, field, want, default, none)


def kept(
    fn: cst.FunctionDef,
    names: tuple[str, ...],
    found: dict[str, tuple[cst.CSTNode, tuple[cst.CSTNode, int] | None]],
    refusals: set[str],
    statement: int | None,
    module: cst.Module | None,
) -> tuple[MayRefusal, ...]:
    """The function's may-refusals for its summary (``found``: where the analysis met each
    refusal on some path, outside any capture; those made on every call left out)."""
    out: list[MayRefusal] = []
    if not isinstance(fn.body, cst.IndentedBlock):
        return ()
    changed: frozenset[str] | None = None
    for what, (node, inner) in found.items():
        if what in refusals:
            continue
        tests = _tests_to(fn.body.body, node)
        if tests is None:
            continue
        if tests and changed is None:
            changed = _changed_fields(module)
        if any(_reads_state(test, names, changed or frozenset()) for test, _ in tests):
            continue
        conditions = tuple(
            c for test, want in tests if (c := _condition(test, want, fn, names)) is not None
        )
        where, at = inner if inner is not None else (node, statement)
        out.append((what, where, at, conditions))
    return tuple(out)


def _field_truth(given: cst.BaseExpression, field: str, module: cst.Module | None) -> bool | None:
    """The truth of ``field`` of the instance ``given`` makes: a keyword literal of the
    construction, or the literal default of a module class's field it does not give."""
    if not isinstance(given, cst.Call):
        return None
    for arg in given.args:
        if arg.keyword is not None and arg.keyword.value == field:
            return _literal_truth(arg.value)
        if arg.star:
            return None
    if any(arg.keyword is None for arg in given.args) or not isinstance(given.func, cst.Name):
        return None
    if module is None:
        return None
    for stmt in module.body:
        if isinstance(stmt, cst.ClassDef) and stmt.name.value == given.func.value:
            for line in stmt.body.body:
                if not isinstance(line, cst.SimpleStatementLine):
                    continue
                for small in line.body:
                    if (
                        isinstance(small, cst.AnnAssign)
                        and isinstance(small.target, cst.Name)
                        and small.target.value == field
                    ):
                        return _literal_truth(small.value)
    return None


def ruled_out(
    module: cst.Module | None,
    conditions: tuple[Condition, ...],
    bound: dict[int, tuple[cst.Arg, Value]],
) -> bool:
    """Some test on the way is false for the values this call gives."""
    for index, field, want, default, none in conditions:
        given = bound[index][0].value if index in bound else None
        if given is None:
            truth = default
        elif none:  # ``p is None``: a literal None, or objects known (not None); else silence
            if isinstance(given, cst.Name) and given.value == "None":
                truth = True
            elif flatten(bound[index][1]):
                truth = False
            else:
                return True
        elif field is None:
            truth = _literal_truth(given)
        else:
            truth = _field_truth(given, field, module)
        if truth is not None and truth != want:
            return True
    return False


def may_refused_inside(
    an: Site,
    module: cst.Module | None,
    call: cst.Call,
    summary: Summary,
    bound: dict[int, tuple[cst.Arg, Value]] | None,
) -> None:
    """TC111 inside the function where a call inside a certain capture may make it refuse
    (a may-effect: under a branch); outside any capture, a may-effect of the caller's."""
    for what, node, statement, conditions in summary.may_refused_at:
        if bound is None or ruled_out(module, conditions, bound):
            continue
        capture = an.capturing_graph()
        if capture is None:
            inner = (node, statement) if statement is not None else None
            an.may_refuse(call, what, inner)
            continue
        if statement is None:
            continue
        fix = f"do it before the `with tr.graph()` block that calls `{summary.name}`"
        finding = messages.refused_in_capture(node, what, fix, capture)
        labels = (*finding.labels, (call, "in the function this call runs, on some path"))
        inside = dataclasses.replace(finding, statement=statement, labels=labels)
        an.verdict(GRAPH_CAPTURE_MISUSE, node, inside)
        return
