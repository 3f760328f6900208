"""``and`` / ``or``: the right operand runs only where the left does not decide (round 34D of
issue 17).

``ok = valid(raw) and op.sync()``: Python evaluates ``op.sync()`` only where ``valid(raw)`` is
true. The plain evaluation (``tilecheck.host.expressions``) already takes the right operand as
one way of two, merged, but a merge keeps only must-facts, so an op run on one way only was
silent, where ``if valid(raw): op.sync()`` is TC105 (``tilecheck.host.skipped_waits``). Here:

* a left operand whose truth is written in the source (``False and op.sync()``, ``True or
  op.sync()``) decides: the right operand never runs; ``True and op.sync()`` /
  ``False or op.sync()`` runs it on every path;
* otherwise, where the short circuit is the whole value of a statement (an expression
  statement, an assignment's value, a ``return``'s value, an ``if``'s test) and its left
  operand may go either way (as an ``if`` test may: ``SkippedWaits._undecided``), or reads
  parameters only, which every call gives values that make it skip the right operand (as an
  ``if`` test's way is taken: ``SkippedWaits._taken_way``, round 35F), the way that
  skips the right operand is followed as an ``if``'s way is: a Pending or op that a plain local
  name alone holds, live on every path, that the right operand names and nothing else in the
  statement does, is dropped there where every way on lets the name go unread
  (``tilecheck.host.name_drops``): TC105 (TC108) at its site.

Anything else (a short circuit inside a larger expression, a left operand that names the name,
a parameter no call decides, or a flag) gives no finding."""

from __future__ import annotations

import libcst as cst

from tilecheck.flow.trips import constant_false, constant_true
from tilecheck.host.context import Context
from tilecheck.host.findings import Finding
from tilecheck.host.implicit_calls import truth
from tilecheck.host.lazy_sources import LazySources
from tilecheck.host.model import Value, flatten
from tilecheck.host.name_drops import NameDrops, layout, names
from tilecheck.syntax.index import SyntaxIndex

Held = tuple[tuple[str, int], ...]


class ShortCircuits(LazySources):
    """Evaluates ``and`` / ``or`` by Python's rule and records, where the right operand may be
    skipped, the Pendings and ops a name alone holds there (``findings`` walks from them)."""

    __slots__ = ("circuits",)

    def __init__(self, ctx: Context) -> None:
        LazySources.__init__(self, ctx)
        # Per short circuit: the (name, object) pairs its skipping way may drop, as the last
        # visit saw them (the fixed point's).
        self.circuits: dict[cst.BooleanOperation, Held] = {}

    def _boolean(self, expr: cst.BooleanOperation) -> Value:
        left = flatten(self.ev(expr.left))
        if self.ctx.dunders:
            truth(self, expr.left)  # (the right operand only where the left decides)
        taken = type(expr.operator) is cst.And  # the truth of the left that runs the right
        if (constant_false if taken else constant_true)(expr.left):
            return left  # ``False and op.sync()``: never run
        if (constant_true if taken else constant_false)(expr.left):
            return left | flatten(self.ev(expr.right))  # ``True and op.sync()``: always run
        if (self.created_pendings or self.created_ops) and not self._running:
            found = self._held_alone()
            if found or expr in self.circuits:
                self.circuits[expr] = tuple(found)
        # ``prev and prev.wait()``: the wait is skipped only where ``prev`` is false (None)
        return left | self._fork(expr.right, None, test=(expr.left, taken))

    def findings(self) -> list[Finding]:
        out = LazySources.findings(self)
        kept = self._circuited() if any(self.circuits.values()) else []
        if not kept:
            return out
        return self.sink.with_late(kept)

    def _circuited(self) -> list[tuple[object, Finding]]:
        scope = self.scope_node or self.module_node
        if scope is None:
            return []
        shape = self.ctx.index.fact(scope, layout)
        tops = self.ctx.index.fact(scope, _whole_values)
        module = not isinstance(scope, cst.FunctionDef)
        flags = self._flags()
        out: list[tuple[object, Finding]] = []
        for expr, held in self.circuits.items():
            stmt = tops.get(expr)
            if not held or stmt is None:
                continue
            # (the left operand's truth at every call, from the arguments: round 35F)
            skipping = type(expr.operator) is not cst.And
            if not self._undecided(stmt, shape, flags, expr.left) and not self._taken_way(
                expr.left, skipping
            ):
                continue
            tested = names(expr.left)
            right = names(expr.right)
            for name, oid in held:
                if (
                    not name.isidentifier()
                    or name in tested
                    or name not in right
                    or name in self.outer_names
                    or name in shape.nested
                    or any(name in p and not p.isdisjoint(tested) for p in self.same)
                ):
                    continue
                walk = NameDrops(shape, name, module)
                if walk.handled(stmt) and _skipped_way(walk, stmt, expr):
                    finding = self._dropped_finding(oid, expr.left)
                    if finding is not None:
                        out.append(finding)
        return out


def _skipped_way(walk: NameDrops, stmt: cst.BaseStatement, expr: cst.BooleanOperation) -> bool:
    """Every way on from ``stmt`` where ``expr``'s right operand is skipped lets the name go
    unread (the rest of ``stmt`` reads it nowhere)."""
    taken = type(expr.operator) is cst.And
    if isinstance(stmt, cst.If):  # ``if ok and op.sync():``: skipped, the test has the left's
        return walk.branch(stmt, not taken)  # truth (false for ``and``, true for ``or``)
    assert isinstance(stmt, cst.SimpleStatementLine)
    small = stmt.body[0]
    if isinstance(small, cst.Return):
        return walk.leave(stmt, "return")
    if isinstance(small, (cst.Assign, cst.AnnAssign)):
        targets = (
            [t.target for t in small.targets] if isinstance(small, cst.Assign) else [small.target]
        )
        if any(not isinstance(t, cst.Name) and walk.reads(t) for t in targets):
            return False
        if any(walk.rebinds(t) for t in targets):
            return True
    return walk.after(stmt)


def _whole_values(
    index: SyntaxIndex, scope: cst.CSTNode
) -> dict[cst.BooleanOperation, cst.BaseStatement]:
    """The short circuits that are the whole value of a statement of ``scope`` (an expression
    statement, an assignment's value, a ``return``'s, an ``if``'s test), each with its
    statement (a line of one statement)."""
    out: dict[cst.BooleanOperation, cst.BaseStatement] = {}
    for stmt in index.fact(scope, layout).places:
        if not isinstance(stmt, cst.BaseStatement):
            continue
        value: cst.BaseExpression | None = None
        if isinstance(stmt, cst.If):
            value = stmt.test
        elif isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
            small = stmt.body[0]
            if isinstance(small, (cst.Expr, cst.Assign, cst.AnnAssign, cst.Return)):
                value = small.value
        if isinstance(value, cst.BooleanOperation):
            out[value] = stmt
    return out
