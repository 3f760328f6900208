"""A list filled in a ``range`` loop, one append a step: ``pends = []; for i in range(n):
pends.append(k(outs[i].partition(s)).submit())`` holds at position ``i`` the Pending that
writes ``outs[i]``, so ``pends`` lines up with ``outs`` by position (as a dict stored by
another's keys does: ``tilecheck.host.rows``), and ``for i, p in enumerate(pends): p.wait();
outs[i]`` reads what was waited for.

Only where that is certain: the list was empty when the loop began, the counter runs from 0 by
1 and the body does not rebind it, the append is a statement of the body itself (not under an
``if``) and the body has no ``continue`` of its own (``tilecheck.syntax.loop_exits``), and what
it appends borrows, of ``outs``'s tensors, only ``outs[i]`` of this step. Anything else leaves
the list's rows unknown, as before."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.host.containers import ELEMENTS, distinct_items
from tilecheck.host.indexed import Indexed
from tilecheck.host.indices import Affine
from tilecheck.host.model import Kind, Value, flatten
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.loop_exits import continues
from tilecheck.syntax.nodes import path_of


class Appended(Indexed):
    __slots__ = ("_append_loop", "_appends", "_empty_start")

    def __init__(self, ctx: object) -> None:
        Indexed.__init__(self, ctx)
        self._appends: dict[int, dict[int, str]] = {}  # loop -> its appends: call -> path
        self._append_loop: dict[int, cst.For] = {}  # an appended expression -> its loop
        self._empty_start: dict[tuple[int, str], bool] = {}  # (loop, path) -> empty at start

    def evaluated(self, expr: cst.BaseExpression, value: Value) -> None:
        Indexed.evaluated(self, expr, value)
        loop = self._loop_of.get(id(expr))
        if loop is None:
            return
        for path in self._direct_appends(loop).values():
            self._empty_start[(id(loop), path)] = not self.env.get(path + "[*]", None) and (
                path + "[*]" in self.env
            )

    def _direct_appends(self, loop: cst.For) -> dict[int, str]:
        """The body's own ``x.append(...)`` statements (none where it may ``continue``)."""
        found = self._appends.get(id(loop))
        if found is not None:
            return found
        found = {}
        if not continues(loop.body) and isinstance(loop.body, cst.IndentedBlock):
            calls = [c for c in map(_append_call, loop.body.body) if c is not None]
            paths = [path_of(c.func.value) for c in calls if isinstance(c.func, cst.Attribute)]
            for call, path in zip(calls, paths, strict=True):
                if path is not None and paths.count(path) == 1:  # one append a step
                    found[id(call)] = path
                    self._append_loop[id(call.args[0].value)] = loop
        self._appends[id(loop)] = found
        return found

    def appended_at(self, path: str, value: Value, expr: cst.BaseExpression) -> tuple[str, ...]:
        """The containers ``path`` now lines up with by position, if this append keeps it so
        (``k(outs[i].partition(s), staged[i])``: both ``outs`` and ``staged``)."""
        loop = self._append_loop.get(id(expr))
        if loop is None or not self._empty_start.get((id(loop), path), False):
            return ()
        counter = _counter(loop, self.ctx.constants)
        walked = _walked_lists(loop)  # ``for o in outs``: the step's item is ``outs[k]``
        if counter is None and not walked:
            return ()
        if counter is not None and counter in self.rebinds(loop):
            return ()
        if any(k.startswith(path + "[%") and "@" not in k for k in self._under.get(path, ())):
            return ()  # rows of tuples
        walk = self._walks.get(counter) if counter is not None else (loop, walked)
        memo = self._turned.get(id(loop), {})
        steps = {  # ``outs[i]`` of ``range(len(outs))``: the step's element of ``outs``
            memo.get(("element", loop, Kind.TENSOR, walked)): walked
            for walked in (walk[1] if walk is not None and walk[0] is loop else ())
        }
        counter = counter or ""  # (no counter: no index is the step's by its form)
        sources: set[str] = set()
        for holder in flatten(value):
            if self.infos[holder].kind in ELEMENTS:
                return ()
            hold = self.holds.get(holder)
            for borrow in hold.borrows if hold is not None else ():
                if borrow.tensor in steps:
                    sources.add(steps[borrow.tensor])
                for select in self.infos[borrow.tensor].selects:
                    if select.axes is not None and len(select.axes) == 1:
                        if _at_counter(select.axes[0], counter):
                            sources.add(select.space)
        found = tuple(s for s in sorted(sources) if self._only_step(value, s, steps, counter))
        return found if len(found) == len(sources) else ()

    def _only_step(
        self, value: Value, source: str, steps: Mapping[int | None, str], counter: str
    ) -> bool:
        """``source``'s items are different tensors, and of them the holders of ``value``
        borrow only this step's."""
        held = self.stored(source)
        if held is None or not distinct_items(held):
            return False
        items = frozenset(self.kinds(flatten(held), Kind.TENSOR))
        for holder in flatten(value):
            hold = self.holds.get(holder)
            for borrow in hold.borrows if hold is not None else ():
                if borrow.tensor in steps:
                    continue
                if borrow.tensor in self.related(items) and not any(
                    s.space == source and s.axes and _at_counter(s.axes[0], counter)
                    for s in self.infos[borrow.tensor].selects
                ):
                    return False
        return bool(items)


def _append_call(statement: cst.BaseStatement) -> cst.Call | None:
    """``x.append(item)`` as a statement of its own."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    expr = statement.body[0]
    call = expr.value if isinstance(expr, cst.Expr) else None
    if (
        isinstance(call, cst.Call)
        and isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "append"
        and len(call.args) == 1
        and not call.args[0].star
        and call.args[0].keyword is None
    ):
        return call
    return None


def _counter(loop: cst.For, constants: Mapping[str, int]) -> str | None:
    """``i`` of ``for i in range(n)`` (or ``range(0, n)``, ``range(0, n, 1)``)."""
    call, target = loop.iter, loop.target
    if not (
        isinstance(target, cst.Name)
        and isinstance(call, cst.Call)
        and isinstance(call.func, cst.Name)
        and call.func.value == "range"
        and 1 <= len(call.args) <= 3
        and all(not a.star and a.keyword is None for a in call.args)
    ):
        return None
    args = [a.value for a in call.args]
    if len(args) >= 2 and const_int(args[0], constants) != 0:
        return None
    if len(args) == 3 and const_int(args[2], constants) != 1:
        return None
    return target.value


def _at_counter(axis: object, counter: str) -> bool:
    """The index is the counter itself, of this step."""
    return (
        isinstance(axis, Affine)
        and axis.name == counter
        and (axis.a, axis.b, axis.mod, axis.lo, axis.hi) == (1, 0, None, 0, 0)
        and axis.width is None
        and axis.edge is None
    )


def _walked_lists(loop: cst.For) -> frozenset[str]:
    """The lists a loop walks from their start, one item a step: ``outs`` of ``for o in
    outs`` and of ``for i, o in enumerate(outs)``, both of ``for s, o in zip(streams, outs)``
    (plain names, each taken by a name of the target)."""
    it, target = loop.iter, loop.target
    if type(it) is cst.Name:
        return frozenset({it.value}) if type(target) is cst.Name else frozenset()
    if type(it) is not cst.Call or type(it.func) is not cst.Name:
        return frozenset()
    args = [a.value for a in it.args if a.keyword is None and not a.star]
    if len(args) != len(it.args) or type(target) is not cst.Tuple:
        return frozenset()
    names = [e.value for e in target.elements]
    if not all(type(n) is cst.Name for n in names):
        return frozenset()
    if it.func.value == "enumerate" and len(args) == 1 and len(names) == 2:
        args = [args[0]]
    elif it.func.value != "zip" or len(args) != len(names):
        return frozenset()
    return frozenset(a.value for a in args if type(a) is cst.Name)
