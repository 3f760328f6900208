"""Calls to the checked module's own functions, through a summary of each: which of its
parameters it uses on the host (read, write, partition, pass to a launch), which partitions it
consumes, and what the op or Pending it returns borrows, in terms of its parameters.

A summary is the function's own analysis, read at its exit. Its parameters are the objects
the analysis gives them: a ``Tensor``-annotated parameter's tensor, a ``Partition`` one's
partition, an unannotated one's tensor once it is used as one (``dst.partition(...)``).
Anything else the function does stays inside it; what it cannot see (an unknown call, a value
stored away) it does not report, as before. This module records a summary while its function
is analysed; ``tilecheck.host.call_sites`` applies it at a call."""

from __future__ import annotations

import dataclasses

import libcst as cst

from tilecheck.host import messages
from tilecheck.host.call_lines import runs_every_call
from tilecheck.host.capture_callbacks import straight_to
from tilecheck.host.consumed_fields import reads_every_call
from tilecheck.host.findings import Finding
from tilecheck.host.gated_uses import note_gated
from tilecheck.host.global_ops import GlobalOps
from tilecheck.host.messages import Use
from tilecheck.host.model import (
    CONSUMED,
    LIVE,
    NOTHING,
    Hold,
    Kind,
    Many,
    Oids,
    Packed,
    State,
    Value,
    flatten,
)
from tilecheck.host.parameter_index import rebound
from tilecheck.host.submitted import RECEIVER_WAITED
from tilecheck.host.summary import NO_RESULT, Result, Target
from tilecheck.host.tensor_lists import items_target, walked_item

# What a function may return that holds borrows, and how its findings call it.
HOLDERS = (Kind.OP, Kind.PENDING, Kind.GRAPH, Kind.PARTITION)
# What an attribute of ``self`` a method does not set may hold on the way in, for its effects.
_HELD = (Kind.PENDING, Kind.OP, Kind.GRAPH)
_PLACED = (Kind.PENDING, Kind.PARTITION, Kind.GRAPH)
Inner = tuple[cst.CSTNode, int] | None  # where a function called refuses, its statement
# Methods only a tensor has among the objects a parameter may hold: called on a parameter, it
# is a tensor wherever a caller gives it one.
_TENSOR_ONLY_METHODS = frozenset({"to_numpy", "copy_from"})


class Interprocedural(GlobalOps):
    """Records what a summary needs while a function is analysed (``CallSites`` applies the
    summaries of the functions it calls)."""

    __slots__ = """_targets attribute_run_nodes attribute_runs called_back captured_calls distinct
    distinct_attributes early_nodes early_uses launches_dropped may_refused param_uses refusals
    refused_at released_attributes returned use_events use_nodes gated_nodes""".split()

    def __init__(self, ctx: object) -> None:
        GlobalOps.__init__(self, ctx)
        self.param_uses: set[tuple[Target, Use]] = set()
        self.returned: list[tuple[int | tuple[str, ...] | None, tuple[Result, ...]]] = []
        self.distinct: set[tuple[int, int, cst.CSTNode, int]] = set()
        self.distinct_attributes: set[tuple[Target, Target, cst.CSTNode, int]] = set()
        self.refusals: set[str] = set()  # what a graph capture refuses, on every call
        self.refused_at: dict[str, cst.CSTNode] = {}  # where each of them is
        self.may_refused: dict[str, tuple[cst.CSTNode, Inner]] = {}  # some path (``may_effects``)
        self.called_back: set[tuple[int, int]] = set()  # ``Summary.runs_callbacks``
        self.captured_calls: dict[int, cst.BaseExpression] = {}  # ``Summary.calls_in_capture``
        self._placeholders: dict[int, str] = {}  # what ``self``'s attributes held on the way in
        self.released_attributes: set[str] = set()
        # uses of ``self``'s attributes met before the method released any of them, on every
        # path there (``Summary.early``)
        self.early_uses: set[tuple[Target, Use]] = set()
        self.early_nodes: dict[Target, set[tuple[cst.CSTNode, bool]]] = {}  # as ``use_nodes``
        self.attribute_runs: dict[str, set[str]] = {}  # ``Summary.runs``
        self.attribute_run_nodes: dict[str, set[cst.CSTNode]] = {}  # ``Summary.run_at``
        self._targets: dict[int, Target] | None = None
        # each target's host uses: the nodes, and whether each runs on every call
        self.use_nodes: dict[Target, set[tuple[cst.CSTNode, bool]]] = {}
        self.gated_nodes: dict[Target, cst.CSTNode] = {}  # ``gated_uses.used_if``
        # each target's uses in the order first met (``Summary.use_order``)
        self.use_events: dict[Target, list[tuple[Use, cst.CSTNode]]] = {}
        self.launches_dropped: dict[cst.BaseExpression, tuple[int, Finding]] = {}  # ``Summary``'s

    # -- recording ---------------------------------------------------------------------------
    def refused(self, node: cst.CSTNode, what: str, fix: str, *, known: bool = True) -> bool:
        if known and self.capturing_graph() is None:
            self.ran_outside(node, what)  # refused wherever a caller captures a graph
        return GlobalOps.refused(self, node, what, fix, known=known)

    def ran_outside(self, node: cst.CSTNode, what: str) -> None:
        """An op it runs on every call: refused wherever a caller captures a graph; on some
        path only: a may-effect (``tilecheck.host.may_effects``)."""
        if self.every_call():
            self.refusals.add(what)
            self.refused_at.setdefault(what, node)
        self.may_refuse(node, what)  # (``may_effects.kept`` leaves out the certain ones)

    def may_refuse(self, node: cst.CSTNode, what: str, inner: Inner = None) -> None:
        if self.scope_node is not None and not self.maybe and not self.lazy:
            self.may_refused.setdefault(what, (node, inner))  # (``inner``: in a callee)

    def _call(self, expr: cst.Call) -> Value:
        """``run(k(...))`` with a parameter ``run``, on every call: noted for the summary."""
        func = expr.func
        if (
            self.summarizing
            and type(func) is cst.Name
            and func.value in self.summarizing
            and func.value not in self.env
            and func.value not in self.ctx.rebindable
            and self.every_call()
        ):
            index = self.summarizing.index(func.value)
            for position, arg in enumerate(expr.args):
                if arg.keyword is not None or arg.star:
                    break
                if type(arg.value) is cst.Call and self.ctx.callee(arg.value.func).kernel:
                    self.called_back.add((index, position))
        if (
            self.summarizing
            and type(func) is cst.Name
            and func.value in self.summarizing
            and func.value not in self.env
            and func.value not in self.ctx.rebindable
            and not self.maybe
            and self.scope_node is not None
        ):
            capture = self.capturing_graph()
            if capture is not None and straight_to(self.scope_node, expr):
                self.captured_calls.setdefault(self.summarizing.index(func.value), capture)
        return GlobalOps._call(self, expr)

    def every_call(self) -> bool:
        """The current element runs on every call of the function (``call_lines``)."""
        fn = self.scope_node
        if type(fn) is not cst.FunctionDef or self.maybe or self.element is None:
            return False
        return runs_every_call(fn, self.element)

    def parameter_launch(self, name: str, statement: cst.BaseExpression) -> None:
        if (
            name in self.summarizing
            and name not in self.env
            and name not in self.ctx.rebindable
            and self.scope_node is not None
            and name not in rebound(self.scope_node)
            and self.capturing_graph() is None
        ):
            index = self.summarizing.index(name)
            self.launches_dropped[statement] = (index, messages.launch_dropped(statement))

    def parameter_tensor(self, func: cst.Attribute) -> int | None:
        receiver = func.value
        if (
            func.attr.value not in _TENSOR_ONLY_METHODS
            or not isinstance(receiver, cst.Name)
            or receiver.value not in self.summarizing
            or receiver.value in self.env
            or receiver.value in self.ctx.rebindable
        ):
            return None
        return self.free_tensor(receiver)

    def parameter_written(self, expr: cst.BaseExpression) -> Oids:
        """``inc(tiles, d)`` with an unannotated parameter ``tiles``: a Mutable parameter takes
        nothing but a partition, so ``tiles`` is one, as if annotated ``tr.Partition`` (the
        launch consumes it: a caller that passes one partition twice is TC109)."""
        if (
            not isinstance(expr, cst.Name)
            or expr.value not in self.summarizing
            or expr.value in self.env
            or expr.value in self.ctx.rebindable
            or self.maybe
        ):
            return frozenset()
        part, hold = self.parameter_partition(expr.value)
        self.set_hold(part, hold)
        self.set_env(expr.value, frozenset({part}))
        return frozenset({part})

    def parameter_of(self, op: int) -> int | None:
        for index, name in enumerate(self.summarizing):
            if self._oid_of.get((Kind.OP, ("param-op", name))) == op:
                return index
        return None

    def parameter_reruns(self) -> tuple[tuple[int, Finding], ...]:
        """TC110 at the fixed point on the ops parameters stand for, by position."""
        looped = [v for reruns in self.loop_parameter_reruns.values() for v in reruns.values()]
        return tuple(
            (index, finding)
            for index, finding in (*self.parameter_verdicts.values(), *looped)
            if finding is not None
        )

    def target_of(self, oid: int) -> Target | None:
        """What the caller knows a tensor of this function as: a parameter's (the tensor of a
        ``Partition`` parameter: none), an attribute of ``self``'s."""
        if self._targets is None:
            self._targets = {}
            for index, name in enumerate(self.summarizing):
                for key in (("param", name), ("free", name), ("param-items", name)):
                    made = self._oid_of.get((Kind.TENSOR, key))
                    if made is not None:
                        self._targets[made] = ("param", index)
        found = self._targets.get(oid)
        if found is None:  # an item taken from a parameter's items: the items (its tensors)
            for parent in self.infos[oid].parents:
                found = self._targets.get(parent)
                if found is not None:
                    break
        if found is None:  # a loop's element of a list attribute: its items (round 22L)
            found = self._attribute_target(oid)
            if found is None and walked_item(self.infos[oid]):
                found = items_target({self._attribute_target(p) for p in self.infos[oid].parents})
        return found

    def _attribute_target(self, oid: int) -> Target | None:
        for (kind, key), known in self._oid_of.items():
            if known == oid and kind is Kind.TENSOR and isinstance(key, tuple) and key[0] == "attr":
                return ("attr", str(key[2]))
        return None

    def use(
        self,
        tensors: Oids,
        use: Use,
        node: cst.CSTNode,
        shown: str | None = None,
        *,
        covers: bool = True,
        top: int | None = None,
    ) -> None:
        if self.summarizing:
            self._targets = None  # parameters' free objects may have been made since
            # a launch's read inside a graph capture never follows a writer in flight: to the
            # caller it is as a read on the host (the same conflicts, stream order aside)
            kept = Use.READ if use is Use.SHARED and self.current_group() is not None else use
            every: bool | None = None
            for tensor in tensors:
                target = self.target_of(tensor)
                if target is not None:
                    self.param_uses.add((target, kept))
                    if every is None:
                        every = top is None and self.every_call()
                    self.use_nodes.setdefault(target, set()).add((node, every))
                    if not every and top is None and target[0] == "param":
                        note_gated(self, target, node)
                    events = self.use_events.setdefault(target, [])
                    if (kept, node) not in events:
                        events.append((kept, node))
                    if target[0] == "attr" and self.nothing_released():
                        self.early_uses.add((target, kept))
                        self.early_nodes.setdefault(target, set()).add((node, every))
        GlobalOps.use(self, tensors, use, node, shown, covers=covers, top=top)

    def used_at(self) -> tuple[tuple[Target, cst.CSTNode], ...]:
        """The targets used at one node only, in a line that runs on every call: where the
        runtime refuses a use a call makes (``CallSites`` reports it there)."""
        return _one_node(self.use_nodes, every=False)

    def use_order(self) -> tuple[tuple[Target, tuple[tuple[Use, cst.CSTNode], ...]], ...]:
        """The targets used at several nodes, each in a line that runs on every call: their
        uses in the order the body makes them (the runtime refuses the first that conflicts)."""
        return tuple(
            (target, tuple(self.use_events[target]))
            for target, nodes in self.use_nodes.items()
            if len({node for node, _ in nodes}) > 1 and all(every for _, every in nodes)
        )

    def early_at(self) -> tuple[tuple[Target, cst.CSTNode], ...]:
        """As ``used_at``, of the uses before any release (``Summary.early``)."""
        return _one_node(self.early_nodes)

    def consumed_at(self, exit_holds: dict[int, Hold]) -> tuple[tuple[int, cst.CSTNode], ...]:
        """The partition parameters consumed on every path by one launch: its argument (the
        launch that raises for a partition the caller gave consumed)."""
        out: list[tuple[int, cst.CSTNode]] = []
        for index, name in enumerate(self.summarizing):
            part = self._oid_of.get((Kind.PARTITION, ("param", name)))
            hold = exit_holds.get(part) if part is not None else None
            if hold is None or hold.status != CONSUMED or len(hold.consumed_at) != 1:
                continue
            (launch,) = hold.consumed_at
            args = launch.args if isinstance(launch, cst.Call) else ()
            given = [a.value for a in args if type(a.value) is cst.Name and a.value.value == name]
            out.append((index, given[0] if len(given) == 1 else launch))
        return tuple(out)

    def note_launch(
        self,
        writes: list[tuple[str, cst.Arg, Oids]],
        reads: list[tuple[str, cst.Arg, Oids]],
    ) -> None:
        if not self.summarizing:
            return
        self._targets = None
        for index, (_, _, written) in enumerate(writes):
            first = self.single_param(written)
            if first is None:
                continue
            top = self.element.top if self.element is not None else 0
            for _, arg, other in [*writes[index + 1 :], *reads]:
                second = self.single_param(other)
                if second is not None and second != first:
                    self.distinct.add((first, second, arg.value, top))
        if self.me is not None:
            self.note_attribute_launch(writes, reads)

    def note_attribute_launch(
        self,
        writes: list[tuple[str, cst.Arg, Oids]],
        reads: list[tuple[str, cst.Arg, Oids]],
    ) -> None:
        """A launch that writes one of its receiver's attributes through a partition and takes
        a parameter too, or the reverse (``Summary.distinct_attributes``)."""
        top = self.element.top if self.element is not None else 0
        for index, (_, _, written) in enumerate(writes):
            first = self.single_target(written)
            if first is None:
                continue
            for _, arg, other in [*writes[index + 1 :], *reads]:
                second = self.single_target(other)
                if second is None or second == first or "attr" not in (first[0], second[0]):
                    continue
                self.distinct_attributes.add((first, second, arg.value, top))

    def single_target(self, tensors: Oids) -> Target | None:
        """The one parameter or attribute of its receiver's every one of ``tensors`` is."""
        targets = {self.target_of(t) for t in tensors}
        if len(targets) != 1:
            return None
        (target,) = targets
        return target if target is not None and target[0] in ("param", "attr") else None

    def single_param(self, tensors: Oids) -> int | None:
        targets = {self.target_of(t) for t in tensors}
        if len(targets) == 1:
            (target,) = targets
            if target is not None and target[0] == "param" and isinstance(target[1], int):
                return target[1]
        return None

    def note_return(self, value: Value, *, waiting: bool = False) -> None:
        """What a ``return`` gives back (``waiting``: the Pendings a returned closure waits
        for when it is called, ``Closures.closure_waits``)."""
        if not self.summarizing and not self.summarized:
            return
        self._targets = None
        if waiting:
            result = self.result(value)
            if result.kind is Kind.PENDING:
                result = dataclasses.replace(result, called_waits=True)
            self.returned.append((None, (result,)))
            return
        if isinstance(value, Packed):
            # a tuple by position, a dict display by its constant keys (the caller's cells)
            shape = len(value.items) if value.keys is None else value.keys
            self.returned.append((shape, tuple(self.item_result(v) for v in value.items)))
        else:
            self.returned.append((None, (self.item_result(value),)))

    def item_result(self, value: Value) -> Result:
        """One returned value; a list made one holder per item (a comprehension), alone or
        inside a returned tuple, is given to the caller as a container of them."""
        result = self.result(value)
        if result.kind in HOLDERS and self._one_per_item(value):
            result = dataclasses.replace(result, many=True)
        return result

    def _one_per_item(self, value: Value) -> bool:
        """A comprehension's result, or a list or tuple display of distinct holders."""
        if isinstance(value, Many):
            return value.distinct
        if not isinstance(value, Packed) or value.keys is not None or value.repeated:
            return False
        items = [flatten(v) for v in value.items]
        return (
            len(items) > 1
            and all(len(i) == 1 for i in items)
            and len(set().union(*items)) == len(items)
        )

    def result(self, value: Value) -> Result:
        oids = flatten(value)
        holders = [o for o in oids if self.infos[o].kind in HOLDERS and self.is_live(o)]
        if holders:
            kinds = {self.infos[o].kind for o in holders}
            if len(kinds) != 1:
                return NO_RESULT
            targets: set[tuple[Target, bool]] = set()
            for holder in holders:
                for borrow in self.holds[holder].borrows:
                    targets.add((self.target_or_new(borrow.tensor), borrow.exclusive))
            ordered = all(self.holds[holder].ordered for holder in holders)
            made = [
                (
                    self.created_pendings
                    if self.infos[h].kind is Kind.PENDING
                    else self.created_ops
                ).get(self.site_of(h))
                for h in holders
            ]
            sites = frozenset(m[0] for m in made if m is not None)
            if None in made or any(h in self.made_elsewhere for h in holders):
                sites = frozenset()
            return Result(kinds.pop(), frozenset(targets), ordered, sites)
        if len(oids) == 1 and not self.maybe:
            ran = self._ran_op(min(oids))
            if ran:
                return Result(Kind.OP, ran=ran)
        tensors = self.kinds(oids, Kind.TENSOR)
        if tensors and len(tensors) == len(oids):
            return Result(Kind.TENSOR, frozenset((self.target_or_new(t), False) for t in tensors))
        return NO_RESULT

    def _ran_op(self, op: int) -> tuple[tuple[cst.CSTNode, str], ...]:
        """An op of its own that every path here ran or handed on (``op.submit()``), not in a
        ``with`` that may swallow the run's exception: where and how."""
        if self.infos[op].kind is not Kind.OP or (op in self.holds and self.holds[op].live):
            return ()
        runs = self.taken.get(op)
        if not runs or self.parameter_of(op) is not None or any(r[3] for r in runs):
            return ()
        return tuple((node, how) for _, node, how, _ in sorted(runs, key=lambda r: (r[0], r[2])))

    def target_or_new(self, tensor: int) -> Target:
        found = self.target_of(tensor)
        return found if found is not None else ("new", self.site_of(tensor))

    def lookup(self, expr: cst.BaseExpression) -> Value | None:
        found = GlobalOps.lookup(self, expr)
        if (
            found is not None
            or not self.summarizing
            or self.me is None
            or type(expr) is not cst.Attribute
            or type(expr.value) is not cst.Name
            or expr.value.value != self.me
            or self.method_of is None
            or (
                expr.attr.value not in self.method_of.holders
                and expr.attr.value not in self.method_of.partitions
                and expr.attr.value not in self.method_of.graphs
            )
        ):
            return found
        return self.placeholder(expr.attr.value)

    def placeholder(self, attr: str) -> Value | None:
        """``self.pending`` in a method being summarized, not set in it: what the attribute
        held when the method was called, an op, a Pending or a graph (waiting on it, or
        closing it, is an effect of the method on its receiver)."""
        key = ("attribute", attr)
        made = [self._oid_of[(kind, key)] for kind in _PLACED if (kind, key) in self._oid_of]
        if any(oid in self.holds for oid in made):
            return None  # made once, on the way in; gone since (on another path: the same)
        assert self.me is not None and self.method_of is not None
        label = f"`{self.me}.{attr}`"
        # a partition ``__init__`` kept (``self.tiles = self.out.partition(...)``): consumed
        # by this method's launches, an effect on its receiver; a graph ``__init__`` made
        # (``self.g = tr.Graph()``): what ``with self.g:`` records in it, one
        kinds = (Kind.PARTITION,) if attr in self.method_of.partitions else _HELD
        if attr in self.method_of.graphs:
            kinds = (Kind.GRAPH,)
        held = frozenset(self.obj(kind, key, None, label) for kind in kinds)
        for oid in held:
            self.set_hold(oid, Hold(LIVE))
            self._placeholders[oid] = attr
        self._based.add(self.me)
        self.set_env(f"{self.me}.{attr}", held)
        return held

    def run_once(self, expr: cst.BaseExpression, value: Value, node: cst.CSTNode, how: str) -> None:
        """``self.op.sync()`` of what the attribute held on the way in, in a line every call
        runs: noted for the summary (each call runs that op again)."""
        oids = flatten(value)
        attrs = {self._placeholders.get(o) for o in oids}
        if len(attrs) == 1 and oids and self.every_call():
            (attr,) = attrs
            if attr is not None:
                self.attribute_runs.setdefault(attr, set()).add(how)
                self.attribute_run_nodes.setdefault(attr, set()).add(node)
        GlobalOps.run_once(self, expr, value, node, how)

    def runs(self) -> tuple[tuple[str, str], ...]:
        """The attributes whose op on the way in one line of every call runs, and how."""
        runs = sorted(self.attribute_runs.items())
        return tuple((attr, min(hows)) for attr, hows in runs if len(hows) == 1)

    def run_at(self) -> tuple[tuple[str, cst.CSTNode], ...]:
        """Where each of ``runs`` is, if at one node: a second call raises there."""
        return tuple(
            (attr, next(iter(nodes)))
            for attr, nodes in sorted(self.attribute_run_nodes.items())
            if len(nodes) == 1
        )

    def attribute_consumed_at(
        self, exit_holds: dict[int, Hold]
    ) -> tuple[tuple[str, cst.CSTNode], ...]:
        """The argument (``self.tiles``) of the one launch that consumes each attribute's
        partition on every path: a second call raises there."""
        out: list[tuple[str, cst.CSTNode]] = []
        for oid, attr in sorted(self._placeholders.items()):
            hold = exit_holds.get(oid)
            if self.infos[oid].kind is not Kind.PARTITION or hold is None:
                continue
            if hold.status != CONSUMED or len(hold.consumed_at) != 1:
                continue
            (launch,) = hold.consumed_at
            args = launch.args if isinstance(launch, cst.Call) else ()
            given = [
                a.value
                for a in args
                if type(a.value) is cst.Attribute
                and a.value.attr.value == attr
                and type(a.value.value) is cst.Name
                and a.value.value.value == self.me
            ]
            out.append((attr, given[0] if len(given) == 1 else launch))
        return tuple(out)

    def consumed_attributes(self, exit_holds: dict[int, Hold]) -> frozenset[str]:
        """The attributes whose partition on the way in every path consumed."""
        out: set[str] = set()
        for oid, attr in self._placeholders.items():
            hold = exit_holds.get(oid)
            if self.infos[oid].kind is Kind.PARTITION and hold is not None:
                if hold.status == CONSUMED and reads_every_call(self.scope_node, self.me, attr):
                    out.add(attr)
        return frozenset(out)

    def release(self, holders: list[int], where: cst.CSTNode, *, ran: bool = False) -> None:
        for oid in holders:
            attr = self._placeholders.get(oid, self.submitted_from.get(oid))
            if attr is not None:
                self.released_attributes.add(attr)  # on some path: the caller is not told more
                self.set_env(RECEIVER_WAITED, NOTHING)  # a may-fact (names join by union)
        GlobalOps.release(self, holders, where, ran=ran)

    def attribute_summary(
        self, entry: dict[str, Oids], end: State | None
    ) -> tuple[frozenset[str], tuple[tuple[str, Result], ...]]:
        """What a method did to its receiver's attributes, read at its exit: the attributes
        whose op or Pending it waited for, and those it set (``NO_RESULT``: to something not
        followed)."""
        if self.me is None or end is None or self.method_of is None:
            return frozenset(), ()
        self._load(end)
        releases = self.released_attributes
        prefix = self.me + "."
        stores: list[tuple[str, Result]] = []
        names = {k for k in (*entry, *end.env) if k.startswith(prefix)}
        placeholders, graphs = set(self._placeholders), self.method_of.graphs
        for path in sorted(names):
            attr = path[len(prefix) :]
            if "." in attr or "[" in attr:
                continue
            now = end.env.get(path)
            if now is not None and attr in graphs and self._recorded_in(now, attr):
                pass  # ``with self.g: self.g.record(...)``: it holds what was recorded
            elif now == entry.get(path) or (now is not None and now <= placeholders):
                continue
            self._targets = None
            stores.append((attr, NO_RESULT if now is None else self.result(now)))
        return frozenset(releases), tuple(stores)

    def _recorded_in(self, now: Oids, attr: str) -> bool:
        """The attribute holds at the exit only the graph it held on the way in (``__init__``
        made it), and what was recorded in it here: still open, it holds that."""
        hold = self.holds.get(min(now)) if len(now) == 1 else None
        return hold is not None and bool(hold.borrows) and self._placeholders.get(min(now)) == attr

    def consumed_parameters(self, exit_holds: dict[int, Hold]) -> frozenset[int]:
        out: set[int] = set()
        for index, name in enumerate(self.summarizing):
            part = self._oid_of.get((Kind.PARTITION, ("param", name)))
            hold = exit_holds.get(part) if part is not None else None
            if hold is not None and hold.status & CONSUMED:
                out.add(index)
        return frozenset(out)


def _one_node(
    nodes_of: dict[Target, set[tuple[cst.CSTNode, bool]]], *, every: bool = True
) -> tuple[tuple[Target, cst.CSTNode], ...]:
    """The targets used at one node only (with ``every``: in a line that runs on every call)."""
    out: list[tuple[Target, cst.CSTNode]] = []
    for target, nodes in nodes_of.items():
        if len({node for node, _ in nodes}) == 1 and (not every or all(e for _, e in nodes)):
            out.append((target, next(iter(nodes))[0]))
    return tuple(out)
