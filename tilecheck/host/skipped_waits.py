"""Pendings and ops dropped on some paths only (round 22K of issue 17): a test skips the wait.

TC108 and TC105 of the plain analysis are must-facts (never waited on any path, live on every
path where a name is rebound or the function returns), so ``pend = k(...).submit(); if i %
2: pend.wait()`` in a loop, a consumer's ``if i == 0: continue`` or ``if i == stop: break``
before ``pend.wait()``, or ``if not ok: raise`` inside a ``try`` whose handler returns, were
silent: on the other paths the Pending is waited.

Here a taken way out of an ``if`` test is followed in the source itself: where, on every path
into the test, a plain local name holds a Pending (an op) that no path has waited (run), that
nothing else holds (no other name, container, attribute, closure), and the test can go either
way (it names neither that name nor a flag, a constant alone or ``__name__``, and the holder
has no first-turn or flag fact), the way the test takes is real. If every statement that may
run from there on (the branch, then the rest of its block, the next turn of a loop and its
exit, a ``break``'s, ``continue``'s, ``return``'s or ``raise``'s targets, ``finally`` bodies on
the way) neither names the name (nor code that might read it: ``globals()``, a nested scope
naming it) before the name is rebound or the scope ends, the object is certainly dropped there
unwaited: TC108 (TC105) at its submit, where the runtime warns as it is collected. Anything
the walk does not follow for certain (the name read anywhere, a ``raise`` at module level)
gives no finding."""

from __future__ import annotations

import libcst as cst

from tilecheck.codes import OP_NEVER_RUN, PENDING_NEVER_WAITED
from tilecheck.host.context import Context
from tilecheck.host.findings import Finding
from tilecheck.host.flag_gates import FlagGates
from tilecheck.host.gathered_drops import discarded_gathers, returned_submits
from tilecheck.host.known_keys import ScopeNames
from tilecheck.host.last_items import last_appended
from tilecheck.host.model import LIVE, Kind
from tilecheck.host.name_drops import Layout, NameDrops, layout, names, suite
from tilecheck.host.raised_drops import lookup_shown, may_raise, raising_lines, taken_way
from tilecheck.host.tasks import GATHER
from tilecheck.host.walked_tests import walked_way
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.walk import children

_DECIDED = frozenset({"True", "False", "None", "TYPE_CHECKING", "__name__", "__debug__"})
_JUMPS = (cst.Return, cst.Raise, cst.Break, cst.Continue)
# builtins a loop walks, never a generator of the module
_WALKED = frozenset({"range", "zip", "reversed", "sorted", "list", "tuple", "iter", "dict"})


class SkippedWaits(FlagGates):
    """Records, at each way out of an ``if`` test, the Pendings and ops a name alone holds,
    live on every path (``skipped_edge``); ``findings`` walks from the ones of the fixed point."""

    __slots__ = ("_consumers", "raised", "skips")

    def __init__(self, ctx: Context) -> None:
        FlagGates.__init__(self, ctx)
        # Per way out of a test (``if`` test, truth): the (name, object) pairs it may drop, as
        # the last visit saw them (the fixed point's: they rest on must-facts).
        self.skips: dict[tuple[cst.BaseExpression, bool], tuple[tuple[str, int], ...]] = {}
        self._consumers: list[tuple[cst.For, str, bool]] = []  # loops over ``gen(...)``
        # Per statement whose operator's exception a handler names (``raised_drops``): the
        # (name, object) pairs it may drop, as the last visit saw them.
        self.raised: dict[cst.CSTNode, tuple[tuple[str, int], ...]] = {}

    def note_loops(self, loops: list[cst.For]) -> None:
        FlagGates.note_loops(self, loops)
        for loop in loops:
            walked = _generator_walked(loop)
            if walked is not None:
                self._consumers.append((loop, *walked))

    def skipped_edge(self, test: cst.BaseExpression, truth: bool) -> None:
        """A way out of a test: the Pendings and ops a plain name alone holds here, live on
        every path (the object its site made last: ``State.bound``)."""
        if (not self.created_pendings and not self.created_ops) or self._running:
            return
        key = (test, truth)
        if key not in self.skips and not _named(test):
            return  # (``if 0 % 3 == 0:``: no way is known to be taken)
        found = self._held_alone()
        if found or key in self.skips:
            self.skips[key] = tuple(found)

    def _held_alone(self) -> list[tuple[str, int]]:
        """The Pendings and ops a plain name alone holds here, live on every path."""
        holds = self.holds
        live = [
            oid
            for oid in (*self.created_pendings, *self.created_ops)
            if (hold := holds.get(oid)) is not None
            and hold.status == LIVE
            and not hold.first_turn
            and not hold.gates
        ]
        found: list[tuple[str, int]] = []
        if live:
            for name, oid in self.bound.items():
                if oid in live and not any(
                    oid in oids for path, oids in self.env.items() if path != name
                ):  # (held by no other name, container, attribute or closure)
                    found.append((name, oid))
        return found

    def raising_edge(self, node: cst.BaseSmallStatement) -> None:
        """A statement whose operator may raise an exception a handler around it names
        (``tilecheck.host.raised_drops``): what ``skipped_edge`` records, before it runs."""
        if (not self.created_pendings and not self.created_ops) or self._running:
            return
        scope = self.scope_node or self.module_node
        if scope is None or node not in self.ctx.index.fact(scope, raising_lines):
            return
        found = self._held_alone()
        if found or node in self.raised:
            self.raised[node] = tuple(found)

    def findings(self) -> list[Finding]:
        out = FlagGates.findings(self)
        kept = self._skipped() if self.skips else []
        if self.raised:
            kept += self._raised()
        if self._consumers:
            kept += self._skipped_steps()
        if (self.created_pendings or self.created_ops) and not self._running:
            kept += self._last_dropped()
            if self.created_pendings:
                kept += self._gathered_dropped()
        if not kept:
            return out
        return self.sink.with_late(kept)

    def _skipped(self) -> list[tuple[object, Finding]]:
        scope = self.scope_node or self.module_node
        found = [(test, truth, held) for (test, truth), held in self.skips.items() if held]
        if scope is None or not found:
            return []
        shape = self.ctx.index.fact(scope, layout)
        module = not isinstance(scope, cst.FunctionDef)
        flags = self._flags()
        out: list[tuple[object, Finding]] = []
        for test, truth, held in found:
            stmt = shape.tests.get(test)
            if stmt is None:
                continue
            if not self._undecided(stmt, shape, flags, None, truth) and not self._taken_way(
                test, truth
            ):
                continue
            tested = names(test)
            for name, oid in held:
                if (
                    not name.isidentifier()
                    or name in tested
                    or name in self.outer_names
                    or name in shape.nested
                    or any(name in p and not p.isdisjoint(tested) for p in self.same)
                ):
                    continue
                walk = NameDrops(shape, name, module)
                if walk.handled(stmt) and walk.branch(stmt, truth):
                    finding = self._dropped_finding(oid, test)
                    if finding is not None:
                        out.append(finding)
        return out

    def _raised(self) -> list[tuple[object, Finding]]:
        """The objects a statement's operator drops where a handler takes its exception."""
        scope = self.scope_node or self.module_node
        if scope is None:
            return []
        shape = self.ctx.index.fact(scope, layout)
        lines = self.ctx.index.fact(scope, raising_lines)
        module = not isinstance(scope, cst.FunctionDef)
        out: list[tuple[object, Finding]] = []
        for node, held in self.raised.items():
            line, raising = lines[node]
            for name, oid in held:
                if (
                    not name.isidentifier()
                    or name in self.outer_names
                    or name in shape.nested
                    or NameDrops(shape, name, module).reads(node)
                ):
                    continue
                for operator, exception in raising:
                    if not may_raise(operator, self.ctx.constants):
                        continue
                    handler = taken_way(NameDrops(shape, name, module), line, exception)
                    if handler is None:
                        continue
                    shown = lookup_shown(operator, exception, handler)
                    finding = self._dropped_finding(oid, operator, shown, handler)
                    if finding is not None:
                        out.append(finding)
                    break
        return out

    def _last_dropped(self) -> list[tuple[object, Finding]]:
        """The objects the last ``append`` of a list read only but for its last item puts in
        (``tilecheck.host.last_items``): never taken out, dropped with the list."""
        scope = self.scope_node or self.module_node
        appended = self._appended
        if scope is None or not any(
            id(node) in appended
            for made in (self.created_pendings, self.created_ops)
            for node, _ in made.values()
        ):
            return []  # (no Pending or op made right in an ``append``)
        calls = self.ctx.index.fact(scope, last_appended)
        out: list[tuple[object, Finding]] = []
        for call in calls:
            for made, pending in ((self.created_pendings, True), (self.created_ops, False)):
                for oid, (node, top) in made.items():
                    site = self.site_of(oid)
                    if node is not call or site != oid or site in self.conflicted:
                        continue
                    what, how = ("Pending of this submit", "wait") if pending else ("op", "run")
                    finding = Finding(
                        PENDING_NEVER_WAITED if pending else OP_NEVER_RUN,
                        node,
                        (
                            f"the {what} goes last into a list that is only read but for its "
                            f"last item (`[:-1]`): the last one appended is never {how}"
                            f"{'ed' if pending else ''} before the list is dropped; {how} it too",
                        ),
                        top=top,
                        statement=self.made_elsewhere.get(site),
                    )
                    out.append(((finding.code, site), finding))
        return out

    def _gathered_dropped(self) -> list[tuple[object, Finding]]:
        """``return k(...).submit()`` of a coroutine whose result a gather statement throws
        away (``tilecheck.host.gathered_drops``)."""
        fn, module = self.scope_node, self.ctx.module
        if type(fn) is not cst.FunctionDef or fn.asynchronous is None or module is None:
            return []
        returned = self.ctx.index.fact(fn, returned_submits)
        if not returned:
            return []
        calls = self.ctx.index.fact(module, discarded_gathers).get(fn.name.value, [])
        if not any(self.ctx.callee(c.func).canonical == GATHER for c in calls):
            return []
        out: list[tuple[object, Finding]] = []
        for call in returned:
            for oid, (node, top) in self.created_pendings.items():
                site = self.site_of(oid)
                if node is not call or site != oid or site in self.conflicted:
                    continue
                finding = Finding(
                    PENDING_NEVER_WAITED,
                    node,
                    (
                        "the Pending this coroutine returns is dropped unwaited: a gather "
                        "whose results are thrown away runs it (",
                        calls[0],
                        "); wait on the gathered Pendings",
                    ),
                    top=top,
                )
                out.append(((finding.code, site), finding))
        return out

    def _skipped_steps(self) -> list[tuple[object, Finding]]:
        """Loops over a module generator that yields a launch (or its submit) made right in
        the ``yield``: the consumer's name for it holds it alone from the step's start, so an
        ``if`` among the body's first statements that does not name it, one of whose ways drops
        it (``_Walk``), drops the object that step made."""
        scope = self.scope_node or self.module_node
        module = self.ctx.module
        if scope is None or module is None:
            return []
        out: list[tuple[object, Finding]] = []
        for loop, called, counted in self._consumers:
            made = _yielded(module, called, self.ctx)
            if made is None:
                continue
            shape = self.ctx.index.fact(scope, layout)
            flags = self._flags()
            _, index, position, value = made
            name = _receiver(loop.target, position, counted)
            pending = type(value.func) is cst.Attribute and value.func.attr.value == "submit"
            launch = value.func.value if pending else value  # type: ignore[attr-defined]
            if (
                name is None
                or type(launch) is not cst.Call
                or self.ctx.callee(launch.func).kernel is None
                or name in shape.nested
                or name in self.outer_names
            ):
                continue
            walk = NameDrops(shape, name, not isinstance(scope, cst.FunctionDef))
            for stmt in suite(loop.body):
                if type(stmt) is cst.If:
                    if walk.reads(stmt.test) or not self._undecided(stmt, shape, flags):
                        break
                    if walk.handled(stmt) and any(
                        NameDrops(shape, name, walk.module).branch(stmt, t) for t in (True, False)
                    ):
                        finding = _step_finding(value, pending, stmt.test, index)
                        out.append(((finding.code, value), finding))
                    break
                if type(stmt) is not cst.SimpleStatementLine or walk.reads(stmt):
                    break
                if any(type(s) in _JUMPS for s in stmt.body):
                    break
        return out

    def _undecided(
        self,
        stmt: cst.BaseStatement,
        shape: Layout,
        flags: frozenset[str],
        test: cst.BaseExpression | None = None,
        truth: bool | None = None,
    ) -> bool:
        """The test may go either way: it names something other than a parameter, a flag, a
        constant, a name a module statement binds to a literal (``if DEBUG:``, ``__name__``)
        or an item of a container a loop around it walks that the source shows (``name in
        wanted`` may hold for every key: ``walked_tests`` tells the way ``truth`` from the
        items, round 38A; a container the source does not show may hold any items)."""
        found = names(test if test is not None else stmt.test)  # type: ignore[attr-defined]
        if not found.isdisjoint(_DECIDED) or not found.isdisjoint(flags):
            return False
        ctx = self.ctx
        # (a parameter: every caller may give a value that decides it, as ``step % 2`` with
        # the even steps of ``range(0, n, 2)``)
        if not found.isdisjoint(_walked_items(stmt, shape)):
            if truth is None or test is not None or type(stmt) is not cst.If:
                return False
            lists = self.ctx.key_lists().get
            way = walked_way(stmt, stmt.test, truth, shape, self._scope_names, lists)
            if way is not None:
                return way
        decided = ctx.rebindable | ctx.flags | self.parameters
        if ctx.module is not None:
            decided |= ctx.index.fact(ctx.module, _literals)
        return any(n not in decided and n not in ctx.constants for n in found)

    def _scope_names(self) -> ScopeNames:
        """Every name of the scope (``known_keys``: what a loop walks), the module's where a
        function reads a name it never binds."""
        scope = self.scope_node or self.module_node
        assert scope is not None
        outer = self.ctx.known_names if self.module_node is None else None
        return ScopeNames(scope, outer, self.ctx.constants)

    def _taken_way(self, test: cst.BaseExpression, truth: bool) -> bool:
        """The test reads only parameters that every call of the function gives one literal
        (``called_values``: its own calls and the library calls it is handed to), and with
        them it takes the way ``truth``."""
        fn = self.scope_node
        module = self.ctx.module
        found = names(test)
        if type(fn) is not cst.FunctionDef or module is None or not found <= self.parameters:
            return False
        from tilecheck.host import called_values  # (rarely met: compiled here)

        ctx = self.ctx
        values, _, given = called_values.given(module, fn, lambda f: ctx.callee(f).canonical)
        if not found <= values.keys() or called_values.decided(test, values) is not truth:
            # one call the script certainly makes takes that way (round 36M)
            from tilecheck.host.certain_calls import certain_calls

            decided = called_values.decided
            calls = certain_calls(module, fn)
            if not any(found <= c.keys() and decided(test, c) is truth for c in calls):
                return False
        # (a call of the module giving an integer to a test ``gated_ops`` reads: its TC105 at
        # that call, already)
        return found.isdisjoint(given) or not called_values.gated(fn, test, found, ctx)

    def _dropped_finding(
        self,
        oid: int,
        test: cst.CSTNode,
        raised: str | None = None,
        handler: cst.CSTNode | None = None,
    ) -> tuple[object, Finding] | None:
        site = self.site_of(oid)
        if site in self.conflicted:
            return None
        pending = self.infos[oid].kind is Kind.PENDING
        made = (self.created_pendings if pending else self.created_ops).get(site)
        if made is None:
            return None
        node, top = made
        if pending:
            code, what, how = PENDING_NEVER_WAITED, "the Pending of this submit", ("wait", "waited")
        else:
            code, what, how = OP_NEVER_RUN, self.infos[oid].label, ("run", "run")
        where: tuple[str | cst.CSTNode, ...] = (
            (f"{what} is dropped un{how[1]} where the test at ", test, " takes the way that skips")
            if raised is None or handler is None
            else (f"{what} is dropped un{how[1]} where ", test, f" raises {raised} into ", handler)
        )
        finding = Finding(
            code,
            node,
            (
                *where,
                f"{' its' if raised is None else ', which skips its'} {how[0]}: nothing there "
                f"{how[0]}s it before its name is rebound or the scope ends; {how[0]} it on "
                "every path",
            ),
            top=top,
            statement=self.made_elsewhere.get(site),
        )
        return (code, site), finding


def _named(test: cst.BaseExpression) -> bool:
    """The test may name something (cheap, by the forms tests take; other forms: True)."""
    kind = type(test)
    if kind is cst.Name:
        return test.value not in _DECIDED  # type: ignore[attr-defined]
    if kind is cst.Integer or kind is cst.Float or kind is cst.SimpleString:
        return False
    if kind is cst.Comparison:
        return _named(test.left) or any(  # type: ignore[attr-defined]
            _named(c.comparator)
            for c in test.comparisons  # type: ignore[attr-defined]
        )
    if kind is cst.BinaryOperation or kind is cst.BooleanOperation:
        return _named(test.left) or _named(test.right)  # type: ignore[attr-defined]
    if kind is cst.UnaryOperation:
        return _named(test.expression)  # type: ignore[attr-defined]
    return True


def _generator_walked(loop: cst.For) -> tuple[str, bool] | None:
    """``for x in gen(...)`` / ``for i, x in enumerate(gen(...))``: ``gen``, and whether
    ``enumerate`` counts the steps (cheap: asked of every loop)."""
    it = loop.iter
    if type(it) is not cst.Call:
        return None
    func = it.func
    if type(func) is not cst.Name or func.value in _WALKED or loop.asynchronous is not None:
        return None
    if func.value == "enumerate":
        if len(it.args) != 1 or type(it.args[0].value) is not cst.Call:
            return None
        inner = it.args[0].value.func
        if type(inner) is not cst.Name or inner.value in _WALKED:
            return None
        return inner.value, True
    return func.value, False


def _functions(
    index: SyntaxIndex, module: cst.CSTNode
) -> dict[str, list[tuple[int, cst.FunctionDef]]]:
    """The module's top-level functions by name, with their statements."""
    out: dict[str, list[tuple[int, cst.FunctionDef]]] = {}
    for i, stmt in enumerate(module.body):  # type: ignore[attr-defined]
        if type(stmt) is cst.FunctionDef:
            out.setdefault(stmt.name.value, []).append((i, stmt))
    return out


def _yielded(
    module: cst.Module, called: str, ctx: Context
) -> tuple[cst.FunctionDef, int, int | None, cst.Call] | None:
    """The module's one generator ``called`` (a top-level ``def`` the module binds once),
    whose one ``yield`` (a statement) gives a call made right there, alone or as one item of
    a tuple: the function, its statement, the item's position (None: alone) and the call."""
    found = ctx.index.fact(module, _functions).get(called, [])
    if len(found) != 1 or called in ctx.rebindable:
        return None
    index, fn = found[0]
    made = ctx.index.fact(fn, _yield_of)
    return (fn, index, *made) if made is not None else None


def _yield_of(index: SyntaxIndex, fn: cst.CSTNode) -> tuple[int | None, cst.Call] | None:
    assert isinstance(fn, cst.FunctionDef)
    if fn.asynchronous is not None or fn.decorators:
        return None
    own = _own(fn)
    yields = [n for n in own if type(n) is cst.Yield or type(n) is cst.Await]
    if len(yields) != 1 or type(yields[0]) is not cst.Yield:
        return None
    value = yields[0].value
    if type(value) is cst.Call:
        position: int | None = None
        call = value
    elif type(value) is cst.Tuple:
        calls = [i for i, e in enumerate(value.elements) if type(e.value) is cst.Call]
        if len(calls) != 1 or any(type(e) is not cst.Element for e in value.elements):
            return None
        position = calls[0]
        call = value.elements[position].value  # type: ignore[assignment]
    else:
        return None
    statement = any(type(n) is cst.Expr and n.value is yields[0] for n in own)
    return (position, call) if statement else None


def _own(fn: cst.FunctionDef) -> list[cst.CSTNode]:
    """The nodes of ``fn``'s body, not those of a function, class or lambda inside it."""
    out: list[cst.CSTNode] = []
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        current = stack.pop()
        out.append(current)
        if type(current) not in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            stack.extend(children(current))
    return out


def _receiver(target: cst.BaseExpression, position: int | None, counted: bool) -> str | None:
    """The plain name of ``target`` that takes the yielded call."""
    if counted:
        if type(target) is not cst.Tuple or len(target.elements) != 2:
            return None
        target = target.elements[1].value
    if position is not None:
        if type(target) is not cst.Tuple or any(
            type(e) is not cst.Element for e in target.elements
        ):
            return None
        if position >= len(target.elements):
            return None
        target = target.elements[position].value
    return target.value if type(target) is cst.Name else None


def _step_finding(call: cst.Call, pending: bool, test: cst.CSTNode, statement: int) -> Finding:
    if pending:
        code, what, how = PENDING_NEVER_WAITED, "the Pending of this submit", ("wait", "waited")
    else:
        code, what, how = OP_NEVER_RUN, "the op made here", ("run", "run")
    return Finding(
        code,
        call,
        (
            f"{what}, yielded to the loop at ",
            test,
            f", is dropped un{how[1]} in the steps where that test takes the way that skips "
            f"its {how[0]}: nothing there {how[0]}s it before the loop's name for it is "
            f"rebound or the scope ends; {how[0]} it on every step",
        ),
        statement=statement,
    )


def _walked_items(stmt: cst.BaseStatement, shape: Layout) -> frozenset[str]:
    """The targets of the loops around ``stmt`` that walk something other than a ``range``,
    the steps of ``enumerate`` or a call of a function of the module (a container's items)."""
    out: set[str] = set()
    place = shape.places.get(stmt)
    while place is not None and place.owner is not None:
        loop = place.owner
        if isinstance(loop, cst.For) and place.part == "body":
            it = loop.iter
            func = it.func if isinstance(it, cst.Call) else None
            called = func.value if isinstance(func, cst.Name) else None
            if called == "enumerate" and isinstance(loop.target, cst.Tuple):
                out.update(n for e in loop.target.elements[1:] for n in names(e.value))
            elif called is None or (called in _WALKED and called != "range"):
                out.update(names(loop.target))
        place = shape.places.get(loop)
    return frozenset(out)


def _literals(index: SyntaxIndex, module: cst.CSTNode) -> frozenset[str]:
    """The names a statement of the module binds to a literal (``DEBUG = False``)."""
    out: set[str] = set()
    for stmt in module.body if isinstance(module, cst.Module) else ():
        if not isinstance(stmt, cst.SimpleStatementLine):
            continue
        for small in stmt.body:
            if isinstance(small, cst.Assign) and _literal(small.value):
                out.update(n for t in small.targets for n in names(t.target))
            elif isinstance(small, cst.AnnAssign) and small.value and _literal(small.value):
                out.update(names(small.target))
    return frozenset(out)


def _literal(value: cst.BaseExpression) -> bool:
    if isinstance(value, cst.UnaryOperation):
        value = value.expression
    if isinstance(value, cst.Name):
        return value.value in _DECIDED
    return isinstance(value, (cst.Integer, cst.Float, cst.BaseString))
