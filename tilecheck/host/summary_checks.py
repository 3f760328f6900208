"""The checks a callee's summary makes at a call on the caller's state: its parameters' uses
against the live borrows (the first one refused is reported inside the callee), the ops it
runs again or launches, TC101 when one tensor reaches two parameters (or an attribute and a
parameter) a launch inside keeps apart; and where such findings go: at the callee's line,
labelled at the call (``elsewhere``). ``CallSites`` applies the rest of the summary."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

import libcst as cst

from tilecheck.codes import MUTABLE_ALIAS, OP_ALREADY_RUN, PENDING_NEVER_WAITED
from tilecheck.host import messages
from tilecheck.host.capture_sites import CaptureSites
from tilecheck.host.findings import Finding
from tilecheck.host.looped_runs import once_bounded
from tilecheck.host.messages import Use
from tilecheck.host.model import (
    LIVE,
    NOTHING,
    Kind,
    Many,
    Oids,
    Packed,
    Value,
    flatten,
)
from tilecheck.host.summary import Summary, Target


class SummaryChecks(CaptureSites):
    """A callee's summary checked against the caller's borrows at the call."""

    __slots__ = ("_statement", "given_at")

    def __init__(self, ctx: object) -> None:
        CaptureSites.__init__(self, ctx)
        self._statement: tuple[int, cst.Call] | None = None  # ``elsewhere``
        # an argument's node -> where its use is shown (``CallSites.partial_call``: what a
        # ``partial`` holds, used where it is called)
        self.given_at: dict[int, cst.CSTNode] = {}

    def summary_uses(
        self,
        call: cst.Call,
        summary: Summary,
        receiver: str | None,
        bound: dict[int, tuple[cst.Arg, Value]],
        tensors_of: dict[int, Oids],
        uses: frozenset[tuple[Target, Use]],
        used_at: tuple[tuple[Target, cst.CSTNode], ...],
    ) -> None:
        """The host uses ``uses`` (of the summary's) of what the call gives and reaches;
        ``used_at``: where inside the function each is reported when the call makes it certain."""
        inside = dict(used_at) if summary.statement is not None else {}
        order = dict(summary.use_order) if summary.statement is not None else {}
        for target, use in sorted(uses, key=lambda u: (str(u[0]), u[1].value)):
            kind, which = target
            items = False  # the items of a container given
            if kind == "param" and isinstance(which, int) and which in bound:
                tensors = tensors_of[which]
                items = isinstance(bound[which][1], (Many, Packed))
                node: cst.CSTNode = bound[which][0].value
                if self.given_at:
                    node = self.given_at.get(id(node), node)
                shown: str | None = None
            elif kind == "attr" and receiver is not None:
                tensors = self.attribute_tensors(receiver, str(which))
                node, shown = call, f"{receiver}.{which}"
                items = str(which).endswith("[*]")  # (a container attribute's items)
            elif kind == "global":
                if summary.statement is None or (
                    self.scope_node is None and "." not in str(which) and use is not Use.WRITE
                ):
                    continue  # (a module global at module level: ``global_reads``' reads)
                tensors = self.global_tensors(str(which))
                node, shown = call, str(which)
            elif kind != "new":
                tensors = self.derived_tensors(target, call, tensors_of, receiver) or NOTHING
                node = call
                shown = self.infos[min(tensors)].label.strip("`") if tensors else None
            else:
                continue
            if not tensors:
                continue
            at = inside.get(target)
            # (the items of a container given, used at one node: the runtime refuses there the
            # first that conflicts, whichever it is)
            held = (at is not None or target in order) and self.certainly_held(
                tensors, several=items and target not in order
            )
            if held and target in order:
                first = self.first_refused(tensors, order[target])
                if first is not None and first[0] is not use:
                    continue  # the runtime refuses an earlier use of the target's, inside
                at = first[1] if first is not None else None
            if at is not None and target not in order and self.sibling(summary):
                # a method of this method's class, summarized: its use is this one's, at the
                # same node (a caller making it certain reports it there, round 34B)
                self.use(tensors, use, at, shown)
            elif held and at is not None:
                # the runtime refuses it inside the function, at its (first refused) use
                with self.elsewhere(summary.statement, call):
                    self.use(tensors, use, at, top=0, covers=False)
            else:
                self.use(tensors, use, node, shown)

    def sibling(self, summary: Summary) -> bool:
        """``summary`` is of a method of the class whose method this body is, being summarized
        (its uses lie in the same module statement as this body's)."""
        info = self.method_of
        if info is None or not self.summarizing or summary.statement is None:
            return False
        return "." in summary.name and summary.name.partition(".")[0] == info.name

    def first_refused(
        self, tensors: Oids, events: tuple[tuple[Use, cst.CSTNode], ...]
    ) -> tuple[Use, cst.CSTNode] | None:
        """The first of a function's ``events`` (its uses of one target, in order) that a live
        holder of ``tensors`` refuses."""
        for made, node in events:
            for oid in self.live_holders():
                hold = self.holds[oid]
                kind = self.infos[oid].kind
                for borrow in hold.borrows:
                    if borrow.tensor not in tensors:
                        continue
                    ordered = hold.ordered and not self.infos[borrow.tensor].viewed
                    if messages.conflict_code(kind, borrow.exclusive, made, ordered=ordered):
                        return made, node
        return None

    def reruns_in(self, summary: Summary, bound: dict[int, tuple[cst.Arg, Value]]) -> None:
        """TC110 inside the function, on an op this call certainly passes it (one a name holds
        on every path, or a kernel call made right here)."""
        if summary.statement is None:
            return
        once = once_bounded(summary, bound, self.ctx.constants)
        for index, finding in summary.reruns:
            if index in bound and finding.node not in once:
                arg, value = bound[index]
                if self.definite_kind(arg.value, value, Kind.OP) is not None:
                    shown = dataclasses.replace(finding, statement=summary.statement)
                    self.report((OP_ALREADY_RUN, finding.node), shown)

    def launches_in(self, summary: Summary, bound: dict[int, tuple[cst.Arg, Value]]) -> None:
        """TC108 inside the function, at a ``g.launch()`` whose Pending it drops, where this
        call gives ``g`` an open graph on every path (outside a capture, where it raises)."""
        if summary.statement is None or self.capturing_graph() is not None:
            return
        for index, finding in summary.launches_dropped:
            if index in bound:
                arg, value = bound[index]
                graph = self.definite_kind(arg.value, value, Kind.GRAPH)
                hold = self.holds.get(graph) if graph is not None else None
                if hold is not None and hold.status == LIVE:
                    shown = dataclasses.replace(finding, statement=summary.statement)
                    self.report((PENDING_NEVER_WAITED, finding.node), shown)

    def check_distinct(
        self, summary: Summary, bound: dict[int, tuple[cst.Arg, Value]], tensors_of: dict[int, Oids]
    ) -> None:
        """TC101 through a helper: it launches with two of its parameters, one written through
        a partition, and the call gives both the same tensor."""
        for first, second, inner, top in sorted(summary.distinct, key=lambda d: d[:2]):
            if first not in bound or second not in bound:
                continue
            a, b = tensors_of[first], tensors_of[second]
            same = a & b
            if not same or not (len(a) == 1 or len(b) == 1):
                continue
            arg = bound[second][0]
            label = self.infos[min(same)].label
            if len(a) == 1 and len(b) == 1 and summary.statement is not None:
                # certainly one tensor: the launch inside the function raises
                self.report(
                    (MUTABLE_ALIAS, id(inner)),
                    self.alias_inside(summary, first, second, label, inner, top),
                )
                continue
            message = (
                f"{label} is passed to `{summary.name}` as `{summary.names[first]}` and again as "
                f"`{summary.names[second]}`; it launches a kernel that writes "
                f"`{summary.names[first]}` through a partition and takes "
                f"`{summary.names[second]}` in the same launch",
            )
            labels = (
                (bound[first][0].value, f"passed as `{summary.names[first]}` here"),
                (arg.value, f"passed again as `{summary.names[second]}` here"),
            )
            self.report(
                (MUTABLE_ALIAS, id(arg)), Finding(MUTABLE_ALIAS, arg.value, message, labels)
            )

    def check_distinct_attributes(
        self,
        call: cst.Call,
        summary: Summary,
        receiver: str,
        bound: dict[int, tuple[cst.Arg, Value]],
        tensors_of: dict[int, Oids],
    ) -> None:
        """TC101 at a launch inside a method that writes one of its receiver's attributes
        through a partition and takes a parameter too (or the reverse), where the call
        certainly gives that parameter the attribute's one tensor (``r.apply(r.out)``)."""
        if summary.statement is None:
            return
        for first, second, inner, top in sorted(summary.distinct_attributes, key=str):
            tensors: list[Oids] = []
            for kind, which in (first, second):
                if kind == "attr":
                    tensors.append(self.attribute_tensors(receiver, str(which)))
                elif isinstance(which, int) and which in bound:
                    tensors.append(tensors_of[which])
            if len(tensors) != 2 or len(tensors[0]) != 1 or tensors[0] != tensors[1]:
                continue
            shown = [
                f"{receiver}.{which}" if kind == "attr" else summary.names[int(which)]
                for kind, which in (first, second)
            ]
            message = (
                f"`{shown[0]}` and `{shown[1]}` are one tensor here "
                f"({self.infos[min(tensors[0])].label}, given to `{summary.name}`): this launch "
                f"writes `{shown[0]}` through a partition and takes `{shown[1]}` too",
            )
            finding = Finding(
                MUTABLE_ALIAS, inner, message, ((inner, "the same tensor again here"),), top=top
            )
            with self.elsewhere(summary.statement, call):
                self.report((MUTABLE_ALIAS, id(inner)), finding)

    def derived_tensors(
        self, target: Target, call: cst.Call, tensors_of: dict[int, Oids], receiver: str | None
    ) -> Oids | None:
        """A target reached from another's tensors (``tilecheck.host.receivers``)."""
        return None

    def global_tensors(self, name: str) -> Oids:
        """The caller's tensors of a global the function reaches (``GlobalEffects``)."""
        return NOTHING

    def alias_inside(
        self, summary: Summary, first: int, second: int, label: str, inner: cst.CSTNode, top: int
    ) -> Finding:
        """TC101 at the launch inside the function, which the call gives one tensor twice."""
        written, other = summary.names[first], summary.names[second]
        message = (
            f"`{written}` and `{other}` are one tensor here ({label}, given to "
            f"`{summary.name}` for both): this launch writes `{written}` through a partition "
            f"and takes `{other}` too",
        )
        labels = ((inner, "the same tensor again here"),)
        finding = Finding(MUTABLE_ALIAS, inner, message, labels, top=top)
        return dataclasses.replace(finding, statement=summary.statement)

    def attribute_tensors(self, receiver: str, attr: str) -> Oids:
        found = self.env.get(f"{receiver}.{attr}")
        if found is None and "[" in receiver:  # ``blocks[0].act``: its instance's
            held = self.stored(receiver)
            if held is None:  # an item of a comprehension's result by constant key
                held = self.item_at(receiver)
            found = self.instance_attribute(flatten(held), attr) if held is not None else None
        return frozenset(self.kinds(found or NOTHING, Kind.TENSOR))

    def certainly_held(self, tensors: Oids, *, several: bool = False) -> bool:
        """One tensor (or, with ``several``, any number), and every holder that may borrow it
        holds it on every path."""
        if len(tensors) != 1 and not several:
            return False
        for oid in self.live_holders():
            hold = self.holds[oid]
            if hold.status != LIVE and any(b.tensor in tensors for b in hold.borrows):
                return False
        return True

    @contextmanager
    def elsewhere(self, statement: int | None, call: cst.Call) -> Iterator[None]:
        """Findings reported meanwhile lie in the module statement ``statement``, inside the
        function ``call`` runs (labelled at the call); None: in the body's own."""
        before = self._statement
        self._statement = (statement, call) if statement is not None else None
        try:
            yield
        finally:
            self._statement = before

    def report(self, key: object, finding: Finding, top: int | None = None) -> None:
        if self.given_at and id(finding.node) in self.given_at:  # (a partial's, at its call)
            finding = dataclasses.replace(finding, node=self.given_at[id(finding.node)])
        if self._statement is not None:
            statement, call = self._statement
            labels = (*finding.labels, (call, "in the function this call runs"))
            finding = dataclasses.replace(finding, statement=statement, labels=labels)
        CaptureSites.report(self, key, finding, top)
