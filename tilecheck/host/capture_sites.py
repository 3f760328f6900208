"""What a call runs where the caller cannot see it as a call: a function's refusals inside a
graph capture (TC111 where the runtime refuses, inside it: an allocation, an event, an op run
on every call; through a callback the function runs, a ``@contextmanager`` body a ``with``
runs, a module function a helper calls inside its own capture), and an op a function makes
on every call and drops unrun for a value the call gives (TC105, ``tilecheck.host.gated_ops``)."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.codes import GRAPH_CAPTURE_MISUSE, OP_NEVER_RUN
from tilecheck.host import messages
from tilecheck.host.callbacks import entered_name, runs_parameter
from tilecheck.host.gated_ops import dropped_for, dropped_for_shape, gated_drop, loop_values
from tilecheck.host.may_effects import may_refused_inside
from tilecheck.host.model import Kind, Oids, Value, flatten
from tilecheck.host.summaries import Interprocedural
from tilecheck.host.summary import Summary


class CaptureSites(Interprocedural):
    """TC111 and TC105 inside the functions a body calls (``CallSites`` applies the rest)."""

    __slots__ = ()

    def refused_inside(
        self,
        call: cst.Call,
        summary: Summary,
        bound: dict[int, tuple[cst.Arg, Value]] | None = None,
    ) -> bool:
        """TC111 at a call, inside a graph capture, of a function that allocates (records an
        event, copies into a tensor) on every call: inside it, where the runtime refuses, for
        a function of this module; else at the call. True if so: the call raises."""
        if summary.refusals:  # the first the body makes: where the runtime raises
            refusals = summary.refusals
            what = next((w for w, _ in summary.refused_at if w in refusals), min(refusals))
            node = dict(summary.refused_at).get(what)
            capture = self.capturing_graph()
            if node is not None and summary.statement is not None and capture is not None:
                fix = f"do it before the `with tr.graph()` block that calls `{summary.name}`"
                finding = messages.refused_in_capture(node, what, fix, capture)
                labels = (*finding.labels, (call, "in the function this call runs"))
                inside = dataclasses.replace(finding, statement=summary.statement, labels=labels)
                self.verdict(GRAPH_CAPTURE_MISUSE, node, inside)
                return True
            shown = f"`{summary.name}(...)` runs code that refuses it: {what}"
            return self.refused(call, shown, "call it before the `with tr.graph()` block")
        if summary.may_refused_at:  # under a branch: TC111 in a certain capture only
            may_refused_inside(self, self.ctx.module, call, summary, bound)
        return False

    def never_made(self, held: Oids) -> None:
        """The ops and Pendings a call that raises would have given back: never made, so
        never dropped unrun or unwaited (the call's TC111 is the finding)."""
        for oid in self.kinds(held, Kind.PENDING):
            self.waited.add(self.site_of(oid))
            self.set_hold(oid, None)
        for oid in self.kinds(held, Kind.OP):
            self.ran.add(self.site_of(oid))
            self.set_hold(oid, None)

    def entered(self, item: cst.BaseExpression) -> None:
        """``with timer(s):`` inside a capture, of a ``@contextmanager`` function of the
        module: its body runs here (to its ``yield`` on entering, the rest on leaving, both
        inside the capture): TC111 where it refuses what a capture refuses, on every call."""
        if (
            type(item) is not cst.Call
            or type(item.func) is not cst.Name
            or item.func.value in self.env
            or item.func.value in self.parameters
            or self.capturing_graph() is None
        ):
            return
        summary = self.ctx.summary_for(entered_name(item.func.value))
        if summary is not None:
            self.refused_inside(item, summary)

    def callbacks_captured(self, summary: Summary, bound: dict[int, tuple[cst.Arg, Value]]) -> None:
        """TC111 inside a function of the module given as a callback the helper calls inside
        its own capture (``capture(make)``), where it refuses what a capture refuses on every
        call (``tilecheck.host.capture_callbacks``)."""
        if summary.statement is None:
            return
        for index, capture in summary.calls_in_capture:
            given = bound[index][0].value if index in bound else None
            if type(given) is not cst.Name or given.value in self.env:
                continue
            if given.value in self.parameters:
                continue
            callback = self.ctx.summary_for(given.value)
            if callback is None or callback.statement is None or not callback.refusals:
                continue
            what = min(callback.refusals)
            node = dict(callback.refused_at).get(what)
            if node is None:
                continue
            fix = f"do it before `{summary.name}` captures the graph"
            finding = messages.refused_in_capture(node, what, fix, capture)
            labels = (*finding.labels, (given, f"run inside `{summary.name}`'s capture"))
            inside = dataclasses.replace(finding, statement=callback.statement, labels=labels)
            self.verdict(GRAPH_CAPTURE_MISUSE, node, inside)

    def gated_drops(
        self, call: cst.Call, summary: Summary, bound: dict[int, tuple[cst.Arg, Value]]
    ) -> None:
        """TC105 inside the function: an op it makes on every call and runs only under a test
        of a parameter this call gives a value making it false (a constant, or each value of
        the counter of a ``for`` over ``range`` around the call; ``tilecheck.host.gated_ops``)."""
        if summary.statement is None:
            return
        for index, test, made in summary.gated:
            given = bound[index][0].value if index in bound else None
            values: list[int] | None = None
            if isinstance(given, cst.Integer):
                values = [int(given.value, 0)]
            elif isinstance(given, cst.Name):
                scope = self.scope_node or self.module_node
                values = loop_values(scope, call, given.value) if scope is not None else None
            shape = self._given_shape(bound[index][1]) if index in bound and not values else None
            dropped = values and dropped_for(test, summary.names[index], values)
            if dropped or (shape and dropped_for_shape(test, summary.names[index], shape)):
                finding = gated_drop(made, test, call)
                shown = dataclasses.replace(finding, statement=summary.statement)
                self.report((OP_NEVER_RUN, made), shown)

    def _given_shape(self, value: Value) -> tuple[int, ...] | None:
        """The constant shape of the one tensor ``value`` holds, made by a factory
        (``tr.full((1,), 0.9)``), for a test of the parameter's ``.shape``."""
        oids = flatten(value)
        if len(oids) != 1:
            return None
        (oid,) = oids
        return self._factory_shape(oid) if self.infos[oid].kind is Kind.TENSOR else None

    def callbacks_run(self, summary: Summary, bound: dict[int, tuple[cst.Arg, Value]]) -> None:
        """TC111 inside a capture: the function runs an op it makes through the callback
        given (``step(buf, lambda op: op.sync())``), at the callback's run."""
        for index, position in sorted(summary.runs_callbacks):
            run = runs_parameter(bound[index][0].value, position) if index in bound else None
            if run is not None and isinstance(run.func, cst.Attribute):
                how = run.func.attr.value
                what = f"`{summary.name}(...)` runs its op through this callback's `.{how}()`"
                fix = f"record the op with `{self.capture_name()}.record(op)` instead"
                self.refused(run, what, fix)
