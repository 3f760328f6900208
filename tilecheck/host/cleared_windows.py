"""Windows drained every ``K`` turns: a ``for t in range(...)`` loop that appends each turn's
Pending to a list and, when ``t % K == K - 1`` (a form of the counter modulo ``K`` equal to a
constant), waits every item and clears the list::

    for t in range(n):
        window.append(k(ring[t % K].partition(s)).submit())
        if t % K == K - 1:
            for p in window:
                p.wait()
            window.clear()

The test holds once in any ``K`` consecutive turns (the counter's form steps through every
residue: ``gcd(a * step, K) == 1``), so at a turn's start the Pendings still live are those of
the last ``K - 1`` turns at most (``K`` where the test comes before the append): the rows of
older turns are no longer borrowed (``Windows.keep_turns``), and ``ring[t % K]`` is apart from
every row still written."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.host.indices import Affine, axis_of
from tilecheck.host.model import Kind, Value
from tilecheck.host.window_turns import window_counter
from tilecheck.host.windows import Windows
from tilecheck.syntax.constants import const_int
from tilecheck.syntax.walk import contains, with_parents


@frozen
class Cleared:
    """A list ``path`` a loop drains once in every ``period`` turns of ``name`` (stepping
    by ``step``): what ``path.append(...)`` is given, and the most earlier turns whose
    Pendings are live when a turn starts."""

    path: str
    appended: cst.BaseExpression
    name: str
    step: int
    most: int
    period: int


class ClearedWindows(Windows):
    __slots__ = ("_cleared", "_drains")

    def __init__(self, ctx: object) -> None:
        Windows.__init__(self, ctx)
        self._cleared: dict[int, list[Cleared]] = {}  # by the id of the loop
        self._drains: dict[int, Cleared] = {}  # by the id of the drain's test

    def compared(self, test: cst.Comparison, truth: bool) -> None:
        """The drain's test false: the last drain was less than ``K`` turns ago, so the
        Pendings still live are those of ``K - 1`` turns at most, this one's included if
        appended already."""
        Windows.compared(self, test, truth)
        window = self._drains.get(id(test)) if not truth else None
        if window is not None:
            self._keep_window(window, window.period - 1)

    def iterate(self, loop: cst.For, fallback: Value) -> None:
        Windows.iterate(self, loop, fallback)
        found = self._cleared.get(id(loop))
        if found is None:
            found = self._cleared[id(loop)] = self._windows_of(loop)
        for window in found:
            self._keep_window(window, window.most)

    def _windows_of(self, loop: cst.For) -> list[Cleared]:
        scope = self.scope_node or self.module_node
        body = loop.body
        if scope is None or not isinstance(body, cst.IndentedBlock):
            return []
        out: list[Cleared] = []
        statements = list(body.body)
        for at, statement in enumerate(statements):
            if not isinstance(statement, cst.If):
                continue
            drained = _drain(statement, self.ctx.constants)
            if drained is None or not isinstance(statement.test, cst.Comparison):
                continue
            path, form = drained
            if path in self.parameters or path in self.outer_names:
                continue
            appended = _only_append(scope, loop, path)
            if appended is None:
                continue
            counter = window_counter(scope, statement.test, appended[0], self.ctx.constants)
            if counter is None or counter[0] != form.name or form.mod is None:
                continue
            name, step = counter
            if math.gcd(form.a * step, form.mod) != 1 or form.mod < 2:
                continue  # the test may skip a residue: not once in every K turns
            before = any(s is appended[1] for s in statements[:at])
            most = form.mod - 1 if before else form.mod
            out.append(Cleared(path, appended[0], name, step, most, form.mod))
            self._drains[id(statement.test)] = out[-1]
        return out

    def _keep_window(self, window: Cleared, most: int) -> None:
        contents = self.env.get(window.path + "[*]")
        if not contents or any(self.infos[o].kind is not Kind.PENDING for o in contents):
            return
        sites = {self.site_of(o) for o in contents}
        if len(sites) != 1:
            return
        (site,) = sites
        earlier = self._summary.get(site)
        if earlier is None or not contents <= {site, earlier}:
            return
        if site not in self.created_pendings or not self._made_in(window.appended, site):
            return
        self.keep_turns(site, earlier, window.name, window.step, most)


def _drain(statement: cst.If, constants: Mapping[str, int]) -> tuple[str, Affine] | None:
    """``if t % K == r:`` whose block waits every item of a list and then clears it, as two
    statements one after the other (``for p in w: p.wait()``, ``w.clear()``): the list and
    the test's form of the counter."""
    test = statement.test
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return None
    target = test.comparisons[0]
    if not isinstance(target.operator, cst.Equal):
        return None
    form = axis_of(test.left, constants)
    residue = const_int(target.comparator, constants)
    if not isinstance(form, Affine) or form.mod is None or residue is None:
        return None
    if not 0 <= residue < form.mod or form.width is not None or form.edge is not None:
        return None
    block = statement.body
    if not isinstance(block, cst.IndentedBlock):
        return None
    inner = list(block.body)
    for first, second in itertools.pairwise(inner):
        waited = _waits_each(first)
        if waited is not None and _clears(second) == waited:
            return waited, form
    return None


def _waits_each(statement: cst.BaseStatement) -> str | None:
    """The list of ``for p in w: p.wait()`` (the body that one call, no ``else``)."""
    if not isinstance(statement, cst.For) or statement.orelse is not None:
        return None
    if not isinstance(statement.target, cst.Name) or not isinstance(statement.iter, cst.Name):
        return None
    body = statement.body
    if not isinstance(body, cst.IndentedBlock) or len(body.body) != 1:
        return None
    only = body.body[0]
    if not isinstance(only, cst.SimpleStatementLine) or len(only.body) != 1:
        return None
    call = only.body[0].value if isinstance(only.body[0], cst.Expr) else None
    if not (
        isinstance(call, cst.Call)
        and not call.args
        and isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "wait"
        and isinstance(call.func.value, cst.Name)
        and call.func.value.value == statement.target.value
    ):
        return None
    return statement.iter.value


def _clears(statement: cst.BaseStatement) -> str | None:
    """The list of ``w.clear()``."""
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return None
    call = statement.body[0].value if isinstance(statement.body[0], cst.Expr) else None
    if not (
        isinstance(call, cst.Call)
        and not call.args
        and isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "clear"
        and isinstance(call.func.value, cst.Name)
    ):
        return None
    return call.func.value.value


def _only_append(
    scope: cst.CSTNode, loop: cst.For, path: str
) -> tuple[cst.BaseExpression, cst.BaseStatement] | None:
    """What the one ``path.append(x)`` is given, and the statement of ``loop``'s body it is
    in, where every other mention of ``path`` in the scope is a binding to ``[]`` outside
    ``loop``, ``len(path)``, the drain's ``for p in path`` and ``path.clear()``; else None."""
    found: list[tuple[cst.BaseExpression, cst.BaseStatement]] = []
    clears = 0
    inside = False
    body = loop.body
    tops = list(body.body) if isinstance(body, cst.IndentedBlock) else []
    statement: cst.BaseStatement | None = None
    for node, parent, above in with_parents(scope):
        if node is loop:
            inside = True
        if inside and isinstance(node, cst.BaseStatement) and any(node is t for t in tops):
            statement = node
        if node is not scope and isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            if any(isinstance(n, cst.Name) and n.value == path for n, _, _ in with_parents(node)):
                return None  # named by a nested scope: used there, when it runs
        if not isinstance(node, cst.Name) or node.value != path:
            continue
        if isinstance(parent, cst.For) and parent.iter is node and _waits_each(parent) == path:
            continue
        if isinstance(parent, cst.Arg) and isinstance(above, cst.Call):
            if isinstance(above.func, cst.Name) and above.func.value == "len":
                continue
            return None
        if isinstance(parent, (cst.AssignTarget, cst.AnnAssign)) and _empty_binding(above, parent):
            if contains(loop, node):
                return None
            continue
        if isinstance(parent, cst.Attribute) and parent.value is node:
            method = parent.attr.value
            if method == "clear":
                clears += 1  # the drain's (``_drain``): any other drops items unwaited
                continue
            if method == "append" and isinstance(above, cst.Call) and len(above.args) == 1:
                if statement is None or not contains(statement, node):
                    return None
                found.append((above.args[0].value, statement))
                continue
        return None
    return found[0] if len(found) == 1 and clears == 1 else None


def _empty_binding(above: cst.CSTNode | None, parent: cst.CSTNode) -> bool:
    """``w = []`` or ``w: list[...] = []``."""
    value = above.value if isinstance(above, cst.Assign) else None
    if isinstance(parent, cst.AnnAssign):
        value = parent.value
    return isinstance(value, cst.List) and not value.elements
