"""The checks that rest on must-facts (``State.bound``, ``State.taken``) and are decided at the
fixed point: an op run twice (TC110) and what a graph capture refuses (TC111). Apart from
``Ownership`` because they ask what holds on every path, not which borrows are live."""

from __future__ import annotations

import dataclasses
from typing import cast

import libcst as cst

from tilecheck.codes import GRAPH_CAPTURE_MISUSE, OP_ALREADY_RUN
from tilecheck.host import api, messages
from tilecheck.host.classes import ClassInfo
from tilecheck.host.context import Context
from tilecheck.host.cycles import next_launched
from tilecheck.host.evictions import appended_submit
from tilecheck.host.findings import Finding
from tilecheck.host.frame import Frame
from tilecheck.host.library_spec import Does, named
from tilecheck.host.model import Kind, Oids, Runs, Value
from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import own_nodes

STACK_TYPES = named(Does.EXIT_STACK)  # (``exit_stacks``)


# Managers whose exit lets every exception of the block go on.
_KEEPS_EXCEPTIONS = frozenset({api.GRAPH, "contextlib.closing"})


class Verdicts(Frame):
    """Running twice (TC110) and graph captures (TC111): each visit records a verdict
    (``verdict``), and the fixed point's is the one kept (``Frame.findings``)."""

    __slots__ = ("me", "method_of")

    def __init__(self, ctx: Context) -> None:
        Frame.__init__(self, ctx)
        self.method_of: ClassInfo | None = None  # the class whose method this is (``Structures``)
        self.me: str | None = None  # the method's ``self``

    def definite(self, expr: cst.BaseExpression, value: Value) -> int | None:
        """The object ``expr`` evaluates to on every path: a name's, when it is bound to one
        (``State.bound``), or the one a call made right here (``scale(...)``, ``tr.zeros()``)."""
        if type(expr) is cst.NamedExpr:
            expr = expr.target
        if type(expr) is cst.Name:
            return self.bound.get(expr.value)
        if type(expr) is cst.Call and expr in self.memo_slots:  # the cache's object
            return self.bound.get(self.memo_slots[expr])
        if type(expr) is cst.Call and isinstance(value, frozenset) and len(value) == 1:
            (oid,) = value
            if self.infos[oid].site is expr and oid in self.made_here:
                return oid
            recorded = _recorded(expr)
            graph = self.bound.get(recorded[0]) if recorded is not None else None
            if recorded is not None and graph is not None and self.infos[graph].kind is Kind.GRAPH:
                return self.definite(recorded[1], value)  # ``g.record(op)`` returns the op
        return None

    def definite_kind(self, expr: cst.BaseExpression, value: Value, kind: Kind) -> int | None:
        oid = self.definite(expr, value)
        return oid if oid is not None and self.infos[oid].kind is kind else None

    def run_once(
        self,
        expr: cst.BaseExpression,
        value: Value,
        node: cst.CSTNode,
        how: str,
    ) -> None:
        """The op ``expr`` holds is run or handed on (``how``) at ``node``: TC110 if it was
        already, on every path; otherwise it is, from here on."""
        op = self.check_rerun(expr, value, node, how)
        # an op made right here (``add(...).sync()``) is held by no name: it never runs again
        # (but ``g.record(add(...))`` returns it)
        if op is not None and (
            how == "record" or not isinstance(expr, cst.Call) or expr in self.memo_slots
        ):
            self.took(op, node, how)

    def check_rerun(
        self, expr: cst.BaseExpression, value: Value, node: cst.CSTNode, how: str
    ) -> int | None:
        """TC110's verdict at ``node``; returns the op ``expr`` holds on every path, if known.
        A name that may hold another op, or something else, on some path is not checked."""
        op = self.definite_kind(expr, value, Kind.OP)
        memo = self.memo_slots.get(expr) if type(expr) is cst.Call else None
        if type(expr) is cst.Name or type(expr) is cst.NamedExpr or memo is not None:
            finding: Finding | None = None
            runs = self.taken.get(op) if op is not None else None
            parameter = self.parameter_of(op) if op is not None else None
            if op is not None and runs is not None and not self.lazy:
                ordered = [(n, w) for _, n, w, _ in sorted(runs, key=lambda r: (r[0], r[2]))]
                shown = dotted_name(expr.target if isinstance(expr, cst.NamedExpr) else expr)
                if memo is not None:  # the cache's key: ``f(0)``
                    shown = memo.removeprefix(" memo ")
                if parameter is not None:
                    finding = messages.parameter_rerun(node, shown or "op", ordered, how)
                else:
                    finding = messages.already_run(
                        node, shown or "op", self.infos[op], ordered, how
                    )
            if parameter is not None:  # known only where a call gives it an op
                self.parameter_verdicts[node] = (parameter, finding)
            else:
                self.verdict(OP_ALREADY_RUN, node, finding)
        return op

    def parameter_of(self, op: int) -> int | None:
        """The position of the parameter ``op`` stands for (an op a caller passes), if it
        does (``Interprocedural``)."""
        return None

    def took(self, op: int, node: cst.CSTNode, how: str) -> None:
        """``op`` is run or handed on at ``node``, on every path through here (unless the code
        may not run, or may run elsewhere)."""
        if op not in self.taken and not self.maybe and not self.lazy:
            seq = self.element.seq if self.element is not None else 0
            runs: Runs = frozenset({(seq, node, how, self.swallowing())})
            self.set_taken(op, runs)

    def loop_back(self, loop: cst.CSTNode) -> None:
        """Every way around ``loop`` meets here: an op made before the loop that every one of
        them ran, and that is held by a name on every path, runs again at each place the loop
        ran it, in its next iteration: TC110 there (a verdict of the fixed point, as TC110's
        others; a run where an exception may be swallowed, or in code that may not run, was
        never recorded as one)."""
        if type(loop) is cst.For and loop not in self.deque_loops:
            self.deque_loops[loop] = appended_submit(loop)
            cycled = next_launched(loop)
            if cycled is not None:
                self.cycle_loops[loop] = (cycled, self.element.top if self.element else 0)
        first = self.loop_first.get(id(loop), 0)
        found: dict[cst.CSTNode, Finding] = {}
        before = {op for op in self.taken if self.infos[op].seq < first}  # not made anew
        if self.memo_slots:  # an op a memo's cache keeps is not made anew by its next call
            before |= {o for n, o in self.bound.items() if n[:6] == " memo " and o in self.taken}
        names: dict[int, str] = {}
        if before:
            for name, oid in self.bound.items():
                if oid in before and (oid not in names or name < names[oid]):
                    names[oid] = name
        given: dict[cst.CSTNode, tuple[int, Finding]] = {}  # ops a caller passes: per call
        for op, runs in self.taken.items():
            held = names.get(op)
            if held is None:
                continue  # made in the loop (a new op each iteration), or held by no name
            parameter = self.parameter_of(op)
            for seq, node, how, withs in runs:
                if seq >= first and not withs and parameter is not None:
                    rerun = messages.parameter_rerun(node, held, [(node, how)], how)
                    given[node] = (parameter, rerun)
                elif seq >= first and not withs:
                    around = [(node, how)]
                    finding = messages.already_run(
                        node, held.removeprefix(" memo "), self.infos[op], around, how, around=True
                    )
                    top = self.element.top if self.element is not None else 0
                    found[node] = dataclasses.replace(finding, top=top)
        self.loop_reruns[id(loop)] = found
        self.loop_parameter_reruns[id(loop)] = given

    def swallowing(self) -> frozenset[cst.WithItem]:
        """The ``with`` items around the current element that may swallow an exception (all but
        ``tr.graph()`` and ``contextlib.closing(x)``, which never do, and a followed stack of
        exits: ``exit_stacks``)."""
        if self.element is None or not self.element.withs:
            return frozenset()
        return frozenset(
            item
            for item in self.element.withs
            if not (
                isinstance(item.item, cst.Call)
                and (
                    self.ctx.callee(item.item.func).canonical in _KEEPS_EXCEPTIONS
                    or self._followed_stack(item)
                )
            )
        )

    def _stack_type(self, made: cst.Call) -> bool:
        """``made`` makes a stack of exits (``library_spec``: ``EXIT_STACK``)."""
        return self.ctx.callee(made.func).canonical in STACK_TYPES

    def _followed_stack(self, item: cst.WithItem) -> bool:
        """A stack of exits whose block ``exit_stacks`` follows: it swallows nothing."""
        if not self._stack_type(cast(cst.Call, item.item)):
            return False
        from tilecheck.host import exit_stacks  # (rarely met: compiled here)

        return exit_stacks.followed(cast(exit_stacks.BodyAnalysis, self), item)

    def leave_withs(self) -> None:
        """Past a ``with`` block that may have swallowed an exception, an op run inside it may
        not have been run (it may have raised first: ``tr.zip(op, op)``, ``op.then(5)``)."""
        inside = frozenset(self.element.withs) if self.element is not None else frozenset()
        for op, runs in list(self.taken.items()):
            if any(not run[3] <= inside and not self._raises_on(run[3] - inside) for run in runs):
                self.set_taken(op, None)

    def _raises_on(self, items: frozenset[cst.WithItem]) -> bool:
        """Every one of ``items`` makes an instance of the module's class whose ``__exit__``
        returns nothing true: it lets an exception of the block go on (round 28G)."""
        for item in items:
            expr = item.item
            if type(expr) is not cst.Call or type(expr.func) is not cst.Name:
                return False
            found = self.ctx.definition_for(f"{expr.func.value}.__exit__")
            if found is None or expr.func.value not in self.ctx.classes:
                return False
            if not never_true(found[0]):
                return False
        return True

    def verdict(self, code: str, node: cst.CSTNode, finding: Finding | None) -> None:
        """A finding that holds only if it holds at the fixed point (TC110, TC111: they rest
        on must-facts, which shrink as the solver iterates): each visit overwrites the last."""
        element = self.element
        top = element.top if element is not None else 0
        seq = element.seq if element is not None else -1
        kept = None if finding is None else dataclasses.replace(finding, top=top)
        self.verdicts[(code, seq, node)] = (self.order(), kept)
        if element is not None and element.slots:
            self.turn_verdicts[seq] = element.slots

    def capturing_graph(self) -> cst.BaseExpression | None:
        """The ``tr.graph()`` of the ``with`` block the current element is in, if any: there
        tilert refuses to allocate, copy into a tensor, run an op or record an event."""
        if self.element is None or self.lazy:
            return None
        for item in reversed(self.element.withs):
            expr = item.item
            if isinstance(expr, cst.Call) and self.ctx.callee(expr.func).canonical == api.GRAPH:
                return expr
            if isinstance(expr, cst.Name):  # ``g = tr.graph()`` ... ``with g:``
                graph = self.bound.get(expr.value)
                if graph is not None and self.infos[graph].kind is Kind.GRAPH:
                    return expr
            if self._graph_attribute(expr):  # ``with self.g as g:``, ``self.g = tr.graph()``
                return expr
            if type(expr) is cst.Call and item.asname is not None and self._stack_type(expr):
                from tilecheck.host import exit_stacks  # (rarely met: compiled here)

                entered = exit_stacks.capture(cast(exit_stacks.BodyAnalysis, self), item)
                if entered is not None:  # ``stack.enter_context(tr.graph())`` before
                    return entered
        return None

    def _graph_attribute(self, expr: cst.BaseExpression) -> bool:
        """``self.g`` of a class that gives ``g`` ``tr.graph(...)`` and nothing else."""
        info = self.method_of
        return (
            info is not None
            and isinstance(expr, cst.Attribute)
            and isinstance(expr.value, cst.Name)
            and expr.value.value == self.me
            and expr.attr.value in info.graphs
        )

    def refused(self, node: cst.CSTNode, what: str, fix: str, *, known: bool = True) -> bool:
        """TC111 if the current element is inside a graph capture (and ``known``: the object
        acted on is what tilert refuses to act on there, on every path); True if so."""
        capture = self.capturing_graph() if known else None
        finding = None
        if capture is not None:
            finding = messages.refused_in_capture(node, what, fix, capture)
        self.verdict(GRAPH_CAPTURE_MISUSE, node, finding)
        return finding is not None

    def launch_in_capture(self, call: cst.Call, receiver: cst.BaseExpression, oids: Oids) -> None:
        """``g.launch()`` inside ``g``'s own ``with tr.graph()`` block: tilert refuses it
        (TC111) where ``g`` is that graph on every path."""
        graph = self.definite_kind(receiver, oids, Kind.GRAPH)
        if graph is None or graph != self.current_group():
            return
        shown = dotted_name(receiver) or "the graph"
        self.refused(
            call,
            f"`{shown}.launch()` launches this graph",
            "launch the graph after its `with tr.graph()` block",
        )

    def refused_run(
        self, receiver: cst.BaseExpression, value: Value, node: cst.CSTNode, how: str
    ) -> bool:
        """TC111 for running (``how``: sync, sync_on, submit, await) the op ``receiver`` holds
        on every path, inside a capture. True if so."""
        op = self.definite_kind(receiver, value, Kind.OP)
        capture = self.capturing_graph()
        if op is None or capture is None:
            self.verdict(GRAPH_CAPTURE_MISUSE, node, None)
        if op is None:
            return False
        shown = dotted_name(receiver)
        if shown is None and isinstance(receiver, cst.Call):
            callee = dotted_name(receiver.func)
            shown = f"{callee}(...)" if callee else None
        op_text = shown or "op"
        written = f"await {op_text}" if how == "await" else f"{op_text}.{how}()"
        fix = (
            f"record it with `{self.capture_name()}.record({op_text})` and launch the graph "
            "after the `with` block"
        )
        what = f"`{written}` runs {self.infos[op].label}"
        if capture is None:
            self.ran_outside(node, what)
            return False
        self.verdict(OP_ALREADY_RUN, node, None)  # refused before it could run again: TC111 alone
        return self.refused(node, what, fix)

    def ran_outside(self, node: cst.CSTNode, what: str) -> None:
        """An op run outside any capture of this body: refused where a caller captures
        (``Interprocedural`` notes it for a function's summary)."""

    def capture_name(self) -> str:
        capture = self.capturing_graph()
        if type(capture) is cst.Name:
            return capture.value
        if self.element is not None:
            for item in self.element.withs:
                if item.item is capture and item.asname is not None:
                    if isinstance(item.asname.name, cst.Name):
                        return item.asname.name.value
        return "g"


def _recorded(call: cst.Call) -> tuple[str, cst.BaseExpression] | None:
    """``g.record(x)``: the graph's name and what it records (which the call returns)."""
    func = call.func
    if (
        isinstance(func, cst.Attribute)
        and func.attr.value == "record"
        and isinstance(func.value, cst.Name)
        and len(call.args) == 1
        and not call.args[0].star
        and call.args[0].keyword is None
    ):
        return func.value.value, call.args[0].value
    return None


def never_true(fn: cst.FunctionDef) -> bool:
    """Every ``return`` of ``fn`` gives nothing, ``None`` or ``False``."""
    for node in own_nodes(fn.body):
        if type(node) is cst.Return and node.value is not None:
            value = node.value
            if type(value) is not cst.Name or value.value not in ("None", "False"):
                return False
    return True
